package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"sync"
	"time"

	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/store"
)

// modelConfig is the one place the global model flags (--no-cache, --prices,
// --model-timeout, --model-retries, --model-concurrency, --model-rpm, --model-tpm,
// --max-pixels) become an llm.Config, so every
// command that calls a model honours all of them. spec is "provider:name" (empty means
// $AUTOEVAL_MODEL) and baseURL its endpoint, named by the flag it came from; db holds the
// cache and the accounting ledger.
func modelConfig(spec, baseURL, baseURLFlag string, db *store.DB) llm.Config {
	cfg := llm.Config{
		Spec:           spec,
		BaseURL:        baseURL,
		BaseURLSetting: baseURLFlag,
		NoCache:        global.noCache,
		Prices:         global.prices,
		Timeout:        global.modelTimeout,
		Concurrency:    global.modelConcurrency,
		MaxRetries:     global.modelRetries,

		RequestsPerMinute: global.modelRPM,
		TokensPerMinute:   global.modelTPM,
		MaxImagePixels:    global.maxPixels,
	}
	if db != nil { // a nil *store.DB in an interface would not read as "no cache"
		cfg.Cache, cfg.Ledger = db, db
	}
	// llm reads MaxRetries 0 as "the default"; on the command line 0 means no retries.
	if global.modelRetries == 0 {
		cfg.MaxRetries = -1
	}
	if !global.quiet {
		// A backoff can last a minute: say what is being waited for.
		cfg.OnRetry = func(model string, attempt int, wait time.Duration, err error) {
			fmt.Fprintf(stderr, "note: %s: %v; retry %d of %d in %s\n", model, err, attempt, global.modelRetries, wait.Round(100*time.Millisecond))
		}
	}
	return cfg
}

// openModel opens spec, the --model (or $AUTOEVAL_MODEL), at --base-url.
// --reasoning-effort is --model's alone: the capture model may be another provider's.
func openModel(ctx context.Context, spec string, db *store.DB) (llm.Model, error) {
	return openModelAt(ctx, spec, global.baseURL, "--base-url", global.reasoningEffort, db)
}

// openCaptureModel opens --capture-model at --capture-base-url: --base-url belongs to
// --model, and the capture model's key must never go to it.
func openCaptureModel(ctx context.Context, db *store.DB) (llm.Model, error) {
	m, err := openModelAt(ctx, global.captureModel, global.captureURL, "--capture-base-url", "", db)
	if err != nil && global.baseURL != "" && global.captureURL == "" && errors.Is(err, llm.ErrNoKey) {
		err = fmt.Errorf("--capture-model: %w (--base-url serves --model only; give the capture model's endpoint with --capture-base-url)", err)
	}
	return m, err
}

// openModelAt opens spec with modelConfig. A hosted model missing from the price table is
// named on stderr once: its cost is reported as unknown.
func openModelAt(ctx context.Context, spec, baseURL, baseURLFlag, effort string, db *store.DB) (llm.Model, error) {
	if _, _, err := llm.ParseSpec(llm.ResolveSpec(spec)); err != nil && llm.ResolveSpec(spec) != "" {
		// Name where the bad value came from: an exported $AUTOEVAL_MODEL is easy to forget.
		return nil, &exitError{code: 2, msg: specSource(spec) + ": " + err.Error()}
	}
	cfg := modelConfig(spec, baseURL, baseURLFlag, db)
	cfg.ReasoningEffort = effort
	m, err := llm.Open(ctx, cfg)
	if err != nil || global.quiet {
		return m, err
	}
	provider, name, _ := llm.ParseSpec(llm.ResolveSpec(spec))
	if prices, perr := llm.LoadPrices(cfg.Prices); perr == nil {
		if _, ok := prices.Lookup(provider, name); !ok && firstNote(provider+":"+name) {
			fmt.Fprintf(stderr, "note: no price known for %s (built-in prices of %s): its tokens are counted and its cost shown as unknown (give prices with --prices FILE)\n", provider+":"+name, llm.PricesAsOf)
		}
	}
	return m, nil
}

// notes keeps each note to once per command (judge may open the same model twice).
var notes struct {
	sync.Mutex
	seen map[string]bool
}

func firstNote(key string) bool {
	notes.Lock()
	defer notes.Unlock()
	if notes.seen == nil {
		notes.seen = map[string]bool{}
	}
	first := !notes.seen[key]
	notes.seen[key] = true
	return first
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
	// A prices file is read at once, even by a command that ends up calling no model: a
	// mistyped path must not pass unnoticed and leave costs at the built-in prices later.
	if global.prices != "" {
		if _, err := llm.LoadPrices(global.prices); err != nil {
			return &exitError{code: 2, msg: "--prices: " + err.Error()}
		}
	}
	// A model typed on the command line is checked at once, before any work; one from the
	// environment only when a command opens it, so a stale $AUTOEVAL_MODEL does not break
	// commands that need no model.
	if global.captureURL != "" && global.captureModel == "" {
		return &exitError{code: 2, msg: "--capture-base-url is the endpoint of --capture-model: give --capture-model too (the --model uses --base-url)"}
	}
	for _, f := range []struct{ name, spec string }{{"--model", global.model}, {"--capture-model", global.captureModel}} {
		if f.spec == "" {
			continue
		}
		if _, _, err := llm.ParseSpec(f.spec); err != nil {
			return &exitError{code: 2, msg: f.name + ": " + err.Error()}
		}
	}
	return nil
}

// specSource says which setting a model spec came from, for error messages.
func specSource(spec string) string {
	switch {
	case global.model != "" && spec == global.model:
		return "--model"
	case global.captureModel != "" && spec == global.captureModel:
		return "--capture-model"
	case os.Getenv(llm.EnvModel) != "" && llm.ResolveSpec(spec) == os.Getenv(llm.EnvModel):
		return "$" + llm.EnvModel
	}
	return "model"
}
