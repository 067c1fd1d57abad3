package observer_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/autoeval/autoeval/device"
	"github.com/autoeval/autoeval/internal/adbd"
	"github.com/autoeval/autoeval/internal/adbtest"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/observer"
	"github.com/autoeval/autoeval/trace"
)

// fixture is a real adb server with one device stand-in showing three distinct screens,
// each for hold screenshots, with the clock ticking on every screenshot.
func fixture(t *testing.T, hold int) (*adbtest.Server, *adbd.Device, *device.Device) {
	t.Helper()
	srv, dev, serial := adbtest.Device(t, adbd.Config{})
	dev.SetScreens(adbtest.ThreeScreens(hold), 1)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	d, err := device.Connect(ctx, device.Options{Addr: srv.Addr(), Serial: serial})
	if err != nil {
		t.Fatal(err)
	}
	return srv, dev, d
}

func script(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "agent.sh")
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func opts(t *testing.T, agent ...string) observer.Options {
	return observer.Options{
		Task:     "Turn on the alarm at 10:30 AM",
		Agent:    agent,
		Dir:      filepath.Join(t.TempDir(), "trace"),
		Interval: 40 * time.Millisecond,
		Capture:  observer.CapturePNG,
		XML:      true,
		Activity: true,
		Logf:     t.Logf,
	}
}

func validTrace(t *testing.T, dir string) *trace.Trace {
	t.Helper()
	tr, err := trace.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	if err := trace.Validate(tr, trace.Limits{}, nil); err != nil {
		t.Fatalf("trace does not validate: %v", err)
	}
	return tr
}

func TestNormalRunDropsDuplicatesAndPassesTheTask(t *testing.T) {
	_, _, d := fixture(t, 4)
	agent := script(t, `read line; echo "arg=$1 env=$AUTOEVAL_TASK stdin=$line serial=$ANDROID_SERIAL"; echo oops >&2; sleep 1`)
	o := opts(t, agent, "{task}")
	res, err := observer.Observe(context.Background(), d, o)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != trace.StatusCompleted || res.ExitCode != 0 {
		t.Fatalf("status %s exit %d", res.Status, res.ExitCode)
	}
	tr := validTrace(t, o.Dir)
	if tr.Status != trace.StatusCompleted || tr.Ended == nil || tr.Device.Serial != d.Serial() {
		t.Fatalf("manifest %+v", tr)
	}
	// Three distinct screens; the clock ticking in the status bar alone never adds a frame.
	if len(tr.Frames) != 3 {
		t.Fatalf("kept %d frames, want 3 (captured %d, dropped %d)", len(tr.Frames), res.Captured, tr.DroppedFrames)
	}
	if tr.DroppedFrames == 0 || tr.DroppedFrames != res.Captured-3 || res.Dropped != tr.DroppedFrames {
		t.Fatalf("dropped %d (result says %d) of %d", tr.DroppedFrames, res.Dropped, res.Captured)
	}
	for i, f := range tr.Frames {
		want := "com.example.app/com.example.app.Screen" + string(rune('A'+i))
		if f.Activity != want || f.XML == "" || f.Time == nil {
			t.Fatalf("frame %d: %+v", i, f)
		}
		x, _ := os.ReadFile(filepath.Join(o.Dir, f.XML))
		if !strings.Contains(string(x), "screen "+string(rune('A'+i))) {
			t.Fatalf("frame %d xml %s", i, x)
		}
	}
	out, _ := os.ReadFile(filepath.Join(o.Dir, observer.StdoutLog))
	want := "arg=Turn on the alarm at 10:30 AM env=Turn on the alarm at 10:30 AM stdin=Turn on the alarm at 10:30 AM serial=" + d.Serial()
	if strings.TrimSpace(string(out)) != want {
		t.Fatalf("agent stdout %q", out)
	}
	if e, _ := os.ReadFile(filepath.Join(o.Dir, observer.StderrLog)); string(e) != "oops\n" {
		t.Fatalf("agent stderr %q", e)
	}
	// The directory now holds a trace: observing into it again is refused.
	if _, err := observer.Observe(context.Background(), d, o); err == nil || !strings.Contains(err.Error(), "already holds a trace") {
		t.Fatalf("second run: %v", err)
	}
}

func TestAgentCrash(t *testing.T) {
	_, _, d := fixture(t, 1)
	o := opts(t, script(t, "sleep 0.2; echo dying >&2; exit 3"))
	res, err := observer.Observe(context.Background(), d, o)
	if err != nil {
		t.Fatal(err)
	}
	tr := validTrace(t, o.Dir)
	if res.Status != trace.StatusCrashed || tr.Status != trace.StatusCrashed || res.ExitCode != 3 {
		t.Fatalf("status %s exit %d", res.Status, res.ExitCode)
	}
	if tr.Metadata["agent_exit_code"] != float64(3) {
		t.Fatalf("metadata %v", tr.Metadata)
	}
}

// An agent answers a question by writing to $AUTOEVAL_ANSWER_FILE: what the file holds
// when it ends is the trace's answer (a file left there before the agent ran is not);
// without the file the trace has no answer, and says an answer file was offered.
func TestAgentAnswerFile(t *testing.T) {
	_, _, d := fixture(t, 1)
	o := opts(t, script(t, `cd /; sleep 0.1; printf '  Call mom, File taxes\n' > "$AUTOEVAL_ANSWER_FILE"`))
	if err := os.MkdirAll(o.Dir, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(o.Dir, observer.AnswerFile), []byte("stale"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := observer.Observe(context.Background(), d, o); err != nil {
		t.Fatal(err)
	}
	tr := validTrace(t, o.Dir)
	if tr.Answer != "Call mom, File taxes" || tr.FinalAnswer() != "Call mom, File taxes" || tr.Metadata["answer_file"] != observer.AnswerFile {
		t.Fatalf("answer %q, metadata %v", tr.Answer, tr.Metadata)
	}

	o = opts(t, script(t, `rm -f stale; sleep 0.1`))
	os.MkdirAll(o.Dir, 0o755)
	os.WriteFile(filepath.Join(o.Dir, observer.AnswerFile), []byte("stale"), 0o644)
	if _, err := observer.Observe(context.Background(), d, o); err != nil {
		t.Fatal(err)
	}
	tr = validTrace(t, o.Dir)
	if tr.Answer != "" || tr.Metadata["answer_file"] != observer.AnswerFile {
		t.Fatalf("an agent that wrote nothing has answer %q (metadata %v)", tr.Answer, tr.Metadata)
	}

	o = opts(t, script(t, `head -c 20000 /dev/zero | tr '\0' x > "$AUTOEVAL_ANSWER_FILE"`))
	if _, err := observer.Observe(context.Background(), d, o); err != nil {
		t.Fatal(err)
	}
	tr = validTrace(t, o.Dir)
	if tr.Answer != "" || !strings.Contains(fmt.Sprint(tr.Metadata["answer_error"]), "over the limit") {
		t.Fatalf("an oversized answer was taken (%d bytes) or not named: %v", len(tr.Answer), tr.Metadata["answer_error"])
	}
}

// An agent that cannot be started never ran: the trace says so and why, and names no
// log files.
func TestAgentMissing(t *testing.T) {
	_, _, d := fixture(t, 1)
	o := opts(t, filepath.Join(t.TempDir(), "no-such-agent"))
	_, err := observer.Observe(context.Background(), d, o)
	if err == nil || !strings.Contains(err.Error(), "no-such-agent") {
		t.Fatalf("err %v", err)
	}
	tr, err := trace.ReadManifest(o.Dir) // no frames: nothing to judge, but readable
	if err != nil {
		t.Fatal(err)
	}
	if tr.Status != trace.StatusNotStarted || !strings.Contains(fmt.Sprint(tr.Metadata["error"]), "no-such-agent") {
		t.Fatalf("status %s, metadata %v", tr.Status, tr.Metadata)
	}
	noLogs(t, o.Dir, tr)
}

// noLogs checks that trace.json names no agent log and that none was left behind.
func noLogs(t *testing.T, dir string, tr *trace.Trace) {
	t.Helper()
	for _, k := range []string{"agent_stdout", "agent_stderr"} {
		if v, ok := tr.Metadata[k]; ok {
			t.Errorf("trace.json names %s = %v for an agent that never ran", k, v)
		}
	}
	for _, name := range []string{observer.StdoutLog, observer.StderrLog} {
		if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
			t.Errorf("%s exists for an agent that never ran", name)
		}
	}
}

// logsNamed checks that every log trace.json names exists.
func logsNamed(t *testing.T, dir string, tr *trace.Trace) {
	t.Helper()
	for _, k := range []string{"agent_stdout", "agent_stderr"} {
		name, ok := tr.Metadata[k].(string)
		if !ok {
			t.Errorf("trace.json does not name %s", k)
			continue
		}
		if _, err := os.Stat(filepath.Join(dir, name)); err != nil {
			t.Errorf("trace.json names %s, which does not exist: %v", name, err)
		}
	}
}

// A device that fails before the agent starts (no screenshot can be taken, or the
// device is gone) means the agent never ran: not "crashed", and the trace says what
// happened.
func TestDeviceFailsBeforeTheAgent(t *testing.T) {
	for _, c := range []struct {
		name   string
		break_ func(dev *adbd.Device)
		status string
		why    string
	}{
		{"no screenshot", func(dev *adbd.Device) {
			dev.HandleShell(func(argv []string, _ []byte) (string, bool) {
				return "screencap: failed to take screenshot\n", argv[0] == "screencap"
			})
		}, trace.StatusNotStarted, "no way to take a screenshot"},
		{"device gone", func(dev *adbd.Device) { dev.Drop() }, trace.StatusDeviceLost, "device lost"},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, dev, d := fixture(t, 1)
			c.break_(dev)
			marker := filepath.Join(t.TempDir(), "ran")
			o := opts(t, script(t, "touch "+marker))
			o.Capture = observer.CaptureAuto
			res, err := observer.Observe(context.Background(), d, o)
			if err == nil || !strings.Contains(err.Error(), c.why) {
				t.Fatalf("err %v", err)
			}
			if _, err := os.Stat(marker); err == nil {
				t.Fatal("the agent ran although the device had failed")
			}
			tr, err := trace.ReadManifest(o.Dir)
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != c.status || tr.Status != c.status || !strings.Contains(fmt.Sprint(tr.Metadata["error"]), c.why) {
				t.Fatalf("status %s/%s, metadata %v", res.Status, tr.Status, tr.Metadata)
			}
			if _, ok := tr.Metadata["agent_exit_code"]; ok || res.ExitCode != -1 {
				t.Fatalf("an exit code for an agent that never ran: %v", tr.Metadata)
			}
			noLogs(t, o.Dir, tr)
		})
	}
}

// The screen before the agent starts is frame 1, whatever the capture mode: in auto
// mode the method probe's own screenshots are kept, not thrown away.
func TestFirstFrameIsTheScreenBeforeTheAgent(t *testing.T) {
	for _, mode := range []string{observer.CaptureAuto, observer.CapturePNG, observer.CaptureRaw} {
		t.Run(mode, func(t *testing.T) {
			_, _, d := fixture(t, 1) // A, B, C: the device moves on at every screenshot
			o := opts(t, script(t, "sleep 0.3"))
			o.Capture = mode
			if _, err := observer.Observe(context.Background(), d, o); err != nil {
				t.Fatal(err)
			}
			tr := validTrace(t, o.Dir)
			if len(tr.Frames) == 0 {
				t.Fatal("no frames")
			}
			x, _ := os.ReadFile(filepath.Join(o.Dir, tr.Frames[0].XML))
			if !strings.Contains(string(x), "screen A") || tr.Frames[0].Activity != "com.example.app/com.example.app.ScreenA" {
				t.Fatalf("frame 1 shows %q (%s), want screen A", x, tr.Frames[0].Activity)
			}
			a, err := png.Decode(bytes.NewReader(adbtest.ThreeScreens(1)[0].PNG))
			if err != nil {
				t.Fatal(err)
			}
			if !samePixels(decodePNGFile(t, filepath.Join(o.Dir, tr.Frames[0].Image)), a) {
				t.Fatal("frame 1's image is not screen A")
			}
			logsNamed(t, o.Dir, tr)
		})
	}
}

// End to end through the real adb client: the agent taps with `adb shell input`, each
// tap leads to the next screen, and the trace holds every distinct screen with its UI
// dump and activity, the one before the first tap first.
func TestAgentDrivingTheDeviceThroughAdb(t *testing.T) {
	srv, dev, d := fixture(t, 1)
	screens := adbtest.ThreeScreens(1)
	dev.SetScreens(screens, adbd.AdvanceOnInput)
	adb := adbtest.Executable(t)
	agent := script(t, "set -e\n"+
		adb+" shell input tap 540 1200\nsleep 0.5\n"+
		adb+" shell input swipe 540 1800 540 600 200\nsleep 0.5")
	o := opts(t, agent)
	o.Env = []string{"HOME=" + t.TempDir()}
	res, err := observer.Observe(context.Background(), d, o)
	if err != nil {
		t.Fatal(err)
	}
	if res.Status != trace.StatusCompleted || res.ExitCode != 0 {
		out, _ := os.ReadFile(filepath.Join(o.Dir, observer.StderrLog))
		t.Fatalf("status %s exit %d: %s", res.Status, res.ExitCode, out)
	}
	if in := dev.Inputs(); len(in) != 2 || in[0] != "tap 540 1200" {
		t.Fatalf("the device saw inputs %q", in)
	}
	tr := validTrace(t, o.Dir)
	if len(tr.Frames) != 3 {
		t.Fatalf("%d frames (%d captured, %d dropped), want the 3 distinct screens", len(tr.Frames), res.Captured, tr.DroppedFrames)
	}
	for i, f := range tr.Frames {
		name := string(rune('A' + i))
		x, _ := os.ReadFile(filepath.Join(o.Dir, f.XML))
		if !strings.Contains(string(x), "screen "+name) || f.Activity != "com.example.app/com.example.app.Screen"+name {
			t.Errorf("frame %d: xml %q activity %q, want screen %s", i+1, x, f.Activity, name)
		}
	}
	_ = srv
}

func TestTimeoutStopsStubbornAgent(t *testing.T) {
	_, _, d := fixture(t, 1)
	// The agent ignores SIGTERM; the observer must still end it.
	o := opts(t, script(t, "trap '' TERM; i=0; while [ $i -lt 3000 ]; do sleep 0.1; i=$((i+1)); done"))
	o.Timeout = 400 * time.Millisecond
	o.StopGrace = 300 * time.Millisecond
	start := time.Now()
	res, err := observer.Observe(context.Background(), d, o)
	if err != nil {
		t.Fatal(err)
	}
	// Unkilled, the agent would run for 300s; the bound is loose so a loaded CI machine passes.
	if res.Status != trace.StatusTimeout || time.Since(start) > 60*time.Second {
		t.Fatalf("status %s after %s", res.Status, time.Since(start))
	}
	tr := validTrace(t, o.Dir)
	if tr.Status != trace.StatusTimeout || tr.Metadata["agent_signal"] != "killed" {
		t.Fatalf("manifest status %s metadata %v", tr.Status, tr.Metadata)
	}
}

func TestInterruptMarksStopped(t *testing.T) {
	_, _, d := fixture(t, 1)
	o := opts(t, script(t, "sleep 30"))
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(300*time.Millisecond, cancel)
	res, err := observer.Observe(ctx, d, o)
	if err != nil {
		t.Fatal(err)
	}
	tr := validTrace(t, o.Dir)
	if res.Status != trace.StatusStopped || tr.Status != trace.StatusStopped {
		t.Fatalf("status %s", res.Status)
	}
}

func TestDeviceLostMidRun(t *testing.T) {
	_, dev, d := fixture(t, 2)
	o := opts(t, script(t, "sleep 300"))
	time.AfterFunc(400*time.Millisecond, dev.Drop)
	start := time.Now()
	res, err := observer.Observe(context.Background(), d, o)
	if !errors.Is(err, device.ErrDeviceLost) {
		t.Fatalf("err %v", err)
	}
	if res.Status != trace.StatusDeviceLost || time.Since(start) > 60*time.Second {
		t.Fatalf("status %s after %s", res.Status, time.Since(start))
	}
	tr := validTrace(t, o.Dir)
	if tr.Status != trace.StatusDeviceLost || len(tr.Frames) == 0 {
		t.Fatalf("manifest %s with %d frames", tr.Status, len(tr.Frames))
	}
}

func TestAutoCaptureModeAndRawFrames(t *testing.T) {
	_, _, d := fixture(t, 1)
	o := opts(t, script(t, "sleep 0.3"))
	o.Capture = observer.CaptureAuto
	res, err := observer.Observe(context.Background(), d, o)
	if err != nil {
		t.Fatal(err)
	}
	if res.CaptureMode != observer.CapturePNG && res.CaptureMode != observer.CaptureRaw {
		t.Fatalf("mode %q", res.CaptureMode)
	}
	tr := validTrace(t, o.Dir)
	if _, ok := tr.Metadata["capture_probe_ms"]; !ok {
		t.Fatalf("no probe timings: %v", tr.Metadata)
	}
	// Forced raw: frames are PNG files encoded on the host, identical in pixels.
	o2 := opts(t, script(t, "sleep 0.3"))
	o2.Capture = observer.CaptureRaw
	if _, err := observer.Observe(context.Background(), d, o2); err != nil {
		t.Fatal(err)
	}
	tr2 := validTrace(t, o2.Dir)
	if len(tr2.Frames) == 0 || tr2.Device.Width != 108 {
		t.Fatalf("raw trace %d frames width %d", len(tr2.Frames), tr2.Device.Width)
	}
	// Each kept frame is the screen the device showed, pixel for pixel (the fixture's
	// screens differ in their body block, so a frame matches exactly one of them).
	screens := adbtest.ThreeScreens(1)
	for _, f := range tr2.Frames {
		got := decodePNGFile(t, filepath.Join(o2.Dir, f.Image))
		matched := false
		for _, s := range screens {
			want, err := png.Decode(bytes.NewReader(s.PNG))
			if err != nil {
				t.Fatal(err)
			}
			matched = matched || samePixels(got, want)
		}
		if !matched {
			t.Fatalf("frame %s matches none of the device's screens", f.Image)
		}
	}
}

func decodePNGFile(t *testing.T, path string) image.Image {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img
}

func samePixels(a, b image.Image) bool {
	if a.Bounds() != b.Bounds() {
		return false
	}
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			if color.RGBAModel.Convert(a.At(x, y)) != color.RGBAModel.Convert(b.At(x, y)) {
				return false
			}
		}
	}
	return true
}

func TestLlamaTouchScreens(t *testing.T) {
	if raceEnabled {
		t.Skip("real-size screenshots are too slow under -race; covered by the plain run")
	}
	dir := testenv.SharedData(t, "traces/llamatouch/trace_7")
	screens, err := adbd.LoadScreens(dir)
	if err != nil {
		t.Fatal(err)
	}
	_, dev, d := fixture(t, 1)
	dev.SetScreens(screens, 3) // each real screen is seen three times
	o := opts(t, script(t, "sleep 30"))
	o.Interval = 10 * time.Millisecond
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Stop once the last screen has been served three times.
	go func() {
		for dev.Screencaps() < 3*len(screens)+2 {
			time.Sleep(20 * time.Millisecond)
		}
		cancel()
	}()
	res, err := observer.Observe(ctx, d, o)
	if err != nil {
		t.Fatal(err)
	}
	tr := validTrace(t, o.Dir)
	// Real consecutive steps can be near-identical, but most survive and repeats never do.
	if len(tr.Frames) < len(screens)/2 || len(tr.Frames) > len(screens) {
		t.Fatalf("kept %d of %d real screens (dropped %d of %d)", len(tr.Frames), len(screens), tr.DroppedFrames, res.Captured)
	}
	if tr.DroppedFrames < 2*len(screens)-2 {
		t.Fatalf("dropped only %d", tr.DroppedFrames)
	}
}

// While recording, trace.json is always a valid trace of the frames so far, so a crash of
// autoeval itself loses nothing already seen.
func TestManifestValidWhileRecording(t *testing.T) {
	_, _, d := fixture(t, 1)
	o := opts(t, script(t, "sleep 30"))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() {
		defer close(done)
		observer.Observe(ctx, d, o)
	}()
	deadline := time.Now().Add(10 * time.Second)
	for {
		tr, err := trace.ReadManifest(o.Dir)
		if err == nil && len(tr.Frames) >= 2 {
			if tr.Status != trace.StatusUnknown {
				t.Errorf("status while recording = %s", tr.Status)
			}
			if err := trace.Validate(tr, trace.Limits{}, nil); err != nil {
				t.Errorf("partial trace invalid: %v", err)
			}
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no partial manifest with 2 frames: %v", err)
		}
		time.Sleep(10 * time.Millisecond)
	}
	cancel()
	<-done
}

// A screen without a resumed activity (or UI dump) is said once, not on every frame.
func TestRepeatedExtraFailureLoggedOnce(t *testing.T) {
	_, dev, d := fixture(t, 1)
	var screens []adbd.Screen
	for i := 0; i < 4; i++ {
		screens = append(screens, adbd.Screen{PNG: adbtest.ScreenPNG(108, 240, i, i), XML: `<?xml version="1.0"?><hierarchy/>`, Activity: adbd.NoActivity})
	}
	dev.SetScreens(screens, 1)
	o := opts(t, script(t, "sleep 0.5"))
	var mu sync.Mutex
	var logs []string
	o.Logf = func(format string, args ...any) {
		mu.Lock()
		defer mu.Unlock()
		logs = append(logs, fmt.Sprintf(format, args...))
	}
	res, err := observer.Observe(context.Background(), d, o)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, l := range logs {
		if strings.Contains(l, "activity") && strings.Contains(l, "frame ") {
			n++
		}
	}
	if len(res.Trace.Frames) < 3 || n != 1 {
		t.Fatalf("%d frames, %d activity failure lines:\n%s", len(res.Trace.Frames), n, strings.Join(logs, "\n"))
	}
}
