package eval

import (
	"testing"

	"github.com/autoeval/autoeval/internal/testenv"
)

// The 12 AndroidWorld episodes: 4 succeeded, 8 failed, and the agent claimed done in all 4
// successes and in 6 of the 8 failures (../shared/data/README.md). The claim baseline is
// therefore TP 4, FP 6, FN 0, TN 2.
func TestEpisodesClaimBaseline(t *testing.T) {
	root := testenv.SharedData(t, "episodes/androidworld-json")
	d, err := LoadRoots([]string{root}, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Items) != 12 {
		t.Fatalf("%d traces, want 12 (warnings %q)", len(d.Items), d.Warnings)
	}
	rep := CompareJudges(d, Options{Seed: 1, Resamples: 500})
	if len(rep.Rows) != 1 {
		t.Fatalf("rows %+v, want only the claim baseline (no judgments)", rep.Rows)
	}
	r := rep.Rows[0]
	if r.Judge != ClaimLabel || r.Confusion != (Confusion{TP: 4, FP: 6, FN: 0, TN: 2}) {
		t.Fatalf("claim row %+v", r)
	}
	if !near(r.Metrics.Accuracy.Value, 0.5) || !near(r.Metrics.Precision.Value, 0.4) || !near(r.Metrics.FPR.Value, 0.75) ||
		!near(r.Metrics.Kappa.Value, (0.5-56.0/144)/(1-56.0/144)) {
		t.Errorf("claim metrics %+v", r.Metrics)
	}
}
