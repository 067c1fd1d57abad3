package hostiletest

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"
)

// TestWriteCorpus rewrites the small corpus files from their recipes when
// AUTOEVAL_WRITE_CORPUS is set; otherwise it checks the committed files still match.
func TestWriteCorpus(t *testing.T) {
	for name, data := range map[string][]byte{
		"huge-header.png":    pngHeader(1_000_000, 1_000_000),
		"reference-bomb.pkl": referenceBomb(10, 9),
		"hostile-length.pkl": append([]byte{0x80, 4, 0x8e}, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f),
		// CPython 3.11: pickle.dumps([{b'a', b'bc'}, 0], 4) with the 0 as a zero-length
		// LONG1, both of which Python reads (the interpreter panicked on them).
		"python-set-of-bytes.pkl": pythonSetOfBytes(),
	} {
		p := filepath.Join("corpus", name)
		if os.Getenv("AUTOEVAL_WRITE_CORPUS") != "" {
			if err := os.WriteFile(p, data, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		got, err := os.ReadFile(p)
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("%s differs from its recipe (%v): rerun with AUTOEVAL_WRITE_CORPUS=1", p, err)
		}
	}
}
