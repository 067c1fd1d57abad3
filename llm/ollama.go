package llm

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"net"
	"net/http"
	"os"
	"strings"
)

// Ollama is the provider name of a local Ollama server's /api/chat.
const Ollama = "ollama"

func init() { register(Ollama, ollamaDriver{}) }

type ollamaDriver struct{}

func (ollamaDriver) keyEnv() string { return "" }

func (ollamaDriver) keyOptional(string) bool { return true }

// ollamaPort is where Ollama listens unless told otherwise.
const ollamaPort = "11434"

// defaultURL is $OLLAMA_HOST, read as the ollama command reads it, else the local default:
// quotes around it are dropped, and a host without a scheme is http:// on Ollama's port
// unless it names one (OLLAMA_HOST=0.0.0.0 is http://0.0.0.0:11434).
func (ollamaDriver) defaultURL() string {
	h := strings.Trim(strings.TrimSpace(os.Getenv("OLLAMA_HOST")), `"' `)
	if h == "" {
		return "http://127.0.0.1:" + ollamaPort
	}
	if strings.Contains(h, "://") {
		return h
	}
	hostport := strings.TrimRight(h, "/")
	if _, _, err := net.SplitHostPort(hostport); err != nil {
		hostport = net.JoinHostPort(strings.Trim(hostport, "[]"), ollamaPort)
	}
	return "http://" + hostport
}

func (ollamaDriver) open(ep endpoint) (conn, error) { return &ollamaConn{ep: ep}, nil }

// defaultLimits: a local server has no rate limits; concurrency is its only bound.
func (ollamaDriver) defaultLimits(string) (rpm, tpm int) { return 0, 0 }

// imageLimits: Ollama documents no limit (each model scales images to its own input); an
// image is held to the largest side any provider accepts.
func (ollamaDriver) imageLimits(string) imageLimits { return imageLimits{} }

type ollamaConn struct{ ep endpoint }

// The request body of POST /api/chat (https://github.com/ollama/ollama/blob/main/docs/api.md).
type ollamaRequest struct {
	Model    string          `json:"model"`
	Messages []ollamaMessage `json:"messages"`
	Stream   bool            `json:"stream"` // false: one answer object, not NDJSON chunks
	Format   json.RawMessage `json:"format,omitempty"`
	Options  ollamaOptions   `json:"options"`
}

type ollamaMessage struct {
	Role    string   `json:"role"`
	Content string   `json:"content"`
	Images  []string `json:"images,omitempty"` // base64, no data: prefix
}

type ollamaOptions struct {
	Temperature float64 `json:"temperature"`
	NumPredict  int     `json:"num_predict"`
}

type ollamaResponse struct {
	Message *struct {
		Content string `json:"content"`
	} `json:"message"`
	Done            bool   `json:"done"`
	DoneReason      string `json:"done_reason"`
	PromptEvalCount int    `json:"prompt_eval_count"`
	EvalCount       int    `json:"eval_count"`
}

// generate asks for one answer object (stream false). A schema goes as format, which
// Ollama enforces while generating (structured outputs,
// https://docs.ollama.com/capabilities/structured-outputs); a schema that is not one of an
// object goes as JSON mode ("json").
func (c *ollamaConn) generate(ctx context.Context, req Request) (reply, error) {
	body := ollamaRequest{Model: c.ep.model, Options: ollamaOptions{Temperature: req.Temperature, NumPredict: maxTokens(req)}}
	if req.System != "" {
		body.Messages = append(body.Messages, ollamaMessage{Role: "system", Content: req.System})
	}
	user := ollamaMessage{Role: "user", Content: req.Prompt}
	for _, im := range req.Images {
		user.Images = append(user.Images, base64.StdEncoding.EncodeToString(im.Data))
	}
	body.Messages = append(body.Messages, user)
	if schema, ok := objectSchema(req.Schema); ok {
		body.Format = schema
	} else if len(req.Schema) > 0 {
		body.Format = json.RawMessage(`"json"`)
	}
	var out ollamaResponse
	if err := c.ep.post(ctx, "/api/chat", nil, body, &out, ollamaErrorInfo); err != nil {
		return reply{}, err
	}
	if out.Message == nil || !out.Done {
		return reply{}, &bodyError{status: http.StatusOK, why: "it is not one finished answer (no message, or done is false)"}
	}
	r := reply{text: out.Message.Content, inputTokens: out.PromptEvalCount, outputTokens: out.EvalCount}
	if out.DoneReason == "length" {
		r.cutOff = `done_reason "length"`
	}
	return r, nil
}

// ollamaErrorInfo reads {"error": "..."}; Ollama gives no error code.
func ollamaErrorInfo(b []byte) (msg, code string) {
	var e struct {
		Error string `json:"error"`
	}
	if decodeExact(b, &e) != nil {
		return "", ""
	}
	return e.Error, ""
}
