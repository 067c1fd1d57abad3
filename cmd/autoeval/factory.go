package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"sync"

	"github.com/spf13/cobra"

	"github.com/autoeval/autoeval/internal/progress"
	"github.com/autoeval/autoeval/internal/termtext"
)

// IOStreams are a command's outputs, injected (as in the GitHub CLI) so that tests run
// commands side by side without touching the process's own stdout and stderr. Out and ErrOut
// show control characters from traces and models as escapes (termtext); progress bars draw
// on the raw stderr, since they move the cursor on purpose.
type IOStreams struct {
	Out    io.Writer // results
	ErrOut io.Writer // notes, warnings and errors
	// Quiet is --quiet: no progress bars or notes; results and errors still print.
	Quiet bool

	rawErr io.Writer
	errTTY bool
}

// NewIOStreams wraps out and errOut; errTTY says whether errOut is a terminal, where bars
// are redrawn in place instead of printed a line at a time.
func NewIOStreams(out, errOut io.Writer, errTTY bool) *IOStreams {
	raw := &lockedWriter{w: errOut}
	return &IOStreams{
		Out:    &lockedWriter{w: termtext.NewWriter(out)},
		ErrOut: &lockedWriter{w: termtext.NewWriter(raw)},
		rawErr: raw,
		errTTY: errTTY,
	}
}

// Notef prints one "autoeval: ..." line on stderr unless --quiet.
func (s *IOStreams) Notef(format string, args ...any) {
	if !s.Quiet {
		fmt.Fprintf(s.ErrOut, "autoeval: "+format+"\n", args...)
	}
}

// Bar starts a progress bar over total items on stderr (silent with --quiet).
func (s *IOStreams) Bar(label string, total int) *progress.Bar {
	return s.BarIf(label, total, true)
}

// BarIf is Bar, silent also when show is false (a report written to stdout, one item).
func (s *IOStreams) BarIf(label string, total int, show bool) *progress.Bar {
	return progress.NewWriter(s.rawErr, label, total, s.Quiet || !show, s.errTTY)
}

// lockedWriter serialises writes: commands print from several goroutines (a batch's
// workers, retry notes), and termtext's writer keeps state between writes.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// Factory holds what every command is built from: its streams and its environment. One
// Factory serves one invocation, so nothing a command sets lasts beyond it.
type Factory struct {
	IO *IOStreams
	// Getenv reads the environment (os.Getenv in main): the model, API keys, the database and
	// adb server defaults, shard variables. Tests give each invocation its own.
	Getenv func(string) string

	notesMu sync.Mutex
	notes   map[string]bool
}

// firstTime reports whether key is seen for the first time in this invocation, so a note
// (a model without a price, opened twice by judge) is printed once.
func (f *Factory) firstTime(key string) bool {
	f.notesMu.Lock()
	defer f.notesMu.Unlock()
	if f.notes == nil {
		f.notes = map[string]bool{}
	}
	first := !f.notes[key]
	f.notes[key] = true
	return first
}

// writeJSON prints v as indented JSON.
func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(v)
}

// dispatch runs a command's work: runF when a test gave one (to see the options the command
// line made), else run.
func dispatch[O any](cmd *cobra.Command, opts *O, runF, run func(context.Context, *O) error) error {
	if runF != nil {
		return runF(cmd.Context(), opts)
	}
	return run(cmd.Context(), opts)
}
