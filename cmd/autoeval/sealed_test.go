package main

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/adbd"
	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/trace"
)

// clockModel is a provider stand-in that judges the clock substates from the screen
// description in the prompt, as a careful model would.
func clockModel(r llmtest.Request) llmtest.Answer {
	d := judgetest.Fenced(r.Text)
	clock := strings.Contains(d, "deskclock")
	alarm := clock && strings.Contains(d, `"Alarm"`)
	truth := map[int]bool{0: clock, 1: alarm, 2: alarm && strings.Contains(d, `"7:30 AM"`), 3: alarm && strings.Contains(d, "checked/on")}
	return llmtest.Reply(judgetest.Answer(judgetest.AskedIDs(r.Text), truth, ""))
}

// clockTraceDir writes a native trace of the clock screens with its substates.json.
func clockTraceDir(t *testing.T) *trace.Trace {
	t.Helper()
	tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, judgetest.ClockScreens()...)
	if err := tr.WriteManifest(); err != nil {
		t.Fatal(err)
	}
	data, err := json.Marshal(judgetest.ClockSubs())
	if err != nil {
		t.Fatal(err)
	}
	judgeWriteFile(t, filepath.Join(tr.Dir, judge.SubstatesName), string(data))
	return tr
}

// judgedClockTrace is clockTraceDir with a successful ground truth, judged by the heuristic
// with the database db (its judgment beside it).
func judgedClockTrace(t *testing.T, db string) *trace.Trace {
	t.Helper()
	tr := clockTraceDir(t)
	tr.GroundTruth = &trace.GroundTruth{Reward: 1, Source: "test"}
	if err := tr.WriteManifest(); err != nil {
		t.Fatal(err)
	}
	if code, out, errOut := evalCapture(t, "--db", db, "-q", "judge", "--judge", "heuristic", "--trace", tr.Dir); code != 0 {
		t.Fatalf("judge exit %d:\n%s\n%s", code, out, errOut)
	}
	return tr
}

// Screens replaced under the same names are judged again with the same database: the
// progress is keyed by what the frames hold, not by their file names. Before, the second
// run took the first run's verdicts from the database (SCR 1.00, no model call) although
// the screens now show only the timer tab (SCR 0.25 with a fresh database).
func TestJudgeAgainAfterScreensReplaced(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	setenv(t, "OPENAI_API_KEY", "sk-test")
	srv := llmtest.NewOpenAI(t, llmtest.Handler(clockModel))
	tr := clockTraceDir(t)
	judgeIt := func(dbPath string) *trace.Judgment {
		t.Helper()
		code, out, errOut := evalCapture(t, "--db", dbPath, "-q", "--model", "openai:clock-judge", "--base-url", srv.URL,
			"judge", "--trace", tr.Dir)
		if code != 0 {
			t.Fatalf("judge exit %d:\n%s\n%s", code, out, errOut)
		}
		return judgeRead(t, filepath.Join(tr.Dir, trace.JudgmentName))
	}
	if j := judgeIt(db); j.SCR != 1 {
		t.Fatalf("first judgment SCR %.2f, want 1", j.SCR)
	}
	// The same names, other screens: the clock app, never its alarm list.
	timer := judgetest.ScreenXML("com.google.android.deskclock", "Timer", "Start")
	for _, f := range tr.Frames[1:] {
		judgeWriteFile(t, filepath.Join(tr.Dir, f.XML), timer)
	}
	asked := srv.Count()
	again := judgeIt(db)
	fresh := judgeIt(filepath.Join(t.TempDir(), "fresh.db"))
	if again.SCR != fresh.SCR || fresh.SCR != 0.25 {
		t.Fatalf("after the screens were replaced: SCR %.2f with the same database, %.2f with a fresh one (want 0.25 both)", again.SCR, fresh.SCR)
	}
	if srv.Count() == asked {
		t.Fatal("the model was not asked about the replaced screens")
	}
}

// A frame changed after judging makes the judgment stale: eval leaves it out of every table
// and says why, report shows it as stale, and trace validate fails on it. A judgment written
// before judgments recorded their provenance is counted and shown as of unknown provenance,
// not as stale.
func TestChangedFrameMakesJudgmentStale(t *testing.T) {
	t.Parallel()
	tr := judgedClockTrace(t, judgeEnv(t))
	j := judgeRead(t, filepath.Join(tr.Dir, trace.JudgmentName))
	if j.Provenance == nil || len(j.Provenance.Frames) == 0 || j.Provenance.SubstatesFrom != trace.SubstatesFromTrace {
		t.Fatalf("judgment provenance %+v", j.Provenance)
	}
	evalJSON := func() map[string]any {
		t.Helper()
		code, out, errOut := evalCapture(t, "eval", "--traces", tr.Dir, "--format", "json")
		if code != 0 {
			t.Fatalf("eval exit %d:\n%s\n%s", code, out, errOut)
		}
		var got map[string]any
		if err := json.Unmarshal([]byte(out), &got); err != nil {
			t.Fatal(err)
		}
		return got
	}
	if got := evalJSON(); got["provenance"] != nil || fmt.Sprint(got["agents"]) == "[]" || got["agents"].([]any)[0].(map[string]any)["tasks"] != float64(1) {
		t.Fatalf("a fresh judgment: eval provenance %v, agents %v", got["provenance"], got["agents"])
	}
	if code, out, _ := evalCapture(t, "trace", "validate", tr.Dir); code != 0 {
		t.Fatalf("validate of a fresh judgment: exit %d\n%s", code, out)
	}

	judgeWriteFile(t, filepath.Join(tr.Dir, tr.Frames[2].XML), judgetest.ScreenXML("com.google.android.deskclock", "Timer", "Start"))
	got := evalJSON()
	stale, _ := got["provenance"].(map[string]any)["stale"].([]any)
	if len(stale) != 1 || !strings.Contains(strings.Join(asStrings(stale[0].(map[string]any)["reasons"]), ";"), "0003.xml changed") {
		t.Fatalf("eval after frame 3 changed: provenance %v", got["provenance"])
	}
	for _, a := range got["agents"].([]any) {
		if n := a.(map[string]any)["tasks"]; n != float64(0) {
			t.Fatalf("a stale judgment was counted: agents %v", got["agents"])
		}
	}
	code, text, _ := evalCapture(t, "eval", "--traces", tr.Dir)
	if code != 0 || !strings.Contains(text, "Stale: 1 judgment left out") || !strings.Contains(text, "0003.xml changed") {
		t.Fatalf("eval text (exit %d):\n%s", code, text)
	}
	if code, out, _ := evalCapture(t, "trace", "validate", tr.Dir); code != 1 || !strings.Contains(out, "is stale: frame 3: 0003.xml changed") {
		t.Fatalf("validate after the change: exit %d\n%s", code, out)
	}
	rep := filepath.Join(t.TempDir(), "r.json")
	if code, _, errOut := evalCapture(t, "-q", "report", "--traces", tr.Dir, "--format", "json", "--out", rep); code != 0 {
		t.Fatalf("report: exit %d: %s", code, errOut)
	}
	var r struct {
		Traces []struct {
			Judgments []any `json:"judgments"`
			Stale     []struct {
				Reasons []string `json:"reasons"`
			} `json:"stale_judgments"`
		} `json:"traces"`
	}
	data, _ := os.ReadFile(rep)
	if err := json.Unmarshal(data, &r); err != nil || len(r.Traces) != 1 || len(r.Traces[0].Judgments) != 0 || len(r.Traces[0].Stale) != 1 {
		t.Fatalf("report: %v %s", err, data)
	}

	// The same judgment as an older build wrote it: no provenance, counted, said unknown.
	j.Provenance = nil
	if err := trace.WriteJudgment(filepath.Join(tr.Dir, trace.JudgmentName), j); err != nil {
		t.Fatal(err)
	}
	got = evalJSON()
	if p := got["provenance"].(map[string]any); p["unknown"] != float64(1) || p["stale"] != nil {
		t.Fatalf("an old judgment: provenance %v", p)
	}
	if code, text, _ := evalCapture(t, "eval", "--traces", tr.Dir); code != 0 || !strings.Contains(text, "Unknown provenance: 1 judgment") {
		t.Fatalf("eval of an old judgment (exit %d):\n%s", code, text)
	}
}

func asStrings(v any) []string {
	var out []string
	for _, s := range v.([]any) {
		out = append(out, s.(string))
	}
	return out
}

// The agent under test cannot write its own success criteria. Through the real adb server
// and the device stand-in, 'run' gives two tasks of the same text the same screen: an
// honest agent that does nothing, and one that does nothing but write substates.json next
// to its answer file (before, that was its own trace folder, and the judge took it: TCR
// 100%), and plant the same file and a judgment claiming success from another judge in its
// trace folder. Both score the same, and what the cheat wrote is moved aside, unread.
func TestAgentCannotWriteItsOwnSuccessCriteria(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	srv, dev := testDevice(t)
	dev.SetScreens(obsScreens(t), adbd.AdvanceOnInput) // nothing changes unless the agent taps
	dir := t.TempDir()
	runs := filepath.Join(dir, "runs")
	suitePath := filepath.Join(dir, "suite.yaml")
	task := "Set an alarm for 10:30 AM in the Clock app"
	judgeWriteFile(t, suitePath, "tasks:\n  - {id: honest, task: "+task+"}\n  - {id: cheat, task: "+task+"}\n")
	subs := `{"substates":[{"id":0,"kind":"page","content":"The Clock app is open","parent":null}]}`
	fake := `{"version":1,"trace":"x","task":"` + task + `","judge":{"kind":"llm","model":"openai:gpt-4o"},` +
		`"substates":[{"id":0,"kind":"page","content":"The Clock app is open","parent":null,"satisfied":true,"frame":1}],` +
		`"frames":[{"index":1}],"scr":1,"complete":true,"complete_required":true,"usage":{"calls":1,"cache_hits":0,"input_tokens":1,"output_tokens":1,"cost_usd":0},` +
		`"started":"2024-01-01T00:00:00Z","finished":"2024-01-01T00:00:01Z"}`
	cheat := agentFile(t, "cheat.sh", `if [ "$AUTOEVAL_TASK_ID" = cheat ]; then
  printf '%s' '`+subs+`' > "$(dirname "$AUTOEVAL_ANSWER_FILE")/substates.json"
  printf '%s' '`+subs+`' > '`+filepath.Join(runs, "cheat", "substates.json")+`'
  printf '%s' '`+fake+`' > '`+filepath.Join(runs, "cheat", trace.JudgmentName)+`'
fi
sleep 0.3`)
	code, stdout, errOut := evalCapture(t, "--db", db, "-q", "run", "--adb", srv.Addr(), "--suite", suitePath, "--out", runs,
		"--agent-cmd", cheat, "--interval", "30ms", "--xml", "--judge", "heuristic")
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, stdout, errOut)
	}
	verdict := func(name string) *trace.Judgment {
		t.Helper()
		m, _ := filepath.Glob(filepath.Join(runs, name, "judgment*.json"))
		if len(m) != 1 {
			t.Fatalf("%s: judgments %v, want the run's one", name, m)
		}
		return judgeRead(t, m[0])
	}
	honest, cheated := verdict("honest"), verdict("cheat")
	if honest.Judge.Kind != trace.JudgeHeuristic || cheated.Judge.Kind != trace.JudgeHeuristic {
		t.Fatalf("judges %+v and %+v, want the run's heuristic", honest.Judge, cheated.Judge)
	}
	if cheated.SCR != honest.SCR || cheated.Complete != honest.Complete || len(cheated.Substates) != len(honest.Substates) {
		t.Fatalf("the cheating agent scored SCR %.2f complete %v over %d substates; the honest one SCR %.2f complete %v over %d",
			cheated.SCR, cheated.Complete, len(cheated.Substates), honest.SCR, honest.Complete, len(honest.Substates))
	}
	if honest.Complete {
		t.Fatal("doing nothing completed the task")
	}
	tr, err := trace.ReadManifest(filepath.Join(runs, "cheat"))
	if err != nil {
		t.Fatal(err)
	}
	aside, _ := tr.Metadata["agent_written"].(map[string]any)
	if files := fmt.Sprint(aside["files"]); !strings.Contains(files, "substates.json") || !strings.Contains(files, trace.JudgmentName) {
		t.Fatalf("metadata.agent_written %v", tr.Metadata["agent_written"])
	}
	code, out, errOut := evalCapture(t, "eval", "--traces", runs, "--format", "json")
	if code != 0 || strings.Contains(out, "gpt-4o") {
		t.Fatalf("eval (exit %d) counted the planted judgment:\n%s\n%s", code, out, errOut)
	}
}

func agentFile(t *testing.T, name, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	judgeWriteFile(t, p, "#!/bin/sh\n"+body+"\n")
	if err := os.Chmod(p, 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// Nothing in a task text runs, and the agent gets it exactly, however --agent-cmd quotes
// {task}: through the real adb server and the device stand-in, 'run' gives the agent a task
// holding "$(touch PWNED)", backquotes, quotes of both kinds, "$25.50" and a backslash, with
// the placeholder in double quotes, in single quotes, bare, and inside a word. Before, the
// text pasted in single quotes inside the double quotes ran PWNED and turned $25.50 into 5.50.
func TestRunPassesTheTaskTextExactly(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	srv, dev := testDevice(t)
	dev.SetScreens(obsScreens(t), adbd.AdvanceOnInput)
	dir := t.TempDir()
	task := `Pay "$25.50" for it; $(touch PWNED) then ` + "`touch PWNED2`" + ` & it's a\back \"slash\"`
	suite, _ := json.Marshal([]map[string]string{{"id": "pay", "task": task}})
	suitePath := filepath.Join(dir, "suite.json")
	judgeWriteFile(t, suitePath, string(suite))
	got := filepath.Join(dir, "got")
	work := t.TempDir() // the agent's working folder, where the task text would make PWNED
	agent := `cd ` + work + ` && printf '[%s]\n' "{task}" '{task}' {task} --goal={task} "{task}, today" > ` + got
	code, stdout, errOut := evalCapture(t, "--db", db, "-q", "run", "--adb", srv.Addr(), "--suite", suitePath, "--out", filepath.Join(dir, "runs"),
		"--agent-cmd", agent, "--interval", "30ms", "--xml", "--judge", "heuristic")
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, stdout, errOut)
	}
	data, _ := os.ReadFile(got)
	want := "[" + task + "]\n[" + task + "]\n[" + task + "]\n[--goal=" + task + "]\n[" + task + ", today]\n"
	if string(data) != want {
		t.Errorf("the agent got\n%s\nwant\n%s", data, want)
	}
	for _, p := range []string{filepath.Join(work, "PWNED"), filepath.Join(work, "PWNED2"), filepath.Join(dir, "runs", "pay", "PWNED")} {
		if _, err := os.Stat(p); err == nil {
			t.Errorf("%s exists: the task text ran", p)
		}
	}
}

// A placeholder whose quoting autoeval cannot follow is refused before anything runs, with
// the reason: bad usage (exit 2), before any device is waited for (it was refused, exit 1,
// only once a device was there; with none, the run waited and failed on the device).
func TestRunRefusesAPlaceholderItCannotQuote(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	dir := t.TempDir()
	suitePath := filepath.Join(dir, "suite.yaml")
	judgeWriteFile(t, suitePath, "tasks:\n  - {id: a, task: Open the Clock app}\n")
	ran := filepath.Join(dir, "ran")
	code, _, errOut := evalCapture(t, "--db", db, "-q", "run", "--adb", "127.0.0.1:1", "--wait", "0", "--suite", suitePath, "--out", filepath.Join(dir, "runs"),
		"--agent-cmd", `touch `+ran+`; echo "$(echo {task})"`, "--interval", "30ms", "--judge", "heuristic")
	if code != 2 || !strings.Contains(errOut, "--agent-cmd") || !strings.Contains(errOut, "command substitution") || !strings.Contains(errOut, "$AUTOEVAL_TASK") {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	if _, err := os.Stat(ran); err == nil {
		t.Fatal("the agent ran")
	}
}

// judge --traces A --traces B judges the traces below both roots, as eval and report merge
// repeated roots (before, only B's, exit 0); a root inside another adds nothing twice.
func TestJudgeMergesRepeatedTraceRoots(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	var roots []string
	for range 2 {
		root := t.TempDir()
		tr := clockTraceDir(t)
		dst := filepath.Join(root, "clock")
		if err := os.Rename(tr.Dir, dst); err != nil {
			t.Fatal(err)
		}
		roots = append(roots, root)
	}
	code, out, errOut := evalCapture(t, "--db", db, "-q", "judge", "--judge", "heuristic",
		"--traces", roots[0], "--traces", roots[1], "--traces", filepath.Join(roots[1], "clock"))
	if code != 0 || !strings.Contains(out, "overall (2 traces)") {
		t.Fatalf("exit %d:\n%s\n%s", code, out, errOut)
	}
	for _, root := range roots {
		if _, err := os.Stat(filepath.Join(root, "clock", trace.JudgmentName)); err != nil {
			t.Errorf("%s was not judged: %v", root, err)
		}
	}
}

// A decomposition made at one endpoint is not reused at another: the same task and model
// name at a second base URL asks that server (before: "from the database, no model call"),
// and so does a suite batch, whose finished tasks belonged to the first endpoint's batch.
func TestDecompositionsAreKeyedByEndpoint(t *testing.T) {
	t.Parallel()
	db := decomposeEnv(t)
	setenv(t, "OPENAI_API_KEY", decomposeSecret)
	a := llmtest.NewOpenAI(t, llmtest.Handler(decomposeAnswer))
	b := llmtest.NewOpenAI(t, llmtest.Handler(decomposeAnswer))
	one := func(srv *llmtest.Server) string {
		t.Helper()
		code, _, stderr := cliRun(t, context.Background(), "decompose", "--db", db, "--model", "openai:m", "--base-url", srv.URL,
			"--task", "Set an alarm for 7:30 AM", "--json")
		if code != 0 {
			t.Fatalf("exit %d: %s", code, stderr)
		}
		return stderr
	}
	one(a)
	if stderr := one(a); a.Count() != 1 || !strings.Contains(stderr, "no model call") {
		t.Fatalf("the same endpoint again: %d requests, %s", a.Count(), stderr)
	}
	if stderr := one(b); b.Count() != 1 || strings.Contains(stderr, "no model call") {
		t.Fatalf("another endpoint: %d requests there, %s", b.Count(), stderr)
	}

	suitePath := filepath.Join(t.TempDir(), "suite.yaml")
	judgeWriteFile(t, suitePath, "tasks:\n  - {id: alarm, task: Set an alarm for 6:00 AM}\n")
	out := t.TempDir()
	for _, srv := range []*llmtest.Server{a, b} {
		before := srv.Count()
		code, _, stderr := cliRun(t, context.Background(), "decompose", "--db", db, "--model", "openai:m", "--base-url", srv.URL,
			"--suite", suitePath, "--out", out)
		if code != 0 || srv.Count() != before+1 {
			t.Fatalf("suite at %s: exit %d, %d requests: %s", srv.URL, code, srv.Count()-before, stderr)
		}
	}
}

// A judgment's saved progress is not reused at another endpoint either: the same trace and
// model name at a second base URL is judged by that server.
func TestJudgeProgressIsKeyedByEndpoint(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	setenv(t, "OPENAI_API_KEY", "sk-test")
	a := llmtest.NewOpenAI(t, llmtest.Handler(clockModel))
	b := llmtest.NewOpenAI(t, llmtest.Handler(clockModel))
	tr := clockTraceDir(t)
	for _, srv := range []*llmtest.Server{a, b} {
		code, out, errOut := evalCapture(t, "--db", db, "-q", "--model", "openai:clock-judge", "--base-url", srv.URL, "judge", "--trace", tr.Dir)
		if code != 0 || srv.Count() == 0 {
			t.Fatalf("judge at %s: exit %d, %d requests\n%s\n%s", srv.URL, code, srv.Count(), out, errOut)
		}
	}
	j := judgeRead(t, filepath.Join(tr.Dir, trace.JudgmentName))
	if j.Provenance == nil || j.Provenance.Judge.Endpoint != b.URL {
		t.Fatalf("provenance %+v, want the endpoint %s", j.Provenance, b.URL)
	}
}

// Importing again after the source changed (its reward flipped, the text of an action
// changed) stops with a message naming the source file and what changed, instead of
// "skipped: already imported" over the stale copy and its old ground truth. Unchanged
// sources (the 12 real episodes and a LlamaTouch folder) are still skipped as imported.
func TestReimportNoticesAChangedSource(t *testing.T) {
	t.Parallel()
	episodes := testenv.SharedData(t, "episodes/androidworld-json")
	llamatouch := testenv.SharedData(t, "traces/llamatouch")
	judgeEnv(t)
	src := t.TempDir()
	if err := os.CopyFS(src, os.DirFS(episodes)); err != nil {
		t.Fatal(err)
	}
	lt := filepath.Join(src, "trace_7")
	if err := os.CopyFS(lt, os.DirFS(filepath.Join(llamatouch, "trace_7"))); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "imported")
	if code, _, errOut := evalCapture(t, "-q", "trace", "import", src, "--out", out); code != 0 {
		t.Fatalf("import: exit %d: %s", code, errOut)
	}
	code, stdout, errOut := evalCapture(t, "-q", "trace", "import", src, "--out", out)
	if code != 0 || strings.Count(stdout, "already imported") != 13 {
		t.Fatalf("the same import again: exit %d\n%s\n%s", code, stdout, errOut)
	}

	name := "FilesDeleteFile_base_gpt-4o-mini_7d52a840.json"
	path := filepath.Join(src, name)
	var ep map[string]any
	data, _ := os.ReadFile(path)
	if err := json.Unmarshal(data, &ep); err != nil {
		t.Fatal(err)
	}
	ep["task_actually_successful"] = !(ep["task_actually_successful"].(bool))
	steps := ep["step_records"].([]any)
	steps[0].(map[string]any)["action"] = `{"action_type": "status", "goal_status": "complete"}`
	data, _ = json.Marshal(ep)
	judgeWriteFile(t, path, string(data))
	code, stdout, errOut = evalCapture(t, "-q", "trace", "import", src, "--out", out)
	if code != 1 || !strings.Contains(errOut, name) || !strings.Contains(errOut, "changed since it was imported") ||
		!strings.Contains(errOut, "the ground truth reward") || !strings.Contains(errOut, "frames 1 changed") {
		t.Fatalf("import after the source changed: exit %d\nstdout %s\nstderr %s", code, stdout, errOut)
	}
	if strings.Count(stdout, "already imported") != 12 {
		t.Fatalf("the unchanged sources:\n%s", stdout)
	}
}

// A suite run again with another judge judges the recordings again instead of taking the
// earlier judge's verdicts as done (before: the heuristic's verdicts stood, the model was
// never asked); the agent does not run again, and the same judge again changes nothing.
// Through the real adb server and the device stand-in.
func TestRunJudgesAgainWithAnotherJudge(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	setenv(t, "OPENAI_API_KEY", "sk-test")
	srv, _ := clockDevice(t)
	a := llmtest.NewOpenAI(t, llmtest.Handler(flowModel))
	b := llmtest.NewOpenAI(t, llmtest.Handler(flowModel))
	dir := t.TempDir()
	suitePath := filepath.Join(dir, "suite.yaml")
	judgeWriteFile(t, suitePath, "tasks:\n  - {id: clock, task: Open the Clock app}\n")
	ran := filepath.Join(dir, "ran")
	runs := filepath.Join(dir, "runs")
	run := func(judgeArgs ...string) string {
		t.Helper()
		args := append([]string{"--db", db}, judgeArgs...)
		args = append(args, "run", "--adb", srv.Addr(), "--suite", suitePath, "--out", runs,
			"--agent-cmd", "echo ran >> "+ran+"; sleep 0.2", "--interval", "30ms", "--xml")
		code, stdout, errOut := evalCapture(t, args...)
		if code != 0 {
			t.Fatalf("run %v: exit %d: %s %s", judgeArgs, code, stdout, errOut)
		}
		return errOut
	}
	run("--judge", "heuristic")
	run("--model", "openai:judge-a", "--base-url", a.URL)
	asked := a.Count()
	if asked == 0 {
		t.Fatal("the model judge was not asked: the heuristic's verdict was taken as done")
	}
	if j := judgeRead(t, filepath.Join(runs, "clock", "judgment.openai_judge-a.json")); j.Judge.Model != "openai:judge-a" {
		t.Fatalf("judge %+v", j.Judge)
	}
	run("--model", "openai:judge-a", "--base-url", a.URL)
	if a.Count() != asked {
		t.Fatalf("the same judge again asked the model %d more times", a.Count()-asked)
	}
	run("--model", "openai:judge-a", "--base-url", b.URL)
	if b.Count() == 0 {
		t.Fatal("the same model at another endpoint was not asked")
	}
	if data, _ := os.ReadFile(ran); strings.Count(string(data), "ran") != 1 {
		t.Fatalf("the agent ran %d times, want once", strings.Count(string(data), "ran"))
	}
}
