package judge

import (
	"path/filepath"

	"github.com/autoeval/autoeval/trace"
)

// batchStatus publishes how far a batch is in a file below the folder it judges, for
// viewers in other processes (trace.BatchStatus): the traces being judged, named by their
// path below that folder, and their frames judged so far.
type batchStatus struct {
	pub  *trace.BatchStatus
	root string
}

func newBatchStatus(root string, cfg Config, total int) *batchStatus {
	if root == "" {
		return nil
	}
	return &batchStatus{root: root, pub: trace.StartBatch(root, trace.Batch{Kind: trace.BatchJudge, Judge: cfg.Label(), Total: total})}
}

// Label names the judge as its judgments do ("heuristic (baseline)", the model's name), for
// the status of the batches it judges.
func (c Config) Label() string {
	who := trace.JudgeInfo{Kind: c.Kind}
	if c.Kind != trace.JudgeHeuristic && c.Model != nil {
		who.Model = c.Model.Name()
	}
	return who.Label()
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
	s.pub.Start(trace.BatchItem{Trace: s.name(t), Frames: len(t.Frames)})
}

func (s *batchStatus) frames(t *trace.Trace, done int) {
	if s == nil {
		return
	}
	s.pub.Progress(s.name(t), func(it *trace.BatchItem) { it.FramesDone = done })
}

func (s *batchStatus) finished(t *trace.Trace, failed bool) {
	if s == nil {
		return
	}
	s.pub.Finish(s.name(t), failed)
}

func (s *batchStatus) close() {
	if s == nil {
		return
	}
	s.pub.Close()
}
