package runner

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/trace"
)

// The device pool: one worker per device takes the next task from a queue shared with
// every process on the same store (each task claimed with a lease while it is worked on),
// runs it, and hands the recording to a judge of its own so that the device can take its
// next task at once. A device that fails a task leaves the pool; the task goes back to
// the queue once for another device.

// suiteRun is one invocation's run of the suite: the tasks this process owns, what it
// found in the store when it started, and what it has done so far.
type suiteRun struct {
	o      *SuiteOptions
	runID  string
	tasks  []int             // indexes into o.Tasks that this process runs (its shard), in suite order
	dirs   []string          // each task's directory name below o.Out, by index into o.Tasks
	stamps map[string]string // the stamps of the store's items when this process started

	mu          sync.Mutex
	results     map[int]TaskResult // by index into o.Tasks; a retry replaces the first attempt
	reported    map[int]bool       // the result is final and OnTask has heard of it
	active      int                // devices still in the pool
	left        []string           // "serial: why" for each device that left the pool
	interrupted bool
	stopErr     error // a store failure: the run cannot record what it does
	stopPool    context.CancelFunc
	judges      sync.WaitGroup
	// status is the run's published status (the tasks under way, by directory name).
	status *trace.BatchStatus
}

// maxDeviceFailures is how many devices may fail one task in one invocation: the first
// failure sends it to another device, the second makes its failure final (the next
// invocation runs it again).
const maxDeviceFailures = 2

// run works through the tasks with one worker per device and returns what ended the run
// early: a store failure, or no device left with tasks unfinished.
func (s *suiteRun) run(ctx context.Context, pool []SuiteDevice) error {
	// A task is claimed by its trace directory, the place two processes would clash.
	keys := make([]string, len(s.tasks))
	for k, i := range s.tasks {
		dir := filepath.Join(s.o.Out, s.dirs[i])
		if abs, err := filepath.Abs(dir); err == nil {
			dir = abs
		}
		keys[k] = "run " + dir
	}
	q := store.NewQueue(s.o.Store, keys)
	q.Poll = s.o.ClaimPoll
	q.OnWait = func(k int, held *store.HeldError) {
		s.o.Logf("task %s: pid %d on %s is running it (this process shares the run); its result is taken when it is done",
			s.o.Tasks[s.tasks[k]].ID, held.PID, held.Host)
	}
	poolCtx, stop := context.WithCancel(ctx)
	defer stop()
	s.stopPool, s.active = stop, len(pool)
	var workers sync.WaitGroup
	for _, d := range pool {
		workers.Add(1)
		go func() {
			defer workers.Done()
			s.worker(ctx, poolCtx, q, d, len(pool) > 1)
		}()
	}
	workers.Wait()
	s.judges.Wait()

	s.mu.Lock()
	defer s.mu.Unlock()
	unfinished := 0
	for _, i := range s.tasks {
		if s.reported[i] {
			continue
		}
		unfinished++
		if r, ok := s.results[i]; ok {
			// A device failed it and no device was left to run it again.
			r.Retrying = false
			r.Error += "; no device was left to run it again"
			s.results[i] = r
			s.report(r, false)
		}
	}
	switch {
	case s.stopErr != nil:
		return s.stopErr
	case s.active == 0 && unfinished > 0:
		return fmt.Errorf("no device left in the pool (%s): %d of %d tasks not finished; the run is resumable: rerun the same command",
			strings.Join(s.left, "; "), unfinished, len(s.tasks))
	}
	return nil
}

// worker runs tasks on one device until the queue is empty, the run is interrupted or
// stopped, or the device leaves the pool.
func (s *suiteRun) worker(ctx, poolCtx context.Context, q *store.Queue, dev SuiteDevice, tagged bool) {
	logf := s.o.Logf
	if tagged {
		// Several devices log at once: each line names its device.
		serial := dev.Serial()
		logf = func(format string, args ...any) { s.o.Logf("[%s] "+format, append([]any{serial}, args...)...) }
	}
	for poolCtx.Err() == nil {
		k, lease, err := q.Next(poolCtx)
		if errors.Is(err, io.EOF) || poolCtx.Err() != nil {
			return
		}
		if err != nil {
			s.stop(fmt.Errorf("store: %w", err))
			return
		}
		if ctx.Err() != nil {
			q.Retry(k, lease) // interrupted meanwhile: the task was not begun
			return
		}
		wctx := ctx
		if lease != nil {
			wctx = lease.Hold(ctx)
		}
		if why := s.attempt(ctx, wctx, q, k, lease, dev, logf); why != "" {
			s.leave(dev.Serial(), why, logf)
			return
		}
	}
}

// attempt does what task k needs, on dev if it needs a device: nothing (done already),
// judging its recording, or running it. The task is finished with the queue (Done or
// Retry) by the time it returns, or by its judge. It returns why dev must leave the pool,
// or "".
func (s *suiteRun) attempt(ctx, wctx context.Context, q *store.Queue, k int, lease *store.Lease, dev SuiteDevice, logf func(string, ...any)) (leave string) {
	i := s.tasks[k]
	task := s.o.Tasks[i]
	label := fmt.Sprintf("task %d/%d %s", k+1, len(s.tasks), task.ID)
	p, err := s.plan(wctx, i)
	if err != nil && ctx.Err() != nil {
		// Interrupted between taking the task and reading its record: it was not begun,
		// so it goes back unbegun, as when the interrupt comes before the take.
		q.Retry(k, lease)
		return ""
	}
	if err != nil {
		q.Done(k, lease)
		s.stop(err)
		return ""
	}
	switch p.action {
	case takeResult:
		if p.note != "" {
			logf("%s: %s", label, p.note)
		}
		s.finish(ctx, i, p.prev, true)
		q.Done(k, lease)
		return ""
	case judgeRecording:
		if p.rejudge && !recordingThere(p.prev) {
			logf("%s: judged with another judge configuration, and its recording is gone: its result is kept as it is", label)
			s.finish(ctx, i, p.prev, true)
			q.Done(k, lease)
			return ""
		}
		if p.rejudge {
			logf("%s: judged with another judge configuration before", label)
		}
		if r, tr, ok := s.reusable(label, p.prev, logf); ok {
			s.judge(ctx, wctx, q, k, lease, r, tr, logf, false)
			return ""
		}
	}
	logf("%s: %s", label, oneLine(task.Instruction()))
	s.status.Start(trace.BatchItem{Trace: s.dirs[i], Step: trace.StepRecording})
	spec := taskSpec{Task: task, Dir: filepath.Join(s.o.Out, s.dirs[i]), Device: dev, RunID: s.runID, Known: p.known, Logf: logf,
		OnFrame: func(frames int) { s.status.Progress(s.dirs[i], func(it *trace.BatchItem) { it.Frames = frames }) }}
	r, recorded, devErr := runTask(wctx, s.o, spec)
	r.FailedOn = p.failedOn
	if ctx.Err() == nil && errors.Is(context.Cause(wctx), store.ErrLeaseLost) {
		// This process's claim lapsed (it could not renew it in time) and another took
		// the task over: that one's result counts.
		logf("%s: another process took the task over; its result is taken when it is done", label)
		s.status.Drop(s.dirs[i])
		q.Retry(k, lease)
		return ""
	}
	interrupted := r.Status == trace.StatusStopped || ctx.Err() != nil
	if devErr != nil && !interrupted {
		r.FailedOn = append(slices.Clone(p.failedOn), dev.Serial())
		leave = oneLine(devErr.Error())
		if len(r.FailedOn) < maxDeviceFailures {
			// Stored, so that another process sharing the run knows the task waits
			// for a device; this process's other devices take it from the queue.
			r.Retrying = true
			logf("%s: the device failed it; it runs again on another device", label)
			if err := s.put(ctx, i, r); err != nil {
				s.stop(err)
			}
			s.mu.Lock()
			s.results[i] = r // its FailedOn goes with the task to the next device
			s.mu.Unlock()
			s.status.Drop(s.dirs[i])
			q.Retry(k, lease)
			return leave
		}
		r.Error += fmt.Sprintf(" (failed on %d devices: %s; not run again until the next invocation)", len(r.FailedOn), strings.Join(r.FailedOn, ", "))
		s.finish(ctx, i, r, false)
		q.Done(k, lease)
		return leave
	}
	if recorded && s.o.Judge != nil {
		s.judge(ctx, wctx, q, k, lease, r, r.rec, logf, true)
		return ""
	}
	r.rec = nil
	s.finish(ctx, i, r, false)
	q.Done(k, lease)
	return ""
}

// judge judges a recorded task off the device, in a goroutine of its own, and finishes
// it. With checkpoint, the store first notes that only the verdict is missing: should the
// judge be interrupted (or autoeval killed), the next run judges this recording instead
// of repeating the agent.
func (s *suiteRun) judge(ctx, wctx context.Context, q *store.Queue, k int, lease *store.Lease, r TaskResult, tr *trace.Trace, logf func(string, ...any), checkpoint bool) {
	i := s.tasks[k]
	r.rec = nil // results outlive the task; traces need not
	if checkpoint && s.o.Store != nil {
		cp := r
		cp.Error = judgePending
		if err := s.put(ctx, i, cp); err != nil {
			q.Done(k, lease)
			s.stop(err)
			return
		}
	}
	s.status.Start(trace.BatchItem{Trace: s.dirs[i], Step: trace.StepJudging, Frames: len(tr.Frames)})
	s.judges.Add(1)
	go func() {
		defer s.judges.Done()
		start := time.Now()
		judgeInto(wctx, *s.o, tr, &r)
		r.Seconds += time.Since(start).Seconds()
		if ctx.Err() == nil && errors.Is(context.Cause(wctx), store.ErrLeaseLost) {
			logf("task %s: another process took the task over while it was judged; its result is taken when it is done", r.ID)
			s.status.Drop(s.dirs[i])
			q.Retry(k, lease)
			return
		}
		s.finish(ctx, i, r, false)
		q.Done(k, lease)
	}()
}

// finish records a task's final result for this invocation: in the store (unless it was
// taken from there, or an interrupt left nothing worth keeping), in the results, and
// through OnTask.
func (s *suiteRun) finish(ctx context.Context, i int, r TaskResult, resumed bool) {
	interrupted := false
	if !resumed {
		interrupted = r.Status == trace.StatusStopped || ctx.Err() != nil
		if interrupted && strings.HasPrefix(r.Error, judgeErrPrefix) {
			r.Error = judgePending
			s.o.Logf("task %s: interrupted while judging; the recorded trace is judged on resume (the agent does not run again)", r.ID)
		}
		// An interrupt before anything was recorded (setup, the agent itself) leaves
		// nothing worth keeping: the task simply runs again. Anything later is stored,
		// so the store says what a resume will do with it.
		if !(interrupted && (r.Status == "" || r.Status == trace.StatusStopped)) {
			if err := s.put(ctx, i, r); err != nil {
				s.stop(err)
			}
		}
	}
	s.status.Finish(s.dirs[i], r.Error != "")
	s.mu.Lock()
	defer s.mu.Unlock()
	if interrupted {
		s.interrupted = true
	}
	s.results[i] = r
	s.report(r, resumed)
	s.reported[i] = true
}

// report tells OnTask, one call at a time (s.mu is held).
func (s *suiteRun) report(r TaskResult, resumed bool) {
	if s.o.OnTask != nil {
		s.o.OnTask(r, resumed)
	}
}

// put stores the result of task i, also after an interrupt.
func (s *suiteRun) put(ctx context.Context, i int, r TaskResult) error {
	if s.o.Store == nil {
		return nil
	}
	return putResult(context.WithoutCancel(ctx), *s.o, s.runID, s.o.Tasks[i], r)
}

// leave takes a device out of the pool; the last one to leave stops the pool.
func (s *suiteRun) leave(serial, why string, logf func(string, ...any)) {
	s.mu.Lock()
	s.active--
	s.left = append(s.left, serial+": "+why)
	n := s.active
	s.mu.Unlock()
	if n == 0 {
		logf("device %s leaves the pool (%s); no device is left", serial, why)
		s.stopPool()
		return
	}
	logf("device %s leaves the pool (%s); %d left", serial, why, n)
}

// stop ends the run after a failure to record it.
func (s *suiteRun) stop(err error) {
	s.mu.Lock()
	if s.stopErr == nil {
		s.stopErr = err
	}
	s.mu.Unlock()
	s.stopPool()
}
