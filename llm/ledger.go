package llm

import (
	"context"
	"errors"
	"math"

	"github.com/autoeval/autoeval/llm/record"
)

// Usage sums model calls and their cost (see record.Usage: one type for llm, the ledger
// and judgment files).
type Usage = record.Usage

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
	// SumCalls sums the rows f selects: Calls counts answered calls (cache hits included),
	// tokens and cost count only what providers were paid for. Failed attempts are not
	// calls, but those that reached the provider without an answer count as UnknownCalls.
	SumCalls(ctx context.Context, f record.Filter) (Usage, error)
}

// Filter selects ledger rows; empty fields match everything.
type Filter = record.Filter

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
