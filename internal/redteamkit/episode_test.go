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
	shot.Frames = nil
	if _, _, err := shot.Render(false); err == nil {
		t.Error("a shot without frames: accepted")
	}
}
