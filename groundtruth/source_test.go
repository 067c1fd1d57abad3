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
	res, err := inst.Score(ctx, "")
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
	res, err := inst.Score(ctxT(t), "ignored: not a question")
	if err != nil || res.Reward != 1 || inst.Abort(ctxT(t)) != nil {
		t.Fatalf("score: %+v %v", res, err)
	}
}

// A question task scores the answer the runner gives Score (the agent's), not one the
// parameters may hold; no answer is an agent that gave none (information_retrieval.py
// is_successful: an empty interaction cache gives 0).
func TestNativeSourceScoresTheAgentsAnswer(t *testing.T) {
	s, dev := fakeDevice(t)
	s.PutFile(serial, TasksDB, makeDB(t, schemaTasks,
		"INSERT INTO tasks (title, importance) VALUES ('File taxes', 0)",
		"INSERT INTO tasks (title, importance) VALUES ('Buy milk', 2)"))
	for _, c := range []struct {
		answer string
		reward float64
	}{{"File taxes", 1}, {"Buy milk", 0}, {"", 0}} {
		inst, err := Native{}.Begin(ctxT(t), Task{ID: "TasksHighPriorityTasks", Params: Params{"answer": "File taxes"}, Dir: t.TempDir(), Device: dev})
		if err != nil {
			t.Fatal(err)
		}
		res, err := inst.Score(ctxT(t), c.answer)
		if err != nil || res.Reward != c.reward {
			t.Errorf("answer %q: %+v %v, want reward %g", c.answer, res, err, c.reward)
		}
	}
}

// The AndroidWorld source gives the server the agent's answer as an answer action before
// it scores (the interaction cache its question tasks read); without an answer it sends
// none, and a failure to send it leaves the task unscored and torn down.
func TestAndroidWorldSourceGivesTheAnswer(t *testing.T) {
	f, c := newFakeAW(t)
	ctx := ctxT(t)
	src := &AndroidWorld{Client: c}
	inst, err := src.Begin(ctx, Task{ID: "SystemWifiTurnOn"})
	if err != nil {
		t.Fatal(err)
	}
	f.mu.Lock()
	f.calls, f.actions = nil, nil
	f.mu.Unlock()
	if _, err := inst.Score(ctx, "12 guests"); err != nil {
		t.Fatal(err)
	}
	if len(f.calls) != 3 || f.calls[0] != "POST /execute_action?" || !strings.HasPrefix(f.calls[1], "GET /task/score") ||
		len(f.actions) != 1 || f.actions[0]["action_type"] != "answer" || f.actions[0]["text"] != "12 guests" {
		t.Fatalf("calls %v, actions %v", f.calls, f.actions)
	}
	inst, _ = src.Begin(ctx, Task{ID: "SystemWifiTurnOn"})
	f.mu.Lock()
	f.calls = nil
	f.mu.Unlock()
	if _, err := inst.Score(ctx, ""); err != nil || len(f.calls) != 2 || !strings.HasPrefix(f.calls[0], "GET /task/score") {
		t.Fatalf("no answer: %v %v", err, f.calls)
	}
	inst, _ = src.Begin(ctx, Task{ID: "SystemWifiTurnOn"})
	f.mu.Lock()
	f.calls, f.failOn = nil, "/execute_action"
	f.mu.Unlock()
	res, err := inst.Score(ctx, "12 guests")
	if res != nil || !errors.Is(err, ErrUnscored) || len(f.calls) != 2 || !strings.HasPrefix(f.calls[1], "POST /task/tear_down") {
		t.Fatalf("failed answer: %v %v, calls %v", res, err, f.calls)
	}
}
