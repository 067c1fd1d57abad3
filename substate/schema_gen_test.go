package substate

import (
	"testing"

	"github.com/invopop/jsonschema"

	"github.com/autoeval/autoeval/internal/llmtest"
)

// The committed schema.json is what the Go types give, in the shape every provider's
// structured output takes (OpenAI strict mode included).
func TestSchemaIsCurrent(t *testing.T) {
	gen := llmtest.GenerateSchema(t, &List{}, func(s *jsonschema.Schema) {
		s.Title = "Substates"
		s.Description = "Ordered substates (observable UI states) that every successful run of the task passes through."
		s.Properties.Delete("task") // the task is ours to record, not the model's to repeat
		parent := llmtest.Property(t, s, "substates", "[]", "parent")
		parent.Type = ""
		parent.Extras = map[string]any{"type": []string{"integer", "null"}}
		// minLength is outside strict mode's subset; Validate refuses an empty content.
		llmtest.Property(t, s, "substates", "[]", "content").MinLength = nil
	})
	llmtest.CheckSchemaFile(t, "schema.json", gen)
}
