package substate

import (
	_ "embed" // the schema file
)

// schemaJSON is generated from the Go types by TestSchemaIsCurrent (test code, so the
// generator is not linked into the binary), which fails when the file falls behind them.
//
//go:generate env AUTOEVAL_UPDATE_SCHEMAS=1 go test -run TestSchemaIsCurrent .
//go:embed schema.json
var schemaJSON []byte

// Schema is the JSON Schema of a List, for asking a model for structured output. It is
// inlined without $refs (several providers reject them) and within OpenAI's strict subset,
// so every provider holds the answer to it: every property is required, "parent" is
// nullable (a first PageNode has none) and "optional" is false rather than absent.
func Schema() []byte {
	out := make([]byte, len(schemaJSON))
	copy(out, schemaJSON)
	return out
}
