package llmtest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// SpecRel is where OpenAI's OpenAPI description lives, relative to the repository root.
const SpecRel = "../shared/data/specs/openai/openapi.json"

var spec struct {
	once   sync.Once
	schema *jsonschema.Schema
	params map[string]bool // the request's top-level fields: OpenAI refuses any other
	err    error
	path   string
}

// ChatCompletionSchema compiles CreateChatCompletionRequest from OpenAI's OpenAPI
// description (JSON Schema 2020-12; the non-standard nullable and x-oai* keywords are
// unknown to the validator and so ignored). It returns nil and the path looked at when the
// description is absent (a clone without ../shared).
func ChatCompletionSchema(t testing.TB) (*jsonschema.Schema, string) {
	spec.once.Do(func() {
		root, err := repoRoot()
		if err != nil {
			spec.err = err
			return
		}
		spec.path = filepath.Join(root, filepath.FromSlash(SpecRel))
		f, err := os.Open(spec.path)
		if err != nil {
			return // absent: no validation
		}
		defer f.Close()
		doc, err := jsonschema.UnmarshalJSON(f)
		if err != nil {
			spec.err = fmt.Errorf("%s: %v", spec.path, err)
			return
		}
		c := jsonschema.NewCompiler()
		c.DefaultDraft(jsonschema.Draft2020)
		if err := c.AddResource("file:///openapi.json", doc); err != nil {
			spec.err = err
			return
		}
		spec.schema, spec.err = c.Compile("file:///openapi.json#/components/schemas/CreateChatCompletionRequest")
		spec.params = map[string]bool{}
		schemaProperties(doc, pointer(doc, "#/components/schemas/CreateChatCompletionRequest"), spec.params)
	})
	if spec.err != nil {
		t.Fatalf("llmtest: OpenAI's OpenAPI description: %v", spec.err)
	}
	return spec.schema, spec.path
}

// repoRoot finds go.mod above this source file, whatever the test's working directory.
func repoRoot() (string, error) {
	_, file, _, ok := runtime.Caller(0)
	if !ok {
		return "", fmt.Errorf("no caller information to find the repository")
	}
	dir := filepath.Dir(file)
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", fmt.Errorf("no go.mod above %s", dir)
		}
		dir = parent
	}
}

var warnOnce sync.Once

// validateOpenAPI returns why body does not satisfy CreateChatCompletionRequest, or "".
func validateOpenAPI(t testing.TB, body []byte) string {
	sch, path := ChatCompletionSchema(t)
	if sch == nil {
		warnOnce.Do(func() {
			t.Logf("llmtest: %s is absent: requests are not checked against OpenAI's OpenAPI description", path)
		})
		return ""
	}
	inst, err := jsonschema.UnmarshalJSON(bytes.NewReader(body))
	if err != nil {
		return "request body is not valid JSON: " + err.Error()
	}
	if err := sch.Validate(inst); err != nil {
		return "the request does not match OpenAI's CreateChatCompletionRequest schema: " + strings.Join(strings.Fields(err.Error()), " ")
	}
	// The schema leaves additional properties open, but the API refuses a field it does not
	// know ("Unrecognized request argument supplied: NAME").
	if obj, ok := inst.(map[string]any); ok {
		names := make([]string, 0, len(obj))
		for k := range obj {
			names = append(names, k)
		}
		sort.Strings(names)
		for _, k := range names {
			if !spec.params[k] {
				return "Unrecognized request argument supplied: " + k
			}
		}
	}
	return ""
}

// schemaProperties adds to into the property names of schema (a node of doc), through
// its allOf parts and its $refs into doc.
func schemaProperties(doc, schema any, into map[string]bool) {
	s, ok := schema.(map[string]any)
	if !ok {
		return
	}
	if ref, ok := s["$ref"].(string); ok {
		schemaProperties(doc, pointer(doc, ref), into)
	}
	if all, ok := s["allOf"].([]any); ok {
		for _, part := range all {
			schemaProperties(doc, part, into)
		}
	}
	if props, ok := s["properties"].(map[string]any); ok {
		for k := range props {
			into[k] = true
		}
	}
}

// pointer resolves a local $ref ("#/components/schemas/Name") in doc; nil when it does not.
func pointer(doc any, ref string) any {
	node := doc
	for _, part := range strings.Split(strings.TrimPrefix(ref, "#/"), "/") {
		m, ok := node.(map[string]any)
		if !ok {
			return nil
		}
		node = m[part]
	}
	return node
}

// reasoningModels are the model families OpenAI documents as reasoning models, which take
// no sampling parameters and no max_tokens ("o1", "o1-mini", "o3", "o3-mini", "o4-mini",
// "gpt-5", "gpt-5-mini", "gpt-5-nano", and dated snapshots of them).
var reasoningModels = []string{"o1", "o3", "o4", "gpt-5"}

func isReasoningModel(model string) bool {
	for _, f := range reasoningModels {
		if model == f || strings.HasPrefix(model, f+"-") || strings.HasPrefix(model, f+".") {
			return true
		}
	}
	return false
}

var schemaNameRe = regexp.MustCompile(`^[a-zA-Z0-9_-]{1,64}$`)

// checkOpenAIRules applies what OpenAI's documentation says and the schema cannot: the
// reasoning models' refusals, and structured outputs' rules for strict schemas. It returns
// the message OpenAI gives, or "".
func checkOpenAIRules(body []byte) string {
	var b map[string]json.RawMessage
	if json.Unmarshal(body, &b) != nil {
		return ""
	}
	var model string
	json.Unmarshal(b["model"], &model)
	if isReasoningModel(model) {
		if raw, ok := b["temperature"]; ok {
			var t float64
			if json.Unmarshal(raw, &t) == nil && t != 1 {
				return fmt.Sprintf("Unsupported value: 'temperature' does not support %s with this model. Only the default (1) value is supported.", raw)
			}
		}
		for _, p := range []string{"top_p", "presence_penalty", "frequency_penalty", "logprobs"} {
			if _, ok := b[p]; ok {
				return fmt.Sprintf("Unsupported parameter: '%s' is not supported with this model.", p)
			}
		}
		if _, ok := b["max_tokens"]; ok {
			return "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead."
		}
	} else if _, ok := b["reasoning_effort"]; ok {
		// Only reasoning models reason (https://platform.openai.com/docs/guides/reasoning).
		return "Unsupported parameter: 'reasoning_effort' is not supported with this model."
	}
	var rf struct {
		Type       string `json:"type"`
		JSONSchema *struct {
			Name   string         `json:"name"`
			Strict bool           `json:"strict"`
			Schema map[string]any `json:"schema"`
		} `json:"json_schema"`
	}
	if raw, ok := b["response_format"]; ok && json.Unmarshal(raw, &rf) == nil && rf.JSONSchema != nil {
		js := rf.JSONSchema
		if !schemaNameRe.MatchString(js.Name) {
			return fmt.Sprintf("Invalid 'response_format.json_schema.name': string does not match pattern. Expected a string that matches the pattern '^[a-zA-Z0-9_-]+$' (got %q).", js.Name)
		}
		if js.Strict {
			raw, _ := json.Marshal(js.Schema)
			if msg := StrictSchemaProblem(raw); msg != "" {
				return fmt.Sprintf("Invalid schema for response_format '%s': In context=(), %s", js.Name, msg)
			}
		}
	}
	return ""
}

// StrictSchemaProblem is why OpenAI's structured outputs would refuse schema (JSON) in
// strict mode, "" when it would take it.
func StrictSchemaProblem(schema []byte) string {
	var s map[string]any
	if err := json.Unmarshal(schema, &s); err != nil {
		return "the schema is not a JSON object: " + err.Error()
	}
	if s["type"] != "object" {
		return fmt.Sprintf("schema must be a JSON Schema of 'type: \"object\"', got 'type: %v'.", s["type"])
	}
	if _, ok := s["anyOf"]; ok {
		return "the root schema must not be 'anyOf'."
	}
	return strictRule(s, "()")
}

// strictKeywords are the keywords structured outputs' strict mode takes
// (https://platform.openai.com/docs/guides/structured-outputs#supported-schemas: the
// supported types with anyOf; for strings pattern and format, for numbers multipleOf,
// maximum, exclusiveMaximum, minimum and exclusiveMinimum, for arrays minItems and maxItems;
// definitions through $defs and $ref; description and title). Any other keyword is refused
// ("'minLength' is not permitted", "'default' is not permitted").
var strictKeywords = fieldSet("type", "description", "title", "enum", "const", "items", "properties", "additionalProperties",
	"required", "pattern", "format", "minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf", "minItems",
	"maxItems", "anyOf", "$defs", "definitions", "$ref", "$schema", "$id")

var strictTypes = fieldSet("object", "array", "string", "number", "integer", "boolean", "null")

// strictRule checks structured outputs' documented rules for a strict schema: only the
// keywords above; a type is one of the JSON types or a list of them (["string", "null"]
// makes a field nullable); every object sets additionalProperties to false and lists every
// property in required; additionalProperties appears on objects only; anyOf branches follow
// the same rules.
func strictRule(s map[string]any, ctx string) string {
	names := make([]string, 0, len(s))
	for k := range s {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if !strictKeywords[k] {
			return fmt.Sprintf("'%s' is not permitted.", k)
		}
	}
	var types []string
	switch t := s["type"].(type) {
	case nil:
	case string:
		types = []string{t}
	case []any:
		for _, e := range t {
			name, _ := e.(string)
			types = append(types, name)
		}
	default:
		return fmt.Sprintf("'type' must be a string or a list of strings, got %v.", t)
	}
	isObject := false
	for _, t := range types {
		if !strictTypes[t] {
			return fmt.Sprintf("'%s' is not a valid type.", t)
		}
		isObject = isObject || t == "object"
	}
	_, hasType := s["type"]
	_, hasAny := s["anyOf"]
	_, hasRef := s["$ref"]
	_, hasEnum := s["enum"]
	_, hasConst := s["const"]
	if !hasType && !hasAny && !hasRef && !hasEnum && !hasConst {
		return "schema must have a 'type' key."
	}
	if _, ok := s["additionalProperties"]; ok && !isObject {
		return fmt.Sprintf("'additionalProperties' is not permitted on a schema of type %q.", strings.Join(types, ", "))
	}
	if isObject {
		if ap, ok := s["additionalProperties"].(bool); !ok || ap {
			return "'additionalProperties' is required to be supplied and to be false."
		}
		props, _ := s["properties"].(map[string]any)
		req := map[string]bool{}
		if list, ok := s["required"].([]any); ok {
			for _, r := range list {
				if n, ok := r.(string); ok {
					req[n] = true
				}
			}
		}
		var names []string
		for n := range props {
			names = append(names, n)
		}
		sort.Strings(names)
		for _, n := range names {
			if !req[n] {
				return fmt.Sprintf("'required' is required to be supplied and to be an array including every key in properties. Missing '%s'.", n)
			}
		}
		for _, n := range names {
			sub, ok := props[n].(map[string]any)
			if !ok {
				return fmt.Sprintf("property '%s' must be a schema.", n)
			}
			if msg := strictRule(sub, ctx); msg != "" {
				return msg
			}
		}
	}
	if branches, ok := s["anyOf"]; ok {
		list, ok := branches.([]any)
		if !ok || len(list) == 0 {
			return "'anyOf' must be a non-empty list of schemas."
		}
		for _, b := range list {
			sub, ok := b.(map[string]any)
			if !ok {
				return "'anyOf' must be a non-empty list of schemas."
			}
			if msg := strictRule(sub, ctx); msg != "" {
				return msg
			}
		}
	}
	if items, ok := s["items"]; ok {
		sub, ok := items.(map[string]any)
		if !ok {
			return "'items' must be a schema."
		}
		return strictRule(sub, ctx)
	}
	return ""
}
