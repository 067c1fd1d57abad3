package runner_test

import (
	"context"
	"database/sql"
	"os"
	"path/filepath"
	"strings"
	"testing"

	_ "modernc.org/sqlite"

	"github.com/autoeval/autoeval/groundtruth"
	"github.com/autoeval/autoeval/runner"
	"github.com/autoeval/autoeval/suite"
	"github.com/autoeval/autoeval/trace"
)

// A task whose agent never started (the device could not take the first screenshot) is
// neither ground-truth-checked nor judged as if the agent had run: the device leaves the
// pool, and with no device left the run stops, resumable. The next run, on a working
// device, runs the task; the agent runs once in all.
func TestNotStartedIsNeitherCheckedNorJudged(t *testing.T) {
	t.Parallel()
	_, stands, pool := devicePool(t, 1)
	broken := true
	stands[0].HandleShell(func(argv []string, _ []byte) (string, bool) {
		switch cmd := strings.Join(argv, " "); {
		case cmd == "settings get global wifi_on":
			return "1\n", true // already on: a check run without the agent would pass
		case argv[0] == "screencap" && broken:
			return "screencap: failed to take screenshot\n", true
		}
		return "", false
	})
	calls := filepath.Join(t.TempDir(), "calls")
	j := &countingJudge{}
	opts := poolOptions(t, []suite.Task{{ID: "SystemWifiTurnOn", Text: "Turn on Wi-Fi", Params: map[string]any{"on_or_off": "on"}}}, calls, "sleep 0.3")
	opts.Setup, opts.Judge, opts.Store, opts.GroundTruth = "", j.judge, openStore(t), groundtruth.Native{}
	sum, results, err := runner.RunSuite(context.Background(), pool, opts)
	if err == nil || !strings.Contains(err.Error(), "no device left") || !strings.Contains(err.Error(), "resumable") {
		t.Fatalf("run error %v", err)
	}
	r := results[0]
	if r.Status != trace.StatusNotStarted || r.Reward != nil || r.Judged || j.total() != 0 || !strings.Contains(r.Error, "not started") {
		t.Fatalf("a task whose agent never started: %+v, %d judge calls", r, j.total())
	}
	if tr, err := trace.ReadManifest(r.Trace); err != nil || tr.GroundTruth != nil {
		t.Fatalf("its trace has ground truth: %+v %v", tr, err)
	}
	if sum.Failed != 1 || sum.GTChecked != 0 || len(agentCalls(t, calls)) != 0 {
		t.Fatalf("summary %+v, agent calls %v", sum, agentCalls(t, calls))
	}
	broken = false
	sum, results, err = runner.RunSuite(context.Background(), pool, opts)
	if err != nil || results[0].Status != trace.StatusCompleted || results[0].Reward == nil || *results[0].Reward != 1 || sum.Done != 1 {
		t.Fatalf("resumed: %+v %+v %v", sum, results, err)
	}
	if n := len(agentCalls(t, calls)["SystemWifiTurnOn"]); n != 1 {
		t.Fatalf("the agent ran %d times", n)
	}
}

// A judgment the judge could not reach (undetermined) is neither a verdict nor a failure:
// the task is done, not judged, and counted apart; SCR and TCR cover real verdicts only.
func TestUndeterminedJudgmentIsNotAVerdict(t *testing.T) {
	t.Parallel()
	_, _, pool := devicePool(t, 1)
	opts := poolOptions(t, plainTasks("sure", "unsure"), filepath.Join(t.TempDir(), "calls"), "sleep 0.2")
	opts.Store = openStore(t)
	opts.Judge = func(_ context.Context, tr *trace.Trace) (*trace.Judgment, error) {
		j := &trace.Judgment{Judge: trace.JudgeInfo{Kind: trace.JudgeHeuristic}, Substates: make([]trace.SubstateResult, 2)}
		if strings.Contains(tr.Task, "unsure") {
			j.Undetermined, j.UndeterminedReason = true, "every answer of the model was rejected"
			return j, nil
		}
		j.Substates[0].Satisfied, j.Substates[1].Satisfied, j.SCR, j.Complete = true, true, 1, true
		return j, nil
	}
	sum, results, err := runner.RunSuite(context.Background(), pool, opts)
	if err != nil {
		t.Fatal(err)
	}
	u := results[1]
	if u.Judged || !u.Undetermined || u.UndeterminedReason == "" || u.Error != "" || u.Complete {
		t.Fatalf("undetermined task: %+v", u)
	}
	if sum.Done != 2 || sum.Failed != 0 || sum.Judged != 1 || sum.Undetermined != 1 || sum.SCR != 1 || sum.TCR != 1 {
		t.Fatalf("summary %+v", sum)
	}
	var sb strings.Builder
	runner.WriteSummary(&sb, sum, results)
	if !strings.Contains(sb.String(), "undetermined: the judge could not judge 1 task") || !strings.Contains(sb.String(), "(0 failed), 1 judged") {
		t.Fatalf("summary text:\n%s", sb.String())
	}
}

// A question task's ground truth scores the answer the agent wrote to
// $AUTOEVAL_ANSWER_FILE: right, wrong, or none (AndroidWorld's empty interaction cache, 0).
func TestQuestionTaskScoresTheAgentsAnswer(t *testing.T) {
	t.Parallel()
	_, stands, pool := devicePool(t, 1)
	stands[0].PutFile(groundtruth.TasksDB, tasksDB(t))
	tasks := []suite.Task{
		{ID: "right", Name: "TasksHighPriorityTasks", Text: "What are my high priority tasks?"},
		{ID: "wrong", Name: "TasksHighPriorityTasks", Text: "What are my high priority tasks?"},
		{ID: "silent", Name: "TasksHighPriorityTasks", Text: "What are my high priority tasks?"},
	}
	opts := poolOptions(t, tasks, filepath.Join(t.TempDir(), "calls"), `sleep 0.2; case "$AUTOEVAL_TASK_ID" in `+
		`right) echo "Call mom, File taxes" > "$AUTOEVAL_ANSWER_FILE";; wrong) echo "Buy milk" > "$AUTOEVAL_ANSWER_FILE";; esac`)
	opts.Setup, opts.Store, opts.GroundTruth = "", openStore(t), groundtruth.Native{}
	_, results, err := runner.RunSuite(context.Background(), pool, opts)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]float64{"right": 1, "wrong": 0, "silent": 0}
	answers := map[string]string{"right": "Call mom, File taxes", "wrong": "Buy milk", "silent": ""}
	for _, r := range results {
		tr, err := trace.ReadManifest(r.Trace)
		if err != nil {
			t.Fatal(err)
		}
		if r.Reward == nil || *r.Reward != want[r.ID] || r.GTError != "" || tr.Answer != answers[r.ID] {
			t.Errorf("task %s: reward %v (ground truth error %q), trace answer %q", r.ID, r.Reward, r.GTError, tr.Answer)
		}
	}
}

// tasksDB is the Tasks app's database with two high-priority tasks among three.
func tasksDB(t *testing.T) []byte {
	t.Helper()
	p := filepath.Join(t.TempDir(), "database")
	db, err := sql.Open("sqlite", p)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{
		"CREATE TABLE tasks (_id INTEGER PRIMARY KEY AUTOINCREMENT, title TEXT, importance INTEGER NOT NULL DEFAULT 2, " +
			"dueDate INTEGER NOT NULL DEFAULT 0, completed INTEGER NOT NULL DEFAULT 0, deleted INTEGER NOT NULL DEFAULT 0)",
		"INSERT INTO tasks (title, importance) VALUES ('File taxes', 0)",
		"INSERT INTO tasks (title, importance) VALUES ('Buy milk', 2)",
		"INSERT INTO tasks (title, importance) VALUES ('Call mom', 0)",
	} {
		if _, err := db.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}
