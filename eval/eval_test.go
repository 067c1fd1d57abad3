package eval

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/evaltest"
	"github.com/autoeval/autoeval/trace"
)

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func loadFixture(t *testing.T) *Dataset {
	t.Helper()
	root := evaltest.Write(t, t.TempDir(), evaltest.Cases, false)
	d, err := LoadRoots([]string{root}, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Items) != len(evaltest.Cases) {
		t.Fatalf("loaded %d items, want %d", len(d.Items), len(evaltest.Cases))
	}
	return d
}

func findRow(t *testing.T, rows []JudgeRow, judge, variant string) JudgeRow {
	t.Helper()
	for _, r := range rows {
		if r.Judge == judge && r.Variant == variant {
			return r
		}
	}
	t.Fatalf("no row %s/%s in %+v", judge, variant, rows)
	return JudgeRow{}
}

// The figures below are worked out by hand from evaltest.Cases (see its comment).
func TestCompareJudgesHandComputed(t *testing.T) {
	d := loadFixture(t)
	rep := CompareJudges(d, Options{Seed: 1, Resamples: 500})
	if rep.Traces != 6 || rep.WithTruth != 6 {
		t.Fatalf("traces %d with truth %d", rep.Traces, rep.WithTruth)
	}
	if rep.Rows[0].Judge != ClaimLabel {
		t.Errorf("first row %q, want the agent-claim baseline", rep.Rows[0].Judge)
	}
	heur := trace.JudgeInfo{Kind: trace.JudgeHeuristic}.Label()
	type want struct {
		c                                   Confusion
		acc, prec, rec, f1, fpr, fnr, kappa float64
	}
	cases := []struct {
		judge, variant string
		w              want
	}{
		{heur, VariantStrict, want{Confusion{1, 1, 2, 2}, 3.0 / 6, 1.0 / 2, 1.0 / 3, 2.0 / 5, 1.0 / 3, 2.0 / 3, 0}},
		{heur, VariantRequired, want{Confusion{2, 1, 1, 2}, 4.0 / 6, 2.0 / 3, 2.0 / 3, 4.0 / 6, 1.0 / 3, 1.0 / 3, 1.0 / 3}},
		{ClaimLabel, VariantClaim, want{Confusion{2, 2, 1, 1}, 3.0 / 6, 2.0 / 4, 2.0 / 3, 4.0 / 7, 2.0 / 3, 1.0 / 3, 0}},
	}
	for _, c := range cases {
		r := findRow(t, rep.Rows, c.judge, c.variant)
		if r.Confusion != c.w.c {
			t.Errorf("%s/%s confusion %+v, want %+v", c.judge, c.variant, r.Confusion, c.w.c)
		}
		m := r.Metrics
		got := []float64{m.Accuracy.Value, m.Precision.Value, m.Recall.Value, m.F1.Value, m.FPR.Value, m.FNR.Value, m.Kappa.Value}
		exp := []float64{c.w.acc, c.w.prec, c.w.rec, c.w.f1, c.w.fpr, c.w.fnr, c.w.kappa}
		for i := range got {
			if !near(got[i], exp[i]) {
				t.Errorf("%s/%s %s = %v, want %v", c.judge, c.variant, MetricNames[i], got[i], exp[i])
			}
		}
		for _, name := range MetricNames {
			s := m.Get(name)
			if !(s.Low <= s.Value+1e-12 && s.Value <= s.High+1e-12) {
				t.Errorf("%s/%s %s interval [%v,%v] does not hold %v", c.judge, c.variant, name, s.Low, s.High, s.Value)
			}
		}
	}
	// Disagreements: strict judge t3 (FP), t4 and t6 (FN); claim t2, t3 (FP), t4 (FN).
	var got []string
	for _, dis := range rep.Disagreements {
		got = append(got, dis.Judge+":"+dis.Trace+":"+dis.Kind)
	}
	wantDis := []string{
		ClaimLabel + ":t2:false positive", ClaimLabel + ":t3:false positive", ClaimLabel + ":t4:false negative",
		heur + ":t3:false positive", heur + ":t4:false negative", heur + ":t6:false negative",
	}
	if strings.Join(got, "|") != strings.Join(wantDis, "|") {
		t.Errorf("disagreements\n got %v\nwant %v", got, wantDis)
	}
	for _, dis := range rep.Disagreements {
		if dis.Judge == heur && dis.Trace == "t6" {
			if len(dis.Deciding) != 1 || dis.Deciding[0].ID != 2 || !dis.Deciding[0].Optional {
				t.Errorf("t6 deciding substates %+v, want only the optional substate 2", dis.Deciding)
			}
		}
		if dis.Judge == heur && dis.Trace == "t3" {
			if len(dis.Deciding) != 1 || dis.Deciding[0].ID != 3 || dis.Deciding[0].Frame == nil || *dis.Deciding[0].Frame != 3 {
				t.Errorf("t3 deciding %+v, want substate 3 reached at frame 3", dis.Deciding)
			}
		}
	}
	// Breakdown per app: Markor has t3 (FP) and t4 (FN) for the strict judge -> accuracy 0.
	for _, g := range rep.ByApp {
		if g.Group == "Markor" && g.Judge == heur && g.Variant == VariantStrict {
			if g.N != 2 || g.Accuracy.Value != 0 {
				t.Errorf("Markor group %+v", g)
			}
		}
		if g.Group == "System" && g.Judge == ClaimLabel && (g.N != 2 || g.Accuracy.Value != 1) {
			t.Errorf("System claim group %+v, want 2 right", g)
		}
	}
}

func TestBootstrapDeterministicAndSeeded(t *testing.T) {
	pairs := []Pair{{true, true}, {true, false}, {false, false}, {false, true}, {true, true}, {false, false}, {true, true}}
	_, a := Score(pairs, 42, 1000)
	_, b := Score(pairs, 42, 1000)
	_, c := Score(pairs, 43, 1000)
	if a != b {
		t.Fatalf("same seed gave different intervals: %+v vs %+v", a, b)
	}
	if a == c {
		t.Errorf("different seeds gave identical intervals (suspicious): %+v", a)
	}
	// A constant perfect judge has a degenerate interval at 1.
	perfect := []Pair{{true, true}, {false, false}, {true, true}}
	_, m := Score(perfect, 7, 200)
	if m.Accuracy.Value != 1 || m.Accuracy.Low != 1 || m.Accuracy.High != 1 {
		t.Errorf("perfect accuracy %+v", m.Accuracy)
	}
	// Undefined metrics stay undefined and serialise as null.
	_, u := Score([]Pair{{false, false}}, 1, 10)
	if u.Precision.Defined() || u.Kappa.Defined() {
		t.Errorf("precision/kappa with no positives should be undefined: %+v %+v", u.Precision, u.Kappa)
	}
	js, _ := json.Marshal(u.Precision)
	if string(js) != `{"high":null,"low":null,"value":null}` {
		t.Errorf("undefined stat JSON %s", js)
	}
	var back Stat
	if err := json.Unmarshal(js, &back); err != nil || back.Defined() {
		t.Errorf("round trip %+v %v", back, err)
	}
}

func TestMeanStat(t *testing.T) {
	s := MeanStat([]float64{0, 1, 1, 0}, 3, 500)
	if s.Value != 0.5 || s.Low > 0.5 || s.High < 0.5 || s.Low < 0 || s.High > 1 {
		t.Errorf("mean stat %+v", s)
	}
	if MeanStat(nil, 1, 10).Defined() {
		t.Error("mean of nothing should be undefined")
	}
}

func TestSecondJudgeAndJudgmentsDir(t *testing.T) {
	root := evaltest.Write(t, t.TempDir(), evaltest.Cases, false)
	// A second judge's verdicts kept outside the traces, in judge --out layout (DIR/<name>/judgment.json).
	out := t.TempDir()
	for _, name := range []string{"t1", "t2"} {
		j, err := trace.ReadJudgment(filepath.Join(root, name, trace.JudgmentName))
		if err != nil {
			t.Fatal(err)
		}
		j.Judge = trace.JudgeInfo{Kind: trace.JudgeLLM, Model: "openai:gpt-test"}
		j.Complete, j.CompleteRequired = name == "t1", name == "t1"
		j.Trace = "somewhere/else/" + name // only the folder name can match
		if err := trace.WriteJudgment(filepath.Join(out, name, trace.JudgmentName), j); err != nil {
			t.Fatal(err)
		}
	}
	// An unmatched and a corrupt file become warnings.
	os.MkdirAll(filepath.Join(out, "nope"), 0o755)
	os.WriteFile(filepath.Join(out, "nope", "judgment.json"), []byte(`{"judge":{"kind":"llm"},"trace":"zzz"}`), 0o644)
	os.WriteFile(filepath.Join(out, "t1", "judgment.bad.json"), []byte(`{"judge":`), 0o644)
	d, err := LoadRoots([]string{root}, out)
	if err != nil {
		t.Fatal(err)
	}
	if got := d.JudgeLabels(); len(got) != 2 {
		t.Fatalf("judges %v", got)
	}
	if len(d.Warnings) != 2 {
		t.Errorf("warnings %q, want 2", d.Warnings)
	}
	rep := CompareJudges(d, Options{Seed: 1, Resamples: 100})
	r := findRow(t, rep.Rows, "openai:gpt-test", VariantStrict)
	if r.N != 2 || r.Confusion != (Confusion{TP: 1, TN: 1}) {
		t.Errorf("gpt-test row %+v", r)
	}
}

func TestDuplicateJudgeNewestWins(t *testing.T) {
	root := evaltest.Write(t, t.TempDir(), evaltest.Cases[:1], false)
	j, _ := trace.ReadJudgment(filepath.Join(root, "t1", trace.JudgmentName))
	j.Complete = false
	j.Finished = j.Finished.Add(time.Hour)
	trace.WriteJudgment(filepath.Join(root, "t1", "judgment.rerun.json"), j)
	d, err := LoadRoots([]string{root}, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Items[0].Judgments) != 1 || d.Items[0].Judgments[0].Complete {
		t.Errorf("want only the newer judgment (complete=false), got %+v", d.Items[0].Judgments)
	}
	if len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0], "judgment.rerun.json") {
		t.Errorf("warnings %q", d.Warnings)
	}
}

func TestLoadErrors(t *testing.T) {
	if _, err := LoadRoots([]string{filepath.Join(t.TempDir(), "missing")}, ""); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("missing root: %v", err)
	}
	empty := t.TempDir()
	if _, err := LoadRoots([]string{empty}, ""); err == nil || !strings.Contains(err.Error(), "no traces found") {
		t.Errorf("empty root: %v", err)
	}
	root := evaltest.Write(t, t.TempDir(), evaltest.Cases[:1], false)
	os.MkdirAll(filepath.Join(root, "broken"), 0o755)
	os.WriteFile(filepath.Join(root, "broken", "trace.json"), []byte("{not json"), 0o644)
	d, err := LoadRoots([]string{root}, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Items) != 1 || len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0], filepath.Join("broken", "trace.json")) {
		t.Errorf("items %d warnings %q", len(d.Items), d.Warnings)
	}
}

func TestAgentScores(t *testing.T) {
	d := loadFixture(t)
	rows := ScoreAgents(d, Options{Seed: 5, Resamples: 200})
	if len(rows) != 2 {
		t.Fatalf("rows %+v", rows)
	}
	a, b := rows[0], rows[1]
	if a.Agent != "agentA" || b.Agent != "agentB" {
		t.Fatalf("agents %s %s", a.Agent, b.Agent)
	}
	// agentA: t1 (3/3, complete), t2 (1/3), t3 (3/3, complete).
	if !near(a.SCR.Value, (1+1.0/3+1)/3) || !near(a.TCR.Value, 2.0/3) || !near(a.TCRRequired.Value, 2.0/3) {
		t.Errorf("agentA %+v", a)
	}
	// agentB: t4 (2/3), t5 (0), t6 (2/3, required only).
	if !near(b.SCR.Value, (2.0/3+0+2.0/3)/3) || b.TCR.Value != 0 || !near(b.TCRRequired.Value, 1.0/3) {
		t.Errorf("agentB %+v", b)
	}
	if a.CostPerTask == nil || b.CostPerTask == nil || !near(*a.CostPerTask, 0.02) || !near(*b.CostPerTask, 0.05) || a.CallsPerTask != 2 || a.TokensPerTask != 110 {
		t.Errorf("cost %v %v calls %v tokens %v", a.CostPerTask, b.CostPerTask, a.CallsPerTask, a.TokensPerTask)
	}
	// Ground truth: agentA 1 of 3, agentB t4 and t6 (t5 has partial credit 0.5, a failure).
	if !near(a.TruthSuccess.Value, 1.0/3) || !near(b.TruthSuccess.Value, 2.0/3) {
		t.Errorf("truth %v %v", a.TruthSuccess.Value, b.TruthSuccess.Value)
	}
}

func TestSubstateLabels(t *testing.T) {
	d := loadFixture(t)
	csvData := "trace,substate,reached\n" +
		"t1,1,true\n" + // judge true: agree
		"t1,2,no\n" + // judge true: FP
		"t4,3,yes\n" + // judge false: FN
		"t5,1,0\n" + // judge false: agree
		"t5,9,1\n" + // no such substate: unmatched
		"ghost,1,1\n" // no such trace: unmatched
	ls, err := ParseLabels([]byte(csvData))
	if err != nil {
		t.Fatal(err)
	}
	rows := CompareLabels(d, ls, Options{Seed: 1, Resamples: 100})
	if len(rows) != 1 {
		t.Fatalf("rows %+v", rows)
	}
	r := rows[0]
	if r.N != 4 || r.Agree != 2 || r.FP != 1 || r.FN != 1 || r.Unmatched != 2 {
		t.Errorf("row %+v", r)
	}
	if r.SuccessRate.Value != 0.5 || r.FPRate.Value != 0.25 || r.FNRate.Value != 0.25 {
		t.Errorf("rates %v %v %v", r.SuccessRate.Value, r.FPRate.Value, r.FNRate.Value)
	}
	// JSON forms give the same labels.
	js, _ := json.Marshal(ls)
	ls2, err := ParseLabels(js)
	if err != nil || len(ls2) != len(ls) {
		t.Errorf("JSON array: %v %d", err, len(ls2))
	}
	ls3, err := ParseLabels([]byte(`{"labels":` + string(js) + `}`))
	if err != nil || len(ls3) != len(ls) {
		t.Errorf("JSON object: %v %d", err, len(ls3))
	}
	for _, bad := range []string{"", "trace,substate\nt1,1\n", "trace,substate,reached\nt1,x,true\n", "trace,substate,reached\nt1,1,maybe\n", "[{\"substate\":1}]", "[1"} {
		if _, err := ParseLabels([]byte(bad)); err == nil {
			t.Errorf("ParseLabels(%q) accepted", bad)
		}
	}
}

func TestDecomposition(t *testing.T) {
	csvData := "task,human,generated,label,covers\n" +
		"A,4,1,cover,1\n" +
		"A,,2,cover,2;3\n" +
		"A,,3,redundant,\n" +
		"A,,4,optional,\n" +
		"B,2,1,cover,1\n" +
		"B,2,2,incorrect,\n"
	ts, err := ParseDecompLabels([]byte(csvData))
	if err != nil {
		t.Fatal(err)
	}
	rows := CompareDecomposition(ts)
	if len(rows) != 3 || rows[2].Task != "all" {
		t.Fatalf("rows %+v", rows)
	}
	a, b, all := rows[0], rows[1], rows[2]
	if a.CoverRate != 0.75 || a.RedundantRate != 0.25 || a.OptionalRate != 0.25 || a.IncorrectRate != 0 {
		t.Errorf("A %+v", a)
	}
	if b.CoverRate != 0.5 || b.IncorrectRate != 0.5 {
		t.Errorf("B %+v", b)
	}
	// Pooled: 4 of 6 human substates covered; of 6 generated 1 redundant, 1 optional, 1 incorrect.
	if !near(all.CoverRate, 4.0/6) || !near(all.RedundantRate, 1.0/6) || !near(all.OptionalRate, 1.0/6) || !near(all.IncorrectRate, 1.0/6) {
		t.Errorf("all %+v", all)
	}
	js := `{"tasks":[{"task":"A","human":4,"generated":[{"id":1,"label":"cover","covers":[1]},{"id":2,"label":"cover","covers":[2,3]},{"id":3,"label":"redundant"},{"id":4,"label":"optional"}]},
	{"task":"B","human":2,"generated":[{"id":1,"label":"cover","covers":[1]},{"id":2,"label":"incorrect"}]}]}`
	ts2, err := ParseDecompLabels([]byte(js))
	if err != nil {
		t.Fatal(err)
	}
	rows2 := CompareDecomposition(ts2)
	if rows2[2] != all {
		t.Errorf("JSON and CSV disagree: %+v vs %+v", rows2[2], all)
	}
	for _, bad := range []string{
		"", "{", `{"tasks":[]}`,
		`{"tasks":[{"task":"A","human":0,"generated":[]}]}`,
		`{"tasks":[{"task":"A","human":2,"generated":[{"id":1,"label":"cover"}]}]}`,
		`{"tasks":[{"task":"A","human":2,"generated":[{"id":1,"label":"cover","covers":[3]}]}]}`,
		`{"tasks":[{"task":"A","human":2,"generated":[{"id":1,"label":"wrong"}]}]}`,
		"task,generated\nA,1\n",
	} {
		if _, err := ParseDecompLabels([]byte(bad)); err == nil {
			t.Errorf("ParseDecompLabels(%q) accepted", bad)
		}
	}
}

func TestResultRenderings(t *testing.T) {
	d := loadFixture(t)
	res := Evaluate(d, Inputs{}, Options{Seed: 9, Resamples: 100})
	var text bytes.Buffer
	if err := res.WriteText(&text); err != nil {
		t.Fatal(err)
	}
	out := text.String()
	for _, want := range []string{ClaimLabel, "heuristic (baseline)", "strict", "required", "50.0 [", "By app:", "Markor", "Disagreements", "t6", "substate 2 (optional) never reached", "agentA"} {
		if !strings.Contains(out, want) {
			t.Errorf("text output lacks %q:\n%s", want, out)
		}
	}
	var js bytes.Buffer
	if err := res.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back map[string]any
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatalf("JSON output does not parse: %v", err)
	}
	var cs bytes.Buffer
	if err := res.WriteCSV(&cs); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&cs).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, r := range recs {
		if r[0] == "judge" && r[1] == ClaimLabel && r[4] == "accuracy" && r[5] == "0.5" {
			found = true
		}
	}
	if !found {
		t.Errorf("CSV lacks the claim accuracy row: %v", recs[:5])
	}
	// Same seed, same bytes.
	var js2 bytes.Buffer
	Evaluate(d, Inputs{}, Options{Seed: 9, Resamples: 100}).WriteJSON(&js2)
	if js.String() != js2.String() {
		t.Error("JSON output differs between runs with the same seed")
	}
}

func TestAppOf(t *testing.T) {
	for name, want := range map[string]string{
		"MarkorMoveNote": "Markor", "SimpleCalendarDeleteEventsOnRelativeDay": "SimpleCalendar",
		"SystemBrightnessMin": "System", "FilesDeleteFile": "Files", "x": "x", "": "unknown",
		"SaveCopyOfReceiptTaskEval": "SimpleGallery", "OsmAndFavorite": "OsmAnd", "TurnOnWifiAndOpenApp": "System",
	} {
		if got := AppOf(&trace.Trace{TaskName: name}); got != want {
			t.Errorf("AppOf(%q) = %q, want %q", name, got, want)
		}
	}
	if AppOf(&trace.Trace{App: "Clock", TaskName: "MarkorX"}) != "Clock" {
		t.Error("App field should win")
	}
}

func TestJudgmentsDirMatchesSanitisedLabels(t *testing.T) {
	cases := []evaltest.Case{evaltest.Cases[0]}
	cases[0].Name = "my trace: one"
	root := evaltest.Write(t, t.TempDir(), cases, true) // with screenshots: a trace a judge can read
	dir := filepath.Join(root, cases[0].Name)
	j, err := trace.ReadJudgment(trace.JudgmentPath(dir))
	if err != nil {
		t.Fatal(err)
	}
	os.Remove(trace.JudgmentPath(dir))
	// Without the judgments the user hears where to find them.
	d, err := LoadRoots([]string{root}, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0], "--judgments") {
		t.Errorf("warnings %q, want a hint about --judgments", d.Warnings)
	}
	out := t.TempDir()
	j.Trace = ""
	if err := trace.WriteJudgment(filepath.Join(out, "my_trace__one", trace.JudgmentName), j); err != nil {
		t.Fatal(err)
	}
	d, err = LoadRoots([]string{root}, out)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Items[0].Judgments) != 1 || len(d.Warnings) != 0 {
		t.Errorf("judgments %d, warnings %q", len(d.Items[0].Judgments), d.Warnings)
	}
}

// A judgment that could not judge its trace is counted apart: never a negative in the
// confusion matrix, never a failed task in SCR/TCR; what it cost still counts.
func TestUndeterminedCountedApart(t *testing.T) {
	cases := append([]evaltest.Case{}, evaltest.Cases...)
	cases[1].Undetermined = true // t2: reward 0, not complete (a true negative when counted)
	d, err := LoadRoots([]string{evaltest.Write(t, t.TempDir(), cases, false)}, "")
	if err != nil {
		t.Fatal(err)
	}
	r := Evaluate(d, Inputs{}, Options{Seed: 1, Resamples: 50})
	for _, row := range r.Judges.Rows {
		if row.Variant != VariantStrict {
			continue
		}
		// All six: TP1 FP1 FN2 TN2; t2 was a TN.
		if row.N != 5 || row.Undetermined != 1 || row.Confusion.TN != 1 || row.Confusion.FN != 2 {
			t.Fatalf("strict row %+v", row)
		}
	}
	for _, a := range r.Agents {
		if a.Agent != "agentA" {
			continue
		}
		// t1 and t3 complete, t2 left out: SCR 1, TCR 1; cost over all three tasks.
		if a.Undetermined != 1 || a.SCR.Value != 1 || a.TCR.Value != 1 || a.CostPerTask == nil || !near(*a.CostPerTask, 0.02) {
			t.Fatalf("agentA %+v", a)
		}
	}
	var text strings.Builder
	r.WriteText(&text)
	// The undetermined trace is counted apart in the strict and verdict rows, and is one the
	// judge cannot tell, with its reason.
	if !strings.Contains(text.String(), "Undetermined: traces the judge could not judge") || !strings.Contains(text.String(), "3 (1 undetermined)") ||
		!strings.Contains(text.String(), "Cannot tell (the judge's reason") || !strings.Contains(text.String(), "the judge could not judge the trace: the model gave no usable answer") {
		t.Fatalf("text does not show the undetermined trace:\n%s", text.String())
	}
}

// The cost of the method is the uncached one, and an unknown price is shown as unknown.
func TestCostOfTheMethod(t *testing.T) {
	cases := append([]evaltest.Case{}, evaltest.Cases[:3]...)
	for i := range cases {
		cases[i].Cost, cases[i].Uncached = 0, 0.03 // a rerun from the cache: paid nothing
	}
	d, err := LoadRoots([]string{evaltest.Write(t, t.TempDir(), cases, false)}, "")
	if err != nil {
		t.Fatal(err)
	}
	a := ScoreAgents(d, Options{Seed: 1, Resamples: 20})[0]
	if a.CostPerTask == nil || !near(*a.CostPerTask, 0.03) || a.PaidCost == nil || *a.PaidCost != 0 {
		t.Fatalf("cost per task %v, paid %v; want 0.03 and 0", a.CostPerTask, a.PaidCost)
	}
	cases[0].PriceUnknown = true
	d, _ = LoadRoots([]string{evaltest.Write(t, t.TempDir(), cases, false)}, "")
	r := Evaluate(d, Inputs{}, Options{Seed: 1, Resamples: 20})
	if r.Agents[0].CostPerTask != nil {
		t.Fatalf("cost per task %v with an unknown price", *r.Agents[0].CostPerTask)
	}
	var text, csvOut strings.Builder
	r.WriteText(&text)
	r.WriteCSV(&csvOut)
	if !strings.Contains(text.String(), "unknown") || !strings.Contains(csvOut.String(), "cost_per_task_usd,,") {
		t.Fatalf("unknown cost not shown as unknown:\n%s\n%s", text.String(), csvOut.String())
	}
}

// The judge's three-valued verdict: the verdict row scores only the runs it decided and
// counts "cannot tell" apart, with coverage; the as-androidworld row counts "cannot tell" as
// not successful, so its figures compare with a judge that decides every run.
func TestThreeValuedVerdictRows(t *testing.T) {
	cases := append([]evaltest.Case{}, evaltest.Cases...)
	verdicts := []string{trace.RunSuccess, trace.RunCannotTell, trace.RunFailure, trace.RunCannotTell, trace.RunFailure, trace.RunSuccess}
	for i := range cases {
		cases[i].Verdict, cases[i].Reason = verdicts[i], "reason of "+cases[i].Name
	}
	// t1 success/1, t2 cannot tell/0, t3 failure/0, t4 cannot tell/1, t5 failure/0.5, t6 success/1.
	d, err := LoadRoots([]string{evaltest.Write(t, t.TempDir(), cases, false)}, "")
	if err != nil {
		t.Fatal(err)
	}
	r := Evaluate(d, Inputs{}, Options{Seed: 1, Resamples: 200})
	heur := trace.JudgeInfo{Kind: trace.JudgeHeuristic}.Label()
	v := findRow(t, r.Judges.Rows, heur, VariantVerdict)
	if v.Confusion != (Confusion{TP: 2, TN: 2}) || v.CannotTell != 2 || !near(v.Coverage.Value, 4.0/6) || !near(v.Metrics.Precision.Value, 1) || !near(v.Metrics.FPR.Value, 0) {
		t.Fatalf("verdict row %+v", v)
	}
	aw := findRow(t, r.Judges.Rows, heur, VariantAW)
	if aw.Confusion != (Confusion{TP: 2, FN: 1, TN: 3}) || aw.CannotTell != 2 || !near(aw.Coverage.Value, 1) {
		t.Fatalf("as-androidworld row %+v", aw)
	}
	// The disagreements are the verdict's (none here), the runs it could not tell listed.
	for _, dis := range r.Judges.Disagreements {
		if dis.Judge == heur && dis.Variant != VariantVerdict {
			t.Errorf("disagreement of variant %s", dis.Variant)
		}
	}
	if len(r.Judges.CannotTell) != 2 || r.Judges.CannotTell[1].Trace != "t4" || r.Judges.CannotTell[1].Reason != "reason of t4" || !r.Judges.CannotTell[1].Truth {
		t.Fatalf("cannot tell %+v", r.Judges.CannotTell)
	}
	for _, a := range r.Agents {
		if a.Agent == "agentB" && (a.CannotTell != 1 || !near(a.Success.Value, 1.0/3)) {
			t.Fatalf("agentB %+v", a)
		}
	}
	var text strings.Builder
	r.WriteText(&text)
	out := text.String()
	header := "n  coverage  cannot tell   precision"
	for _, want := range []string{header, "verdict          4  66.7      2", "as-androidworld  6  100.0     2 as failure", "t4  [heuristic (baseline)] (reward 1.00)"} {
		if !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
	var csv strings.Builder
	r.WriteCSV(&csv)
	// n is the runs with ground truth in both rows: the as-androidworld row's n counts its
	// "cannot tell" runs already (as failures).
	for _, want := range []string{"judge,heuristic (baseline),verdict,,cannot_tell,2,,,6", "judge,heuristic (baseline),verdict,,coverage,0.6666666666666666,0.16666666666666666,1,6",
		"judge,heuristic (baseline),as-androidworld,,cannot_tell,2,,,6", "judge,heuristic (baseline),as-androidworld,,coverage,1,1,1,6"} {
		if !strings.Contains(csv.String(), want) {
			t.Errorf("csv lacks %q:\n%s", want, csv.String())
		}
	}
}
