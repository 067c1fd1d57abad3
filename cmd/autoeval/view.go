package main

import (
	"context"
	"fmt"
	"net"

	"github.com/spf13/cobra"

	"github.com/autoeval/autoeval/internal/termtext"
	"github.com/autoeval/autoeval/view"
)

const viewLong = `view starts a web server over every trace below --traces and prints its URL:

  - the trace list: task, app, agent, ground truth, the agent's claim and every judge's verdict,
    filterable (disagreements with ground truth, one judge, app, agent, verdict) and sortable,
    in pages, for tens of thousands of traces;
  - a page per trace: the filmstrip (or the UI tree when a frame has no screenshot) with each
    frame's action, each judge's substate tree with the frame every substate was reached on and
    the analysis, the reasoner's notes per frame, ground truth and its explanation, and cost;
  - eval's summary (judge vs ground truth with intervals, agents' SCR/TCR, cost) with the
    report's per-app chart, and links to the static report of any filtered list, to share.

It follows the folders while it runs: a judgment, a ground truth or a new trace written by judge,
run or any other process (on any database, or none) appears within a few seconds, and batches of
judge --traces under way show what they are judging and how far they are. Keyboard: ? on any page.

It listens on the loopback address unless --addr names another, and says so then: anyone who can
reach that address can read the traces. It reads only inside the --traces roots (no symbolic link
out), answers only GET, and shows every text from a trace as text. JSON for scripts: /api/traces,
/api/trace?id=, /api/frame?id=&i=, /api/summary, /api/progress, /api/events (Server-Sent Events).
Stop it with Ctrl-C.`

// ViewOptions are what view runs with.
type ViewOptions struct {
	IO *IOStreams // the URL on Out, warnings on ErrOut

	Traces []string
	Addr   string
}

// defaultViewAddr is loopback: the viewer shows traces, which may hold what was on a phone.
const defaultViewAddr = "127.0.0.1:7575"

// NewCmdView builds 'autoeval view'; runF replaces viewRun (tests).
func NewCmdView(f *Factory, runF func(context.Context, *ViewOptions) error) *cobra.Command {
	opts := &ViewOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "view --traces PATH [--addr HOST:PORT]",
		Short: "Browse runs and judgments in a live local web viewer",
		Long:  viewLong,
		Example: `  autoeval view --traces runs/
  autoeval view --traces results/shard-0 --traces results/shard-1
  autoeval view --traces runs/ --addr 127.0.0.1:0      # any free port
  autoeval view --traces runs/ --addr 0.0.0.0:7575     # reachable from other machines`,
		Args: pathArgs(func(p string) string { return "give the path as --traces " + p }),
		RunE: func(cmd *cobra.Command, _ []string) error { return dispatch(cmd, opts, runF, viewRun) },
	}
	fs := cmd.Flags()
	fs.StringArrayVar(&opts.Traces, "traces", nil, "root folder of the traces to show, or one trace (required; repeat to show several roots together)")
	fs.StringVar(&opts.Addr, "addr", defaultViewAddr, "address to listen on, host:port (port 0: any free one); a non-loopback host makes the traces readable by whoever can reach it")
	cmd.MarkFlagRequired("traces")
	return cmd
}

func viewRun(ctx context.Context, opts *ViewOptions) error {
	if _, _, err := net.SplitHostPort(opts.Addr); err != nil {
		return usagef("--addr %q: want host:port, e.g. %s", opts.Addr, defaultViewAddr)
	}
	srv, err := view.New(view.Options{Roots: opts.Traces, Logf: func(format string, args ...any) {
		fmt.Fprintf(opts.IO.ErrOut, "autoeval: view: "+format+"\n", args...)
	}})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		return fmt.Errorf("view: %w", err)
	}
	addr := ln.Addr().String()
	if !view.IsLoopback(addr) {
		fmt.Fprintf(opts.IO.ErrOut, "autoeval: view: listening on %s, beyond this machine: anyone who can reach it can read these traces\n", addr)
	}
	fmt.Fprintf(opts.IO.Out, "autoeval view: %s at http://%s/ (Ctrl-C to stop)\n", termtext.Count(len(srv.Index().Traces()), "trace"), browsable(addr))
	return srv.Serve(ctx, ln)
}

// browsable is the address to put in a URL: a wildcard host becomes the loopback one.
func browsable(addr string) string {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return addr
	}
	if ip := net.ParseIP(host); ip != nil && ip.IsUnspecified() {
		host = "127.0.0.1"
	}
	return net.JoinHostPort(host, port)
}
