package groundtruth

import (
	"errors"
	"strings"
	"testing"
)

// The AndroidWorld source as a runner sees it: an unknown task type fails Begin with a
// hint and is torn down again; a failed score is ErrUnscored with the server's message
// unchanged; Abort tears down.
func TestAndroidWorldSource(t *testing.T) {
	f, c := newFakeAW(t)
	ctx := ctxT(t)
	var src Source = &AndroidWorld{Client: c, Index: 1}
	if src.Label() != AndroidWorldSource || !src.SetsGoals() {
		t.Fatalf("label %q, sets goals %v", src.Label(), src.SetsGoals())
	}
	_, err := src.Begin(ctx, Task{ID: "NoSuchTask"})
	if err == nil || !strings.Contains(err.Error(), "an AndroidWorld task type") || !strings.Contains(err.Error(), "tear-down also failed") {
		t.Fatalf("unknown task: %v", err)
	}
	if last := f.calls[len(f.calls)-1]; !strings.HasPrefix(last, "POST /task/tear_down") {
		t.Fatalf("no tear-down after a failed initialize: %v", f.calls)
	}
	inst, err := src.Begin(ctx, Task{ID: "SystemWifiTurnOn"})
	if err != nil || inst.Goal() != "Turn wifi on." {
		t.Fatalf("begin: %v", err)
	}
	f.mu.Lock()
	f.failOn = "/task/score"
	f.mu.Unlock()
	res, err := inst.Score(ctx)
	var awErr *AndroidWorldError
	if res != nil || !errors.Is(err, ErrUnscored) || !errors.As(err, &awErr) || strings.Contains(err.Error(), "not scored") {
		t.Fatalf("failed score: %v %v", res, err)
	}
	f.mu.Lock()
	f.failOn, f.calls = "", nil
	f.mu.Unlock()
	if err := inst.Abort(ctx); err != nil || len(f.calls) != 1 || !strings.HasPrefix(f.calls[0], "POST /task/tear_down?task_idx=1") {
		t.Fatalf("abort: %v %v", err, f.calls)
	}
}

// The native source has no verdict for a task without a check (and touches no
// device for it); for one with a check it snapshots into the task's directory.
func TestNativeSource(t *testing.T) {
	var src Source = Native{}
	if src.Label() != NativeSource || src.SetsGoals() {
		t.Fatalf("label %q, sets goals %v", src.Label(), src.SetsGoals())
	}
	inst, err := src.Begin(ctxT(t), Task{ID: "alarm", Name: "Set an alarm", Device: &unreachableDevice{}})
	if inst != nil || err != nil {
		t.Fatalf("task without a check: %v %v", inst, err)
	}
	s, dev := fakeDevice(t)
	s.HandleShell(serial, shellMap(map[string]string{"settings get global wifi_on": "1"}))
	dir := t.TempDir()
	inst, err = src.Begin(ctxT(t), Task{ID: "x", Name: "SystemWifiTurnOn", Params: Params{"on_or_off": "on"}, Dir: dir, Device: dev})
	if err != nil {
		t.Fatal(err)
	}
	if snap, err := LoadSnapshot(dir); err != nil || snap.Task != "SystemWifiTurnOn" {
		t.Fatalf("snapshot: %+v %v", snap, err)
	}
	res, err := inst.Score(ctxT(t))
	if err != nil || res.Reward != 1 || inst.Abort(ctxT(t)) != nil {
		t.Fatalf("score: %+v %v", res, err)
	}
}
