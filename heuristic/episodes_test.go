package heuristic

import (
	"context"
	"testing"

	"github.com/autoeval/autoeval/importer"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/trace"
)

// The shared AndroidWorld episodes are the regression set: judged with substates derived
// from their tasks, the heuristic's verdict agrees with AndroidWorld's reward on all 12 when
// "cannot tell" counts as not successful (the AndroidWorld-comparable view), with no false
// success; and a failure is said only on evidence against the run.
func TestSharedEpisodesAgreeWithTheReward(t *testing.T) {
	root := testenv.SharedData(t, "episodes/androidworld-json")
	paths, err := importer.Discover(root)
	if err != nil {
		t.Fatal(err)
	}
	n, agree, decided := 0, 0, 0
	for _, p := range paths {
		ts, err := importer.OpenAll(p)
		if err != nil {
			t.Fatal(err)
		}
		for _, tr := range ts {
			if tr.GroundTruth == nil {
				continue
			}
			j, err := judge.Run(context.Background(), judge.Config{Kind: trace.JudgeHeuristic, Capture: judge.CaptureXML}, tr, DeriveSubstates(tr.Task, tr.App))
			if err != nil {
				t.Fatal(err)
			}
			n++
			o := j.RunVerdict()
			truth := tr.GroundTruth.Success()
			if o.Success() == truth {
				agree++
			} else {
				t.Errorf("%s: %s (%s), AndroidWorld's reward %v", trace.Label(tr), o, o.Reason, tr.GroundTruth.Reward)
			}
			if o.Decided() {
				decided++
			}
			if o.Verdict == trace.RunFailure && !citesAny(o.Rules, "F1", "F2", "F3", "F4", "L1", "L2", "L3") {
				t.Errorf("%s: a failure without evidence against it: %+v", trace.Label(tr), o)
			}
		}
	}
	if n != 12 || agree != 12 {
		t.Fatalf("%d of %d episodes agree with the reward", agree, n)
	}
	t.Logf("12/12 agree; %d decided (coverage %.0f%%), %d cannot tell", decided, 100*float64(decided)/float64(n), n-decided)
}
