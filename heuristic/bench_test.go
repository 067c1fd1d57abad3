package heuristic

import (
	"context"
	"testing"

	"github.com/autoeval/autoeval/importer"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// BenchmarkHeuristicEpisodes judges the shared AndroidWorld episodes (UI elements, no
// screenshots) with the heuristic judge and substates derived from their tasks: the judge's
// own cost per frame, with no model and no store.
func BenchmarkHeuristicEpisodes(b *testing.B) {
	root := testenv.SharedData(b, "episodes/androidworld-json")
	paths, err := importer.Discover(root)
	if err != nil {
		b.Fatal(err)
	}
	var traces []*trace.Trace
	var subs []*substate.List
	frames := 0
	for _, p := range paths {
		ts, err := importer.OpenAll(p)
		if err != nil {
			b.Fatal(err)
		}
		for _, t := range ts {
			traces = append(traces, t)
			subs = append(subs, DeriveSubstates(t.Task, t.App))
			frames += len(t.Frames)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for k, t := range traces {
			if _, err := judge.Run(context.Background(), judge.Config{Kind: trace.JudgeHeuristic, Capture: judge.CaptureXML}, t, subs[k]); err != nil {
				b.Fatal(err)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Microseconds())/float64(b.N*frames), "us/frame")
}
