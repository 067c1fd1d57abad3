// Command autoeval evaluates mobile GUI agents: it decomposes a task into substates,
// observes an agent on an Android device, judges the recording with a language-model
// pipeline and cross-checks the verdicts against programmatic ground truth.
package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strings"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/autoeval/autoeval/internal/termtext"
)

func main() {
	// The first Ctrl-C cancels the context so long jobs can save partial results and
	// mark traces; a second one kills the process the usual way.
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop()
	}()
	os.Exit(run(ctx, os.Args[1:]))
}

// stdout and stderr carry everything the commands print, with control characters from
// traces and models made visible (see termtext). Progress bars write their own.
var stdout, stderr io.Writer = os.Stdout, os.Stderr

func run(ctx context.Context, args []string) int {
	// Bound per run: tests swap os.Stdout and os.Stderr before calling run.
	stdout, stderr = termtext.NewWriter(os.Stdout), termtext.NewWriter(os.Stderr)
	root := newRootCmd()
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetArgs(args)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return usageErr{err} })
	err := root.ExecuteContext(ctx)
	if err == nil {
		return 0
	}
	if isUsage(err) {
		// A mistyped command line is bad usage, exit 2 like the commands' own flag checks, and
		// the fix is in the command's help, so name it.
		cmd, _, ferr := root.Find(args)
		if ferr != nil || cmd == nil {
			cmd = root
		}
		fmt.Fprintf(stderr, "autoeval: %s (see '%s --help')\n", err, cmd.CommandPath())
		return 2
	}
	var ec exitCoder
	if errors.As(err, &ec) {
		if msg := err.Error(); msg != "" {
			fmt.Fprintln(stderr, "autoeval:", msg)
		}
		return ec.ExitCode()
	}
	if errors.Is(err, context.Canceled) && ctx.Err() != nil {
		// Ctrl-C during work that has no resume message of its own: say so, not "context canceled".
		fmt.Fprintln(stderr, "autoeval: interrupted")
		return 130
	}
	fmt.Fprintln(stderr, "autoeval:", err)
	return 1
}

// usageErr marks cobra's complaints about flags (unknown, missing value, unparsable).
type usageErr struct{ error }

func (e usageErr) Unwrap() error { return e.error }

// isUsage reports whether err is cobra's own rejection of the command line. Cobra returns
// plain errors for a missing required flag, an unknown command and a wrong number of
// arguments, so those are recognised by their (stable) wording.
func isUsage(err error) bool {
	var u usageErr
	if errors.As(err, &u) {
		return true
	}
	msg := err.Error()
	for _, p := range []string{"required flag(s) ", "unknown command ", "accepts ", "requires at least ", "requires at most ",
		"if any flags in the group "} {
		if strings.HasPrefix(msg, p) {
			return true
		}
	}
	return false
}

type exitCoder interface{ ExitCode() int }

// exitError carries a specific exit status out of a command.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }
func (e *exitError) ExitCode() int { return e.code }
