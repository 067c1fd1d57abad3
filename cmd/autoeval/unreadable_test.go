package main

import (
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/trace"
)

// Real AndroidWorld checkpoints that saved only the agent's text hold nothing a judge can
// read: judge says so once and does not count them as failed; eval still reports their
// ground truth, and judges and the agent's claim on the traces that can be read.
func TestNothingToJudgeIsNotAFailure(t *testing.T) {
	t.Parallel()
	ckpts := testenv.SharedData(t, "checkpoints/androidworld-gbox")
	db := judgeEnv(t)
	root := filepath.Join(t.TempDir(), "runs")
	if err := os.MkdirAll(root, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"ContactsAddContact_0.pkl.gz", "BrowserDraw_0.pkl.gz"} {
		copyFile(t, filepath.Join(ckpts, name), filepath.Join(root, name))
	}
	// One readable run beside them, with a reward and the agent's claim.
	claimed := true
	readable := &trace.Trace{Version: 1, Task: "Open the Clock app", Status: trace.StatusCompleted, AgentClaimedDone: &claimed,
		GroundTruth: &trace.GroundTruth{Reward: 1, Source: "test"},
		Frames:      []trace.Frame{{Index: 1, ElementsData: []trace.UIElement{{Text: "Alarm", PackageName: "com.google.android.deskclock", ClassName: "android.widget.TextView"}}}}}
	if _, err := trace.WriteNative(readable, filepath.Join(root, "clock")); err != nil {
		t.Fatal(err)
	}

	code, out, errOut := evalCapture(t, "--db", db, "judge", "--traces", root)
	if code != 0 || strings.Count(out, "not judgeable") != 3 || !strings.Contains(out, "2 traces not judgeable: they hold nothing a judge can read") ||
		strings.Contains(out, " failed\n") || strings.Contains(errOut, "FAILED") {
		t.Fatalf("judge: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = evalCapture(t, "eval", "--traces", root)
	if code != 0 || !strings.Contains(out, "Ground truth: 2 of 3 runs succeeded (66.7%).") ||
		!strings.Contains(out, "Not judgeable: 2 of 3 traces hold nothing a judge can read") ||
		!regexp.MustCompile(`heuristic \(baseline\)\s+strict\s+1\s`).MatchString(out) || strings.Contains(errOut, "not judged yet") {
		t.Fatalf("eval: exit %d\n%s\n%s", code, out, errOut)
	}
	// One trace alone: said once, exit 0, nothing written.
	code, out, errOut = evalCapture(t, "--db", db, "judge", "--trace", filepath.Join(root, "BrowserDraw_0.pkl.gz"))
	if code != 0 || strings.Count(errOut, "not judgeable") != 1 || out != "" {
		t.Fatalf("judge --trace: exit %d\n%s\n%s", code, out, errOut)
	}
}

func copyFile(t *testing.T, from, to string) {
	t.Helper()
	in, err := os.Open(from)
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	out, err := os.Create(to)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := io.Copy(out, in); err != nil {
		t.Fatal(err)
	}
	if err := out.Close(); err != nil {
		t.Fatal(err)
	}
}
