package judge

import (
	"context"
	"math"
	"sync"
	"time"
)

// pacer bounds how far captures run ahead of the reasoner to what the reasoner can use:
// while one capture is in flight the reasoner gets through capture/reason frames, so
// more frames ahead would only be wasted calls should the trace stop early. The bound
// follows measured durations and never exceeds max (Config.Lookahead).
type pacer struct {
	mu       sync.Mutex
	cond     *sync.Cond
	max      int
	launched int // captures started
	consumed int // frames the reasoner has taken
	capture  meanDur
	reason   meanDur
	done     bool
}

// meanDur is an exponentially weighted mean of durations.
type meanDur struct {
	n int
	d float64
}

func (m *meanDur) add(d time.Duration) {
	if m.n == 0 {
		m.d = float64(d)
	} else {
		m.d = 0.7*m.d + 0.3*float64(d)
	}
	m.n++
}

// startAhead is the bound before anything was measured: the frame the reasoner needs next
// and one more.
const startAhead = 2

func newPacer(max int) *pacer {
	p := &pacer{max: max}
	p.cond = sync.NewCond(&p.mu)
	return p
}

// ahead is how many frames may be captured beyond those the reasoner has taken.
func (p *pacer) ahead() int {
	n := startAhead
	if p.capture.n > 0 && p.reason.n > 0 {
		r := max(p.reason.d, float64(time.Millisecond))
		n = int(math.Ceil(p.capture.d/r)) + 1
	}
	return max(1, min(n, p.max))
}

// wait blocks until another capture may start; false when the run is over.
func (p *pacer) wait(ctx context.Context) bool {
	stop := context.AfterFunc(ctx, p.stop)
	defer stop()
	p.mu.Lock()
	defer p.mu.Unlock()
	for !p.done && p.launched-p.consumed >= p.ahead() {
		p.cond.Wait()
	}
	if p.done {
		return false
	}
	p.launched++
	return true
}

// captured records how long a capture took.
func (p *pacer) captured(d time.Duration) {
	p.mu.Lock()
	p.capture.add(d)
	p.mu.Unlock()
	p.cond.Broadcast()
}

// took records that the reasoner took a frame; reasoned, how long it spent on it.
func (p *pacer) took() {
	p.mu.Lock()
	p.consumed++
	p.mu.Unlock()
	p.cond.Broadcast()
}

func (p *pacer) reasoned(d time.Duration) {
	p.mu.Lock()
	p.reason.add(d)
	p.mu.Unlock()
	p.cond.Broadcast()
}

func (p *pacer) stop() {
	p.mu.Lock()
	p.done = true
	p.mu.Unlock()
	p.cond.Broadcast()
}
