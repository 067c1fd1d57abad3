package llm

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/autoeval/autoeval/llm/record"
)

// defaultMaxTokens applies when a request sets none: Anthropic requires a value and a
// bounded answer keeps a runaway model from costing much.
const defaultMaxTokens = 4096

// Cache keeps provider answers by a hash of everything that shapes them (store.DB is one).
type Cache interface {
	CachedAnswer(ctx context.Context, key string) (record.Answer, bool, error)
	PutAnswer(ctx context.Context, a record.Answer) error
	ForgetAnswer(ctx context.Context, key string) error
}

// Generate answers req: from the cache when an identical call was made before, else from
// the provider with retries. Every call leaves a row in the ledger when a store is set.
// A cache hit reports no tokens and no cost: it cost nothing.
func (c *client) Generate(ctx context.Context, req Request) (*Response, error) {
	key := c.cacheKey(req)
	if c.cfg.Cache == nil || c.cfg.NoCache {
		return c.call(ctx, req, key)
	}
	if resp, ok := c.cached(ctx, req, key); ok {
		return resp, nil
	}
	// Identical concurrent calls wait for one provider call; the followers are booked as
	// cache hits, since they cost nothing.
	var leader bool
	ch := c.flight.DoChan(key, func() (any, error) {
		leader = true
		if resp, ok := c.cached(ctx, req, key); ok {
			return resp, nil
		}
		return c.call(ctx, req, key)
	})
	select {
	case <-ctx.Done():
		return nil, ctx.Err()
	case r := <-ch:
		if leader {
			if r.Err != nil {
				return nil, r.Err
			}
			return r.Val.(*Response), nil
		}
		if r.Err != nil {
			if errors.Is(r.Err, context.Canceled) && ctx.Err() == nil {
				// The leader's caller gave up, not us: make the call ourselves.
				return c.call(ctx, req, key)
			}
			return nil, r.Err
		}
		c.book(ctx, req, key, 0, 0, 0, true, 0, "")
		return &Response{Text: r.Val.(*Response).Text, CacheHit: true}, nil
	}
}

// cacheKey hashes everything that shapes the answer. The base URL is left out on purpose:
// the same model behind a moved endpoint gives the same answers.
func (c *client) cacheKey(req Request) string {
	h := sha256.New()
	imgs := make([]string, len(req.Images))
	for i, im := range req.Images {
		s := sha256.Sum256(im.Data)
		imgs[i] = im.MIME + ":" + hex.EncodeToString(s[:])
	}
	b, _ := json.Marshal(struct {
		P, M, V, S, U string
		T             float64
		N             int
		Sch           string
		I             []string
	}{c.provider, c.model, req.PromptVersion, req.System, req.Prompt, req.Temperature, req.MaxTokens, string(req.Schema), imgs})
	h.Write(b)
	return hex.EncodeToString(h.Sum(nil))
}

// Forget deletes the cached answer to req (see Forgetter).
func (c *client) Forget(ctx context.Context, req Request) error {
	if c.cfg.Cache == nil {
		return nil
	}
	return c.cfg.Cache.ForgetAnswer(ctx, c.cacheKey(req))
}

// cached answers req from the cache. A cache that cannot be read is a miss: the provider
// is asked instead.
func (c *client) cached(ctx context.Context, req Request, key string) (*Response, bool) {
	a, ok, err := c.cfg.Cache.CachedAnswer(ctx, key)
	if err != nil || !ok {
		return nil, false
	}
	c.book(ctx, req, key, 0, 0, 0, true, 0, "")
	return &Response{Text: a.Text, CacheHit: true}, true
}

// call makes the provider call with retries and books each attempt.
func (c *client) call(ctx context.Context, req Request, key string) (*Response, error) {
	var lastErr error
	for attempt := 0; ; attempt++ {
		resp, st, err := c.attempt(ctx, req)
		if err == nil {
			if c.cfg.Cache != nil && !c.cfg.NoCache {
				// A cache that cannot be written costs a repeated call later, not this answer.
				_ = c.cfg.Cache.PutAnswer(ctx, record.Answer{Key: key, Provider: c.provider, Model: c.model,
					Text: resp.Text, InputTokens: resp.InputTokens, OutputTokens: resp.OutputTokens, At: time.Now()})
			}
			c.book(ctx, req, key, resp.InputTokens, resp.OutputTokens, st.latency, false, resp.CostUSD, "")
			return resp, nil
		}
		lastErr = err
		c.book(ctx, req, key, 0, 0, st.latency, false, 0, err.Error())
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		if !st.retryable || attempt >= c.cfg.MaxRetries {
			if st.retryable {
				return nil, fmt.Errorf("%s: giving up after %d attempts: %w", c.Name(), attempt+1, lastErr)
			}
			return nil, fmt.Errorf("%s: %w", c.Name(), lastErr)
		}
		wait := c.delay(attempt, st.retryAfter)
		if c.cfg.OnRetry != nil {
			c.cfg.OnRetry(c.Name(), attempt+1, wait, lastErr)
		}
		if err := sleep(ctx, wait); err != nil {
			return nil, err
		}
	}
}

type attemptState struct {
	retryable  bool
	retryAfter time.Duration // 0 when the server gave none
	latency    time.Duration
}

// delay is exponential backoff with full jitter, or the server's Retry-After when given.
func (c *client) delay(attempt int, retryAfter time.Duration) time.Duration {
	if retryAfter > 0 {
		return min(retryAfter, c.cfg.MaxDelay)
	}
	d := c.cfg.BaseDelay << min(attempt, 16)
	d = min(d, c.cfg.MaxDelay)
	return d/2 + rand.N(d/2+1)
}

func sleep(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

func (c *client) attempt(ctx context.Context, req Request) (*Response, attemptState, error) {
	var st attemptState
	if err := c.sem.Acquire(ctx, 1); err != nil {
		return nil, st, err
	}
	defer c.sem.Release(1)
	rec := &httpRecord{}
	actx, cancel := context.WithTimeout(context.WithValue(ctx, recordKey{}, rec), c.cfg.Timeout)
	defer cancel()
	start := time.Now()
	out, err := c.conn.generate(actx, req)
	st.latency = time.Since(start)
	status, retryAfter := rec.get()
	if err != nil {
		switch {
		case ctx.Err() != nil:
		case errors.Is(actx.Err(), context.DeadlineExceeded):
			st.retryable = true
			err = fmt.Errorf("no answer within %s", c.cfg.Timeout)
		case status == http.StatusTooManyRequests && quotaExhausted(err.Error()):
			// OpenAI answers an empty account with 429 too; waiting does not refill it.
		case status == http.StatusTooManyRequests || status >= 500:
			st.retryable = true
			st.retryAfter = parseRetryAfter(retryAfter)
		case status == http.StatusOK:
			// A 200 whose body could not be read (cut off by a proxy, empty choices) is
			// a transient fault, not a rejected request.
			st.retryable = true
		case status == 0 && isNetErr(err):
			st.retryable = true
		}
		msg := oneLine(c.redact(err.Error())) // redact first: a cut could leave part of the key
		if status == http.StatusUnauthorized || status == http.StatusForbidden {
			// A refused credential otherwise reads as a bare HTTP status: name what to check.
			msg += " (check the API key in " + keyEnvOr(c.provider) + ", and --base-url)"
		}
		return nil, st, errors.New(msg)
	}
	return &Response{
		Text:         out.text,
		InputTokens:  out.inputTokens,
		OutputTokens: out.outputTokens,
		CostUSD:      c.prices.Cost(c.provider, c.model, out.inputTokens, out.outputTokens),
	}, st, nil
}

// quotaExhausted tells OpenAI's "insufficient_quota" 429 (billing) from a rate limit.
func quotaExhausted(msg string) bool {
	m := strings.ToLower(msg)
	return strings.Contains(m, "insufficient_quota") || strings.Contains(m, "exceeded your current quota")
}

func isNetErr(err error) bool {
	var ne net.Error
	if errors.As(err, &ne) {
		return true
	}
	s := strings.ToLower(err.Error())
	return strings.Contains(s, "connection refused") || strings.Contains(s, "connection reset") || strings.Contains(s, "eof") || strings.Contains(s, "timeout")
}

func parseRetryAfter(v string) time.Duration {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	if s, err := strconv.ParseFloat(v, 64); err == nil && s >= 0 {
		return time.Duration(s * float64(time.Second))
	}
	if t, err := http.ParseTime(v); err == nil {
		if d := time.Until(t); d > 0 {
			return d
		}
	}
	return 0
}

func oneLine(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	if len(s) > 500 {
		s = strings.ToValidUTF8(s[:500], "") + "…"
	}
	return s
}

// recordKey carries an httpRecord through the request context to the transport, because
// langchaingo flattens HTTP errors to text and drops the status and headers we need.
type recordKey struct{}

type httpRecord struct {
	mu         sync.Mutex
	status     int
	retryAfter string
}

func (r *httpRecord) get() (int, string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.status, r.retryAfter
}

type recordingTransport struct{ base http.RoundTripper }

func (t recordingTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	resp, err := t.base.RoundTrip(req)
	if rec, ok := req.Context().Value(recordKey{}).(*httpRecord); ok && resp != nil {
		rec.mu.Lock()
		rec.status = resp.StatusCode
		rec.retryAfter = resp.Header.Get("Retry-After")
		rec.mu.Unlock()
	}
	return resp, err
}

// book writes one ledger row; accounting must never fail a call, so errors are dropped.
func (c *client) book(ctx context.Context, req Request, key string, in, out int, latency time.Duration, hit bool, cost float64, errText string) {
	if c.cfg.Ledger == nil {
		return
	}
	// A cancelled caller still gets its spend recorded.
	ctx = context.WithoutCancel(ctx)
	_ = c.cfg.Ledger.BookCall(ctx, record.Call{RunID: runIDFrom(ctx, c.cfg.RunID), Scope: req.Scope, Purpose: req.Purpose,
		CacheKey: key, Provider: c.provider, Model: c.model, PromptVersion: req.PromptVersion, InputTokens: in, OutputTokens: out,
		Latency: latency, CacheHit: hit, CostUSD: cost, Error: c.redact(errText), At: time.Now()})
}
