package llm

import (
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
)

// Price is USD per million tokens.
type Price struct {
	Input  float64 `json:"input"`
	Output float64 `json:"output"`
}

// Prices maps "provider:model", "model" or a model-name prefix to a price.
type Prices map[string]Price

// DefaultPrices are list prices of common models (USD per million tokens, mid 2025).
// They go stale: override them with --prices FILE, a JSON object of the same shape.
var DefaultPrices = Prices{
	"gpt-4o-mini":       {0.15, 0.60},
	"gpt-4o":            {2.50, 10.00},
	"gpt-4.1-nano":      {0.10, 0.40},
	"gpt-4.1-mini":      {0.40, 1.60},
	"gpt-4.1":           {2.00, 8.00},
	"o4-mini":           {1.10, 4.40},
	"claude-3-5-haiku":  {0.80, 4.00},
	"claude-3-haiku":    {0.25, 1.25},
	"claude-3-5-sonnet": {3.00, 15.00},
	"claude-3-7-sonnet": {3.00, 15.00},
	"claude-sonnet-4":   {3.00, 15.00},
	"claude-opus-4":     {15.00, 75.00},
	"gemini-2.0-flash":  {0.10, 0.40},
	"gemini-2.5-flash":  {0.30, 2.50},
	"gemini-2.5-pro":    {1.25, 10.00},
	"deepseek-chat":     {0.27, 1.10},
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

// Lookup finds the price of provider:model: exact spec, exact model, then the longest
// prefix of the model name (so dated or -latest variants match their family). Ollama runs
// locally and costs nothing unless the table says otherwise.
func (p Prices) Lookup(provider, model string) (Price, bool) {
	if v, ok := p[provider+":"+model]; ok {
		return v, true
	}
	if v, ok := p[model]; ok {
		return v, true
	}
	keys := make([]string, 0, len(p))
	for k := range p {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool { return len(keys[i]) > len(keys[j]) })
	for _, k := range keys {
		if strings.HasPrefix(model, k) || strings.HasPrefix(provider+":"+model, k) {
			return p[k], true
		}
	}
	return Price{}, false
}

// Cost prices a call; unknown models cost 0.
func (p Prices) Cost(provider, model string, in, out int) float64 {
	v, ok := p.Lookup(provider, model)
	if !ok {
		return 0
	}
	return (float64(in)*v.Input + float64(out)*v.Output) / 1e6
}
