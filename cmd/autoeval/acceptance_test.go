package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/internal/testenv"
)

// Found by using the tool as a newcomer would: the frictions below are fixed and pinned here.

// A mistyped command line exits 2 (bad usage, as observe --help documents) with one line that
// says which help to read, whether cobra or the command itself rejected it.
func TestAcceptanceUsageErrorsExit2WithHelpHint(t *testing.T) {
	t.Parallel()
	judgeEnv(t)
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"judge", "--trac", "x"}, "unknown flag: --trac; did you mean --trace? (see 'autoeval judge --help')"},
		{[]string{"eval"}, `required flag(s) "traces" not set (see 'autoeval eval --help')`},
		{[]string{"trace", "info"}, "accepts 1 arg(s), received 0 (see 'autoeval trace info --help')"},
		{[]string{"observe", "--timeout", "soon"}, "(see 'autoeval observe --help')"},
		{[]string{"frobnicate"}, `unknown command "frobnicate" for "autoeval" (see 'autoeval --help')`},
		{[]string{"trace", "inof", "x"}, `unknown command "inof" for "autoeval trace" (see 'autoeval trace --help')`},
	} {
		code, stdout, stderr := evalCapture(t, c.args...)
		if code != 2 || !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || stdout != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want exit 2 and one line with %q", c.args, code, stderr, stdout, c.want)
		}
	}
	// Flags before the command's name are the command's; 'help COMMAND' is help.
	if code, stdout, stderr := evalCapture(t, "-q", "--max-pixels", "100", "trace", "validate", "--help"); code != 0 || !strings.Contains(stdout, "--max-pixels") {
		t.Errorf("flags before the command: exit %d, %s", code, stderr)
	}
	if code, stdout, stderr := evalCapture(t, "help", "judge"); code != 0 || !strings.Contains(stdout, "autoeval judge (--trace PATH | --traces ROOT)") {
		t.Errorf("help judge: exit %d, %s", code, stderr)
	}
	// The group command alone still shows its help, successfully.
	if code, stdout, _ := evalCapture(t, "trace"); code != 0 || !strings.Contains(stdout, "Available Commands") {
		t.Errorf("trace alone: exit %d, stdout %q", code, stdout)
	}
}

// A trace path that does not exist gives exactly one error line, not a notice about the judge
// first; a judged trace prints the baseline notice once (in the tree), not also on stderr,
// while --json, whose reader sees no tree, still gets it on stderr.
func TestAcceptanceJudgeNoticeOnceAndAfterInput(t *testing.T) {
	t.Parallel()
	ex := judgeExample(t) // before judgeEnv leaves the repository
	db := judgeEnv(t)
	code, _, stderr := evalCapture(t, "--db", db, "judge", "--trace", "nonexist")
	if code != 1 || strings.Contains(stderr, "notice") || !strings.Contains(stderr, "nonexist") || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Fatalf("missing trace: exit %d, stderr %q", code, stderr)
	}
	dir := filepath.Join(t.TempDir(), "clock-alarm")
	if err := os.CopyFS(dir, os.DirFS(ex)); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, "judgment.json"))
	code, stdout, stderr := evalCapture(t, "--db", db, "judge", "--trace", dir)
	if code != 0 || strings.Count(stdout+stderr, "no model configured") != 1 || !strings.Contains(stdout, "Note: heuristic baseline") {
		t.Fatalf("tree: exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	code, stdout, stderr = evalCapture(t, "--db", db, "judge", "--trace", dir, "--json", "--out", filepath.Join(t.TempDir(), "j.json"))
	if code != 0 || !strings.Contains(stderr, "autoeval: notice: heuristic baseline") || !strings.HasPrefix(strings.TrimSpace(stdout), "{") {
		t.Fatalf("json: exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
}

// A provider refusing the key says what to check instead of a bare HTTP status.
func TestAcceptanceRejectedKeyHint(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	setenv(t, "OPENAI_API_KEY", "sk-wrong")
	srv := llmtest.NewOpenAI(t, llmtest.Status(401))
	code, _, stderr := evalCapture(t, "--db", db, "--no-cache", "--model", "openai:gpt-4o-mini", "--base-url", srv.URL,
		"decompose", "--task", "Turn on Wi-Fi")
	if code != 1 || !strings.Contains(stderr, "401") || !strings.Contains(stderr, "check the API key in OPENAI_API_KEY, and --base-url") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	setenv(t, "ANTHROPIC_API_KEY", "sk-wrong")
	asrv := llmtest.NewAnthropic(t, llmtest.Status(403))
	code, _, stderr = evalCapture(t, "--db", db, "--no-cache", "--model", "anthropic:claude-3-5-haiku-latest", "--base-url", asrv.URL,
		"decompose", "--task", "Turn on Wi-Fi")
	if code != 1 || !strings.Contains(stderr, "403") || !strings.Contains(stderr, "check the API key in ANTHROPIC_API_KEY, and --base-url") {
		t.Fatalf("anthropic: exit %d, stderr %q", code, stderr)
	}
}

// eval and report over traces nobody judged yet say which command to run first.
func TestAcceptanceUnjudgedTracesHint(t *testing.T) {
	t.Parallel()
	ex := judgeExample(t)
	setenv(t, "AUTOEVAL_DB", judgeEnv(t)) // never the user's own database
	root := t.TempDir()
	dir := filepath.Join(root, "clock-alarm")
	if err := os.CopyFS(dir, os.DirFS(ex)); err != nil {
		t.Fatal(err)
	}
	os.Remove(filepath.Join(dir, "judgment.json"))
	want := "run 'autoeval judge --traces " + root + "' first"
	if code, _, stderr := evalCapture(t, "eval", "--traces", root, "--resamples", "10"); code != 0 || !strings.Contains(stderr, want) {
		t.Errorf("eval: exit %d, stderr %q", code, stderr)
	}
	if code, _, stderr := evalCapture(t, "report", "--traces", root, "--out", filepath.Join(t.TempDir(), "r.html")); code != 0 || !strings.Contains(stderr, want) {
		t.Errorf("report: exit %d, stderr %q", code, stderr)
	}
	if code, _, stderr := evalCapture(t, "-q", "eval", "--traces", root, "--resamples", "10"); code != 0 || strings.Contains(stderr, "hint") {
		t.Errorf("eval -q: exit %d, stderr %q", code, stderr)
	}
	// Once judged, no hint.
	if code, _, stderr := evalCapture(t, "-q", "judge", "--trace", dir); code != 0 {
		t.Fatalf("judge: exit %d, %s", code, stderr)
	}
	if code, _, stderr := evalCapture(t, "eval", "--traces", root, "--resamples", "10"); code != 0 || strings.Contains(stderr, "hint") {
		t.Errorf("judged eval: exit %d, stderr %q", code, stderr)
	}
}

// Judging a folder of trace files (episode .json) writes the judgments to ./autoeval-out:
// judge says where they went, and eval over the same folder looks there by default.
func TestAcceptanceJudgmentsOfTraceFilesAreFindable(t *testing.T) {
	t.Parallel()
	episodes := testenv.SharedData(t, "episodes/androidworld-json")
	db := judgeEnv(t)
	cwd := t.TempDir()
	code, _, stderr := binRun(t, cwd, "--db", db, "judge", "--traces", episodes)
	if code != 0 || !strings.Contains(stderr, "12 of 12 judgments went to ./autoeval-out/<trace>/") || !strings.Contains(stderr, "--judgments autoeval-out") {
		t.Fatalf("judge: exit %d, stderr %q", code, stderr)
	}
	code, stdout, stderr := binRun(t, cwd, "eval", "--traces", episodes, "--resamples", "10")
	if code != 0 || strings.Contains(stderr, "hint") || !strings.Contains(stdout, "heuristic (baseline)") {
		t.Fatalf("eval: exit %d, stderr %q\n%s", code, stderr, stdout)
	}
	code, stdout, stderr = binRun(t, cwd, "eval", "--traces", episodes, "--resamples", "10", "--judgments", "autoeval-out")
	if code != 0 || strings.Contains(stderr, "hint") || !strings.Contains(stdout, "heuristic (baseline)") {
		t.Fatalf("eval --judgments: exit %d, stderr %q\n%s", code, stderr, stdout)
	}
	// Imported into directories, the judgments sit beside the traces: no note.
	work := filepath.Join(t.TempDir(), "episodes")
	if code, _, stderr := evalCapture(t, "-q", "trace", "import", episodes, "--out", work); code != 0 {
		t.Fatalf("import: exit %d, %s", code, stderr)
	}
	if code, _, stderr := binRun(t, cwd, "--db", db, "judge", "--traces", work); code != 0 || strings.Contains(stderr, "autoeval-out") {
		t.Fatalf("judge imported: exit %d, stderr %q", code, stderr)
	}
}

// A malformed model is bad usage naming where it came from: a flag is checked before any
// work, a stale $AUTOEVAL_MODEL only by commands that open a model.
func TestAcceptanceBadModelSpecNamesItsSource(t *testing.T) {
	t.Parallel()
	ex := judgeExample(t)
	db := judgeEnv(t)
	for _, c := range []struct {
		env  string
		args []string
		want string
	}{
		{"", []string{"--model", "gpt-4o-mini", "judge", "--trace", ex}, `--model: model "gpt-4o-mini": want provider:name`},
		{"", []string{"--capture-model", "foo:bar", "judge", "--trace", ex}, `--capture-model: model "foo:bar": unknown provider "foo"`},
		{"gpt4", []string{"judge", "--trace", ex, "--out", filepath.Join(t.TempDir(), "j.json")}, `$AUTOEVAL_MODEL: model "gpt4"`},
		{"gpt4", []string{"decompose", "--task", "Turn on Wi-Fi"}, `$AUTOEVAL_MODEL: model "gpt4"`},
	} {
		setenv(t, "AUTOEVAL_MODEL", c.env)
		code, _, stderr := evalCapture(t, append([]string{"--db", db}, c.args...)...)
		if code != 2 || !strings.Contains(stderr, c.want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
			t.Errorf("%v (AUTOEVAL_MODEL=%q): exit %d, stderr %q; want exit 2 and %q", c.args, c.env, code, stderr, c.want)
		}
	}
	setenv(t, "AUTOEVAL_MODEL", "gpt4")
	if code, _, stderr := evalCapture(t, "trace", "info", ex); code != 0 {
		t.Errorf("trace info with a stale $AUTOEVAL_MODEL: exit %d, %s", code, stderr)
	}
}

// -q silences the heuristic notice too; the table still labels the baseline.
func TestAcceptanceQuietJudgeHasNoNotice(t *testing.T) {
	t.Parallel()
	ex := judgeExample(t)
	db := judgeEnv(t)
	root := t.TempDir()
	if err := os.CopyFS(filepath.Join(root, "clock-alarm"), os.DirFS(ex)); err != nil {
		t.Fatal(err)
	}
	code, stdout, stderr := evalCapture(t, "--db", db, "-q", "judge", "--traces", root)
	if code != 0 || stderr != "" || !strings.Contains(stdout, "heuristic baseline") {
		t.Fatalf("exit %d, stderr %q\n%s", code, stderr, stdout)
	}
}

// observe refuses an --out that already holds a trace before it looks for a device, so the
// user does not start an emulator only to learn the directory was wrong.
func TestAcceptanceObserveExistingTraceBeforeDevice(t *testing.T) {
	t.Parallel()
	ex := judgeExample(t)
	judgeEnv(t)
	code, _, stderr := evalCapture(t, "observe", "--adb", "127.0.0.1:1", "--wait", "0", "--task", "x", "--out", ex, "--", "true")
	// (Not "adb" alone: the clone's own path may contain it.)
	if code != 2 || !strings.Contains(stderr, ex+" already holds a trace") || strings.Contains(stderr, "adb server") || strings.Contains(stderr, "127.0.0.1:1") {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
}
