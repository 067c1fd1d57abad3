package prompts

import (
	"encoding/json"

	"github.com/invopop/jsonschema"
)

// ReasonerSchema is the JSON Schema of ReasonerAnswer, for providers with structured output.
func ReasonerSchema() []byte {
	r := &jsonschema.Reflector{DoNotReference: true, ExpandedStruct: true}
	s := r.Reflect(&ReasonerAnswer{})
	// critical_info is tolerant on decode; the schema asks for the list form.
	if s.Properties != nil {
		if p, ok := s.Properties.Get("critical_info"); ok {
			p.Type = "array"
			p.Items = &jsonschema.Schema{Type: "string"}
		}
	}
	b, err := json.Marshal(s)
	if err != nil {
		panic(err) // a static type always marshals
	}
	return b
}
