package llm

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http"
	"net/http/httptrace"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/autoeval/autoeval/internal/termtext"
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
// the provider with retries. Every call leaves a row in the ledger when one is set. A cache
// hit pays nothing now (no tokens, no cost) but reports in UncachedCostUSD what the answer
// cost when it was made.
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
	var leader atomic.Bool
	ch := c.flight.DoChan(key, func() (any, error) {
		leader.Store(true)
		if resp, ok := c.cached(ctx, req, key); ok {
			return resp, nil
		}
		return c.call(ctx, req, key)
	})
	select {
	case <-ctx.Done():
		if !leader.Load() {
			return nil, ctx.Err()
		}
		// The call runs on our ctx and ends at once; wait for it to learn (and book) what
		// the cancelled request spent.
		r := <-ch
		if r.Err == nil {
			return r.Val.(*Response), nil
		}
		return nil, r.Err
	case r := <-ch:
		if leader.Load() {
			if r.Err != nil {
				return nil, r.Err
			}
			return r.Val.(*Response), nil
		}
		if r.Err != nil {
			if ctx.Err() == nil && (errors.Is(r.Err, context.Canceled) || errors.Is(r.Err, context.DeadlineExceeded)) {
				// The call ran on the leader's context, and its caller gave up (a cancel or
				// its own deadline), not us: ask again, as one call with the others that
				// waited on it.
				return c.Generate(ctx, req)
			}
			return nil, r.Err
		}
		lead := r.Val.(*Response)
		hit := c.hit(lead.Text, lead.InputTokens, lead.OutputTokens)
		if lead.CacheHit {
			hit.UncachedCostUSD = lead.UncachedCostUSD
		}
		c.book(ctx, req, key, callRow{hit: true, uncached: hit.UncachedCostUSD, priceUnknown: hit.PriceUnknown})
		return hit, nil
	}
}

// cacheKey hashes everything that shapes the answer: the endpoint too, since one model
// name on two servers (two vLLM instances with different weights) is two models, and the
// settings a driver adds to the request (a reasoning model's effort and budget).
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
		E             string
		R             string `json:",omitempty"` // omitted when empty: other keys stay as they were
	}{c.provider, c.model, req.PromptVersion, req.System, req.Prompt, req.Temperature, req.MaxTokens, string(req.Schema), imgs, c.endpoint, c.Settings()})
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
	resp := c.hit(a.Text, a.InputTokens, a.OutputTokens)
	c.book(ctx, req, key, callRow{hit: true, uncached: resp.UncachedCostUSD, priceUnknown: resp.PriceUnknown})
	return resp, true
}

// hit is the response of an answer served from the cache: nothing paid now, and the cost
// the answer had at list price.
func (c *client) hit(text string, in, out int) *Response {
	cost, known := c.prices.Cost(c.provider, c.model, in, out)
	return &Response{Text: text, CacheHit: true, UncachedCostUSD: cost, PriceUnknown: !known}
}

// call makes the provider call with retries and books each attempt. Attempts that reached
// the provider but got no answer (timed out, or cancelled) are counted as calls of unknown
// tokens, and answers that came back cut off as paid for their tokens: the provider billed
// both. What such attempts spent rides on the answer (Response.Wasted) or on the error
// (UsageOf).
func (c *client) call(ctx context.Context, req Request, key string) (*Response, error) {
	req, err := c.prepareImages(req)
	if err != nil {
		return nil, err
	}
	var wasted Usage
	for attempt := 0; ; attempt++ {
		resp, st, err := c.attempt(ctx, req)
		if err == nil {
			if c.cfg.Cache != nil && !c.cfg.NoCache {
				// A cache that cannot be written costs a repeated call later, not this answer.
				_ = c.cfg.Cache.PutAnswer(ctx, record.Answer{Key: key, Provider: c.provider, Model: c.model,
					Text: resp.Text, InputTokens: resp.InputTokens, OutputTokens: resp.OutputTokens, At: time.Now()})
			}
			c.book(ctx, req, key, callRow{in: resp.InputTokens, out: resp.OutputTokens, reasoning: resp.ReasoningTokens,
				latency: st.latency, cost: resp.CostUSD, uncached: resp.UncachedCostUSD, priceUnknown: resp.PriceUnknown})
			resp.Wasted = wasted
			resp.UnknownCalls = wasted.UnknownCalls
			return resp, nil
		}
		row := callRow{latency: st.latency, errText: err.Message, tokensUnknown: st.unanswered}
		if st.unanswered {
			wasted.UnknownCalls = satAdd(wasted.UnknownCalls, 1)
		}
		if resp != nil {
			// A paid answer that cannot be used (cut off, too large): its tokens were billed.
			row.in, row.out, row.reasoning = resp.InputTokens, resp.OutputTokens, resp.ReasoningTokens
			row.cost, row.uncached, row.priceUnknown = resp.CostUSD, resp.UncachedCostUSD, resp.PriceUnknown
			row.cutOff = err.Kind == KindCutOff
			wasted.Add(Usage{InputTokens: resp.InputTokens, OutputTokens: resp.OutputTokens, ReasoningTokens: resp.ReasoningTokens,
				CostUSD: resp.CostUSD, UncachedCostUSD: resp.UncachedCostUSD, PriceUnknown: resp.PriceUnknown})
			if row.cutOff {
				wasted.CutOffCalls = satAdd(wasted.CutOffCalls, 1)
			}
		}
		c.book(ctx, req, key, row)
		if ctx.Err() != nil {
			return nil, spent(ctx.Err(), wasted)
		}
		if !err.Retryable || attempt >= c.cfg.MaxRetries {
			err.Attempts = attempt + 1
			return nil, spent(err, wasted)
		}
		wait := c.delay(attempt, err.RetryAfter)
		if c.cfg.OnRetry != nil {
			c.cfg.OnRetry(c.Name(), attempt+1, wait, err)
		}
		if err := sleep(ctx, wait); err != nil {
			return nil, spent(err, wasted)
		}
	}
}

type attemptState struct {
	latency time.Duration
	// unanswered: the request went out (its headers at least) and no answer was read
	// whole (a timeout or a cancel, maybe while the answer was arriving): the provider
	// may have processed and billed it, for tokens we never learnt.
	unanswered bool
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

// holdFor is how long a rate-limit answer holds every caller of the endpoint: its
// Retry-After within MaxDelay, or the first backoff step when it gave none.
func (c *client) holdFor(retryAfter time.Duration) time.Duration {
	if retryAfter > 0 {
		return min(retryAfter, c.cfg.MaxDelay)
	}
	return c.cfg.BaseDelay
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

// attempt makes one request through the endpoint's gate (concurrency, rate limits). Its
// error is an *Error; a paid answer that cannot be used comes back with it, for booking.
func (c *client) attempt(ctx context.Context, req Request) (*Response, attemptState, *Error) {
	var st attemptState
	reserved := c.estimateTokens(req)
	leave, err := c.gate.enter(ctx, reserved)
	if err != nil {
		return nil, st, &Error{Kind: KindRequest, Model: c.Name(), Endpoint: c.hostport, Message: "cancelled: " + err.Error()}
	}
	defer leave()
	// wrote is set once the headers are out: from then on the request may reach the
	// provider even if it is cancelled (WroteRequest would be too late: a cancel can end
	// the call after the bytes left but before that hook runs, and the request would go
	// unbooked). Booking a request the provider never finished reading errs on the side
	// of showing a possible charge.
	var wrote atomic.Bool
	trace := &httptrace.ClientTrace{WroteHeaders: func() { wrote.Store(true) }}
	actx, cancel := context.WithTimeout(httptrace.WithClientTrace(ctx, trace), c.cfg.Timeout)
	defer cancel()
	start := time.Now()
	out, gerr := c.conn.generate(actx, req)
	st.latency = time.Since(start)
	e := &Error{Model: c.Name(), Endpoint: c.hostport}
	var paid *Response
	if gerr == nil || out.inputTokens != 0 || out.outputTokens != 0 {
		paid = c.priced(out)
	}
	if gerr == nil {
		switch {
		case out.cutOff != "":
			// Incomplete: never an answer. Retried, as a sampled answer may end in time.
			e.Kind, e.Retryable = KindCutOff, true
			e.Message = fmt.Sprintf("the answer was cut off (%s) after %d output tokens, %d of them reasoning: it is incomplete (raise the budget, or --reasoning-effort for a reasoning model)",
				out.cutOff, paid.OutputTokens, paid.ReasoningTokens)
			c.gate.done(reserved, paid.InputTokens+paid.OutputTokens, false)
			return paid, st, e
		case len(out.text) > MaxAnswerBytes:
			e.Kind, e.Message = KindTooLarge, (&tooLargeError{limit: MaxAnswerBytes}).Error()
			c.gate.done(reserved, paid.InputTokens+paid.OutputTokens, false)
			return paid, st, e
		}
		c.gate.done(reserved, paid.InputTokens+paid.OutputTokens, true)
		return paid, st, nil
	}
	var se *statusError
	var re *reachError
	var be *bodyError
	var tl *tooLargeError
	var rf *refusalError
	switch {
	case ctx.Err() != nil:
		st.unanswered = wrote.Load()
		e.Kind, e.Message = KindRequest, "cancelled: "+ctx.Err().Error()
		return nil, st, e
	case errors.Is(actx.Err(), context.DeadlineExceeded):
		st.unanswered = wrote.Load()
		e.Kind, e.Retryable = KindTimeout, true
		e.Message = fmt.Sprintf("no answer from %s within %s", c.hostport, c.cfg.Timeout)
		return nil, st, e
	case errors.As(gerr, &se):
		e.Kind, e.Status, e.Code = KindStatus, se.status, se.code
		switch {
		case se.status == http.StatusTooManyRequests && quotaExhausted(se.code, se.msg):
			// OpenAI answers an empty account with 429 too; waiting does not refill it.
		case se.status == http.StatusTooManyRequests:
			e.Retryable = true
			e.RetryAfter = parseRetryAfter(se.retryAfter)
			// A rate limit holds for everyone at the endpoint: slow them all down.
			c.gate.throttled(c.holdFor(e.RetryAfter), start)
		case se.status >= 500:
			e.Retryable = true
			e.RetryAfter = parseRetryAfter(se.retryAfter)
		}
	case errors.As(gerr, &re):
		// Refused, unresolvable or dropped: often a server still starting or restarting.
		e.Kind, e.Retryable = KindUnreachable, true
	case errors.As(gerr, &be):
		// A body cut off by a proxy, or empty choices: a transient fault, not a
		// rejected request.
		e.Kind, e.Retryable = KindBadAnswer, true
	case errors.As(gerr, &tl):
		e.Kind = KindTooLarge
	case errors.As(gerr, &rf):
		e.Kind = KindRefused
	default:
		e.Kind = KindRequest
	}
	msg := oneLine(c.redact(gerr.Error())) // redact first: a cut could leave part of the key
	if se != nil && (se.status == http.StatusUnauthorized || se.status == http.StatusForbidden) {
		// A refused credential otherwise reads as a bare HTTP status: name what to check.
		where := c.cfg.BaseURLSetting
		if where == "" {
			where = "the base URL"
		}
		msg += " (check the API key in " + keyEnvOr(c.provider) + ", and " + where + ")"
	}
	e.Message = msg
	if paid != nil {
		c.gate.done(reserved, paid.InputTokens+paid.OutputTokens, false)
	}
	return paid, st, e
}

// priced turns a reply into a Response with its cost. Token counts are clamped: a provider
// reporting a negative count or billions of tokens (2^63-1 has been seen) must not make a
// total wrap or a cost infinite.
func (c *client) priced(out reply) *Response {
	in, o := clampTokens(out.inputTokens), clampTokens(out.outputTokens)
	reasoning := min(clampTokens(out.reasoningTokens), o)
	cost, known := c.prices.Cost(c.provider, c.model, in, o)
	return &Response{
		Text:            out.text,
		InputTokens:     in,
		OutputTokens:    o,
		ReasoningTokens: reasoning,
		CostUSD:         cost,
		UncachedCostUSD: cost,
		PriceUnknown:    !known,
	}
}

// quotaExhausted tells OpenAI's "insufficient_quota" 429 (billing) from a rate limit.
func quotaExhausted(code, msg string) bool {
	m := strings.ToLower(msg)
	return code == "insufficient_quota" || strings.Contains(m, "insufficient_quota") || strings.Contains(m, "exceeded your current quota")
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

// oneLine folds an error onto one line of at most 500 runes, a cut marked by "…" after them.
func oneLine(s string) string { return termtext.ClipLine(s, 500+1) }

// callRow is what one ledger row says about a call.
type callRow struct {
	in, out       int
	reasoning     int
	cutOff        bool
	latency       time.Duration
	hit           bool
	cost          float64
	uncached      float64
	priceUnknown  bool
	tokensUnknown bool
	errText       string
}

// book writes one ledger row; accounting must never fail a call, so errors are dropped.
func (c *client) book(ctx context.Context, req Request, key string, r callRow) {
	if c.cfg.Ledger == nil {
		return
	}
	// A cancelled caller still gets its spend recorded.
	ctx = context.WithoutCancel(ctx)
	_ = c.cfg.Ledger.BookCall(ctx, record.Call{RunID: runIDFrom(ctx, c.cfg.RunID), Scope: req.Scope, Purpose: req.Purpose,
		CacheKey: key, Provider: c.provider, Model: c.model, PromptVersion: req.PromptVersion, InputTokens: r.in, OutputTokens: r.out,
		ReasoningTokens: r.reasoning, CutOff: r.cutOff, Latency: r.latency, CacheHit: r.hit, CostUSD: r.cost, UncachedCostUSD: r.uncached, PriceUnknown: r.priceUnknown,
		TokensUnknown: r.tokensUnknown, Error: c.redact(r.errText), At: time.Now()})
}
