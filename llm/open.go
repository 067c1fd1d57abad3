package llm

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strings"
	"time"

	"golang.org/x/sync/singleflight"
)

// EnvModel names the environment variable that supplies the default --model.
const EnvModel = "AUTOEVAL_MODEL"

// Defaults the CLI's flags start from (and Concurrency and Timeout take when left zero).
const (
	// DefaultConcurrency is high enough that a batch keeps many traces moving (judge derives
	// its traces at once from it); hosted APIs take it, a 429 is retried after its Retry-After.
	DefaultConcurrency = 16
	DefaultTimeout     = 120 * time.Second
	DefaultRetries     = 4
	// DefaultReasoningBudget is the room for reasoning a reasoning model gets on top of
	// the answer budget: OpenAI's reasoning guide advises reserving at least 25,000
	// tokens for reasoning and output.
	DefaultReasoningBudget = 25000
	// DefaultMaxImagePixels bounds an image's width × height (trace's default too).
	DefaultMaxImagePixels = 32 << 20
)

// DefaultLimits are the requests and tokens per minute the CLI holds an endpoint to unless
// told otherwise: for the providers' own endpoints, their lowest paid tier's
// limits (OpenAI tier 1: 500 requests and 30,000 tokens a minute for gpt-4o, gpt-4.1, o1
// and o3, more for the mini models; Anthropic tier 1: 50 requests, and 30,000 input tokens
// a minute for Claude Sonnet); none for other endpoints. A key of a higher tier raises
// them with --model-rpm and --model-tpm.
func DefaultLimits(spec, baseURL string) (rpm, tpm int) {
	p, _, err := ParseSpec(spec)
	if err != nil {
		return 0, 0
	}
	d := drivers[p]
	base := strings.TrimRight(strings.TrimSpace(baseURL), "/")
	if base == "" {
		base = d.defaultURL()
	}
	return d.defaultLimits(base)
}

// Config selects and tunes a model. A zero count means none (no retries, no limit on
// requests or tokens a minute, no reasoning budget); a zero Concurrency, Timeout, delay or
// image size, which could not work, means its default.
type Config struct {
	// Spec is "provider:model"; empty means $AUTOEVAL_MODEL.
	Spec string
	// BaseURL overrides the provider's endpoint (OpenAI-compatible servers, a local Ollama).
	// For OpenAI and Anthropic it ends in /v1 (the API paths are appended to it); the
	// provider's API key is sent to it.
	BaseURL string
	// Cache, when set, keeps answers: an identical call is answered from it.
	Cache Cache
	// NoCache bypasses the Cache (calls are still booked in the Ledger).
	NoCache bool
	// Ledger, when set, books every call, answered, failed or served from the cache.
	Ledger Ledger
	// Prices is an optional JSON price file overriding the built-in table.
	Prices string
	// RunID attributes calls to a run in the ledger.
	RunID string
	// Concurrency bounds in-flight calls per provider endpoint (default 16), shared by the
	// models opened on that endpoint; like the rate limits below, the endpoint's limit is
	// that of the model opened last.
	Concurrency int
	// RequestsPerMinute and TokensPerMinute bound the calls per provider endpoint, shared
	// by every model opened against it; zero (or negative) means no limit. The CLI's
	// defaults are DefaultLimits (an OpenAI or Anthropic tier-1 key stays clear of 429s at
	// the provider's own endpoint; none for any other endpoint, a local server). Tokens are
	// counted as the prompt's estimate plus the answer budget when a call starts, and as
	// the tokens the answer reports (reasoning included) once it ends. The endpoint's
	// limits are those of the model opened last.
	RequestsPerMinute, TokensPerMinute int
	// ReasoningEffort, when set, is sent to reasoning models (OpenAI's reasoning_effort:
	// none, minimal, low, medium, high, xhigh or max; which a model takes is the
	// provider's to say). Only the openai provider takes it.
	ReasoningEffort string
	// ReasoningBudget is the room a reasoning model gets for its reasoning on top of a
	// request's answer budget (0: none; the CLI gives DefaultReasoningBudget, 25,000 tokens,
	// what OpenAI's reasoning guide advises reserving).
	ReasoningBudget int
	// MaxImagePixels bounds the width × height of an image a request may carry, checked
	// from its header before it is decoded (default 32 Mi pixels).
	MaxImagePixels int
	// Timeout bounds one HTTP attempt (default 120s).
	Timeout time.Duration
	// MaxRetries bounds retries after a retryable failure (0: none; the CLI's default is
	// DefaultRetries).
	MaxRetries int
	// BaseDelay and MaxDelay shape the exponential backoff (defaults 1s and 60s);
	// a Retry-After longer than MaxDelay is clipped to it.
	BaseDelay, MaxDelay time.Duration
	// BaseURLSetting names where BaseURL came from, for messages (e.g. "--base-url");
	// empty means "the base URL".
	BaseURLSetting string
	// HTTPClient supplies the transport (tests, proxies); redirects to another host are
	// refused whatever it says, so a key never follows one.
	HTTPClient *http.Client
	// OnRetry, when set, hears of each retry before its wait, so a CLI can say why it is
	// quiet; err is already redacted. It may be called from several goroutines.
	OnRetry func(model string, attempt int, wait time.Duration, err error)
	// Getenv reads the environment: $AUTOEVAL_MODEL and the providers' API keys. Nil means
	// os.Getenv; a CLI under test gives each invocation its own.
	Getenv func(string) string
}

func (c *Config) getenv(name string) string {
	if c.Getenv != nil {
		return c.Getenv(name)
	}
	return os.Getenv(name)
}

// ParseSpec splits "provider:model" and checks the provider.
func ParseSpec(spec string) (provider, model string, err error) {
	p, m, ok := strings.Cut(strings.TrimSpace(spec), ":")
	if !ok || p == "" || m == "" {
		return "", "", fmt.Errorf("model %q: want provider:name, e.g. openai:gpt-4o-mini, anthropic:claude-3-5-haiku-latest or ollama:qwen2.5", spec)
	}
	p = strings.ToLower(p)
	if _, ok := drivers[p]; !ok {
		return "", "", unknownProvider(spec, p)
	}
	return p, m, nil
}

// ErrNoKey matches (errors.Is) Open's error when the provider's API key is not in the
// environment.
var ErrNoKey = errors.New("no API key")

type noKeyError string

func (e noKeyError) Error() string        { return string(e) }
func (e noKeyError) Is(target error) bool { return target == ErrNoKey }

// ErrNotConfigured is returned by Open when no usable model is configured.
var ErrNotConfigured = errors.New("no model configured: pass --model provider:name (or set " + EnvModel +
	"), e.g. --model openai:gpt-4o-mini with OPENAI_API_KEY set, --model anthropic:claude-3-5-haiku-latest with ANTHROPIC_API_KEY set, " +
	"or --model ollama:qwen2.5 / --base-url for a local server")

// check reports whether spec names a provider that can be used as is: a valid spec, and an
// API key in the environment (read with getenv) unless none is needed (ollama, or openai with
// a base URL: local vLLM/Ollama servers take any key).
func check(spec, baseURL string, getenv func(string) string) (provider, model string, err error) {
	if strings.TrimSpace(spec) == "" {
		return "", "", ErrNotConfigured
	}
	provider, model, err = ParseSpec(spec)
	if err != nil {
		return "", "", err
	}
	d := drivers[provider]
	if env := d.keyEnv(); env != "" && getenv(env) == "" && !d.keyOptional(baseURL) {
		return "", "", noKeyError(fmt.Sprintf("model %s: %s is not set (API keys come only from the environment)", spec, env))
	}
	return provider, model, nil
}

// Open builds the model named by cfg.Spec on its provider's driver, wrapped with retries,
// the cache, the concurrency limit and accounting.
func Open(ctx context.Context, cfg Config) (Model, error) {
	spec := cfg.Spec
	if spec == "" {
		spec = cfg.getenv(EnvModel)
	}
	provider, model, err := check(spec, cfg.BaseURL, cfg.getenv)
	if err != nil {
		return nil, err
	}
	prices, err := LoadPrices(cfg.Prices)
	if err != nil {
		return nil, err
	}
	if cfg.Concurrency <= 0 {
		cfg.Concurrency = DefaultConcurrency
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = DefaultTimeout
	}
	cfg.MaxRetries = max(cfg.MaxRetries, 0)
	if cfg.BaseDelay <= 0 {
		cfg.BaseDelay = time.Second
	}
	if cfg.MaxDelay <= 0 {
		cfg.MaxDelay = 60 * time.Second
	}
	cfg.ReasoningBudget = max(cfg.ReasoningBudget, 0)
	if cfg.MaxImagePixels <= 0 {
		cfg.MaxImagePixels = DefaultMaxImagePixels
	}
	if cfg.ReasoningEffort != "" {
		if err := checkEffort(provider, cfg.ReasoningEffort); err != nil {
			return nil, fmt.Errorf("model %s: %w", spec, err)
		}
	}
	hc := &http.Client{CheckRedirect: sameHostRedirects}
	if cfg.HTTPClient != nil {
		hc.Transport, hc.Jar = cfg.HTTPClient.Transport, cfg.HTTPClient.Jar
	}
	d := drivers[provider]
	base := strings.TrimRight(strings.TrimSpace(cfg.BaseURL), "/")
	if base == "" {
		base = d.defaultURL()
	}
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("model %s: base URL %q: want http:// or https:// and a host, e.g. http://localhost:8000/v1", spec, cfg.BaseURL)
	}
	rpm, tpm := max(cfg.RequestsPerMinute, 0), max(cfg.TokensPerMinute, 0)
	c := &client{
		provider: provider, model: model, cfg: cfg, prices: prices,
		endpoint: base, hostport: hostPort(u),
		gate: gateFor(provider+"|"+base, cfg.Concurrency, rpm, tpm),
	}
	if env := d.keyEnv(); env != "" {
		// The key of the provider goes to the endpoint configured for this model (its
		// default host, or the base URL given for this model), and nowhere else.
		c.key = cfg.getenv(env)
	}
	c.images = d.imageLimits(base)
	c.conn, err = d.open(endpoint{model: model, baseURL: base, key: c.key, http: hc,
		reasoningEffort: cfg.ReasoningEffort, reasoningBudget: cfg.ReasoningBudget})
	if err != nil {
		return nil, fmt.Errorf("model %s: %s", spec, c.redact(err.Error()))
	}
	return c, nil
}

// client is the Model behind Open.
type client struct {
	provider, model string
	cfg             Config
	prices          Prices
	endpoint        string // the base URL calls go to
	hostport        string // the endpoint's host:port, for messages
	key             string
	gate            *gate
	images          imageLimits
	conn            conn
	flight          singleflight.Group
}

func (c *client) Name() string { return c.provider + ":" + c.model }

// redact removes the API key from text that may reach logs, errors or the store.
func (c *client) redact(s string) string {
	if len(c.key) >= 4 {
		s = strings.ReplaceAll(s, c.key, "[redacted]")
	}
	return s
}
