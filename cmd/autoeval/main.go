// Command autoeval evaluates mobile GUI agents: it decomposes a task into substates,
// observes an agent on an Android device, judges the recording with a language-model
// pipeline and cross-checks the verdicts against programmatic ground truth.
package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/signal"
	"syscall"
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

func run(ctx context.Context, args []string) int {
	root := newRootCmd()
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return 0
	}
	var ec exitCoder
	if errors.As(err, &ec) {
		if msg := err.Error(); msg != "" {
			fmt.Fprintln(os.Stderr, "autoeval:", msg)
		}
		return ec.ExitCode()
	}
	fmt.Fprintln(os.Stderr, "autoeval:", err)
	return 1
}

type exitCoder interface{ ExitCode() int }

// exitError carries a specific exit status out of a command.
type exitError struct {
	code int
	msg  string
}

func (e *exitError) Error() string { return e.msg }
func (e *exitError) ExitCode() int { return e.code }
