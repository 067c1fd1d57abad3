package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/internal/storetest"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/trace"
)

// judgeEnv isolates a judge run: no model in the environment and a temp database. Tests
// whose commands write default outputs (./autoeval-out) run the built binary in a temp dir.
func judgeEnv(t *testing.T) (db string) {
	t.Helper()
	setenv(t, "AUTOEVAL_MODEL", "")
	setenv(t, "OPENAI_API_KEY", "")
	return filepath.Join(t.TempDir(), "autoeval.db")
}

func judgeRead(t *testing.T, path string) *trace.Judgment {
	t.Helper()
	j, err := trace.ReadJudgment(path)
	if err != nil {
		t.Fatal(err)
	}
	return j
}

// readOnlyCopy copies a folder of the shared data into a temp dir and makes it read-only,
// as the data set is meant to be: tests never write into ../shared itself, which may well be
// writable (a fresh clone, or running as root).
func readOnlyCopy(t *testing.T, src string) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), filepath.Base(src))
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(dir, 0o555); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.Chmod(dir, 0o755) }) // so TempDir can remove it
	return dir
}

func TestJudgeLlamaTouchHeuristicNoFlags(t *testing.T) {
	t.Parallel()
	root := testenv.SharedData(t, "traces/llamatouch")
	db := judgeEnv(t)
	cwd := t.TempDir()
	for _, name := range []string{"trace_7", "trace_18"} {
		dir := readOnlyCopy(t, filepath.Join(root, name))
		if code, _, errOut := binRun(t, cwd, "--db", db, "-q", "judge", "--trace", dir); code != 0 {
			t.Fatalf("%s: exit %d: %s", name, code, errOut)
		}
		// A read-only trace directory: the judgment goes to ./autoeval-out/<label>/.
		j := judgeRead(t, filepath.Join(cwd, "autoeval-out", name, trace.JudgmentName))
		if j.Judge.Kind != trace.JudgeHeuristic || !strings.Contains(j.Judge.Notice, "no model configured") {
			t.Fatalf("%s: judge %+v, want the heuristic baseline with a notice", name, j.Judge)
		}
		if len(j.Substates) < 2 || len(j.Frames) == 0 || !j.Substates[0].Satisfied {
			t.Fatalf("%s: %+v", name, j.Substates)
		}
		if _, err := os.Stat(filepath.Join(dir, trace.JudgmentName)); err == nil {
			t.Fatalf("%s: wrote into the read-only trace directory", name)
		}
	}
}

func TestJudgeEachEpisodeHeuristic(t *testing.T) {
	t.Parallel()
	root := testenv.SharedData(t, "episodes/androidworld-json")
	db := judgeEnv(t)
	files, _ := filepath.Glob(filepath.Join(root, "*.json"))
	if len(files) == 0 {
		t.Skipf("no episodes in %s", root)
	}
	cwd := t.TempDir()
	for _, f := range files {
		if code, _, errOut := binRun(t, cwd, "--db", db, "-q", "judge", "--trace", f); code != 0 {
			t.Fatalf("%s: exit %d: %s", f, code, errOut)
		}
	}
	outs, _ := filepath.Glob(filepath.Join(cwd, "autoeval-out", "*", trace.JudgmentName))
	if len(outs) != len(files) {
		t.Fatalf("%d judgments for %d episodes", len(outs), len(files))
	}
	for _, o := range outs {
		j := judgeRead(t, o)
		if j.Judge.Kind != trace.JudgeHeuristic || j.Task == "" || len(j.Frames) == 0 {
			t.Fatalf("%s: %+v", o, j)
		}
	}
}

func TestJudgeBundledExample(t *testing.T) {
	t.Parallel()
	ex := judgeExample(t)
	db := judgeEnv(t)
	// A copy, so the default output (beside the trace) does not land in the repository.
	dir := filepath.Join(t.TempDir(), "clock-alarm")
	if err := os.CopyFS(dir, os.DirFS(ex)); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, trace.JudgmentName))
	setenv(t, "AUTOEVAL_DB", db)
	if code := cliCode(t, "judge", "--trace", dir); code != 0 {
		t.Fatalf("no flags: exit %d", code)
	}
	j := judgeRead(t, filepath.Join(dir, trace.JudgmentName))
	if !j.Complete || j.SCR != 1 || j.Judge.Kind != trace.JudgeHeuristic {
		t.Fatalf("the example should be judged complete by the baseline: %+v", j.Substates)
	}

	// The model judge against the fake provider, answering like a careful model from the
	// fenced screen description.
	ids := regexp.MustCompile(`(?m)^- id (\d+) \[`)
	srv := llmtest.NewOpenAI(t, llmtest.Handler(func(r llmtest.Request) llmtest.Answer {
		if judgetest.IsReview(r.System) {
			return llmtest.Reply(judgetest.ReviewSuccess())
		}
		d := r.Text[strings.Index(r.Text, "<<<SCREEN_DESCRIPTION"):]
		clock := strings.Contains(d, "App package: com.google.android.deskclock")
		list := clock && strings.Contains(d, `"Alarm" id action_bar_title`)
		alarm := list && strings.Contains(d, `"7:30 AM"`)
		truth := map[string]bool{"0": clock, "1": list, "2": alarm, "3": alarm && strings.Contains(d, "checked/on")}
		var parts []string
		for _, m := range ids.FindAllStringSubmatch(r.Text[strings.Index(r.Text, "Open substates"):], -1) {
			v := "uncertain"
			if truth[m[1]] {
				v = "true"
			}
			parts = append(parts, `{"id":`+m[1]+`,"analysis":"from the description","verdict":"`+v+`"}`)
		}
		return llmtest.Reply(`{"thought":"t","substates":[` + strings.Join(parts, ",") + `],"critical_info":[]}`)
	}))
	out := filepath.Join(t.TempDir(), "llm.json")
	if code := cliCode(t, "-q", "--model", "openai:test-model", "--base-url", srv.URL, "judge", "--trace", dir, "--out", out); code != 0 {
		t.Fatalf("fake provider: exit %d", code)
	}
	j = judgeRead(t, out)
	if !j.Complete || j.Judge.Kind != trace.JudgeLLM || srv.Count() == 0 {
		t.Fatalf("model judge on the example: %+v (%d requests)", j.Substates, srv.Count())
	}
}

func TestJudgeBatchTracesWithTable(t *testing.T) {
	t.Parallel()
	root := testenv.SharedData(t, "episodes/androidworld-json")
	db := judgeEnv(t)
	out := filepath.Join(t.TempDir(), "judged")
	code, stdout, _ := evalCapture(t, "--db", db, "-q", "judge", "--traces", root, "--out", out, "--concurrency", "3")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	if !strings.Contains(stdout, "overall (12 traces)") || !strings.Contains(stdout, "heuristic baseline") {
		t.Fatalf("closing table missing:\n%s", stdout)
	}
	outs, _ := filepath.Glob(filepath.Join(out, "*", trace.JudgmentName))
	if len(outs) != 12 {
		t.Fatalf("%d judgments under %s, want 12", len(outs), out)
	}
}

func TestJudgeAgainstFakeProvider(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	dir := t.TempDir()
	judgeWriteFile(t, filepath.Join(dir, "0001.xml"), judgeXMLScreen("com.google.android.apps.nexuslauncher", "Clock"))
	judgeWriteFile(t, filepath.Join(dir, "0002.xml"), judgeXMLScreen("com.google.android.deskclock", "Alarm", "7:30 AM"))
	judgeWriteFile(t, filepath.Join(dir, "0003.xml"), judgeXMLScreen("com.google.android.deskclock", "Alarm", "7:30 AM"))
	manifest := `{"version":1,"task":"Open the Clock app and set an alarm for 7:30 AM","status":"completed",
	  "frames":[{"index":1,"xml":"0001.xml"},{"index":2,"xml":"0002.xml"},{"index":3,"xml":"0003.xml"}]}`
	judgeWriteFile(t, filepath.Join(dir, trace.ManifestName), manifest)
	judgeWriteFile(t, filepath.Join(dir, "substates.json"), `{"substates":[
	  {"id":0,"kind":"page","content":"The Clock app is open","parent":null},
	  {"id":1,"kind":"unit","content":"An alarm for 7:30 AM is listed","parent":0}]}`)
	ids := regexp.MustCompile(`(?m)^- id (\d+) \[`)
	srv := llmtest.NewOpenAI(t, llmtest.Handler(func(r llmtest.Request) llmtest.Answer {
		if judgetest.IsReview(r.System) {
			return llmtest.Reply(judgetest.ReviewSuccess())
		}
		clock := strings.Contains(r.Text, "deskclock")
		var parts []string
		for _, m := range ids.FindAllStringSubmatch(r.Text[strings.Index(r.Text, "Open substates"):], -1) {
			v := "uncertain"
			if clock {
				v = "true"
			}
			parts = append(parts, `{"id":`+m[1]+`,"analysis":"seen","verdict":"`+v+`"}`)
		}
		return llmtest.Reply(`{"thought":"t","substates":[` + strings.Join(parts, ",") + `],"critical_info":[]}`)
	}))
	out := filepath.Join(t.TempDir(), "j.json")
	code, stdout, _ := evalCapture(t, "--db", db, "-q", "--model", "openai:test-model", "--base-url", srv.URL,
		"judge", "--trace", dir, "--out", out)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	j := judgeRead(t, out)
	if j.Judge.Kind != trace.JudgeLLM || j.Judge.Model != "openai:test-model" || !j.Complete || *j.Substates[1].Frame != 2 {
		t.Fatalf("judgment %+v / %+v", j.Judge, j.Substates)
	}
	// Two reasoner calls, then the last look at frame 3 before the success.
	if srv.Count() != 3 || !j.StoppedEarly || j.RunVerdict().Verdict != trace.RunSuccess {
		t.Fatalf("%d requests, stopped early %v, verdict %+v; want 2 and the review, an early stop and a success", srv.Count(), j.StoppedEarly, j.RunVerdict())
	}
	if !strings.Contains(stdout, "✓ 0 page") || !strings.Contains(stdout, "✓ 1 unit") || !strings.Contains(stdout, "Model calls 3") || !strings.Contains(stdout, "Verdict: SUCCESS: [L1]") {
		t.Fatalf("terminal tree:\n%s", stdout)
	}
	// Judging again costs nothing: the job is finished.
	cliCode(t, "--db", db, "-q", "--model", "openai:test-model", "--base-url", srv.URL, "judge", "--trace", dir, "--out", out)
	if srv.Count() != 3 {
		t.Fatalf("rerun made %d new requests", srv.Count()-3)
	}
}

func TestJudgeDecomposesWhenNoSubstates(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	dir := t.TempDir()
	judgeWriteFile(t, filepath.Join(dir, "0001.xml"), judgeXMLScreen("com.google.android.deskclock", "Alarm"))
	judgeWriteFile(t, filepath.Join(dir, trace.ManifestName), `{"version":1,"task":"Open the Clock app","status":"completed","frames":[{"index":1,"xml":"0001.xml"}]}`)
	var decompositions atomic.Int32
	srv := llmtest.NewOpenAI(t, llmtest.Handler(func(r llmtest.Request) llmtest.Answer {
		if judgetest.IsReview(r.System) {
			return llmtest.Reply(judgetest.ReviewSuccess())
		}
		if !strings.Contains(r.Text, "Open substates") {
			decompositions.Add(1)
			return llmtest.Reply(`{"substates":[{"id":0,"kind":"page","content":"The Clock app is open","parent":null}]}`)
		}
		return llmtest.Reply(`{"thought":"t","substates":[{"id":0,"analysis":"clock","verdict":"true"}],"critical_info":[]}`)
	}))
	out := filepath.Join(t.TempDir(), "j.json")
	for i := 0; i < 2; i++ {
		if code := cliCode(t, "--db", db, "-q", "--model", "openai:m", "--base-url", srv.URL, "judge", "--trace", dir, "--out", out, "--fresh"); code != 0 {
			t.Fatalf("exit %d", code)
		}
		j := judgeRead(t, out)
		if !j.Complete || len(j.Substates) != 1 {
			t.Fatalf("%+v", j.Substates)
		}
		// The first run paid for the decomposition as well as the reasoner call; the
		// second, fresh run found both in the caches and paid nothing.
		if want := 2 - 2*i; j.Usage.Calls != want {
			t.Fatalf("run %d: usage %+v, want %d calls (decomposition counted once)", i+1, j.Usage, want)
		}
	}
	if n := decompositions.Load(); n != 1 {
		t.Fatalf("%d decomposition calls over two runs, want 1 (cached)", n)
	}
}

func TestJudgeFlagErrors(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	tr := t.TempDir()
	judgeWriteFile(t, filepath.Join(tr, "0001.xml"), judgeXMLScreen("com.x", "a"))
	judgeWriteFile(t, filepath.Join(tr, trace.ManifestName), `{"version":1,"task":"Open x","status":"completed","frames":[{"index":1,"xml":"0001.xml"}]}`)
	badSubs := filepath.Join(t.TempDir(), "subs.json")
	judgeWriteFile(t, badSubs, `{"substates":[{"id":0,"kind":"unit","content":"x","parent":null}]}`)
	for _, args := range [][]string{
		{"judge"},
		{"judge", "--trace", "a", "--traces", "b"},
		{"judge", "--trace", "a", "--judge", "oracle"},
		{"judge", "--trace", "a", "--judge", "llm"},
		{"judge", "--trace", filepath.Join(t.TempDir(), "missing")},
		{"judge", "--trace", tr, "--substates", badSubs},
		{"judge", "--trace", tr, "--capture", "ocr"},
		{"judge", "--trace", tr, "--judge", "heuristic", "--capture", "vision"},
	} {
		if code := cliCode(t, append([]string{"--db", db, "-q"}, args...)...); code == 0 {
			t.Errorf("%v: exit 0", args)
		}
	}
	for _, flag := range []string{"--concurrency=-1", "--capture-concurrency=-1", "--retries=-3"} {
		code, _, errOut := evalCapture(t, "--db", db, "-q", "judge", "--trace", tr, flag)
		if code != 2 || !strings.Contains(errOut, strings.Split(flag, "=")[0]) {
			t.Errorf("%s: exit %d, %q; want a usage error naming the flag", flag, code, errOut)
		}
	}
}

func judgeWriteFile(t *testing.T, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

func judgeXMLScreen(pkg string, texts ...string) string {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0"?><hierarchy rotation="0"><node class="android.widget.FrameLayout" package="` + pkg + `" text="" bounds="[0,0][1080,1920]">`)
	for i, s := range texts {
		y := strconv.Itoa(100 + 150*i)
		b.WriteString(`<node class="android.widget.TextView" package="` + pkg + `" text="` + s + `" bounds="[0,` + y + `][1080,` + y + `]"/>`)
	}
	b.WriteString(`</node></hierarchy>`)
	return b.String()
}

// The global model flags reach the judge's models: with --model-retries 0 a failing
// provider is asked once, and the run fails with one line naming the trace.
func TestJudgeHonoursModelRetries(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	dir := t.TempDir()
	judgeWriteFile(t, filepath.Join(dir, "0001.xml"), judgeXMLScreen("com.google.android.deskclock", "Alarm"))
	judgeWriteFile(t, filepath.Join(dir, trace.ManifestName), `{"version":1,"task":"Open the Clock app","status":"completed","frames":[{"index":1,"xml":"0001.xml"}]}`)
	judgeWriteFile(t, filepath.Join(dir, "substates.json"), `{"substates":[{"id":0,"kind":"page","content":"The Clock app is open","parent":null}]}`)
	srv := llmtest.NewOpenAI(t, llmtest.Handler(func(llmtest.Request) llmtest.Answer { return llmtest.Status(500) }))
	code, _, errOut := evalCapture(t, "--db", db, "-q", "--model", "openai:m", "--base-url", srv.URL, "--model-retries", "0",
		"judge", "--trace", dir, "--out", filepath.Join(t.TempDir(), "j.json"))
	if code == 0 || srv.Count() != 1 {
		t.Fatalf("exit %d after %d requests, want a failure after exactly 1", code, srv.Count())
	}
	if lines := strings.Split(strings.TrimSpace(errOut), "\n"); len(lines) != 1 || !strings.Contains(errOut, "frame 1") {
		t.Fatalf("error output:\n%s", errOut)
	}
}

// A folder of screenshots is judged without a model: the heuristic baseline reads the
// screenshots' text by OCR (Tesseract).
func TestJudgeScreenshotsOnlyWithoutModel(t *testing.T) {
	t.Parallel()
	testenv.RequireTesseract(t)
	png, err := os.ReadFile(filepath.Join(judgeExample(t), "0002.png"))
	if err != nil {
		t.Fatal(err)
	}
	db := judgeEnv(t) // changes the working directory
	dir := filepath.Join(t.TempDir(), "pngdir")
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	judgeWriteFile(t, filepath.Join(dir, "0001.png"), string(png))
	judgeWriteFile(t, filepath.Join(dir, "task.txt"), "Open the Clock app")
	code, out, errOut := evalCapture(t, "--db", db, "-q", "judge", "--trace", dir)
	if code != 0 || !strings.Contains(out, "described from ocr 1") || !strings.Contains(out, "✓ 0 page: The Clock app is open") {
		t.Fatalf("exit %d\n%s\n%s", code, out, errOut)
	}
}

// judgeExample is the repository's bundled example trace, skipping when it is absent. Call
// it before judgeEnv, which leaves the repository for a temporary working directory.
func judgeExample(t *testing.T) string {
	t.Helper()
	ex := filepath.Join(testenv.RepoRoot(t), "examples", "clock-alarm")
	if _, err := os.Stat(filepath.Join(ex, trace.ManifestName)); err != nil {
		t.Skipf("bundled example not present at %s", ex)
	}
	return ex
}

// A decomposition answered from the model-call cache costs the judgment a cache hit, not a
// call: the judgment's calls count only requests the provider answered.
func TestDecomposeCacheHitIsNotACall(t *testing.T) {
	t.Parallel()
	judgeEnv(t)
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "d.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	srv := llmtest.NewOpenAI(t, llmtest.Handler(func(llmtest.Request) llmtest.Answer {
		return llmtest.Reply(`{"substates":[{"id":0,"kind":"page","content":"The Clock app is open","parent":null}]}`)
	}))
	m, err := llm.Open(ctx, llm.Config{Spec: "openai:m", BaseURL: srv.URL, Cache: db, Ledger: db})
	if err != nil {
		t.Fatal(err)
	}
	decompose := decomposeFunc(m, db, false)
	if _, u, err := decompose(ctx, "Open the Clock app", ""); err != nil || u.Calls != 1 || u.CacheHits != 0 {
		t.Fatalf("first decomposition: %+v, %v; want one call", u, err)
	}
	// Forget the decomposition itself, keep the model's answer in the call cache.
	if _, err := storetest.SQL(t, db.Path).Exec(`DELETE FROM substates`); err != nil {
		t.Fatal(err)
	}
	if _, u, err := decompose(ctx, "Open the Clock app", ""); err != nil || u.Calls != 0 || u.CacheHits != 1 {
		t.Fatalf("decomposition from the call cache: %+v, %v; want no call and one cache hit", u, err)
	}
	if srv.Count() != 1 {
		t.Fatalf("the provider answered %d requests, want 1", srv.Count())
	}
}
