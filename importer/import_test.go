package importer

import (
	"bytes"
	"encoding/json"
	"errors"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/evaltest"
	"github.com/autoeval/autoeval/trace"
)

func TestOpenFolder(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string][]byte{
		"task.txt":        []byte("  Open the Clock app  \n"),
		"screen_10.png":   evaltest.PNG(t, 4, 8, color.White),
		"screen_2.jpg":    jpegBytes(t, 4, 8),
		"screen_2.xml":    []byte(sampleXML),
		"notes.txt":       []byte("not a frame"),
		"screen_1.png":    evaltest.PNG(t, 4, 8, color.Black),
		"sub/ignored.png": evaltest.PNG(t, 1, 1, color.Black),
	})
	tr, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Task != "Open the Clock app" || tr.Source.Format != FormatFolder || tr.Status != trace.StatusUnknown {
		t.Fatalf("got task %q format %q status %q", tr.Task, tr.Source.Format, tr.Status)
	}
	var names []string
	for _, f := range tr.Frames {
		names = append(names, f.Image)
	}
	if !reflect.DeepEqual(names, []string{"screen_1.png", "screen_2.jpg", "screen_10.png"}) {
		t.Fatalf("frame order %v, want numeric order", names)
	}
	if tr.Frames[1].XML != "screen_2.xml" || tr.Frames[0].XML != "" || tr.Frames[2].Index != 3 {
		t.Errorf("frames %+v", tr.Frames)
	}
	if _, mime, err := tr.ReadImage(&tr.Frames[1]); err != nil || mime != "image/jpeg" {
		t.Errorf("ReadImage jpeg: %v %v", mime, err)
	}
	if err := trace.Validate(tr, trace.Limits{}, nil); err != nil {
		t.Error(err)
	}
	if trace.Label(tr) != filepath.Base(dir) {
		t.Errorf("Label %q", trace.Label(tr))
	}
}

func TestOpenLlamaTouchFixture(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string][]byte{
		"instruction.txt":  []byte("42\nSet an alarm\n"),
		"eventStructs.txt": []byte("[Home]\n[Click] Screen Resolution (400, 720), Click Position (100, 360)\n[Swipe] Screen Resolution (400, 720), from (200, 600) to (200, 100)\n"),
		"0.png":            evaltest.PNG(t, 800, 1440, color.White),
		"1.png":            evaltest.PNG(t, 800, 1440, color.White),
		"2.png":            evaltest.PNG(t, 800, 1440, color.White),
		"3.png":            evaltest.PNG(t, 800, 1440, color.White),
		"0.xml":            []byte(sampleXML),
		"0.activity":       []byte("\ncom.google.android.deskclock/.DeskClock\n\nother\n"),
		"3.ess":            []byte("activity<0>|exact<1>\n"),
	})
	tr, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Source.Format != FormatLlamaTouch || tr.Task != "Set an alarm" || len(tr.Frames) != 4 || tr.Device.Width != 800 {
		t.Fatalf("%+v", tr)
	}
	if tr.Frames[0].Activity != "com.google.android.deskclock/.DeskClock" || tr.Frames[1].XML != "" {
		t.Errorf("frame 1 %+v frame 2 %+v", tr.Frames[0], tr.Frames[1])
	}
	tap := tr.Frames[1].Action
	if tap.Type != "tap" || *tap.X != 200 || *tap.Y != 720 {
		t.Errorf("tap %+v x=%v y=%v, want (200,720) scaled to the screenshot", tap, deref(tap.X), deref(tap.Y))
	}
	if sw := tr.Frames[2].Action; sw.Type != "swipe" || sw.Direction != "up" {
		t.Errorf("swipe %+v", sw)
	}
	if tr.Frames[3].Action != nil {
		t.Error("the last screen has no action")
	}
	ess := tr.Metadata["llamatouch_essential_states"].(map[string]any)
	if ess["4"] != "activity<0>|exact<1>" {
		t.Errorf("essential states %v", ess)
	}
}

// A lost screenshot keeps its step (XML only) and later actions stay on their screens.
func TestOpenLlamaTouchMissingScreenshot(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string][]byte{
		"instruction.txt":  []byte("7\nOpen the clock\n"),
		"eventStructs.txt": []byte("[Home]\n[Back]\n[Enter]\n"),
		"0.png":            evaltest.PNG(t, 4, 4, color.White),
		"1.xml":            []byte(sampleXML),
		"1.activity":       []byte("com.a/.B\n"),
		"2.png":            evaltest.PNG(t, 4, 4, color.White),
		"3.png":            evaltest.PNG(t, 4, 4, color.White),
	})
	tr, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Frames) != 4 || tr.Frames[1].Image != "" || tr.Frames[1].XML != "1.xml" || tr.Frames[1].Activity != "com.a/.B" {
		t.Fatalf("frames %+v", tr.Frames)
	}
	for i, want := range []string{"home", "back", "enter"} {
		if a := tr.Frames[i].Action; a == nil || a.Text != want {
			t.Errorf("frame %d action %+v, want key %s", i+1, a, want)
		}
	}
	if err := trace.Validate(tr, trace.Limits{}, nil); err != nil {
		t.Error(err)
	}
}

func TestOpenEpisodeFixture(t *testing.T) {
	dir := t.TempDir()
	ep := map[string]any{
		"task_name": "ClockAlarm", "goal": "Set an alarm for 7:30", "model_name": "m1", "max_steps": 5, "steps_taken": 2,
		"step_records": []any{
			map[string]any{"step_num": 1, "timestamp": 1753133285.5, "action": "Reason: tap it\nAction: {\"action_type\": \"click\", \"index\": 1}",
				"state": map[string]any{"pixels": "<screenshot_excluded>", "ui_elements": []any{
					map[string]any{"text": nil, "class_name": "android.widget.FrameLayout", "bbox_pixels": map[string]any{"x_min": 0, "x_max": 1080, "y_min": 0, "y_max": 2400}},
					map[string]any{"text": "Clock", "is_clickable": true, "bbox_pixels": map[string]any{"x_min": 100, "x_max": 200, "y_min": 300, "y_max": 400}},
				}}},
			map[string]any{"step_num": 2, "action": "Action: {\"action_type\": \"status\", \"goal_status\": \"complete\"}",
				"state": map[string]any{"ui_elements": []any{map[string]any{"text": "7:30 AM", "is_checked": true}}}},
		},
		"final_state":              map[string]any{"ui_elements": []any{map[string]any{"text": "7:30 AM"}}},
		"agent_claimed_done":       true,
		"task_actually_successful": false,
		"evaluation_timestamp":     1753133389.0,
	}
	data, _ := json.Marshal(ep)
	p := filepath.Join(dir, "run.json")
	writeFiles(t, dir, map[string][]byte{"run.json": data, "config.json": []byte(`{"model": "x"}`)})
	tr, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Frames) != 3 || tr.TaskName != "ClockAlarm" || tr.Agent != "m1" || tr.Device.Width != 1080 || tr.Device.Height != 2400 {
		t.Fatalf("%+v", tr)
	}
	if tr.GroundTruth.Success() || tr.GroundTruth.Reward != 0 || !*tr.AgentClaimedDone || tr.Status != trace.StatusCompleted {
		t.Errorf("gt %+v claim %v status %s", tr.GroundTruth, *tr.AgentClaimedDone, tr.Status)
	}
	a := tr.Frames[0].Action
	if a.Type != "tap" || *a.Element != 1 || *a.X != 150 || *a.Y != 350 {
		t.Errorf("action %+v", a)
	}
	if tr.Frames[1].Action.Type != "done" || tr.Frames[2].Action != nil {
		t.Errorf("actions %+v %+v", tr.Frames[1].Action, tr.Frames[2].Action)
	}
	if tr.Frames[0].Time == nil || tr.Frames[0].Time.Unix() != 1753133285 {
		t.Errorf("time %v", tr.Frames[0].Time)
	}
	els, err := tr.ReadElements(&tr.Frames[0])
	if err != nil || len(els) != 2 || els[1].Text != "Clock" || !els[1].IsClickable {
		t.Errorf("elements %+v %v", els, err)
	}
	if !tr.HasElements(&tr.Frames[0]) || tr.HasImage(&tr.Frames[0]) || tr.HasXML(&tr.Frames[0]) {
		t.Error("Has* wrong for an episode frame")
	}
	// Discover lists the episode, not the unrelated config.
	paths, err := Discover(dir)
	if err != nil || len(paths) != 1 || paths[0] != p {
		t.Errorf("Discover %v %v", paths, err)
	}
	if trace.Label(tr) != "run" {
		t.Errorf("Label %q", trace.Label(tr))
	}
}

func TestOpenCheckpointFixture(t *testing.T) {
	dir := t.TempDir()
	p := newPK()
	p.list().mark()
	p.ckptEpisode("Set an alarm for 7:30 AM", 1.0, shotBytes())
	p.ckptEpisode("Delete the alarm", 0.0, shotBytes())
	p.appends()
	path := filepath.Join(dir, "ClockAlarm_0.pkl.gz")
	writeGz(t, path, p.stop())

	first, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	all, err := OpenAll(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(all) != 2 || first.Task != all[0].Task || all[1].Task != "Delete the alarm" {
		t.Fatalf("OpenAll: %d traces", len(all))
	}
	if trace.Label(all[0]) != "ClockAlarm_0" || trace.Label(all[1]) != "ClockAlarm_0#1" {
		t.Errorf("labels %q %q", trace.Label(all[0]), trace.Label(all[1]))
	}
	tr := all[0]
	if !tr.GroundTruth.Success() || all[1].GroundTruth.Success() || tr.TaskName != "ClockAlarm" || tr.Agent != "fixture_agent" {
		t.Errorf("%+v", tr)
	}
	wantEnd := time.Date(2025, 10, 3, 20, 45, 25, 657507000, time.UTC)
	if tr.Ended == nil || !tr.Ended.Equal(wantEnd) || !tr.Started.Equal(wantEnd.Add(-12500*time.Millisecond)) {
		t.Errorf("ended %v started %v, want %v", tr.Ended, tr.Started, wantEnd)
	}
	if len(tr.Frames) != 2 || tr.Device.Width != 1080 {
		t.Fatalf("frames %d device %+v", len(tr.Frames), tr.Device)
	}
	data, mime, err := tr.ReadImage(&tr.Frames[0])
	if err != nil || mime != "image/png" {
		t.Fatalf("ReadImage: %v %v", mime, err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if b := img.Bounds(); b.Dx() != 3 || b.Dy() != 2 {
		t.Fatalf("screenshot %v, want 3x2", b)
	}
	if r, g, b, _ := img.At(0, 0).RGBA(); r>>8 != 255 || g != 0 || b != 0 {
		t.Errorf("pixel (0,0) = %d %d %d, want red", r>>8, g>>8, b>>8)
	}
	if r, g, b, _ := img.At(0, 1).RGBA(); r>>8 != 10 || g>>8 != 20 || b>>8 != 30 {
		t.Errorf("pixel (0,1) = %d %d %d, want 10 20 30", r>>8, g>>8, b>>8)
	}
	els := tr.Frames[0].ElementsData
	if len(els) != 2 || els[1].Text != "7:30 AM" || !els[1].IsChecked || els[1].BBoxPixels == nil || els[1].BBoxPixels.YMax != 50 {
		t.Errorf("elements %+v", els)
	}
	if a := tr.Frames[0].Action; a == nil || a.Type != "tap" || *a.Element != 1 || *a.X != 50 {
		t.Errorf("action %+v", a)
	}
	if len(tr.Frames[1].ImageData) > 0 || tr.Frames[1].Action.Type != "done" {
		t.Errorf("frame 2 %+v", tr.Frames[1])
	}
	if err := trace.Validate(tr, trace.Limits{}, nil); err != nil {
		t.Error(err)
	}

	// A native copy keeps everything and reads back identically.
	out := filepath.Join(t.TempDir(), "native")
	nt, err := trace.WriteNative(tr, out)
	if err != nil {
		t.Fatal(err)
	}
	if nt.Frames[0].Image != "0001.png" || nt.Frames[0].Elements != "0001.elements.json" || nt.Frames[1].Image != "" {
		t.Errorf("native frames %+v", nt.Frames)
	}
	back, err := Open(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := trace.Validate(back, trace.Limits{}, nil); err != nil {
		t.Fatal(err)
	}
	got, _, err := back.ReadImage(&back.Frames[0])
	if err != nil || !bytes.Equal(got, data) {
		t.Errorf("native image differs: %v", err)
	}
	bels, err := back.ReadElements(&back.Frames[0])
	if err != nil || !reflect.DeepEqual(bels, els) {
		t.Errorf("native elements differ: %v", err)
	}
	if back.Task != tr.Task || !back.GroundTruth.Success() || back.Source.Format != FormatAWCkpt || *back.Frames[0].Action.Element != 1 {
		t.Errorf("native manifest %+v", back)
	}
	if _, err := trace.WriteNative(tr, out); !errors.Is(err, trace.ErrExists) {
		t.Errorf("second write: %v, want ErrExists", err)
	}
}

func TestOpenAndroidLabFixture(t *testing.T) {
	dir := t.TempDir()
	lines := []map[string]any{
		{"trace_id": "clock_1", "index": 0, "image": "/home/u/run/clock_1/Screen/screenshot-0-1700000000.1-before.png",
			"xml": "/home/u/run/clock_1/xml/0.xml", "ac_xml": nil, "current_activity": "com.google.android.deskclock/.DeskClock",
			"window": []int{1080, 2400}, "target": "Set an alarm for 7:30 AM",
			"parsed_action": map[string]any{"operation": "do", "action": "Tap", "kwargs": map[string]any{"element": []int{100, 200, 300, 400}}}},
		{"trace_id": "clock_1", "index": 1, "image": "/home/u/run/clock_1/Screen/screenshot-1-1700000001.1-before.png",
			"xml": "ERROR", "ac_xml": "/home/u/run/clock_1/xml/1.xml", "target": "Set an alarm for 7:30 AM",
			"parsed_action": map[string]any{"operation": "finish", "action": "finish", "kwargs": map[string]any{}}},
	}
	var jl bytes.Buffer
	for _, l := range lines {
		b, _ := json.Marshal(l)
		jl.Write(b)
		jl.WriteByte('\n')
	}
	writeFiles(t, dir, map[string][]byte{
		"traces/trace.jsonl":                          jl.Bytes(),
		"Screen/screenshot-0-1700000000.1-before.png": evaltest.PNG(t, 2, 2, color.White),
		"Screen/screenshot-1-1700000001.1-before.png": evaltest.PNG(t, 2, 2, color.White),
		"xml/0.xml": []byte(sampleXML),
		"xml/1.xml": []byte(sampleXML),
	})
	tr, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Source.Format != FormatAndroidLab || tr.Task != "Set an alarm for 7:30 AM" || tr.TaskName != "clock_1" || len(tr.Frames) != 2 {
		t.Fatalf("%+v", tr)
	}
	f := tr.Frames[0]
	if f.Image != "Screen/screenshot-0-1700000000.1-before.png" || f.XML != "xml/0.xml" || f.Activity == "" {
		t.Errorf("frame 1 %+v", f)
	}
	if f.Action.Type != "tap" || *f.Action.X != 200 || *f.Action.Y != 300 {
		t.Errorf("tap %+v", f.Action)
	}
	if tr.Frames[1].XML != "xml/1.xml" || tr.Frames[1].Action.Type != "done" || tr.Status != trace.StatusCompleted {
		t.Errorf("frame 2 %+v status %s", tr.Frames[1], tr.Status)
	}
	if tr.AgentClaimedDone == nil || !*tr.AgentClaimedDone || tr.Metadata["agent_claim_source"] == nil || tr.Device.Width != 1080 {
		t.Errorf("claim %v metadata %v device %+v", tr.AgentClaimedDone, tr.Metadata, tr.Device)
	}
	if err := trace.Validate(tr, trace.Limits{}, nil); err != nil {
		t.Error(err)
	}
	// The jsonl file itself opens the run too.
	if tr2, err := Open(filepath.Join(dir, "traces", "trace.jsonl")); err != nil || len(tr2.Frames) != 2 {
		t.Errorf("open via trace.jsonl: %v", err)
	}
}

// A run that stopped without a finish operation (step limit) carries no claim of being
// done; Python's float window sizes and a string index are read as they are.
func TestOpenAndroidLabNoFinish(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string][]byte{
		"traces/trace.jsonl": []byte(`{"trace_id": 7, "index": "0", "image": "Screen/a.png", "window": [1080.0, 2400.0], "target": "Open Clock", "parsed_action": {"operation": "do", "action": "Swipe", "kwargs": {"direction": "up"}}}` + "\n"),
		"Screen/a.png":       evaltest.PNG(t, 2, 2, color.White),
	})
	tr, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	if tr.AgentClaimedDone == nil || *tr.AgentClaimedDone || tr.Status == trace.StatusCompleted || tr.Device.Height != 2400 || tr.TaskName != "7" || tr.Frames[0].Action.Direction != "up" {
		t.Errorf("%+v claim %v", tr, tr.AgentClaimedDone)
	}
}

func TestDiscover(t *testing.T) {
	root := t.TempDir()
	png1 := evaltest.PNG(t, 2, 2, color.White)
	writeFiles(t, root, map[string][]byte{
		"a/native/trace.json":      []byte(`{"version":1,"task":"x","status":"completed","frames":[{"index":1,"image":"0001.png"}]}`),
		"a/native/0001.png":        png1,
		"a/native/nested/task.txt": []byte("inside a trace: not listed"),
		"a/native/nested/1.png":    png1,
		"b/folder/task.md":         []byte("Do it"),
		"b/folder/1.png":           png1,
		"b/not-a-trace/1.png":      png1, // images without a task file
		"c/run.pkl.gz":             []byte("whatever"),
		"c/settings.json":          []byte(`{"a":1}`),
		".hidden/task.txt":         []byte("hidden"),
		".hidden/1.png":            png1,
		"lab/traces/trace.jsonl":   []byte("{}\n"),
	})
	got, err := Discover(root)
	if err != nil {
		t.Fatal(err)
	}
	var rel []string
	for _, p := range got {
		r, _ := filepath.Rel(root, p)
		rel = append(rel, filepath.ToSlash(r))
	}
	want := []string{"a/native", "b/folder", "c/run.pkl.gz", "lab"}
	if !reflect.DeepEqual(rel, want) {
		t.Errorf("Discover = %v, want %v", rel, want)
	}
}

func TestNativeRoundTripFromFolder(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, map[string][]byte{
		"task.txt": []byte("Open Clock"),
		"1.png":    evaltest.PNG(t, 3, 3, color.White),
		"1.xml":    []byte(sampleXML),
		"2.jpg":    jpegBytes(t, 3, 3),
	})
	tr, err := Open(dir)
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "n")
	nt, err := trace.WriteNative(tr, out)
	if err != nil {
		t.Fatal(err)
	}
	if nt.Frames[0].Image != "0001.png" || nt.Frames[0].XML != "0001.xml" || nt.Frames[1].Image != "0002.jpg" {
		t.Errorf("%+v", nt.Frames)
	}
	back, err := Open(out)
	if err != nil {
		t.Fatal(err)
	}
	if back.Source.Format != FormatFolder || back.Source.Path != dir {
		t.Errorf("provenance lost: %+v", back.Source)
	}
	x, err := back.ReadXML(&back.Frames[0])
	if err != nil || string(x) != sampleXML {
		t.Errorf("xml: %v", err)
	}
	if err := trace.Validate(back, trace.Limits{}, nil); err != nil {
		t.Error(err)
	}
	// Exactly the frame files and the manifest: no temporary file left behind.
	var names []string
	ents, _ := os.ReadDir(out)
	for _, e := range ents {
		names = append(names, e.Name())
	}
	if want := []string{"0001.png", "0001.xml", "0002.jpg", trace.ManifestName}; !reflect.DeepEqual(names, want) {
		t.Errorf("native directory holds %v, want %v", names, want)
	}
	if trace.Label(back) != "n" {
		t.Errorf("label %q", trace.Label(back))
	}
}
