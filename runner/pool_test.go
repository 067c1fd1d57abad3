package runner_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/autoeval/autoeval/device"
	"github.com/autoeval/autoeval/internal/adbd"
	"github.com/autoeval/autoeval/internal/adbtest"
	"github.com/autoeval/autoeval/observer"
	"github.com/autoeval/autoeval/runner"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/suite"
	"github.com/autoeval/autoeval/trace"
)

// devicePool starts n device stand-ins behind one real adb server, each showing three
// screens, and connects the device layer to each. stands[i] is pool[i]'s stand-in.
func devicePool(t testing.TB, n int) (srv *adbtest.Server, stands []*adbd.Device, pool []runner.SuiteDevice) {
	t.Helper()
	srv = adbtest.Start(t)
	for range n {
		stands = append(stands, addDevice(t, srv, &pool))
	}
	return srv, stands, pool
}

// addDevice attaches one more stand-in to srv and appends it to pool. Starting an
// activity (`am start`, as a setup hook does) shows the first of its screens again.
func addDevice(t testing.TB, srv *adbtest.Server, pool *[]runner.SuiteDevice) *adbd.Device {
	t.Helper()
	dev := adbd.Start(t, adbd.Config{})
	dev.SetScreens(adbtest.ThreeScreens(1), 1)
	dev.HandleShell(resetOnStart(dev))
	serial := srv.Connect(t, dev)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	d, err := device.Connect(ctx, device.Options{Addr: srv.Addr(), Serial: serial})
	if err != nil {
		t.Fatal(err)
	}
	*pool = append(*pool, d)
	return dev
}

// resetOnStart answers `am start` by showing the device's first screen again.
func resetOnStart(dev *adbd.Device) adbd.ShellFunc {
	return func(argv []string, _ []byte) (string, bool) {
		if len(argv) >= 2 && argv[0] == "am" && argv[1] == "start" {
			dev.SetScreens(adbtest.ThreeScreens(1), 1)
			return "Starting: Intent { cmp=com.example.app/.ScreenA }\n", true
		}
		return "", false
	}
}

// plainTasks is a suite of tasks named by ids.
func plainTasks(ids ...string) []suite.Task {
	tasks := make([]suite.Task, len(ids))
	for i, id := range ids {
		tasks[i] = suite.Task{ID: id, Text: "Open the Clock app (" + id + ")"}
	}
	return tasks
}

func numbered(n int) []string {
	ids := make([]string, n)
	for i := range ids {
		ids[i] = fmt.Sprintf("t%02d", i+1)
	}
	return ids
}

// countingJudge judges every trace complete and counts its calls, from the pool's
// judging goroutines.
type countingJudge struct {
	mu    sync.Mutex
	calls map[string]int // by trace task text
}

func (j *countingJudge) judge(_ context.Context, tr *trace.Trace) (*trace.Judgment, error) {
	j.mu.Lock()
	defer j.mu.Unlock()
	if j.calls == nil {
		j.calls = map[string]int{}
	}
	j.calls[tr.Task]++
	return &trace.Judgment{Judge: trace.JudgeInfo{Kind: trace.JudgeHeuristic}, Substates: make([]trace.SubstateResult, 1), SCR: 1, Complete: true}, nil
}

func (j *countingJudge) total() int {
	j.mu.Lock()
	defer j.mu.Unlock()
	n := 0
	for _, c := range j.calls {
		n += c
	}
	return n
}

// poolOptions are a suite run whose setup hook starts the app (through the real adb
// client, on the task's device) and prints the serial it was given, and whose agent
// appends "TASK SERIAL" to calls and then runs body.
func poolOptions(t testing.TB, tasks []suite.Task, calls, body string) runner.SuiteOptions {
	return runner.SuiteOptions{
		Tasks: tasks, SuitePath: "suite.json", Out: filepath.Join(t.TempDir(), "out"),
		AgentCmd: `echo "$AUTOEVAL_TASK_ID $ANDROID_SERIAL" >> ` + calls + `; ` + body,
		Setup:    adbtest.Executable(t) + ` shell am start -n com.example.app/.ScreenA > /dev/null && echo "$ANDROID_SERIAL"`,
		Observe:  observer.Options{Interval: 100 * time.Millisecond, Capture: observer.CapturePNG, Activity: true, Timeout: 60 * time.Second},
		Logf:     t.Logf,
	}
}

// agentCalls reads the calls file: for each task, the serials it ran on, in order.
func agentCalls(t testing.TB, calls string) map[string][]string {
	t.Helper()
	data, err := os.ReadFile(calls)
	if err != nil && !os.IsNotExist(err) {
		t.Fatal(err)
	}
	out := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if f := strings.Fields(line); len(f) == 2 {
			out[f[0]] = append(out[f[0]], f[1])
		}
	}
	return out
}

// span is when a task's agent was observed, and on which device.
type span struct {
	task, serial string
	from, to     time.Time
}

// A pool of three devices runs the suite three tasks at a time, one on each device: every
// task runs once, on one device, whose serial its hooks and agent get; no device runs two
// tasks at once, and at some moment all three run one.
func TestPoolRunsOneTaskPerDeviceAtOnce(t *testing.T) {
	t.Parallel()
	_, _, pool := devicePool(t, 3)
	calls := filepath.Join(t.TempDir(), "calls")
	j := &countingJudge{}
	opts := poolOptions(t, plainTasks(numbered(6)...), calls, "sleep 1")
	opts.Judge, opts.Store = j.judge, openStore(t)
	sum, results, err := runner.RunSuite(context.Background(), pool, opts)
	if err != nil {
		t.Fatal(err)
	}
	if len(results) != 6 || sum.Done != 6 || sum.Failed != 0 || sum.Judged != 6 || j.total() != 6 || len(sum.Devices) != 3 {
		t.Fatalf("summary %+v, %d results, %d judge calls", sum, len(results), j.total())
	}
	ran := agentCalls(t, calls)
	var spans []span
	perDevice := map[string]int{}
	for _, r := range results {
		tr, err := trace.ReadManifest(r.Trace)
		if err != nil {
			t.Fatal(err)
		}
		setup, _ := os.ReadFile(filepath.Join(r.Trace, "setup.log"))
		if r.Status != trace.StatusCompleted || r.Device == "" || tr.Device.Serial != r.Device ||
			strings.TrimSpace(string(setup)) != r.Device || !slices.Equal(ran[r.ID], []string{r.Device}) {
			t.Errorf("task %s: status %s on %q, trace's device %q, setup hook saw %q, agent ran on %v",
				r.ID, r.Status, r.Device, tr.Device.Serial, setup, ran[r.ID])
		}
		perDevice[r.Device]++
		spans = append(spans, span{r.ID, r.Device, *tr.Started, *tr.Ended})
	}
	if len(perDevice) != 3 {
		t.Errorf("tasks per device: %v, want all three used", perDevice)
	}
	most := 0
	for _, a := range spans {
		at := 0
		for _, b := range spans {
			if !b.from.After(a.from) && b.to.After(a.from) {
				at++
				if b.task != a.task && b.serial == a.serial {
					t.Errorf("device %s ran %s and %s at once", a.serial, a.task, b.task)
				}
			}
		}
		most = max(most, at)
	}
	if most != 3 {
		t.Errorf("at most %d tasks ran at once on three devices: %+v", most, spans)
	}
	var sb strings.Builder
	runner.WriteSummary(&sb, sum, results)
	if !strings.Contains(sb.String(), "DEVICE") || !strings.Contains(sb.String(), "devices: 3") {
		t.Errorf("summary table does not show the pool:\n%s", sb.String())
	}
}

// waitFor polls cond until it holds or the test's patience ends.
func waitFor(t testing.TB, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !cond() {
		if time.Now().After(deadline) {
			t.Errorf("timed out waiting for %s", what)
			return
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// dropWhoRuns drops, up to times times, the device on which the victim task's agent has
// just started (the agent writes its serial to started): the device disappears mid-task.
func dropWhoRuns(t *testing.T, stands []*adbd.Device, started string, times int) (dropped chan []string) {
	dropped = make(chan []string, 1)
	bySerial := map[string]*adbd.Device{}
	for _, s := range stands {
		bySerial[s.Serial()] = s
	}
	go func() {
		var gone []string
		defer func() { dropped <- gone }()
		for len(gone) < times {
			var serial string
			waitFor(t, "the victim to start", func() bool {
				data, _ := os.ReadFile(started)
				lines := strings.Fields(string(data))
				if len(lines) > len(gone) {
					serial = lines[len(gone)]
					return true
				}
				return false
			})
			if serial == "" {
				return
			}
			bySerial[serial].Drop()
			gone = append(gone, serial)
		}
	}()
	return dropped
}

// A device dropped in the middle of a task leaves the pool, and the task runs once more
// on another device: it ends completed there, its trace replaced, and no other task runs
// twice. The lost attempt is neither checked nor judged.
func TestPoolDeviceLostMidTaskRetriesElsewhere(t *testing.T) {
	t.Parallel()
	_, stands, pool := devicePool(t, 2)
	dir := t.TempDir()
	calls, started := filepath.Join(dir, "calls"), filepath.Join(dir, "started")
	j := &countingJudge{}
	opts := poolOptions(t, plainTasks("victim", "t2", "t3", "t4"), calls,
		`if [ "$AUTOEVAL_TASK_ID" = victim ]; then echo "$ANDROID_SERIAL" >> `+started+`; fi; sleep 0.8`)
	opts.Judge, opts.Store = j.judge, openStore(t)
	dropped := dropWhoRuns(t, stands, started, 1)
	sum, results, err := runner.RunSuite(context.Background(), pool, opts)
	gone := <-dropped
	if err != nil || len(gone) != 1 {
		t.Fatalf("run: %v (dropped %v)", err, gone)
	}
	ran := agentCalls(t, calls)
	victim := results[0]
	if victim.ID != "victim" || victim.Status != trace.StatusCompleted || victim.Error != "" || victim.Retrying ||
		victim.Device == gone[0] || !slices.Equal(victim.FailedOn, gone) || !slices.Equal(ran["victim"], []string{gone[0], victim.Device}) {
		t.Fatalf("victim %+v; agent ran on %v; dropped %v", victim, ran["victim"], gone)
	}
	tr, err := trace.ReadManifest(victim.Trace)
	if err != nil || tr.Status != trace.StatusCompleted || tr.Device.Serial != victim.Device {
		t.Fatalf("victim's trace: %+v %v", tr, err)
	}
	for _, r := range results[1:] {
		if r.Status != trace.StatusCompleted || len(ran[r.ID]) != 1 || r.Device == gone[0] && r.Error != "" {
			t.Errorf("task %s: %+v, agent ran on %v", r.ID, r, ran[r.ID])
		}
	}
	if sum.Done != 4 || sum.Retried != 1 || j.total() != 4 || len(sum.DevicesLeft) != 1 ||
		!strings.HasPrefix(sum.DevicesLeft[0], gone[0]+": ") || !strings.Contains(sum.DevicesLeft[0], "device lost") {
		t.Fatalf("summary %+v, %d judge calls", sum, j.total())
	}
}

// A task lost on two devices is not run a third time in the same invocation: its failure
// is recorded (both devices named) and the other tasks finish. The next invocation runs it
// again, once, on the device it is given.
func TestPoolTaskLostTwiceWaitsForTheNextRun(t *testing.T) {
	t.Parallel()
	srv, stands, pool := devicePool(t, 3)
	dir := t.TempDir()
	calls, started := filepath.Join(dir, "calls"), filepath.Join(dir, "started")
	opts := poolOptions(t, plainTasks("victim", "t2", "t3", "t4", "t5"), calls,
		`if [ "$AUTOEVAL_TASK_ID" = victim ]; then echo "$ANDROID_SERIAL" >> `+started+`; fi; sleep 0.8`)
	opts.Store = openStore(t)
	dropped := dropWhoRuns(t, stands, started, 2)
	sum, results, err := runner.RunSuite(context.Background(), pool, opts)
	gone := <-dropped
	if err != nil || len(gone) != 2 {
		t.Fatalf("run: %v (dropped %v)", err, gone)
	}
	ran := agentCalls(t, calls)
	victim := results[0]
	if victim.Status != trace.StatusDeviceLost || !slices.Equal(victim.FailedOn, gone) || victim.Retrying ||
		!strings.Contains(victim.Error, "failed on 2 devices") || !slices.Equal(ran["victim"], gone) {
		t.Fatalf("victim %+v; agent ran on %v; dropped %v", victim, ran["victim"], gone)
	}
	if sum.Done != 4 || sum.Failed != 1 || len(sum.DevicesLeft) != 2 {
		t.Fatalf("summary %+v", sum)
	}
	// The next invocation, on a fresh device: only the victim runs, once.
	var fresh []runner.SuiteDevice
	addDevice(t, srv, &fresh)
	sum, results, err = runner.RunSuite(context.Background(), fresh, opts)
	ran = agentCalls(t, calls)
	if err != nil || sum.Done != 5 || results[0].Status != trace.StatusCompleted || len(results[0].FailedOn) != 0 ||
		len(ran["victim"]) != 3 || ran["victim"][2] != fresh[0].Serial() || len(ran["t2"]) != 1 {
		t.Fatalf("next run: %+v %+v %v; agent ran %v", sum, results[0], err, ran)
	}
}

// A device on which the agent cannot even start (no screenshot can be taken) leaves the
// pool; the task it was given runs on another device, where the agent runs once.
func TestPoolDeviceThatCannotStartAgentsLeaves(t *testing.T) {
	t.Parallel()
	_, stands, pool := devicePool(t, 2)
	broken := stands[0].Serial()
	reset := resetOnStart(stands[0])
	stands[0].HandleShell(func(argv []string, stdin []byte) (string, bool) {
		if argv[0] == "screencap" {
			return "screencap: failed to take screenshot\n", true
		}
		return reset(argv, stdin)
	})
	calls := filepath.Join(t.TempDir(), "calls")
	opts := poolOptions(t, plainTasks("t1", "t2", "t3"), calls, "sleep 0.3")
	opts.Store = openStore(t)
	sum, results, err := runner.RunSuite(context.Background(), pool, opts)
	if err != nil || sum.Done != 3 || len(sum.DevicesLeft) != 1 || !strings.HasPrefix(sum.DevicesLeft[0], broken+": ") ||
		!strings.Contains(sum.DevicesLeft[0], "not started") {
		t.Fatalf("run: %+v %v", sum, err)
	}
	ran := agentCalls(t, calls)
	retried := 0
	for _, r := range results {
		if r.Device == broken || !slices.Equal(ran[r.ID], []string{r.Device}) {
			t.Errorf("task %s ran on %s, agent on %v", r.ID, r.Device, ran[r.ID])
		}
		if slices.Equal(r.FailedOn, []string{broken}) {
			retried++
		}
	}
	if retried != 1 || sum.Retried != 1 {
		t.Fatalf("%d tasks retried after the broken device, summary %d", retried, sum.Retried)
	}
}

// Two processes on the same suite, output folder and database (two connections and two
// pools here) share the tasks: every task runs once in all, and each process's summary
// has every task done, the other's results taken from the store.
func TestTwoRunsShareTheTasks(t *testing.T) {
	t.Parallel()
	_, _, pool := devicePool(t, 2)
	dbPath := filepath.Join(t.TempDir(), "shared.db")
	calls := filepath.Join(t.TempDir(), "calls")
	opts := poolOptions(t, plainTasks(numbered(8)...), calls, "sleep 0.5")
	opts.ClaimPoll = 100 * time.Millisecond
	j := &countingJudge{}
	opts.Judge = j.judge
	var wg sync.WaitGroup
	sums := make([]*runner.Summary, 2)
	errs := make([]error, 2)
	var own [2]atomic.Int32
	for p := range 2 {
		db, err := store.Open(context.Background(), dbPath)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { db.Close() })
		o := opts
		o.Store = db
		o.OnTask = func(r runner.TaskResult, resumed bool) {
			if !resumed {
				own[p].Add(1)
			}
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			sums[p], _, errs[p] = runner.RunSuite(context.Background(), pool[p:p+1], o)
		}()
	}
	wg.Wait()
	for p := range 2 {
		if errs[p] != nil || sums[p].Done != 8 || own[p].Load() == 0 {
			t.Fatalf("process %d: %+v %v, ran %d itself", p, sums[p], errs[p], own[p].Load())
		}
	}
	ran := agentCalls(t, calls)
	for _, id := range numbered(8) {
		if len(ran[id]) != 1 {
			t.Errorf("task %s ran on %v", id, ran[id])
		}
	}
	if own[0].Load()+own[1].Load() != 8 || j.total() != 8 {
		t.Fatalf("the processes ran %d and %d tasks, judged %d", own[0].Load(), own[1].Load(), j.total())
	}
}

// Shards of a suite run each its part, with its own device and database, into one output
// folder: together they run every task once, in the folder an unsharded run uses, with
// the same results.
func TestShardsRunTheirPartsOnce(t *testing.T) {
	t.Parallel()
	_, _, pool := devicePool(t, 4)
	ids := numbered(9)
	calls := filepath.Join(t.TempDir(), "calls")
	whole := poolOptions(t, plainTasks(ids...), calls, "sleep 0.5")
	whole.Judge = (&countingJudge{}).judge
	whole.Store = openStore(t)
	_, unsharded, err := runner.RunSuite(context.Background(), pool[3:], whole)
	if err != nil {
		t.Fatal(err)
	}
	shardCalls := filepath.Join(t.TempDir(), "calls")
	out := filepath.Join(t.TempDir(), "shared-out")
	var wg sync.WaitGroup
	parts := make([][]runner.TaskResult, 3)
	for i := range 3 {
		o := poolOptions(t, plainTasks(ids...), shardCalls, "sleep 0.5")
		o.Out, o.Judge, o.Store = out, (&countingJudge{}).judge, openStore(t)
		o.Shard.Index, o.Shard.Count = i, 3
		wg.Add(1)
		go func() {
			defer wg.Done()
			var err error
			if _, parts[i], err = runner.RunSuite(context.Background(), pool[i:i+1], o); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	var merged []runner.TaskResult
	for _, p := range parts {
		merged = append(merged, p...)
	}
	sort.Slice(merged, func(a, b int) bool { return merged[a].ID < merged[b].ID })
	ran := agentCalls(t, shardCalls)
	if len(merged) != len(unsharded) {
		t.Fatalf("shards ran %d tasks, the whole run %d", len(merged), len(unsharded))
	}
	for k, r := range merged {
		u := unsharded[k]
		if r.ID != u.ID || len(ran[r.ID]) != 1 || filepath.Base(r.Trace) != filepath.Base(u.Trace) || filepath.Dir(r.Trace) != out ||
			r.Status != u.Status || r.Frames != u.Frames || r.SCR != u.SCR || r.Complete != u.Complete {
			t.Errorf("task %s: sharded %+v, unsharded %+v, agent ran %v", r.ID, r, u, ran[r.ID])
		}
	}
}
