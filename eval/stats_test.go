package eval

import (
	"math"
	"testing"

	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

func judgedItem(name string, reward float64, subs []trace.SubstateResult, complete, noRequired bool) *Item {
	j := &trace.Judgment{Trace: name, Judge: trace.JudgeInfo{Kind: trace.JudgeHeuristic}, Substates: subs,
		Complete: complete, CompleteRequired: complete && !noRequired, NoRequired: noRequired}
	return &Item{Name: name, Trace: &trace.Trace{Task: name, TaskName: "T" + name, Agent: "a", GroundTruth: &trace.GroundTruth{Reward: reward}},
		Judgments: []*trace.Judgment{j}}
}

// The substates of one trace are not independent: the interval of a substate-level rate
// resamples whole traces. Two traces, one agreeing with the human labels on all its ten
// substates and one on none, leave the rate anywhere between 0 and 1; resampling the
// twenty substates one by one claimed it was close to one half.
func TestLabelIntervalsResampleWholeTraces(t *testing.T) {
	var subs []trace.SubstateResult
	var labels []SubstateLabel
	for id := 0; id < 10; id++ {
		subs = append(subs, trace.SubstateResult{Node: substate.Node{ID: id, Kind: substate.Page, Content: "x"}, Satisfied: true})
		labels = append(labels, SubstateLabel{Trace: "agree", Substate: id, Reached: true}, SubstateLabel{Trace: "disagree", Substate: id, Reached: false})
	}
	d := &Dataset{Items: []*Item{judgedItem("agree", 1, subs, true, false), judgedItem("disagree", 0, subs, true, false)}}
	rows := CompareLabels(d, labels, Options{Seed: 1, Resamples: 2000})
	if len(rows) != 1 {
		t.Fatalf("rows %+v", rows)
	}
	s := rows[0].SuccessRate
	if s.Value != 0.5 || s.Low != 0 || s.High != 1 {
		t.Fatalf("success rate %+v, want 0.5 in [0, 1]", s)
	}
}

// A task whose substates are all optional has no required completion: it is undefined,
// not a success, and leaves the required variant and the required TCR.
func TestRequiredCompletionUndefinedWhenAllOptional(t *testing.T) {
	opt := []trace.SubstateResult{{Node: substate.Node{ID: 0, Kind: substate.Page, Content: "x", Optional: true}}}
	req := []trace.SubstateResult{{Node: substate.Node{ID: 0, Kind: substate.Page, Content: "x"}, Satisfied: true}}
	d := &Dataset{Items: []*Item{judgedItem("allOptional", 0, opt, false, true), judgedItem("normal", 1, req, true, false)}}
	r := CompareJudges(d, Options{Seed: 1, Resamples: 100})
	for _, row := range r.Rows {
		want := 2
		if row.Variant == VariantRequired {
			want = 1
		}
		if row.N != want {
			t.Errorf("%s %s: n %d, want %d", row.Judge, row.Variant, row.N, want)
		}
	}
	agents := ScoreAgents(&Dataset{Items: d.Items[:1]}, Options{Seed: 1, Resamples: 100})
	if len(agents) != 1 || !math.IsNaN(agents[0].TCRRequired.Value) {
		t.Fatalf("required TCR over all-optional tasks: %+v", agents)
	}
}
