package llm

import (
	"context"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"strings"
	"sync"

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/openai"
)

// OpenAI is the provider name of OpenAI's chat completions API and the servers that speak
// it (vLLM, Gemini's and DeepSeek's OpenAI endpoints, Ollama's /v1).
const OpenAI = "openai"

func init() { register(OpenAI, openAIDriver{}) }

type openAIDriver struct{}

func (openAIDriver) keyEnv() string { return "OPENAI_API_KEY" }

// keyOptional: local OpenAI-compatible servers (vLLM, Ollama's /v1) take any key.
func (openAIDriver) keyOptional(baseURL string) bool { return baseURL != "" }

func (openAIDriver) open(ep endpoint) (conn, error) {
	key := ep.key
	if key == "" {
		// Local OpenAI-compatible servers ignore the key but langchaingo insists on one.
		key = "unused"
	}
	c := &openAIConn{}
	c.newModel = func(rf *openai.ResponseFormat) (llms.Model, error) {
		opts := []openai.Option{openai.WithToken(key), openai.WithModel(ep.model), openai.WithHTTPClient(ep.http)}
		if ep.baseURL != "" {
			opts = append(opts, openai.WithBaseURL(ep.baseURL))
		}
		if rf != nil {
			opts = append(opts, openai.WithResponseFormat(rf))
		}
		return openai.New(opts...)
	}
	var err error
	c.plain, err = c.newModel(nil)
	return c, err
}

type openAIConn struct {
	plain      llms.Model
	newModel   func(*openai.ResponseFormat) (llms.Model, error)
	schemaLLMs sync.Map // schema hash -> llms.Model with that response_format
}

// generate sends the schema as response_format json_schema when it fits langchaingo's
// schema type, else JSON mode. Images go as image_url parts with a base64 data: URL
// (langchaingo sends BinaryContent here as a "binary" part, which real servers reject).
func (c *openAIConn) generate(ctx context.Context, req Request) (reply, error) {
	model, opts, err := c.prepare(req)
	if err != nil {
		return reply{}, err
	}
	msgs := messages(req, func(mime string, data []byte) llms.ContentPart {
		return llms.ImageURLContent{URL: "data:" + mime + ";base64," + base64.StdEncoding.EncodeToString(data)}
	})
	return generateWith(ctx, model, msgs, opts...)
}

func (c *openAIConn) prepare(req Request) (llms.Model, []llms.CallOption, error) {
	opts := callOptions(req)
	if len(req.Schema) == 0 {
		return c.plain, opts, nil
	}
	prop, ok := openAISchema(req.Schema)
	if !ok {
		return c.plain, append(opts, llms.WithJSONMode()), nil
	}
	sum := sha256.Sum256(req.Schema)
	h := hex.EncodeToString(sum[:])
	if m, ok := c.schemaLLMs.Load(h); ok {
		return m.(llms.Model), opts, nil
	}
	name := strings.NewReplacer("/", "_", " ", "_").Replace(req.Purpose)
	if name == "" {
		name = "answer"
	}
	m, err := c.newModel(&openai.ResponseFormat{Type: "json_schema", JSONSchema: &openai.ResponseFormatJSONSchema{Name: name, Schema: prop}})
	if err != nil {
		return nil, nil, err
	}
	c.schemaLLMs.Store(h, m)
	return m, opts, nil
}

// openAISchema converts a JSON Schema to langchaingo's restricted schema type, but only
// when nothing that changes its meaning would be lost (anyOf, type lists, $defs, ...);
// otherwise the caller falls back to plain JSON mode rather than send a wrong schema.
func openAISchema(raw []byte) (*openai.ResponseFormatJSONSchemaProperty, bool) {
	var generic map[string]any
	if err := json.Unmarshal(raw, &generic); err != nil || generic["type"] != "object" || !representable(generic) {
		return nil, false
	}
	var prop openai.ResponseFormatJSONSchemaProperty
	if err := json.Unmarshal(raw, &prop); err != nil {
		return nil, false
	}
	return &prop, true
}

// Keywords the restricted type keeps, and annotations it may drop without harm.
var (
	keptKeywords    = map[string]bool{"type": true, "description": true, "enum": true, "items": true, "properties": true, "additionalProperties": true, "required": true}
	droppedKeywords = map[string]bool{"title": true, "$schema": true, "$id": true, "minLength": true, "maxLength": true, "minItems": true, "maxItems": true, "minimum": true, "maximum": true, "format": true, "default": true, "examples": true}
)

func representable(s map[string]any) bool {
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
			if !ok || !representable(sub) {
				return false
			}
		case k == "properties":
			props, ok := v.(map[string]any)
			if !ok {
				return false
			}
			for _, pv := range props {
				sub, ok := pv.(map[string]any)
				if !ok || !representable(sub) {
					return false
				}
			}
		case keptKeywords[k], droppedKeywords[k]:
		default:
			return false
		}
	}
	_, typed := s["type"]
	return typed
}
