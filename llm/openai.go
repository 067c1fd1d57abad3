package llm

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"sort"
	"strings"
)

// OpenAI is the provider name of OpenAI's chat completions API and the servers that speak
// it (vLLM, Gemini's and DeepSeek's OpenAI endpoints, Ollama's /v1).
const OpenAI = "openai"

func init() { register(OpenAI, openAIDriver{}) }

type openAIDriver struct{}

func (openAIDriver) keyEnv() string { return "OPENAI_API_KEY" }

// keyOptional: local OpenAI-compatible servers (vLLM, Ollama's /v1) take any key.
func (openAIDriver) keyOptional(baseURL string) bool { return baseURL != "" }

func (openAIDriver) defaultURL() string { return openAIURL }

func (openAIDriver) open(ep endpoint) (conn, error) { return &openAIConn{ep: ep}, nil }

// openAIURL is OpenAI's own endpoint, where its published limits hold.
const openAIURL = "https://api.openai.com/v1"

func (openAIDriver) defaultLimits(baseURL string) (rpm, tpm int) {
	if baseURL == openAIURL {
		return 500, 30000 // tier 1 for gpt-4o, gpt-4.1, o1, o3 (the mini models get more)
	}
	return 0, 0
}

// imageLimits: OpenAI takes images up to 20 MB, and at high detail scales them to fit in
// 2048 x 2048 and then to 768 pixels on the short side
// (https://platform.openai.com/docs/guides/images-vision); other servers speaking its API
// are only held to the size.
func (openAIDriver) imageLimits(baseURL string) imageLimits {
	if baseURL == openAIURL {
		return imageLimits{maxBytes: 20 << 20, fitLong: 2048, fitShort: 768}
	}
	return imageLimits{maxBytes: 20 << 20}
}

// reasoningEfforts are the values of reasoning_effort in OpenAI's OpenAPI description
// (ReasoningEffort); which one a model takes is its own.
var reasoningEfforts = []string{"none", "minimal", "low", "medium", "high", "xhigh", "max"}

// checkEffort accepts a --reasoning-effort for provider.
func checkEffort(provider, effort string) error {
	if provider != OpenAI {
		return fmt.Errorf("--reasoning-effort is sent as OpenAI's reasoning_effort, and %s has none (Anthropic's extended thinking cannot go with the forced tool that holds its answer to the schema)", provider)
	}
	if !slices.Contains(reasoningEfforts, effort) {
		return fmt.Errorf("--reasoning-effort %q: want one of %s", effort, strings.Join(reasoningEfforts, ", "))
	}
	return nil
}

type openAIConn struct{ ep endpoint }

// The request body of POST /chat/completions, as far as autoeval uses it
// (https://platform.openai.com/docs/api-reference/chat/create).
type openAIRequest struct {
	Model               string                `json:"model"`
	Messages            []openAIMessage       `json:"messages"`
	Temperature         *float64              `json:"temperature,omitempty"`
	MaxCompletionTokens int                   `json:"max_completion_tokens,omitempty"`
	ReasoningEffort     string                `json:"reasoning_effort,omitempty"`
	ResponseFormat      *openAIResponseFormat `json:"response_format,omitempty"`
}

type openAIMessage struct {
	Role    string `json:"role"`
	Content any    `json:"content"` // a string, or []openAIPart
}

type openAIPart struct {
	Type     string          `json:"type"` // text | image_url
	Text     string          `json:"text,omitempty"`
	ImageURL *openAIImageURL `json:"image_url,omitempty"`
}

type openAIImageURL struct {
	URL string `json:"url"`
}

type openAIResponseFormat struct {
	Type       string            `json:"type"` // json_schema | json_object
	JSONSchema *openAIJSONSchema `json:"json_schema,omitempty"`
}

type openAIJSONSchema struct {
	Name   string          `json:"name"`
	Schema json.RawMessage `json:"schema"`
	Strict bool            `json:"strict"`
}

type openAIResponse struct {
	Choices []struct {
		Message struct {
			Content *string `json:"content"`
			Refusal *string `json:"refusal"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Usage *struct {
		PromptTokens            int `json:"prompt_tokens"`
		CompletionTokens        int `json:"completion_tokens"`
		CompletionTokensDetails *struct {
			ReasoningTokens int `json:"reasoning_tokens"`
		} `json:"completion_tokens_details"`
	} `json:"usage"`
}

func (c *openAIConn) generate(ctx context.Context, req Request) (reply, error) {
	body := openAIBody(c.ep, req)
	h := http.Header{}
	key := c.ep.key
	if key == "" {
		key = "unused" // local OpenAI-compatible servers ignore the key but want the header
	}
	h.Set("Authorization", "Bearer "+key)
	var out openAIResponse
	if err := c.ep.post(ctx, "/chat/completions", h, body, &out, openAIErrorInfo); err != nil {
		return reply{}, err
	}
	if len(out.Choices) == 0 {
		return reply{}, &bodyError{status: http.StatusOK, why: "it has no choices"}
	}
	var r reply
	if out.Usage != nil {
		r.inputTokens, r.outputTokens = out.Usage.PromptTokens, out.Usage.CompletionTokens
		if d := out.Usage.CompletionTokensDetails; d != nil {
			r.reasoningTokens = d.ReasoningTokens
		}
	}
	ch := out.Choices[0]
	if ch.Message.Content == nil && ch.Message.Refusal != nil {
		return r, &refusalError{msg: *ch.Message.Refusal}
	}
	if ch.Message.Content != nil {
		r.text = *ch.Message.Content
	}
	// "length": the budget ran out (a reasoning model may have spent it all on reasoning
	// and left the content empty); "content_filter": content was omitted. Either way the
	// answer is incomplete.
	if ch.FinishReason == "length" || ch.FinishReason == "content_filter" {
		r.cutOff = `finish_reason "` + ch.FinishReason + `"`
	}
	return r, nil
}

// shape names what a reasoning model's requests carry besides the Request: its effort
// and its reasoning budget (see openAIBody); other models take neither.
func (c *openAIConn) shape() string {
	if samplingAllowed(c.ep.model) {
		return ""
	}
	return fmt.Sprintf("reasoning_effort %q, reasoning budget %d", c.ep.reasoningEffort, c.ep.reasoningBudget)
}

// openAIBody builds the request. Images go as image_url parts with a base64 data: URL. The
// schema goes as response_format json_schema: strict when it meets structured outputs'
// rules (anyOf and type lists included), else only when it keeps to the plain subset; any
// other schema ($defs, or anyOf or a type list in a schema that is not strict) goes as
// JSON mode, since OpenAI-compatible servers differ in how much JSON Schema they accept
// and one that rejects it would fail every call.
//
// A reasoning model spends max_completion_tokens on its reasoning and its answer together:
// the request's budget is the answer's, so it gets the endpoint's reasoning budget on top
// (else the reasoning can take it all and the answer comes back empty and cut off). The
// reasoning effort goes to reasoning models only: OpenAI refuses it for its other models.
func openAIBody(ep endpoint, req Request) openAIRequest {
	model := ep.model
	b := openAIRequest{Model: model, MaxCompletionTokens: maxTokens(req)}
	reasoning := !samplingAllowed(model)
	if reasoning {
		b.MaxCompletionTokens = satAdd(b.MaxCompletionTokens, ep.reasoningBudget)
	} else {
		t := req.Temperature
		b.Temperature = &t
	}
	if ep.reasoningEffort != "" && reasoning {
		b.ReasoningEffort = ep.reasoningEffort
	}
	if req.System != "" {
		b.Messages = append(b.Messages, openAIMessage{Role: "system", Content: req.System})
	}
	var parts []openAIPart
	for _, im := range req.Images {
		u := "data:" + imageMIME(im) + ";base64," + base64.StdEncoding.EncodeToString(im.Data)
		parts = append(parts, openAIPart{Type: "image_url", ImageURL: &openAIImageURL{URL: u}})
	}
	parts = append(parts, openAIPart{Type: "text", Text: req.Prompt})
	b.Messages = append(b.Messages, openAIMessage{Role: "user", Content: parts})
	if len(req.Schema) > 0 {
		switch schema, strict, ok := openAISchema(req.Schema); {
		case ok:
			b.ResponseFormat = &openAIResponseFormat{Type: "json_schema",
				JSONSchema: &openAIJSONSchema{Name: schemaName(req.Purpose), Schema: schema, Strict: strict}}
		default:
			b.ResponseFormat = &openAIResponseFormat{Type: "json_object"}
		}
	}
	return b
}

// reasoningModel matches OpenAI's reasoning models: the o-series (o1, o1-mini, o3, o3-mini,
// o4-mini, ... and their dated snapshots) and the gpt-5 family. OpenAI documents that they
// take no sampling parameters: a temperature other than the default 1 is answered with
// 400 "Unsupported value: 'temperature' does not support 0 with this model".
var reasoningModel = regexp.MustCompile(`^(o[1-9]\d*($|-)|gpt-5($|[-.]))`)

// samplingAllowed is the one rule deciding whether a request to model may carry a
// temperature. A name routed through a gateway ("openai/o3-mini") is judged by its last part.
func samplingAllowed(model string) bool {
	name := strings.ToLower(model)
	if i := strings.LastIndex(name, "/"); i >= 0 {
		name = name[i+1:]
	}
	return !reasoningModel.MatchString(name)
}

var schemaNameRe = regexp.MustCompile(`[^a-zA-Z0-9_-]+`)

// schemaName makes a json_schema name from the request's purpose (OpenAI allows
// a-z, A-Z, 0-9, _ and -, at most 64 characters).
func schemaName(purpose string) string {
	n := schemaNameRe.ReplaceAllString(purpose, "_")
	if len(n) > 64 {
		n = n[:64]
	}
	if n == "" {
		n = "answer"
	}
	return n
}

// openAISchema prepares a JSON Schema for response_format: ok is false when it is not one
// of an object or is outside the plain subset (then JSON mode is used); strict says whether
// it meets structured outputs' strict rules. The annotations $schema and $id are dropped.
func openAISchema(raw []byte) (schema json.RawMessage, strict, ok bool) {
	var s map[string]any
	if err := json.Unmarshal(raw, &s); err != nil || s["type"] != "object" {
		return nil, false, false
	}
	delete(s, "$schema")
	delete(s, "$id")
	strict = strictSchema(s, true)
	if !strict && !plainSchema(s) {
		return nil, false, false
	}
	out, err := json.Marshal(s)
	if err != nil {
		return nil, false, false
	}
	return out, strict, true
}

// Keywords of the plain subset, and annotations that may come along.
var (
	plainKeywords      = map[string]bool{"type": true, "description": true, "enum": true, "items": true, "properties": true, "additionalProperties": true, "required": true}
	annotationKeywords = map[string]bool{"title": true, "minLength": true, "maxLength": true, "minItems": true, "maxItems": true, "minimum": true, "maximum": true, "format": true, "default": true, "examples": true}
)

// plainSchema reports whether s uses only single types, properties, items, enum and
// required (what every OpenAI-compatible server takes).
func plainSchema(s map[string]any) bool {
	for k, v := range s {
		switch {
		case k == "type":
			if t, ok := v.(string); !ok || t == "" {
				return false
			}
		case k == "additionalProperties":
			if _, ok := v.(bool); !ok {
				return false
			}
		case k == "items":
			sub, ok := v.(map[string]any)
			if !ok || !plainSchema(sub) {
				return false
			}
		case k == "properties":
			props, ok := v.(map[string]any)
			if !ok {
				return false
			}
			for _, pv := range props {
				sub, ok := pv.(map[string]any)
				if !ok || !plainSchema(sub) {
					return false
				}
			}
		case plainKeywords[k], annotationKeywords[k]:
		default:
			return false
		}
	}
	_, typed := s["type"]
	return typed
}

// Keywords structured outputs accept in strict mode
// (https://platform.openai.com/docs/guides/structured-outputs#supported-schemas); $ref and
// $defs are left out, since autoeval's schemas are inlined.
var strictKeywords = map[string]bool{"type": true, "description": true, "title": true, "enum": true, "const": true, "items": true,
	"properties": true, "additionalProperties": true, "required": true, "pattern": true, "format": true, "minimum": true,
	"maximum": true, "exclusiveMinimum": true, "exclusiveMaximum": true, "multipleOf": true, "minItems": true, "maxItems": true,
	"anyOf": true}

// strictTypes are the JSON Schema types; "type" is one of them or a list of them (a type
// with "null" makes a field nullable, which strict mode wants instead of an optional one).
var strictTypes = map[string]bool{"object": true, "array": true, "string": true, "number": true, "integer": true, "boolean": true, "null": true}

// strictSchema checks s against strict mode's rules: only the keywords above; every object
// lists all its properties in required and sets additionalProperties to false; anyOf
// branches follow the same rules, and the root is an object, not an anyOf.
func strictSchema(s map[string]any, root bool) bool {
	for k := range s {
		if !strictKeywords[k] {
			return false
		}
	}
	var types []string
	switch t := s["type"].(type) {
	case string:
		types = []string{t}
	case []any:
		for _, e := range t {
			name, _ := e.(string)
			types = append(types, name)
		}
	case nil:
		if root {
			return false
		}
	default:
		return false
	}
	isObject := false
	for _, t := range types {
		if !strictTypes[t] {
			return false
		}
		isObject = isObject || t == "object"
	}
	_, hasEnum := s["enum"]
	_, hasConst := s["const"]
	branches, hasAny := s["anyOf"]
	if len(types) == 0 && !hasAny && !hasEnum && !hasConst || root && hasAny {
		return false
	}
	if isObject {
		if !strictObject(s) {
			return false
		}
	} else if _, ok := s["additionalProperties"]; ok {
		return false // only objects have properties to restrict
	}
	if hasAny {
		list, ok := branches.([]any)
		if !ok || len(list) == 0 {
			return false
		}
		for _, b := range list {
			sub, ok := b.(map[string]any)
			if !ok || !strictSchema(sub, false) {
				return false
			}
		}
	}
	if items, ok := s["items"]; ok {
		sub, ok := items.(map[string]any)
		if !ok || !strictSchema(sub, false) {
			return false
		}
	}
	return true
}

// strictObject checks an object schema: closed, every property required and strict.
func strictObject(s map[string]any) bool {
	props, _ := s["properties"].(map[string]any)
	if ap, ok := s["additionalProperties"].(bool); !ok || ap {
		return false
	}
	var req []string
	if list, ok := s["required"].([]any); ok {
		for _, r := range list {
			if name, ok := r.(string); ok {
				req = append(req, name)
			}
		}
	}
	keys := make([]string, 0, len(props))
	for k := range props {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	sort.Strings(req)
	if !slices.Equal(keys, req) {
		return false
	}
	for _, p := range props {
		sub, ok := p.(map[string]any)
		if !ok || !strictSchema(sub, false) {
			return false
		}
	}
	return true
}

// openAIErrorInfo reads {"error": {"message": ..., "type": ..., "code": ...}}; the code
// (a string, or null) is the error code, else the type.
func openAIErrorInfo(b []byte) (msg, code string) {
	var e struct {
		Error struct {
			Message string `json:"message"`
			Code    any    `json:"code"`
			Type    string `json:"type"`
		} `json:"error"`
	}
	if decodeExact(b, &e) != nil || e.Error.Message == "" {
		return "", ""
	}
	msg = e.Error.Message
	code, _ = e.Error.Code.(string)
	if code != "" && !strings.Contains(msg, code) {
		msg += " (" + code + ")"
	}
	if code == "" {
		code = e.Error.Type
	}
	return msg, code
}
