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
	"strings"
	"syscall"

	"github.com/spf13/cobra"
	"golang.org/x/term"
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
	io := NewIOStreams(os.Stdout, os.Stderr, term.IsTerminal(int(os.Stderr.Fd())))
	os.Exit(run(ctx, &Factory{IO: io, Getenv: os.Getenv}, os.Args[1:]))
}

// run runs one command line and returns its exit status.
func run(ctx context.Context, f *Factory, args []string) int {
	root := NewCmdRoot(f)
	root.SetOut(f.IO.Out)
	root.SetErr(f.IO.ErrOut)
	args = hoistFlags(root, args)
	root.SetArgs(args)
	root.SetFlagErrorFunc(func(cmd *cobra.Command, err error) error { return usageErr{withSuggestion(cmd, err)} })
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
		fmt.Fprintf(f.IO.ErrOut, "autoeval: %s (see '%s --help')\n", err, cmd.CommandPath())
		return 2
	}
	var ec exitCoder
	if errors.As(err, &ec) {
		if msg := err.Error(); msg != "" {
			fmt.Fprintln(f.IO.ErrOut, "autoeval:", msg)
		}
		return ec.ExitCode()
	}
	if errors.Is(err, context.Canceled) && ctx.Err() != nil {
		// Ctrl-C during work that has no resume message of its own: say so, not "context canceled".
		fmt.Fprintln(f.IO.ErrOut, "autoeval: interrupted")
		return 130
	}
	fmt.Fprintln(f.IO.ErrOut, "autoeval:", err)
	return 1
}

// hoistFlags moves flags given before the command's name (autoeval --db FILE judge ...) to
// after it: each command registers the flags it uses, and cobra would read the flags' values
// as command names.
func hoistFlags(root *cobra.Command, args []string) []string {
	if len(args) == 0 || !strings.HasPrefix(args[0], "-") {
		return args
	}
	root.InitDefaultHelpCmd() // so that "help" is known as a command here
	i := 0
	for i < len(args) && args[i] != "--" && !isSubcommand(root, args[i]) {
		i++
	}
	if i == 0 || i == len(args) || args[i] == "--" {
		return args
	}
	cmd, end := root, i
	for end < len(args) && isSubcommand(cmd, args[end]) {
		cmd, _, _ = cmd.Find([]string{args[end]})
		end++
	}
	out := append([]string{}, args[i:end]...)
	out = append(out, args[:i]...)
	return append(out, args[end:]...)
}

// isSubcommand reports whether name names a command below cmd.
func isSubcommand(cmd *cobra.Command, name string) bool {
	for _, c := range cmd.Commands() {
		if c.Name() == name || c.HasAlias(name) {
			return true
		}
	}
	return false
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

// usagef is a command's own rejection of its command line: exit 2.
func usagef(format string, args ...any) error {
	return &exitError{code: 2, msg: fmt.Sprintf(format, args...)}
}

// interrupted is the error of work stopped by Ctrl-C: exit 130, with what to do next.
func interrupted(msg string) error { return &exitError{code: 130, msg: msg} }
