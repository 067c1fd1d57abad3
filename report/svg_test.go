package report

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/eval"
	"github.com/autoeval/autoeval/trace"
)

// The grid colours each cell by what the judge said on that frame; tooltips carry the
// analysis, escaped.
func TestGridCells(t *testing.T) {
	two, one := 2, 1
	j := JudgmentView{Judge: "heuristic", Substates: []SubstateView{
		{ID: 0, Content: "The <b>app</b> is open", Satisfied: true, Frame: &two, Analysis: "package matches"},
		{ID: 1, Content: "X is gone", Depth: 1},
	}, Notes: []FrameNoteView{
		{Index: 1, Verdicts: []trace.Verdict{{ID: 0, Verdict: "uncertain", Analysis: "launcher"}, {ID: 1, Verdict: "uncertain"}}},
		{Index: 2, Verdicts: []trace.Verdict{{ID: 0, Verdict: "true"}, {ID: 1, Verdict: "uncertain", Analysis: "still <listed>"}}},
		{Index: 3, SameAs: &one},
		{Index: 4, Skipped: true, SkipReason: "no XML"},
	}}
	svg := string(gridSVG([]int{1, 2, 3, 4, 5}, j))
	cell := regexp.MustCompile(`class="cell (\w+)" data-frame="(\d)" data-substate="(\d)"`)
	got := map[string]string{}
	for _, m := range cell.FindAllStringSubmatch(svg, -1) {
		got[m[3]+"@"+m[2]] = m[1]
	}
	want := map[string]string{
		"0@1": "uncertain", "0@2": "reached", "0@3": "done", "0@4": "done", "0@5": "done",
		"1@1": "uncertain", "1@2": "uncertain", "1@3": "same", "1@4": "skipped", "1@5": "unjudged",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("cell %s: %q, want %q", k, got[k], v)
		}
	}
	if strings.Contains(svg, "<b>") || strings.Contains(svg, "<listed>") || !strings.Contains(svg, "still &lt;listed&gt;") {
		t.Errorf("trace text not escaped:\n%s", svg)
	}
	if gridSVG(nil, j) != "" {
		t.Error("a trace without frames has no grid")
	}
}

func TestAppChart(t *testing.T) {
	rows := []eval.GroupRow{
		{Group: "Notes", Judge: "heuristic", Variant: "as-androidworld", N: 4, Confusion: eval.Confusion{TP: 1, FP: 1, TN: 2}, Accuracy: eval.Stat{Value: 0.75}},
		{Group: "Notes", Judge: "heuristic", Variant: "verdict", N: 3, Confusion: eval.Confusion{TP: 1, FP: 1, TN: 1}},
		{Group: "Notes", Judge: "heuristic", Variant: "strict", N: 4, Confusion: eval.Confusion{TP: 1, FP: 1, TN: 2}},
		{Group: "Notes", Judge: "heuristic", Variant: "required", N: 4, Confusion: eval.Confusion{TP: 1, FP: 1, TN: 2}},
	}
	svg := string(AppChart(rows))
	if !strings.Contains(svg, `data-label="ground truth" data-rate="0.2500"`) || !strings.Contains(svg, `data-label="heuristic" data-rate="0.5000"`) ||
		strings.Count(svg, `class="bar`) != 2 || !strings.Contains(svg, "agrees 75.0%") {
		t.Fatalf("chart:\n%s", svg)
	}
}

// A trace with nothing a judge can read is shown as not judgeable, not as not judged yet.
func TestUnreadableTraceShownAsNotJudgeable(t *testing.T) {
	d := &eval.Dataset{Root: "runs", Items: []*eval.Item{{Name: "text-only", Trace: &trace.Trace{Task: "Open the Clock app",
		GroundTruth: &trace.GroundTruth{Reward: 1}, Frames: []trace.Frame{{Index: 1, Action: &trace.Action{Type: "other", Raw: "I opened it"}}}}}}}
	r, err := Build(context.Background(), d, Options{})
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	if err := r.WriteHTML(&b); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(b.String(), "not judgeable") || !strings.Contains(b.String(), "Not judgeable: the trace holds nothing a judge can read") {
		t.Fatal("the unreadable trace is not called not judgeable")
	}
}
