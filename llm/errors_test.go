package llm_test

import (
	"context"
	"errors"
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
