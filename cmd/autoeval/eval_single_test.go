package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/evaltest"
)

// oneEpisode is a minimal AndroidWorld episode: the clock app opened, the agent done.
const oneEpisode = `{"goal": "Open the Clock app", "task_name": "ClockOpen", "task_actually_successful": true,
 "agent_claimed_done": true, "step_records": [{"state": {"ui_elements": [
  {"text": "Alarm", "package_name": "com.google.android.deskclock"}]}, "action": "{\"action_type\": \"status\", \"goal_status\": \"complete\"}"}]}`

// eval and report take one trace file: judge writes its judgment to ./autoeval-out/<label>/
// by default, and both find it there with no --judgments.
func TestEvalAndReportOneTraceFile(t *testing.T) {
	t.Parallel()
	cwd := t.TempDir()
	if err := os.WriteFile(filepath.Join(cwd, "ep.json"), []byte(oneEpisode), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, errOut := binRun(t, cwd, "--db", "db.sqlite", "-q", "judge", "--trace", "ep.json", "--judge", "heuristic"); code != 0 {
		t.Fatalf("judge exit %d: %s", code, errOut)
	}
	if _, err := os.Stat(filepath.Join(cwd, "autoeval-out", "ep", "judgment.json")); err != nil {
		t.Fatalf("judge did not write where eval looks: %v", err)
	}
	code, out, errOut := binRun(t, cwd, "eval", "--traces", "ep.json", "--resamples", "20")
	if code != 0 || errOut != "" {
		t.Fatalf("eval exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "1 trace, 1 with ground truth") || !strings.Contains(out, "heuristic (baseline)") || strings.Contains(out, "warning") {
		t.Fatalf("eval of one trace:\n%s", out)
	}
	code, _, errOut = binRun(t, cwd, "-q", "report", "--traces", "ep.json", "--out", "r.html")
	if code != 0 {
		t.Fatalf("report exit %d: %s", code, errOut)
	}
	html, _ := os.ReadFile(filepath.Join(cwd, "r.html"))
	for _, want := range []string{`data-trace="ep"`, `data-judge="heuristic (baseline)"`, "described from elements", "<title>autoeval report: ep.json</title>"} {
		if !strings.Contains(string(html), want) {
			t.Errorf("report lacks %q", want)
		}
	}
}

// A trace directory works as --traces too; a file that is no trace is one line naming it.
func TestEvalOneTraceDirAndBadFile(t *testing.T) {
	t.Parallel()
	root := evaltest.Write(t, t.TempDir(), evaltest.Cases, false)
	code, out, errOut := evalCapture(t, "eval", "--traces", filepath.Join(root, "t4"), "--resamples", "20")
	if code != 0 || !strings.Contains(out, "1 trace, 1 with ground truth") {
		t.Fatalf("eval of one trace dir: exit %d\n%s%s", code, out, errOut)
	}
	notes := filepath.Join(t.TempDir(), "notes.txt")
	os.WriteFile(notes, []byte("hello"), 0o644)
	for _, args := range [][]string{
		{"eval", "--traces", notes},
		{"report", "--traces", notes, "--out", filepath.Join(t.TempDir(), "r.html")},
	} {
		code, _, errOut = evalCapture(t, args...)
		if code != 1 || !strings.Contains(errOut, notes+": not a trace") || strings.Count(strings.TrimSpace(errOut), "\n") > 0 {
			t.Errorf("%v: exit %d, stderr %q", args, code, errOut)
		}
	}
}
