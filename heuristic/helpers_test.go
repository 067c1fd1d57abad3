package heuristic

import (
	"context"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// heuristicRun judges with the heuristic baseline, on the given substates or on those
// derived from the task.
func heuristicRun(t *testing.T, tr *trace.Trace, subs *substate.List) *trace.Judgment {
	t.Helper()
	if subs == nil {
		subs = DeriveSubstates(tr.Task, tr.App)
	}
	j, err := judge.Run(context.Background(), judge.Config{Kind: trace.JudgeHeuristic}, tr, subs)
	if err != nil {
		t.Fatal(err)
	}
	assertNoMissingWhenTicked(t, j)
	return j
}

// assertNoMissingWhenTicked: a substate is never ticked while its own analysis says
// something is missing (issue 12, item 8), on any frame.
func assertNoMissingWhenTicked(t *testing.T, j *trace.Judgment) {
	t.Helper()
	for _, f := range j.Frames {
		for _, v := range f.Verdicts {
			if v.Verdict == trace.VerdictTrue && strings.Contains(v.Analysis, "missing") {
				t.Errorf("frame %d: substate %d ticked while its analysis says something is missing: %s", f.Index, v.ID, v.Analysis)
			}
		}
	}
}

func describeLog(t *testing.T, j *trace.Judgment) string {
	var b strings.Builder
	judge.WriteTree(&b, j)
	return b.String()
}

// promptsOf runs the model judge with a scripted model that never says "true" and returns
// every reasoner prompt it was sent.
func promptsOf(t *testing.T, tr *trace.Trace, subs *substate.List) []string {
	t.Helper()
	m := &judgetest.Model{Handler: func(_ int, req llm.Request) (string, error) {
		return judgetest.Answer(judgetest.AskedIDs(req.Prompt), nil, ""), nil
	}}
	if _, err := judge.Run(context.Background(), llmConfig(m), tr, subs); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range m.Requests() {
		out = append(out, r.Prompt)
	}
	return out
}

// llmConfig is the model judge reading UI XML, for the tests of what it is told.
func llmConfig(m llm.Model) judge.Config {
	return judge.Config{Kind: trace.JudgeLLM, Model: m, Capture: judge.CaptureXML}
}
