// Package llm is autoeval's only door to language models: one driver per provider that
// writes the provider's published request format, image parts, structured output (and
// ExtractJSON for the answer), retries, the call cache, and token and cost accounting.
// Callers see the small Model interface below.
package llm

import (
	"context"
)

// Model answers one request. Implementations must be safe for concurrent use.
type Model interface {
	Generate(ctx context.Context, req Request) (*Response, error)
	// Name is "provider:model", e.g. "openai:gpt-4o-mini"; it is recorded with every judgment.
	Name() string
}

// Forgetter is implemented by models with a call cache (the one Open returns). An answer
// that turned out unusable (unparsable, or invalid after every repair) is forgotten, so
// running the work again asks the provider anew instead of replaying the failure.
type Forgetter interface {
	Forget(ctx context.Context, req Request) error
}

// Forget drops the cached answers to reqs when m keeps a cache; other models ignore it.
func Forget(ctx context.Context, m Model, reqs ...Request) {
	if f, ok := m.(Forgetter); ok {
		for _, r := range reqs {
			_ = f.Forget(context.WithoutCancel(ctx), r)
		}
	}
}

// Request is one text or image+text call.
type Request struct {
	// Purpose labels the call in the accounting: decompose, capture, reason, ...
	Purpose string
	// PromptVersion is recorded with the call (see package prompts).
	PromptVersion string
	System        string
	Prompt        string
	Images        []Image
	// Schema, when set, is the JSON Schema of the expected answer; passed to providers that
	// support structured output, and used to validate the answer.
	Schema      []byte
	Temperature float64
	MaxTokens   int
	// Scope attributes the call to a task or trace in the accounting.
	Scope string
}

// Image is an image part of a request.
type Image struct {
	MIME string // image/png, image/jpeg
	Data []byte
}

// Response is a model's answer and what it cost.
type Response struct {
	Text string
	// InputTokens, OutputTokens and CostUSD are what this call paid: zero for an answer
	// from the cache.
	InputTokens  int
	OutputTokens int
	// ReasoningTokens is the part of OutputTokens the model spent reasoning (OpenAI's
	// reasoning models report it), billed as output.
	ReasoningTokens int
	CostUSD         float64
	CacheHit        bool
	// UncachedCostUSD is what the answer costs at list price, cache hit or not: the cost
	// of the method, as opposed to what this run happened to pay.
	UncachedCostUSD float64
	// PriceUnknown is set when the model has no known price: the costs above are 0 for
	// want of a price, not because the call was free.
	PriceUnknown bool
	// UnknownCalls counts earlier attempts of this call that reached the provider but
	// got no answer (timed out): billed, probably, at a cost nobody reported.
	UnknownCalls int
	// Wasted is what earlier attempts of this call spent without giving an answer:
	// answers cut off at their budget (paid, with their tokens) and the UnknownCalls.
	// Usage includes it.
	Wasted Usage
}
