// Package progress prints progress of long batch work on stderr: a redrawn bar on a
// terminal, one line per finished item otherwise (CI logs, pipes), and in both a sign of life
// while nothing finishes.
package progress

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"

	"github.com/autoeval/autoeval/internal/termtext"
)

// Heartbeat is the longest a bar stays silent off a terminal: a line saying where the work
// stands is written when no other line came for this long (a long recording being judged
// must not look stuck in a CI log).
const Heartbeat = 10 * time.Second

// Bar is safe for concurrent use. It counts items (traces, tasks) and, when SetUnits was
// called, the units of work inside them (frames), which move while an item is under way.
type Bar struct {
	mu      sync.Mutex
	w       io.Writer
	label   string
	total   int
	done    int
	skipped int // of done, finished in an earlier run: they took no time now
	failed  int
	warned  int            // of done, finished with a Warning
	stopped int            // of done, interrupted (context canceled): neither done nor failed
	aside   map[string]int // of done, set aside (Aside), by status
	order   []string       // the statuses of aside, in the order first seen

	unit                   string // "frame"; "" without units
	units, unitsDone       int
	unitsSkipped           int // of unitsDone, done by an earlier run
	skipPending            bool
	tty                    bool
	drawn, wrote, start    time.Time
	enabled                bool
	stop                   chan struct{}
	heartbeat, redrawEvery time.Duration
}

// NewWriter returns a bar over total items writing to w; quiet disables all output, tty
// says whether w is a terminal (redrawn in place) or not (a line at a time). Finish or Clear
// ends it.
func NewWriter(w io.Writer, label string, total int, quiet, tty bool) *Bar {
	return newBar(w, label, total, quiet, tty, Heartbeat)
}

func newBar(w io.Writer, label string, total int, quiet, tty bool, heartbeat time.Duration) *Bar {
	now := time.Now()
	b := &Bar{w: w, label: termtext.Line(label), total: total, tty: tty, start: now, wrote: now, enabled: !quiet,
		heartbeat: heartbeat, redrawEvery: time.Second}
	if b.enabled {
		b.stop = make(chan struct{})
		go b.alive(b.stop)
	}
	return b
}

// alive keeps the bar talking while no item finishes: off a terminal a line at least every
// heartbeat, on one a redraw every second (the estimate and the units move).
func (b *Bar) alive(stop <-chan struct{}) {
	for {
		b.mu.Lock()
		wait := b.redrawEvery
		if !b.tty {
			wait = time.Until(b.wrote.Add(b.heartbeat))
		}
		b.mu.Unlock()
		if wait > 0 {
			select {
			case <-stop:
				return
			case <-time.After(wait):
			}
		}
		b.mu.Lock()
		switch {
		case b.stop == nil: // ended while this one waited for the lock
			b.mu.Unlock()
			return
		case b.tty:
			b.draw("")
		case time.Since(b.wrote) >= b.heartbeat:
			b.line("%s: %s, %s\n", b.label, b.standing(), time.Since(b.start).Round(time.Second))
		}
		b.mu.Unlock()
	}
}

// line writes one line off a terminal (b.mu held).
func (b *Bar) line(format string, args ...any) {
	fmt.Fprintf(b.w, format, args...)
	b.wrote = time.Now()
}

// standing says where the work stands: "57/240 frames, 3/12 done" or "3/12 done" (b.mu held).
func (b *Bar) standing() string {
	s := fmt.Sprintf("%d/%d done", b.done, b.total)
	if b.unit != "" {
		s = fmt.Sprintf("%d/%s, %s", b.unitsDone, termtext.Count(b.units, b.unit), s)
	}
	return s
}

// SetUnits makes the bar measure units of work inside the items as well (the frames of a
// batch's traces), total in all.
func (b *Bar) SetUnits(noun string, total int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.unit, b.units = noun, total
}

// AddUnits counts n units done now.
func (b *Bar) AddUnits(n int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.unitsDone += n
	if b.enabled && b.tty {
		b.redraw()
	}
}

// SkipUnits counts n units done by an earlier run (resumed): they take no time now.
func (b *Bar) SkipUnits(n int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.unitsDone += n
	b.unitsSkipped += n
}

// Warning marks an item that finished with something worth saying (a report written with
// a frame left out): shown beside the item, not counted as failed.
func Warning(err error) error { return warning{err} }

type warning struct{ error }

func (w warning) Unwrap() error { return w.error }

// Aside marks an item left alone for a reason that is no failure (a trace with nothing to
// judge): status is shown beside the item instead of "ok", and counted apart in the summary.
func Aside(status string) error { return aside(status) }

type aside string

func (a aside) Error() string { return string(a) }

// Skip counts items finished in an earlier run (resumed). Off a terminal they are said once,
// before the next finished item, not once each.
func (b *Bar) Skip(n int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.done += n
	b.skipped += n
	if b.enabled && n > 0 {
		if b.tty {
			b.draw("")
		} else {
			b.skipPending = true
		}
	}
}

// Done marks one item finished; err marks it failed, unless it is a Warning, an Aside or the
// work was interrupted (context.Canceled). name is shown beside the count.
func (b *Bar) Done(name string, err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.done++
	name = termtext.Line(name)
	status := b.count(err)
	if !b.enabled {
		return
	}
	if b.tty {
		b.draw(name)
		if status != "ok" {
			fmt.Fprintf(b.w, "\r\033[K%s: %s\n", name, status)
			b.draw(name)
		}
		return
	}
	b.sayResumed()
	b.line("%s: [%d/%d] %s %s\n", b.label, b.done, b.total, name, status)
}

// count books one finished item and returns its status word (b.mu held).
func (b *Bar) count(err error) string {
	var w warning
	var a aside
	switch {
	case err == nil:
		return "ok"
	case errors.As(err, &w):
		b.warned++
		return "ok, but " + termtext.Line(w.Error())
	case errors.As(err, &a):
		if b.aside == nil {
			b.aside = map[string]int{}
		}
		if b.aside[string(a)] == 0 {
			b.order = append(b.order, string(a))
		}
		b.aside[string(a)]++
		return termtext.Line(string(a))
	case errors.Is(err, context.Canceled):
		b.stopped++
		return "interrupted"
	}
	b.failed++
	return "FAILED: " + termtext.Line(err.Error())
}

// sayResumed tells, once, of items an earlier run finished (b.mu held, not a terminal).
func (b *Bar) sayResumed() {
	if b.skipPending {
		b.skipPending = false
		b.line("%s: %d of %d already done, resuming\n", b.label, b.skipped, b.total)
	}
}

// Set moves the bar to done of its total for work counted in steps too many to list (the
// files of a long trace): on a terminal the bar is redrawn at most ten times a second,
// elsewhere a line is written at every tenth of the total.
func (b *Bar) Set(done int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	prev := b.done
	b.done = done
	if !b.enabled {
		return
	}
	if b.tty {
		b.redraw()
		if done == b.total {
			b.draw("")
		}
		return
	}
	if b.total > 0 && (prev*10/b.total != done*10/b.total) {
		b.line("%s: %d/%d\n", b.label, done, b.total)
	}
}

// redraw draws at most ten times a second (b.mu held, on a terminal).
func (b *Bar) redraw() {
	if now := time.Now(); now.Sub(b.drawn) >= 100*time.Millisecond {
		b.drawn = now
		b.draw("")
	}
}

func (b *Bar) draw(name string) {
	const width = 24
	done, total, skipped := b.done, b.total, b.skipped
	if b.unit != "" && b.units > 0 {
		// The bar fills by the units: a batch of one long trace and many short ones moves
		// with the frames, not only when a trace ends.
		done, total, skipped = b.unitsDone, b.units, b.unitsSkipped
	}
	filled := 0
	if total > 0 {
		// Clamped: a caller that reports more items than it announced must not panic here.
		filled = min(max(width*done/total, 0), width)
	}
	eta := ""
	// The rate comes from work finished in this run only: resumed work took no time and
	// would make the estimate far too short.
	if worked := done - skipped; worked > 0 && done < total {
		per := time.Since(b.start) / time.Duration(worked)
		eta = " eta " + (per * time.Duration(total-done)).Round(time.Second).String()
	}
	if r := []rune(name); len(r) > 40 {
		name = "…" + string(r[len(r)-39:])
	}
	count := fmt.Sprintf("%d/%d", b.done, b.total)
	if b.unit != "" {
		count = b.standing()
	}
	fmt.Fprintf(b.w, "\r\033[K%s [%s%s] %s%s %s", b.label, strings.Repeat("#", filled), strings.Repeat(".", width-filled), count, eta, name)
}

// Clear ends the bar without a summary (the caller prints its own result).
func (b *Bar) Clear() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.end()
	if b.enabled && b.tty {
		fmt.Fprint(b.w, "\r\033[K")
	}
}

// end stops the heartbeat (b.mu held); ending twice is harmless.
func (b *Bar) end() {
	if b.stop != nil {
		close(b.stop)
		b.stop = nil
	}
}

// Finish ends the bar with a summary line. Items never finished (the work stopped early)
// are counted as not started.
func (b *Bar) Finish() {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.end()
	if !b.enabled {
		return
	}
	if b.tty {
		fmt.Fprint(b.w, "\r\033[K")
	}
	var about []string
	if b.unit != "" {
		about = append(about, fmt.Sprintf("%d/%s", b.unitsDone, termtext.Count(b.units, b.unit)))
	}
	if b.skipped > 0 {
		about = append(about, fmt.Sprintf("%d by an earlier run", b.skipped))
	}
	extra := ""
	if len(about) > 0 {
		extra = " (" + strings.Join(about, "; ") + ")"
	}
	extra += fmt.Sprintf(", %d failed", b.failed)
	for _, s := range b.order {
		extra += fmt.Sprintf(", %d %s", b.aside[s], s)
	}
	if b.warned > 0 {
		extra += fmt.Sprintf(", %d with warnings", b.warned)
	}
	if b.stopped > 0 {
		extra += fmt.Sprintf(", %d interrupted", b.stopped)
	}
	if left := b.total - b.done; left > 0 {
		extra += fmt.Sprintf(", %d not started", left)
	}
	b.line("%s: %d/%d done%s, %s\n", b.label, b.done-b.stopped, b.total, extra, time.Since(b.start).Round(time.Millisecond))
}
