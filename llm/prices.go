package llm

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
)

// Price is USD per million tokens.
type Price struct {
	Input  float64 `json:"input"`
	Output float64 `json:"output"`
}

// Prices maps "provider:model" or "model" to a price.
type Prices map[string]Price

// PricesAsOf is the day DefaultPrices were checked against the providers' pages.
const PricesAsOf = "2026-11-23"

// DefaultPrices are the providers' list prices for standard (not batch, not cached-input)
// use, USD per million tokens, as published on PricesAsOf:
//
//   - OpenAI: https://platform.openai.com/docs/pricing ("Standard"; now also
//     https://developers.openai.com/api/docs/pricing)
//   - Anthropic: https://platform.claude.com/docs/en/about-claude/pricing ("Base Input
//     Tokens" and "Output Tokens")
//   - Google Gemini: https://ai.google.dev/gemini-api/docs/pricing ("Paid tier", prompts up
//     to 200k tokens; longer prompts cost more on the Pro models)
//   - DeepSeek: https://api-docs.deepseek.com/quick_start/pricing (input on a cache miss;
//     deepseek-chat and deepseek-reasoner are DeepSeek-V3.2 since 2025-09-29)
//
// Prices go stale: give current ones with --prices FILE, a JSON object of the same shape.
// Names match exactly, or by the providers' documented snapshot naming (see Lookup); a
// model not listed has an unknown price, never a price of 0.
var DefaultPrices = Prices{
	// OpenAI
	"gpt-4o-mini":  {0.15, 0.60},
	"gpt-4o":       {2.50, 10.00},
	"gpt-4.1-nano": {0.10, 0.40},
	"gpt-4.1-mini": {0.40, 1.60},
	"gpt-4.1":      {2.00, 8.00},
	"gpt-5-nano":   {0.05, 0.40},
	"gpt-5-mini":   {0.25, 2.00},
	"gpt-5":        {1.25, 10.00},
	"gpt-5.1":      {1.25, 10.00},
	"o1":           {15.00, 60.00},
	"o1-mini":      {1.10, 4.40},
	"o3-mini":      {1.10, 4.40},
	"o3":           {2.00, 8.00},
	"o4-mini":      {1.10, 4.40},

	// A snapshot with a price of its own is listed by its full name, which is found
	// before the snapshot rule (see Lookup) would give it its base name's price.
	"gpt-4o-2024-05-13": {5.00, 15.00},

	// Anthropic (the -0 names are Anthropic's aliases of the 4.0 models)
	"claude-3-haiku":    {0.25, 1.25},
	"claude-3-5-haiku":  {0.80, 4.00},
	"claude-haiku-4-5":  {1.00, 5.00},
	"claude-3-7-sonnet": {3.00, 15.00},
	"claude-sonnet-4":   {3.00, 15.00},
	"claude-sonnet-4-0": {3.00, 15.00},
	"claude-sonnet-4-5": {3.00, 15.00},
	"claude-opus-4":     {15.00, 75.00},
	"claude-opus-4-0":   {15.00, 75.00},
	"claude-opus-4-1":   {15.00, 75.00},
	"claude-opus-4-5":   {5.00, 25.00},
	// Google Gemini (through its OpenAI-compatible endpoint)
	"gemini-2.0-flash-lite": {0.075, 0.30},
	"gemini-2.0-flash":      {0.10, 0.40},
	"gemini-2.5-flash-lite": {0.10, 0.40},
	"gemini-2.5-flash":      {0.30, 2.50},
	"gemini-2.5-pro":        {1.25, 10.00},
	// DeepSeek (through its OpenAI-compatible endpoint)
	"deepseek-chat":     {0.28, 0.42},
	"deepseek-reasoner": {0.28, 0.42},
}

// maxPrice bounds a price read from a file (USD per million tokens, i.e. $1 a token).
const maxPrice = 1e6

// LoadPrices returns the built-in table overlaid with the JSON file at path (if any).
func LoadPrices(path string) (Prices, error) {
	p := Prices{}
	for k, v := range DefaultPrices {
		p[k] = v
	}
	if path == "" {
		return p, nil
	}
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("prices %s: %w", path, err)
	}
	var over map[string]Price
	if err := json.Unmarshal(data, &over); err != nil {
		return nil, fmt.Errorf("prices %s: want {\"model\": {\"input\": USD per 1M tokens, \"output\": ...}}: %v", path, err)
	}
	for k, v := range over {
		if v.Input < 0 || v.Output < 0 {
			return nil, fmt.Errorf("prices %s: negative price for %q", path, k)
		}
		// Prices are per million tokens; beyond maxPrice a typo (or 1e308) would make
		// costs overflow to infinity, which the ledger and JSON reports cannot hold.
		if v.Input > maxPrice || v.Output > maxPrice {
			return nil, fmt.Errorf("prices %s: price for %q above %g USD per million tokens", path, k, float64(maxPrice))
		}
		p[k] = v
	}
	return p, nil
}

// snapshotSuffix is how providers name a pinned version of a model: OpenAI's
// -2024-07-18, Anthropic's -20241022 and -latest alias, Gemini's -001. Such a name has
// the price of its base name; nothing else is matched loosely, so gemini-2.5-flash-lite
// is never priced as gemini-2.5-flash.
var snapshotSuffix = regexp.MustCompile(`-(\d{4}-\d{2}-\d{2}|\d{8}|latest|\d{3})$`)

// Lookup finds the price of provider:model: the exact spec, the exact model name, then the
// name without a snapshot suffix. Ollama runs on the user's own machine: its models cost
// nothing unless the table says otherwise.
func (p Prices) Lookup(provider, model string) (Price, bool) {
	for _, name := range []string{model, snapshotSuffix.ReplaceAllString(model, "")} {
		if v, ok := p[provider+":"+name]; ok {
			return v, true
		}
		if v, ok := p[name]; ok {
			return v, true
		}
	}
	if provider == Ollama {
		return Price{}, true
	}
	return Price{}, false
}

// Cost prices a call; known is false when the model has no price (the cost is then 0 for
// want of a price, and must be shown as unknown).
func (p Prices) Cost(provider, model string, in, out int) (usd float64, known bool) {
	v, ok := p.Lookup(provider, model)
	if !ok {
		return 0, false
	}
	return (float64(in)*v.Input + float64(out)*v.Output) / 1e6, true
}
