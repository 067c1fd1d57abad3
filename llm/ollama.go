package llm

import (
	"context"

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/ollama"
)

// Ollama is the provider name of a local Ollama server's /api/chat.
const Ollama = "ollama"

func init() { register(Ollama, ollamaDriver{}) }

type ollamaDriver struct{}

func (ollamaDriver) keyEnv() string { return "" }

func (ollamaDriver) keyOptional(string) bool { return true }

func (ollamaDriver) open(ep endpoint) (conn, error) {
	opts := []ollama.Option{ollama.WithModel(ep.model), ollama.WithHTTPClient(ep.http)}
	if ep.baseURL != "" {
		opts = append(opts, ollama.WithServerURL(ep.baseURL))
	}
	m, err := ollama.New(opts...)
	return ollamaConn{m}, err
}

type ollamaConn struct{ llm llms.Model }

// generate sends images as base64 images of the message and asks for JSON mode when a
// schema is set.
func (c ollamaConn) generate(ctx context.Context, req Request) (reply, error) {
	opts := callOptions(req)
	if len(req.Schema) > 0 {
		opts = append(opts, llms.WithJSONMode())
	}
	return generateWith(ctx, c.llm, messages(req, binaryImage), opts...)
}
