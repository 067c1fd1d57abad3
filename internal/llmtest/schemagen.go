package llmtest

import (
	"bytes"
	"encoding/json"
	"os"
	"testing"

	"github.com/invopop/jsonschema"
)

// The JSON Schemas autoeval sends for structured output (substate.Schema,
// prompts.ReasonerSchema) are files committed beside the Go types they describe and
// embedded in the binary. They are generated here, in test code, from those types with
// invopop/jsonschema, so the generator (and the YAML release candidate it pulls in) is
// never linked into autoeval; each package's TestSchemaIsCurrent fails when its file is
// not what the types give, and rewrites it with AUTOEVAL_UPDATE_SCHEMAS=1 (go generate).

// UpdateSchemasEnv names the environment variable that makes CheckSchemaFile rewrite.
const UpdateSchemasEnv = "AUTOEVAL_UPDATE_SCHEMAS"

// GenerateSchema reflects v's type into a JSON Schema in the subset every provider's
// structured output takes, OpenAI's strict mode included: inlined (no $ref), every object
// closed and every property required (a field the model may leave empty is nullable or
// empty instead), without $schema and $id. Properties keep the order of the Go fields: a
// strict model writes them in that order, so a thought comes before the verdicts. edit
// adjusts the schema first.
func GenerateSchema(t testing.TB, v any, edit func(s *jsonschema.Schema)) []byte {
	t.Helper()
	r := &jsonschema.Reflector{DoNotReference: true, ExpandedStruct: true}
	s := r.Reflect(v)
	s.Version, s.ID = "", ""
	if edit != nil {
		edit(s)
	}
	closeObjects(s)
	out, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		t.Fatal(err)
	}
	return append(out, '\n')
}

// Property returns the schema of the property at path (names, "[]" for array items).
func Property(t testing.TB, s *jsonschema.Schema, path ...string) *jsonschema.Schema {
	t.Helper()
	for _, name := range path {
		if name == "[]" {
			s = s.Items
		} else if s.Properties != nil {
			s, _ = s.Properties.Get(name)
		} else {
			s = nil
		}
		if s == nil {
			t.Fatalf("the schema has no %v", path)
		}
	}
	return s
}

// closeObjects makes every object schema in s list all its properties as required, in
// order, and refuse others.
func closeObjects(s *jsonschema.Schema) {
	if s == nil {
		return
	}
	if s.Properties != nil {
		s.Required = nil
		for p := s.Properties.Oldest(); p != nil; p = p.Next() {
			s.Required = append(s.Required, p.Key)
			closeObjects(p.Value)
		}
		s.AdditionalProperties = jsonschema.FalseSchema
	}
	closeObjects(s.Items)
	for _, b := range s.AnyOf {
		closeObjects(b)
	}
}

// CheckSchemaFile fails the test when the file at path is not generated, or rewrites it
// when $AUTOEVAL_UPDATE_SCHEMAS is set. It also checks that the schema is one OpenAI's
// strict mode takes.
func CheckSchemaFile(t testing.TB, path string, generated []byte) {
	t.Helper()
	if msg := StrictSchemaProblem(generated); msg != "" {
		t.Errorf("the generated schema for %s is not in OpenAI's strict subset: %s", path, msg)
	}
	if os.Getenv(UpdateSchemasEnv) != "" {
		if err := os.WriteFile(path, generated, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	committed, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(committed, generated) {
		t.Errorf("%s is not what the Go types give; regenerate it with `go generate` in its package (%s=1 go test -run TestSchemaIsCurrent)\nwant:\n%s", path, UpdateSchemasEnv, generated)
	}
}
