package main

import (
	"context"
	"database/sql"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/autoeval/autoeval/groundtruth"
	"github.com/autoeval/autoeval/internal/adbd"
	"github.com/autoeval/autoeval/internal/adbtest"
	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/trace"
)

func TestRunThreeTaskSuiteAndResume(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	srv, dev := clockDevice(t)
	state := t.TempDir()
	wifi := filepath.Join(state, "wifi")
	dev.HandleShell(func(argv []string, _ []byte) (string, bool) {
		if strings.Join(argv, " ") == "settings get global wifi_on" {
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
	if code := cliCodeCtx(t, obsCtx(t), args...); code != 0 {
		t.Fatalf("run exit %d", code)
	}
	for _, id := range []string{"SystemWifiTurnOn", "alarm", "clock"} {
		dir := filepath.Join(out, id)
		if code := cliCodeCtx(t, obsCtx(t), "trace", "validate", dir); code != 0 {
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
	if code := cliCodeCtx(t, obsCtx(t), args...); code != 0 {
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
		if code := cliCodeCtx(t, obsCtx(t), append([]string{"--db", db}, bad...)...); code != 2 {
			t.Errorf("%v: exit %d, want 2", bad, code)
		}
	}
}

// fakeAndroidWorld is a stand-in for AndroidWorld's server/android_server.py: it records
// the calls, hands out a goal per task type and scores from a table.
type fakeAndroidWorld struct {
	mu     sync.Mutex
	calls  []string
	goals  map[string]string
	scores map[string]float64
	// scoreDown makes /task/score fail, as when the emulator stops answering the server.
	scoreDown bool
}

func (f *fakeAndroidWorld) serve(t *testing.T) string {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		tt := r.URL.Query().Get("task_type")
		f.mu.Lock()
		f.calls = append(f.calls, r.Method+" "+r.URL.Path+" "+tt)
		f.mu.Unlock()
		if _, known := f.goals[tt]; !known && strings.HasPrefix(r.URL.Path, "/task/") {
			http.Error(w, "Internal Server Error", http.StatusInternalServerError) // FastAPI's KeyError
			return
		}
		switch r.URL.Path {
		case "/task/goal":
			json.NewEncoder(w).Encode(map[string]string{"goal": f.goals[tt]})
		case "/task/score":
			f.mu.Lock()
			down := f.scoreDown
			f.mu.Unlock()
			if down {
				http.Error(w, `{"detail": "adb: device offline"}`, http.StatusInternalServerError)
				return
			}
			json.NewEncoder(w).Encode(map[string]float64{"score": f.scores[tt]})
		default:
			w.Write([]byte(`{"status": "success"}`))
		}
	}))
	t.Cleanup(srv.Close)
	return srv.URL
}

func (f *fakeAndroidWorld) log() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.calls...)
}

// With --androidworld, each task is initialized on the server before the agent, the
// server's goal replaces a bare template, and the score (after the agent) is the ground
// truth; tear-down always follows, also for a task the agent was interrupted in.
func TestRunAndroidWorldOracle(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	srv, _ := clockDevice(t)
	aw := &fakeAndroidWorld{
		goals:  map[string]string{"SystemWifiTurnOn": "Turn on WiFi.", "ContactsAddContact": "Create a new contact for Amir Muller. Their number is +19328020043."},
		scores: map[string]float64{"SystemWifiTurnOn": 1, "ContactsAddContact": 0},
	}
	url := aw.serve(t)
	dir := t.TempDir()
	suitePath := filepath.Join(dir, "task_metadata.json")
	os.WriteFile(suitePath, []byte(`[
 {"task_name": "SystemWifiTurnOn", "task_template": "Turn on WiFi."},
 {"task_name": "ContactsAddContact", "task_template": "Create a new contact for {name}. Their number is {number}."}
]`), 0o644)
	seen := filepath.Join(dir, "seen")
	out := filepath.Join(dir, "runs")
	args := []string{"--db", db, "-q", "run", "--adb", srv.Addr(), "--suite", suitePath, "--out", out,
		"--agent-cmd", `echo "$AUTOEVAL_TASK" >> ` + seen + `; sleep 0.2`,
		"--interval", "30ms", "--capture", "png", "--xml", "--judge", "heuristic",
		"--androidworld", url, "--task-index", "1"}
	if code := cliCodeCtx(t, obsCtx(t), args...); code != 0 {
		t.Fatalf("run exit %d", code)
	}
	want := []string{
		"GET /health ",
		"POST /task/initialize SystemWifiTurnOn", "GET /task/goal SystemWifiTurnOn", "GET /task/score SystemWifiTurnOn", "POST /task/tear_down SystemWifiTurnOn",
		"POST /task/initialize ContactsAddContact", "GET /task/goal ContactsAddContact", "GET /task/score ContactsAddContact", "POST /task/tear_down ContactsAddContact",
	}
	if got := aw.log(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("server calls:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	// The agent got the server's goal, not the template with its {slots}.
	if b, _ := os.ReadFile(seen); !strings.Contains(string(b), "Create a new contact for Amir Muller. Their number is +19328020043.") || strings.Contains(string(b), "{name}") {
		t.Fatalf("agent saw: %q", b)
	}
	for id, reward := range map[string]float64{"SystemWifiTurnOn": 1, "ContactsAddContact": 0} {
		tr, err := trace.ReadManifest(filepath.Join(out, id))
		if err != nil {
			t.Fatal(err)
		}
		if tr.GroundTruth == nil || tr.GroundTruth.Reward != reward || tr.GroundTruth.Source != "androidworld:score" {
			t.Errorf("%s: ground truth %+v", id, tr.GroundTruth)
		}
		if id == "ContactsAddContact" && (tr.Task != aw.goals[id] || tr.Params["name"] != "Amir Muller" || tr.Params["number"] != "+19328020043") {
			t.Errorf("%s: task %q params %v", id, tr.Task, tr.Params)
		}
	}
	// The store lists the rewards with their source, so eval can compare them with the judge.
	sdb, err := sql.Open("sqlite", db)
	if err != nil {
		t.Fatal(err)
	}
	defer sdb.Close()
	var n int
	if err := sdb.QueryRow(`SELECT count(*) FROM traces WHERE reward_source = 'androidworld:score'`).Scan(&n); err != nil || n != 2 {
		t.Errorf("traces with the oracle's reward: %d %v", n, err)
	}

	// An unknown task type fails that task (its instance is still torn down) and the run goes on.
	os.WriteFile(suitePath, []byte(`[{"task_name": "NoSuchTask", "task_template": "Do nothing."}]`), 0o644)
	aw.mu.Lock()
	aw.calls = nil
	aw.mu.Unlock()
	code, stdout, _ := evalCapture(t, append(args, "--fresh")...)
	if code != 0 || !strings.Contains(stdout, "NoSuchTask") || !strings.Contains(stdout, "/task/initialize: HTTP 500") || !strings.Contains(stdout, "AndroidWorld task type") {
		t.Errorf("unknown task: exit %d, table:\n%s", code, stdout)
	}
	if got := aw.log(); len(got) != 3 || got[1] != "POST /task/initialize NoSuchTask" || got[2] != "POST /task/tear_down NoSuchTask" {
		t.Errorf("unknown task calls: %v", got)
	}

	// Usage: both kinds of ground truth at once, and a server that is not there.
	if code := cliCodeCtx(t, obsCtx(t), append(args, "--ground-truth")...); code != 2 {
		t.Errorf("--ground-truth with --androidworld: exit %d, want 2", code)
	}
	bad := append([]string(nil), args...)
	bad[len(bad)-3] = "http://127.0.0.1:1"
	if code := cliCodeCtx(t, obsCtx(t), bad...); code != 1 {
		t.Errorf("unreachable server: exit %d, want 1", code)
	}
}

// run opens its models with the global model flags: with --model-retries 0 a failing
// provider is asked once per task and the task's judge failure is recorded, not retried.
func TestRunHonoursModelFlags(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	srv, _ := clockDevice(t)
	dir := t.TempDir()
	suitePath := filepath.Join(dir, "suite.yaml")
	os.WriteFile(suitePath, []byte("tasks:\n  - id: clock\n    task: Open the Clock app\n"), 0o644)
	subs := filepath.Join(dir, "substates.json")
	os.WriteFile(subs, []byte(`{"substates":[{"id":0,"kind":"page","content":"The Clock app is open","parent":null}]}`), 0o644)
	llmSrv := llmtest.NewOpenAI(t, llmtest.Handler(func(llmtest.Request) llmtest.Answer { return llmtest.Status(500) }))
	code, stdout, _ := evalCapture(t, "--db", db, "-q", "--model", "openai:m", "--base-url", llmSrv.URL, "--model-retries", "0",
		"run", "--adb", srv.Addr(), "--suite", suitePath, "--out", filepath.Join(dir, "runs"), "--agent-cmd", "sleep 0.1",
		"--interval", "30ms", "--capture", "png", "--xml", "--substates", subs)
	if code != 0 || llmSrv.Count() != 1 || !strings.Contains(stdout, "judge: ") {
		t.Fatalf("exit %d after %d model requests (want 1); table:\n%s", code, llmSrv.Count(), stdout)
	}
}

// A suite that gives only a template (AndroidWorld's task_metadata.json has no
// parameters) fails those tasks up front, without running the agent on "{slots}".
func TestRunTemplateWithoutParamsFailsEarly(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	srv, _ := clockDevice(t)
	dir := t.TempDir()
	suitePath := filepath.Join(dir, "task_metadata.json")
	os.WriteFile(suitePath, []byte(`[{"task_name": "SystemWifiTurnOn", "task_template": "Turn wifi {on_or_off}."}]`), 0o644)
	calls := filepath.Join(dir, "calls")
	code, stdout, _ := evalCapture(t, "--db", db, "-q", "run", "--adb", srv.Addr(), "--suite", suitePath, "--out", filepath.Join(dir, "runs"),
		"--agent-cmd", "touch "+calls, "--judge", "heuristic")
	if code != 0 || !strings.Contains(stdout, "unfilled {slots}") || !strings.Contains(stdout, "--androidworld") {
		t.Fatalf("exit %d; table:\n%s", code, stdout)
	}
	if _, err := os.Stat(calls); err == nil {
		t.Fatal("the agent ran on a bare template")
	}
}

// With the heuristic judge (no model configured) and no --xml, run records the UI
// hierarchy anyway: without it every task would be recorded and then fail to be judged.
func TestRunHeuristicRecordsXML(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	srv, _ := clockDevice(t)
	dir := t.TempDir()
	suitePath := filepath.Join(dir, "suite.yaml")
	os.WriteFile(suitePath, []byte("tasks:\n  - id: clock\n    task: Open the Clock app\n"), 0o644)
	code, stdout, errOut := evalCapture(t, "--db", db, "run", "--adb", srv.Addr(), "--suite", suitePath, "--out", filepath.Join(dir, "runs"),
		"--agent-cmd", "sleep 0.2", "--interval", "30ms", "--capture", "png", "--json")
	var rep struct {
		Tasks []struct {
			Judged bool   `json:"judged"`
			Error  string `json:"error"`
		} `json:"tasks"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil || code != 0 || len(rep.Tasks) != 1 || !rep.Tasks[0].Judged {
		t.Fatalf("exit %d, %v: %s\n%s", code, err, stdout, errOut)
	}
	if !strings.Contains(errOut, "--xml") {
		t.Errorf("no notice about --xml: %s", errOut)
	}
}

// Ctrl-C during the agent: the AndroidWorld instance is torn down, not scored, and the
// task is left for the rerun.
func TestRunAndroidWorldInterruptTearsDown(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	srv, dev := clockDevice(t)
	aw := &fakeAndroidWorld{goals: map[string]string{"SystemWifiTurnOn": "Turn wifi on."}, scores: map[string]float64{"SystemWifiTurnOn": 1}}
	url := aw.serve(t)
	dir := t.TempDir()
	suitePath := filepath.Join(dir, "task_metadata.json")
	os.WriteFile(suitePath, []byte(`[{"task_name": "SystemWifiTurnOn", "task_template": "Turn wifi {on_or_off}."}]`), 0o644)
	ctx, cancel := context.WithCancel(obsCtx(t))
	go func() {
		for dev.Screencaps() < 2 {
			time.Sleep(20 * time.Millisecond)
		}
		cancel()
	}()
	code := cliCodeCtx(t, ctx, "--db", db, "-q", "run", "--adb", srv.Addr(), "--suite", suitePath, "--out", filepath.Join(dir, "runs"),
		"--agent-cmd", "sleep 20", "--interval", "30ms", "--capture", "png", "--judge", "heuristic", "--androidworld", url)
	if code != 130 {
		t.Fatalf("exit %d, want 130", code)
	}
	want := "GET /health \nPOST /task/initialize SystemWifiTurnOn\nGET /task/goal SystemWifiTurnOn\nPOST /task/tear_down SystemWifiTurnOn"
	if got := strings.Join(aw.log(), "\n"); got != want {
		t.Fatalf("server calls:\n%s\nwant:\n%s", got, want)
	}
}

// run --ground-truth takes the pre-task snapshot itself, before the agent: a task whose
// agent deleted the target and another row scores 0 only because that snapshot shows the
// extra deletion (the after-state alone would pass it).
func TestRunTakesTheBeforeSnapshot(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	srv, dev := clockDevice(t)
	ins := func(id int, name string, cents int) string {
		return "INSERT INTO expense (expense_id, name, amount, category, note) VALUES (" + itoa(id) + ", '" + name + "', " + itoa(cents) + ", 3, 'n')"
	}
	orig := gtExpenseDB(t, ins(1, "Groceries", 4250), ins(2, "Taxi Fare", 1800))
	after := map[string][]byte{"del-ok": gtExpenseDB(t, ins(1, "Groceries", 4250)), "del-both": gtExpenseDB(t)}
	dir := t.TempDir()
	out := filepath.Join(dir, "runs")
	suitePath := filepath.Join(dir, "suite.yaml")
	os.WriteFile(suitePath, []byte(`tasks:
  - {id: del-ok, name: ExpenseDeleteSingle, task: Delete the Taxi Fare expense, params: {expenses: Taxi Fare}}
  - {id: del-both, name: ExpenseDeleteSingle, task: Delete the Taxi Fare expense, params: {expenses: Taxi Fare}}
`), 0o644)
	// The device: setup restores the original database (the hook waits for it), and the
	// "agent" changes it once the snapshot is on disk.
	done := make(chan struct{})
	defer close(done)
	go func() {
		for _, id := range []string{"del-ok", "del-both"} {
			for _, step := range []func() bool{
				func() bool { _, err := os.Stat(filepath.Join(dir, "setup-"+id)); return err == nil },
				func() bool {
					dev.PutFile(groundtruth.ExpenseDB, orig)
					return os.WriteFile(filepath.Join(dir, "reset-"+id), nil, 0o644) == nil
				},
				func() bool { _, err := os.Stat(filepath.Join(out, id, groundtruth.SnapshotFile)); return err == nil },
				func() bool { dev.PutFile(groundtruth.ExpenseDB, after[id]); return true },
			} {
				for !step() {
					select {
					case <-done:
						return
					case <-time.After(5 * time.Millisecond):
					}
				}
			}
		}
	}()
	setup := `touch ` + dir + `/setup-$AUTOEVAL_TASK_ID; while [ ! -f ` + dir + `/reset-$AUTOEVAL_TASK_ID ]; do sleep 0.01; done`
	code, stdout, errOut := evalCapture(t, "--db", db, "-q", "run", "--adb", srv.Addr(), "--suite", suitePath, "--out", out,
		"--setup-cmd", setup, "--agent-cmd", "sleep 0.4", "--interval", "30ms", "--capture", "png", "--no-judge", "--ground-truth")
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, stdout, errOut)
	}
	for id, want := range map[string]float64{"del-ok": 1, "del-both": 0} {
		tr, err := trace.ReadManifest(filepath.Join(out, id))
		if err != nil {
			t.Fatal(err)
		}
		if tr.GroundTruth == nil || tr.GroundTruth.Reward != want || strings.Contains(tr.GroundTruth.Details, "no before snapshot") {
			t.Errorf("%s: ground truth %+v, want reward %v from a before snapshot", id, tr.GroundTruth, want)
		}
	}
}

// clockDevice is a real adb server with one device stand-in showing obsScreens, each
// for two captures.
func clockDevice(t *testing.T) (*adbtest.Server, *adbd.Device) {
	srv, dev := testDevice(t)
	dev.SetScreens(obsScreens(t), 2)
	return srv, dev
}

// A task AndroidWorld fails to score is shown as such, is not done, and runs again.
func TestRunAndroidWorldScoreFailureRunsAgain(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	srv, _ := clockDevice(t)
	aw := &fakeAndroidWorld{goals: map[string]string{"SystemWifiTurnOn": "Turn on WiFi."},
		scores: map[string]float64{"SystemWifiTurnOn": 1}, scoreDown: true}
	url := aw.serve(t)
	dir := t.TempDir()
	suitePath := filepath.Join(dir, "suite.json")
	os.WriteFile(suitePath, []byte(`[{"task_name": "SystemWifiTurnOn", "task_template": "Turn on WiFi."}]`), 0o644)
	seen := filepath.Join(dir, "seen")
	args := []string{"--db", db, "-q", "run", "--adb", srv.Addr(), "--suite", suitePath, "--out", filepath.Join(dir, "runs"),
		"--agent-cmd", `echo run >> ` + seen, "--interval", "30ms", "--capture", "png", "--xml", "--judge", "heuristic",
		"--androidworld", url}
	code, stdout, _ := evalCapture(t, args...)
	if code != 0 || !strings.Contains(stdout, "not scored") || !strings.Contains(stdout, "device offline") ||
		!strings.Contains(stdout, "failed to score 1 task") || !strings.Contains(stdout, "1/1 tasks run (1 failed)") {
		t.Fatalf("exit %d, table:\n%s", code, stdout)
	}
	if got := aw.log(); got[len(got)-1] != "POST /task/tear_down SystemWifiTurnOn" {
		t.Fatalf("no tear-down after the failed score: %v", got)
	}
	aw.mu.Lock()
	aw.scoreDown = false
	aw.mu.Unlock()
	code, stdout, _ = evalCapture(t, append(args, "--json")...)
	var rep struct {
		Summary struct {
			Failed    int `json:"failed"`
			GTChecked int `json:"gt_checked"`
		} `json:"summary"`
	}
	if err := json.Unmarshal([]byte(stdout), &rep); code != 0 || err != nil || rep.Summary.GTChecked != 1 || rep.Summary.Failed != 0 {
		t.Fatalf("second run: exit %d %v\n%s", code, err, stdout)
	}
	if b, _ := os.ReadFile(seen); strings.Count(string(b), "run") != 2 {
		t.Fatalf("agent ran %d times, want 2", strings.Count(string(b), "run"))
	}
}

// With no adb server, run fails with that error alone: the judge's notices (heuristic
// baseline, --xml) come only once the device is connected.
func TestRunNoDeviceFailsBeforeNotices(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	dir := t.TempDir()
	suitePath := filepath.Join(dir, "suite.yaml")
	os.WriteFile(suitePath, []byte("tasks:\n  - id: clock\n    task: Open the Clock app\n"), 0o644)
	code, _, errOut := evalCapture(t, "--db", db, "run", "--adb", "127.0.0.1:1", "--wait", "0", "--suite", suitePath,
		"--out", filepath.Join(dir, "runs"), "--agent-cmd", "true")
	if code != 1 || !strings.Contains(errOut, "no adb server") || strings.Contains(errOut, "notice") {
		t.Fatalf("exit %d, stderr:\n%s", code, errOut)
	}
	// A bad suite is still reported before anything else.
	code, _, errOut = evalCapture(t, "--db", db, "run", "--adb", "127.0.0.1:1", "--suite", filepath.Join(dir, "none.yaml"),
		"--out", filepath.Join(dir, "runs"), "--agent-cmd", "true")
	if code == 0 || !strings.Contains(errOut, "none.yaml") || strings.Contains(errOut, "notice") || strings.Contains(errOut, "adb") {
		t.Fatalf("missing suite: exit %d, stderr:\n%s", code, errOut)
	}
}
