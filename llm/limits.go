package llm

import (
	"context"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// A gate holds the load on one provider endpoint within its limits, for every model opened
// against it (--model and --capture-model on one provider share it): requests in flight,
// requests per minute, and tokens per minute. A rate-limit answer (429) slows the endpoint
// down for every caller: all wait out its Retry-After, and the limits are halved, then
// recover step by step with each answer (multiplicative decrease, additive increase, as
// TCP and Inspect's adaptive connections do).
type gate struct {
	mu       sync.Mutex
	conc     int // configured requests in flight
	inflight int
	waiters  []chan struct{} // FIFO of callers waiting for a slot
	rpm, tpm int             // configured per-minute limits, 0 for none
	reqs     *rate.Limiter   // nil when rpm is 0
	toks     *rate.Limiter   // nil when tpm is 0
	// scale multiplies every limit: 1 normally, halved by each rate-limit answer down to
	// minScale, raised by scaleStep with each answer.
	scale   float64
	lastCut time.Time // when scale was last halved
	hold    time.Time // nobody sends before this (a Retry-After)
}

const (
	minScale  = 1.0 / 16
	scaleStep = 1.0 / 32
)

var (
	gatesMu sync.Mutex
	gates   = map[string]*gate{}
)

// gateFor returns the gate of an endpoint, set to the limits given now: the configuration
// last opened is the one in force (a gate used to keep the first limit it saw and ignore
// every later one).
func gateFor(key string, conc, rpm, tpm int) *gate {
	gatesMu.Lock()
	g, ok := gates[key]
	if !ok {
		g = &gate{scale: 1}
		gates[key] = g
	}
	gatesMu.Unlock()
	g.configure(conc, rpm, tpm)
	return g
}

func (g *gate) configure(conc, rpm, tpm int) {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.conc, g.rpm, g.tpm = max(conc, 1), max(rpm, 0), max(tpm, 0)
	g.reqs = limiter(g.reqs, g.rpm, max(1, g.rpm/60)) // a second's worth at once
	g.toks = limiter(g.toks, g.tpm, g.tpm)            // a minute's worth: one request may be large
	g.applyLocked()
}

// limiter returns l set to perMinute (nil for none) with the given burst.
func limiter(l *rate.Limiter, perMinute, burst int) *rate.Limiter {
	if perMinute <= 0 {
		return nil
	}
	if l == nil {
		return rate.NewLimiter(rate.Limit(float64(perMinute)/60), burst)
	}
	l.SetBurst(burst)
	return l
}

// applyLocked sets the limiters to the configured rates times scale and lets in waiters
// that now fit.
func (g *gate) applyLocked() {
	if g.reqs != nil {
		g.reqs.SetLimit(rate.Limit(float64(g.rpm) / 60 * g.scale))
	}
	if g.toks != nil {
		g.toks.SetLimit(rate.Limit(float64(g.tpm) / 60 * g.scale))
	}
	for len(g.waiters) > 0 && g.inflight < g.slotsLocked() {
		ch := g.waiters[0]
		g.waiters = g.waiters[1:]
		g.inflight++
		close(ch)
	}
}

func (g *gate) slotsLocked() int { return max(1, int(float64(g.conc)*g.scale)) }

// enter waits until a request of about tokens tokens may go: past any hold, a slot free,
// and the rates allowing it. It returns the function that frees the slot.
func (g *gate) enter(ctx context.Context, tokens int) (leave func(), err error) {
	for {
		g.mu.Lock()
		wait := time.Until(g.hold)
		g.mu.Unlock()
		if wait <= 0 {
			break
		}
		if err := sleep(ctx, wait); err != nil {
			return nil, err
		}
	}
	if err := g.acquire(ctx); err != nil {
		return nil, err
	}
	leave = g.release
	g.mu.Lock()
	reqs, toks := g.reqs, g.toks
	g.mu.Unlock()
	if reqs != nil {
		if err := reqs.Wait(ctx); err != nil {
			leave()
			return nil, waitErr(ctx, err)
		}
	}
	if toks != nil && tokens > 0 {
		// A request larger than the bucket waits for a full bucket.
		if err := toks.WaitN(ctx, min(tokens, toks.Burst())); err != nil {
			leave()
			return nil, waitErr(ctx, err)
		}
	}
	return leave, nil
}

// waitErr prefers the context's error: rate.Wait also fails when the wait would outlast
// the deadline, which is the caller's deadline all the same.
func waitErr(ctx context.Context, err error) error {
	if ctx.Err() != nil {
		return ctx.Err()
	}
	if _, ok := ctx.Deadline(); ok {
		return context.DeadlineExceeded
	}
	return err
}

func (g *gate) acquire(ctx context.Context) error {
	g.mu.Lock()
	if len(g.waiters) == 0 && g.inflight < g.slotsLocked() {
		g.inflight++
		g.mu.Unlock()
		return nil
	}
	ch := make(chan struct{})
	g.waiters = append(g.waiters, ch)
	g.mu.Unlock()
	select {
	case <-ch:
		return nil
	case <-ctx.Done():
		g.mu.Lock()
		defer g.mu.Unlock()
		for i, w := range g.waiters {
			if w == ch {
				g.waiters = append(g.waiters[:i], g.waiters[i+1:]...)
				return ctx.Err()
			}
		}
		// Granted while giving up: hand the slot on.
		g.inflight--
		g.applyLocked()
		return ctx.Err()
	}
}

func (g *gate) release() {
	g.mu.Lock()
	defer g.mu.Unlock()
	g.inflight--
	g.applyLocked()
}

// done books what a request used beyond what it reserved (the tokens counted once the
// answer says how many there were, reasoning included), and lets the limits recover a
// step after an answer.
func (g *gate) done(reserved, used int, answered bool) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if extra := used - reserved; g.toks != nil && extra > 0 {
		// Charged now, waited for by the next requests; at most a minute's worth (the
		// bucket): a count a broken or hostile server made up (billions of tokens) would
		// hold every caller of the endpoint for months. A real overrun that large (a
		// reasoning model under a low limit) is undercounted, and a 429 slows the gate.
		g.toks.ReserveN(time.Now(), min(extra, g.toks.Burst()))
	}
	if answered && g.scale < 1 {
		g.scale = min(1, g.scale+scaleStep)
		g.applyLocked()
	}
}

// throttled takes in a rate-limit answer to a request sent at sent: everyone holds for
// wait, and the limits are halved, once for a burst of such answers (a 429 to a request
// sent before the last cut says nothing new).
func (g *gate) throttled(wait time.Duration, sent time.Time) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if until := time.Now().Add(wait); until.After(g.hold) {
		g.hold = until
	}
	if sent.After(g.lastCut) {
		g.scale = max(minScale, g.scale/2)
		g.lastCut = time.Now()
		g.applyLocked()
	}
}

// estimateTokens is what a request is counted for against a tokens-per-minute limit when
// it starts: its text at about four characters a token, each image at what the providers'
// image rules make of a prepared screenshot (about 1,600 tokens at most), and its answer
// budget. The count the answer reports replaces it afterwards (gate.done).
func (c *client) estimateTokens(req Request) int {
	return (len(req.System)+len(req.Prompt))/4 + 1600*len(req.Images) + maxTokens(req)
}
