package main

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/autoeval/autoeval/eval"
	"github.com/autoeval/autoeval/internal/progress"
	"github.com/autoeval/autoeval/internal/termtext"
	"github.com/autoeval/autoeval/report"
	"github.com/autoeval/autoeval/trace"
)

const reportLong = `report reads every trace below --traces with its judgments (as eval does) and writes:

  html  one self-contained page that needs no network: the run summary (judge vs ground truth with
        the agent-claim baseline, agents' SCR/TCR and cost), then per trace the filmstrip of frames
        (JPEG thumbnails embedded as data: URIs), each judge's substate tree with ✓/✗ and the frame
        where each substate was reached, the reasoner's analysis, ground truth, agreement and cost.
        All text from traces is escaped, and the page runs no scripts.
  json  the same content for machines (without the thumbnails).
  csv   one row per trace and judge.

--traces may also name one trace: a trace directory, an AndroidWorld episode .json or a checkpoint
.pkl.gz. Without --judgments, the judgments of a trace file are also looked for where judge writes
them by default, ./autoeval-out/<trace label>/. Repeat --traces to merge several roots into one
report, as the shards of a cluster job leave them.`

// ReportOptions are what report runs with.
type ReportOptions struct {
	IO     *IOStreams
	Pixels pixelFlag

	Traces                        []string
	Judgments, Out, Format, Title string
	ThumbWidth                    int
	Seed                          uint64
}

// NewCmdReport builds 'autoeval report'; runF replaces reportRun (tests).
func NewCmdReport(f *Factory, runF func(context.Context, *ReportOptions) error) *cobra.Command {
	opts := &ReportOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "report --traces PATH",
		Short: "Write one self-contained HTML (or JSON/CSV) report of judged traces",
		Long:  reportLong,
		Example: `  autoeval report --traces runs/ --out report.html
  autoeval report --traces imported/ --judgments autoeval-out/ --format csv --out -
  autoeval report --traces episode.json --out episode.html
  autoeval report --traces results/shard-0 --traces results/shard-1 --out report.html`,
		Args: pathArgs(func(p string) string { return "give the path as --traces " + p }),
		RunE: func(cmd *cobra.Command, _ []string) error { return dispatch(cmd, opts, runF, reportRun) },
	}
	fs := cmd.Flags()
	fs.StringArrayVar(&opts.Traces, "traces", nil, "root folder of the traces to report on, or one trace (directory, episode .json, checkpoint .pkl.gz) (required; repeat to merge several roots)")
	fs.StringVar(&opts.Judgments, "judgments", "", "extra folder of judgment files, e.g. judge --out's folder (DIR/<trace>/judgment*.json)")
	fs.StringVar(&opts.Out, "out", "", "output file (in an existing folder), - for standard output (default report.html, report.json or report.csv by --format)")
	fs.StringVar(&opts.Format, "format", "html", "output format: html, json or csv")
	fs.StringVar(&opts.Title, "title", "", "page title (default: autoeval report: ROOT)")
	fs.IntVar(&opts.ThumbWidth, "thumb-width", report.DefaultThumbWidth, "width in pixels of the embedded frame thumbnails; 0 leaves frames out (smaller file)")
	fs.Uint64Var(&opts.Seed, "seed", 1, "seed of the bootstrap intervals in the summary")
	opts.Pixels.register(fs)
	cmd.MarkFlagRequired("traces")
	return cmd
}

func reportRun(ctx context.Context, opts *ReportOptions) error {
	if err := opts.check(); err != nil {
		return err
	}
	d, err := eval.LoadRoots(opts.Traces, opts.Judgments)
	if err != nil {
		return err
	}
	for _, w := range d.Warnings {
		fmt.Fprintln(opts.IO.ErrOut, "autoeval: warning:", w)
	}
	hintUnjudged(opts.IO, d, opts.Traces, opts.Judgments)
	width := opts.ThumbWidth
	if opts.Format != "html" {
		width = 0 // no thumbnails
	}
	bar := opts.IO.BarIf("report", len(d.Items), opts.Out != "-")
	r, err := report.Build(ctx, d, report.Options{Title: opts.title(), ThumbWidth: width, Eval: eval.Options{Seed: opts.Seed},
		Limits: opts.Pixels.limits,
		Progress: func(name string, err error) {
			if err != nil {
				// A frame left out of the pictures: the report is still written (exit 0).
				err = progress.Warning(err)
			}
			bar.Done(name, err)
		}})
	bar.Finish()
	if err != nil {
		return err
	}
	return opts.write(r)
}

// check rejects a command line that cannot work, before any work starts.
func (opts *ReportOptions) check() error {
	switch opts.Format {
	case "html", "json", "csv":
	default:
		return usagef("--format %q: want html, json or csv", opts.Format)
	}
	if opts.ThumbWidth < 0 {
		return usagef("--thumb-width %d: want 0 or more", opts.ThumbWidth)
	}
	if err := opts.Pixels.check(); err != nil {
		return err
	}
	if opts.Out == "" {
		opts.Out = "report." + opts.Format
	}
	if opts.Out != "-" {
		return outFileFolder("--out", opts.Out)
	}
	return nil
}

// title is --title, else one naming the first root.
func (opts *ReportOptions) title() string {
	if opts.Title != "" {
		return opts.Title
	}
	title := "autoeval report: " + filepath.Base(filepath.Clean(opts.Traces[0]))
	if n := len(opts.Traces); n > 1 {
		title += fmt.Sprintf(" and %d more", n-1)
	}
	return title
}

// write writes the report in --format to --out.
func (opts *ReportOptions) write(r *report.Report) error {
	var buf bytes.Buffer
	var err error
	switch opts.Format {
	case "html":
		err = r.WriteHTML(&buf)
	case "json":
		err = r.WriteJSON(&buf)
	case "csv":
		err = r.WriteCSV(&buf)
	}
	if err != nil {
		return err
	}
	if opts.Out == "-" {
		_, err = io.Copy(opts.IO.Out, &buf)
		return err
	}
	// Written whole and renamed, so a browser never opens half a report.
	if err := trace.WriteFileAtomic(opts.Out, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", opts.Out, err)
	}
	if !opts.IO.Quiet {
		fmt.Fprintf(opts.IO.ErrOut, "wrote %s (%s, %d bytes)\n", opts.Out, termtext.Count(len(r.Traces), "trace"), buf.Len())
	}
	return nil
}
