package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/trace"
)

var (
	flowTask    = regexp.MustCompile(`(?m)^Task: (".*")$`)
	flowIdent   = regexp.MustCompile(`[A-Za-z0-9]+(?:[_.][A-Za-z0-9]+)+`)
	flowAsked   = regexp.MustCompile(`(?m)^- id (\d+) \[(page|unit)(?: on page (\d+))?[^\]]*\] (".*")$`)
	flowLiteral = regexp.MustCompile(`'([^']+)'`)
)

// flowModel is a fake provider that answers from the prompt text, like a literal-minded
// model: a decomposition is "the app is open" plus, when the task names a file or folder
// (an identifier such as safe_violin_fd0t.md), "the screen shows it"; a reasoner verdict
// is true for the page when a non-launcher app is in front, and for a unit when every
// quoted literal is on the screen and its page is judged visible in the same answer.
func flowModel(r llmtest.Request) llmtest.Answer {
	if judgetest.IsReview(r.System) {
		return llmtest.ReplyUsage(judgetest.ReviewSuccess(), 400, 30)
	}
	open := strings.Index(r.Text, "Open substates")
	if open < 0 {
		m := flowTask.FindAllStringSubmatch(r.Text, -1)
		var task string
		if len(m) > 0 {
			_ = json.Unmarshal([]byte(m[len(m)-1][1]), &task)
		}
		nodes := `{"id":0,"kind":"page","content":"The target app of the task is open","parent":null}`
		if id := flowIdent.FindString(task); id != "" {
			nodes += `,{"id":1,"kind":"unit","content":"The screen shows '` + id + `'","parent":0}`
		}
		return llmtest.ReplyUsage(`{"substates":[`+nodes+`]}`, 400, 60)
	}
	desc := r.Text[strings.Index(r.Text, "<<<SCREEN_DESCRIPTION"):]
	appOpen := strings.Contains(desc, "App package:") && !strings.Contains(desc, "launcher")
	truth := map[string]bool{}
	var parts []string
	for _, m := range flowAsked.FindAllStringSubmatch(r.Text[open:], -1) {
		var content string
		_ = json.Unmarshal([]byte(m[4]), &content)
		v := appOpen
		if m[2] == "unit" {
			v = truth[m[3]]
			for _, lit := range flowLiteral.FindAllStringSubmatch(content, -1) {
				v = v && strings.Contains(desc, lit[1])
			}
		}
		truth[m[1]] = v
		verdict := "uncertain"
		if v {
			verdict = "true"
		}
		parts = append(parts, `{"id":`+m[1]+`,"analysis":"read from the description","verdict":"`+verdict+`"}`)
	}
	return llmtest.ReplyUsage(`{"thought":"compared","substates":[`+strings.Join(parts, ",")+`],"critical_info":""}`, 1200, 80)
}

// The whole flow a user runs to compare judges: import the 12 episodes natively, judge
// them with the heuristic baseline and with a model (fake provider), then eval shows the
// agent's claim, the baseline and the model judge side by side, and report (HTML, JSON,
// CSV) carries both judges, the baseline labelled as such everywhere.
func TestFlowImportJudgeEvalReport(t *testing.T) {
	t.Parallel()
	episodes := testenv.SharedData(t, "episodes/androidworld-json")
	db := judgeEnv(t)
	tmp := t.TempDir()
	imported := filepath.Join(tmp, "imported")
	if code, _, errOut := evalCapture(t, "-q", "trace", "import", episodes, "--out", imported); code != 0 {
		t.Fatalf("import exit %d: %s", code, errOut)
	}
	code, out, errOut := evalCapture(t, "--db", db, "-q", "judge", "--traces", imported)
	if code != 0 || !strings.Contains(out, "heuristic baseline") {
		t.Fatalf("heuristic judge exit %d:\n%s\n%s", code, out, errOut)
	}
	srv := llmtest.NewOpenAI(t, llmtest.Handler(flowModel))
	prices := filepath.Join(tmp, "prices.json")
	judgeWriteFile(t, prices, `{"openai:fake-judge": {"input": 1, "output": 4}}`)
	code, out, errOut = evalCapture(t, "--db", db, "-q", "--model", "openai:fake-judge", "--base-url", srv.URL, "--prices", prices,
		"judge", "--traces", imported)
	if code != 0 || !strings.Contains(out, "overall (12 traces)") {
		t.Fatalf("model judge exit %d:\n%s\n%s", code, out, errOut)
	}
	dirs, _ := filepath.Glob(filepath.Join(imported, "*", trace.ManifestName))
	if len(dirs) != 12 {
		t.Fatalf("%d imported traces, want 12", len(dirs))
	}
	var calls int
	var cost float64
	for _, m := range dirs {
		dir := filepath.Dir(m)
		h := judgeRead(t, filepath.Join(dir, trace.JudgmentName))
		l := judgeRead(t, filepath.Join(dir, "judgment.openai_fake-judge.json"))
		if h.Judge.Kind != trace.JudgeHeuristic || !strings.Contains(h.Judge.Notice, "heuristic baseline") {
			t.Fatalf("%s: the baseline's judgment is not labelled: %+v", dir, h.Judge)
		}
		if l.Judge.Kind != trace.JudgeLLM || l.Judge.Model != "openai:fake-judge" || l.Usage.Calls+l.Usage.CacheHits == 0 {
			t.Fatalf("%s: model judgment %+v usage %+v", dir, l.Judge, l.Usage)
		}
		calls += l.Usage.Calls
		cost += l.Usage.CostUSD
	}
	// Every request the provider saw, decompositions included, is paid for in exactly one
	// judgment (the rest were cache hits).
	var decomposeCalls int
	for _, r := range srv.Requests() {
		if !strings.Contains(r.Text, "Open substates") && !judgetest.IsReview(r.System) {
			decomposeCalls++
		}
	}
	if decomposeCalls == 0 || calls != srv.Count() || cost <= 0 {
		t.Fatalf("judgments count %d calls ($%.4f); the provider answered %d requests, %d of them decompositions",
			calls, cost, srv.Count(), decomposeCalls)
	}

	code, out, errOut = evalCapture(t, "eval", "--traces", imported, "--resamples", "100")
	if code != 0 {
		t.Fatalf("eval exit %d: %s", code, errOut)
	}
	for _, row := range []string{"agent claim (baseline)", "heuristic (baseline)", "openai:fake-judge"} {
		if !regexp.MustCompile(`(?m)^` + regexp.QuoteMeta(row) + `\s+\S+\s+12\s`).MatchString(out) {
			t.Fatalf("eval: no row for %q over 12 traces:\n%s", row, out)
		}
	}

	html := filepath.Join(tmp, "report.html")
	if code, _, errOut := evalCapture(t, "-q", "report", "--traces", imported, "--out", html); code != 0 {
		t.Fatalf("report exit %d: %s", code, errOut)
	}
	page, err := os.ReadFile(html)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"heuristic (baseline)", "openai:fake-judge", "agent claim (baseline)"} {
		if !strings.Contains(string(page), s) {
			t.Fatalf("report.html does not show %q", s)
		}
	}
	code, out, _ = evalCapture(t, "report", "--traces", imported, "--format", "csv", "--out", "-")
	if code != 0 {
		t.Fatalf("report csv exit %d", code)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	judges := map[string]int{}
	for _, row := range rows {
		for _, cell := range row {
			if cell == "heuristic (baseline)" || cell == "openai:fake-judge" {
				judges[cell]++
			}
		}
	}
	if judges["heuristic (baseline)"] < 12 || judges["openai:fake-judge"] < 12 {
		t.Fatalf("report csv: judge cells %v, want both judges on every trace:\n%s", judges, out)
	}
	code, out, _ = evalCapture(t, "report", "--traces", imported, "--format", "json", "--out", "-")
	if code != 0 || !strings.Contains(out, `"heuristic (baseline)"`) || !strings.Contains(out, `"openai:fake-judge"`) {
		t.Fatalf("report json exit %d lacks a judge:\n%.2000s", code, out)
	}
}

// The bundled example judged by the baseline (no flags) and by a model (fake provider):
// both judgments stay side by side, and eval and report show both judges.
func TestFlowBundledExampleTwoJudges(t *testing.T) {
	t.Parallel()
	ex := judgeExample(t)
	db := judgeEnv(t)
	root := t.TempDir()
	dir := filepath.Join(root, "clock-alarm")
	if err := os.CopyFS(dir, os.DirFS(ex)); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := evalCapture(t, "--db", db, "-q", "judge", "--trace", dir); code != 0 {
		t.Fatalf("heuristic exit %d: %s", code, errOut)
	}
	srv := llmtest.NewOpenAI(t, llmtest.Handler(flowModel))
	code, out, errOut := evalCapture(t, "--db", db, "-q", "--model", "openai:fake-judge", "--base-url", srv.URL, "judge", "--trace", dir)
	if code != 0 || !strings.Contains(errOut, "goes beside it") {
		t.Fatalf("model judge exit %d:\n%s\n%s", code, out, errOut)
	}
	if h := judgeRead(t, filepath.Join(dir, trace.JudgmentName)); h.Judge.Kind != trace.JudgeHeuristic {
		t.Fatalf("the baseline's judgment.json was overwritten by %+v", h.Judge)
	}
	if l := judgeRead(t, filepath.Join(dir, "judgment.openai_fake-judge.json")); !l.Complete || l.Judge.Model != "openai:fake-judge" {
		t.Fatalf("model judgment: %+v %+v", l.Judge, l.Substates)
	}
	code, out, errOut = evalCapture(t, "eval", "--traces", root, "--resamples", "50")
	if code != 0 || !strings.Contains(out, "heuristic (baseline)") || !strings.Contains(out, "openai:fake-judge") {
		t.Fatalf("eval exit %d:\n%s\n%s", code, out, errOut)
	}
	html := filepath.Join(t.TempDir(), "r.html")
	if code, _, errOut := evalCapture(t, "-q", "report", "--traces", root, "--out", html); code != 0 {
		t.Fatalf("report exit %d: %s", code, errOut)
	}
	page, _ := os.ReadFile(html)
	if !strings.Contains(string(page), "heuristic (baseline)") || !strings.Contains(string(page), "openai:fake-judge") {
		t.Fatal("the report does not show both judges")
	}
}
