package runner

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/autoeval/autoeval/groundtruth"
	"github.com/autoeval/autoeval/internal/termtext"
	"github.com/autoeval/autoeval/observer"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/suite"
	"github.com/autoeval/autoeval/trace"
)

// What the store keeps of a run and how a rerun picks it up: results stored per task,
// traces listed, a recording whose judge failed judged again without its agent, and
// a task directory cleared only when it is this run's.

const (
	judgeErrPrefix = "judge: "
	// judgePending marks a recorded task whose verdict is still missing; a resume judges
	// it without running the agent.
	judgePending = judgeErrPrefix + "not judged yet (interrupted); the recorded trace is judged on resume"
)

// Store is what a suite run keeps in the database (*store.DB is one): the run and a result
// per task, so that a rerun resumes; the traces recorded, for later commands; the run's
// summary; and claims on tasks, so that processes sharing the database share the work.
type Store interface {
	BeginRun(ctx context.Context, id, kind, agent string, config any) error
	FinishRun(ctx context.Context, id, status string) error
	PutItem(ctx context.Context, runID, item, status string, result any, itemErr string) error
	GetItemStamped(ctx context.Context, runID, item string, out any) (status, stamp string, err error)
	ItemStamps(ctx context.Context, runID string) (map[string]string, error)
	PutKV(ctx context.Context, ns, key string, value any) error
	PutTrace(ctx context.Context, t store.Trace) error
	store.Claimer
}

// What a task needs when a worker takes it from the queue.
type planAction int

const (
	runAgent       planAction = iota // run the task on the device
	takeResult                       // its result is final: take it as it is
	judgeRecording                   // its recording is whole; only the verdict is missing
)

type taskPlan struct {
	action planAction
	// rejudge: the task is done, but its verdict came from another judge configuration.
	rejudge  bool
	prev     TaskResult // what the store holds of the task
	known    bool       // the store lists a trace of the task for this run, so its directory is ours
	failedOn []string   // devices that failed the task in this invocation
	note     string     // why a result is taken, when it was not this process's
}

// plan decides what task i needs, from the store. A result written since this process
// started (by another process sharing the run, or by this one) belongs to this round: it
// is taken as it is, except a recording whose verdict is missing (judged) and a task a
// device failed whose second device is still to come (run). An older result is an earlier
// invocation's: a task done is taken (unless Fresh), a recording whose judge failed is
// judged, anything else runs again.
func (s *suiteRun) plan(ctx context.Context, i int) (taskPlan, error) {
	task := s.o.Tasks[i]
	s.mu.Lock()
	p := taskPlan{failedOn: s.results[i].FailedOn} // a result of this invocation is a device's failure
	s.mu.Unlock()
	ours := len(p.failedOn) > 0 // this process sent the task back to the queue
	if s.o.Store == nil {
		return p, nil
	}
	st, stamp, err := s.o.Store.GetItemStamped(ctx, s.runID, task.ID, &p.prev)
	if errors.Is(err, store.ErrNotFound) {
		return p, nil
	}
	if err != nil {
		return p, fmt.Errorf("store: %w", err)
	}
	// This run recorded a trace of the task before: its directory is ours.
	p.known = p.prev.Status != ""
	judgeFailed := st == store.ItemFailed && strings.HasPrefix(p.prev.Error, judgeErrPrefix)
	if stamp != s.stamps[task.ID] {
		if len(p.prev.FailedOn) > len(p.failedOn) {
			p.failedOn = p.prev.FailedOn
		}
		switch {
		case p.prev.Retrying && len(p.failedOn) < maxDeviceFailures:
			p.action = runAgent
		case judgeFailed:
			p.action = judgeRecording
		default:
			p.action = takeResult
			if !ours {
				p.note = "finished by another process sharing the run"
			}
		}
		return p, nil
	}
	switch {
	case s.o.Fresh:
		p.action = runAgent
	case st == store.ItemDone && s.judgedByAnother(p.prev):
		// A verdict is a product of the judge that made it: another model, endpoint or
		// kind judges the recording again rather than take it.
		p.action, p.rejudge = judgeRecording, true
	case st == store.ItemDone:
		p.action = takeResult
	case judgeFailed:
		// The recording (and its ground truth) is complete and only the verdict is
		// missing: the judge failed (a model outage) or was interrupted. The agent need
		// not run again.
		p.action = judgeRecording
	}
	return p, nil
}

// judgedByAnother reports whether a done task's recording was judged (or left unjudged)
// by another judge configuration than this run's.
func (s *suiteRun) judgedByAnother(prev TaskResult) bool {
	return s.o.Judge != nil && s.o.JudgeID != "" && prev.Frames > 0 && finished(prev.Status) && prev.JudgeID != s.o.JudgeID
}

// recordingThere reports whether the trace of a result is still there and whole.
func recordingThere(prev TaskResult) bool {
	tr, err := trace.ReadManifest(prev.Trace)
	return err == nil && finished(tr.Status)
}

// reusable returns the result to judge and the recording prev points at, if it is still
// there and whole, so the agent need not run again; ok is false when it is not.
func (s *suiteRun) reusable(label string, prev TaskResult, logf func(string, ...any)) (r TaskResult, tr *trace.Trace, ok bool) {
	tr, err := trace.ReadManifest(prev.Trace)
	if err == nil && !finished(tr.Status) {
		err = fmt.Errorf("its status is %q", tr.Status)
	}
	if err != nil {
		logf("%s: the recorded trace cannot be reused (%v): running the agent again", label, err)
		return TaskResult{}, nil, false
	}
	r = prev
	r.Error = ""
	if s.o.Judge == nil {
		logf("%s: keeping the recorded trace unjudged (no judge this run)", label)
	} else {
		logf("%s: judging the recorded trace (the agent does not run again)", label)
	}
	return r, tr, true
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
		return fmt.Errorf("%s exists and is not a trace directory (it holds %s, no %s): not overwriting it; move it away or choose another --out", dir, termtext.Clip(strings.Join(foreign, ", "), 60), trace.ManifestName)
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

// recordTrace lists the task's trace in the store, so later commands can find every trace
// a run produced with its status and reward.
func recordTrace(ctx context.Context, db Store, runID, agent string, task suite.Task, r TaskResult) error {
	if r.Status == "" {
		return nil // no trace was written (setup failed)
	}
	t := store.Trace{Path: r.Trace, Task: r.Task, TaskName: groundtruth.CheckName(task.ID, task.Name), Agent: agent,
		Status: r.Status, Frames: r.Frames, RunID: runID}
	if abs, err := filepath.Abs(t.Path); err == nil {
		t.Path = abs
	}
	if r.Reward != nil {
		t.Reward, t.RewardSource = r.Reward, r.RewardSource
		if t.RewardSource == "" {
			t.RewardSource = groundtruth.NativeSource // results stored before RewardSource existed
		}
	}
	return db.PutTrace(ctx, t)
}

// finished reports whether a trace status is a whole recording (not cut short by an
// interrupt or a crash of autoeval itself).
func finished(status string) bool {
	switch status {
	case trace.StatusCompleted, trace.StatusCrashed, trace.StatusTimeout:
		return true
	}
	return false
}

// judgeInto judges a finished trace and records the verdict (or the failure) in r. A
// judgment the judge could not reach (undetermined) is neither a verdict nor a failure.
func judgeInto(ctx context.Context, o SuiteOptions, tr *trace.Trace, r *TaskResult) {
	if o.Judge == nil || len(tr.Frames) == 0 {
		return
	}
	// A recording judged again (another judge configuration) keeps nothing of the earlier
	// verdict: a judge that fails or cannot tell must not show the earlier one's.
	r.Judged, r.Judge, r.JudgeID, r.Verdict, r.VerdictReason = false, "", "", "", ""
	r.Undetermined, r.UndeterminedReason = false, ""
	r.SCR, r.Complete, r.Substates, r.Satisfied = 0, false, 0, 0
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
	r.Judge, r.JudgeID = j.Judge.Label(), o.JudgeID
	v := j.RunVerdict()
	r.Verdict, r.VerdictReason = v.Verdict, v.Reason
	if j.Undetermined {
		r.Undetermined, r.UndeterminedReason = true, j.UndeterminedReason
		return
	}
	r.Judged, r.SCR, r.Complete = true, j.SCR, j.Complete
	r.Substates, r.Satisfied = len(j.Substates), 0
	for _, s := range j.Substates {
		if s.Satisfied {
			r.Satisfied++
		}
	}
}
