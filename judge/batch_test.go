package judge

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/trace"
)

// TestBatchResumesAfterKill kills a batch in the middle of its second trace and runs it
// again: the traces finished or half-judged before the kill make no repeated calls, and
// every judgment equals the uninterrupted one.
func TestBatchResumesAfterKill(t *testing.T) {
	ctx := context.Background()
	s := clockScreens()
	var targets []Target
	for i, screens := range [][]string{{s[0], s[1], s[2], s[3]}, {s[1], s[0], s[2], s[3]}, {s[0], s[2], s[1], s[3]}} {
		targets = append(targets, Target{Label: string(rune('a' + i)), Trace: writeTrace(t, clockSubs().Task, screens...)})
	}
	subsFile := filepath.Join(t.TempDir(), "subs.json")
	if err := trace.WriteJSONAtomic(subsFile, clockSubs()); err != nil {
		t.Fatal(err)
	}
	oracle := func(_ int, req llm.Request) (string, error) { return clockOracle(req), nil }

	ref := newHTTPModel(t, oracle, true)
	refOpts := Options{Judge: llmConfig(ref), Source: SubstateSource{File: subsFile}, Out: t.TempDir(), Concurrency: 1}
	want := Batch(ctx, refOpts, targets)

	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "j.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	m := newHTTPModel(t, oracle, true)
	kctx, kill := context.WithCancel(ctx)
	var frames atomic.Int32
	o := Options{Judge: llmConfig(m), Source: SubstateSource{File: subsFile}, Out: t.TempDir(), Concurrency: 1}
	o.Judge.Store = db
	o.Judge.OnFrame = func(trace.FrameResult) {
		if frames.Add(1) == 6 {
			kill()
		}
	}
	killed := Batch(kctx, o, targets)
	if killed[0].Err != nil || killed[1].Err == nil || killed[2].Err == nil {
		t.Fatalf("kill did not land in the second trace: %v / %v / %v", killed[0].Err, killed[1].Err, killed[2].Err)
	}
	var kb strings.Builder
	WriteTable(&kb, killed)
	if strings.Contains(kb.String(), "FAILED") || !strings.Contains(kb.String(), "2 trace(s) interrupted") {
		t.Fatalf("an interrupted batch is not a failed one:\n%s", kb.String())
	}
	o.Judge.OnFrame = nil
	got := Batch(ctx, o, targets)
	if m.srv.Count() != ref.srv.Count() {
		t.Fatalf("killed + resumed batch made %d calls, uninterrupted %d", m.srv.Count(), ref.srv.Count())
	}
	for i := range want {
		if got[i].Err != nil {
			t.Fatal(got[i].Err)
		}
		if !reflect.DeepEqual(got[i].Judgment.Substates, want[i].Judgment.Substates) || !reflect.DeepEqual(got[i].Judgment.Frames, want[i].Judgment.Frames) {
			t.Fatalf("trace %s: resumed judgment differs", targets[i].Label)
		}
		if _, err := os.Stat(got[i].Out); err != nil {
			t.Fatal(err)
		}
	}
	var b strings.Builder
	WriteTable(&b, got)
	if !strings.Contains(b.String(), "overall (3 traces)") || !strings.Contains(b.String(), "TCR 1.00") {
		t.Fatalf("table:\n%s", b.String())
	}
}

// Substates made up by the fixed rules are marked in the judgment, and substates from a
// file are not.
func TestJudgeTraceNoticesDerivedSubstates(t *testing.T) {
	ctx := context.Background()
	s := clockScreens()
	tr := writeTrace(t, clockSubs().Task, s[0], s[1])
	o := Options{Judge: Config{Kind: trace.JudgeHeuristic}, Out: t.TempDir()}
	r := JudgeTrace(ctx, o, Target{Label: "derived", Trace: tr}, true)
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if !strings.Contains(r.Judgment.Judge.Notice, "derived from the task text") {
		t.Errorf("notice %q does not say the substates were derived", r.Judgment.Judge.Notice)
	}
	subsFile := filepath.Join(t.TempDir(), "subs.json")
	if err := trace.WriteJSONAtomic(subsFile, clockSubs()); err != nil {
		t.Fatal(err)
	}
	o.Source.File = subsFile
	r = JudgeTrace(ctx, o, Target{Label: "file", Trace: tr}, true)
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if strings.Contains(r.Judgment.Judge.Notice, "derived") {
		t.Errorf("notice %q claims derived substates for a substates file", r.Judgment.Judge.Notice)
	}
}
