package importer

import (
	"encoding/json"
	"path/filepath"
	"testing"

	"github.com/autoeval/autoeval/trace"
)

// encodable fails when an imported trace cannot be saved as trace.json: JSON has no NaN
// or infinity and time.Time refuses years past 9999, so an importer must not let them in.
func encodable(t *testing.T, tr *trace.Trace) {
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

// savesNatively checks an imported trace the way `autoeval import` uses it: when it validates,
// a native copy must write and open again.
func savesNatively(t *testing.T, tr *trace.Trace) {
	t.Helper()
	encodable(t, tr)
	if trace.Validate(tr, trace.Limits{}, nil) != nil {
		return
	}
	out := filepath.Join(t.TempDir(), "native")
	if _, err := trace.WriteNative(tr, out); err != nil {
		t.Fatalf("valid import does not write as a native trace: %v", err)
	}
	back, err := Open(out)
	if err != nil {
		t.Fatalf("native copy does not open: %v", err)
	}
	if len(back.Frames) != len(tr.Frames) || back.Task != tr.Task {
		t.Fatalf("native copy has %d frames and task %q, the import %d and %q", len(back.Frames), back.Task, len(tr.Frames), tr.Task)
	}
	for i, f := range tr.Frames {
		b := back.Frames[i]
		if b.Activity != f.Activity || (f.Action == nil) != (b.Action == nil) || (f.Action != nil && b.Action.Raw != f.Action.Raw) {
			t.Fatalf("frame %d changed in the native copy: activity %q action %+v, then %q %+v", f.Index, f.Activity, f.Action, b.Activity, b.Action)
		}
	}
}
