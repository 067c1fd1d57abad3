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
	Latency       time.Duration
	CacheHit      bool
	CostUSD       float64
	Error         string // "" for an answered call; already redacted
	At            time.Time
}

// Filter selects ledger rows; empty fields match everything.
type Filter struct {
	RunID   string
	Scope   string
	Purpose string
}

// Totals sums the answered calls of a ledger (failed attempts are not calls).
type Totals struct {
	Calls        int
	CacheHits    int
	InputTokens  int
	OutputTokens int
	CostUSD      float64
}
