package llm_test

import (
	"context"
	"encoding/json"
	"reflect"
	"testing"

	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/prompts"
	"github.com/autoeval/autoeval/substate"
)

var substatesAnswer = `{"substates":[{"id":0,"kind":"page","content":"The Clock app is open","parent":null,"optional":false}]}`

// The decomposer's schema is in strict mode's subset and goes strict (it went as JSON mode,
// its nullable parent being an anyOf); the stand-in applies the strict rules and the OpenAPI
// description to the request.
func TestDecomposerSchemaSentStrict(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	srv := llmtest.NewOpenAI(t, llmtest.Reply(substatesAnswer))
	m := open(t, "openai:gpt-4o-mini", srv.URL, nil, func(c *llm.Config) { c.MaxRetries = -1 })
	if _, err := m.Generate(context.Background(), llm.Request{Purpose: "decompose", Prompt: "decompose", Schema: substate.Schema()}); err != nil {
		t.Fatal(err)
	}
	var body struct {
		ResponseFormat struct {
			Type       string `json:"type"`
			JSONSchema struct {
				Strict bool            `json:"strict"`
				Schema json.RawMessage `json:"schema"`
			} `json:"json_schema"`
		} `json:"response_format"`
	}
	json.Unmarshal(srv.Requests()[0].Body, &body)
	if rf := body.ResponseFormat; rf.Type != "json_schema" || !rf.JSONSchema.Strict || !sameJSON(t, rf.JSONSchema.Schema, substate.Schema()) {
		t.Fatalf("response_format %+v", rf)
	}
}

// Anthropic is held to the schema too: it goes as the input_schema of a tool the model must
// call (tool_choice "tool"), and the call's input is the answer.
func TestAnthropicAnswersThroughAForcedTool(t *testing.T) {
	t.Setenv("ANTHROPIC_API_KEY", secret)
	for _, tc := range []struct {
		purpose string
		schema  []byte
		answer  string
	}{
		{"reason", prompts.ReasonerSchema(), `{"thought":"the alarm is set","substates":[{"id":0,"analysis":"shown","verdict":"true"}],"critical_info":""}`},
		{"decompose", substate.Schema(), substatesAnswer},
	} {
		srv := llmtest.NewAnthropic(t, llmtest.Reply(tc.answer))
		m := open(t, "anthropic:claude-haiku-4-5", srv.URL, nil, func(c *llm.Config) { c.MaxRetries = -1 })
		r, err := m.Generate(context.Background(), llm.Request{Purpose: tc.purpose, System: "s", Prompt: "answer", Schema: tc.schema})
		if err != nil {
			t.Fatal(err)
		}
		if !sameJSON(t, []byte(r.Text), []byte(tc.answer)) {
			t.Errorf("%s: answer %s, want the tool's input %s", tc.purpose, r.Text, tc.answer)
		}
		req := srv.Requests()[0]
		var body struct {
			Tools []struct {
				Name        string          `json:"name"`
				InputSchema json.RawMessage `json:"input_schema"`
			} `json:"tools"`
			ToolChoice map[string]any `json:"tool_choice"`
		}
		json.Unmarshal(req.Body, &body)
		if req.Tool != tc.purpose || len(body.Tools) != 1 || !sameJSON(t, body.Tools[0].InputSchema, tc.schema) ||
			body.ToolChoice["type"] != "tool" || body.ToolChoice["name"] != tc.purpose {
			t.Errorf("%s: request %s", tc.purpose, req.Body)
		}
	}
	// Without a schema, no tool: a plain text answer.
	srv := llmtest.NewAnthropic(t, llmtest.Reply("a clock"))
	m := open(t, "anthropic:claude-haiku-4-5", srv.URL, nil)
	if r, err := m.Generate(context.Background(), llm.Request{Prompt: "describe"}); err != nil || r.Text != "a clock" || srv.Requests()[0].Tool != "" {
		t.Fatalf("%+v %v", r, err)
	}
}

// Ollama gets the schema object as format, which it enforces while generating.
func TestOllamaGetsTheSchemaAsFormat(t *testing.T) {
	for _, schema := range [][]byte{substate.Schema(), prompts.ReasonerSchema()} {
		srv := llmtest.NewOllama(t, llmtest.Reply(substatesAnswer))
		m := open(t, "ollama:qwen2.5", srv.URL, nil)
		if _, err := m.Generate(context.Background(), llm.Request{Prompt: "p", Schema: schema}); err != nil {
			t.Fatal(err)
		}
		var body struct {
			Format json.RawMessage `json:"format"`
		}
		json.Unmarshal(srv.Requests()[0].Body, &body)
		if !sameJSON(t, body.Format, schema) {
			t.Errorf("format %s, want the schema", body.Format)
		}
	}
}

func sameJSON(t *testing.T, a, b []byte) bool {
	t.Helper()
	var x, y any
	if json.Unmarshal(a, &x) != nil || json.Unmarshal(b, &y) != nil {
		return false
	}
	return reflect.DeepEqual(x, y)
}
