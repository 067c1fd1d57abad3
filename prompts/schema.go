package prompts

import (
	_ "embed" // the schema file
)

// reasonerSchema is generated from ReasonerAnswer by TestSchemaIsCurrent (test code, so the
// generator is not linked into the binary), which fails when the file falls behind it.
//
//go:generate env AUTOEVAL_UPDATE_SCHEMAS=1 go test -run TestSchemaIsCurrent .
//go:embed reasoner_schema.json
var reasonerSchema []byte

// ReasonerSchema is the JSON Schema of ReasonerAnswer, for providers with structured output:
// within OpenAI's strict subset, so every provider holds the answer to it.
func ReasonerSchema() []byte {
	out := make([]byte, len(reasonerSchema))
	copy(out, reasonerSchema)
	return out
}

// reviewerSchema is generated from ReviewerAnswer the same way.
//
//go:embed reviewer_schema.json
var reviewerSchema []byte

// ReviewerSchema is the JSON Schema of ReviewerAnswer (the last look's answer), for
// providers with structured output: within OpenAI's strict subset like the reasoner's.
func ReviewerSchema() []byte {
	out := make([]byte, len(reviewerSchema))
	copy(out, reviewerSchema)
	return out
}
