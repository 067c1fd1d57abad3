package llm

import (
	"context"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/llmtest"
)

// However many tokens an answer reports (a broken or hostile server has reported 2^63-1),
// the endpoint's tokens-per-minute bucket is full again within about a minute: the excess
// was charged whole, and every later call to the endpoint waited for months.
func TestHugeReportedUsageHoldsTheEndpointAMinuteAtMost(t *testing.T) {
	srv := llmtest.NewOpenAI(t, llmtest.ReplyUsage("ok", 1<<62, 1<<62))
	m, err := Open(context.Background(), Config{Spec: "openai:gpt-4o-mini", BaseURL: srv.URL, TokensPerMinute: 60000,
		Getenv: func(string) string { return "" }})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := m.Generate(context.Background(), Request{Prompt: "p", MaxTokens: 100}); err != nil {
		t.Fatal(err)
	}
	toks := m.(*client).gate.toks
	if left := toks.TokensAt(time.Now().Add(61 * time.Second)); left < 1000 {
		t.Fatalf("a minute after the answer the endpoint has %.0f tokens of 60,000 to spend", left)
	}
}
