package runner

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/autoeval/autoeval/device"
	"github.com/autoeval/autoeval/groundtruth"
	"github.com/autoeval/autoeval/internal/termtext"
	"github.com/autoeval/autoeval/observer"
	"github.com/autoeval/autoeval/suite"
	"github.com/autoeval/autoeval/trace"
)

// TaskResult is the outcome of one task, stored as the run item's result.
type TaskResult struct {
	ID       string `json:"id"`
	Task     string `json:"task"`
	Trace    string `json:"trace"`
	Status   string `json:"status"` // the trace's status
	Frames   int    `json:"frames"`
	Dropped  int    `json:"dropped"`
	ExitCode int    `json:"exit_code"`
	Judged   bool   `json:"judged"`
	Judge    string `json:"judge,omitempty"`
	// JudgeID names the judge configuration of the verdict (SuiteOptions.JudgeID).
	JudgeID   string  `json:"judge_id,omitempty"`
	Substates int     `json:"substates,omitempty"`
	Satisfied int     `json:"satisfied,omitempty"`
	SCR       float64 `json:"scr"`
	Complete  bool    `json:"complete"`
	// Verdict is the judge's verdict on the run (success, failure or cannot_tell, as
	// trace.Judgment.RunVerdict reads it) and VerdictReason why.
	Verdict       string   `json:"verdict,omitempty"`
	VerdictReason string   `json:"verdict_reason,omitempty"`
	Reward        *float64 `json:"reward,omitempty"` // ground truth
	// RewardSource says where Reward came from (groundtruth.NativeSource or AndroidWorldSource).
	RewardSource string `json:"reward_source,omitempty"`
	// GTError says why a native check could not read ground truth, or that AndroidWorld's
	// tear-down failed after scoring; the task still counts as done (the device state, not
	// the run, is at fault), so a rerun does not repeat the agent. A failed AndroidWorld
	// score is an Error instead: the task runs again.
	GTError string `json:"gt_error,omitempty"`
	// TeardownError says the teardown command failed. The task's result stands (rerunning
	// its agent would not repair the device), but the next task may start from a dirty state.
	TeardownError string `json:"teardown_error,omitempty"`
	// Undetermined says the judge ran but could not judge the recording (no frame got a
	// usable answer): neither a verdict nor a failure of the task.
	Undetermined       bool   `json:"undetermined,omitempty"`
	UndeterminedReason string `json:"undetermined_reason,omitempty"`
	// Device is the serial of the device the task ran on.
	Device string `json:"device,omitempty"`
	// FailedOn lists the devices that failed the task in this invocation (lost mid-task,
	// or failing before the agent could start); after the first the task is retried once
	// on another device.
	FailedOn []string `json:"failed_on,omitempty"`
	// Retrying says a device failed the task and it waits for another device.
	Retrying bool    `json:"retrying,omitempty"`
	Error    string  `json:"error,omitempty"`
	Seconds  float64 `json:"seconds"`

	rec *trace.Trace // the recording, while it is being judged
}

// scoreErrPrefix marks a task its ground-truth source failed to score (AndroidWorld's
// server did not answer): not done, it runs again.
const scoreErrPrefix = "not scored: "

// taskSpec is one task for runTask. The suite's options hold what every task shares;
// this is what differs from task to task, the device the pool handed it among them.
type taskSpec struct {
	Task   suite.Task
	Dir    string // the task's trace directory
	Device SuiteDevice
	RunID  string
	Known  bool // the store lists the task for this run, so a trace in Dir is ours
	Logf   func(format string, args ...any)
	// OnFrame, when set, hears how many frames are recorded so far.
	OnFrame func(frames int)
}

// errNotStarted marks a task whose device failed before the agent could start
// (trace.StatusNotStarted): nothing of the agent's ran, so there is nothing to check or
// judge, and the device is not fit to run tasks.
var errNotStarted = errors.New("the agent was not started")

// taskRun is one task in progress: its result so far, its text (the ground-truth
// source may replace a template with the instance's goal) and the hooks' environment.
type taskRun struct {
	o      *SuiteOptions
	spec   taskSpec
	start  time.Time
	r      TaskResult
	text   string
	params map[string]any
	gtName string // the task's ground-truth name, recorded as the trace's task_name
	env    []string
}

// runTask records one task: setup, ground truth begun, the agent, ground truth scored,
// teardown; judging is left to the caller. recorded says the trace and its ground truth
// are complete and only the verdict is missing (r.rec holds the trace then). deviceErr
// says the device failed the task (lost, or failing before the agent started: then no
// ground truth is read and nothing is judged); the pool takes the device out and the task
// may run again elsewhere. Every failure is also in TaskResult.Error.
func runTask(ctx context.Context, o *SuiteOptions, spec taskSpec) (r TaskResult, recorded bool, deviceErr error) {
	if spec.Logf == nil {
		spec.Logf = o.Logf
	}
	t := &taskRun{o: o, spec: spec, start: time.Now(), text: spec.Task.Instruction(), params: spec.Task.Params}
	t.r = TaskResult{ID: spec.Task.ID, Task: t.text, Trace: spec.Dir, ExitCode: -1, Device: spec.Device.Serial()}
	if (o.GroundTruth == nil || !o.GroundTruth.SetsGoals()) && hasSlots(t.text) {
		// An agent asked to "Turn wifi {on_or_off}." cannot succeed, and its check would
		// lack the same parameters: say so instead of spending a run on it.
		return t.fail(fmt.Errorf("task text %q has unfilled {slots}: give the task's params in the suite, or use --androidworld so the server picks an instance", termtext.Clip(t.text, 80)))
	}
	// An earlier attempt of this run left a partial or unwanted trace: replace it.
	if err := clearTaskDir(spec.Dir, spec.RunID, spec.Known); err != nil {
		return t.fail(err)
	}
	if err := os.MkdirAll(spec.Dir, 0o755); err != nil {
		return t.fail(err)
	}
	t.env = taskEnv(spec.Device, spec.Task, t.text, spec.Dir)
	if o.Setup != "" {
		if err := runHook(ctx, "setup", o.Setup, t.env, spec.Dir, o.HookTimeout); err != nil {
			t.teardown(ctx)
			return t.fail(err)
		}
	}
	inst, err := t.beginGroundTruth(ctx)
	if err != nil {
		t.teardown(ctx)
		return t.fail(err)
	}
	tr, err := t.observe(ctx)
	if tr == nil {
		if inst != nil {
			t.abort(ctx, inst)
		}
		if t.r.Status != trace.StatusDeviceLost {
			t.teardown(ctx)
		}
		return t.fail(err)
	}
	if err := t.score(ctx, inst, tr); err != nil {
		return t.fail(err)
	}
	t.teardown(ctx)
	t.r.Seconds = time.Since(t.start).Seconds()
	if t.r.Error != "" {
		again := ""
		if strings.HasPrefix(t.r.Error, scoreErrPrefix) {
			again = " (not done: it runs again next time)"
		}
		t.spec.Logf("task %s failed: %s%s", spec.Task.ID, t.r.Error, again)
		return t.r, false, nil
	}
	t.r.rec = tr
	return t.r, len(tr.Frames) > 0, nil
}

// fail ends the task with err as its error, returned as well when the device failed it.
func (t *taskRun) fail(err error) (TaskResult, bool, error) {
	t.r.Error = oneLine(err.Error())
	t.r.Seconds = time.Since(t.start).Seconds()
	t.spec.Logf("task %s failed: %s", t.spec.Task.ID, t.r.Error)
	if errors.Is(err, device.ErrDeviceLost) || errors.Is(err, errNotStarted) {
		return t.r, false, err
	}
	return t.r, false, nil
}

// teardown runs the teardown command, also after an interrupt. Its failure is a note:
// the task's result stands.
func (t *taskRun) teardown(ctx context.Context) {
	if t.o.Teardown == "" {
		return
	}
	if err := runHook(context.WithoutCancel(ctx), "teardown", t.o.Teardown, t.env, t.spec.Dir, t.o.HookTimeout); err != nil {
		t.spec.Logf("task %s: %v (the next task may start from a dirty device)", t.spec.Task.ID, err)
		t.r.TeardownError = oneLine(err.Error())
	}
}

// beginGroundTruth begins the task with the ground-truth source, if any. A source
// that chose the instance (AndroidWorld) supplies its goal, which replaces a task text
// that was only a template.
func (t *taskRun) beginGroundTruth(ctx context.Context) (groundtruth.Instance, error) {
	task := t.spec.Task
	t.gtName = groundtruth.CheckName(task.ID, task.Name)
	if t.o.GroundTruth == nil {
		return nil, nil
	}
	inst, err := t.o.GroundTruth.Begin(ctx, groundtruth.Task{ID: task.ID, Name: task.Name,
		Params: groundtruth.Params(t.params), Dir: t.spec.Dir, Device: t.spec.Device})
	if err != nil || inst == nil {
		return nil, err
	}
	if goal := inst.Goal(); goal != "" && hasSlots(t.text) {
		// The suite had only AndroidWorld's template; the server chose the instance.
		t.text, t.r.Task = goal, goal
		t.env = taskEnv(t.spec.Device, task, t.text, t.spec.Dir)
		if len(t.params) == 0 {
			if p, err := groundtruth.ParamsFromGoal(task.Text, goal); err == nil {
				t.params = p // kept in trace.json for a later 'autoeval groundtruth --trace'
			}
		}
	}
	if t.gtName == "" {
		t.gtName = task.ID // AndroidWorld knows task types the native catalogue lacks
	}
	return inst, nil
}

// abort ends a begun ground-truth instance whose agent did not finish; a failure is
// only logged, since the task has already failed for another reason.
func (t *taskRun) abort(ctx context.Context, inst groundtruth.Instance) {
	if err := inst.Abort(ctx); err != nil {
		t.spec.Logf("task %s: %v", t.spec.Task.ID, err)
	}
}

// observe runs the agent and records its trace. A nil trace means the recording is not
// whole (interrupted, the device lost, the agent never started, or the observer failed)
// and the error says why.
func (t *taskRun) observe(ctx context.Context) (*trace.Trace, error) {
	task := t.spec.Task
	obs := t.o.Observe
	obs.Task, obs.TaskName, obs.App, obs.Params = t.text, t.gtName, task.App, t.params
	// The observer turns {task} into "$AUTOEVAL_TASK" (observer.ShellScript): the shell reads
	// the task from the environment, never from the command.
	obs.Agent = []string{"/bin/sh", "-c", t.o.AgentCmd}
	obs.AgentName = t.o.AgentName
	obs.Dir = t.spec.Dir
	obs.Env = append(append([]string(nil), obs.Env...), "AUTOEVAL_TASK_ID="+task.ID)
	if obs.Logf == nil {
		obs.Logf = t.spec.Logf
	}
	if on, kept := obs.OnFrame, t.spec.OnFrame; kept != nil {
		frames := 0
		obs.OnFrame = func(f trace.Frame, captured, dropped int) {
			frames++
			kept(frames)
			if on != nil {
				on(f, captured, dropped)
			}
		}
	}
	res, err := observer.Observe(ctx, t.spec.Device, obs)
	if res != nil {
		t.r.Status, t.r.Frames, t.r.Dropped, t.r.ExitCode = res.Status, len(res.Trace.Frames), res.Dropped, res.ExitCode
	}
	if res != nil && t.r.Status == trace.StatusNotStarted {
		// The device failed before the agent ran: the state is the setup's, not the
		// agent's, and the frames (if any) are not its work.
		return nil, fmt.Errorf("%w: the device failed first (%v)", errNotStarted, err)
	}
	if res == nil || t.r.Status == trace.StatusStopped || t.r.Status == trace.StatusDeviceLost {
		if err == nil {
			err = errors.New("interrupted")
		}
		return nil, err
	}
	tr := res.Trace
	if err != nil {
		t.r.Error = oneLine(err.Error())
	}
	// Name the run in the trace, so a rerun after a crash knows the directory is its own.
	if tr.Metadata == nil {
		tr.Metadata = map[string]any{}
	}
	tr.Metadata[runIDKey] = t.spec.RunID
	if err := tr.WriteManifest(); err != nil && t.r.Error == "" {
		t.r.Error = oneLine(err.Error())
	}
	return tr, nil
}

// score asks the ground-truth instance for the reward of the agent's work (a question
// task's answer is the trace's: trace.FinalAnswer) and records it in the result and the
// trace. Only a lost device is returned (the task runs again elsewhere); other failures
// are the result's: an interrupt or an unscored task runs again, a state that cannot be read
// (or a failed tear-down after a score) is a note on a task that is done.
func (t *taskRun) score(ctx context.Context, inst groundtruth.Instance, tr *trace.Trace) error {
	if inst == nil {
		return nil
	}
	id := t.spec.Task.ID
	res, err := inst.Score(ctx, tr.FinalAnswer())
	switch {
	case err != nil && res == nil && errors.Is(err, device.ErrDeviceLost):
		t.spec.Logf("task %s: ground truth: %v", id, err)
		return err
	case err != nil && res == nil && ctx.Err() != nil:
		// The check reads the device state the agent left, so it cannot be repeated
		// later: the agent has to run again, and the result says so.
		t.r.Error = oneLine(fmt.Sprintf("interrupted during the ground-truth check (%v); it reads the device state right after the agent, so the agent runs again on resume", err))
	case err != nil && res == nil && errors.Is(err, groundtruth.ErrUnscored):
		// Unscored is not done: the next invocation runs the task again.
		t.r.Error = scoreErrPrefix + oneLine(err.Error())
	case err != nil:
		t.spec.Logf("task %s: ground truth: %v", id, err)
		t.r.GTError = oneLine(err.Error())
	}
	if res != nil {
		if err := storeReward(tr, &t.r, res, t.o.GroundTruth.Label()); err != nil {
			t.r.Error = oneLine(err.Error()) // still tear down
		}
	}
	return nil
}

// storeReward records a ground-truth result in the task's result and its trace.json.
func storeReward(tr *trace.Trace, r *TaskResult, gt *groundtruth.Result, source string) error {
	reward := gt.Reward
	r.Reward, r.RewardSource = &reward, source
	tr.GroundTruth = &trace.GroundTruth{Reward: gt.Reward, Source: source, Details: gt.Explanation}
	return tr.WriteManifest()
}

// hasSlots reports whether a task text still has unfilled {param} slots.
func hasSlots(text string) bool { return len(suite.Task{Text: text}.Slots()) > 0 }

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
