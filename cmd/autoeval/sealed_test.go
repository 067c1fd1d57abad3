package main

import (
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/llmtest"
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

// Screens replaced under the same names are judged again with the same database: the
// progress is keyed by what the frames hold, not by their file names. Before, the second
// run took the first run's verdicts from the database (SCR 1.00, no model call) although
// the screens now show only the timer tab (SCR 0.25 with a fresh database).
func TestJudgeAgainAfterScreensReplaced(t *testing.T) {
	db := judgeEnv(t)
	t.Setenv("OPENAI_API_KEY", "sk-test")
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
