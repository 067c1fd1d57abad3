package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/eval"
	"github.com/autoeval/autoeval/internal/evaltest"
	"github.com/autoeval/autoeval/internal/testenv"
)

type evalJSON struct {
	Judges struct {
		Traces int             `json:"traces"`
		Rows   []eval.JudgeRow `json:"rows"`
	} `json:"judges"`
	Labels        []eval.LabelRow  `json:"substate_labels"`
	Decomposition []map[string]any `json:"decomposition"`
	Agents        []map[string]any `json:"agents"`
	Reference     []eval.RefResult `json:"reference"`
}

func evalRow(t *testing.T, rows []eval.JudgeRow, judge, variant string) eval.JudgeRow {
	t.Helper()
	for _, r := range rows {
		if r.Judge == judge && r.Variant == variant {
			return r
		}
	}
	t.Fatalf("no %s/%s row in %+v", judge, variant, rows)
	return eval.JudgeRow{}
}

func TestEvalHandMadeSet(t *testing.T) {
	t.Parallel()
	root := evaltest.Write(t, t.TempDir(), evaltest.Cases, false)
	code, out, errOut := evalCapture(t, "eval", "--traces", root, "--resamples", "200")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, want := range []string{"agent claim (baseline)  claim", "heuristic (baseline)    strict", "heuristic (baseline)    required", "Disagreements", "Agents"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	code, out, errOut = evalCapture(t, "eval", "--traces", root, "--format", "json", "--resamples", "200", "--seed", "3")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res evalJSON
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("JSON: %v\n%s", err, out)
	}
	// Hand-computed in evaltest.Cases.
	if c := evalRow(t, res.Judges.Rows, eval.ClaimLabel, eval.VariantClaim).Confusion; c != (eval.Confusion{TP: 2, FP: 2, FN: 1, TN: 1}) {
		t.Errorf("claim %+v", c)
	}
	if c := evalRow(t, res.Judges.Rows, "heuristic (baseline)", eval.VariantStrict).Confusion; c != (eval.Confusion{TP: 1, FP: 1, FN: 2, TN: 2}) {
		t.Errorf("strict %+v", c)
	}
	code, out, _ = evalCapture(t, "eval", "--traces", root, "--format", "csv", "--resamples", "50")
	if code != 0 || !strings.HasPrefix(out, strings.Join(eval.CSVHeader, ",")+"\n") {
		t.Errorf("csv exit %d:\n%.300s", code, out)
	}
}

// Must show: the 12 AndroidWorld episodes, judged by the heuristic judge, evaluated with the
// agent-claim baseline row beside the judge's rows.
func TestEvalEpisodesJudgedHeuristic(t *testing.T) {
	t.Parallel()
	episodes := testenv.SharedData(t, "episodes/androidworld-json")
	tmp := t.TempDir()
	setenv(t, "AUTOEVAL_MODEL", "")
	setenv(t, "OPENAI_API_KEY", "")
	setenv(t, "ANTHROPIC_API_KEY", "")
	judgments := filepath.Join(tmp, "judgments")
	code, _, errOut := evalCapture(t, "--db", filepath.Join(tmp, "db.sqlite"), "-q", "judge", "--traces", episodes, "--judge", "heuristic", "--out", judgments)
	if code != 0 {
		t.Fatalf("judge exit %d: %s", code, errOut)
	}
	code, out, errOut := evalCapture(t, "eval", "--traces", episodes, "--judgments", judgments)
	if code != 0 {
		t.Fatalf("eval exit %d: %s", code, errOut)
	}
	t.Logf("autoeval eval output:\n%s", out)
	lines := strings.Split(out, "\n")
	var claim, strict, aw string
	for _, l := range lines {
		if strings.HasPrefix(l, eval.ClaimLabel) {
			claim = l
		}
		if strings.HasPrefix(l, "heuristic (baseline)") && strings.Contains(l, " strict ") {
			strict = l
		}
		if strings.HasPrefix(l, "heuristic (baseline)") && strings.Contains(l, " as-androidworld ") {
			aw = l
		}
	}
	// The row's variant, n, and at the end TP FP FN TN.
	cells := func(row string) string {
		f := regexp.MustCompile(`\s{2,}`).Split(strings.TrimSpace(row), -1)
		if len(f) < 10 {
			return ""
		}
		return strings.Join(append([]string{f[1], f[2]}, f[len(f)-4:]...), " ")
	}
	// 4 successes, 8 failures; the agent claimed done in all 4 successes and 6 failures.
	if got := cells(claim); got != "claim 12 4 6 0 2" {
		t.Errorf("claim baseline row %q, want n=12 TP4 FP6 FN0 TN2", claim)
	}
	if f := strings.Fields(cells(strict)); len(f) < 2 || f[1] != "12" {
		t.Errorf("heuristic strict row %q, want all 12 traces", strict)
	}
	// The regression set: the verdict, "cannot tell" counted as not successful, agrees
	// with AndroidWorld on all 12.
	if got := cells(aw); got != "as-androidworld 12 4 0 0 8" {
		t.Errorf("heuristic as-androidworld row %q, want n=12 TP4 FP0 FN0 TN8", aw)
	}
	if strings.Contains(out, "warning") || errOut != "" {
		t.Errorf("unexpected warnings: %s %s", out, errOut)
	}
}

func TestEvalOptionalInputs(t *testing.T) {
	t.Parallel()
	root := evaltest.Write(t, t.TempDir(), evaltest.Cases, false)
	dir := t.TempDir()
	labels := filepath.Join(dir, "labels.csv")
	os.WriteFile(labels, []byte("trace,substate,reached\nt1,1,true\nt1,2,false\nt4,3,true\n"), 0o644)
	decomp := filepath.Join(dir, "decomp.json")
	os.WriteFile(decomp, []byte(`{"tasks":[{"task":"A","human":2,"generated":[{"id":1,"label":"cover","covers":[1]},{"id":2,"label":"incorrect"}]}]}`), 0o644)
	ref := filepath.Join(dir, "ref.json")
	// The fixture's frames tap (100,200), (200,400), (300,600).
	os.WriteFile(ref, []byte(`{"tasks":{"ContactsAddContact":[{"type":"tap","x":100,"y":200},{"type":"tap","x":900,"y":2000}]}}`), 0o644)
	code, out, errOut := evalCapture(t, "eval", "--traces", root, "--labels", labels, "--decomp-labels", decomp, "--reference", ref, "--format", "json", "--resamples", "50")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var res evalJSON
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatal(err)
	}
	if len(res.Labels) != 1 || res.Labels[0].N != 3 || res.Labels[0].Agree != 1 || res.Labels[0].FP != 1 || res.Labels[0].FN != 1 {
		t.Errorf("labels %+v", res.Labels)
	}
	if len(res.Decomposition) != 2 || res.Decomposition[1]["cover_rate"] != 0.5 {
		t.Errorf("decomposition %+v", res.Decomposition)
	}
	if len(res.Reference) != 2 || res.Reference[0].Matched != 1 || res.Reference[0].Partial != 0.5 {
		t.Errorf("reference %+v", res.Reference)
	}
	code, out, _ = evalCapture(t, "eval", "--traces", root, "--labels", labels, "--decomp-labels", decomp, "--reference", ref, "--resamples", "50")
	for _, want := range []string{"Judge vs human substate labels", "Decomposer vs human substates", "Reference actions"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("text output lacks %q", want)
		}
	}
}

func TestEvalBadInput(t *testing.T) {
	t.Parallel()
	root := evaltest.Write(t, t.TempDir(), evaltest.Cases[:1], false)
	bad := filepath.Join(t.TempDir(), "labels.csv")
	os.WriteFile(bad, []byte("trace,substate,reached\nt1,one,true\n"), 0o644)
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"eval"}, 2, `"traces" not set`}, // bad usage, like --format
		{[]string{"eval", "--traces", root, "--format", "xml"}, 2, `--format "xml"`},
		{[]string{"eval", "--traces", filepath.Join(root, "nope")}, 1, "nope"},
		{[]string{"eval", "--traces", root, "--labels", bad}, 1, bad + `: line 2: substate "one" is not an integer`},
		{[]string{"eval", "--traces", root, "--reference", filepath.Join(root, "missing.json")}, 1, "missing.json"},
	}
	for _, c := range cases {
		code, _, errOut := evalCapture(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.msg) || strings.Count(strings.TrimSpace(errOut), "\n") > 0 {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and one line with %q", c.args, code, errOut, c.code, c.msg)
		}
	}
}
