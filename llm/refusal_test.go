package llm_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/llm"
)

// A model declining to answer, as each provider says it (OpenAI's message.refusal with a
// null content, Anthropic's stop_reason "refusal"), is an error of kind refused, not retried,
// whose message quotes what the model said.
func TestRefusalIsAnError(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	t.Setenv("ANTHROPIC_API_KEY", secret)
	for _, tc := range []struct {
		name, spec string
		start      func(testing.TB, ...llmtest.Option) *llmtest.Server
		body       string
	}{
		{"openai", "openai:gpt-4o-mini", llmtest.NewOpenAI, `{"id":"chatcmpl-1","object":"chat.completion","created":1,"model":"gpt-4o-mini",
			"choices":[{"index":0,"finish_reason":"stop","message":{"role":"assistant","content":null,"refusal":"I cannot help with that."}}],
			"usage":{"prompt_tokens":10,"completion_tokens":7,"total_tokens":17}}`},
		{"anthropic", "anthropic:claude-haiku-4-5", llmtest.NewAnthropic, `{"id":"msg_1","type":"message","role":"assistant","model":"claude-haiku-4-5",
			"content":[{"type":"text","text":"I cannot help with that."}],"stop_reason":"refusal","stop_sequence":null,
			"usage":{"input_tokens":10,"output_tokens":7}}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			srv := tc.start(t, llmtest.Raw(200, tc.body))
			m := open(t, tc.spec, srv.URL, nil)
			_, err := m.Generate(context.Background(), llm.Request{Prompt: "judge"})
			var e *llm.Error
			if !errors.As(err, &e) || e.Kind != llm.KindRefused || e.Retryable || srv.Count() != 1 {
				t.Fatalf("%v (%d requests): want one refused call", err, srv.Count())
			}
			if !strings.Contains(e.Message, ": I cannot help with that.") {
				t.Errorf("message %q does not quote the model after a separator", e.Message)
			}
		})
	}
}
