package llm

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"

	"github.com/tmc/langchaingo/llms"
)

// A driver speaks one provider's API, in the manner of database/sql: each provider is one
// file (openai.go, anthropic.go, ollama.go) whose init registers its driver, and nothing
// else in llm names a provider. Retries, the cache, the concurrency limit and accounting
// are the client's, the same for every driver.
type driver interface {
	// keyEnv names the environment variable that holds the API key, "" when the provider
	// takes none.
	keyEnv() string
	// keyOptional reports whether the provider can be used without a key at baseURL ("" is
	// the provider's default endpoint).
	keyOptional(baseURL string) bool
	// open prepares calls to one model at one endpoint.
	open(ep endpoint) (conn, error)
}

// endpoint is what a driver needs to open a model.
type endpoint struct {
	model   string
	baseURL string // "" means the provider's default
	key     string // "" when none is set
	http    *http.Client
}

// conn makes calls to one model. generate is one attempt: no retry, cache or booking.
type conn interface {
	generate(ctx context.Context, req Request) (reply, error)
}

// reply is a provider's answer with the tokens it reported.
type reply struct {
	text                      string
	inputTokens, outputTokens int
}

var drivers = map[string]driver{}

// register makes a driver available under a provider name; called from the driver's init.
func register(name string, d driver) {
	if _, dup := drivers[name]; dup {
		panic("llm: driver registered twice: " + name)
	}
	drivers[name] = d
}

// providerNames lists the registered providers, sorted, for messages.
func providerNames() []string {
	names := make([]string, 0, len(drivers))
	for n := range drivers {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// keyEnvOr names the provider's key variable, or both when the provider has none of its
// own (a proxy in front of Ollama can still refuse a request).
func keyEnvOr(provider string) string {
	if d, ok := drivers[provider]; ok && d.keyEnv() != "" {
		return d.keyEnv()
	}
	return "OPENAI_API_KEY or ANTHROPIC_API_KEY"
}

// generateWith makes one langchaingo call and reads its first choice.
func generateWith(ctx context.Context, m llms.Model, msgs []llms.MessageContent, opts ...llms.CallOption) (reply, error) {
	out, err := m.GenerateContent(ctx, msgs, opts...)
	if err != nil {
		return reply{}, err
	}
	if len(out.Choices) == 0 {
		return reply{}, errors.New("provider returned no choices")
	}
	ch := out.Choices[0]
	in, outTok := tokens(ch.GenerationInfo)
	return reply{text: ch.Content, inputTokens: in, outputTokens: outTok}, nil
}

// callOptions are the sampling options every provider gets.
func callOptions(req Request) []llms.CallOption {
	maxTok := req.MaxTokens
	if maxTok <= 0 {
		maxTok = defaultMaxTokens
	}
	return []llms.CallOption{llms.WithTemperature(req.Temperature), llms.WithMaxTokens(maxTok)}
}

// messages builds the system and user turns; image turns an image into the provider's part.
func messages(req Request, image func(mime string, data []byte) llms.ContentPart) []llms.MessageContent {
	var msgs []llms.MessageContent
	if req.System != "" {
		msgs = append(msgs, llms.MessageContent{Role: llms.ChatMessageTypeSystem, Parts: []llms.ContentPart{llms.TextContent{Text: req.System}}})
	}
	var parts []llms.ContentPart
	for _, im := range req.Images {
		mime := im.MIME
		if mime == "" {
			mime = http.DetectContentType(im.Data)
		}
		parts = append(parts, image(mime, im.Data))
	}
	parts = append(parts, llms.TextContent{Text: req.Prompt})
	return append(msgs, llms.MessageContent{Role: llms.ChatMessageTypeHuman, Parts: parts})
}

// binaryImage is langchaingo's BinaryContent, which its Anthropic and Ollama providers turn
// into their native base64 image blocks.
func binaryImage(mime string, data []byte) llms.ContentPart {
	return llms.BinaryContent{MIMEType: mime, Data: data}
}

// tokens reads usage from langchaingo's per-provider GenerationInfo keys.
func tokens(info map[string]any) (in, out int) {
	get := func(keys ...string) int {
		for _, k := range keys {
			switch v := info[k].(type) {
			case int:
				return v
			case int64:
				return int(v)
			case float64:
				return int(v)
			}
		}
		return 0
	}
	return get("PromptTokens", "InputTokens"), get("CompletionTokens", "OutputTokens")
}

// unknownProvider is ParseSpec's message for a provider no driver registered.
func unknownProvider(spec, p string) error {
	return fmt.Errorf("model %q: unknown provider %q (known: %s)", spec, p, strings.Join(providerNames(), ", "))
}
