package prompts

import (
	"encoding/json"

	"github.com/invopop/jsonschema"
)

// ReasonerSchema is the JSON Schema of ReasonerAnswer, for providers with structured output.
func ReasonerSchema() []byte {
	r := &jsonschema.Reflector{DoNotReference: true, ExpandedStruct: true}
	s := r.Reflect(&ReasonerAnswer{})
	// The method's answer shape has critical_info as one string; decoding also accepts a
	// list, which some models produce anyway.
	if s.Properties != nil {
		if p, ok := s.Properties.Get("critical_info"); ok {
			p.Type = "string"
			p.Items = nil
			// Required, as OpenAI's strict structured outputs want every property to be;
			// the prompt asks for an empty string when nothing is worth remembering.
			s.Required = append(s.Required, "critical_info")
		}
	}
	b, err := json.Marshal(s)
	if err != nil {
		panic(err) // a static type always marshals
	}
	return b
}

// ReviewerSchema is the JSON Schema of ReviewerAnswer, for providers with structured output.
func ReviewerSchema() []byte {
	r := &jsonschema.Reflector{DoNotReference: true, ExpandedStruct: true}
	b, err := json.Marshal(r.Reflect(&ReviewerAnswer{}))
	if err != nil {
		panic(err) // a static type always marshals
	}
	return b
}
