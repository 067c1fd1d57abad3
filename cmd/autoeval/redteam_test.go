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
	imported, figures := judgeEpisodes(t, filepath.Join(corpus, "episodes"), len(labels))
	t.Logf("red-team corpus, %s", figures)
	cases := make([]heldOutCase, len(labels))
	for i, l := range labels {
		cases[i] = heldOutCase{name: l.Name, app: l.App, kind: l.Kind, expect: l.Expect, behaviour: l.Behaviour, truth: l.Truth}
	}
	report, _ := caseReport(t, imported, cases, []string{redteam.KindHonest, redteam.KindVariant, redteam.KindNearMiss, redteam.KindUnseen})
	t.Logf("per case:\n%s", report)
}

// judgeImported imports the traces below dir and judges them with the heuristic judge, as
// a user does (trace import, judge --traces), without a model; it returns the imported root.
func judgeImported(t *testing.T, dir string) string {
	t.Helper()
	tmp := t.TempDir()
	for _, k := range []string{"AUTOEVAL_MODEL", "OPENAI_API_KEY", "ANTHROPIC_API_KEY"} {
		setenv(t, k, "")
	}
	imported := filepath.Join(tmp, "imported")
	if code, _, errOut := evalCapture(t, "-q", "trace", "import", dir, "--out", imported); code != 0 {
		t.Fatalf("trace import: exit %d: %s", code, errOut)
	}
	if code, _, errOut := evalCapture(t, "--db", filepath.Join(tmp, "db.sqlite"), "-q", "judge", "--traces", imported, "--judge", "heuristic"); code != 0 {
		t.Fatalf("judge: exit %d: %s", code, errOut)
	}
	return imported
}

// judgeEpisodes judges a corpus's episodes (judgeImported) and evaluates them against
// AndroidWorld's outcome (eval --format json), failing unless every run is evaluated; it
// returns the imported root and the figures (the verdict, as-androidworld and agent claim
// rows, precision and FPR first).
func judgeEpisodes(t *testing.T, episodes string, runs int) (string, string) {
	t.Helper()
	imported := judgeImported(t, episodes)
	code, out, errOut := evalCapture(t, "eval", "--traces", imported, "--format", "json", "--resamples", "500")
	if code != 0 {
		t.Fatalf("eval: exit %d: %s", code, errOut)
	}
	var res evalJSON
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("eval JSON: %v", err)
	}
	if res.Judges.Traces != runs {
		t.Fatalf("eval read %d traces, the corpus has %d cases", res.Judges.Traces, runs)
	}
	verdict := evalRow(t, res.Judges.Rows, "heuristic (baseline)", eval.VariantVerdict)
	aw := evalRow(t, res.Judges.Rows, "heuristic (baseline)", eval.VariantAW)
	claim := evalRow(t, res.Judges.Rows, eval.ClaimLabel, eval.VariantClaim)
	if aw.N != runs {
		t.Fatalf("the as-androidworld row covers %d runs, the corpus has %d", aw.N, runs)
	}
	return imported, fmt.Sprintf("%d runs (%d succeeded by AndroidWorld's reward):\n%s\n%s\n%s", runs, aw.Confusion.TP+aw.Confusion.FN,
		figureLine("verdict", verdict), figureLine("as-androidworld", aw), figureLine("agent claim", claim))
}

// heldOutCase is a labelled case of a blind corpus: AndroidWorld's outcome (truth) and what
// a careful person concludes from the screens (expect, a verdict's text).
type heldOutCase struct {
	name, app, kind, expect, behaviour string
	truth                              bool
}

// figureLine is one row of figures, precision and FPR first.
func figureLine(name string, r eval.JudgeRow) string {
	c := r.Confusion
	return fmt.Sprintf("  %-16s n=%-3d coverage %5.1f%%  cannot tell %-3d precision %5.1f%%  FPR %5.1f%%  successes found %d/%d  accuracy %5.1f%%  (TP %d FP %d FN %d TN %d)",
		name, r.N, 100*r.Coverage.Value, r.CannotTell, 100*r.Metrics.Precision.Value, 100*r.Metrics.FPR.Value,
		c.TP, c.TP+c.FN, 100*r.Metrics.Accuracy.Value, c.TP, c.FP, c.FN, c.TN)
}

// caseReport lists every case whose verdict differs from what a careful person concludes
// from the screens, grouped by the kind of miss, and fails on a case without a judgment (the
// judgments are below imported, one folder per case). It returns the verdict of each case.
func caseReport(t *testing.T, imported string, cases []heldOutCase, kinds []string) (string, map[string]string) {
	t.Helper()
	groups := map[string][]string{}
	byKind := map[string]map[string]int{}
	verdicts := map[string]string{}
	agreed := 0
	for _, l := range cases {
		j, err := trace.ReadJudgment(filepath.Join(imported, l.name, trace.JudgmentName))
		if err != nil {
			t.Errorf("%s: no judgment: %v", l.name, err)
			continue
		}
		o := j.RunVerdict()
		got := trace.VerdictText(o.Verdict)
		verdicts[l.name] = got
		if byKind[l.kind] == nil {
			byKind[l.kind] = map[string]int{}
		}
		byKind[l.kind][got]++
		kind := missKind(got, l)
		if kind == "" {
			agreed++
			continue
		}
		groups[kind] = append(groups[kind], fmt.Sprintf("    %s [%s, %s; expected %s, judged %s]: %s\n      judge: %s",
			l.name, l.app, l.kind, l.expect, got, l.behaviour, oneLineReason(o.Reason)))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "  %d of %d cases judged as a careful person would judge them from the screens\n", agreed, len(cases))
	for _, k := range kinds {
		v := byKind[k]
		fmt.Fprintf(&b, "  %-16s %2d runs: %2d success, %2d failure, %2d cannot tell\n", k, v[eval.VerdictSuccess]+v[eval.VerdictFailure]+v[eval.VerdictCannotTell],
			v[eval.VerdictSuccess], v[eval.VerdictFailure], v[eval.VerdictCannotTell])
	}
	missKinds := make([]string, 0, len(groups))
	for k := range groups {
		missKinds = append(missKinds, k)
	}
	sort.Strings(missKinds)
	for _, k := range missKinds {
		fmt.Fprintf(&b, "  %s (%d):\n%s\n", k, len(groups[k]), strings.Join(groups[k], "\n"))
	}
	return b.String(), verdicts
}

// missKind names how a verdict differs from the label ("" when it does not).
func missKind(got string, l heldOutCase) string {
	switch {
	case got == l.expect:
		return ""
	case got == eval.VerdictSuccess && !l.truth:
		return "1 false success"
	case got == eval.VerdictFailure && l.truth && l.expect == eval.VerdictSuccess:
		return "2 success called a failure"
	case got == eval.VerdictSuccess && l.expect == eval.VerdictCannotTell:
		return "3 success the screens do not show (right by luck)"
	case got == eval.VerdictCannotTell && l.expect == eval.VerdictSuccess:
		return "4 cannot tell, where the screens show the success"
	case got == eval.VerdictCannotTell && l.expect == eval.VerdictFailure:
		return "5 cannot tell, where the screens show the failure"
	case got == eval.VerdictFailure && l.expect == eval.VerdictCannotTell:
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
