package llm

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/sync/semaphore"
	"golang.org/x/sync/singleflight"
)

// EnvModel names the environment variable that supplies the default --model.
const EnvModel = "AUTOEVAL_MODEL"

// Defaults for the Config fields left zero; exported so the CLI's help states them.
const (
	// DefaultConcurrency is high enough that a batch keeps many traces moving (judge derives
	// its traces at once from it); hosted APIs take it, a 429 is retried after its Retry-After.
	DefaultConcurrency = 16
	DefaultTimeout     = 120 * time.Second
	DefaultRetries     = 4
)

// Config selects and tunes a model. Zero values mean sensible defaults.
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
	// models opened on that endpoint with the same Concurrency.
	Concurrency int
	// Timeout bounds one HTTP attempt (default 120s).
	Timeout time.Duration
	// MaxRetries bounds retries after a retryable failure (default 4; negative means none).
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

// ResolveSpec returns the flag value, else $AUTOEVAL_MODEL.
func ResolveSpec(flagValue string) string {
	if flagValue != "" {
		return flagValue
	}
	return os.Getenv(EnvModel)
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

// Configured reports whether spec (or $AUTOEVAL_MODEL when empty) names a provider that can be
// used as is: a valid spec, and an API key in the environment unless none is needed (ollama, or
// openai with a base URL: local vLLM/Ollama servers take any key).
func Configured(spec, baseURL string) bool {
	_, _, err := check(ResolveSpec(spec), baseURL)
	return err == nil
}

func check(spec, baseURL string) (provider, model string, err error) {
	if strings.TrimSpace(spec) == "" {
		return "", "", ErrNotConfigured
	}
	provider, model, err = ParseSpec(spec)
	if err != nil {
		return "", "", err
	}
	d := drivers[provider]
	if env := d.keyEnv(); env != "" && os.Getenv(env) == "" && !d.keyOptional(baseURL) {
		return "", "", noKeyError(fmt.Sprintf("model %s: %s is not set (API keys come only from the environment)", spec, env))
	}
	return provider, model, nil
}

// Open builds the model named by cfg.Spec on its provider's driver, wrapped with retries,
// the cache, the concurrency limit and accounting.
func Open(ctx context.Context, cfg Config) (Model, error) {
	spec := ResolveSpec(cfg.Spec)
	provider, model, err := check(spec, cfg.BaseURL)
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
	if cfg.MaxRetries == 0 {
		cfg.MaxRetries = DefaultRetries
	} else if cfg.MaxRetries < 0 {
		cfg.MaxRetries = 0
	}
	if cfg.BaseDelay <= 0 {
		cfg.BaseDelay = time.Second
	}
	if cfg.MaxDelay <= 0 {
		cfg.MaxDelay = 60 * time.Second
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
	c := &client{
		provider: provider, model: model, cfg: cfg, prices: prices,
		endpoint: base, hostport: hostPort(u),
		sem: providerSemaphore(provider, base, cfg.Concurrency),
	}
	if env := d.keyEnv(); env != "" {
		// The key of the provider goes to the endpoint configured for this model (its
		// default host, or the base URL given for this model), and nowhere else.
		c.key = os.Getenv(env)
	}
	c.conn, err = d.open(endpoint{model: model, baseURL: base, key: c.key, http: hc})
	if err != nil {
		return nil, fmt.Errorf("model %s: %s", spec, c.redact(err.Error()))
	}
	return c, nil
}

var (
	semMu sync.Mutex
	sems  = map[string]*semaphore.Weighted{}
)

// providerSemaphore shares one limit among all models opened against the same endpoint
// with the same Concurrency, so --model and --capture-model on one provider do not double
// its load. A model asking for another limit gets its own: the first model opened on an
// endpoint does not decide the limit of every later one in the process.
func providerSemaphore(provider, base string, n int) *semaphore.Weighted {
	key := fmt.Sprintf("%s|%s|%d", provider, base, n)
	semMu.Lock()
	defer semMu.Unlock()
	if s, ok := sems[key]; ok {
		return s
	}
	s := semaphore.NewWeighted(int64(n))
	sems[key] = s
	return s
}

// client is the Model behind Open.
type client struct {
	provider, model string
	cfg             Config
	prices          Prices
	endpoint        string // the base URL calls go to
	hostport        string // the endpoint's host:port, for messages
	key             string
	sem             *semaphore.Weighted
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
