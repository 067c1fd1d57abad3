package llm

import (
	"context"
	"encoding/base64"
	"net/http"
	"strings"
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

type anthropicConn struct{ ep endpoint }

// anthropicVersion is the API version autoeval's requests are written for
// (https://docs.anthropic.com/en/api/versioning).
const anthropicVersion = "2023-06-01"

// The request body of POST /v1/messages (https://docs.anthropic.com/en/api/messages).
type anthropicRequest struct {
	Model       string             `json:"model"`
	MaxTokens   int                `json:"max_tokens"`
	System      string             `json:"system,omitempty"`
	Messages    []anthropicMessage `json:"messages"`
	Temperature *float64           `json:"temperature,omitempty"`
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
		Type string `json:"type"`
		Text string `json:"text"`
	} `json:"content"`
	StopReason string `json:"stop_reason"`
	Usage      *struct {
		InputTokens  int `json:"input_tokens"`
		OutputTokens int `json:"output_tokens"`
	} `json:"usage"`
}

// generate sends images as base64 image blocks before the text. Anthropic has no JSON
// mode for every model: the prompt carries the schema.
func (c *anthropicConn) generate(ctx context.Context, req Request) (reply, error) {
	t := req.Temperature
	body := anthropicRequest{Model: c.ep.model, MaxTokens: maxTokens(req), System: req.System, Temperature: &t}
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
	for _, b := range out.Content {
		if b.Type == "text" {
			text.WriteString(b.Text)
		}
	}
	r := reply{text: text.String()}
	if out.Usage != nil {
		r.inputTokens, r.outputTokens = out.Usage.InputTokens, out.Usage.OutputTokens
	}
	switch out.StopReason {
	case "max_tokens", "model_context_window_exceeded":
		r.cutOff = `stop_reason "` + out.StopReason + `"`
	case "refusal":
		return r, &refusalError{msg: `stop_reason "refusal"` + strings.TrimSpace(" "+text.String())}
	}
	return r, nil
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
