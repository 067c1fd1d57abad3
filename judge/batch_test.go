package judge

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/trace"
)

// TestBatchResumesAfterKill kills a batch in the middle of its second trace and runs it
// again: the traces finished or half-judged before the kill make no repeated calls, and
// every judgment equals the uninterrupted one.
func TestBatchResumesAfterKill(t *testing.T) {
	ctx := context.Background()
	s := judgetest.ClockScreens()
	var targets []Target
	for i, screens := range [][]string{{s[0], s[1], s[2], s[3]}, {s[1], s[0], s[2], s[3]}, {s[0], s[2], s[1], s[3]}} {
		targets = append(targets, Target{Label: string(rune('a' + i)), Trace: judgetest.WriteTrace(t, judgetest.ClockSubs().Task, screens...)})
	}
	subsFile := filepath.Join(t.TempDir(), "subs.json")
	if err := trace.WriteJSONAtomic(subsFile, judgetest.ClockSubs()); err != nil {
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
	if strings.Contains(kb.String(), "FAILED") || !strings.Contains(kb.String(), "1 trace interrupted under way and 1 not started") {
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
	s := judgetest.ClockScreens()
	tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, s[0], s[1])
	o := Options{Judge: Config{Kind: stubKind}, Out: t.TempDir()}
	r := JudgeTrace(ctx, o, Target{Label: "derived", Trace: tr}, true)
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if !strings.Contains(r.Judgment.Judge.Notice, "derived from the task text") {
		t.Errorf("notice %q does not say the substates were derived", r.Judgment.Judge.Notice)
	}
	subsFile := filepath.Join(t.TempDir(), "subs.json")
	if err := trace.WriteJSONAtomic(subsFile, judgetest.ClockSubs()); err != nil {
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

// Two processes (two independent store connections here) judge the same traces with the
// same database at the same time: they share the work, so the provider answers exactly the
// calls of one batch, and both end with every trace's judgment, the uninterrupted one.
func TestTwoBatchesShareTheWork(t *testing.T) {
	ctx := context.Background()
	s := judgetest.ClockScreens()
	var targets []Target
	for i := 0; i < 8; i++ {
		screens := []string{s[i%2], s[1-i%2], s[2], s[(i%3)+1], s[3]}
		screens = append(screens, []string{s[0], s[1]}[:i%3]...)
		targets = append(targets, Target{Label: string(rune('a' + i)), Trace: judgetest.WriteTrace(t, judgetest.ClockSubs().Task, screens...)})
	}
	subsFile := filepath.Join(t.TempDir(), "subs.json")
	if err := trace.WriteJSONAtomic(subsFile, judgetest.ClockSubs()); err != nil {
		t.Fatal(err)
	}
	oracle := func(_ int, req llm.Request) (string, error) { return clockOracle(req), nil }
	ref := newHTTPModel(t, oracle, true)
	want := Batch(ctx, Options{Judge: llmConfig(ref), Source: SubstateSource{File: subsFile}, Out: t.TempDir(), Concurrency: 1}, targets)

	path := filepath.Join(t.TempDir(), "shared.db")
	m := newSlowModel(t, oracle)
	var got [2][]Result
	var waited atomic.Int32
	var wg sync.WaitGroup
	for p := range got {
		db, err := store.Open(ctx, path)
		if err != nil {
			t.Fatal(err)
		}
		defer db.Close()
		o := Options{Judge: llmConfig(m), Source: SubstateSource{File: subsFile}, Out: t.TempDir(), Concurrency: 3, poll: 10 * time.Millisecond}
		o.Judge.Store = db
		o.OnWait = func(string, *store.HeldError) { waited.Add(1) }
		wg.Add(1)
		go func() {
			defer wg.Done()
			got[p] = Batch(ctx, o, targets)
		}()
	}
	wg.Wait()
	if m.srv.Count() != ref.srv.Count() {
		t.Errorf("two batches made %d calls, one batch alone %d", m.srv.Count(), ref.srv.Count())
	}
	if waited.Load() == 0 {
		t.Error("neither batch ever found a trace held by the other: the test did not overlap them")
	}
	for p := range got {
		for i := range want {
			if got[p][i].Err != nil {
				t.Fatalf("batch %d, trace %s: %v", p, targets[i].Label, got[p][i].Err)
			}
			if !reflect.DeepEqual(got[p][i].Judgment.Substates, want[i].Judgment.Substates) || !reflect.DeepEqual(got[p][i].Judgment.Frames, want[i].Judgment.Frames) {
				t.Errorf("batch %d, trace %s: judgment differs from one batch alone", p, targets[i].Label)
			}
		}
	}
}

// Two copies of one recording (imported twice, or a copied folder) are two traces: a batch
// judges them side by side. They were one lease, named after their source, so the batch
// waited for itself ("being judged by pid <its own pid>") and judged them one after the other.
func TestCopiesOfOneRecordingAreTwoTraces(t *testing.T) {
	ctx := context.Background()
	s := judgetest.ClockScreens()
	orig := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, s...)
	orig.Source = &trace.Source{Format: "androidworld-episode", Path: "/recordings/episode.json"}
	if err := orig.WriteManifest(); err != nil {
		t.Fatal(err)
	}
	copyDir := filepath.Join(t.TempDir(), "copy")
	if err := os.CopyFS(copyDir, os.DirFS(orig.Dir)); err != nil {
		t.Fatal(err)
	}
	var targets []Target
	for i, dir := range []string{orig.Dir, copyDir} {
		tr, err := trace.Read(dir)
		if err != nil {
			t.Fatal(err)
		}
		targets = append(targets, Target{Label: fmt.Sprint("copy", i), Trace: tr})
	}
	subsFile := filepath.Join(t.TempDir(), "subs.json")
	if err := trace.WriteJSONAtomic(subsFile, judgetest.ClockSubs()); err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "j.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	m := newSlowModel(t, func(_ int, req llm.Request) (string, error) { return clockOracle(req), nil })
	o := Options{Judge: llmConfig(m), Source: SubstateSource{File: subsFile}, Out: t.TempDir(), Concurrency: 2, poll: 10 * time.Millisecond}
	o.Judge.Store = db
	var waited atomic.Int32
	o.OnWait = func(string, *store.HeldError) { waited.Add(1) }
	for i, r := range Batch(ctx, o, targets) {
		if r.Err != nil || r.Judgment == nil {
			t.Fatalf("copy %d: %v", i, r.Err)
		}
	}
	if n := waited.Load(); n != 0 {
		t.Errorf("the batch waited %d times for a copy it was judging itself", n)
	}
}

// newSlowModel is an HTTP model whose answers take a little while, so two batches overlap.
func newSlowModel(t *testing.T, h func(int, llm.Request) (string, error)) *httpModel {
	return newHTTPModel(t, func(n int, req llm.Request) (string, error) {
		time.Sleep(15 * time.Millisecond)
		return h(n, req)
	}, true)
}

// Traces start longest first, and the batch runs as many at once as the model budget.
func TestBatchStartsLongestFirstWithDerivedConcurrency(t *testing.T) {
	s := judgetest.ClockScreens()
	var targets []Target
	for _, n := range []int{1, 4, 2, 3} {
		targets = append(targets, Target{Label: fmt.Sprint(n), Trace: judgetest.WriteTrace(t, judgetest.ClockSubs().Task, s[:n]...)})
	}
	var mu sync.Mutex
	var started []int
	o := Options{Judge: Config{Kind: stubKind}, Out: t.TempDir(), Concurrency: 1}
	o.Judge.OnStart = func(_, total int) {
		mu.Lock()
		started = append(started, total)
		mu.Unlock()
	}
	for _, r := range Batch(context.Background(), o, targets) {
		if r.Err != nil {
			t.Fatal(r.Err)
		}
	}
	if !reflect.DeepEqual(started, []int{4, 3, 2, 1}) {
		t.Errorf("traces started with %v frames, want the longest first", started)
	}
	if n := TracesAtOnce(Config{Kind: trace.JudgeLLM}, 12); n != 12 {
		t.Errorf("model judge with 12 requests per endpoint: %d traces at once, want 12", n)
	}
	if n := TracesAtOnce(Config{Kind: trace.JudgeLLM}, 0); n != llm.DefaultConcurrency {
		t.Errorf("model judge by default: %d traces at once, want llm.DefaultConcurrency", n)
	}
}
