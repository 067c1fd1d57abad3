// Package runner runs a suite of tasks end to end: for each task a setup hook, the
// ground-truth source's begin (a snapshot, or AndroidWorld initializing the task), the
// agent observed on the device, its score, a teardown hook and the judge, with results
// and a per-agent summary kept in the store so an interrupted suite resumes where it
// stopped.
//
// The files follow the jobs: runner.go the suite loop, resume.go what the store keeps
// and how a rerun picks it up, task.go one task, hooks.go the setup and teardown
// commands, summary.go the per-agent summary and its printing.
package runner

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"path/filepath"
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
	// GroundTruth decides each task's reward: groundtruth.Native{} checks the device
	// state for tasks whose id or name has a check; &groundtruth.AndroidWorld{...} makes
	// AndroidWorld's server initialize each task (its id is the task type) before the
	// agent runs, score it after, and always tear it down; its goal then replaces a task
	// text that is only a template. nil: no ground truth.
	GroundTruth groundtruth.Source
	Store       *store.DB
	// Fresh forgets earlier progress of the same run and runs every task again.
	Fresh bool
	Logf  func(format string, args ...any)
	// OnTask is called after each task (also for tasks skipped as already done).
	OnTask func(r TaskResult, resumed bool)
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
			r, recorded, err = runTask(ctx, &o, taskSpec{Task: task, Dir: filepath.Join(o.Out, dirs[i]), Device: dev, RunID: runID, Known: known})
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
