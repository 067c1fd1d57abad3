package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/importer"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

const committed = "../clock-alarm"

// TestGeneratedExampleIsCurrent regenerates the example and compares it byte for byte with
// the committed copy, so the bundled trace always matches its generator.
func TestGeneratedExampleIsCurrent(t *testing.T) {
	out := t.TempDir()
	if err := generate(out); err != nil {
		t.Fatal(err)
	}
	gen, _ := filepath.Glob(filepath.Join(out, "*"))
	if len(gen) != 11 { // 5 x (png + xml) + trace.json
		t.Fatalf("generated %d files, want 11", len(gen))
	}
	for _, p := range gen {
		want, err := os.ReadFile(filepath.Join(committed, filepath.Base(p)))
		if err != nil {
			t.Fatalf("%s is not committed: %v (run go generate ./examples/...)", filepath.Base(p), err)
		}
		got, _ := os.ReadFile(p)
		if !bytes.Equal(got, want) {
			t.Errorf("%s differs from the generator's output (run go generate ./examples/...)", filepath.Base(p))
		}
	}
}

func TestExampleTrace(t *testing.T) {
	tr, err := importer.Open(committed)
	if err != nil {
		t.Fatal(err)
	}
	if err := trace.Validate(tr, trace.Limits{}, nil); err != nil {
		t.Fatal(err)
	}
	if tr.Task != task || len(tr.Frames) != 5 || tr.Metadata["synthetic"] != true || tr.Status != trace.StatusCompleted {
		t.Errorf("manifest %+v", tr)
	}
	var total int64
	entries, _ := os.ReadDir(committed)
	for _, e := range entries {
		info, _ := e.Info()
		total += info.Size()
	}
	if total > 200<<10 {
		t.Errorf("example is %d bytes, keep it under 200 KB", total)
	}
	// The last screen's XML shows the new alarm, switched on; the first has no alarm at all.
	last, _ := tr.ReadXML(&tr.Frames[4])
	if !strings.Contains(string(last), `text="7:30 AM"`) || !strings.Contains(string(last), `text="On" resource-id="com.google.android.deskclock:id/onoff" class="android.widget.Switch" package="com.google.android.deskclock" content-desc="7:30 AM alarm" checkable="true" checked="true"`) {
		t.Errorf("frame 5 XML lacks the 7:30 AM alarm switched on")
	}
	first, _ := tr.ReadXML(&tr.Frames[0])
	if strings.Contains(string(first), "7:30") || !strings.Contains(string(first), `text="Clock"`) {
		t.Errorf("frame 1 XML should show the launcher's Clock icon and no alarm")
	}
	data, err := os.ReadFile(filepath.Join(committed, "substates.json"))
	if err != nil {
		t.Fatal(err)
	}
	s, err := substate.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	if s.Task != task || len(s.Nodes) != 4 || s.Nodes[0].Kind != substate.Page || s.Nodes[3].Kind != substate.Unit {
		t.Errorf("substates %+v", s)
	}
}
