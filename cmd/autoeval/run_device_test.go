package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/adbd"
	"github.com/autoeval/autoeval/internal/adbtest"
	"github.com/autoeval/autoeval/trace"
)

// run through the real adb server: the agent drives the device stand-in with the real
// adb client, each tap leading to the next screen, and the task's trace holds every
// distinct screen with its UI dump and activity, the one before the agent first.
func TestRunRecordsEveryDistinctScreen(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	srv, dev := testDevice(t)
	dev.SetScreens(obsScreens(t), adbd.AdvanceOnInput)
	adb := adbtest.Executable(t)
	dir := t.TempDir()
	suitePath := filepath.Join(dir, "suite.yaml")
	os.WriteFile(suitePath, []byte("tasks:\n  - {id: alarm, task: Set an alarm for 10:30 AM in the Clock app}\n"), 0o644)
	agent := adb + " shell input tap 100 300 && sleep 0.5 && " + adb + " shell input tap 100 600 && sleep 0.5"
	code, stdout, errOut := evalCapture(t, "--db", db, "-q", "run", "--adb", srv.Addr(), "--suite", suitePath, "--out", filepath.Join(dir, "runs"),
		"--agent-cmd", agent, "--interval", "30ms", "--xml", "--judge", "heuristic")
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, stdout, errOut)
	}
	tr, err := trace.ReadManifest(filepath.Join(dir, "runs", "alarm"))
	if err != nil {
		t.Fatal(err)
	}
	if err := trace.Validate(tr, trace.Limits{}, nil); err != nil {
		t.Fatal(err)
	}
	if tr.Status != trace.StatusCompleted || len(tr.Frames) != 3 {
		t.Fatalf("status %s with %d frames (%d dropped), want the 3 distinct screens", tr.Status, len(tr.Frames), tr.DroppedFrames)
	}
	for i, f := range tr.Frames {
		want := []string{"Clock", "Alarm", "10:30 AM"}[i]
		x, _ := os.ReadFile(filepath.Join(tr.Dir, f.XML))
		if !strings.Contains(string(x), `text="`+want+`"`) || f.Activity != "com.google.android.deskclock/com.android.deskclock.DeskClock" {
			t.Errorf("frame %d: xml %q, activity %q; want the %q screen", i+1, x, f.Activity, want)
		}
	}
}

// A device that disappears in the middle of a task ends the run with device_lost: the
// trace of what was seen is kept and valid, and the run says it can be resumed.
func TestRunDeviceLostMidTask(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	srv, dev := clockDevice(t)
	dir := t.TempDir()
	suitePath := filepath.Join(dir, "suite.yaml")
	os.WriteFile(suitePath, []byte("tasks:\n  - {id: first, task: Open the Clock app}\n  - {id: second, task: Open the Clock app}\n"), 0o644)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	go func() {
		for dev.Screencaps() < 3 && ctx.Err() == nil {
			time.Sleep(10 * time.Millisecond)
		}
		dev.Drop()
	}()
	code, stdout, errOut := evalCapture(t, "--db", db, "-q", "run", "--adb", srv.Addr(), "--suite", suitePath, "--out", filepath.Join(dir, "runs"),
		"--agent-cmd", "sleep 30", "--interval", "30ms", "--xml", "--judge", "heuristic")
	if code != 1 || !strings.Contains(errOut, "device lost") || !strings.Contains(errOut, "resumable") {
		t.Fatalf("exit %d, stdout %s, stderr %s", code, stdout, errOut)
	}
	tr, err := trace.ReadManifest(filepath.Join(dir, "runs", "first"))
	if err != nil {
		t.Fatal(err)
	}
	if err := trace.Validate(tr, trace.Limits{}, nil); err != nil {
		t.Fatalf("the trace of the lost device does not validate: %v", err)
	}
	if tr.Status != trace.StatusDeviceLost || len(tr.Frames) == 0 || tr.Ended == nil {
		t.Fatalf("status %s, %d frames", tr.Status, len(tr.Frames))
	}
	if _, err := os.Stat(filepath.Join(dir, "runs", "second", trace.ManifestName)); err == nil {
		t.Fatal("the run went on to the next task without a device")
	}
}
