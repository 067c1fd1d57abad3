package report

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/eval"
	"github.com/autoeval/autoeval/internal/reporttest"
)

func TestReportInHeadlessChromium(t *testing.T) {
	r := build(t, fixture(t))
	out := filepath.Join(t.TempDir(), "report.html")
	f, err := os.Create(out)
	if err != nil {
		t.Fatal(err)
	}
	if err := r.WriteHTML(f); err != nil {
		t.Fatal(err)
	}
	f.Close()

	dom := reporttest.LoadReport(t, out)
	if errs := dom.ConsoleErrors; len(errs) > 0 {
		t.Errorf("console errors: %q", errs)
	}
	if dom.Scripts != 0 {
		t.Errorf("%d script elements in the rendered page; trace markup must stay text", dom.Scripts)
	}
	if dom.Count != "6" || len(dom.Traces) != 6 {
		t.Fatalf("page shows %q traces, %d sections", dom.Count, len(dom.Traces))
	}
	// The verdicts shown are the judge's; agreement against ground truth as computed by hand.
	want := map[string][3]string{ // truth, verdict, agreement
		"t1": {"success", "success", "agrees"}, "t2": {"failure", "failure", "agrees"},
		"t3": {"failure", "success", "false positive"}, "t4": {"success", "failure", "false negative"},
		"t5": {"failure", "failure", "agrees"}, "t6": {"success", "failure", "false negative"},
	}
	for _, tr := range dom.Traces {
		w := want[tr.Name]
		if tr.Truth != w[0] || len(tr.Judgments) != 1 || tr.Judgments[0].Verdict != w[1] || tr.Judgments[0].Agreement != w[2] {
			t.Errorf("%s shows %+v, want truth/verdict/agreement %v", tr.Name, tr, w)
		}
		if tr.Images != 3 || tr.Loaded != 3 {
			t.Errorf("%s: %d of %d frame images decoded, want 3 of 3", tr.Name, tr.Loaded, tr.Images)
		}
		if j := tr.Judgments[0]; j.Ticks+j.Crosses != 3 {
			t.Errorf("%s: %d ✓ + %d ✗, want 3 substates", tr.Name, j.Ticks, j.Crosses)
		}
		// The frames x substates picture: 3 frames x 3 substates, one "reached here" cell
		// per substate reached (each fixture substate reached has a frame).
		if j := tr.Judgments[0]; j.GridCells != 9 || j.GridReached != j.Ticks || j.GridWidth <= 0 {
			t.Errorf("%s: grid of %d cells (%d reached, %.0f px wide), want 9 cells, %d reached, drawn", tr.Name, j.GridCells, j.GridReached, j.GridWidth, j.Ticks)
		}
	}
	// Short traces (3 frames) still show the whole legend of the grid: it was cut off where
	// the frames ended.
	for _, tr := range dom.Traces {
		if j := tr.Judgments[0]; j.GridClipped != 0 {
			t.Errorf("%s: %d texts or shapes of the grid reach past its edge", tr.Name, j.GridClipped)
		}
	}
	// The verdict badges say what their colours mean, and none is broken over two lines.
	if want := []string{"agrees", "false-positive", "false-negative", "no-ground-truth", "cannot-tell"}; strings.Join(dom.VerdictKey, " ") != strings.Join(want, " ") {
		t.Errorf("key to the verdict colours %q, want %q", dom.VerdictKey, want)
	}
	if dom.WrappedBadges != 0 {
		t.Errorf("%d badges of the trace index wrap onto more lines", dom.WrappedBadges)
	}
	// The per-app chart: for each app, a ground-truth bar and one per judge (its verdict,
	// "cannot tell" as not successful) and the agent's claim.
	wantBars := 0
	apps := map[string]bool{}
	for _, g := range r.Eval.Judges.ByApp {
		if g.Variant == eval.VariantAW || g.Variant == eval.VariantClaim {
			wantBars++
			apps[g.Group] = true
		}
	}
	if wantBars += len(apps); dom.AppBars != wantBars || wantBars == 0 {
		t.Errorf("app chart shows %d bars, want %d", dom.AppBars, wantBars)
	}
	// Markup from the trace is shown as text, not interpreted.
	for _, tr := range dom.Traces {
		if tr.Name == "t1" && !strings.Contains(tr.Task, `<script>alert("x")</script>`) {
			t.Errorf("t1 task text %q: the markup should appear literally", tr.Task)
		}
	}
}
