package llm_test

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/llm"
)

// A reasoning model spends max_completion_tokens on reasoning and answer together: the
// request's budget is the answer's, and the reasoning gets room on top (the reasoner's 2,000
// tokens could all go to reasoning, leaving an empty, cut-off answer). The effort goes to
// reasoning models only, and the reasoning tokens are booked.
func TestReasoningModelsGetAReasoningBudget(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	for _, tc := range []struct {
		model, effort string
		budget        int
		wantMax       int
		wantEffort    string
	}{
		{"o4-mini", "", llm.DefaultReasoningBudget, 2000 + llm.DefaultReasoningBudget, ""},
		{"gpt-5-mini", "low", llm.DefaultReasoningBudget, 2000 + llm.DefaultReasoningBudget, "low"},
		{"o3", "high", 8000, 10000, "high"},
		{"o3", "", 0, 2000, ""},                                      // a budget of 0 is none
		{"gpt-4o-mini", "low", llm.DefaultReasoningBudget, 2000, ""}, // not a reasoning model: no effort, no extra room
	} {
		srv := llmtest.NewOpenAI(t, llmtest.Reasoning("ok", 500, 1800, 1500))
		db := openDB(t)
		m := open(t, "openai:"+tc.model, srv.URL, db, func(c *llm.Config) { c.ReasoningEffort = tc.effort; c.ReasoningBudget = tc.budget })
		r, err := m.Generate(context.Background(), llm.Request{Purpose: "reason", Prompt: "judge", MaxTokens: 2000})
		if err != nil {
			t.Fatalf("%s: %v", tc.model, err)
		}
		var body struct {
			Max    int    `json:"max_completion_tokens"`
			Effort string `json:"reasoning_effort"`
		}
		json.Unmarshal(srv.Requests()[0].Body, &body)
		if body.Max != tc.wantMax || body.Effort != tc.wantEffort {
			t.Errorf("%s: max_completion_tokens %d, reasoning_effort %q; want %d and %q", tc.model, body.Max, body.Effort, tc.wantMax, tc.wantEffort)
		}
		if r.ReasoningTokens != 1500 || r.Usage().ReasoningTokens != 1500 {
			t.Errorf("%s: reasoning tokens %d", tc.model, r.ReasoningTokens)
		}
		if u, _ := db.SumCalls(context.Background(), llm.Filter{}); u.ReasoningTokens != 1500 || u.OutputTokens != 1800 {
			t.Errorf("%s: ledger %+v", tc.model, u)
		}
	}
	// The effort is OpenAI's reasoning_effort: other providers, or a value OpenAI does not
	// know, are refused before any call.
	t.Setenv("ANTHROPIC_API_KEY", secret)
	for spec, effort := range map[string]string{"anthropic:claude-sonnet-4-5": "high", "openai:o3": "extreme"} {
		_, err := llm.Open(context.Background(), llm.Config{Spec: spec, ReasoningEffort: effort})
		if err == nil || !strings.Contains(err.Error(), "reasoning-effort") {
			t.Errorf("%s with effort %q: %v", spec, effort, err)
		}
	}
}

// The reasoning effort and budget shape a reasoning model's answer as much as its prompt:
// an answer cached at one effort is not the answer at another. (The cache key left them
// out, so a rerun with --reasoning-effort high replayed the answers of low.) A model that
// takes neither keeps its cached answers whatever they are set to.
func TestCachedAnswerKeyedByReasoningSettings(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	srv := llmtest.NewOpenAI(t, llmtest.Handler(func(llmtest.Request) llmtest.Answer { return llmtest.Reply("ok") }))
	db := openDB(t)
	req := llm.Request{Purpose: "reason", Prompt: "judge", MaxTokens: 2000}
	for i, tc := range []struct {
		model, effort string
		budget        int
		hit           bool
	}{
		{"o4-mini", "low", llm.DefaultReasoningBudget, false},
		{"o4-mini", "low", llm.DefaultReasoningBudget, true},
		{"o4-mini", "high", llm.DefaultReasoningBudget, false},
		{"o4-mini", "high", 8000, false},
		{"gpt-4o-mini", "", llm.DefaultReasoningBudget, false},
		{"gpt-4o-mini", "", 8000, true},
	} {
		m := open(t, "openai:"+tc.model, srv.URL, db, func(c *llm.Config) { c.ReasoningEffort = tc.effort; c.ReasoningBudget = tc.budget })
		r, err := m.Generate(context.Background(), req)
		if err != nil || r.CacheHit != tc.hit {
			t.Errorf("call %d (%s, effort %q, budget %d): cache hit %v, want %v (%v)", i, tc.model, tc.effort, tc.budget, r != nil && r.CacheHit, tc.hit, err)
		}
	}
}
