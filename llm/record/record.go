// Package record holds the rows llm keeps about model calls: cached answers, the
// accounting ledger and the sums of both (Usage, which judgment files carry too). It is a
// leaf, like database/sql/driver: llm defines the Cache and Ledger interfaces over these
// types and store implements them, so neither of the two imports the other.
package record

import (
	"fmt"
	"math"
	"time"
)

// Answer is a provider's answer kept in the call cache under Key, a hash of everything that
// shapes the answer.
type Answer struct {
	Key          string
	Provider     string
	Model        string
	Text         string
	InputTokens  int
	OutputTokens int
	At           time.Time
}

// Call is one ledger row: a provider call (answered or failed) or a cache hit.
type Call struct {
	RunID         string
	Scope         string // the task or trace the call was made for
	Purpose       string // decompose, capture, reason, ...
	CacheKey      string
	Provider      string
	Model         string
	PromptVersion string
	InputTokens   int
	OutputTokens  int
	// ReasoningTokens is the part of OutputTokens spent on reasoning.
	ReasoningTokens int
	// CutOff: the answer came back incomplete (at its token budget, or by a content
	// filter); Error says so. Its tokens were paid and are counted.
	CutOff   bool
	Latency  time.Duration
	CacheHit bool
	CostUSD  float64
	// UncachedCostUSD is the answer's cost at list price, also for a cache hit.
	UncachedCostUSD float64
	// PriceUnknown: the model has no known price, so the costs are 0 for want of one.
	PriceUnknown bool
	// TokensUnknown: the request reached the provider but no answer came back (cancelled
	// or timed out), so it was probably billed for tokens nobody reported.
	TokensUnknown bool
	Error         string // "" for an answered call; already redacted
	At            time.Time
}

// Filter selects ledger rows; empty fields match everything.
type Filter struct {
	RunID   string
	Scope   string
	Purpose string
}

// Usage sums model calls and their cost: one answer, what a decomposition or a judgment
// spent (trace writes it into judgment files), what the ledger holds (failed attempts are
// not calls, except those counted in UnknownCalls and CutOffCalls). llm and trace name it
// too, so nothing converts.
//
// Calls counts answered calls. llm's sums and the ledger count cache hits among them (and
// in CacheHits); a judgment counts only the calls a provider answered in its run, hits
// apart, so judge and the CLI take the hits out when they write one.
type Usage struct {
	Calls     int `json:"calls"`
	CacheHits int `json:"cache_hits"`
	// InputTokens, OutputTokens and CostUSD are what was paid (cache hits pay nothing).
	InputTokens  int     `json:"input_tokens"`
	OutputTokens int     `json:"output_tokens"`
	CostUSD      float64 `json:"cost_usd"`
	// ReasoningTokens is the part of OutputTokens reasoning models spent reasoning.
	ReasoningTokens int `json:"reasoning_tokens,omitempty"`
	// CutOffCalls counts answers that came back cut off (at their token budget, or by a
	// content filter): paid for, their tokens and cost counted above, but not used and not
	// counted in Calls.
	CutOffCalls int `json:"cut_off_calls,omitempty"`
	// UnknownCalls counts requests that reached a provider and got no answer (cancelled
	// or timed out): probably billed, for tokens nobody reported.
	UnknownCalls int `json:"unknown_calls,omitempty"`
	// UncachedCostUSD is what the answers cost at list price, cache hits included: the
	// cost of the method, the same however much a rerun found in the cache.
	UncachedCostUSD float64 `json:"uncached_cost_usd,omitempty"`
	// PriceUnknown is set when some call's model has no known price: the costs are then
	// incomplete and shown as unknown, never as $0.
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

// satAdd adds two non-negative counts, saturating at the largest int.
func satAdd(a, b int) int {
	a, b = max(a, 0), max(b, 0)
	if a > math.MaxInt-b {
		return math.MaxInt
	}
	return a + b
}

// MethodCostUSD is what the calls cost without a cache: UncachedCostUSD, or the paid cost
// for a judgment written before the uncached cost was recorded.
func (u Usage) MethodCostUSD() float64 {
	return max(u.UncachedCostUSD, u.CostUSD)
}

// CostText shows what the calls cost: what was paid, and the uncached cost when it
// differs; "unknown" when a model has no price, never $0; "at least" when requests were
// billed for tokens nobody reported.
func (u Usage) CostText() string {
	if u.PriceUnknown {
		return "unknown (no price for a model: give one with --prices FILE)"
	}
	s := fmt.Sprintf("$%.4f", u.CostUSD)
	if u.UnknownCalls > 0 {
		s = "at least " + s
	}
	if m := u.MethodCostUSD(); m != u.CostUSD {
		s += fmt.Sprintf(" (uncached $%.4f)", m)
	}
	return s
}
