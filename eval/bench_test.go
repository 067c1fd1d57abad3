package eval

import (
	"fmt"
	"testing"

	"github.com/autoeval/autoeval/trace"
)

// benchDataset builds n judged traces in memory: three judges (the heuristic and two
// models), 20 apps of 5 tasks each, 4 agents, ground truth on every trace, verdicts that
// are right about four times in five and "cannot tell" now and then, SCR in fifths.
func benchDataset(n int) *Dataset {
	judges := []trace.JudgeInfo{{Kind: trace.JudgeHeuristic}, {Kind: "llm", Model: "model-a"}, {Kind: "llm", Model: "model-b"}}
	d := &Dataset{Root: "bench"}
	for i := 0; i < n; i++ {
		claim := i%3 != 0
		truth := i%2 == 0
		tr := &trace.Trace{Version: 1, Task: fmt.Sprintf("task %d", i), TaskName: fmt.Sprintf("App%02dTask%d", i%20, i/20%5),
			App: fmt.Sprintf("App%02d", i%20), Agent: fmt.Sprintf("agent-%d", i%4), AgentClaimedDone: &claim,
			GroundTruth: &trace.GroundTruth{Reward: b2f(truth), Source: "bench"}}
		it := &Item{Name: fmt.Sprintf("run-%05d", i), Trace: tr}
		for k, ji := range judges {
			h := (i*7 + k*13) % 10
			verdict := trace.RunFailure
			switch {
			case h == 0:
				verdict = trace.RunCannotTell
			case (h < 8) == truth:
				verdict = trace.RunSuccess
			}
			j := &trace.Judgment{Version: 1, Judge: ji, Complete: verdict == trace.RunSuccess, CompleteRequired: verdict == trace.RunSuccess || h == 9,
				SCR: float64(h%6) / 5, Outcome: &trace.Outcome{Verdict: verdict}, Usage: trace.Usage{Calls: 10, InputTokens: 1000, OutputTokens: 100}}
			it.Judgments = append(it.Judgments, j)
		}
		d.Items = append(d.Items, it)
	}
	return d
}

// BenchmarkEvaluate is `autoeval eval` on 10,000 judged traces: every row's intervals
// with the default 2000 resamples.
func BenchmarkEvaluate(b *testing.B) {
	d := benchDataset(10_000)
	b.ReportAllocs()
	for b.Loop() {
		Evaluate(d, Inputs{}, Options{Seed: 1})
	}
}
