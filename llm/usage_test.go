package llm_test

import (
	"context"
	"errors"
	"math"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/llm"
)

// A request that reached the provider and was then cancelled was probably billed: it is
// booked as a call of unknown tokens, and the caller learns of it from the error.
func TestCancelledRequestBookedAsUnknown(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	srv := llmtest.NewOpenAI(t, llmtest.Hang())
	db := openDB(t)
	m := open(t, "openai:gpt-4o-mini", srv.URL, db)
	ctx, cancel := context.WithCancel(context.Background())
	go func() {
		for srv.Count() == 0 {
			time.Sleep(5 * time.Millisecond)
		}
		cancel()
	}()
	_, err := m.Generate(ctx, llm.Request{Prompt: "p", Scope: "t"})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("err %v", err)
	}
	if u := llm.UsageOf(err); u.UnknownCalls != 1 || u.Calls != 0 {
		t.Errorf("usage of the failed call %+v, want one unknown call", u)
	}
	u, err := db.SumCalls(context.Background(), llm.Filter{Scope: "t"})
	if err != nil || u.UnknownCalls != 1 || u.Calls != 0 || u.CostUSD != 0 {
		t.Fatalf("ledger %+v %v", u, err)
	}
}

// A timed-out attempt reached the provider too; the retry that answers carries it along.
func TestTimedOutAttemptCountedWithTheAnswer(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	srv := llmtest.NewOpenAI(t, llmtest.Hang(), llmtest.ReplyUsage("late", 100, 10))
	db := openDB(t)
	m := open(t, "openai:gpt-4o-mini", srv.URL, db, func(c *llm.Config) { c.Timeout = 100 * time.Millisecond })
	resp, err := m.Generate(context.Background(), llm.Request{Prompt: "p"})
	if err != nil || resp.UnknownCalls != 1 || resp.Usage().Calls != 1 {
		t.Fatalf("%+v %v", resp, err)
	}
	if u, _ := db.SumCalls(context.Background(), llm.Filter{}); u.Calls != 1 || u.UnknownCalls != 1 || u.InputTokens != 100 {
		t.Fatalf("ledger %+v", u)
	}
}

// A request that never reached a provider (nothing listening) cost nothing.
func TestUnsentRequestCostsNothing(t *testing.T) {
	m := open(t, "ollama:m", "http://"+freePort(t), nil, func(c *llm.Config) { c.MaxRetries = -1 })
	_, err := m.Generate(context.Background(), llm.Request{Prompt: "p"})
	if err == nil || llm.UsageOf(err) != (llm.Usage{}) {
		t.Fatalf("err %v, usage %+v", err, llm.UsageOf(err))
	}
}

// A cache hit pays nothing but keeps what the answer costs: the cost of the method does not
// depend on what the cache held.
func TestCacheHitKeepsUncachedCost(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	srv := llmtest.NewOpenAI(t, llmtest.ReplyUsage("answer", 1000, 100))
	db := openDB(t)
	m := open(t, "openai:gpt-4o-mini", srv.URL, db)
	req := llm.Request{Prompt: "p", Scope: "s"}
	first, err := m.Generate(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	want := (1000*0.15 + 100*0.60) / 1e6
	if math.Abs(first.CostUSD-want) > 1e-12 || first.UncachedCostUSD != first.CostUSD {
		t.Fatalf("first %+v, want cost %v", first, want)
	}
	second, err := m.Generate(context.Background(), req)
	if err != nil || !second.CacheHit || second.CostUSD != 0 || second.InputTokens != 0 || math.Abs(second.UncachedCostUSD-want) > 1e-12 {
		t.Fatalf("second %+v %v", second, err)
	}
	u, _ := db.SumCalls(context.Background(), llm.Filter{Scope: "s"})
	if math.Abs(u.CostUSD-want) > 1e-12 || math.Abs(u.UncachedCostUSD-2*want) > 1e-12 {
		t.Fatalf("ledger paid %v, uncached %v; want %v and %v", u.CostUSD, u.UncachedCostUSD, want, 2*want)
	}
}

// The built-in table holds the providers' published prices (see prices.go for the sources);
// names match exactly or by their documented snapshot suffixes, never by prefix.
func TestPublishedPrices(t *testing.T) {
	p, _ := llm.LoadPrices("")
	for _, tc := range []struct {
		provider, model string
		in, out         float64
	}{
		{llm.Anthropic, "claude-opus-4-5", 5, 25},
		{llm.Anthropic, "claude-opus-4-5-20251101", 5, 25},
		{llm.Anthropic, "claude-opus-4-1", 15, 75},
		{llm.Anthropic, "claude-haiku-4-5", 1, 5},
		{llm.Anthropic, "claude-3-5-haiku-latest", 0.80, 4},
		{llm.Anthropic, "claude-sonnet-4-5-20250929", 3, 15},
		{llm.OpenAI, "gpt-5", 1.25, 10},
		{llm.OpenAI, "gpt-5-mini", 0.25, 2},
		{llm.OpenAI, "gpt-5-nano-2025-08-07", 0.05, 0.40},
		{llm.OpenAI, "gpt-4o-mini-2024-07-18", 0.15, 0.60},
		{llm.OpenAI, "gpt-4o-2024-08-06", 2.50, 10},
		{llm.OpenAI, "gpt-4o-2024-05-13", 5, 15}, // a snapshot OpenAI prices apart from gpt-4o
		{llm.OpenAI, "o4-mini", 1.10, 4.40},
		{llm.OpenAI, "o3", 2, 8},
		{llm.OpenAI, "gemini-2.5-flash-lite", 0.10, 0.40},
		{llm.OpenAI, "gemini-2.5-flash", 0.30, 2.50},
		{llm.OpenAI, "gemini-2.0-flash-001", 0.10, 0.40},
		{llm.OpenAI, "deepseek-chat", 0.28, 0.42},
	} {
		v, ok := p.Lookup(tc.provider, tc.model)
		if !ok || v.Input != tc.in || v.Output != tc.out {
			t.Errorf("%s: %v %v, want %v/%v", tc.model, v, ok, tc.in, tc.out)
		}
	}
	for _, model := range []string{"gpt-4o-mini-custom", "claude-opus-4-5-experimental", "gpt-5-pro-max", "my-finetune"} {
		if v, ok := p.Lookup(llm.OpenAI, model); ok {
			t.Errorf("%s priced %v by a loose match", model, v)
		}
	}
}

// A model without a price is shown as such, never as costing $0.
func TestUnknownPriceIsUnknown(t *testing.T) {
	srv := llmtest.NewOpenAI(t, llmtest.ReplyUsage("ok", 1000, 10))
	db := openDB(t)
	m := open(t, "openai:my-vllm-model", srv.URL, db)
	resp, err := m.Generate(context.Background(), llm.Request{Prompt: "p"})
	if err != nil || !resp.PriceUnknown || resp.InputTokens != 1000 {
		t.Fatalf("%+v %v", resp, err)
	}
	if u, _ := db.SumCalls(context.Background(), llm.Filter{}); !u.PriceUnknown || u.InputTokens != 1000 {
		t.Fatalf("ledger %+v", u)
	}
}

// Identical calls waiting on one whose caller gave up (cancelled, or its own deadline
// passed) are not failed by it and do not each ask the provider: one of them asks, once,
// and the others get its answer. The abandoned request is booked once, as unknown.
func TestWaitersOfAnAbandonedCallAskOnce(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	for _, giveUp := range []string{"cancel", "deadline"} {
		t.Run(giveUp, func(t *testing.T) {
			srv := llmtest.NewOpenAI(t, llmtest.Hang(), llmtest.Handler(func(llmtest.Request) llmtest.Answer {
				return llmtest.Delayed(50*time.Millisecond, llmtest.ReplyUsage("ok", 100, 10))
			}))
			db := openDB(t)
			m := open(t, "openai:gpt-4o-mini", srv.URL, db)
			req := llm.Request{Prompt: "same", Scope: "s"}
			ctx, cancel := context.WithCancel(context.Background())
			if giveUp == "deadline" {
				ctx, cancel = context.WithTimeout(context.Background(), 400*time.Millisecond)
			}
			defer cancel()
			leaderDone := make(chan error, 1)
			go func() {
				_, err := m.Generate(ctx, req)
				leaderDone <- err
			}()
			for srv.Count() == 0 {
				time.Sleep(5 * time.Millisecond)
			}
			const waiters = 4
			errs := make(chan error, waiters)
			for range waiters {
				go func() {
					r, err := m.Generate(context.Background(), req)
					if err == nil && r.Text != "ok" {
						err = errors.New("answer " + r.Text)
					}
					errs <- err
				}()
			}
			time.Sleep(100 * time.Millisecond) // the waiters join the call in flight
			if giveUp == "cancel" {
				cancel()
			}
			if err := <-leaderDone; err == nil {
				t.Fatal("the abandoned call succeeded")
			}
			for range waiters {
				if err := <-errs; err != nil {
					t.Errorf("a waiter failed with the abandoned call: %v", err)
				}
			}
			srv.Close()
			if srv.Count() != 2 {
				t.Errorf("%d requests, want 2: the abandoned one and one for all the waiters", srv.Count())
			}
			u, err := db.SumCalls(context.Background(), llm.Filter{Scope: "s"})
			if err != nil || u.UnknownCalls != 1 || u.Calls != waiters || u.CacheHits != waiters-1 || u.InputTokens != 100 {
				t.Errorf("ledger %+v %v: want the abandoned request once as unknown, one answer and %d hits", u, err, waiters-1)
			}
		})
	}
}
