package prompts

import (
	"testing"

	"github.com/invopop/jsonschema"

	"github.com/autoeval/autoeval/internal/llmtest"
)

// The committed reasoner_schema.json is what ReasonerAnswer gives, in the shape every
// provider's structured output takes (OpenAI strict mode included).
func TestSchemaIsCurrent(t *testing.T) {
	gen := llmtest.GenerateSchema(t, &ReasonerAnswer{}, func(s *jsonschema.Schema) {
		// The method's answer shape has critical_info as one string; decoding also accepts
		// a list, which some models produce anyway. Required like every property (the
		// prompt asks for an empty string when nothing is worth remembering).
		p := llmtest.Property(t, s, "critical_info")
		p.Type, p.Items = "string", nil
	})
	llmtest.CheckSchemaFile(t, "reasoner_schema.json", gen)
	llmtest.CheckSchemaFile(t, "reviewer_schema.json", llmtest.GenerateSchema(t, &ReviewerAnswer{}, nil))
}
