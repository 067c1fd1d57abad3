package main

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/spf13/pflag"

	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/store"
)

// modelFlags is the flag group of the commands that call a model (decompose, judge, run):
// which model, at which endpoint, and how it is called. The call settings are bound straight
// to the llm.Config every opened model starts from, so a new setting of llm is one line in
// register (and a check, if some values cannot work). A flag's 0 means none (no retries), as
// in llm.Config.
type modelFlags struct {
	model, baseURL               string
	captureModel, captureBaseURL string
	effort                       string // --reasoning-effort, --model's alone
	// calls holds the settings shared by both models: NoCache, Prices, Timeout, MaxRetries,
	// Concurrency.
	calls llm.Config
	// rpm and tpm are --model-rpm and --model-tpm when given; unset, each model is held to
	// its provider's own limits (llm.DefaultLimits).
	rpm, tpm optionalInt
	// withCapture registers --capture-model and --capture-base-url, and --max-pixels for the
	// screenshots sent or read by OCR (judge and run describe screenshots, decompose does not).
	withCapture bool
	pixels      pixelFlag

	io     *IOStreams
	getenv func(string) string
	once   func(key string) bool
}

func newModelFlags(f *Factory, withCapture bool) *modelFlags {
	m := &modelFlags{withCapture: withCapture, io: f.IO, getenv: f.Getenv, once: f.firstTime}
	m.calls.ReasoningBudget = llm.DefaultReasoningBudget
	return m
}

func (m *modelFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&m.model, "model", "", "reasoning and decomposition model as provider:name, e.g. openai:gpt-4o-mini, anthropic:claude-3-5-haiku-latest, ollama:qwen2.5 (default $AUTOEVAL_MODEL)")
	fs.StringVar(&m.baseURL, "base-url", "", "API base URL of --model, for OpenAI-compatible servers (Gemini, DeepSeek, vLLM, Ollama's /v1) or a non-default endpoint; OpenAI and Anthropic URLs end in /v1 (e.g. http://localhost:8000/v1), Ollama's is the server root (http://localhost:11434). The model's API key is sent to it")
	if m.withCapture {
		fs.StringVar(&m.captureModel, "capture-model", "", "vision model that describes screenshots, provider:name (default: the --model)")
		fs.StringVar(&m.captureBaseURL, "capture-base-url", "", "API base URL of --capture-model, as --base-url is for --model (default: the capture provider's own endpoint; --base-url never applies to it, so a key only goes to the endpoint it belongs to)")
		m.pixels.register(fs)
	}
	fs.StringVar(&m.effort, "reasoning-effort", "", "reasoning effort of --model when it is an OpenAI reasoning model (o-series, gpt-5): none, minimal, low, medium, high, xhigh or max, as the model supports (default: the model's own)")
	fs.Var(&m.rpm, "model-rpm", "model requests per minute per provider endpoint, shared by --model and --capture-model; a 429 slows every caller down until answers come back (default: the provider's tier-1 limit at its own endpoint, OpenAI 500 and Anthropic 50, none at other endpoints; 0 = no limit)")
	fs.Var(&m.tpm, "model-tpm", "model tokens per minute per provider endpoint, counted from each request's estimate and the tokens its answer reports (default: the provider's tier-1 limit at its own endpoint, 30000 for OpenAI and Anthropic, none at other endpoints; 0 = no limit)")
	fs.BoolVar(&m.calls.NoCache, "no-cache", false, "bypass the model-call cache (calls are still recorded for accounting)")
	fs.StringVar(&m.calls.Prices, "prices", "", "JSON file of model prices in USD per million tokens, overriding the built-in table")
	fs.DurationVar(&m.calls.Timeout, "model-timeout", llm.DefaultTimeout, "time limit for one model HTTP request; a request that takes longer counts as a timeout and is retried")
	fs.IntVar(&m.calls.MaxRetries, "model-retries", llm.DefaultRetries, "retries of a model call after a 429, a 5xx, a timeout, a refused or dropped connection or a cut-off answer, with exponential backoff honouring Retry-After (0 = fail on the first error)")
	fs.IntVar(&m.calls.Concurrency, "model-concurrency", llm.DefaultConcurrency, "model requests in flight at once per provider endpoint, shared by --model and --capture-model; judge --traces runs as many traces at once (lower it for rate-limited keys or a local Ollama, raise it for your own vLLM)")
}

// check rejects values the model layer cannot honour, before any work starts.
func (m *modelFlags) check() error {
	switch {
	case m.calls.Timeout <= 0:
		return usagef("--model-timeout %v: want a positive duration such as 90s or 5m", m.calls.Timeout)
	case m.calls.MaxRetries < 0:
		return usagef("--model-retries %d: want 0 (no retries) or more", m.calls.MaxRetries)
	case m.calls.Concurrency < 1:
		return usagef("--model-concurrency %d: want 1 or more", m.calls.Concurrency)
	case m.rpm.n < 0 || m.tpm.n < 0:
		return usagef("--model-rpm %d / --model-tpm %d: want 0 (no limit) or more", m.rpm.n, m.tpm.n)
	}
	if m.withCapture {
		if err := m.pixels.check(); err != nil {
			return err
		}
	}
	// A prices file is read at once, even by a command that ends up calling no model: a
	// mistyped path must not pass unnoticed and leave costs at the built-in prices later.
	if m.calls.Prices != "" {
		if _, err := llm.LoadPrices(m.calls.Prices); err != nil {
			return usagef("--prices: %v", err)
		}
	}
	// A model typed on the command line is checked at once, before any work; one from the
	// environment only when a command opens it, so a stale $AUTOEVAL_MODEL does not break
	// commands that need no model.
	if m.captureBaseURL != "" && m.captureModel == "" {
		return usagef("--capture-base-url is the endpoint of --capture-model: give --capture-model too (the --model uses --base-url)")
	}
	for _, f := range []struct{ name, spec string }{{"--model", m.model}, {"--capture-model", m.captureModel}} {
		if f.spec == "" {
			continue
		}
		if _, _, err := llm.ParseSpec(f.spec); err != nil {
			return usagef("%s: %v", f.name, err)
		}
	}
	return nil
}

// spec is the reasoning model: --model, else $AUTOEVAL_MODEL; empty when neither is set.
func (m *modelFlags) spec() string {
	if m.model != "" {
		return m.model
	}
	return m.getenv(llm.EnvModel)
}

// config is the one place the model flags become an llm.Config, so every model a command
// opens honours all of them. baseURLFlag names where baseURL came from, for messages; db
// holds the cache and the accounting ledger.
func (m *modelFlags) config(spec, baseURL, baseURLFlag string, db *store.DB) llm.Config {
	cfg := m.calls
	cfg.Spec, cfg.BaseURL, cfg.BaseURLSetting, cfg.Getenv = spec, baseURL, baseURLFlag, m.getenv
	cfg.RequestsPerMinute, cfg.TokensPerMinute = llm.DefaultLimits(spec, baseURL)
	if m.rpm.set {
		cfg.RequestsPerMinute = m.rpm.n
	}
	if m.tpm.set {
		cfg.TokensPerMinute = m.tpm.n
	}
	if m.withCapture {
		cfg.MaxImagePixels = m.pixels.limits.MaxPixels
	}
	if db != nil { // a nil *store.DB in an interface would not read as "no cache"
		cfg.Cache, cfg.Ledger = db, db
	}
	if !m.io.Quiet {
		// A backoff can last a minute: say what is being waited for.
		cfg.OnRetry = func(model string, attempt int, wait time.Duration, err error) {
			fmt.Fprintf(m.io.ErrOut, "note: %s: %v; retry %d of %d in %s\n", model, err, attempt, m.calls.MaxRetries, wait.Round(100*time.Millisecond))
		}
	}
	return cfg
}

// open opens the reasoning model at --base-url, with --reasoning-effort.
func (m *modelFlags) open(ctx context.Context, db *store.DB) (llm.Model, error) {
	return m.openAt(ctx, m.spec(), m.baseURL, "--base-url", m.effort, db)
}

// openCapture opens --capture-model at --capture-base-url: --base-url belongs to --model,
// and the capture model's key must never go to it.
func (m *modelFlags) openCapture(ctx context.Context, db *store.DB) (llm.Model, error) {
	c, err := m.openAt(ctx, m.captureModel, m.captureBaseURL, "--capture-base-url", "", db) // the effort is --model's: the capture model may be another provider's
	if err != nil && m.baseURL != "" && m.captureBaseURL == "" && errors.Is(err, llm.ErrNoKey) {
		err = fmt.Errorf("--capture-model: %w (--base-url serves --model only; give the capture model's endpoint with --capture-base-url)", err)
	}
	return c, err
}

// openAt opens spec with config. A hosted model missing from the price table is named on
// stderr once: its cost is reported as unknown.
func (m *modelFlags) openAt(ctx context.Context, spec, baseURL, baseURLFlag, effort string, db *store.DB) (llm.Model, error) {
	if _, _, err := llm.ParseSpec(spec); err != nil && spec != "" {
		// Name where the bad value came from: an exported $AUTOEVAL_MODEL is easy to forget.
		return nil, usagef("%s: %v", m.specSource(spec), err)
	}
	cfg := m.config(spec, baseURL, baseURLFlag, db)
	cfg.ReasoningEffort = effort
	model, err := llm.Open(ctx, cfg)
	if err != nil || m.io.Quiet {
		return model, err
	}
	provider, name, _ := llm.ParseSpec(spec)
	if prices, perr := llm.LoadPrices(cfg.Prices); perr == nil {
		if _, ok := prices.Lookup(provider, name); !ok && m.once("no price "+provider+":"+name) {
			fmt.Fprintf(m.io.ErrOut, "note: no price known for %s (built-in prices of %s): its tokens are counted and its cost shown as unknown (give prices with --prices FILE)\n", provider+":"+name, llm.PricesAsOf)
		}
	}
	return model, nil
}

// specSource says which setting a model spec came from, for error messages.
func (m *modelFlags) specSource(spec string) string {
	switch {
	case m.model != "" && spec == m.model:
		return "--model"
	case m.captureModel != "" && spec == m.captureModel:
		return "--capture-model"
	case m.getenv(llm.EnvModel) != "" && spec == m.getenv(llm.EnvModel):
		return "$" + llm.EnvModel
	}
	return "model"
}
