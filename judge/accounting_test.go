package judge

import (
	"context"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/trace"
)

// A model whose every answer the Checker rejects has not judged the trace: the judgment
// says undetermined instead of a confident "not reached".
func TestEveryAnswerRejectedIsUndetermined(t *testing.T) {
	bothModels(t, func(t *testing.T, mk maker) {
		tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, judgetest.ClockScreens()...)
		m := mk(func(_ int, req llm.Request) (string, error) {
			return judgetest.Answer(judgetest.AskedIDs(req.Prompt), map[int]bool{0: true, 2: true}, ""), nil // unit 2 without its page: always rejected
		})
		j, err := Run(context.Background(), llmConfig(m), tr, judgetest.ClockSubs())
		if err != nil {
			t.Fatal(err)
		}
		if !j.Undetermined || !strings.Contains(j.UndeterminedReason, "no usable answer on any of the 4 frames") {
			t.Fatalf("undetermined %v (%q), SCR %v", j.Undetermined, j.UndeterminedReason, j.SCR)
		}
	})
}

// One judged frame is enough for a verdict: a trace where the model answered usably on
// some frame is judged, reached or not.
func TestSomeFramesJudgedIsAVerdict(t *testing.T) {
	tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, judgetest.ClockScreens()...)
	m := &judgetest.Model{Handler: func(n int, req llm.Request) (string, error) {
		if strings.Contains(judgetest.Fenced(req.Prompt), "nexuslauncher") {
			return judgetest.Answer(judgetest.AskedIDs(req.Prompt), nil, ""), nil
		}
		return judgetest.Answer(judgetest.AskedIDs(req.Prompt), map[int]bool{0: true, 2: true}, ""), nil
	}}
	j, err := Run(context.Background(), llmConfig(m), tr, judgetest.ClockSubs())
	if err != nil {
		t.Fatal(err)
	}
	if j.Undetermined || j.Complete {
		t.Fatalf("undetermined %v complete %v", j.Undetermined, j.Complete)
	}
}

// After an early stop at the second frame of eight, captures ran only as far ahead as the
// reasoner could use, and every capture request that reached the provider, the cancelled
// ones included, is in the judgment's usage.
func TestEarlyStopWastesFewCapturesAndBooksThemAll(t *testing.T) {
	const frames = 8
	var captures atomic.Int32
	srv := llmtest.NewOpenAI(t, llmtest.Handler(func(r llmtest.Request) llmtest.Answer {
		if len(r.Images) > 0 {
			if captures.Add(1) > 2 {
				// Later captures are slow: the early stop cancels them in flight.
				return llmtest.Delayed(2*time.Second, llmtest.ReplyUsage("The home screen.", 1000, 50))
			}
			return llmtest.ReplyUsage("The Clock app (deskclock) shows its alarm list with an alarm for 7:30 AM, switched on.", 1000, 50)
		}
		if judgetest.IsReview(r.System) {
			return llmtest.ReplyUsage(judgetest.ReviewSuccess(), 500, 40)
		}
		return llmtest.ReplyUsage(judgetest.Answer(judgetest.AskedIDs(r.Text), map[int]bool{0: true, 1: true, 2: true, 3: true}, ""), 500, 40)
	}))
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "llm.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	m, err := llm.Open(context.Background(), llm.Config{Spec: "openai:gpt-4o-mini", BaseURL: srv.URL, Cache: db, Ledger: db, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	tr := &trace.Trace{Version: 1, Task: judgetest.ClockSubs().Task, Dir: t.TempDir()}
	for i := 1; i <= frames; i++ {
		tr.Frames = append(tr.Frames, trace.Frame{Index: i, ImageData: tinyPNG(t, i)})
	}
	cfg := Config{Kind: trace.JudgeLLM, Model: m, CaptureModel: m, Capture: CaptureVision, CaptureConcurrency: 4}
	j, err := Run(context.Background(), cfg, tr, judgetest.ClockSubs())
	if err != nil {
		t.Fatal(err)
	}
	if !j.StoppedEarly || len(j.Frames) != 1 {
		t.Fatalf("stopped early %v after %d frames", j.StoppedEarly, len(j.Frames))
	}
	srv.Close() // a capture the early stop cancelled may still be arriving: count it too
	sent := int(captures.Load())
	// At most three ran ahead, and the last look describes the last frame (frame 8, never
	// captured ahead) to check the run's end.
	if sent > 3+1 {
		t.Errorf("%d capture requests for a trace judged on its first frame; the look-ahead should stop at what the reasoner can use, and the last look describe only the last frame", sent)
	}
	reasons := srv.Count() - sent
	u := j.Usage
	// Every request the provider saw is booked. A cancelled request may be booked although
	// it never arrived (the client cannot know, so it shows a possible charge), but never
	// more of them than the look-ahead let out.
	if booked := u.Calls + u.CacheHits + u.UnknownCalls; booked < sent+reasons || u.UnknownCalls > 3 {
		t.Fatalf("usage %+v books %d requests; the provider saw %d captures and %d reasoner calls", u, booked, sent, reasons)
	}
}

// A second judge of the same trace pays nothing (all from the cache) but its judgment keeps
// what judging it costs.
func TestRejudgeKeepsTheUncachedCost(t *testing.T) {
	srv := llmtest.NewOpenAI(t, llmtest.Handler(func(r llmtest.Request) llmtest.Answer {
		return llmtest.ReplyUsage(clockOracle(fromWire(r)), 1000, 100)
	}))
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "llm.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	m, err := llm.Open(context.Background(), llm.Config{Spec: "openai:gpt-4o-mini", BaseURL: srv.URL, Cache: db, Ledger: db, MaxRetries: -1})
	if err != nil {
		t.Fatal(err)
	}
	tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, judgetest.ClockScreens()...)
	first, err := Run(context.Background(), llmConfig(m), tr, judgetest.ClockSubs())
	if err != nil {
		t.Fatal(err)
	}
	second, err := Run(context.Background(), Config{Kind: trace.JudgeLLM, Model: m, Fresh: true}, tr, judgetest.ClockSubs())
	if err != nil {
		t.Fatal(err)
	}
	if first.Usage.CostUSD <= 0 || second.Usage.CostUSD != 0 || second.Usage.Calls != 0 {
		t.Fatalf("first %+v second %+v", first.Usage, second.Usage)
	}
	if d := second.Usage.MethodCostUSD() - first.Usage.CostUSD; d > 1e-12 || d < -1e-12 {
		t.Fatalf("uncached cost %v on the rerun, want %v", second.Usage.MethodCostUSD(), first.Usage.CostUSD)
	}
}
