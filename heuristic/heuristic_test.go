package heuristic

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/judge/evidence"
	"github.com/autoeval/autoeval/judge/ocr"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

func TestHeuristicOnClockScreens(t *testing.T) {
	tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, judgetest.ClockScreens()...)
	j, err := judge.Run(context.Background(), judge.Config{Kind: trace.JudgeHeuristic}, tr, judgetest.ClockSubs())
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]int{0: 2, 1: 3, 2: 3, 3: 4}
	if got := judgetest.SatisfiedAt(j); !reflect.DeepEqual(got, want) {
		for _, f := range j.Frames {
			t.Logf("frame %d: %+v", f.Index, f.Verdicts)
		}
		t.Fatalf("heuristic satisfied at %v, want %v", got, want)
	}
	if j.Judge.Kind != trace.JudgeHeuristic || j.Judge.Label() != "heuristic (baseline)" || j.Judge.Notice == "" {
		t.Fatalf("judge info %+v not labelled as the baseline", j.Judge)
	}
}

func TestHeuristicRules(t *testing.T) {
	// The screen judge reads from these AndroidWorld elements of the contacts app: three
	// texts, and a switch on the Wi-Fi row (checkable, off).
	const pkg = "com.google.android.contacts"
	sc := &judge.Screen{Package: pkg, PackageFrom: "largest window", Height: 600, Elements: []judge.Element{
		{Text: "Amir Muller", Package: pkg, X2: 500, Y1: 100, Y2: 200, HasBounds: true},
		{Text: "+1 932-802-0043", Package: pkg, X2: 500, Y1: 300, Y2: 400, HasBounds: true},
		{Text: "Wi-Fi", Package: pkg, X2: 500, Y1: 500, Y2: 600, HasBounds: true},
		{Class: "android.widget.Switch", Checkable: true, Disabled: true, Package: pkg, X1: 800, X2: 1000, Y1: 500, Y2: 600, HasBounds: true},
	}}
	h := &reasoner{}
	for _, c := range []struct {
		content string
		want    bool
	}{
		{"The Contacts app is open", true},
		{"The Clock app is open", false},
		{`A contact named "Amir Muller" is shown`, true},
		{`A contact named "Amir Mueller" is shown`, false},
		{"The number +19328020043 is shown", true},
		{"The number +19328020044 is shown", false},
		{"The Wi-Fi switch is off", true},
		{"The Wi-Fi switch is on", false},
	} {
		got, why := h.verdict(substate.Node{ID: 1, Kind: substate.Page, Content: c.content}, judge.ReasonInput{Screen: sc}, newEvidence(sc))
		if got != c.want {
			t.Errorf("%q: %v (%s), want %v", c.content, got, why, c.want)
		}
		if why == "" {
			t.Errorf("%q: no analysis", c.content)
		}
	}
}

// The heuristic's reasons reach the judgment the same way.
func TestHeuristicUnsatisfiedSaysWhy(t *testing.T) {
	s := judgetest.ClockScreens()
	tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, s[0], s[1], s[2])
	j, err := judge.Run(context.Background(), judge.Config{Kind: trace.JudgeHeuristic}, tr, judgetest.ClockSubs())
	if err != nil {
		t.Fatal(err)
	}
	got := j.Substates[3]
	if got.Satisfied || !strings.HasPrefix(got.Analysis, judge.LastSeenPrefix+"3: ") || !strings.Contains(got.Analysis, "no switch or checkbox") {
		t.Fatalf("heuristic unsatisfied substate %+v", got)
	}
}

// A trace of screenshots only is judged without a model: OCR gives the heuristic the text,
// and evidence of absence works on it as on a hierarchy.
func TestHeuristicJudgesScreenshotsOnly(t *testing.T) {
	testenv.RequireTesseract(t)
	task := "Delete the entry Walden pond from the Reading list."
	tr := &trace.Trace{Version: 1, Task: task, Dir: t.TempDir(), Status: trace.StatusCompleted, Frames: []trace.Frame{
		{Index: 1, ImageData: judgetest.ListScreenPNG(t, "Reading list", "Moby Dick", "Walden pond", "Emma")},
		{Index: 2, ImageData: judgetest.ListScreenPNG(t, "Reading list", "Moby Dick", "Emma", "Ulysses")},
	}}
	j, err := judge.Run(context.Background(), judge.Config{Kind: trace.JudgeHeuristic}, tr, DeriveSubstates(task, ""))
	if err != nil {
		t.Fatal(err)
	}
	log := describeLog(t, j)
	// The OCR record names what Tesseract was given as well as its version: a binarisation
	// changed reads other words off the same screenshots.
	if !j.Complete || !strings.Contains(log, "described from ocr 2") || !strings.Contains(j.Judge.PromptVersions["ocr"], "; "+ocr.Preprocessing+"; ") {
		t.Fatalf("screenshot-only deletion:\n%s\n%+v", log, j.Judge)
	}
	// The entry still listed at the end: not done.
	tr.Frames[1].ImageData = judgetest.ListScreenPNG(t, "Reading list", "Moby Dick", "Walden pond", "Emma")
	j, err = judge.Run(context.Background(), judge.Config{Kind: trace.JudgeHeuristic}, tr, DeriveSubstates(task, ""))
	if err != nil {
		t.Fatal(err)
	}
	if j.Complete {
		t.Fatalf("a deletion that did not happen passed:\n%s", describeLog(t, j))
	}
	// --capture ocr on a trace with a hierarchy reads the screenshots all the same.
	subs := &substate.List{Task: task, Nodes: []substate.Node{{ID: 0, Kind: substate.Page, Content: "The Reading list page is visible"}}}
	j, err = judge.Run(context.Background(), judge.Config{Kind: trace.JudgeHeuristic, Capture: judge.CaptureOCR}, tr, subs)
	if err != nil || !j.Complete {
		t.Fatalf("--capture ocr: %v\n%s", err, describeLog(t, j))
	}
}

// The heuristic registers itself as a kind of judge: linked in, it is listed after the
// model judge, refuses screenshots read by a model, derives substates from the task when
// there is no model, and records its rule version (stored progress and judgments are keyed
// by it, so it must not move without a rule change).
func TestRegisteredAsAKind(t *testing.T) {
	if got, want := judge.Kinds(), []string{trace.JudgeLLM, trace.JudgeHeuristic}; !reflect.DeepEqual(got, want) {
		t.Fatalf("kinds %q, want %q", got, want)
	}
	tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, judgetest.ClockScreens()...)
	for _, mode := range []string{judge.CaptureVision, judge.CaptureBoth} {
		_, err := judge.Run(context.Background(), judge.Config{Kind: trace.JudgeHeuristic, Capture: mode}, tr, judgetest.ClockSubs())
		if err == nil || !strings.Contains(err.Error(), "--capture "+mode+" needs the LLM judge") {
			t.Errorf("--capture %s: %v", mode, err)
		}
	}
	r := judge.JudgeTrace(context.Background(), judge.Options{Judge: judge.Config{Kind: trace.JudgeHeuristic}, Out: t.TempDir()},
		judge.Target{Label: "clock", Trace: tr}, true)
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if !reflect.DeepEqual(r.Judgment.Substates[0].Node, DeriveSubstates(tr.Task, "").Nodes[0]) || !strings.Contains(r.Judgment.Judge.Notice, "derived from the task text") {
		t.Errorf("substates %+v, notice %q: want those derived from the task", r.Judgment.Substates, r.Judgment.Judge.Notice)
	}
	if v := r.Judgment.Judge.PromptVersions; !reflect.DeepEqual(v, map[string]string{"heuristic": Version, "evidence": evidence.Version()}) {
		t.Errorf("prompt versions %v", v)
	}
}
