package runner_test

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/autoeval/autoeval/device"
	"github.com/autoeval/autoeval/groundtruth"
	"github.com/autoeval/autoeval/internal/adbd"
	"github.com/autoeval/autoeval/internal/adbtest"
	"github.com/autoeval/autoeval/internal/storetest"
	"github.com/autoeval/autoeval/observer"
	"github.com/autoeval/autoeval/runner"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/suite"
	"github.com/autoeval/autoeval/trace"
)

const serial = "emulator-5554"

// fixture is a real adb server with one device stand-in showing three screens, each held
// for hold captures, and a connection to it.
func fixture(t *testing.T, hold int) (phone, *device.Device) {
	t.Helper()
	srv, dev, serial := adbtest.Device(t, adbd.Config{})
	dev.SetScreens(adbtest.ThreeScreens(hold), 1)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	d, err := device.Connect(ctx, device.Options{Addr: srv.Addr(), Serial: serial})
	if err != nil {
		t.Fatal(err)
	}
	return phone{dev}, d
}

// phone is the device stand-in; HandleShell answers the device shell's simple commands
// (after its quoting and pipes) by their words joined with spaces. There is one device:
// the serial is not consulted.
type phone struct{ *adbd.Device }

func (p phone) HandleShell(_ string, f func(cmd string) (string, bool)) {
	p.Device.HandleShell(func(argv []string, _ []byte) (string, bool) { return f(strings.Join(argv, " ")) })
}

// loadSuite loads writeSuite's tasks and opens a fresh store.
func loadSuite(t *testing.T) ([]suite.Task, *store.DB) {
	tasks, err := suite.Load(writeSuite(t))
	if err != nil {
		t.Fatal(err)
	}
	return tasks, openStore(t)
}

// store.DB is the store the CLI hands the runner.
var _ runner.Store = (*store.DB)(nil)

func openStore(t testing.TB) *store.DB {
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "a.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

// writeSuite writes a three-task suite: one with an AndroidWorld ground-truth check
// (Wi-Fi through `settings get`), one plain, one whose agent crashes.
func writeSuite(t *testing.T) string {
	p := filepath.Join(t.TempDir(), "suite.json")
	err := os.WriteFile(p, []byte(`[
  {"id": "SystemWifiTurnOn", "task": "Turn on Wi-Fi", "params": {"on_or_off": "on"}},
  {"id": "alarm", "task": "Set an alarm for 10:30 AM"},
  {"id": "crashy", "task": "Do something the agent cannot"}
]`), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func TestRunSuiteThreeTasksResumes(t *testing.T) {
	t.Parallel()
	srv, d := fixture(t, 2)
	state := t.TempDir()
	// The device's Wi-Fi setting is a marker file the stand-in agent creates.
	wifi := filepath.Join(state, "wifi-on")
	srv.HandleShell(serial, func(cmd string) (string, bool) {
		if cmd == "settings get global wifi_on" {
			if _, err := os.Stat(wifi); err == nil {
				return "1\n", true
			}
			return "0\n", true
		}
		return "", false
	})
	calls := filepath.Join(state, "agent-calls")
	hooks := filepath.Join(state, "hooks")
	// The agent and both hooks print the variables autoeval promises them.
	printEnv := `; echo "env=$AUTOEVAL_TASK|$AUTOEVAL_TASK_ID|$ANDROID_SERIAL|$ADB_SERVER_SOCKET|$AUTOEVAL_TRACE_DIR"`
	agentCmd := `echo "$AUTOEVAL_TASK_ID" >> ` + calls + printEnv + `; echo task={task}; sleep 0.3; ` +
		`case "$AUTOEVAL_TASK_ID" in SystemWifiTurnOn) touch ` + wifi + `;; crashy) exit 2;; esac`
	tasks, db := loadSuite(t)
	var judged atomic.Int32 // judges run beside the device, several at once
	opts := runner.SuiteOptions{
		Tasks: tasks, SuitePath: "suite.json", AgentCmd: agentCmd, Out: filepath.Join(t.TempDir(), "out"),
		Setup:    `echo "setup $AUTOEVAL_TASK_ID" >> ` + hooks + printEnv,
		Teardown: `echo "teardown $AUTOEVAL_TASK_ID" >> ` + hooks + printEnv,
		Observe:  observer.Options{Interval: 30 * time.Millisecond, Capture: observer.CapturePNG, Activity: true, Timeout: 20 * time.Second},
		// A stand-in judge: the Wi-Fi task reaches both substates, the others one of two.
		Judge: func(ctx context.Context, tr *trace.Trace) (*trace.Judgment, error) {
			judged.Add(1)
			if err := trace.Validate(tr, trace.Limits{}, nil); err != nil {
				t.Errorf("judge got an invalid trace: %v", err)
			}
			j := &trace.Judgment{Judge: trace.JudgeInfo{Kind: trace.JudgeHeuristic}, Substates: make([]trace.SubstateResult, 2)}
			j.Substates[0].Satisfied = true
			j.SCR = 0.5
			if tr.Task == "Turn on Wi-Fi" {
				j.Substates[1].Satisfied, j.SCR, j.Complete = true, 1, true
			}
			return j, nil
		},
		GroundTruth: groundtruth.Native{}, Store: db, Logf: t.Logf,
	}
	sum, results, err := runner.RunSuite(context.Background(), []runner.SuiteDevice{d}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 3 || sum.Judged != 3 || judged.Load() != 3 {
		t.Fatalf("results %d judged %d", len(results), sum.Judged)
	}
	wantStatus := []string{trace.StatusCompleted, trace.StatusCompleted, trace.StatusCrashed}
	for i, r := range results {
		if r.Status != wantStatus[i] || r.Error != "" || r.Frames == 0 {
			t.Errorf("task %s: status %s error %q frames %d", r.ID, r.Status, r.Error, r.Frames)
		}
		out, _ := os.ReadFile(filepath.Join(r.Trace, observer.StdoutLog))
		if !strings.Contains(string(out), "task="+r.Task) {
			t.Errorf("task %s: agent saw %q", r.ID, out)
		}
		// The hooks are told the trace folder; the agent is not.
		env := "env=" + r.Task + "|" + r.ID + "|" + d.Serial() + "|tcp:" + d.Addr() + "|"
		for _, log := range []string{observer.StdoutLog, "setup.log", "teardown.log"} {
			want := env + r.Trace + "\n"
			if log == observer.StdoutLog {
				want = env + "\n"
			}
			if got, _ := os.ReadFile(filepath.Join(r.Trace, log)); !strings.Contains(string(got), want) {
				t.Errorf("task %s: %s has %q, want %q", r.ID, log, got, want)
			}
		}
	}
	if results[0].Reward == nil || *results[0].Reward != 1 || results[1].Reward != nil {
		t.Fatalf("ground truth: %v %v", results[0].Reward, results[1].Reward)
	}
	tr, err := trace.ReadManifest(results[0].Trace)
	if err != nil || tr.GroundTruth == nil || tr.GroundTruth.Reward != 1 || tr.TaskName != "SystemWifiTurnOn" {
		t.Fatalf("ground truth not in the trace: %+v %v", tr, err)
	}
	if sum.SCR < 0.666 || sum.SCR > 0.667 || sum.TCR < 0.333 || sum.TCR > 0.334 || sum.GTChecked != 1 || sum.GTSuccess != 1 || sum.Agreement != 1 {
		t.Fatalf("summary %+v", sum)
	}
	h, _ := os.ReadFile(hooks)
	if strings.Count(string(h), "setup ") != 3 || strings.Count(string(h), "teardown ") != 3 {
		t.Fatalf("hooks ran:\n%s", h)
	}

	// The same run again: every task is done, nothing runs, the summary is the same.
	sum2, results2, err := runner.RunSuite(context.Background(), []runner.SuiteDevice{d}, opts)
	if err != nil {
		t.Fatal(err)
	}
	c, _ := os.ReadFile(calls)
	if n := strings.Count(string(c), "\n"); n != 3 || len(results2) != 3 || sum2.TCR != sum.TCR {
		t.Fatalf("resume reran tasks: %d agent calls, %d results", n, len(results2))
	}
	var raw string
	var stored runner.Summary
	err = storetest.SQL(t, db.Path).QueryRow(`SELECT value FROM kv WHERE ns='run-summary' AND key=?`, sum.RunID).Scan(&raw)
	if err != nil || json.Unmarshal([]byte(raw), &stored) != nil || stored.Judged != 3 {
		t.Fatalf("stored summary %s %v", raw, err)
	}
	var n int
	var reward float64
	if err := storetest.SQL(t, db.Path).QueryRow(`SELECT COUNT(*), COALESCE(SUM(reward), 0) FROM traces WHERE run_id = ?`, sum.RunID).Scan(&n, &reward); err != nil || n != 3 || reward != 1 {
		t.Fatalf("traces table: %d rows, reward sum %v, %v", n, reward, err)
	}
	var sb strings.Builder
	runner.WriteSummary(&sb, sum, results)
	if !strings.Contains(sb.String(), "SCR 0.667, TCR 0.333") {
		t.Fatalf("summary text:\n%s", sb.String())
	}
}

func TestRunSuiteInterruptedThenResumed(t *testing.T) {
	t.Parallel()
	_, d := fixture(t, 1)
	state := t.TempDir()
	calls, held := filepath.Join(state, "calls"), filepath.Join(state, "held")
	tasks, db := loadSuite(t)
	opts := runner.SuiteOptions{
		Tasks: tasks, SuitePath: "s",
		// The second task's first agent waits to be stopped, so the interrupt below finds it
		// running however slow the machine (a timer could fire before it started).
		AgentCmd: `echo "$AUTOEVAL_TASK_ID" >> ` + calls + `; sleep 0.4; ` +
			`if [ "$AUTOEVAL_TASK_ID" = alarm ] && [ ! -e ` + held + ` ]; then touch ` + held + `; sleep 60; fi`,
		Out:     filepath.Join(t.TempDir(), "out"),
		Observe: observer.Options{Interval: 30 * time.Millisecond, Capture: observer.CapturePNG},
		Store:   db, Logf: t.Logf,
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	// Cancel while the second task's agent runs.
	go func() {
		for ctx.Err() == nil {
			if _, err := os.Stat(held); err == nil {
				cancel()
			}
			time.Sleep(10 * time.Millisecond)
		}
	}()
	sum, results, err := runner.RunSuite(ctx, []runner.SuiteDevice{d}, opts)
	if err != nil {
		t.Fatal(err)
	}
	if !sum.Interrupted || len(results) != 2 || results[1].Status != trace.StatusStopped {
		t.Fatalf("interrupted run: %+v %+v", sum, results)
	}
	sum, results, err = runner.RunSuite(context.Background(), []runner.SuiteDevice{d}, opts)
	if err != nil || sum.Interrupted || len(results) != 3 {
		t.Fatalf("resumed: %+v %v", sum, err)
	}
	c, _ := os.ReadFile(calls)
	if got := strings.Fields(string(c)); strings.Join(got, " ") != "SystemWifiTurnOn alarm alarm crashy" {
		t.Fatalf("agent runs: %v", got)
	}
	// The interrupted attempt's partial trace was replaced by a complete one.
	tr, err := trace.ReadManifest(results[1].Trace)
	if err != nil || tr.Status != trace.StatusCompleted {
		t.Fatalf("alarm trace %v %v", tr, err)
	}
}

// A judge failure fails the task, and the next run judges the recorded trace again
// without running the agent.
func TestRunSuiteRejudgesWithoutRerunningTheAgent(t *testing.T) {
	t.Parallel()
	_, d := fixture(t, 1)
	calls := filepath.Join(t.TempDir(), "calls")
	db := openStore(t)
	modelDown := true
	opts := runner.SuiteOptions{
		Tasks:    []suite.Task{{ID: "one", Text: "Open the Clock app"}},
		AgentCmd: `echo run >> ` + calls, Out: filepath.Join(t.TempDir(), "out"),
		Observe: observer.Options{Interval: 30 * time.Millisecond, Capture: observer.CapturePNG},
		Store:   db, Logf: t.Logf,
		Judge: func(ctx context.Context, tr *trace.Trace) (*trace.Judgment, error) {
			if modelDown {
				return nil, context.DeadlineExceeded
			}
			return &trace.Judgment{SCR: 1, Complete: true, Substates: make([]trace.SubstateResult, 1)}, nil
		},
	}
	sum, results, err := runner.RunSuite(context.Background(), []runner.SuiteDevice{d}, opts)
	if err != nil || sum.Failed != 1 || !strings.HasPrefix(results[0].Error, "judge: ") {
		t.Fatalf("first run: %+v %+v %v", sum, results, err)
	}
	modelDown = false
	sum, results, err = runner.RunSuite(context.Background(), []runner.SuiteDevice{d}, opts)
	if err != nil || sum.Failed != 0 || !results[0].Judged || sum.TCR != 1 {
		t.Fatalf("second run: %+v %+v %v", sum, results, err)
	}
	if c, _ := os.ReadFile(calls); strings.Count(string(c), "run") != 1 {
		t.Fatalf("agent ran %d times", strings.Count(string(c), "run"))
	}
}

// itemErr returns the stored status and error of a task's run item.
func itemErr(t *testing.T, db *store.DB, runID, id string) (string, string) {
	t.Helper()
	var r runner.TaskResult
	st, err := db.GetItem(context.Background(), runID, id, &r)
	if err != nil {
		t.Fatalf("item %s: %v", id, err)
	}
	return st, r.Error
}

// Ctrl-C while the judge runs: the recording is complete, so the resume judges it
// without running the agent again. The store holds a checkpoint before the judge
// starts, so a killed autoeval resumes the same way. Meanwhile the device takes the next
// task, and the interrupt finds it wherever it got to: not begun, recording (stopped: its
// agent runs again), or recorded and being judged itself (judged on resume, as the first).
// "at once" interrupts as soon as the first judge starts, which usually finds the second
// task recording, though on a loaded machine it may be recorded already; "after the next
// recording" interrupts once the second task's judge has started, so that case is checked
// every time.
func TestRunSuiteInterruptedJudgeResumesWithoutTheAgent(t *testing.T) {
	t.Parallel()
	for _, late := range []bool{false, true} {
		name := "at once"
		if late {
			name = "after the next recording"
		}
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			testInterruptedJudge(t, late)
		})
	}
}

func testInterruptedJudge(t *testing.T, late bool) {
	_, d := fixture(t, 1)
	calls := filepath.Join(t.TempDir(), "calls")
	db := openStore(t)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var runID string
	var checkpoint string               // task one's item in the store when its judge started
	secondJudged := make(chan struct{}) // task two's judge started: its recording is complete
	opts := runner.SuiteOptions{
		Tasks:    []suite.Task{{ID: "one", Text: "Open the Clock app"}, {ID: "two", Text: "Open the Camera"}},
		AgentCmd: `echo "$AUTOEVAL_TASK_ID" >> ` + calls, Out: filepath.Join(t.TempDir(), "out"),
		Observe: observer.Options{Interval: 30 * time.Millisecond, Capture: observer.CapturePNG},
		Store:   db, Logf: t.Logf,
		Judge: func(jctx context.Context, tr *trace.Trace) (*trace.Judgment, error) {
			if filepath.Base(tr.Dir) == "two" {
				close(secondJudged)
			} else {
				// Before the judge starts, the store already knows the recording is complete.
				var r runner.TaskResult
				st, err := db.GetItem(context.Background(), runID, "one", &r)
				checkpoint = fmt.Sprintf("%s (%v): %s", st, err, r.Error)
				if late {
					<-secondJudged
				}
				cancel() // the user presses Ctrl-C while the model thinks
			}
			<-jctx.Done()
			return nil, jctx.Err()
		},
	}
	runID = runner.RunID(opts.SuitePath, opts.AgentCmd, opts.Out)
	sum, results, err := runner.RunSuite(ctx, []runner.SuiteDevice{d}, opts)
	if err != nil || !sum.Interrupted || len(results) == 0 || results[0].ID != "one" || len(results) > 2 {
		t.Fatalf("first run: %+v %+v %v", sum, results, err)
	}
	if !strings.Contains(results[0].Error, "judged on resume") {
		t.Fatalf("interrupted task's error %q does not say what a resume does", results[0].Error)
	}
	twoRecorded := false
	if len(results) == 2 {
		switch r := results[1]; {
		case r.Status == trace.StatusStopped:
		case r.Status == trace.StatusCompleted && strings.Contains(r.Error, "judged on resume"):
			twoRecorded = true
		default:
			t.Fatalf("task two is neither stopped while recording nor recorded and left to the resume's judge: %+v", r)
		}
	}
	if late && !twoRecorded {
		t.Fatalf("task two was recorded before the interrupt, yet its result is %+v", results)
	}
	if !strings.HasPrefix(checkpoint, store.ItemFailed+" (<nil>)") || !strings.Contains(checkpoint, "not judged yet") {
		t.Errorf("the store held %q while the judge ran, not a checkpoint: a killed autoeval would rerun the agent", checkpoint)
	}
	if st, msg := itemErr(t, db, sum.RunID, "one"); st != store.ItemFailed || !strings.Contains(msg, "judged on resume") {
		t.Fatalf("stored item: %s %q", st, msg)
	}
	opts.Judge = func(ctx context.Context, tr *trace.Trace) (*trace.Judgment, error) {
		return &trace.Judgment{SCR: 1, Complete: true, Substates: make([]trace.SubstateResult, 1)}, nil
	}
	sum, results, err = runner.RunSuite(context.Background(), []runner.SuiteDevice{d}, opts)
	if err != nil || sum.Interrupted || sum.Failed != 0 || sum.Judged != 2 || !results[0].Judged {
		t.Fatalf("resumed: %+v %+v %v", sum, results, err)
	}
	// Task one ran once: its recording was complete when the judge was interrupted. So did
	// task two if it was recorded before the interrupt; a stopped recording is made again.
	c, _ := os.ReadFile(calls)
	runs := strings.Fields(string(c))
	if slices.Index(runs, "one") != 0 || slices.Index(runs[1:], "one") >= 0 || runs[len(runs)-1] != "two" || len(runs) > 3 ||
		twoRecorded && len(runs) != 2 {
		t.Fatalf("agent runs: %q (a task whose recording was complete must run exactly once)", c)
	}
}

// Ctrl-C during the ground-truth check: the check reads the device state the agent left,
// which a resume cannot recreate, so the agent runs again, and the result says why.
func TestRunSuiteInterruptedGroundTruthRerunsTheAgent(t *testing.T) {
	t.Parallel()
	srv, d := fixture(t, 1)
	state := t.TempDir()
	ran, calls, hooks := filepath.Join(state, "ran"), filepath.Join(state, "calls"), filepath.Join(state, "hooks")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	srv.HandleShell(serial, func(cmd string) (string, bool) {
		if cmd != "settings get global wifi_on" {
			return "", false
		}
		if _, err := os.Stat(ran); err == nil && ctx.Err() == nil {
			cancel() // Ctrl-C while the check reads the device
			time.Sleep(300 * time.Millisecond)
		}
		return "1\n", true
	})
	db := openStore(t)
	var judged atomic.Int32
	opts := runner.SuiteOptions{
		Tasks:    []suite.Task{{ID: "SystemWifiTurnOn", Text: "Turn on Wi-Fi", Params: map[string]any{"on_or_off": "on"}}},
		AgentCmd: `echo run >> ` + calls + `; touch ` + ran, Out: filepath.Join(t.TempDir(), "out"),
		Teardown: `echo teardown >> ` + hooks,
		Observe:  observer.Options{Interval: 30 * time.Millisecond, Capture: observer.CapturePNG},
		Judge: func(ctx context.Context, tr *trace.Trace) (*trace.Judgment, error) {
			judged.Add(1)
			return &trace.Judgment{SCR: 1, Complete: true, Substates: make([]trace.SubstateResult, 1)}, nil
		},
		GroundTruth: groundtruth.Native{}, Store: db, Logf: t.Logf,
	}
	sum, results, err := runner.RunSuite(ctx, []runner.SuiteDevice{d}, opts)
	if err != nil || !sum.Interrupted || len(results) != 1 || judged.Load() != 0 {
		t.Fatalf("first run: %+v %+v %v (judged %d)", sum, results, err, judged.Load())
	}
	if e := results[0].Error; !strings.Contains(e, "ground-truth check") || !strings.Contains(e, "agent runs again") {
		t.Fatalf("result does not say why the agent runs again: %q", e)
	}
	if st, msg := itemErr(t, db, sum.RunID, "SystemWifiTurnOn"); st != store.ItemFailed || msg != results[0].Error {
		t.Fatalf("stored item: %s %q", st, msg)
	}
	if h, _ := os.ReadFile(hooks); string(h) != "teardown\n" {
		t.Fatalf("teardown after the interrupted check: %q", h)
	}
	os.Remove(ran)
	sum, results, err = runner.RunSuite(context.Background(), []runner.SuiteDevice{d}, opts)
	if err != nil || sum.Failed != 0 || results[0].Reward == nil || *results[0].Reward != 1 || judged.Load() != 1 {
		t.Fatalf("resumed: %+v %+v %v", sum, results, err)
	}
	if c, _ := os.ReadFile(calls); strings.Count(string(c), "run") != 2 {
		t.Fatalf("agent ran %d times, want 2", strings.Count(string(c), "run"))
	}
}

// fakeAW stands in for AndroidWorld's server: it logs calls, and /task/score fails
// while scoreFails is set.
type fakeAW struct {
	mu         sync.Mutex
	calls      []string
	scoreFails bool
}

func (f *fakeAW) client(t *testing.T) *groundtruth.AndroidWorldClient {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		f.mu.Lock()
		defer f.mu.Unlock()
		f.calls = append(f.calls, r.URL.Path)
		switch r.URL.Path {
		case "/task/goal":
			json.NewEncoder(w).Encode(map[string]string{"goal": "Turn on Wi-Fi"})
		case "/task/score":
			if f.scoreFails {
				http.Error(w, `{"detail": "emulator not responding"}`, http.StatusInternalServerError)
				return
			}
			json.NewEncoder(w).Encode(map[string]float64{"score": 1})
		default:
			w.Write([]byte(`{"status": "success"}`))
		}
	}))
	t.Cleanup(srv.Close)
	return &groundtruth.AndroidWorldClient{BaseURL: srv.URL}
}

func (f *fakeAW) log() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return strings.Join(f.calls, " ")
}

// A task AndroidWorld failed to score is not done: its error is in the result, the store
// and the summary, the instance is still torn down, and the next run runs it again.
func TestRunSuiteUnscoredTaskRunsAgain(t *testing.T) {
	t.Parallel()
	_, d := fixture(t, 1)
	calls := filepath.Join(t.TempDir(), "calls")
	aw := &fakeAW{scoreFails: true}
	db := openStore(t)
	opts := runner.SuiteOptions{
		Tasks:    []suite.Task{{ID: "SystemWifiTurnOn", Text: "Turn on Wi-Fi"}},
		AgentCmd: `echo run >> ` + calls, Out: filepath.Join(t.TempDir(), "out"),
		Observe:     observer.Options{Interval: 30 * time.Millisecond, Capture: observer.CapturePNG},
		GroundTruth: &groundtruth.AndroidWorld{Client: aw.client(t)}, Store: db, Logf: t.Logf,
	}
	sum, results, err := runner.RunSuite(context.Background(), []runner.SuiteDevice{d}, opts)
	if err != nil || sum.Failed != 1 || sum.Done != 0 || sum.GTUnscored != 1 || results[0].Reward != nil {
		t.Fatalf("first run: %+v %+v %v", sum, results, err)
	}
	if e := results[0].Error; !strings.Contains(e, "not scored") || !strings.Contains(e, "emulator not responding") {
		t.Fatalf("result error %q", e)
	}
	if st, msg := itemErr(t, db, sum.RunID, "SystemWifiTurnOn"); st != store.ItemFailed || msg != results[0].Error {
		t.Fatalf("stored item: %s %q", st, msg)
	}
	if got := aw.log(); !strings.HasSuffix(got, "/task/score /task/tear_down") {
		t.Fatalf("server calls: %s", got)
	}
	var sb strings.Builder
	runner.WriteSummary(&sb, sum, results)
	if !strings.Contains(sb.String(), "emulator not responding") || !strings.Contains(sb.String(), "failed to score 1 task") {
		t.Fatalf("summary does not show the scoring failure:\n%s", sb.String())
	}

	aw.scoreFails = false
	sum, results, err = runner.RunSuite(context.Background(), []runner.SuiteDevice{d}, opts)
	if err != nil || sum.Failed != 0 || sum.GTChecked != 1 || results[0].Reward == nil || *results[0].Reward != 1 {
		t.Fatalf("second run: %+v %+v %v", sum, results, err)
	}
	if c, _ := os.ReadFile(calls); strings.Count(string(c), "run") != 2 {
		t.Fatalf("agent ran %d times, want 2 (the unscored task must run again)", strings.Count(string(c), "run"))
	}
}

// Error paths around the hooks and the task directory: a failing teardown is a note, not
// a reason to run the agent again; a failing setup skips the task (its teardown still
// runs) until the next run; a partial trace left by a crashed run is replaced; a
// directory that is not a trace is never deleted.
func TestRunSuiteHookAndDirectoryErrors(t *testing.T) {
	t.Parallel()
	_, d := fixture(t, 1)
	state := t.TempDir()
	calls, hooks, setupOK := filepath.Join(state, "calls"), filepath.Join(state, "hooks"), filepath.Join(state, "setup-ok")
	out := filepath.Join(t.TempDir(), "out")
	// A crashed autoeval left a trace that never finished.
	crashed := filepath.Join(out, "crashed")
	os.MkdirAll(crashed, 0o755)
	os.WriteFile(filepath.Join(crashed, trace.ManifestName), []byte(`{"version":1,"task":"x","status":"unknown","frames":[]}`), 0o644)
	os.WriteFile(filepath.Join(crashed, "0001.png"), []byte("partial"), 0o644)
	// The user's own directory, whose name happens to be a task id.
	mine := filepath.Join(out, "notes")
	os.MkdirAll(mine, 0o755)
	os.WriteFile(filepath.Join(mine, "todo.txt"), []byte("keep me"), 0o644)

	db := openStore(t)
	opts := runner.SuiteOptions{
		Tasks: []suite.Task{{ID: "dirty", Text: "Leave a mess"}, {ID: "nosetup", Text: "Needs setup"},
			{ID: "crashed", Text: "Ran when autoeval crashed"}, {ID: "notes", Text: "Take a note"}},
		AgentCmd: `echo "$AUTOEVAL_TASK_ID" >> ` + calls, Out: out,
		Setup:    `[ "$AUTOEVAL_TASK_ID" != nosetup ] || [ -e ` + setupOK + ` ]`,
		Teardown: `echo "teardown $AUTOEVAL_TASK_ID" >> ` + hooks + `; [ "$AUTOEVAL_TASK_ID" != dirty ]`,
		Observe:  observer.Options{Interval: 30 * time.Millisecond, Capture: observer.CapturePNG},
		Store:    db, Logf: t.Logf,
	}
	sum, results, err := runner.RunSuite(context.Background(), []runner.SuiteDevice{d}, opts)
	if err != nil || len(results) != 4 {
		t.Fatalf("first run: %+v %v", results, err)
	}
	dirty, nosetup, cr, notes := results[0], results[1], results[2], results[3]
	if dirty.Error != "" || !strings.Contains(dirty.TeardownError, "teardown command failed") || dirty.Status != trace.StatusCompleted {
		t.Errorf("failed teardown: %+v", dirty)
	}
	if !strings.Contains(nosetup.Error, "setup command failed") || nosetup.Status != "" || sum.Statuses["not_run"] != 2 {
		t.Errorf("failed setup: %+v, statuses %v", nosetup, sum.Statuses)
	}
	if cr.Error != "" || cr.Status != trace.StatusCompleted {
		t.Errorf("crashed run's partial trace not replaced: %+v", cr)
	}
	if b, _ := os.ReadFile(filepath.Join(crashed, "0001.png")); string(b) == "partial" {
		t.Error("the partial trace's frame survived")
	}
	if !strings.Contains(notes.Error, "not a trace directory") || !strings.Contains(notes.Error, mine) {
		t.Errorf("user directory: %+v", notes)
	}
	if b, err := os.ReadFile(filepath.Join(mine, "todo.txt")); err != nil || string(b) != "keep me" {
		t.Fatalf("the user's file was deleted: %q %v", b, err)
	}
	if h, _ := os.ReadFile(hooks); strings.Count(string(h), "teardown nosetup") != 1 {
		t.Errorf("no teardown after the failed setup:\n%s", h)
	}
	var sb strings.Builder
	runner.WriteSummary(&sb, sum, results)
	if !strings.Contains(sb.String(), "teardown command failed") {
		t.Errorf("summary hides the teardown failure:\n%s", sb.String())
	}

	// Next run: the setup works now and the user moved their directory; only the two
	// tasks that did not run are run.
	os.WriteFile(setupOK, nil, 0o644)
	os.RemoveAll(mine)
	sum, _, err = runner.RunSuite(context.Background(), []runner.SuiteDevice{d}, opts)
	if err != nil || sum.Failed != 0 || sum.Done != 4 {
		t.Fatalf("second run: %+v %v", sum, err)
	}
	if c, _ := os.ReadFile(calls); strings.Join(strings.Fields(string(c)), " ") != "dirty crashed nosetup notes" {
		t.Fatalf("agent runs: %q", c)
	}
}

// A finished trace under --out is overwritten only when this run recorded it: one left by
// another agent (or 'autoeval observe') survives, also --fresh, while this run's own
// traces are rerun even when the database that listed them is gone.
func TestRunSuiteKeepsOtherRunsTraces(t *testing.T) {
	t.Parallel()
	_, d := fixture(t, 1)
	out := filepath.Join(t.TempDir(), "out")
	other := filepath.Join(out, "other")
	os.MkdirAll(other, 0o755)
	manifest := `{"version":1,"task":"Another agent's task","status":"completed","frames":[]}`
	os.WriteFile(filepath.Join(other, trace.ManifestName), []byte(manifest), 0o644)
	calls := filepath.Join(t.TempDir(), "calls")
	opts := runner.SuiteOptions{
		Tasks:    []suite.Task{{ID: "one", Text: "Open the Clock app"}, {ID: "other", Text: "Open the Camera"}},
		AgentCmd: `echo "$AUTOEVAL_TASK_ID" >> ` + calls, Out: out,
		Observe: observer.Options{Interval: 30 * time.Millisecond, Capture: observer.CapturePNG},
		Store:   openStore(t), Logf: t.Logf,
	}
	for _, fresh := range []bool{false, true} {
		opts.Fresh = fresh
		_, results, err := runner.RunSuite(context.Background(), []runner.SuiteDevice{d}, opts)
		if err != nil || len(results) != 2 || results[0].Error != "" {
			t.Fatalf("fresh=%v: %+v %v", fresh, results, err)
		}
		if !strings.Contains(results[1].Error, "finished trace this run did not record") {
			t.Errorf("fresh=%v: other agent's trace: %+v", fresh, results[1])
		}
		if b, _ := os.ReadFile(filepath.Join(other, trace.ManifestName)); string(b) != manifest {
			t.Fatalf("fresh=%v: the other trace was overwritten: %s", fresh, b)
		}
	}
	// The database is lost: this run's trace of "one" is still recognized as its own.
	opts.Store, opts.Fresh = openStore(t), false
	_, results, err := runner.RunSuite(context.Background(), []runner.SuiteDevice{d}, opts)
	if err != nil || results[0].Error != "" || results[0].Status != trace.StatusCompleted {
		t.Fatalf("after losing the database: %+v %v", results, err)
	}
	if c, _ := os.ReadFile(calls); strings.Join(strings.Fields(string(c)), " ") != "one one one" {
		t.Fatalf("agent runs: %q", c)
	}
}

// A run without a judge (--no-judge) after the judge failed keeps the recording as done
// instead of running the agent again only to leave it unjudged.
func TestRunSuiteNoJudgeKeepsAnUnjudgedRecording(t *testing.T) {
	t.Parallel()
	_, d := fixture(t, 1)
	calls := filepath.Join(t.TempDir(), "calls")
	opts := runner.SuiteOptions{
		Tasks:    []suite.Task{{ID: "one", Text: "Open the Clock app"}},
		AgentCmd: `echo run >> ` + calls, Out: filepath.Join(t.TempDir(), "out"),
		Observe: observer.Options{Interval: 30 * time.Millisecond, Capture: observer.CapturePNG},
		Store:   openStore(t), Logf: t.Logf,
		Judge: func(ctx context.Context, tr *trace.Trace) (*trace.Judgment, error) {
			return nil, context.DeadlineExceeded
		},
	}
	if sum, _, err := runner.RunSuite(context.Background(), []runner.SuiteDevice{d}, opts); err != nil || sum.Failed != 1 {
		t.Fatalf("first run: %+v %v", sum, err)
	}
	opts.Judge = nil
	sum, results, err := runner.RunSuite(context.Background(), []runner.SuiteDevice{d}, opts)
	if err != nil || sum.Done != 1 || results[0].Judged || results[0].Status != trace.StatusCompleted {
		t.Fatalf("second run: %+v %+v %v", sum, results, err)
	}
	if c, _ := os.ReadFile(calls); strings.Count(string(c), "run") != 1 {
		t.Fatalf("agent ran %d times", strings.Count(string(c), "run"))
	}
}

// A suite run again with another judge whose judge fails, or cannot tell, shows that
// judge's result, not the earlier judge's verdict under the new judge's name: the earlier
// SCR, completion and undetermined mark were kept and counted as judged.
func TestRejudgeKeepsNothingOfTheEarlierJudge(t *testing.T) {
	t.Parallel()
	_, d := fixture(t, 1)
	opts := runner.SuiteOptions{
		Tasks:    []suite.Task{{ID: "one", Text: "Open the Clock app"}},
		AgentCmd: `true`, Out: filepath.Join(t.TempDir(), "out"),
		Observe: observer.Options{Interval: 30 * time.Millisecond, Capture: observer.CapturePNG},
		Store:   openStore(t), Logf: t.Logf,
		JudgeID: "a",
		Judge: func(ctx context.Context, tr *trace.Trace) (*trace.Judgment, error) {
			return &trace.Judgment{SCR: 1, Complete: true, CompleteRequired: true, Substates: []trace.SubstateResult{{Satisfied: true}}}, nil
		},
	}
	sum, results, err := runner.RunSuite(context.Background(), []runner.SuiteDevice{d}, opts)
	if err != nil || sum.Judged != 1 || sum.TCR != 1 || results[0].Verdict != trace.RunSuccess {
		t.Fatalf("first judge: %+v %+v %v", sum, results, err)
	}
	opts.JudgeID = "b"
	opts.Judge = func(ctx context.Context, tr *trace.Trace) (*trace.Judgment, error) {
		return &trace.Judgment{Undetermined: true, UndeterminedReason: "no answer", Substates: make([]trace.SubstateResult, 1)}, nil
	}
	sum, results, err = runner.RunSuite(context.Background(), []runner.SuiteDevice{d}, opts)
	r := results[0]
	if err != nil || sum.Judged != 0 || sum.Undetermined != 1 || r.Judged || r.Complete || r.SCR != 0 || r.Verdict != trace.RunCannotTell {
		t.Fatalf("a judge that cannot tell: %+v %+v %v", sum, r, err)
	}
	opts.JudgeID = "c"
	opts.Judge = func(ctx context.Context, tr *trace.Trace) (*trace.Judgment, error) {
		return &trace.Judgment{SCR: 0, Substates: make([]trace.SubstateResult, 1)}, nil
	}
	sum, results, err = runner.RunSuite(context.Background(), []runner.SuiteDevice{d}, opts)
	r = results[0]
	if err != nil || sum.Judged != 1 || sum.Undetermined != 0 || r.Undetermined || r.UndeterminedReason != "" || r.Complete {
		t.Fatalf("a judge that decides after one that could not: %+v %+v %v", sum, r, err)
	}
	opts.JudgeID = "d"
	opts.Judge = func(ctx context.Context, tr *trace.Trace) (*trace.Judgment, error) {
		return nil, context.DeadlineExceeded
	}
	sum, results, err = runner.RunSuite(context.Background(), []runner.SuiteDevice{d}, opts)
	r = results[0]
	if err != nil || sum.Judged != 0 || r.Judged || r.Verdict != "" || r.Judge != "" || !strings.HasPrefix(r.Error, "judge: ") {
		t.Fatalf("a judge that fails: %+v %+v %v", sum, r, err)
	}
}
