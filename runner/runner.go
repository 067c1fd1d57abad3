// Package runner runs a suite of tasks end to end: for each task a setup hook, a ground-truth
// snapshot, the agent observed on the device, the ground-truth check (native or AndroidWorld's
// server), a teardown hook and the judge, with results and a per-agent summary kept in the
// store so an interrupted suite resumes where it stopped.
package runner

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/autoeval/autoeval/device"
	"github.com/autoeval/autoeval/groundtruth"
	"github.com/autoeval/autoeval/observer"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/suite"
	"github.com/autoeval/autoeval/trace"
)

// SuiteDevice is what a suite run needs: observation plus shell and file access for
// ground-truth checks. *device.Device provides it.
type SuiteDevice interface {
	observer.Device
	groundtruth.Device
}

// SuiteOptions configure RunSuite.
type SuiteOptions struct {
	Tasks     []suite.Task
	SuitePath string // for the run id and the report
	AgentCmd  string // shell command; "{task}" is replaced by the shell-quoted task
	AgentName string
	Out       string // one trace directory per task below it
	Setup     string // shell command before each task (optional)
	Teardown  string // shell command after each task (optional)
	// HookTimeout bounds setup and teardown commands (default 5m).
	HookTimeout time.Duration
	// Observe holds the capture settings (Interval, XML, Activity, Capture, Threshold,
	// Timeout, StopGrace); its task, agent and directory fields are set per task.
	Observe observer.Options
	// Judge judges a finished trace; nil skips judging.
	Judge func(ctx context.Context, t *trace.Trace) (*trace.Judgment, error)
	// GroundTruth checks the device state after each task whose id or name has a check.
	GroundTruth bool
	// AndroidWorld, when set, makes AndroidWorld's server the ground truth instead: each
	// task (its id is the AndroidWorld task type) is initialized before the agent runs,
	// scored after, and always torn down. The server's goal replaces a task text that is
	// only a template. Native checks (GroundTruth) are not run then.
	AndroidWorld *groundtruth.AndroidWorldClient
	// AndroidWorldIndex is the task instance on the server (its parameter combination).
	AndroidWorldIndex int
	Store             *store.DB
	// Fresh forgets earlier progress of the same run and runs every task again.
	Fresh bool
	Logf  func(format string, args ...any)
	// OnTask is called after each task (also for tasks skipped as already done).
	OnTask func(r TaskResult, resumed bool)
}

// TaskResult is the outcome of one task, stored as the run item's result.
type TaskResult struct {
	ID        string   `json:"id"`
	Task      string   `json:"task"`
	Trace     string   `json:"trace"`
	Status    string   `json:"status"` // the trace's status
	Frames    int      `json:"frames"`
	Dropped   int      `json:"dropped"`
	ExitCode  int      `json:"exit_code"`
	Judged    bool     `json:"judged"`
	Judge     string   `json:"judge,omitempty"`
	Substates int      `json:"substates,omitempty"`
	Satisfied int      `json:"satisfied,omitempty"`
	SCR       float64  `json:"scr"`
	Complete  bool     `json:"complete"`
	Reward    *float64 `json:"reward,omitempty"` // ground truth
	// RewardSource says where Reward came from (groundtruth.NativeSource or AndroidWorldSource).
	RewardSource string `json:"reward_source,omitempty"`
	// GTError says why a native check could not read ground truth, or that AndroidWorld's
	// tear-down failed after scoring; the task still counts as done (the device state, not
	// the run, is at fault), so a rerun does not repeat the agent. A failed AndroidWorld
	// score is an Error instead: the task runs again.
	GTError string `json:"gt_error,omitempty"`
	// TeardownError says the teardown command failed. The task's result stands (rerunning
	// its agent would not repair the device), but the next task may start from a dirty state.
	TeardownError string  `json:"teardown_error,omitempty"`
	Error         string  `json:"error,omitempty"`
	Seconds       float64 `json:"seconds"`

	rec *trace.Trace // the recording, while it is being judged
}

// Summary is the per-agent result of a suite run (the paper's SCR and TCR).
type Summary struct {
	RunID  string `json:"run_id"`
	Agent  string `json:"agent"`
	Suite  string `json:"suite"`
	Tasks  int    `json:"tasks"`
	Done   int    `json:"done"`
	Failed int    `json:"failed"`
	Judged int    `json:"judged"`
	// SCR is the mean substate completion rate over judged tasks; TCR the share of
	// judged tasks with every substate satisfied.
	SCR float64 `json:"scr"`
	TCR float64 `json:"tcr"`
	// With ground truth: how many tasks had a reward, how many succeeded, and how often
	// the judge's "complete" agreed with it.
	GTChecked int `json:"gt_checked,omitempty"`
	GTSuccess int `json:"gt_success,omitempty"`
	Agreement int `json:"judge_gt_agreement,omitempty"`
	// GTUnscored counts tasks AndroidWorld failed to score; they run again next time.
	GTUnscored  int            `json:"gt_unscored,omitempty"`
	Statuses    map[string]int `json:"statuses"`
	Interrupted bool           `json:"interrupted,omitempty"`
}

// RunKind is the store's kind for suite runs.
const RunKind = "run"

// RunID derives a stable id from what defines the run, so rerunning the same command
// resumes it.
func RunID(suitePath, agentCmd, out string) string {
	abs := func(p string) string {
		if a, err := filepath.Abs(p); err == nil {
			return a
		}
		return p
	}
	h := sha256.Sum256([]byte(abs(suitePath) + "\x00" + agentCmd + "\x00" + abs(out)))
	return "run-" + hex.EncodeToString(h[:8])
}

// RunSuite runs every task: setup, ground-truth snapshot, observe, ground-truth check,
// judge, teardown. Tasks recorded as done in the store are not run again. A lost device
// or an interrupt ends the run early (resumable); other failures are recorded per task.
func RunSuite(ctx context.Context, dev SuiteDevice, o SuiteOptions) (*Summary, []TaskResult, error) {
	if o.Logf == nil {
		o.Logf = func(string, ...any) {}
	}
	if o.HookTimeout <= 0 {
		o.HookTimeout = 5 * time.Minute
	}
	if strings.TrimSpace(o.AgentCmd) == "" {
		return nil, nil, errors.New("no agent command given")
	}
	if o.Out == "" {
		return nil, nil, errors.New("no output directory given")
	}
	if len(o.Tasks) == 0 {
		return nil, nil, fmt.Errorf("suite %s has no tasks", o.SuitePath)
	}
	if o.AgentName == "" {
		o.AgentName = agentLabel(o.AgentCmd)
	}
	runID := RunID(o.SuitePath, o.AgentCmd, o.Out)
	sum := &Summary{RunID: runID, Agent: o.AgentName, Suite: o.SuitePath, Tasks: len(o.Tasks), Statuses: map[string]int{}}
	if o.Store != nil {
		cfg := map[string]any{"suite": o.SuitePath, "agent_cmd": o.AgentCmd, "out": o.Out, "setup": o.Setup, "teardown": o.Teardown}
		if err := o.Store.BeginRun(ctx, runID, RunKind, o.AgentName, cfg); err != nil {
			return nil, nil, fmt.Errorf("store: %w", err)
		}
	}
	dirs, err := taskDirs(o.Tasks)
	if err != nil {
		return nil, nil, err
	}
	var results []TaskResult
	var runErr error
	for i, task := range o.Tasks {
		if ctx.Err() != nil {
			sum.Interrupted = true
			break
		}
		var r TaskResult
		var err error
		reused, known := false, false
		if o.Store != nil {
			var prev TaskResult
			st, gerr := o.Store.GetItem(ctx, runID, task.ID, &prev)
			// This run recorded a trace of the task before: its directory is ours.
			known = gerr == nil && prev.Status != ""
			if o.Fresh {
				gerr = store.ErrNotFound
			}
			if gerr == nil && st == store.ItemDone {
				results = append(results, prev)
				if o.OnTask != nil {
					o.OnTask(prev, true)
				}
				continue
			}
			// The recording (and its ground truth) is complete and only the verdict is
			// missing: the judge failed (a model outage) or was interrupted. The agent
			// need not run again.
			if gerr == nil && st == store.ItemFailed && strings.HasPrefix(prev.Error, judgeErrPrefix) {
				r, reused = rejudge(ctx, o, fmt.Sprintf("task %d/%d %s", i+1, len(o.Tasks), task.ID), prev)
			}
		}
		if !reused {
			o.Logf("task %d/%d %s: %s", i+1, len(o.Tasks), task.ID, oneLine(task.Instruction()))
			var recorded bool
			r, recorded, err = runTask(ctx, dev, o, runID, known, task, filepath.Join(o.Out, dirs[i]))
			if recorded && o.Judge != nil && o.Store != nil {
				// Checkpoint before the judge: should it be interrupted (or autoeval
				// killed), the next run judges this recording instead of repeating the
				// agent.
				cp := r
				cp.Error = judgePending
				if perr := putResult(context.WithoutCancel(ctx), o, runID, task, cp); perr != nil {
					runErr = perr
					break
				}
			}
			if recorded {
				start := time.Now()
				judgeInto(ctx, o, r.rec, &r)
				r.Seconds += time.Since(start).Seconds()
			}
			r.rec = nil // results outlive the loop; traces need not
		}
		interrupted := r.Status == trace.StatusStopped || ctx.Err() != nil
		if interrupted && strings.HasPrefix(r.Error, judgeErrPrefix) {
			r.Error = judgePending
			o.Logf("task %s: interrupted while judging; the recorded trace is judged on resume (the agent does not run again)", task.ID)
		}
		results = append(results, r)
		// An interrupt before anything was recorded (setup, the agent itself) leaves
		// nothing worth keeping: the task simply runs again. Anything later is stored,
		// so the store says what a resume will do with it.
		if o.Store != nil && !(interrupted && (r.Status == "" || r.Status == trace.StatusStopped)) {
			if err := putResult(context.WithoutCancel(ctx), o, runID, task, r); err != nil {
				runErr = err
				break
			}
		}
		if o.OnTask != nil {
			o.OnTask(r, false)
		}
		if interrupted {
			sum.Interrupted = true
			break
		}
		if errors.Is(err, device.ErrDeviceLost) {
			runErr = fmt.Errorf("task %s: %w (the run is resumable: rerun the same command)", task.ID, err)
			break
		}
	}
	summarize(sum, results)
	if o.Store != nil {
		final := "done"
		if sum.Interrupted || runErr != nil {
			final = "interrupted"
		}
		bg := context.WithoutCancel(ctx)
		if err := o.Store.PutKV(bg, "run-summary", runID, sum); err != nil && runErr == nil {
			runErr = fmt.Errorf("store: %w", err)
		}
		if err := o.Store.FinishRun(bg, runID, final); err != nil && runErr == nil {
			runErr = fmt.Errorf("store: %w", err)
		}
	}
	return sum, results, runErr
}

// rejudge judges (when there is a judge) the recording prev points at, if it is still
// there and whole, so the agent need not run again; reused is false when it is not.
func rejudge(ctx context.Context, o SuiteOptions, label string, prev TaskResult) (r TaskResult, reused bool) {
	tr, err := trace.ReadManifest(prev.Trace)
	if err == nil && !finished(tr.Status) {
		err = fmt.Errorf("its status is %q", tr.Status)
	}
	if err != nil {
		o.Logf("%s: the recorded trace cannot be reused (%v): running the agent again", label, err)
		return TaskResult{}, false
	}
	r = prev
	r.Error = ""
	if o.Judge == nil {
		o.Logf("%s: keeping the recorded trace unjudged (no judge this run)", label)
		return r, true
	}
	o.Logf("%s: judging the recorded trace (the agent does not run again)", label)
	start := time.Now()
	judgeInto(ctx, o, tr, &r)
	r.Seconds += time.Since(start).Seconds()
	return r, true
}

// putResult stores a task's result as its run item (done unless it has an error) and
// lists its trace.
func putResult(ctx context.Context, o SuiteOptions, runID string, task suite.Task, r TaskResult) error {
	status := store.ItemDone
	if r.Error != "" {
		status = store.ItemFailed
	}
	if err := o.Store.PutItem(ctx, runID, task.ID, status, r, r.Error); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	if err := recordTrace(ctx, o.Store, runID, o.AgentName, task, r); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// ourFiles are what a task directory holds before its trace.json exists (the hooks'
// logs, the ground-truth snapshot); with a trace.json, every file is the trace's.
var ourFiles = map[string]bool{"setup.log": true, "teardown.log": true, groundtruth.SnapshotFile: true,
	observer.StdoutLog: true, observer.StderrLog: true}

// runIDKey is the trace.json metadata key naming the run that recorded the trace.
const runIDKey = "autoeval_run"

// clearTaskDir removes what an earlier attempt of this run left in dir, but refuses to
// delete what is not ours: --out may already hold other files (a task id that happens to
// name one of them must not cost the user its contents), or the finished traces of
// another agent or an 'autoeval observe'. known says the store lists the task for this
// run; without it, a finished trace is ours only when its metadata names this run (a
// crash before the store heard of it).
func clearTaskDir(dir, runID string, known bool) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	var foreign []string
	hasManifest := false
	for _, e := range entries {
		n := e.Name()
		switch {
		case n == trace.ManifestName:
			hasManifest = true
		case !ourFiles[n] && !(strings.HasPrefix(n, ".") && strings.Contains(n, ".tmp")):
			foreign = append(foreign, n)
		}
	}
	if !hasManifest && len(foreign) > 0 {
		return fmt.Errorf("%s exists and is not a trace directory (it holds %s, no %s): not overwriting it; move it away or choose another --out", dir, clip(strings.Join(foreign, ", "), 60), trace.ManifestName)
	}
	if hasManifest && !known {
		tr, err := trace.ReadManifest(dir)
		if err != nil {
			return fmt.Errorf("%s holds an unreadable trace (%v): not overwriting it; move it away or choose another --out", dir, err)
		}
		if id, _ := tr.Metadata[runIDKey].(string); finished(tr.Status) && id != runID {
			return fmt.Errorf("%s holds a finished trace this run did not record: not overwriting it; move it away or choose another --out", dir)
		}
	}
	return os.RemoveAll(dir)
}

// recordTrace lists the task's trace in the store's traces table, so later commands can
// find every trace a run produced with its status and reward.
func recordTrace(ctx context.Context, db *store.DB, runID, agent string, task suite.Task, r TaskResult) error {
	if r.Status == "" {
		return nil // no trace was written (setup failed)
	}
	path := r.Trace
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	var reward any
	source := ""
	if r.Reward != nil {
		reward, source = *r.Reward, r.RewardSource
		if source == "" {
			source = groundtruth.NativeSource // results stored before RewardSource existed
		}
	}
	_, err := db.ExecContext(ctx, `INSERT INTO traces(path, task, task_name, agent, status, frames, reward, reward_source, run_id, updated_at)
		VALUES (?,?,?,?,?,?,?,?,?,?)
		ON CONFLICT(path) DO UPDATE SET task=excluded.task, task_name=excluded.task_name, agent=excluded.agent, status=excluded.status,
			frames=excluded.frames, reward=excluded.reward, reward_source=excluded.reward_source, run_id=excluded.run_id, updated_at=excluded.updated_at`,
		path, r.Task, groundTruthName(task), agent, r.Status, r.Frames, reward, source, runID, time.Now().UTC().Format(time.RFC3339Nano))
	return err
}

func summarize(sum *Summary, results []TaskResult) {
	var scr float64
	complete := 0
	for _, r := range results {
		st := r.Status
		if st == "" {
			st = "not_run" // failed before the agent started (setup, ground truth, AndroidWorld)
		}
		sum.Statuses[st]++
		if strings.HasPrefix(r.Error, scoreErrPrefix) {
			sum.GTUnscored++
		}
		if r.Error != "" {
			sum.Failed++
		} else {
			sum.Done++
		}
		if r.Judged {
			sum.Judged++
			scr += r.SCR
			if r.Complete {
				complete++
			}
		}
		if r.Reward != nil {
			sum.GTChecked++
			ok := *r.Reward >= trace.SuccessThreshold
			if ok {
				sum.GTSuccess++
			}
			if r.Judged && ok == r.Complete {
				sum.Agreement++
			}
		}
	}
	if sum.Judged > 0 {
		sum.SCR = scr / float64(sum.Judged)
		sum.TCR = float64(complete) / float64(sum.Judged)
	}
}

// runTask records one task: setup, ground truth, the agent, teardown; judging is left to
// the caller. recorded says the trace and its ground truth are complete and only the
// verdict is missing (r.rec holds the trace then). The error return is set only for
// conditions that should end the whole run (a lost device); everything else lands in
// TaskResult.Error.
func runTask(ctx context.Context, dev SuiteDevice, o SuiteOptions, runID string, known bool, task suite.Task, dir string) (r TaskResult, recorded bool, _ error) {
	start := time.Now()
	text := task.Instruction()
	r = TaskResult{ID: task.ID, Task: text, Trace: dir, ExitCode: -1}
	fail := func(err error) (TaskResult, bool, error) {
		r.Error = oneLine(err.Error())
		r.Seconds = time.Since(start).Seconds()
		o.Logf("task %s failed: %s", task.ID, r.Error)
		if errors.Is(err, device.ErrDeviceLost) {
			return r, false, err
		}
		return r, false, nil
	}
	if o.AndroidWorld == nil && hasSlots(text) {
		// An agent asked to "Turn wifi {on_or_off}." cannot succeed, and its check would
		// lack the same parameters: say so instead of spending a run on it.
		return fail(fmt.Errorf("task text %q has unfilled {slots}: give the task's params in the suite, or use --androidworld so the server picks an instance", clip(text, 80)))
	}
	// An earlier attempt of this run left a partial or unwanted trace: replace it.
	if err := clearTaskDir(dir, runID, known); err != nil {
		return fail(err)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fail(err)
	}
	env := taskEnv(dev, task, text, dir)
	teardown := func() {
		if o.Teardown == "" {
			return
		}
		if err := runHook(context.WithoutCancel(ctx), "teardown", o.Teardown, env, dir, o.HookTimeout); err != nil {
			o.Logf("task %s: %v (the next task may start from a dirty device)", task.ID, err)
			r.TeardownError = oneLine(err.Error())
		}
	}
	if o.Setup != "" {
		if err := runHook(ctx, "setup", o.Setup, env, dir, o.HookTimeout); err != nil {
			teardown()
			return fail(err)
		}
	}
	gtName := groundTruthName(task)
	params := task.Params
	var oracle *groundtruth.Oracle
	if o.AndroidWorld != nil {
		oracle = &groundtruth.Oracle{Client: o.AndroidWorld, TaskType: task.ID, Index: o.AndroidWorldIndex}
		goal, err := oracle.Begin(ctx)
		if err != nil {
			abortOracle(ctx, o, oracle, task.ID)
			teardown()
			var awErr *groundtruth.AndroidWorldError
			if errors.As(err, &awErr) && awErr.Status == 500 {
				// The server answers an unknown task type with a bare KeyError 500.
				err = fmt.Errorf("%w (is %q an AndroidWorld task type, and --task-index %d within its instances?)", err, task.ID, o.AndroidWorldIndex)
			}
			return fail(err)
		}
		if goal != "" && hasSlots(text) {
			// The suite had only AndroidWorld's template; the server chose the instance.
			text, r.Task = goal, goal
			env = taskEnv(dev, task, text, dir)
			if len(params) == 0 {
				if p, err := groundtruth.ParamsFromGoal(task.Text, goal); err == nil {
					params = p // kept in trace.json for a later 'autoeval groundtruth --trace'
				}
			}
		}
		if gtName == "" {
			gtName = task.ID
		}
	}
	var before *groundtruth.Snapshot
	if o.GroundTruth && oracle == nil && gtName != "" {
		snap, err := groundtruth.TakeSnapshot(ctx, dev, gtName, groundtruth.Params(params))
		if err != nil {
			teardown()
			return fail(fmt.Errorf("ground truth before the task: %w", err))
		}
		before = snap
		if err := snap.Save(dir); err != nil {
			teardown()
			return fail(err)
		}
	}

	obs := o.Observe
	obs.Task, obs.TaskName, obs.App, obs.Params = text, gtName, task.App, params
	obs.Agent = []string{"/bin/sh", "-c", strings.ReplaceAll(o.AgentCmd, "{task}", shellQuote(text))}
	obs.AgentName = o.AgentName
	obs.Dir = dir
	obs.Env = append(append([]string(nil), obs.Env...), "AUTOEVAL_TASK_ID="+task.ID)
	if obs.Logf == nil {
		obs.Logf = o.Logf
	}
	res, obsErr := observer.Observe(ctx, dev, obs)
	if res != nil {
		r.Status, r.Frames, r.Dropped, r.ExitCode = res.Status, len(res.Trace.Frames), res.Dropped, res.ExitCode
	}
	if res == nil || r.Status == trace.StatusStopped || r.Status == trace.StatusDeviceLost {
		if oracle != nil {
			abortOracle(ctx, o, oracle, task.ID)
		}
		if r.Status != trace.StatusDeviceLost {
			teardown()
		}
		if obsErr == nil {
			obsErr = errors.New("interrupted")
		}
		return fail(obsErr)
	}
	tr := res.Trace
	if obsErr != nil {
		r.Error = oneLine(obsErr.Error())
	}
	// Name the run in the trace, so a rerun after a crash knows the directory is its own.
	if tr.Metadata == nil {
		tr.Metadata = map[string]any{}
	}
	tr.Metadata[runIDKey] = runID
	if err := tr.WriteManifest(); err != nil && r.Error == "" {
		r.Error = oneLine(err.Error())
	}

	// The check reads the device state the agent left, so it cannot be repeated later:
	// when it is interrupted the agent has to run again, and the result says so.
	gtInterrupted := func(err error) bool {
		if ctx.Err() == nil {
			return false
		}
		r.Error = oneLine(fmt.Sprintf("interrupted during the ground-truth check (%v); it reads the device state right after the agent, so the agent runs again on resume", err))
		return true
	}
	if oracle != nil {
		gt, err := oracle.End(ctx) // tears the instance down, also on error
		switch {
		case err != nil && gt == nil && gtInterrupted(err):
		case err != nil && gt == nil:
			// Unscored is not done: the next invocation runs the task again.
			r.Error = scoreErrPrefix + oneLine(err.Error())
		case err != nil:
			o.Logf("task %s: %v", task.ID, err)
			r.GTError = oneLine(err.Error())
		}
		if gt != nil {
			if err := storeReward(tr, &r, gt, groundtruth.AndroidWorldSource); err != nil {
				r.Error = oneLine(err.Error())
			}
		}
	} else if o.GroundTruth && gtName != "" {
		gt, err := groundtruth.Check(ctx, dev, gtName, groundtruth.Params(params), before)
		switch {
		case err != nil && errors.Is(err, device.ErrDeviceLost):
			o.Logf("task %s: ground truth: %v", task.ID, err)
			return fail(err)
		case err != nil && gtInterrupted(err):
		case err != nil:
			o.Logf("task %s: ground truth: %v", task.ID, err)
			r.GTError = oneLine(err.Error())
		default:
			if err := storeReward(tr, &r, gt, groundtruth.NativeSource); err != nil {
				r.Error = oneLine(err.Error()) // still tear down below
			}
		}
	}
	teardown()
	r.Seconds = time.Since(start).Seconds()
	if r.Error != "" {
		again := ""
		if strings.HasPrefix(r.Error, scoreErrPrefix) {
			again = " (not done: it runs again next time)"
		}
		o.Logf("task %s failed: %s%s", task.ID, r.Error, again)
		return r, false, nil
	}
	r.rec = tr
	return r, len(tr.Frames) > 0, nil
}

// storeReward records a ground-truth result in the task's result and its trace.json.
func storeReward(tr *trace.Trace, r *TaskResult, gt *groundtruth.Result, source string) error {
	reward := gt.Reward
	r.Reward, r.RewardSource = &reward, source
	tr.GroundTruth = &trace.GroundTruth{Reward: gt.Reward, Source: source, Details: gt.Explanation}
	return tr.WriteManifest()
}

// abortOracle tears an AndroidWorld instance down without scoring it; a failure is
// only logged, since the task has already failed for another reason.
func abortOracle(ctx context.Context, o SuiteOptions, oracle *groundtruth.Oracle, id string) {
	if err := oracle.Abort(ctx); err != nil {
		o.Logf("task %s: androidworld tear-down: %v", id, err)
	}
}

// hasSlots reports whether a task text still has unfilled {param} slots.
func hasSlots(text string) bool { return len(suite.Task{Text: text}.Slots()) > 0 }

const (
	judgeErrPrefix = "judge: "
	// judgePending marks a recorded task whose verdict is still missing; a resume judges
	// it without running the agent.
	judgePending = judgeErrPrefix + "not judged yet (interrupted); the recorded trace is judged on resume"
	// scoreErrPrefix marks a task AndroidWorld failed to score: not done, run again.
	scoreErrPrefix = "not scored: "
)

// finished reports whether a trace status is a whole recording (not cut short by an
// interrupt or a crash of autoeval itself).
func finished(status string) bool {
	switch status {
	case trace.StatusCompleted, trace.StatusCrashed, trace.StatusTimeout:
		return true
	}
	return false
}

// judgeInto judges a finished trace and records the verdict (or the failure) in r.
func judgeInto(ctx context.Context, o SuiteOptions, tr *trace.Trace, r *TaskResult) {
	if o.Judge == nil || len(tr.Frames) == 0 {
		return
	}
	if ctx.Err() != nil {
		r.Error = judgeErrPrefix + ctx.Err().Error()
		return
	}
	j, err := o.Judge(ctx, tr)
	if err != nil {
		if r.Error == "" {
			r.Error = judgeErrPrefix + oneLine(err.Error())
		}
		return
	}
	r.Judged, r.SCR, r.Complete = true, j.SCR, j.Complete
	r.Judge = j.Judge.Label()
	r.Substates, r.Satisfied = len(j.Substates), 0
	for _, s := range j.Substates {
		if s.Satisfied {
			r.Satisfied++
		}
	}
}

// groundTruthName is the catalogue name of a task's check: its id (AndroidWorld's
// task_name), else its name; "" when neither has a check.
func groundTruthName(t suite.Task) string {
	for _, n := range []string{t.ID, t.Name} {
		if n != "" && groundtruth.Known(n) {
			return n
		}
	}
	return ""
}

func taskEnv(dev SuiteDevice, task suite.Task, text, dir string) []string {
	return append(append(os.Environ(), observer.AgentEnv(text, dev, dir)...), "AUTOEVAL_TASK_ID="+task.ID)
}

// runHook runs a setup or teardown shell command; its output goes to DIR/NAME.log.
func runHook(ctx context.Context, name, command string, env []string, dir string, timeout time.Duration) error {
	hctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	logf, err := os.Create(filepath.Join(dir, name+".log"))
	if err != nil {
		return err
	}
	defer logf.Close()
	cmd := exec.CommandContext(hctx, "/bin/sh", "-c", command)
	cmd.Env = env
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.Stdin = strings.NewReader("")
	observer.KillGroupOnCancel(cmd)
	cmd.WaitDelay = 2 * time.Second
	if err := cmd.Run(); err != nil {
		if hctx.Err() == context.DeadlineExceeded {
			return fmt.Errorf("%s command timed out after %s (see %s)", name, timeout, filepath.Join(dir, name+".log"))
		}
		return fmt.Errorf("%s command failed: %v (see %s)", name, err, filepath.Join(dir, name+".log"))
	}
	return nil
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// taskDirs maps task ids to distinct, filesystem-safe directory names.
func taskDirs(tasks []suite.Task) ([]string, error) {
	out := make([]string, len(tasks))
	seen := map[string]string{}
	for i, t := range tasks {
		name := strings.Trim(unsafeName.ReplaceAllString(t.ID, "_"), "._")
		if name == "" {
			name = fmt.Sprintf("task-%03d", i+1)
		}
		if prev, dup := seen[strings.ToLower(name)]; dup {
			return nil, fmt.Errorf("tasks %q and %q map to the same directory name %q", prev, t.ID, name)
		}
		seen[strings.ToLower(name)] = t.ID
		out[i] = name
	}
	return out, nil
}

func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'"
}

func agentLabel(cmd string) string {
	f := strings.Fields(cmd)
	if len(f) == 0 {
		return "agent"
	}
	return filepath.Base(f[0])
}

func oneLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i] + " ..."
	}
	return s
}

// WriteSummary prints the per-task table and the agent's summary.
func WriteSummary(w io.Writer, sum *Summary, results []TaskResult) {
	fmt.Fprintf(w, "%-28s %-11s %6s %7s %9s %7s  %s\n", "TASK", "STATUS", "FRAMES", "SCR", "COMPLETE", "REWARD", "NOTE")
	for _, r := range results {
		scr, complete, reward := "-", "-", "-"
		if r.Judged {
			scr = fmt.Sprintf("%.2f", r.SCR)
			complete = fmt.Sprintf("%v", r.Complete)
		}
		if r.Reward != nil {
			reward = fmt.Sprintf("%.2f", *r.Reward)
		}
		var notes []string
		if r.Error != "" {
			notes = append(notes, r.Error)
		}
		if r.GTError != "" {
			notes = append(notes, "ground truth: "+r.GTError)
		}
		if r.TeardownError != "" {
			notes = append(notes, r.TeardownError)
		}
		note := strings.Join(notes, "; ")
		fmt.Fprintf(w, "%-28s %-11s %6d %7s %9s %7s  %s\n", clip(r.ID, 28), r.Status, r.Frames, scr, complete, reward, note)
	}
	fmt.Fprintf(w, "\nagent %s: %d/%d tasks run (%d failed), %d judged: SCR %.3f, TCR %.3f\n",
		sum.Agent, sum.Done+sum.Failed, sum.Tasks, sum.Failed, sum.Judged, sum.SCR, sum.TCR)
	if sum.GTChecked > 0 {
		fmt.Fprintf(w, "ground truth: %d/%d checked tasks succeeded; the judge's verdict agreed with it on %d\n", sum.GTSuccess, sum.GTChecked, sum.Agreement)
	}
	if sum.GTUnscored > 0 {
		fmt.Fprintf(w, "ground truth: AndroidWorld failed to score %d task(s); they are not done and run again on the next invocation\n", sum.GTUnscored)
	}
	if sum.Interrupted {
		fmt.Fprintln(w, "interrupted: rerun the same command to resume")
	}
}

func clip(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n-1] + "…"
}

// RunReport is a whole run as JSON (--json).
type RunReport struct {
	Summary *Summary     `json:"summary"`
	Tasks   []TaskResult `json:"tasks"`
}

// EncodeReport writes the run as indented JSON.
func EncodeReport(w io.Writer, sum *Summary, results []TaskResult) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(RunReport{Summary: sum, Tasks: results})
}
