package redteamkit

import "testing"

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
