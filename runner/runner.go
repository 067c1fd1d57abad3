// Package runner runs a suite of tasks end to end: for each task a setup hook, the
// ground-truth source's begin (a snapshot, or AndroidWorld initializing the task), the
// agent observed on a device, its score, a teardown hook and the judge, with results
// and a per-agent summary kept in the store so an interrupted suite resumes where it
// stopped. Several devices form a pool that runs one task each at a time; processes
// sharing the store share the tasks; a shard of a cluster job runs its part of them.
//
// The files follow the jobs: runner.go the suite run, pool.go the device pool and the
// work queue, resume.go what the store keeps and how a rerun (or another process)
// picks it up, task.go one task, hooks.go the setup and teardown commands, summary.go
// the per-agent summary and its printing.
package runner

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"

	"github.com/autoeval/autoeval/groundtruth"
	"github.com/autoeval/autoeval/observer"
	"github.com/autoeval/autoeval/shard"
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
	AgentCmd  string // shell command; "{task}" stands for the task text (observer.ShellScript)
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
	// JudgeName names the judge in the run's published status (judge.Config.Label).
	JudgeName string
	// JudgeID names Judge's configuration (its kind, models, endpoints, capture, prompts:
	// judge.Config.ID). A task done by an earlier invocation whose verdict came from
	// another configuration has its recording judged again, not its old verdict taken;
	// "" takes every done task as it is.
	JudgeID string
	// GroundTruth decides each task's reward: groundtruth.Native{} checks the device
	// state for tasks whose id or name has a check; &groundtruth.AndroidWorld{...} makes
	// AndroidWorld's server initialize each task (its id is the task type) before the
	// agent runs, score it after, and always tear it down; its goal then replaces a task
	// text that is only a template. nil: no ground truth.
	GroundTruth groundtruth.Source
	// Store keeps results and progress. Processes sharing it (and the suite, agent
	// command and Out) share the tasks: each is claimed with a lease while it runs, and
	// the tasks of a process that died are taken over. nil: no store.
	Store Store
	// Shard is the part of the suite this process runs (shard.All: every task). Task
	// directories are named over the whole suite, so a task lands where an unsharded
	// run puts it.
	Shard shard.Shard
	// ClaimPoll is how often a task another process holds is tried again (default 2s).
	ClaimPoll time.Duration
	// Fresh forgets earlier progress of the same run and runs every task again.
	Fresh bool
	Logf  func(format string, args ...any)
	// OnTask is called after each task (also for tasks skipped as already done), one
	// call at a time.
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

// RunSuite runs every task of the suite (of its shard) on the devices of the pool, one
// task per device at a time: setup, ground-truth snapshot, observe, ground-truth check,
// teardown, then the judge (off the device, so the device takes its next task). Tasks
// recorded as done in the store are not run again. A device that fails a task (lost, or
// failing before the agent could start) leaves the pool, and the task runs once more on
// another device; when no device is left the run ends early (resumable). An interrupt
// also ends it early; other failures are recorded per task.
func RunSuite(ctx context.Context, pool []SuiteDevice, o SuiteOptions) (*Summary, []TaskResult, error) {
	if o.Logf == nil {
		o.Logf = func(string, ...any) {}
	}
	var logMu sync.Mutex // the pool's workers and the observer log at once
	logf := o.Logf
	o.Logf = func(format string, args ...any) {
		logMu.Lock()
		defer logMu.Unlock()
		logf(format, args...)
	}
	if o.HookTimeout <= 0 {
		o.HookTimeout = 5 * time.Minute
	}
	if strings.TrimSpace(o.AgentCmd) == "" {
		return nil, nil, errors.New("no agent command given")
	}
	if _, err := observer.ShellScript(o.AgentCmd); err != nil {
		return nil, nil, fmt.Errorf("--agent-cmd: %w", err)
	}
	if o.Out == "" {
		return nil, nil, errors.New("no output directory given")
	}
	if len(o.Tasks) == 0 {
		return nil, nil, fmt.Errorf("suite %s has no tasks", o.SuitePath)
	}
	if len(pool) == 0 {
		return nil, nil, errors.New("no device to run the suite on")
	}
	serials := make([]string, len(pool))
	for i, d := range pool {
		serials[i] = d.Serial()
		for _, s := range serials[:i] {
			if s == serials[i] {
				return nil, nil, fmt.Errorf("device %s is in the pool twice", s)
			}
		}
	}
	if o.AgentName == "" {
		o.AgentName = agentLabel(o.AgentCmd)
	}
	// Directories are named over the whole suite: a shard's task lands where an
	// unsharded run would put it.
	dirs, err := taskDirs(o.Tasks)
	if err != nil {
		return nil, nil, err
	}
	var mine []int
	for i, t := range o.Tasks {
		if o.Shard.Owns(t.ID) {
			mine = append(mine, i)
		}
	}
	runID := RunID(o.SuitePath, o.AgentCmd, o.Out)
	sum := &Summary{RunID: runID, Agent: o.AgentName, Suite: o.SuitePath, Tasks: len(mine), Devices: serials, Statuses: map[string]int{}}
	if o.Shard.Sharded() {
		sum.Shard, sum.SuiteTasks = o.Shard.String(), len(o.Tasks)
	}
	if o.Store != nil {
		cfg := map[string]any{"suite": o.SuitePath, "agent_cmd": o.AgentCmd, "out": o.Out, "setup": o.Setup, "teardown": o.Teardown}
		if err := o.Store.BeginRun(ctx, runID, RunKind, o.AgentName, cfg); err != nil {
			return nil, nil, fmt.Errorf("store: %w", err)
		}
	}
	s := &suiteRun{o: &o, runID: runID, tasks: mine, dirs: dirs, results: map[int]TaskResult{},
		reported: map[int]bool{}}
	if o.Store != nil {
		// What the store held when this process started: an item written later was
		// written by another process (or by this one) in this same round.
		if s.stamps, err = o.Store.ItemStamps(ctx, runID); err != nil {
			return nil, nil, fmt.Errorf("store: %w", err)
		}
	}
	// The run says how far it is below --out while it runs, as a judge batch does, so
	// 'autoeval view --traces OUT' shows it under way.
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		return nil, nil, err
	}
	s.status = trace.StartBatch(o.Out, trace.Batch{Kind: trace.BatchRun, Judge: o.JudgeName, Total: len(mine)})
	runErr := s.run(ctx, pool)
	s.status.Close()
	var results []TaskResult
	for _, i := range mine {
		if r, ok := s.results[i]; ok {
			results = append(results, r)
		}
	}
	sum.Interrupted = s.interrupted || ctx.Err() != nil && len(results) < len(mine)
	sum.DevicesLeft = s.left
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
