package trace

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
)

// A batch under way (judge --traces, or a suite's run) says how far it is in a small file
// inside the root it works on, rewritten as it goes and removed when it ends, so a viewer
// on another process, database or host sharing the folder can show it. The folder is
// hidden, so Discover never takes it for traces.

// BatchDir is where, below a root of traces, batches under way keep their status.
const BatchDir = ".autoeval/batches"

// maxBatchFile bounds what a reader takes from one status file.
const maxBatchFile = 1 << 20

// Kinds of batch.
const (
	BatchJudge = "judge" // judge --traces: Total counts traces
	BatchRun   = "run"   // run: Total counts the suite's tasks (this process's)
)

// Batch is the status of one batch process.
type Batch struct {
	Version int    `json:"version"`
	Kind    string `json:"kind"` // BatchJudge or BatchRun
	Judge   string `json:"judge,omitempty"`
	Host    string `json:"host"`
	PID     int    `json:"pid"`
	// Started and Updated: the file is rewritten at least every few seconds while the
	// batch runs, so an old Updated means the process is gone.
	Started time.Time `json:"started"`
	Updated time.Time `json:"updated"`
	Total   int       `json:"total"`
	Done    int       `json:"done"` // finished, failed included
	Failed  int       `json:"failed"`
	// Current are the traces being judged now.
	Current []BatchItem `json:"current"`
}

// BatchItem is one trace a batch is working on.
type BatchItem struct {
	Trace string `json:"trace"`
	// Step is what is done to it: StepJudging ("" in files written before steps, and by
	// judge batches) or, in a run, StepRecording.
	Step string `json:"step,omitempty"`
	// Frames are the trace's frames (recorded so far, while recording), FramesDone those
	// judged (judge batches).
	Frames     int       `json:"frames"`
	FramesDone int       `json:"frames_done"`
	Started    time.Time `json:"started"`
}

// Steps of a BatchItem.
const (
	StepRecording = "recording" // the agent runs and its screens are recorded
	StepJudging   = "judging"
)

// BatchFile is where the batch b keeps its status below root.
func BatchFile(root string, b *Batch) string {
	return filepath.Join(root, BatchDir, fmt.Sprintf("%s-%d.json", SafeName(b.Host), b.PID))
}

// WriteBatch writes b's status below root (atomically: a reader never sees half of it). A
// root whose permissions forbid writing is left alone even where the user could write
// anyway (root, on data marked read-only).
func WriteBatch(root string, b *Batch) error {
	if st, err := os.Stat(root); err != nil || !st.IsDir() || st.Mode().Perm()&0o222 == 0 {
		return fmt.Errorf("%s: not a writable folder", root)
	}
	if b.Version == 0 {
		b.Version = 1
	}
	p := BatchFile(root, b)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		return err
	}
	return WriteJSONAtomic(p, b)
}

// RemoveBatch removes b's status file (the batch ended), and the folders it made when
// they are left empty.
func RemoveBatch(root string, b *Batch) error {
	p := BatchFile(root, b)
	err := os.Remove(p)
	os.Remove(filepath.Dir(p))               // only when empty
	os.Remove(filepath.Dir(filepath.Dir(p))) // .autoeval, only when empty
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	return err
}

// ReadBatches reads the status of every batch under way below root, oldest first. A file
// that is not a regular file, is too big or does not parse is skipped.
func ReadBatches(root string) []Batch {
	dir := filepath.Join(root, BatchDir)
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []Batch
	for _, e := range entries {
		if !e.Type().IsRegular() || !strings.HasSuffix(e.Name(), ".json") {
			continue // a link or a pipe is not followed
		}
		info, err := e.Info()
		if err != nil || info.Size() > maxBatchFile {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			continue
		}
		var b Batch
		if json.Unmarshal(data, &b) == nil && b.Version == 1 {
			out = append(out, b)
		}
	}
	sort.Slice(out, func(i, k int) bool { return out[i].Started.Before(out[k].Started) })
	return out
}

// BatchStatus publishes a batch's status below its root while it runs (WriteBatch):
// rewritten when an item starts or ends, at most once a second as items progress, and every
// few seconds regardless (so a viewer can tell a batch that died from a slow one); removed
// by Close. A folder that cannot take the file (read-only data) just goes without. Its
// methods are safe for concurrent use, and do nothing on a nil *BatchStatus.
type BatchStatus struct {
	mu    sync.Mutex
	root  string
	b     Batch
	last  time.Time
	dead  bool
	stop  chan struct{}
	ended sync.WaitGroup
}

const (
	batchEvery     = time.Second     // at most this often as items progress
	batchHeartbeat = 5 * time.Second // at least this often
)

// StartBatch publishes b below root until Close, with this process's host and pid and the
// time now; nil when root is "" (nowhere to publish).
func StartBatch(root string, b Batch) *BatchStatus {
	if root == "" {
		return nil
	}
	b.Host, _ = os.Hostname()
	b.PID, b.Started = os.Getpid(), time.Now().UTC()
	if b.Current == nil {
		b.Current = []BatchItem{}
	}
	s := &BatchStatus{root: root, b: b, stop: make(chan struct{})}
	s.mu.Lock()
	s.writeLocked()
	s.mu.Unlock()
	s.ended.Add(1)
	go func() {
		defer s.ended.Done()
		tick := time.NewTicker(batchHeartbeat)
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

// Start says item is being worked on, in place of an item of the same name (the same
// trace at its next step).
func (s *BatchStatus) Start(item BatchItem) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if item.Started.IsZero() {
		item.Started = time.Now().UTC()
	}
	if i := s.item(item.Trace); i >= 0 {
		s.b.Current[i] = item
	} else {
		s.b.Current = append(s.b.Current, item)
	}
	s.writeLocked()
}

// Progress changes the item named name with change; the file is rewritten at most once a
// second for it.
func (s *BatchStatus) Progress(name string, change func(*BatchItem)) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if i := s.item(name); i >= 0 {
		change(&s.b.Current[i])
	}
	if time.Since(s.last) >= batchEvery {
		s.writeLocked()
	}
}

// Finish says the item named name is done, and failed when failed.
func (s *BatchStatus) Finish(name string, failed bool) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.removeLocked(name)
	s.b.Done++
	if failed {
		s.b.Failed++
	}
	s.writeLocked()
}

// Drop says the item named name is no longer worked on, without counting it done (it goes
// back to be done later, or by another process).
func (s *BatchStatus) Drop(name string) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.removeLocked(name)
	s.writeLocked()
}

// Close stops publishing and removes the status file.
func (s *BatchStatus) Close() {
	if s == nil {
		return
	}
	close(s.stop)
	s.ended.Wait()
	s.mu.Lock()
	defer s.mu.Unlock()
	if !s.dead {
		RemoveBatch(s.root, &s.b)
	}
	s.dead = true
}

// item is the position of the item named name among those worked on, -1 when it is not one.
func (s *BatchStatus) item(name string) int {
	for i := range s.b.Current {
		if s.b.Current[i].Trace == name {
			return i
		}
	}
	return -1
}

func (s *BatchStatus) removeLocked(name string) {
	if i := s.item(name); i >= 0 {
		s.b.Current = append(s.b.Current[:i], s.b.Current[i+1:]...)
	}
}

func (s *BatchStatus) writeLocked() {
	if s.dead {
		return
	}
	s.b.Updated = time.Now().UTC()
	s.last = s.b.Updated
	if err := WriteBatch(s.root, &s.b); err != nil {
		s.dead = true
	}
}
