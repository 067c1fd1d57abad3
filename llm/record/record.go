// Package record holds the rows llm keeps about model calls: cached answers and the
// accounting ledger. It is a leaf, like database/sql/driver: llm defines the Cache and
// Ledger interfaces over these types and store implements them, so neither of the two
// imports the other.
package record

import "time"

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

// Totals sums the answered calls of a ledger (failed attempts are not calls, except those
// counted in UnknownCalls and CutOffCalls), and all the tokens paid for.
type Totals struct {
	Calls           int
	CacheHits       int
	InputTokens     int
	OutputTokens    int
	ReasoningTokens int
	CutOffCalls     int
	CostUSD         float64
	UnknownCalls    int
	UncachedCostUSD float64
	PriceUnknown    bool
}
