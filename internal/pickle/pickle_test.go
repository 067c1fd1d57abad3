package pickle

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
)

// Decode reads the stream twice and keeps nothing from the first pass; limits stop it as
// soon as they are passed.
func TestDecodeLimits(t *testing.T) {
	list := []byte{0x80, 2, ']', '(', 'N', 'N', 'N', 'e', '.'} // [None, None, None]
	opens := 0
	open := func() (io.ReadCloser, error) { opens++; return io.NopCloser(bytes.NewReader(list)), nil }
	v, err := Decode(open, DefaultLimits)
	if err != nil || len(v.([]any)) != 3 || opens != 2 {
		t.Fatalf("Decode = %v, %v after %d opens", v, err, opens)
	}
	for _, c := range []struct {
		lim  Limits
		want string
	}{
		{Limits{MaxBytes: 5, MaxMemory: 1 << 20}, "larger than the limit"},
		{Limits{MaxBytes: 1 << 20, MaxMemory: 4 * valueCost}, "would take more than"},
	} {
		if _, err := Decode(open, c.lim); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%+v: %v, want %q", c.lim, err, c.want)
		}
	}
	// A frame announcing more bytes than the pickle holds is refused before it is read.
	frame := []byte{0x80, 4, 0x95, 0xff, 0xff, 0, 0, 0, 0, 0, 0, 'N', '.'}
	if _, err := Load(frame); err == nil || !strings.Contains(err.Error(), "frame at offset 2 needs") {
		t.Errorf("short frame: %v", err)
	}
	// Read errors of the stream (a corrupt gzip) come back as they are.
	boom := errors.New("boom")
	_, err = Decode(func() (io.ReadCloser, error) {
		return io.NopCloser(io.MultiReader(bytes.NewReader([]byte{0x80, 2}), errReader{boom})), nil
	}, DefaultLimits)
	if !errors.Is(err, boom) {
		t.Errorf("read error: %v", err)
	}
}

type errReader struct{ err error }

func (r errReader) Read([]byte) (int, error) { return 0, r.err }
