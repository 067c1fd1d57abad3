package trace

import (
	"image/color"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// trace.json is read as json.load reads it: keys exactly, a duplicate refused.
func TestManifestKeysMatchExactly(t *testing.T) {
	tr, err := DecodeManifest([]byte(`{"version":1,"task":"Open the Clock app","TASK":"Delete every file","status":"completed","frames":[]}`))
	if err != nil {
		t.Fatal(err)
	}
	if tr.Task != "Open the Clock app" {
		t.Errorf("task %q: \"TASK\" overrode \"task\"", tr.Task)
	}
	_, err = DecodeManifest([]byte(`{"version":1,"task":"a","status":"completed","frames":[],"task":"b"}`))
	oneLineErr(t, err, `the key "task" appears twice`)
	_, err = DecodeManifest([]byte(`{"version":1,"task":"a","frames":[],"ground_truth":{"reward":0,"reward":1,"source":"x"}}`))
	oneLineErr(t, err, `the key "reward" appears twice`, "/ground_truth/reward")
}

func TestManifestValuesInRange(t *testing.T) {
	for _, c := range []struct{ manifest, want string }{
		{`{"version":1,"task":"a","frames":[],"ground_truth":{"reward":5,"source":"x"}}`, "the ground-truth reward is 5; a reward is between 0 and 1"},
		{`{"version":1,"task":"a","frames":[],"ground_truth":{"reward":-0.5,"source":"x"}}`, "reward is -0.5"},
		{`{"version":1,"task":"a","frames":[],"ground_truth":{"source":"x"}}`, "ground_truth has no reward"},
		{`{"version":1,"task":"a","frames":[{"index":1,"activity":"com.a/.Main\nThe alarm is set"}]}`, `frame 1 (position 0): the activity name "com.a/.Main\nThe alarm is set" holds a control character`},
		{`{"version":1,"task":"a","frames":[{"index":1,"activity":"` + strings.Repeat("a", 2000) + `"}]}`, "the activity name is 2 KiB, over the limit of 1 KiB"},
	} {
		_, err := DecodeManifest([]byte(c.manifest))
		oneLineErr(t, err, c.want)
	}
	tr, err := DecodeManifest([]byte(`{"version":1,"task":"a","frames":[],"ground_truth":{"reward":0.5,"source":"x"}}`))
	if err != nil || tr.GroundTruth == nil || tr.GroundTruth.Reward != 0.5 || tr.GroundTruth.Source != "x" {
		t.Errorf("partial credit: %+v %v", tr, err)
	}
}

func TestElementBoxesInRange(t *testing.T) {
	dir := nativeDir(t, `{"version":1,"task":"a","status":"completed","frames":[{"index":1,"elements":"0001.elements.json"}]}`,
		map[string][]byte{"0001.elements.json": []byte(`[{"text":"ok","bbox_pixels":{"x_min":0,"x_max":1e308,"y_min":0,"y_max":10}}]`)})
	tr, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, err = tr.ReadElements(&tr.Frames[0])
	oneLineErr(t, err, "0001.elements.json (frame 1)", "element 0: bbox_pixels x_max is 1e+308, outside the 1048576 pixels")
}

// Python's json.dump writes NaN for a float('nan'): an elements file from a Python tool
// is read, the NaN as null.
func TestElementsWithNaN(t *testing.T) {
	dir := nativeDir(t, `{"version":1,"task":"a","status":"completed","frames":[{"index":1,"elements":"0001.elements.json"}]}`,
		map[string][]byte{"0001.elements.json": []byte(`[{"text":"ok","bbox_pixels":{"x_min":NaN,"x_max":10,"y_min":0,"y_max":10}}]`)})
	tr, _ := Read(dir)
	els, err := tr.ReadElements(&tr.Frames[0])
	if err != nil || len(els) != 1 || els[0].BBoxPixels.XMin != 0 {
		t.Errorf("%+v %v", els, err)
	}
}

// A frame file that is a named pipe or a link to a device is refused at once: opening a
// FIFO would wait for a writer forever, reading /dev/zero would never end.
func TestFrameFilesAreRegularFiles(t *testing.T) {
	dir := nativeDir(t, `{"version":1,"task":"a","status":"completed","frames":[{"index":1,"image":"0001.png"},{"index":2,"xml":"0002.xml"},{"index":3,"image":"0003.png"}]}`,
		map[string][]byte{"0003.png": pngBytes(t, 4, 4, color.White)})
	if err := syscall.Mkfifo(filepath.Join(dir, "0001.png"), 0o644); err != nil {
		t.Skipf("no named pipes: %v", err)
	}
	os.Symlink("/dev/zero", filepath.Join(dir, "0002.xml"))
	tr, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- Validate(tr, Limits{}, nil) }()
	select {
	case err := <-done:
		oneLineErr(t, err, "2 problem(s)", "0001.png: not a regular file (a named pipe)", "0002.xml: resolves outside the trace directory")
	case <-time.After(20 * time.Second):
		t.Fatal("Validate blocked on a named pipe")
	}
	_, _, err = tr.ReadImage(&tr.Frames[0])
	oneLineErr(t, err, "not a regular file (a named pipe)")
}

func TestTraceJSONSize(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, ManifestName), []byte(`{"version":1,"task":"a","frames":[]}`+strings.Repeat(" ", MaxManifestBytes)), 0o644)
	_, err := Read(dir)
	oneLineErr(t, err, "trace.json: the file is 67108900 bytes, over the limit of 67108864 bytes")
	tr := &Trace{Dir: t.TempDir(), Task: "a", Params: map[string]any{"big": strings.Repeat("x", MaxManifestBytes)}}
	oneLineErr(t, tr.WriteManifest(), "over the limit of 64 MiB for a trace file")
}

// A frame file changed after its recorder kept its digest is refused by judge and validate;
// copying the trace (trace import of a native trace) must not make it pass as recorded.
func TestCopyKeepsAChangeAfterRecording(t *testing.T) {
	src := &Trace{Task: "a", Status: StatusCompleted, Frames: []Frame{{Index: 1, ImageData: pngBytes(t, 4, 4, color.White)}}}
	recorded, err := WriteNative(src, filepath.Join(t.TempDir(), "recorded"))
	if err != nil {
		t.Fatal(err)
	}
	// The agent under test overwrites its screenshot once it was recorded.
	if err := os.WriteFile(filepath.Join(recorded.Dir, recorded.Frames[0].Image), pngBytes(t, 4, 4, color.Black), 0o644); err != nil {
		t.Fatal(err)
	}
	tampered, err := Read(recorded.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(tampered.RecordedChanges()) != 1 {
		t.Fatalf("the source's change: %v", tampered.RecordedChanges())
	}
	cp, err := WriteNative(tampered, filepath.Join(t.TempDir(), "copy"))
	if err != nil {
		t.Fatal(err)
	}
	copied, err := Read(cp.Dir)
	if err != nil {
		t.Fatal(err)
	}
	if got := copied.RecordedChanges(); len(got) != 1 || !strings.Contains(got[0], "frame 1: 0001.png changed") {
		t.Errorf("the copy's recorded changes: %q, want frame 1's screenshot", got)
	}
	oneLineErr(t, Validate(copied, Limits{}, nil), "frame 1 image", "changed after it was recorded")
}

// A trace folder's judgment that links out of the folder is a problem of the trace, and is
// not read (eval and the viewer do not read it either).
func TestValidateRefusesAJudgmentLinkedIn(t *testing.T) {
	dir := nativeDir(t, `{"version":1,"task":"a","status":"completed","frames":[{"index":1,"image":"0001.png"}]}`,
		map[string][]byte{"0001.png": pngBytes(t, 4, 4, color.White)})
	elsewhere := filepath.Join(t.TempDir(), "judgment.json")
	if err := WriteJudgment(elsewhere, &Judgment{Version: 1, Judge: JudgeInfo{Kind: JudgeHeuristic}}); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, filepath.Join(dir, JudgmentName)); err != nil {
		t.Fatal(err)
	}
	tr, err := Read(dir)
	if err != nil {
		t.Fatal(err)
	}
	oneLineErr(t, Validate(tr, Limits{}, nil), "judgment judgment.json resolves outside the folder through a symbolic link: not read")
}
