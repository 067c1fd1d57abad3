package main

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/adbd"
	"github.com/autoeval/autoeval/internal/adbtest"
	"github.com/autoeval/autoeval/trace"
)

// clockPool attaches n Clock stand-ins to one real adb server. On each, a tap leads to
// the next of three screens, and starting the app (`am start`, the suite's setup hook)
// shows the first again, so every task starts from the same screen.
func clockPool(t *testing.T, n int) (*adbtest.Server, []*adbd.Device) {
	t.Helper()
	srv := adbtest.Start(t)
	screens := obsScreens(t)
	var devs []*adbd.Device
	for range n {
		dev := adbd.Start(t, adbd.Config{})
		dev.SetScreens(screens, adbd.AdvanceOnInput)
		dev.HandleShell(func(argv []string, _ []byte) (string, bool) {
			if len(argv) >= 2 && argv[0] == "am" && argv[1] == "start" {
				dev.SetScreens(screens, adbd.AdvanceOnInput)
				return "Starting: Intent { cmp=com.google.android.deskclock/com.android.deskclock.DeskClock }\n", true
			}
			return "", false
		})
		srv.Connect(t, dev)
		devs = append(devs, dev)
	}
	return srv, devs
}

// poolSuite writes a suite of six tasks (two Wi-Fi tasks with a native check) and
// returns it with the agent and setup commands: the agent notes "TASK SERIAL" in calls,
// then taps through the Clock app (once for a *-half task) and turns Wi-Fi on for
// wifi-on; the setup hook starts the Clock app and turns Wi-Fi off. Its ids fall into
// all three shards of three.
func poolSuite(t *testing.T, calls string) (suitePath, agent, setup string) {
	t.Helper()
	adb := adbtest.Executable(t)
	suitePath = filepath.Join(t.TempDir(), "suite.json")
	err := os.WriteFile(suitePath, []byte(`[
  {"id": "alarm-a", "task": "Set an alarm for 10:30 AM in the Clock app"},
  {"id": "alarm-b", "task": "Set an alarm for 10:30 AM in the Clock app"},
  {"id": "alarm-half", "task": "Set an alarm for 10:30 AM in the Clock app"},
  {"id": "clock-half", "task": "Open the alarms of the Clock app"},
  {"id": "wifi-on", "name": "SystemWifiTurnOn", "task": "Turn on Wi-Fi", "params": {"on_or_off": "on"}},
  {"id": "wifi-missed", "name": "SystemWifiTurnOn", "task": "Turn on Wi-Fi", "params": {"on_or_off": "on"}}
]`), 0o644)
	if err != nil {
		t.Fatal(err)
	}
	agent = `echo "$AUTOEVAL_TASK_ID $ANDROID_SERIAL" >> ` + calls + `; ` +
		adb + ` shell input tap 100 300 && sleep 0.4 && case "$AUTOEVAL_TASK_ID" in *-half) ;; *) ` + adb + ` shell input tap 100 600 && sleep 0.4;; esac; ` +
		`[ "$AUTOEVAL_TASK_ID" = wifi-on ] && ` + adb + ` shell settings put global wifi_on 1; true`
	setup = adb + ` shell am start -n com.google.android.deskclock/com.android.deskclock.DeskClock && ` + adb + ` shell settings put global wifi_on 0`
	return suitePath, agent, setup
}

// taskCalls reads the calls file: for each task, the serials its agent ran on, in order.
func taskCalls(t *testing.T, calls string) map[string][]string {
	t.Helper()
	data, _ := os.ReadFile(calls)
	out := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(data)), "\n") {
		if f := strings.Fields(line); len(f) == 2 {
			out[f[0]] = append(out[f[0]], f[1])
		}
	}
	return out
}

// outcome is what a task's folder says, without times and places: the screens of the
// frames, the ground truth and the judge's verdicts.
type outcome struct {
	Status    string
	Screens   []string
	Reward    *float64
	Substates []bool
	SCR       float64
	Complete  bool
}

func taskOutcome(t *testing.T, dir string) outcome {
	t.Helper()
	tr, err := trace.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	o := outcome{Status: tr.Status}
	for _, f := range tr.Frames {
		x, _ := os.ReadFile(filepath.Join(dir, f.XML))
		o.Screens = append(o.Screens, string(x))
	}
	if tr.GroundTruth != nil {
		r := tr.GroundTruth.Reward
		o.Reward = &r
	}
	j, err := trace.ReadJudgment(trace.JudgmentPath(dir))
	if err != nil {
		t.Fatalf("%s: %v", dir, err)
	}
	for _, s := range j.Substates {
		o.Substates = append(o.Substates, s.Satisfied)
	}
	o.SCR, o.Complete = j.SCR, j.Complete
	return o
}

// Three shards of a suite, each on its own device with its own database (the last from
// a Kubernetes Indexed Job's environment), give exactly the results of one unsharded run:
// every task once, the same recordings, ground truth and verdicts, and 'eval' over the
// three shards' folders reports what it reports over the unsharded one.
func TestRunShardsGiveTheUnshardedResults(t *testing.T) {
	t.Parallel()
	judgeEnv(t)
	srv, devs := clockPool(t, 4)
	dir := t.TempDir()
	calls := filepath.Join(dir, "calls")
	suitePath, agent, setup := poolSuite(t, calls)
	runArgs := func(db, out, serial string, extra ...string) []string {
		return append([]string{"--db", db, "-q", "run", "--adb", srv.Addr(), "--device", serial, "--suite", suitePath, "--out", out,
			"--agent-cmd", agent, "--setup-cmd", setup, "--interval", "50ms", "--capture", "png", "--xml", "--ground-truth", "--judge", "heuristic"}, extra...)
	}
	whole := filepath.Join(dir, "whole")
	if code, stdout, stderr := evalCapture(t, runArgs(filepath.Join(dir, "whole.db"), whole, devs[3].Serial())...); code != 0 {
		t.Fatalf("unsharded run: exit %d\n%s\n%s", code, stdout, stderr)
	}
	shardCalls := filepath.Join(dir, "shard-calls")
	_, agent, _ = poolSuite(t, shardCalls)
	var roots []string
	for i, spec := range []string{"0/3", "1/3", "auto"} {
		root := filepath.Join(dir, "shards", "shard-"+string(rune('0'+i)))
		roots = append(roots, root)
		if spec == "auto" {
			setenv(t, "JOB_COMPLETION_INDEX", "2")
			setenv(t, "JOB_COMPLETIONS", "3")
		}
		code, stdout, stderr := evalCapture(t, runArgs(filepath.Join(dir, "shard.db"+string(rune('0'+i))), root, devs[i].Serial(), "--shard", spec)...)
		if code != 0 || !strings.Contains(stdout, "shard "+string(rune('0'+i))+"/3: 2 of the suite's 6 tasks") {
			t.Fatalf("shard %s: exit %d\n%s\n%s", spec, code, stdout, stderr)
		}
	}
	ran := taskCalls(t, shardCalls)
	for _, id := range []string{"alarm-a", "alarm-b", "alarm-half", "clock-half", "wifi-on", "wifi-missed"} {
		if len(ran[id]) != 1 {
			t.Errorf("task %s ran on %v", id, ran[id])
			continue
		}
		var in []string
		for _, root := range roots {
			if _, err := os.Stat(filepath.Join(root, id, trace.ManifestName)); err == nil {
				in = append(in, root)
			}
		}
		if len(in) != 1 {
			t.Errorf("task %s is in %d shard folders", id, len(in))
			continue
		}
		got, want := taskOutcome(t, filepath.Join(in[0], id)), taskOutcome(t, filepath.Join(whole, id))
		if !reflect.DeepEqual(got, want) || len(want.Screens) == 0 {
			t.Errorf("task %s: sharded %+v\nunsharded %+v", id, got, want)
		}
	}
	evalJSON := func(roots ...string) map[string]any {
		args := []string{"eval", "--format", "json"}
		for _, r := range roots {
			args = append(args, "--traces", r)
		}
		code, stdout, stderr := evalCapture(t, args...)
		if code != 0 {
			t.Fatalf("eval %v: exit %d\n%s", roots, code, stderr)
		}
		var v map[string]any
		if err := json.Unmarshal([]byte(stdout), &v); err != nil {
			t.Fatalf("eval json: %v\n%s", err, stdout)
		}
		delete(v, "root") // names the folders given
		return v
	}
	wholeEval, shardEval := evalJSON(whole), evalJSON(roots...)
	if !reflect.DeepEqual(wholeEval, shardEval) {
		a, _ := json.MarshalIndent(wholeEval, "", " ")
		b, _ := json.MarshalIndent(shardEval, "", " ")
		t.Errorf("eval over the shards differs from eval over the unsharded run:\n%s\n---\n%s", a, b)
	}
}

// Without --device, every online device is in the pool: the table names the device of
// each task. --device picks the pool; --androidworld wants one device; a bad --shard is
// a usage error.
func TestRunPoolOfAttachedDevices(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	srv, devs := clockPool(t, 2)
	dir := t.TempDir()
	calls := filepath.Join(dir, "calls")
	suitePath, agent, setup := poolSuite(t, calls)
	code, stdout, stderr := evalCapture(t, "--db", db, "run", "--adb", srv.Addr(), "--suite", suitePath, "--out", filepath.Join(dir, "all"),
		"--agent-cmd", agent, "--setup-cmd", setup, "--interval", "50ms", "--capture", "png", "--xml", "--judge", "heuristic", "--only", "alarm-a,alarm-b,wifi-on,wifi-missed")
	if code != 0 || !strings.Contains(stderr, "a pool of 2 devices") || !strings.Contains(stdout, "DEVICE") || !strings.Contains(stdout, "devices: 2") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	used := map[string]bool{}
	for _, serials := range taskCalls(t, calls) {
		for _, s := range serials {
			used[s] = true
		}
	}
	if len(used) != 2 {
		t.Errorf("the tasks ran on %v, not on both devices", used)
	}
	os.Remove(calls)
	code, stdout, stderr = evalCapture(t, "--db", db, "run", "--adb", srv.Addr(), "--device", devs[1].Serial(), "--suite", suitePath, "--out", filepath.Join(dir, "one"),
		"--agent-cmd", agent, "--interval", "50ms", "--capture", "png", "--xml", "--judge", "heuristic", "--only", "alarm-a,alarm-b")
	if code != 0 || strings.Contains(stdout, "DEVICE") {
		t.Fatalf("one device: exit %d\n%s\n%s", code, stdout, stderr)
	}
	for id, serials := range taskCalls(t, calls) {
		if !slices.Equal(serials, []string{devs[1].Serial()}) {
			t.Errorf("task %s ran on %v with --device %s", id, serials, devs[1].Serial())
		}
	}
	for _, bad := range [][]string{
		{"--device", devs[0].Serial(), "--device", devs[1].Serial(), "--androidworld", "http://127.0.0.1:1"},
		{"--shard", "3/2"},
		{"--shard", "auto"},
	} {
		args := append([]string{"--db", db, "run", "--adb", srv.Addr(), "--suite", suitePath, "--out", filepath.Join(dir, "bad"), "--agent-cmd", "true"}, bad...)
		if code, _, stderr := evalCapture(t, args...); code != 2 {
			t.Errorf("%v: exit %d, want 2: %s", bad, code, stderr)
		}
	}
}

// Two autoeval processes on one suite, output folder and database, each with its own
// device, share the tasks: every task runs once, and each prints every task done. A
// process killed with SIGKILL mid-run leaves its task to the next process at once (its
// pid is gone), not after its claim expires.
func TestRunProcessesShareTheTasks(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildAutoeval(t)
	judgeEnv(t)
	srv, devs := clockPool(t, 3)
	ids := []string{"alarm-a", "alarm-b", "alarm-half", "clock-half", "wifi-on", "wifi-missed"}
	suites := map[string][3]string{} // by calls file: the same suite and commands for both processes
	start := func(db, out, calls, serial string) *exec.Cmd {
		if _, ok := suites[calls]; !ok {
			s, a, u := poolSuite(t, calls)
			suites[calls] = [3]string{s, a, u}
		}
		suitePath, agent, setup := suites[calls][0], suites[calls][1], suites[calls][2]
		cmd := exec.Command(bin, "--db", db, "-q", "run", "--adb", srv.Addr(), "--device", serial, "--suite", suitePath, "--out", out,
			"--agent-cmd", "sleep 0.5; "+agent, "--setup-cmd", setup, "--interval", "50ms", "--capture", "png", "--xml", "--judge", "heuristic")
		cmd.Env = append(os.Environ(), "AUTOEVAL_MODEL=", "OPENAI_API_KEY=")
		return cmd
	}

	t.Run("together", func(t *testing.T) {
		dir := t.TempDir()
		calls, db, out := filepath.Join(dir, "calls"), filepath.Join(dir, "shared.db"), filepath.Join(dir, "out")
		var wg sync.WaitGroup
		outs := make([]bytes.Buffer, 2)
		errs := make([]error, 2)
		for p := range 2 {
			cmd := start(db, out, calls, devs[p].Serial())
			cmd.Stdout, cmd.Stderr = &outs[p], &outs[p]
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[p] = cmd.Run()
			}()
		}
		wg.Wait()
		for p := range 2 {
			if errs[p] != nil || !strings.Contains(outs[p].String(), "6/6 tasks run (0 failed)") {
				t.Fatalf("process %d: %v\n%s", p, errs[p], outs[p].String())
			}
		}
		ran := taskCalls(t, calls)
		used := map[string]bool{}
		for _, id := range ids {
			if len(ran[id]) != 1 {
				t.Errorf("task %s ran on %v", id, ran[id])
			}
			used[strings.Join(ran[id], "")] = true
		}
		if len(used) != 2 {
			t.Errorf("the tasks ran on %v: one process did them all", used)
		}
	})

	t.Run("killed", func(t *testing.T) {
		dir := t.TempDir()
		calls, db, out := filepath.Join(dir, "calls"), filepath.Join(dir, "shared.db"), filepath.Join(dir, "out")
		first := start(db, out, calls, devs[0].Serial())
		if err := first.Start(); err != nil {
			t.Fatal(err)
		}
		// Kill it while its second task's agent runs.
		for deadline := time.Now().Add(60 * time.Second); len(taskCalls(t, calls)) < 2; {
			if time.Now().After(deadline) {
				first.Process.Kill()
				t.Fatal("the first process did not reach its second task in 60s")
			}
			time.Sleep(10 * time.Millisecond)
		}
		first.Process.Signal(syscall.SIGKILL)
		first.Wait()
		began := time.Now()
		second := start(db, out, calls, devs[1].Serial())
		var output bytes.Buffer
		second.Stdout, second.Stderr = &output, &output
		if err := second.Start(); err != nil {
			t.Fatal(err)
		}
		stuck := time.AfterFunc(2*time.Minute, func() { second.Process.Kill() })
		err := second.Wait()
		stuck.Stop()
		if err != nil || !strings.Contains(output.String(), "6/6 tasks run (0 failed)") {
			t.Fatalf("second process: %v\n%s", err, output.String())
		}
		if took := time.Since(began); took > 25*time.Second {
			t.Errorf("the second process took %v: it waited for the dead process's claim to expire", took)
		}
		ran := taskCalls(t, calls)
		twice := 0
		for _, id := range ids {
			switch n := len(ran[id]); {
			case n == 2 && ran[id][0] == devs[0].Serial() && ran[id][1] == devs[1].Serial():
				twice++ // the task in flight when the first process died
			case n != 1:
				t.Errorf("task %s ran on %v", id, ran[id])
			}
		}
		if twice > 1 {
			t.Errorf("%d tasks ran again after the kill; only the one in flight may", twice)
		}
	})
}

// The flags deploy/slurm and deploy/kubernetes give 'run' are run's: with a Slurm array's
// environment, run takes its shard and gets as far as the adb server (none here: exit 1,
// not a usage error).
func TestRunTakesTheDeployFlags(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	suitePath, _, _ := poolSuite(t, filepath.Join(t.TempDir(), "calls"))
	setenv(t, "SLURM_ARRAY_TASK_ID", "3")
	setenv(t, "SLURM_ARRAY_TASK_COUNT", "8")
	code, _, stderr := evalCapture(t, "run", "--shard", "auto", "--suite", suitePath, "--agent-cmd", "my-agent {task}",
		"--out", filepath.Join(t.TempDir(), "traces"), "--db", db, "--adb", "127.0.0.1:1", "--device", "localhost:5561", "--wait", "0")
	if code != 1 || !strings.Contains(stderr, "adb") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}
