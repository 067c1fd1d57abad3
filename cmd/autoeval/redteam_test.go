package main

import (
	"encoding/json"
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/eval"
	"github.com/autoeval/autoeval/internal/redteam"
	"github.com/autoeval/autoeval/trace"
)

// TestRedTeamCorpus runs internal/redteam's blind held-out corpus through the commands a
// user runs (trace import, judge --traces with the heuristic judge, eval) and prints the
// figures and every case a careful person would judge otherwise. It tracks the figure; it
// never fails on accuracy, only when a command fails or a case is not judged or evaluated
// as recorded. Run it with -v to read the figures.
func TestRedTeamCorpus(t *testing.T) {
	t.Parallel()
	corpus := t.TempDir()
	if err := redteam.WriteTo(corpus); err != nil {
		t.Fatal(err)
	}
	labels, err := redteam.ReadLabels(filepath.Join(corpus, "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	tmp := t.TempDir()
	for _, k := range []string{"AUTOEVAL_MODEL", "OPENAI_API_KEY", "ANTHROPIC_API_KEY"} {
		setenv(t, k, "")
	}
	imported := filepath.Join(tmp, "imported")
	if code, _, errOut := evalCapture(t, "-q", "trace", "import", filepath.Join(corpus, "episodes"), "--out", imported); code != 0 {
		t.Fatalf("trace import: exit %d: %s", code, errOut)
	}
	if code, _, errOut := evalCapture(t, "--db", filepath.Join(tmp, "db.sqlite"), "-q", "judge", "--traces", imported, "--judge", "heuristic"); code != 0 {
		t.Fatalf("judge: exit %d: %s", code, errOut)
	}
	code, out, errOut := evalCapture(t, "eval", "--traces", imported, "--format", "json", "--resamples", "500")
	if code != 0 {
		t.Fatalf("eval: exit %d: %s", code, errOut)
	}
	var res evalJSON
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("eval JSON: %v", err)
	}
	if res.Judges.Traces != len(labels) {
		t.Fatalf("eval read %d traces, the corpus has %d cases", res.Judges.Traces, len(labels))
	}
	verdict := evalRow(t, res.Judges.Rows, "heuristic (baseline)", eval.VariantVerdict)
	aw := evalRow(t, res.Judges.Rows, "heuristic (baseline)", eval.VariantAW)
	claim := evalRow(t, res.Judges.Rows, eval.ClaimLabel, eval.VariantClaim)
	if aw.N != len(labels) {
		t.Fatalf("the as-androidworld row covers %d runs, the corpus has %d", aw.N, len(labels))
	}
	t.Logf("red-team corpus, %d runs (%d succeeded by AndroidWorld's reward):\n%s\n%s\n%s", len(labels), aw.Confusion.TP+aw.Confusion.FN,
		figureLine("verdict", verdict), figureLine("as-androidworld", aw), figureLine("agent claim", claim))
	t.Logf("per case:\n%s", caseReport(t, imported, labels))
}

// figureLine is one row of figures, precision and FPR first.
func figureLine(name string, r eval.JudgeRow) string {
	c := r.Confusion
	return fmt.Sprintf("  %-16s n=%-3d coverage %5.1f%%  cannot tell %-3d precision %5.1f%%  FPR %5.1f%%  successes found %d/%d  accuracy %5.1f%%  (TP %d FP %d FN %d TN %d)",
		name, r.N, 100*r.Coverage.Value, r.CannotTell, 100*r.Metrics.Precision.Value, 100*r.Metrics.FPR.Value,
		c.TP, c.TP+c.FN, 100*r.Metrics.Accuracy.Value, c.TP, c.FP, c.FN, c.TN)
}

// caseReport lists every case whose verdict differs from what a careful person concludes
// from the screens, grouped by the kind of miss, and fails on a case without a judgment.
func caseReport(t *testing.T, imported string, labels []redteam.Label) string {
	t.Helper()
	groups := map[string][]string{}
	byKind := map[string]map[string]int{}
	agreed := 0
	for _, l := range labels {
		j, err := trace.ReadJudgment(filepath.Join(imported, l.Name, trace.JudgmentName))
		if err != nil {
			t.Errorf("%s: no judgment: %v", l.Name, err)
			continue
		}
		o := j.RunVerdict()
		got := trace.VerdictText(o.Verdict)
		if byKind[l.Kind] == nil {
			byKind[l.Kind] = map[string]int{}
		}
		byKind[l.Kind][got]++
		kind := missKind(got, l)
		if kind == "" {
			agreed++
			continue
		}
		groups[kind] = append(groups[kind], fmt.Sprintf("    %s [%s, %s; expected %s, judged %s]: %s\n      judge: %s",
			l.Name, l.App, l.Kind, l.Expect, got, l.Behaviour, oneLineReason(o.Reason)))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "  %d of %d cases judged as a careful person would judge them from the screens\n", agreed, len(labels))
	for _, k := range []string{redteam.KindHonest, redteam.KindVariant, redteam.KindNearMiss, redteam.KindUnseen} {
		v := byKind[k]
		fmt.Fprintf(&b, "  %-16s %2d runs: %2d success, %2d failure, %2d cannot tell\n", k, v[eval.VerdictSuccess]+v[eval.VerdictFailure]+v[eval.VerdictCannotTell],
			v[eval.VerdictSuccess], v[eval.VerdictFailure], v[eval.VerdictCannotTell])
	}
	kinds := make([]string, 0, len(groups))
	for k := range groups {
		kinds = append(kinds, k)
	}
	sort.Strings(kinds)
	for _, k := range kinds {
		fmt.Fprintf(&b, "  %s (%d):\n%s\n", k, len(groups[k]), strings.Join(groups[k], "\n"))
	}
	return b.String()
}

// missKind names how a verdict differs from the label ("" when it does not).
func missKind(got string, l redteam.Label) string {
	switch {
	case got == l.Expect:
		return ""
	case got == eval.VerdictSuccess && !l.Truth:
		return "1 false success"
	case got == eval.VerdictFailure && l.Truth && l.Expect == redteam.ExpectSuccess:
		return "2 success called a failure"
	case got == eval.VerdictSuccess && l.Expect == redteam.ExpectCannotTell:
		return "3 success the screens do not show (right by luck)"
	case got == eval.VerdictCannotTell && l.Expect == redteam.ExpectSuccess:
		return "4 cannot tell, where the screens show the success"
	case got == eval.VerdictCannotTell && l.Expect == redteam.ExpectFailure:
		return "5 cannot tell, where the screens show the failure"
	case got == eval.VerdictFailure && l.Expect == redteam.ExpectCannotTell:
		return "6 failure without evidence against the run"
	}
	return "7 other"
}

func oneLineReason(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 300 {
		s = s[:300] + "…"
	}
	return s
}
