package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/adbtest"
	"github.com/autoeval/autoeval/trace"
)

func TestRunThreeTaskSuiteAndResume(t *testing.T) {
	db := judgeEnv(t)
	srv := adbtest.New(t)
	srv.AddDevice("emulator-5554", adbtest.StateDevice)
	srv.SetScreens("emulator-5554", obsScreens(t), 2)
	state := t.TempDir()
	wifi := filepath.Join(state, "wifi")
	srv.HandleShell("emulator-5554", func(cmd string) (string, bool) {
		if cmd == "settings get global wifi_on" {
			if _, err := os.Stat(wifi); err == nil {
				return "1\n", true
			}
			return "0\n", true
		}
		return "", false
	})
	suitePath := filepath.Join(state, "suite.yaml")
	os.WriteFile(suitePath, []byte(`tasks:
  - id: SystemWifiTurnOn
    task: Turn on Wi-Fi
    params: {on_or_off: "on"}
  - id: alarm
    task: Set an alarm for 10:30 AM in the Clock app
  - id: clock
    task: Open the Clock app
`), 0o644)
	calls := filepath.Join(state, "calls")
	out := filepath.Join(t.TempDir(), "runs")
	args := []string{"--db", db, "-q", "run", "--adb", srv.Addr(), "--suite", suitePath, "--out", out,
		"--agent-cmd", `echo "$AUTOEVAL_TASK_ID" >> ` + calls + `; echo {task}; sleep 0.3; [ "$AUTOEVAL_TASK_ID" = SystemWifiTurnOn ] && touch ` + wifi + `; true`,
		"--interval", "30ms", "--capture", "png", "--xml", "--ground-truth", "--judge", "heuristic", "--json"}
	if code := run(obsCtx(t), args); code != 0 {
		t.Fatalf("run exit %d", code)
	}
	for _, id := range []string{"SystemWifiTurnOn", "alarm", "clock"} {
		dir := filepath.Join(out, id)
		if code := run(obsCtx(t), []string{"trace", "validate", dir}); code != 0 {
			t.Errorf("%s: trace validate exit %d", id, code)
		}
		if _, err := trace.ReadJudgment(trace.JudgmentPath(dir)); err != nil {
			t.Errorf("%s: no judgment: %v", id, err)
		}
	}
	tr, err := trace.ReadManifest(filepath.Join(out, "SystemWifiTurnOn"))
	if err != nil || tr.GroundTruth == nil || tr.GroundTruth.Reward != 1 {
		t.Fatalf("ground truth in trace: %+v %v", tr, err)
	}
	// Resume: nothing runs again.
	if code := run(obsCtx(t), args); code != 0 {
		t.Fatalf("rerun exit %d", code)
	}
	c, _ := os.ReadFile(calls)
	if got := strings.Fields(string(c)); len(got) != 3 {
		t.Fatalf("agent ran %d times over two runs: %v", len(got), got)
	}
	// Usage errors.
	for _, bad := range [][]string{
		{"run", "--suite", suitePath, "--out", out},
		{"run", "--suite", suitePath, "--out", out, "--agent-cmd", "x", "--only", "nope"},
		{"run", "--suite", suitePath, "--out", out, "--agent-cmd", "x", "--judge", "oracle"},
	} {
		if code := run(obsCtx(t), append([]string{"--db", db}, bad...)); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
}
