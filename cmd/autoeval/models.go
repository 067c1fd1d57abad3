package main

import (
	"context"
	"fmt"

	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/store"
)

// modelConfig is the one place the global model flags (--base-url, --no-cache, --prices,
// --model-timeout, --model-retries, --model-concurrency) become an llm.Config, so every
// command that calls a model honours all of them. spec is "provider:name" (empty means
// $AUTOEVAL_MODEL); db holds the cache and the accounting ledger.
func modelConfig(spec string, db *store.DB) llm.Config {
	cfg := llm.Config{
		Spec:        spec,
		BaseURL:     global.baseURL,
		Store:       db,
		NoCache:     global.noCache,
		Prices:      global.prices,
		Timeout:     global.modelTimeout,
		Concurrency: global.modelConcurrency,
		MaxRetries:  global.modelRetries,
	}
	// llm reads MaxRetries 0 as "the default"; on the command line 0 means no retries.
	if global.modelRetries == 0 {
		cfg.MaxRetries = -1
	}
	return cfg
}

// openModel opens spec with modelConfig.
func openModel(ctx context.Context, spec string, db *store.DB) (llm.Model, error) {
	return llm.Open(ctx, modelConfig(spec, db))
}

// checkModelFlags rejects values the model layer cannot honour, before any work starts.
func checkModelFlags() error {
	switch {
	case global.modelTimeout <= 0:
		return &exitError{code: 2, msg: fmt.Sprintf("--model-timeout %v: want a positive duration such as 90s or 5m", global.modelTimeout)}
	case global.modelRetries < 0:
		return &exitError{code: 2, msg: fmt.Sprintf("--model-retries %d: want 0 (no retries) or more", global.modelRetries)}
	case global.modelConcurrency < 1:
		return &exitError{code: 2, msg: fmt.Sprintf("--model-concurrency %d: want 1 or more", global.modelConcurrency)}
	}
	return nil
}
