package main

import (
	"bytes"
	"fmt"
	"io"
	"path/filepath"

	"github.com/autoeval/autoeval/eval"
	"github.com/autoeval/autoeval/internal/progress"
	"github.com/autoeval/autoeval/internal/termtext"
	"github.com/autoeval/autoeval/report"
	"github.com/autoeval/autoeval/trace"
	"github.com/spf13/cobra"
)

type reportOptions struct {
	traces                        []string
	judgments, out, format, title string
	thumbWidth                    int
	seed                          uint64
}

func newReportCmd() *cobra.Command {
	var o reportOptions
	cmd := &cobra.Command{
		Use:   "report --traces PATH",
		Short: "Write one self-contained HTML (or JSON/CSV) report of judged traces",
		Long: `report reads every trace below --traces with its judgments (as eval does) and writes:

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
report, as the shards of a cluster job leave them.`,
		Example: `  autoeval report --traces runs/ --out report.html
  autoeval report --traces imported/ --judgments autoeval-out/ --format csv --out -
  autoeval report --traces episode.json --out episode.html
  autoeval report --traces results/shard-0 --traces results/shard-1 --out report.html`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runReport(cmd, o)
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&o.traces, "traces", nil, "root folder of the traces to report on, or one trace (directory, episode .json, checkpoint .pkl.gz) (required; repeat to merge several roots)")
	f.StringVar(&o.judgments, "judgments", "", "extra folder of judgment files, e.g. judge --out's folder (DIR/<trace>/judgment*.json)")
	f.StringVar(&o.out, "out", "", "output file, - for standard output (default report.html, report.json or report.csv by --format)")
	f.StringVar(&o.format, "format", "html", "output format: html, json or csv")
	f.StringVar(&o.title, "title", "", "page title (default: autoeval report: ROOT)")
	f.IntVar(&o.thumbWidth, "thumb-width", report.DefaultThumbWidth, "width in pixels of the embedded frame thumbnails; 0 leaves frames out (smaller file)")
	f.Uint64Var(&o.seed, "seed", 1, "seed of the bootstrap intervals in the summary")
	cmd.MarkFlagRequired("traces")
	return cmd
}

func runReport(cmd *cobra.Command, o reportOptions) error {
	switch o.format {
	case "html", "json", "csv":
	default:
		return &exitError{code: 2, msg: fmt.Sprintf("--format %q: want html, json or csv", o.format)}
	}
	if o.thumbWidth < 0 {
		return &exitError{code: 2, msg: fmt.Sprintf("--thumb-width %d: want 0 or more", o.thumbWidth)}
	}
	if o.out == "" {
		o.out = "report." + o.format
	}
	d, err := eval.LoadRoots(o.traces, o.judgments)
	if err != nil {
		return err
	}
	for _, w := range d.Warnings {
		fmt.Fprintln(cmd.ErrOrStderr(), "autoeval: warning:", w)
	}
	hintUnjudged(d, o.traces, o.judgments)
	title := o.title
	if title == "" {
		title = "autoeval report: " + filepath.Base(filepath.Clean(o.traces[0]))
		if n := len(o.traces); n > 1 {
			title += fmt.Sprintf(" and %d more", n-1)
		}
	}
	width := o.thumbWidth
	if width == 0 || o.format != "html" {
		width = -1 // no thumbnails
	}
	bar := progress.New("report", len(d.Items), global.quiet || o.out == "-")
	r, err := report.Build(cmd.Context(), d, report.Options{Title: title, ThumbWidth: width, Eval: eval.Options{Seed: o.seed},
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
	var buf bytes.Buffer
	switch o.format {
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
	if o.out == "-" {
		_, err = io.Copy(cmd.OutOrStdout(), &buf)
		return err
	}
	// Written whole and renamed, so a browser never opens half a report.
	if err := trace.WriteFileAtomic(o.out, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("write %s: %w", o.out, err)
	}
	if !global.quiet {
		fmt.Fprintf(cmd.ErrOrStderr(), "wrote %s (%s, %d bytes)\n", o.out, termtext.Count(len(r.Traces), "trace"), buf.Len())
	}
	return nil
}
