package llm_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/llm"
)

// arrivals records when each request reached a stand-in, and the peak in flight.
type arrivals struct {
	mu       sync.Mutex
	at       []time.Time
	inflight int
	peak     int
}

func (a *arrivals) handler(hold time.Duration, answer llmtest.Answer) llmtest.HandlerFunc {
	return func(llmtest.Request) llmtest.Answer {
		a.mu.Lock()
		a.at = append(a.at, time.Now())
		a.inflight++
		a.peak = max(a.peak, a.inflight)
		a.mu.Unlock()
		time.Sleep(hold)
		a.mu.Lock()
		a.inflight--
		a.mu.Unlock()
		return answer
	}
}

func (a *arrivals) times() []time.Time {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]time.Time(nil), a.at...)
}

func generateAll(t *testing.T, models []llm.Model, n int) {
	t.Helper()
	var wg sync.WaitGroup
	for i := range n {
		wg.Add(1)
		go func() {
			defer wg.Done()
			if _, err := models[i%len(models)].Generate(context.Background(), llm.Request{Prompt: fmt.Sprint("p", i), MaxTokens: 100}); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
}

// The endpoint's limit is the one configured last: the gate kept the first it saw, so a
// lower concurrency given later was ignored.
func TestLaterConcurrencyLimitApplies(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	var a arrivals
	srv := llmtest.NewOpenAI(t, llmtest.Handler(a.handler(30*time.Millisecond, llmtest.Reply("ok"))))
	first := open(t, "openai:gpt-4o-mini", srv.URL, nil, func(c *llm.Config) { c.Concurrency = 4 })
	second := open(t, "openai:gpt-4o", srv.URL, nil, func(c *llm.Config) { c.Concurrency = 1 })
	generateAll(t, []llm.Model{first, second}, 6)
	if a.peak != 1 {
		t.Fatalf("peak in flight %d, want 1 (the limit given last)", a.peak)
	}
}

// --model-rpm spaces the requests out: two a second at 120 a minute (a second's worth at
// once).
func TestRequestsPerMinute(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	var a arrivals
	srv := llmtest.NewOpenAI(t, llmtest.Handler(a.handler(0, llmtest.Reply("ok"))))
	m := open(t, "openai:gpt-4o-mini", srv.URL, nil, func(c *llm.Config) { c.RequestsPerMinute = 120 })
	generateAll(t, []llm.Model{m}, 6)
	at := a.times()
	// Two at once, then one every half second: the sixth 2 s after the first at least.
	if len(at) != 6 || at[5].Sub(at[0]) < 1900*time.Millisecond {
		t.Fatalf("6 requests within %s at 120 a minute", at[len(at)-1].Sub(at[0]))
	}
}

// --model-tpm counts what the answers report: two answers of 30,000 tokens use a minute's
// 60,000, and the third request waits for the bucket to refill.
func TestTokensPerMinuteCountsReportedTokens(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	var a arrivals
	srv := llmtest.NewOpenAI(t, llmtest.Handler(a.handler(0, llmtest.ReplyUsage("ok", 29000, 1000))))
	m := open(t, "openai:gpt-4o-mini", srv.URL, nil, func(c *llm.Config) { c.TokensPerMinute = 60000 })
	for i := range 3 {
		if _, err := m.Generate(context.Background(), llm.Request{Prompt: fmt.Sprint(i), MaxTokens: 100}); err != nil {
			t.Fatal(err)
		}
	}
	at := a.times()
	// The third needs ~100 tokens of a bucket refilling at 1,000 a second.
	if d := at[2].Sub(at[1]); d < 80*time.Millisecond {
		t.Fatalf("the third request went %s after the second, with the minute's tokens spent", d)
	}
}

// A 429 slows the endpoint down for every caller, not only the one that got it: another
// model on the endpoint waits out the Retry-After, and fewer requests go at once.
func TestRateLimitAnswerSlowsEveryCaller(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	var a arrivals
	var once sync.Once
	limited := make(chan time.Time, 1)
	srv := llmtest.NewOpenAI(t, llmtest.Handler(func(r llmtest.Request) llmtest.Answer {
		var first bool
		once.Do(func() { first = true })
		if first {
			limited <- time.Now()
			return llmtest.Status(429, "Retry-After: 1")
		}
		return a.handler(30*time.Millisecond, llmtest.Reply("ok"))(r)
	}))
	lim := func(c *llm.Config) { c.Concurrency = 4; c.MaxDelay = 5 * time.Second }
	hit := open(t, "openai:gpt-4o-mini", srv.URL, nil, lim)
	other := open(t, "openai:gpt-4o", srv.URL, nil, lim)
	done := make(chan error, 1)
	go func() {
		_, err := hit.Generate(context.Background(), llm.Request{Prompt: "first"})
		done <- err
	}()
	at429 := <-limited
	time.Sleep(50 * time.Millisecond) // the 429 is taken in
	generateAll(t, []llm.Model{other}, 8)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	at := a.times()
	if len(at) != 9 || at[0].Sub(at429) < 900*time.Millisecond {
		t.Fatalf("another model's request went %s after the 429 with Retry-After: 1", at[0].Sub(at429))
	}
	if a.peak > 2 {
		t.Errorf("peak in flight %d after a 429 at a limit of 4, want it halved", a.peak)
	}
}

func TestDefaultLimitsKeepTierOneClear(t *testing.T) {
	for _, tc := range []struct {
		spec, url string
		rpm, tpm  int
	}{
		{"openai:gpt-4o", "", 500, 30000},
		{"anthropic:claude-sonnet-4-5", "", 50, 30000},
		{"openai:qwen2.5-vl", "http://localhost:8000/v1", 0, 0},
		{"ollama:qwen2.5vl", "", 0, 0},
	} {
		if rpm, tpm := llm.DefaultLimits(tc.spec, tc.url); rpm != tc.rpm || tpm != tc.tpm {
			t.Errorf("%s at %q: %d rpm, %d tpm; want %d and %d", tc.spec, tc.url, rpm, tpm, tc.rpm, tc.tpm)
		}
	}
}
