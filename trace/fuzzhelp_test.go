package trace

import (
	"encoding/json"
	"path/filepath"
	"testing"
)

// encodable fails when an imported trace cannot be saved as trace.json: JSON has no NaN
// or infinity and time.Time refuses years past 9999, so an importer must not let them in.
func encodable(t *testing.T, tr *Trace) {
	t.Helper()
	if _, err := json.Marshal(tr); err != nil {
		t.Fatalf("imported trace cannot be written as trace.json: %v", err)
	}
	for _, f := range tr.Frames {
		if f.ElementsData != nil {
			if _, err := json.Marshal(f.ElementsData); err != nil {
				t.Fatalf("frame %d elements cannot be written: %v", f.Index, err)
			}
		}
	}
}

// writable checks an imported trace the way `autoeval import` uses it: when it validates,
// a native copy must write and open again.
func writable(t *testing.T, tr *Trace) {
	t.Helper()
	encodable(t, tr)
	if Validate(tr) != nil {
		return
	}
	out := filepath.Join(t.TempDir(), "native")
	if _, err := WriteNative(tr, out); err != nil {
		t.Fatalf("valid import does not write as a native trace: %v", err)
	}
	back, err := Open(out)
	if err != nil {
		t.Fatalf("native copy does not open: %v", err)
	}
	if len(back.Frames) != len(tr.Frames) {
		t.Fatalf("native copy has %d frames, the import %d", len(back.Frames), len(tr.Frames))
	}
}
