package llm

import (
	"context"

	"github.com/tmc/langchaingo/llms"
	"github.com/tmc/langchaingo/llms/anthropic"
)

// Anthropic is the provider name of Anthropic's Messages API.
const Anthropic = "anthropic"

func init() { register(Anthropic, anthropicDriver{}) }

type anthropicDriver struct{}

func (anthropicDriver) keyEnv() string { return "ANTHROPIC_API_KEY" }

func (anthropicDriver) keyOptional(string) bool { return false }

func (anthropicDriver) open(ep endpoint) (conn, error) {
	opts := []anthropic.Option{anthropic.WithToken(ep.key), anthropic.WithModel(ep.model), anthropic.WithHTTPClient(ep.http)}
	if ep.baseURL != "" {
		opts = append(opts, anthropic.WithBaseURL(ep.baseURL))
	}
	m, err := anthropic.New(opts...)
	return anthropicConn{m}, err
}

type anthropicConn struct{ llm llms.Model }

// generate sends images as base64 image blocks. Anthropic has no JSON mode: the prompt
// carries the schema.
func (c anthropicConn) generate(ctx context.Context, req Request) (reply, error) {
	return generateWith(ctx, c.llm, messages(req, binaryImage), callOptions(req)...)
}
