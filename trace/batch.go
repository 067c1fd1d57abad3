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
	"time"
)

// A batch under way (judge --traces) says how far it is in a small file inside the root
// it works on, rewritten as it goes and removed when it ends, so a viewer on another
// process, database or host sharing the folder can show it. The folder is hidden, so
// Discover never takes it for traces.

// BatchDir is where, below a root of traces, batches under way keep their status.
const BatchDir = ".autoeval/batches"

// maxBatchFile bounds what a reader takes from one status file.
const maxBatchFile = 1 << 20

// Batch is the status of one batch process.
type Batch struct {
	Version int    `json:"version"`
	Kind    string `json:"kind"` // judge
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
	Trace      string    `json:"trace"`
	Frames     int       `json:"frames"`
	FramesDone int       `json:"frames_done"`
	Started    time.Time `json:"started"`
}

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
