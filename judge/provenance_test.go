package judge

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/trace"
)

// A judgment records what it was computed from, and tells when its trace no longer
// matches: a frame file changed, the answer changed, a frame was added. A frame whose file
// is not what trace.json records of it is not judged.
func TestJudgmentProvenance(t *testing.T) {
	tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, judgetest.ClockScreens()...)
	tr.Frames[1].SHA256 = &trace.FileSums{XML: trace.Sum([]byte("another screen"))}
	j, err := Run(context.Background(), Config{Kind: stubKind, Capture: CaptureXML}, tr, judgetest.ClockSubs())
	if err != nil {
		t.Fatal(err)
	}
	p := j.Provenance
	if p == nil || p.Scheme != trace.ProvenanceScheme || len(p.Frames) != 4 || p.TraceFrames != 4 {
		t.Fatalf("provenance %+v", p)
	}
	data, _ := os.ReadFile(filepath.Join(tr.Dir, tr.Frames[0].XML))
	if f := p.Frames[0]; f.Index != 1 || f.XML != trace.Sum(data) || f.Image != "" || f.Details != trace.DetailsSum(&tr.Frames[0]) {
		t.Fatalf("frame 1's digests %+v", f)
	}
	if p.Task != trace.Sum([]byte(tr.Task)) || p.Substates != trace.SubstatesSum(judgetest.ClockSubs().Nodes) || p.Judge.Digest == "" {
		t.Fatalf("provenance %+v", p)
	}
	if f := j.Frames[1]; !f.Skipped || !strings.Contains(f.SkipReason, "changed after it was recorded") {
		t.Fatalf("frame 2, not what trace.json records: %+v", f)
	}
	if r, known := trace.StaleReasons(tr, j); !known || len(r) > 0 {
		t.Fatalf("a fresh judgment: stale %v (known %v)", r, known)
	}

	tr.Answer = "42"
	if r, _ := trace.StaleReasons(tr, j); len(r) != 1 || r[0] != "the agent's answer changed" {
		t.Fatalf("answer changed: %v", r)
	}
	tr.Answer = ""
	if err := os.WriteFile(filepath.Join(tr.Dir, tr.Frames[2].XML), []byte("<hierarchy/>"), 0o644); err != nil {
		t.Fatal(err)
	}
	tr.Frames = append(tr.Frames, trace.Frame{Index: 5, XML: tr.Frames[0].XML})
	r, _ := trace.StaleReasons(tr, j)
	if want := "the trace has 5 frames, 4 when it was judged; frame 3: 0003.xml changed"; trace.StaleText(r) != want {
		t.Fatalf("stale: %q, want %q", trace.StaleText(r), want)
	}
	j.Provenance = nil
	if _, known := trace.StaleReasons(tr, j); known {
		t.Fatal("a judgment without provenance was checked")
	}
}

// After an early stop the last look reads the run's end, so the judgment covers those frames
// too: one of them changed makes it stale.
func TestProvenanceCoversTheEndAfterAnEarlyStop(t *testing.T) {
	screens := append(judgetest.ClockScreens(), judgetest.ClockScreens()[0])
	tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, screens...)
	j, err := Run(context.Background(), Config{Kind: stubKind, Capture: CaptureXML}, tr, judgetest.ClockSubs())
	if err != nil {
		t.Fatal(err)
	}
	if !j.StoppedEarly || len(j.Frames) != 4 || len(j.Provenance.Frames) != 5 || j.Provenance.Frames[4].XML == "" {
		t.Fatalf("stopped early %v after %d frames; provenance of %d frames", j.StoppedEarly, len(j.Frames), len(j.Provenance.Frames))
	}
	if err := os.WriteFile(filepath.Join(tr.Dir, tr.Frames[4].XML), []byte(judgetest.ClockScreens()[1]), 0o644); err != nil {
		t.Fatal(err)
	}
	if r, _ := trace.StaleReasons(tr, j); trace.StaleText(r) != "frame 5: 0005.xml changed" {
		t.Fatalf("stale: %v", r)
	}
}
