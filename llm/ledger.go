package llm

import (
	"context"
	"errors"
	"math"

	"github.com/autoeval/autoeval/llm/record"
)

// Usage sums model calls and their cost. It has the fields of trace.Usage, so callers
// convert with trace.Usage(u); llm does not import trace to stay below it.
type Usage struct {
	// Calls counts answered calls.
	Calls     int `json:"calls"`
	CacheHits int `json:"cache_hits"`
	// InputTokens, OutputTokens and CostUSD are what was paid (cache hits pay nothing).
	InputTokens  int     `json:"input_tokens"`
	OutputTokens int     `json:"output_tokens"`
	CostUSD      float64 `json:"cost_usd"`
	// ReasoningTokens is the part of OutputTokens spent on reasoning.
	ReasoningTokens int `json:"reasoning_tokens,omitempty"`
	// CutOffCalls counts answers that came back cut off (at their token budget, or by a
	// content filter): paid for, their tokens and cost counted above, but not used and not
	// counted in Calls.
	CutOffCalls int `json:"cut_off_calls,omitempty"`
	// UnknownCalls counts requests that reached a provider and got no answer (cancelled
	// or timed out): probably billed, at a cost nobody reported.
	UnknownCalls int `json:"unknown_calls,omitempty"`
	// UncachedCostUSD is what the answers cost at list price, cache hits included: the
	// cost of the method, the same on every rerun.
	UncachedCostUSD float64 `json:"uncached_cost_usd,omitempty"`
	// PriceUnknown is set when some call's model has no known price, so the costs are
	// incomplete.
	PriceUnknown bool `json:"price_unknown,omitempty"`
}

// Add accumulates o into u. Counts saturate rather than wrap.
func (u *Usage) Add(o Usage) {
	u.Calls = satAdd(u.Calls, o.Calls)
	u.CacheHits = satAdd(u.CacheHits, o.CacheHits)
	u.InputTokens = satAdd(u.InputTokens, o.InputTokens)
	u.OutputTokens = satAdd(u.OutputTokens, o.OutputTokens)
	u.ReasoningTokens = satAdd(u.ReasoningTokens, o.ReasoningTokens)
	u.CostUSD += o.CostUSD
	u.CutOffCalls = satAdd(u.CutOffCalls, o.CutOffCalls)
	u.UnknownCalls = satAdd(u.UnknownCalls, o.UnknownCalls)
	u.UncachedCostUSD += o.UncachedCostUSD
	u.PriceUnknown = u.PriceUnknown || o.PriceUnknown
}

// maxCallTokens bounds the tokens one call is booked for: far above any model's context
// (a few million tokens), far below where sums of many calls could overflow.
const maxCallTokens = 1 << 32

// clampTokens brings a provider's token count into [0, maxCallTokens].
func clampTokens(n int) int { return min(max(n, 0), maxCallTokens) }

// satAdd adds two non-negative counts, saturating at the largest int.
func satAdd(a, b int) int {
	if a < 0 {
		a = 0
	}
	if b < 0 {
		b = 0
	}
	if a > math.MaxInt-b {
		return math.MaxInt
	}
	return a + b
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
// and cost count only what providers were paid for. Failed attempts are not calls, but
// those that reached the provider without an answer count as UnknownCalls.
func Summarize(ctx context.Context, l Ledger, f Filter) (Usage, error) {
	t, err := l.SumCalls(ctx, f)
	return Usage{Calls: t.Calls, CacheHits: t.CacheHits, InputTokens: t.InputTokens, OutputTokens: t.OutputTokens,
		ReasoningTokens: t.ReasoningTokens, CutOffCalls: t.CutOffCalls, CostUSD: t.CostUSD, UnknownCalls: t.UnknownCalls, UncachedCostUSD: t.UncachedCostUSD, PriceUnknown: t.PriceUnknown}, err
}

// Usage converts one response into the summable form, with what its earlier attempts
// wasted.
func (r *Response) Usage() Usage {
	u := Usage{Calls: 1, InputTokens: r.InputTokens, OutputTokens: r.OutputTokens, ReasoningTokens: r.ReasoningTokens,
		CostUSD: r.CostUSD, UncachedCostUSD: r.UncachedCostUSD, PriceUnknown: r.PriceUnknown}
	if r.CacheHit {
		u.CacheHits = 1
	}
	w := r.Wasted
	if w.UnknownCalls < r.UnknownCalls {
		w.UnknownCalls = r.UnknownCalls // a Response built by hand sets only UnknownCalls
	}
	u.Add(w)
	return u
}

// spentError is a failed call that still spent something: requests that reached the
// provider without an answer.
type spentError struct {
	err error
	u   Usage
}

func (e *spentError) Error() string { return e.err.Error() }
func (e *spentError) Unwrap() error { return e.err }

func spent(err error, u Usage) error {
	if u == (Usage{}) {
		return err
	}
	return &spentError{err: err, u: u}
}

// UsageOf returns what a failed call is known to have spent, so callers can book it: a
// request that reached the provider and was cancelled or timed out counts as a call of
// unknown tokens. It is zero for nil and for errors that spent nothing.
func UsageOf(err error) Usage {
	var se *spentError
	if errors.As(err, &se) {
		return se.u
	}
	return Usage{}
}
