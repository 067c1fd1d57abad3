package judge

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/autoeval/autoeval/trace"
)

// TestBatchStatusIsPublishedAndRemoved: a batch says which traces it works on and how many
// it finished in its root, and leaves nothing behind when it ends; a root marked read-only
// is not written.
func TestBatchStatusIsPublishedAndRemoved(t *testing.T) {
	root := t.TempDir()
	t1 := &trace.Trace{Dir: filepath.Join(root, "a", "t1"), Frames: make([]trace.Frame, 4)}
	t2 := &trace.Trace{Dir: filepath.Join(root, "t2"), Frames: make([]trace.Frame, 2)}
	s := newBatchStatus(root, Config{Kind: trace.JudgeHeuristic}, 2)
	s.started(t1)
	s.started(t2)
	s.finished(t2, true)
	got := trace.ReadBatches(root)
	if len(got) != 1 {
		t.Fatalf("%d statuses", len(got))
	}
	b := got[0]
	if b.Judge != "heuristic (baseline)" || b.Total != 2 || b.Done != 1 || b.Failed != 1 || len(b.Current) != 1 ||
		b.Current[0].Trace != "a/t1" || b.Current[0].Frames != 4 || b.PID != os.Getpid() {
		t.Errorf("status %+v", b)
	}
	s.close()
	if _, err := os.Stat(filepath.Join(root, ".autoeval")); !os.IsNotExist(err) {
		t.Errorf("the status folder is left behind: %v", err)
	}

	ro := t.TempDir()
	os.Chmod(ro, 0o555)
	defer os.Chmod(ro, 0o755)
	s = newBatchStatus(ro, Config{Kind: trace.JudgeHeuristic}, 1)
	s.started(t1)
	s.close()
	if entries, _ := os.ReadDir(ro); len(entries) != 0 {
		t.Errorf("a read-only root was written: %v", entries)
	}
}
