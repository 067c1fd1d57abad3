package llm_test

import (
	"context"
	"errors"
	"testing"

	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/llm"
)

// An answer cut off at its budget (or by a content filter), as each provider says it, is a
// failed attempt: retried within the budget, never cached, and shown in the usage as a
// cut-off call whose tokens were paid.
func TestCutOffAnswerIsAFailedAttempt(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	t.Setenv("ANTHROPIC_API_KEY", secret)
	for _, tc := range []struct {
		name, spec string
		start      func(testing.TB, ...llmtest.Option) *llmtest.Server
		cut        llmtest.Answer
	}{
		{"openai length", "openai:o4-mini", llmtest.NewOpenAI, llmtest.CutOff("", 1000, 2000)},
		{"openai content_filter", "openai:gpt-4o-mini", llmtest.NewOpenAI, llmtest.Filtered(`{"thought": "`, 1000, 20)},
		{"anthropic max_tokens", "anthropic:claude-haiku-4-5", llmtest.NewAnthropic, llmtest.CutOff(`{"thought": "the screen`, 1000, 2000)},
		{"ollama length", "ollama:qwen2.5vl", llmtest.NewOllama, llmtest.CutOff(`{"thought": "the screen`, 1000, 2000)},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := tc.start(t, tc.cut, llmtest.ReplyUsage(`{"ok": true}`, 1000, 10), tc.cut, tc.cut)
			db := openDB(t)
			m := open(t, tc.spec, srv.URL, db, func(c *llm.Config) { c.MaxRetries = 1; c.RunID = "r" })
			req := llm.Request{Purpose: "reason", Prompt: "judge, in JSON", MaxTokens: 2000}
			r, err := m.Generate(context.Background(), req)
			if err != nil || r.Text != `{"ok": true}` {
				t.Fatalf("%+v %v: want the complete second answer", r, err)
			}
			u := r.Usage()
			if u.CutOffCalls != 1 || u.Calls != 1 || u.InputTokens != 2000 {
				t.Errorf("usage %+v: want the cut-off attempt's tokens and one cut-off call", u)
			}
			// Both attempts cut off: an error, with what they spent, and nothing cached.
			req2 := llm.Request{Purpose: "reason", Prompt: "another", MaxTokens: 2000}
			_, err = m.Generate(context.Background(), req2)
			var e *llm.Error
			if !errors.As(err, &e) || e.Kind != llm.KindCutOff || e.Attempts != 2 {
				t.Fatalf("two cut-off answers: %v", err)
			}
			if got := llm.UsageOf(err); got.CutOffCalls != 2 || got.InputTokens != 2000 || got.Calls != 0 {
				t.Errorf("UsageOf %+v", got)
			}
			srv.Push(llmtest.ReplyUsage(`{"ok": 2}`, 1000, 10))
			if r, err := m.Generate(context.Background(), req2); err != nil || r.CacheHit || r.Text != `{"ok": 2}` {
				t.Fatalf("after cut-off answers: %+v %v, want the provider asked again", r, err)
			}
			sum, err := db.SumCalls(context.Background(), llm.Filter{RunID: "r"})
			if err != nil || sum.CutOffCalls != 3 || sum.Calls != 2 || sum.InputTokens != 5000 {
				t.Errorf("ledger %+v %v: want 3 cut-off calls paid, 2 answers", sum, err)
			}
		})
	}
}
