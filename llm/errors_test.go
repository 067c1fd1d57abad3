package llm_test

import (
	"bytes"
	"context"
	"errors"
	"math"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/autoeval/autoeval/decomposer"
	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/llm"
)

// A failed call keeps its type through the retries and through the callers that wrap it:
// the status, the provider's code, its retry hint and the endpoint are there for errors.As.
func TestErrorsKeepTheirType(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	body := `{"error":{"message":"Rate limit reached for gpt-4o-mini on requests per min (RPM): Limit 500","type":"requests","param":null,"code":"rate_limit_exceeded"}}`
	srv := llmtest.NewOpenAI(t, llmtest.Raw(429, body).Header("Retry-After: 1"), llmtest.Raw(429, body).Header("Retry-After: 1"))
	m := open(t, "openai:gpt-4o-mini", srv.URL, nil, func(c *llm.Config) { c.MaxRetries = 1; c.MaxDelay = 20 * time.Millisecond })
	_, err := decomposer.New(m, nil, decomposer.Options{NoCache: true}).Run(context.Background(), decomposer.Input{Task: "Open the clock"})
	var e *llm.Error
	if !errors.As(err, &e) {
		t.Fatalf("the decomposer's error %v holds no *llm.Error", err)
	}
	host := strings.TrimSuffix(strings.TrimPrefix(srv.URL, "http://"), "/v1")
	if e.Kind != llm.KindStatus || e.Status != 429 || e.Code != "rate_limit_exceeded" || e.RetryAfter != time.Second ||
		e.Endpoint != host || e.Attempts != 2 || !e.Retryable || e.Model != "openai:gpt-4o-mini" {
		t.Errorf("error %+v", *e)
	}
	if !strings.Contains(err.Error(), "giving up after 2 attempts") || !strings.Contains(err.Error(), "Rate limit reached") {
		t.Errorf("message %q", err)
	}

	// Every kind: no answer at all, an unreadable answer.
	for _, tc := range []struct {
		answer llmtest.Answer
		kind   llm.ErrorKind
	}{
		{llmtest.Status(400), llm.KindStatus},
		{llmtest.Raw(200, `{"choices": [`), llm.KindBadAnswer},
		{llmtest.Raw(200, `{"id":"x","choices":[]}`), llm.KindBadAnswer},
	} {
		srv := llmtest.NewOpenAI(t, tc.answer)
		m := open(t, "openai:gpt-4o-mini", srv.URL, nil, func(c *llm.Config) { c.MaxRetries = -1 })
		_, err := m.Generate(context.Background(), llm.Request{Prompt: "p"})
		if !errors.As(err, &e) || e.Kind != tc.kind {
			t.Errorf("%v: want kind %s", err, tc.kind)
		}
	}
	m = open(t, "openai:gpt-4o-mini", "http://"+freePort(t)+"/v1", nil, func(c *llm.Config) { c.MaxRetries = -1 })
	if _, err := m.Generate(context.Background(), llm.Request{Prompt: "p"}); !errors.As(err, &e) || e.Kind != llm.KindUnreachable {
		t.Errorf("refused connection: %v", err)
	}
}

// A provider error body that is not JSON is redacted before it is cut to fit a message: cut
// first, the key's start survived where the cut went through it.
func TestKeyRedactedBeforeTheBodyIsCut(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	// The key starts at byte 180 of a 300-byte page: a 200-byte cut keeps 20 of its bytes.
	page := "<html>" + strings.Repeat("x", 174) + secret + strings.Repeat("y", 300-180-len(secret)) + "</html>"
	srv := llmtest.NewOpenAI(t, llmtest.Raw(502, page), llmtest.Raw(200, page))
	db := openDB(t)
	m := open(t, "openai:gpt-4o-mini", srv.URL, db, func(c *llm.Config) { c.MaxRetries = -1 })
	for range 2 { // the 502's page, then a 200 whose body is not an answer
		_, err := m.Generate(context.Background(), llm.Request{Prompt: "p"})
		if err == nil || strings.Contains(err.Error(), secret[:12]) {
			t.Fatalf("error leaks the key or is nil: %v", err)
		}
	}
	db.Close()
	for _, p := range []string{db.Path, db.Path + "-wal"} {
		data, _ := os.ReadFile(p)
		if bytes.Contains(data, []byte(secret[:12])) {
			t.Errorf("%s holds the start of the API key", p)
		}
	}
}

// Provider answers are read as their formats define them: names match exactly (encoding/json
// took "Content" for content, and the last of the two) and a name given twice is refused.
func TestAnswersReadWithExactKeys(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	srv := llmtest.NewOpenAI(t,
		llmtest.Raw(200, `{"choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"yes","Content":"no"}}]}`),
		llmtest.Raw(200, `{"choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":"yes","content":"no"}}]}`))
	m := open(t, "openai:gpt-4o-mini", srv.URL, nil, func(c *llm.Config) { c.MaxRetries = -1 })
	if r, err := m.Generate(context.Background(), llm.Request{Prompt: "a"}); err != nil || r.Text != "yes" {
		t.Fatalf("%+v %v: want the answer under the exact name", r, err)
	}
	_, err := m.Generate(context.Background(), llm.Request{Prompt: "b"})
	var e *llm.Error
	if !errors.As(err, &e) || e.Kind != llm.KindBadAnswer || !strings.Contains(err.Error(), "duplicate") {
		t.Fatalf("a duplicate name: %v", err)
	}
	ol := llmtest.NewOllama(t, llmtest.Raw(200, `{"model":"m","message":{"role":"assistant","content":"a"},"done":true,"done":false}`))
	mo := open(t, "ollama:m", ol.URL, nil, func(c *llm.Config) { c.MaxRetries = -1 })
	if _, err := mo.Generate(context.Background(), llm.Request{Prompt: "p"}); err == nil || !strings.Contains(err.Error(), "duplicate") {
		t.Fatalf("Ollama, a duplicate name: %v", err)
	}
}

// An answer over the size cap is an error: not cached, not taken.
func TestHugeAnswerRefusedNotCached(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	huge := strings.Repeat("a", llm.MaxAnswerBytes+1)
	srv := llmtest.NewOpenAI(t, llmtest.ReplyUsage(huge, 10, 13_000_000), llmtest.Reply("fine"))
	db := openDB(t)
	m := open(t, "openai:gpt-4o-mini", srv.URL, db, func(c *llm.Config) { c.MaxRetries = -1 })
	_, err := m.Generate(context.Background(), llm.Request{Prompt: "p"})
	var e *llm.Error
	if !errors.As(err, &e) || e.Kind != llm.KindTooLarge {
		t.Fatalf("a %d-byte answer: %v", len(huge), err)
	}
	if r, err := m.Generate(context.Background(), llm.Request{Prompt: "p"}); err != nil || r.CacheHit || r.Text != "fine" {
		t.Fatalf("after the refused answer: %+v %v, want a new call", r, err)
	}
}

// A provider reporting absurd token counts cannot make a total wrap.
func TestTokenCountsSaturate(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	srv := llmtest.NewOpenAI(t, llmtest.ReplyUsage("ok", math.MaxInt64, math.MaxInt64), llmtest.ReplyUsage("ok", math.MaxInt64, 5))
	db := openDB(t)
	m := open(t, "openai:gpt-4o-mini", srv.URL, db)
	var total llm.Usage
	for _, p := range []string{"a", "b"} {
		r, err := m.Generate(context.Background(), llm.Request{Prompt: p})
		if err != nil {
			t.Fatal(err)
		}
		total.Add(r.Usage())
		total.Add(r.Usage())
	}
	if total.InputTokens <= 0 || total.OutputTokens <= 0 || math.IsInf(total.CostUSD, 0) || total.CostUSD <= 0 {
		t.Fatalf("totals wrapped: %+v", total)
	}
	var big llm.Usage
	big.Add(llm.Usage{InputTokens: math.MaxInt})
	big.Add(llm.Usage{InputTokens: math.MaxInt})
	if big.InputTokens != math.MaxInt {
		t.Errorf("Add wraps: %d", big.InputTokens)
	}
	u, err := db.SumCalls(context.Background(), llm.Filter{})
	if err != nil || u.InputTokens <= 0 || u.Calls != 2 {
		t.Fatalf("ledger sum %+v %v", u, err)
	}
}
