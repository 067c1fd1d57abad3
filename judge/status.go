package judge

import (
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/autoeval/autoeval/trace"
)

// batchStatus publishes how far a batch is in a file below the folder it judges
// (trace.WriteBatch), for viewers in other processes: rewritten when a trace starts or
// ends, at most once a second as frames finish, and every few seconds regardless (so a
// viewer can tell a batch that died from a slow one); removed when the batch ends. A
// folder that cannot take the file (read-only data) just goes without.
type batchStatus struct {
	mu    sync.Mutex
	root  string
	b     trace.Batch
	last  time.Time
	dead  bool
	stop  chan struct{}
	ended sync.WaitGroup
}

const (
	statusEvery     = time.Second     // at most this often as frames finish
	statusHeartbeat = 5 * time.Second // at least this often
)

func newBatchStatus(root string, cfg Config, total int) *batchStatus {
	if root == "" {
		return nil
	}
	host, _ := os.Hostname()
	now := time.Now().UTC()
	who := trace.JudgeInfo{Kind: cfg.Kind}
	if cfg.Kind != trace.JudgeHeuristic && cfg.Model != nil {
		who.Model = cfg.Model.Name()
	}
	s := &batchStatus{root: root, stop: make(chan struct{}), b: trace.Batch{Kind: "judge", Judge: who.Label(), Host: host,
		PID: os.Getpid(), Started: now, Total: total, Current: []trace.BatchItem{}}}
	s.mu.Lock()
	s.writeLocked()
	s.mu.Unlock()
	s.ended.Add(1)
	go func() {
		defer s.ended.Done()
		tick := time.NewTicker(statusHeartbeat)
		defer tick.Stop()
		for {
			select {
			case <-s.stop:
				return
			case <-tick.C:
				s.mu.Lock()
				s.writeLocked()
				s.mu.Unlock()
			}
		}
	}()
	return s
}

// name is how the status names a trace: its path below the root, as the viewer lists it.
func (s *batchStatus) name(t *trace.Trace) string {
	p := trace.UniqueName(t)
	if rel, err := filepath.Rel(s.root, p); err == nil && rel != "." && !filepath.IsAbs(rel) && rel[:min(2, len(rel))] != ".." {
		return filepath.ToSlash(rel)
	}
	return trace.Label(t)
}

func (s *batchStatus) started(t *trace.Trace) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.b.Current = append(s.b.Current, trace.BatchItem{Trace: s.name(t), Frames: len(t.Frames), Started: time.Now().UTC()})
	s.writeLocked()
}

func (s *batchStatus) frames(t *trace.Trace, done int) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if i := s.current(t); i >= 0 {
		s.b.Current[i].FramesDone = done
	}
	if time.Since(s.last) >= statusEvery {
		s.writeLocked()
	}
}

func (s *batchStatus) finished(t *trace.Trace, failed bool) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if i := s.current(t); i >= 0 {
		s.b.Current = append(s.b.Current[:i], s.b.Current[i+1:]...)
	}
	s.b.Done++
	if failed {
		s.b.Failed++
	}
	s.writeLocked()
}

// current is t's position among the traces being judged, -1 when it is not one.
func (s *batchStatus) current(t *trace.Trace) int {
	name := s.name(t)
	for i := range s.b.Current {
		if s.b.Current[i].Trace == name {
			return i
		}
	}
	return -1
}

func (s *batchStatus) close() {
	if s == nil {
		return
	}
	close(s.stop)
	s.ended.Wait()
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.dead {
		trace.RemoveBatch(s.root, &s.b)
	}
	s.dead = true
}

func (s *batchStatus) writeLocked() {
	if s.dead {
		return
	}
	s.b.Updated = time.Now().UTC()
	s.last = s.b.Updated
	if err := trace.WriteBatch(s.root, &s.b); err != nil {
		s.dead = true
	}
}
