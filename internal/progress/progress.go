// Package progress prints progress of long batch work on stderr: a redrawn bar on a
// terminal, one line per finished item otherwise (CI logs, pipes).
package progress

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"golang.org/x/term"

	"github.com/autoeval/autoeval/internal/termtext"
)

// Bar is safe for concurrent use.
type Bar struct {
	mu      sync.Mutex
	w       io.Writer
	label   string
	total   int
	done    int
	skipped int // of done, finished in an earlier run: they took no time now
	failed  int
	warned  int // of done, finished with a Warning
	stopped int // of done, interrupted (context canceled): neither done nor failed
	tty     bool
	drawn   time.Time // last redraw by Set
	start   time.Time
	enabled bool
}

// New returns a bar over total items writing to stderr; quiet disables all output.
func New(label string, total int, quiet bool) *Bar {
	return NewWriter(os.Stderr, label, total, quiet, term.IsTerminal(int(os.Stderr.Fd())))
}

// NewWriter is New with an explicit writer and terminal mode (for tests).
func NewWriter(w io.Writer, label string, total int, quiet, tty bool) *Bar {
	return &Bar{w: w, label: termtext.Line(label), total: total, tty: tty, start: time.Now(), enabled: !quiet}
}

// Warning marks an item that finished with something worth saying (a report written with
// a frame left out): shown beside the item, not counted as failed.
func Warning(err error) error { return warning{err} }

type warning struct{ error }

func (w warning) Unwrap() error { return w.error }

// Skip counts an item finished in an earlier run (resumed), without a line of its own.
func (b *Bar) Skip(n int) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.done += n
	b.skipped += n
	if b.enabled && n > 0 {
		if b.tty {
			b.draw("")
		} else {
			fmt.Fprintf(b.w, "%s: %d/%d already done, resuming\n", b.label, b.done, b.total)
		}
	}
}

// Done marks one item finished; err marks it failed, unless it is a Warning or the
// work was interrupted (context.Canceled). name is shown beside the count.
func (b *Bar) Done(name string, err error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.done++
	name = termtext.Line(name)
	status := "ok"
	var w warning
	switch {
	case err == nil:
	case errors.As(err, &w):
		b.warned++
		status = "ok, but " + termtext.Line(w.Error())
	case errors.Is(err, context.Canceled):
		b.stopped++
		status = "interrupted"
	default:
		b.failed++
		status = "FAILED: " + termtext.Line(err.Error())
	}
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
	fmt.Fprintf(b.w, "%s: [%d/%d] %s %s\n", b.label, b.done, b.total, name, status)
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
		if now := time.Now(); now.Sub(b.drawn) >= 100*time.Millisecond || done == b.total {
			b.drawn = now
			b.draw("")
		}
		return
	}
	if b.total > 0 && (prev*10/b.total != done*10/b.total) {
		fmt.Fprintf(b.w, "%s: %d/%d\n", b.label, done, b.total)
	}
}

func (b *Bar) draw(name string) {
	const width = 24
	filled := 0
	if b.total > 0 {
		// Clamped: a caller that reports more items than it announced must not panic here.
		filled = min(max(width*b.done/b.total, 0), width)
	}
	eta := ""
	// The rate comes from items finished in this run only: resumed ones took no time and
	// would make the estimate far too short.
	if worked := b.done - b.skipped; worked > 0 && b.done < b.total {
		per := time.Since(b.start) / time.Duration(worked)
		eta = " eta " + (per * time.Duration(b.total-b.done)).Round(time.Second).String()
	}
	if r := []rune(name); len(r) > 40 {
		name = "…" + string(r[len(r)-39:])
	}
	fmt.Fprintf(b.w, "\r\033[K%s [%s%s] %d/%d%s %s", b.label, strings.Repeat("#", filled), strings.Repeat(".", width-filled), b.done, b.total, eta, name)
}

// Clear ends the bar without a summary (the caller prints its own result).
func (b *Bar) Clear() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.enabled && b.tty {
		fmt.Fprint(b.w, "\r\033[K")
	}
}

// Finish ends the bar with a summary line.
func (b *Bar) Finish() {
	b.mu.Lock()
	defer b.mu.Unlock()
	if !b.enabled {
		return
	}
	if b.tty {
		fmt.Fprint(b.w, "\r\033[K")
	}
	extra := ""
	if b.warned > 0 {
		extra += fmt.Sprintf(", %d with warnings", b.warned)
	}
	if b.stopped > 0 {
		extra += fmt.Sprintf(", %d interrupted", b.stopped)
	}
	fmt.Fprintf(b.w, "%s: %d/%d done, %d failed%s, %s\n", b.label, b.done-b.stopped, b.total, b.failed, extra, time.Since(b.start).Round(time.Millisecond))
}
