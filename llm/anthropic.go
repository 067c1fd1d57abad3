package llm

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"

	"github.com/go-json-experiment/json/jsontext"
)

// Anthropic is the provider name of Anthropic's Messages API.
const Anthropic = "anthropic"

func init() { register(Anthropic, anthropicDriver{}) }

type anthropicDriver struct{}

func (anthropicDriver) keyEnv() string { return "ANTHROPIC_API_KEY" }

func (anthropicDriver) keyOptional(string) bool { return false }

func (anthropicDriver) defaultURL() string { return anthropicURL }

func (anthropicDriver) open(ep endpoint) (conn, error) { return &anthropicConn{ep: ep}, nil }

// anthropicURL is Anthropic's own endpoint, where its published limits hold.
const anthropicURL = "https://api.anthropic.com/v1"

func (anthropicDriver) defaultLimits(baseURL string) (rpm, tpm int) {
	if baseURL == anthropicURL {
		return 50, 30000 // tier 1: 50 requests, 30,000 input tokens a minute (Claude Sonnet)
	}
	return 0, 0
}

// imageLimits: Anthropic refuses an image over 8000 x 8000 pixels or over 5 MB (counted
// here on its base64 form, the stricter reading), and scales one with a long side over
// 1568 pixels or over about 1.15 megapixels down to that
// (https://docs.anthropic.com/en/docs/build-with-claude/vision). Every endpoint of the
// Messages API serves Claude, so the same holds at any base URL.
func (anthropicDriver) imageLimits(string) imageLimits {
	return imageLimits{maxBytes: 5 << 20 / 4 * 3, maxSide: 8000, fitLong: 1568, fitPixels: 1_150_000}
}

type anthropicConn struct{ ep endpoint }

// anthropicVersion is the API version autoeval's requests are written for
// (https://docs.anthropic.com/en/api/versioning).
const anthropicVersion = "2023-06-01"

// The request body of POST /v1/messages (https://docs.anthropic.com/en/api/messages).
type anthropicRequest struct {
	Model       string               `json:"model"`
	MaxTokens   int                  `json:"max_tokens"`
	System      string               `json:"system,omitempty"`
	Messages    []anthropicMessage   `json:"messages"`
	Temperature *float64             `json:"temperature,omitempty"`
	Tools       []anthropicTool      `json:"tools,omitempty"`
	ToolChoice  *anthropicToolChoice `json:"tool_choice,omitempty"`
}

// anthropicTool is a client tool: its input_schema is the JSON Schema of its input
// (https://docs.anthropic.com/en/docs/agents-and-tools/tool-use/implement-tool-use).
type anthropicTool struct {
	Name        string          `json:"name"`
	Description string          `json:"description,omitempty"`
	InputSchema json.RawMessage `json:"input_schema"`
}

// anthropicToolChoice {"type": "tool", "name": N} forces the model to answer by calling
// tool N, so the answer is the tool's input, shaped by its schema.
type anthropicToolChoice struct {
	Type string `json:"type"`
	Name string `json:"name,omitempty"`
}

type anthropicMessage struct {
	Role    string           `json:"role"`
	Content []anthropicBlock `json:"content"`
}

type anthropicBlock struct {
	Type   string           `json:"type"` // text | image
	Text   string           `json:"text,omitempty"`
	Source *anthropicSource `json:"source,omitempty"`
}

type anthropicSource struct {
	Type      string `json:"type"` // base64
	MediaType string `json:"media_type"`
	Data      string `json:"data"`
}

type anthropicResponse struct {
	Type    string `json:"type"`
	Content []struct {
		Type  string         `json:"type"` // text | tool_use | ...
		Text  string         `json:"text"`
		Name  string         `json:"name"`  // tool_use: the tool called
		Input jsontext.Value `json:"input"` // tool_use: its input object
	} `json:"content"`
	StopReason string `json:"stop_reason"`
	Usage      *struct {
		InputTokens  int `json:"input_tokens"`
		OutputTokens int `json:"output_tokens"`
	} `json:"usage"`
}

// generate sends images as base64 image blocks before the text. A schema goes as the
// input_schema of one tool the model is made to call (tool_choice "tool"), which every
// Claude model since 3 supports: the answer is that call's input, held to the schema as
// OpenAI's json_schema and Ollama's format hold theirs.
func (c *anthropicConn) generate(ctx context.Context, req Request) (reply, error) {
	t := req.Temperature
	body := anthropicRequest{Model: c.ep.model, MaxTokens: maxTokens(req), System: req.System, Temperature: &t}
	tool := ""
	if schema, ok := objectSchema(req.Schema); ok {
		tool = schemaName(req.Purpose)
		body.Tools = []anthropicTool{{Name: tool, Description: "Give the answer: its input is the whole answer, in the shape of this schema.", InputSchema: schema}}
		body.ToolChoice = &anthropicToolChoice{Type: "tool", Name: tool}
	}
	var blocks []anthropicBlock
	for _, im := range req.Images {
		blocks = append(blocks, anthropicBlock{Type: "image", Source: &anthropicSource{Type: "base64",
			MediaType: imageMIME(im), Data: base64.StdEncoding.EncodeToString(im.Data)}})
	}
	blocks = append(blocks, anthropicBlock{Type: "text", Text: req.Prompt})
	body.Messages = []anthropicMessage{{Role: "user", Content: blocks}}
	h := http.Header{}
	h.Set("X-Api-Key", c.ep.key)
	h.Set("Anthropic-Version", anthropicVersion)
	var out anthropicResponse
	if err := c.ep.post(ctx, "/messages", h, body, &out, anthropicErrorInfo); err != nil {
		return reply{}, err
	}
	if out.Type != "message" {
		return reply{}, &bodyError{status: http.StatusOK, why: "it is not a message (type " + `"` + out.Type + `")`}
	}
	var text strings.Builder
	var toolInput jsontext.Value
	for _, b := range out.Content {
		switch {
		case b.Type == "text":
			text.WriteString(b.Text)
		case b.Type == "tool_use" && tool != "" && b.Name == tool && toolInput == nil:
			toolInput = b.Input
		}
	}
	var r reply
	if out.Usage != nil {
		r.inputTokens, r.outputTokens = out.Usage.InputTokens, out.Usage.OutputTokens
	}
	switch out.StopReason {
	case "max_tokens", "model_context_window_exceeded":
		r.cutOff = `stop_reason "` + out.StopReason + `"`
	case "refusal":
		msg := `stop_reason "refusal"`
		if said := strings.TrimSpace(text.String()); said != "" {
			msg += ": " + said
		}
		return r, &refusalError{msg: msg}
	}
	switch {
	case tool == "":
		r.text = text.String()
	case toolInput != nil:
		r.text = string(toolInput)
	case r.cutOff == "":
		return r, &bodyError{status: http.StatusOK, why: "the model was made to answer through the tool " + tool + " and did not call it"}
	}
	return r, nil
}

// objectSchema prepares a JSON Schema for a provider that takes it as an object: the
// annotations $schema and $id are dropped. ok is false when there is no schema or it is
// not one of an object (a tool's input, an Ollama format).
func objectSchema(raw []byte) (json.RawMessage, bool) {
	if len(raw) == 0 {
		return nil, false
	}
	var s map[string]any
	if err := json.Unmarshal(raw, &s); err != nil || s["type"] != "object" {
		return nil, false
	}
	delete(s, "$schema")
	delete(s, "$id")
	out, err := json.Marshal(s)
	return out, err == nil
}

// anthropicErrorInfo reads {"type": "error", "error": {"type": ..., "message": ...}}; the
// error's type is its code.
func anthropicErrorInfo(b []byte) (msg, code string) {
	var e struct {
		Error struct {
			Type    string `json:"type"`
			Message string `json:"message"`
		} `json:"error"`
	}
	if decodeExact(b, &e) != nil || e.Error.Message == "" {
		return "", ""
	}
	if e.Error.Type != "" {
		return e.Error.Type + ": " + e.Error.Message, e.Error.Type
	}
	return e.Error.Message, ""
}
