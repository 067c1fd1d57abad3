package eval

import (
	"strings"
	"testing"

	"github.com/autoeval/autoeval/trace"
)

func fp(v float64) *float64 { return &v }

func tap(x, y float64) trace.Action { return trace.Action{Type: "tap", X: fp(x), Y: fp(y)} }

func TestMatchStepAITWRules(t *testing.T) {
	sc := Screen{1000, 2000}
	ref := refSteps([]RefAction{{Action: tap(500, 1000)}})[0]
	wide := refSteps([]RefAction{{Action: tap(500, 1000), Box: &trace.BBox{XMin: 100, XMax: 900, YMin: 950, YMax: 1050}}})[0]
	agent := func(a trace.Action) step {
		return agentSteps(&trace.Trace{Frames: []trace.Frame{{Index: 1, Action: &a}}})[0]
	}
	cases := []struct {
		name string
		a    step
		r    step
		want bool
	}{
		{"tap within 14%", agent(tap(560, 1100)), ref, true},
		{"tap too far", agent(tap(700, 1300)), ref, false},
		{"tap inside the enlarged box", agent(tap(950, 1000)), wide, true},
		{"tap outside the enlarged box", agent(tap(950, 1200)), wide, false},
		{"click is a tap", agent(trace.Action{Type: "click", X: fp(500), Y: fp(1000)}), ref, true},
		{"tap vs long press", agent(trace.Action{Type: "long_press", X: fp(500), Y: fp(1000)}), ref, false},
		{"scroll same axis", agent(trace.Action{Type: "scroll", Direction: "up"}), refSteps([]RefAction{{Action: trace.Action{Type: "scroll", Direction: "down"}}})[0], true},
		{"scroll other axis", agent(trace.Action{Type: "swipe", Direction: "left"}), refSteps([]RefAction{{Action: trace.Action{Type: "scroll", Direction: "down"}}})[0], false},
		{"type same text", agent(trace.Action{Type: "input_text", Text: "Amir "}), refSteps([]RefAction{{Action: trace.Action{Type: "type", Text: "amir"}}})[0], true},
		{"type other text", agent(trace.Action{Type: "type", Text: "Ami"}), refSteps([]RefAction{{Action: trace.Action{Type: "type", Text: "amir"}}})[0], false},
		{"key home", agent(trace.Action{Type: "navigate_home"}), refSteps([]RefAction{{Action: trace.Action{Type: "key", Text: "HOME"}}})[0], false},
		{"key home raw", agent(trace.Action{Type: "navigate_home", Raw: `{"action_type": "navigate_home"}`}), refSteps([]RefAction{{Action: trace.Action{Type: "key", Text: "HOME"}}})[0], true},
	}
	for _, c := range cases {
		if got := matchStep(c.a, c.r, sc); got != c.want {
			t.Errorf("%s: got %v, want %v", c.name, got, c.want)
		}
	}
}

// AITW checks a touch against every element box on the screen: two taps far apart on one
// wide row are the same action; taps on two rows are not; a full-screen container is no
// element for this.
func TestTapMatchesAnyElementOnTheScreen(t *testing.T) {
	sc := Screen{1000, 2000}
	els := []trace.UIElement{
		{ClassName: "android.widget.FrameLayout", BBoxPixels: &trace.BBox{XMax: 1000, YMax: 2000}, IsClickable: true},
		{Text: "Settings", BBoxPixels: &trace.BBox{XMin: 0, XMax: 1000, YMin: 600, YMax: 700}, IsClickable: true},
		{Text: "Display", BBoxPixels: &trace.BBox{XMin: 0, XMax: 1000, YMin: 900, YMax: 1000}, IsClickable: true},
	}
	agentAt := func(x, y float64) step {
		a := tap(x, y)
		return agentSteps(&trace.Trace{Frames: []trace.Frame{{Index: 1, Action: &a, ElementsData: els}}})[0]
	}
	ref := refSteps([]RefAction{{Action: tap(80, 650)}})[0]
	if !matchStep(agentAt(900, 640), ref, sc) {
		t.Error("taps at both ends of one row did not match")
	}
	if matchStep(agentAt(900, 950), ref, sc) {
		t.Error("taps on two rows matched (through the full-screen container?)")
	}
}

func TestTapOnNamedElement(t *testing.T) {
	el := 1
	tr := &trace.Trace{Frames: []trace.Frame{{Index: 1, Action: &trace.Action{Type: "click", Element: &el},
		ElementsData: []trace.UIElement{{}, {BBoxPixels: &trace.BBox{XMin: 400, XMax: 600, YMin: 900, YMax: 1100}}}}}}
	s := agentSteps(tr)[0]
	if !s.has || s.x != 500 || s.y != 1000 {
		t.Fatalf("element tap resolved to %+v", s)
	}
}

func seqTrace(acts ...trace.Action) *trace.Trace {
	tr := &trace.Trace{TaskName: "T", Device: trace.Device{Width: 1000, Height: 2000}}
	for i := range acts {
		tr.Frames = append(tr.Frames, trace.Frame{Index: i + 1, Action: &acts[i]})
	}
	return tr
}

func TestReferenceMetrics(t *testing.T) {
	A := trace.Action{Type: "open_app", Text: "Contacts"}
	B := tap(500, 1000)
	C := trace.Action{Type: "type", Text: "Amir"}
	D := trace.Action{Type: "key", Text: "enter"}
	X := tap(100, 100)
	ref := &Reference{Tasks: map[string][]RefAction{"T": {{Action: A}, {Action: B}, {Action: C}, {Action: D}}}}
	partial, complete := seqTrace(A, X, C, B), seqTrace(A, B, C, D, D)
	partial.GroundTruth = &trace.GroundTruth{Reward: 0}
	complete.GroundTruth = &trace.GroundTruth{Reward: 1}
	d := &Dataset{Items: []*Item{
		{Name: "partial", Trace: partial},
		{Name: "complete", Trace: complete},
		{Name: "nothing", Trace: seqTrace(X, X)},
		{Name: "noref", Trace: &trace.Trace{TaskName: "other"}},
	}}
	rs := ScoreReference(d, ref)
	if len(rs) != 3 {
		t.Fatalf("results %+v", rs)
	}
	byName := map[string]RefResult{}
	for _, r := range rs {
		byName[r.Trace] = r
	}
	// Expected AndroidArena values come from its own evaluator (run_evaluator.py of
	// AndroidArenaAgent/AndroidArena: lcs, task_reward, task_completion_ratio and
	// reversed_redundancy_ratio x success), run on the same sequences with actions compared
	// by identity: partial -> LCS [A B], normalised task reward 0.44751381215469616,
	// completion 0.5; complete -> LCS [A B C D], 1, 1, RRR 4/5.
	p := byName["partial"]
	// Step-aligned (AITW): A=A, X!=B, C=C, B!=D -> 2 of 4.
	if p.Matched != 2 || p.Partial != 0.5 || p.Complete || p.LCS != 2 || p.LCSRatio != 0.5 || !near(p.TaskReward, 0.44751381215469616) ||
		p.CompletionRate != 0.5 || p.RRR == nil || *p.RRR != 0 {
		t.Errorf("partial %+v (a failed run's RRR is 0)", p)
	}
	c := byName["complete"]
	if !c.Complete || c.Partial != 1 || c.LCS != 4 || c.TaskReward != 1 || c.CompletionRate != 1 || c.RRR == nil || *c.RRR != 0.8 {
		t.Errorf("complete %+v", c)
	}
	n := byName["nothing"]
	if n.Matched != 0 || n.LCS != 0 || n.CompletionRate != 0 || n.TaskReward != 0 || n.RRR != nil {
		t.Errorf("nothing %+v (no ground truth: RRR undefined)", n)
	}
	sum := SummariseReference(rs)
	if len(sum) != 1 || sum[0].Traces != 3 || !near(sum[0].Partial, 0.5) || !near(sum[0].Complete, 1.0/3) || sum[0].RRR == nil || !near(*sum[0].RRR, 0.4) {
		t.Errorf("summary %+v", sum)
	}
}

func TestParseReference(t *testing.T) {
	good := `{"screen":{"width":1080,"height":2400},"tasks":{"T":[{"type":"tap","box":{"x_min":1,"x_max":2,"y_min":1,"y_max":2}},{"type":"scroll","direction":"down"}]}}`
	r, err := ParseReference([]byte(good))
	if err != nil {
		t.Fatal(err)
	}
	if r.Screen.Width != 1080 || len(r.Tasks["T"]) != 2 || r.Tasks["T"][0].Box == nil {
		t.Errorf("parsed %+v", r)
	}
	for _, bad := range []string{"", "{", `{"tasks":{}}`, `{"tasks":{"T":[]}}`, `{"tasks":{"T":[{"x":1}]}}`, `{"tasks":{"T":[{"type":"tap"}]}}`} {
		if _, err := ParseReference([]byte(bad)); err == nil {
			t.Errorf("ParseReference(%q) accepted", bad)
		} else if strings.Contains(err.Error(), "\n") {
			t.Errorf("error not one line: %q", err)
		}
	}
}

func FuzzParseLabels(f *testing.F) {
	f.Add([]byte("trace,substate,reached\nt1,1,true\n"))
	f.Add([]byte(`[{"trace":"a","substate":1,"reached":true}]`))
	f.Add([]byte(`{"labels":[]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ParseLabels(data)
	})
}

func FuzzParseDecompLabels(f *testing.F) {
	f.Add([]byte("task,human,generated,label,covers\nA,2,1,cover,1;2\n"))
	f.Add([]byte(`{"tasks":[{"task":"A","human":1,"generated":[{"id":1,"label":"cover","covers":[1]}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		ts, err := ParseDecompLabels(data)
		if err == nil {
			CompareDecomposition(ts)
		}
	})
}

func FuzzParseReference(f *testing.F) {
	f.Add([]byte(`{"tasks":{"T":[{"type":"tap","x":1,"y":2},{"type":"scroll","direction":"up"}]}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		r, err := ParseReference(data)
		if err != nil {
			return
		}
		d := &Dataset{Items: []*Item{{Name: "x", Trace: seqTrace(tap(1, 2), trace.Action{Type: "scroll", Direction: "up"})}}}
		d.Items[0].Trace.TaskName = "T"
		ScoreReference(d, r)
	})
}
