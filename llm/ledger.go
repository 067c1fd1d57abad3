package llm

import (
	"context"

	"github.com/autoeval/autoeval/llm/record"
)

// Usage sums model calls and their cost. It has the fields of trace.Usage, so callers
// convert with trace.Usage(u); llm does not import trace to stay below it.
type Usage struct {
	Calls        int     `json:"calls"`
	CacheHits    int     `json:"cache_hits"`
	InputTokens  int     `json:"input_tokens"`
	OutputTokens int     `json:"output_tokens"`
	CostUSD      float64 `json:"cost_usd"`
}

// Add accumulates o into u.
func (u *Usage) Add(o Usage) {
	u.Calls += o.Calls
	u.CacheHits += o.CacheHits
	u.InputTokens += o.InputTokens
	u.OutputTokens += o.OutputTokens
	u.CostUSD += o.CostUSD
}

type runKey struct{}

// WithRunID attributes the calls made with ctx to run id in the ledger, overriding
// Config.RunID, so one model can serve several runs (batches set it per run).
func WithRunID(ctx context.Context, id string) context.Context {
	return context.WithValue(ctx, runKey{}, id)
}

func runIDFrom(ctx context.Context, fallback string) string {
	if v, ok := ctx.Value(runKey{}).(string); ok && v != "" {
		return v
	}
	return fallback
}

// Ledger books every call a model makes or serves from the cache (store.DB is one).
type Ledger interface {
	BookCall(ctx context.Context, c record.Call) error
	SumCalls(ctx context.Context, f record.Filter) (record.Totals, error)
}

// Filter selects ledger rows; empty fields match everything.
type Filter = record.Filter

// Summarize sums the ledger: Calls counts answered calls (cache hits included), tokens
// and cost count only what providers were paid for. Failed attempts are not calls.
func Summarize(ctx context.Context, l Ledger, f Filter) (Usage, error) {
	t, err := l.SumCalls(ctx, f)
	return Usage(t), err
}

// Usage converts one response into the summable form.
func (r *Response) Usage() Usage {
	u := Usage{Calls: 1, InputTokens: r.InputTokens, OutputTokens: r.OutputTokens, CostUSD: r.CostUSD}
	if r.CacheHit {
		u.CacheHits = 1
	}
	return u
}
