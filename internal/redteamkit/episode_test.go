package redteamkit

import (
	"encoding/json"
	"testing"
)

// TestMalformedCasesAreRefused: the checks that keep the corpus honest refuse a case whose
// label contradicts its outcome, a run without an end, and an action on nothing.
func TestMalformedCasesAreRefused(t *testing.T) {
	t.Parallel()
	good := Case{Name: "x", TaskName: "T", Goal: "g", Behaviour: "b", Evaluator: "e", Truth: true, Expect: ExpectSuccess, Kind: KindHonest,
		Steps: []Step{StepOn(On(HomeScreen()), "done", Done())}}
	if _, err := good.Episode(); err != nil {
		t.Fatalf("a well-formed case refused: %v", err)
	}
	for name, mutate := range map[string]func(*Case){
		"success expected of a failed run": func(c *Case) { c.Truth = false },
		"near miss that succeeded":         func(c *Case) { c.Kind = KindNearMiss },
		"unseen result expected seen":      func(c *Case) { c.Kind = KindUnseen },
		"no end":                           func(c *Case) { c.Steps = []Step{StepOn(On(HomeScreen()), "tap", Tap("Chrome"))} },
		"action on no element":             func(c *Case) { c.Steps = []Step{StepOn(On(HomeScreen()), "tap", Tap("Nothing")), c.Steps[0]} },
		"timeout with a claim":             func(c *Case) { c.TimedOut, c.Final = true, On(HomeScreen()) },
		"crash with a final screen":        func(c *Case) { c.Crashed, c.Final = true, On(HomeScreen()) },
		"no evaluator":                     func(c *Case) { c.Evaluator = "" },
		"no reason":                        func(c *Case) { c.Steps = []Step{StepOn(On(HomeScreen()), "", Done())} },
		"failure mode of a success":        func(c *Case) { c.Failure = FailWrongValue },
		"unknown failure mode": func(c *Case) {
			c.Truth, c.Expect, c.Kind, c.Failure = false, ExpectFailure, KindNearMiss, "bad luck"
		},
		"subtle without a mode": func(c *Case) { c.Truth, c.Expect, c.Kind, c.Subtle = false, ExpectFailure, KindNearMiss, true },
		"more steps than the budget": func(c *Case) {
			c.Steps = append(make([]Step, 0, 31), c.Steps...)
			for len(c.Steps) < 31 {
				c.Steps = append([]Step{StepOn(On(HomeScreen()), "wait", WaitAction())}, c.Steps...)
			}
		},
	} {
		c := good
		mutate(&c)
		if _, err := c.Episode(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	shot := Shot{Name: "s", Task: "t", Kind: KindNearMiss, Expect: ExpectFailure, Behaviour: "b", Evaluator: "e", Frames: []func(*Canvas){func(*Canvas) {}}}
	if _, _, err := shot.Render(true); err != nil {
		t.Fatalf("a well-formed shot refused: %v", err)
	}
	failed := good
	failed.Truth, failed.Expect, failed.Kind, failed.Failure, failed.Subtle = false, ExpectFailure, KindNearMiss, FailStoppedEarly, true
	if _, err := failed.Episode(); err != nil {
		t.Fatalf("a failed run with its mode refused: %v", err)
	}
	if l := failed.LabelOf("Home"); l.Failure != FailStoppedEarly || !l.Subtle {
		t.Errorf("label %+v does not carry the failure mode", l)
	}
	shot.Failure = FailLost
	if _, _, err := shot.Render(false); err != nil {
		t.Errorf("a failed shot with its mode refused: %v", err)
	}
	shot.Truth, shot.Expect, shot.Kind = true, ExpectSuccess, KindHonest
	if _, _, err := shot.Render(false); err == nil {
		t.Error("a successful shot with a failure mode: accepted")
	}
	shot.Frames = nil
	if _, _, err := shot.Render(false); err == nil {
		t.Error("a shot without frames: accepted")
	}
}

// TestStepBudget: a run's max_steps is 30 unless the case gives the task's own budget, which a
// longer run needs; a timed-out run used its whole budget.
func TestStepBudget(t *testing.T) {
	t.Parallel()
	long := Case{Name: "x", TaskName: "T", Goal: "g", Behaviour: "b", Evaluator: "e", Truth: true, Expect: ExpectSuccess, Kind: KindHonest, MaxSteps: 40}
	for len(long.Steps) < 34 {
		long.Steps = append(long.Steps, StepOn(On(HomeScreen()), "wait", WaitAction()))
	}
	long.Steps = append(long.Steps, StepOn(On(HomeScreen()), "done", Done()))
	raw, err := long.Episode()
	if err != nil {
		t.Fatalf("35 steps in a budget of 40 refused: %v", err)
	}
	var ep struct {
		MaxSteps int `json:"max_steps"`
	}
	if err := json.Unmarshal(raw, &ep); err != nil || ep.MaxSteps != 40 {
		t.Errorf("max_steps %d (%v), want 40", ep.MaxSteps, err)
	}
	short := long
	short.Steps = long.Steps[30:]
	short.MaxSteps = 0
	if raw, err = short.Episode(); err != nil || json.Unmarshal(raw, &ep) != nil || ep.MaxSteps != 30 {
		t.Errorf("max_steps %d (%v), want the default 30", ep.MaxSteps, err)
	}
	out := long
	out.Truth, out.Expect, out.Kind, out.TimedOut, out.Final = false, ExpectFailure, KindNearMiss, true, On(HomeScreen())
	out.Steps = long.Steps[:34]
	if _, err := out.Episode(); err == nil {
		t.Error("a run timed out after 34 of 40 steps: accepted")
	}
	out.MaxSteps = 34
	if _, err := out.Episode(); err != nil {
		t.Errorf("a run timed out after its 34 steps refused: %v", err)
	}
}
