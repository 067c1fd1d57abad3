package main

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/autoeval/autoeval/eval"
	"github.com/autoeval/autoeval/trace"
)

const evalLong = `eval reads every trace below --traces (native trace directories and the formats "trace import"
reads) with the judgments found beside them (judgment.json and judgment.*.json, one per judge) and
in --judgments, then reports:

  - judge vs ground truth, one row per judge (strict: every substate reached; required: every
    non-optional substate reached) plus the agent's own claim of being done, the baseline a judge
    must beat: confusion matrix, accuracy, precision, recall, F1, false-positive and false-negative
    rates and Cohen's kappa, each with a bootstrap 95% interval; a breakdown per app and per task;
    the disagreements with the substates that decided them. A run succeeded when its reward >= 1.
  - with --labels: substate-level agreement with human labels (success, FP and FN rates).
  - with --decomp-labels: decomposer vs human substates (cover, redundant, optional, incorrect rates).
  - agents: SCR, TCR (strict and required), ground-truth success and judging cost per task.
  - with --reference: AITW action matching (partial, complete; a tap matches within 14% of
    the screen or inside any element box of the screen enlarged to 240%) and AndroidArena's
    LCS metrics as its evaluator computes them, without the closing "done" (task reward: the
    reference actions in the LCS weighted by 0.9^distance from the reference's end, over the
    weight of the whole reference; task completion ratio: position of the LCS's last action
    in the reference / reference length; reversed redundancy ratio: reference length / agent
    length on a run ground truth calls successful, 0 on a failed one, undefined without
    ground truth, averaged over runs).

--traces may also name one trace: a trace directory, an AndroidWorld episode .json or a checkpoint
.pkl.gz (each episode in it counts as a trace). Without --judgments, the judgments of a trace file
are also looked for where judge writes them by default, ./autoeval-out/<trace label>/.

--traces may be given several times: the traces below every root are evaluated together, as the
shards of a cluster job leave them (each trace folder carries its judgments and ground truth).

` + eval.LabelsHelp + "\n\n" + eval.DecompHelp + "\n\n" + eval.ReferenceHelp

// EvalOptions are what eval runs with.
type EvalOptions struct {
	IO *IOStreams

	Traces                                       []string
	Judgments, Labels, Decomp, Reference, Format string
	Seed                                         uint64
	Resamples                                    int
}

// NewCmdEval builds 'autoeval eval'; runF replaces evalRun (tests).
func NewCmdEval(f *Factory, runF func(context.Context, *EvalOptions) error) *cobra.Command {
	opts := &EvalOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "eval --traces PATH",
		Short: "Compare judges with ground truth and human labels; score agents",
		Long:  evalLong,
		Example: `  autoeval eval --traces runs/
  autoeval eval --traces imported/ --judgments autoeval-out/ --format json > eval.json
  autoeval eval --traces episode.json
  autoeval eval --traces runs/ --labels labels.csv --reference reference.json
  autoeval eval --traces results/shard-0 --traces results/shard-1 --traces results/shard-2`,
		Args: pathArgs(func(p string) string { return "give the path as --traces " + p }),
		RunE: func(cmd *cobra.Command, _ []string) error { return dispatch(cmd, opts, runF, evalRun) },
	}
	fs := cmd.Flags()
	fs.StringArrayVar(&opts.Traces, "traces", nil, "root folder of the traces to evaluate, or one trace (directory, episode .json, checkpoint .pkl.gz) (required; repeat to merge several roots)")
	fs.StringVar(&opts.Judgments, "judgments", "", "extra folder of judgment files, e.g. judge --out's folder (DIR/<trace>/judgment*.json)")
	fs.StringVar(&opts.Labels, "labels", "", "human substate labels file, JSON or CSV (format below)")
	fs.StringVar(&opts.Decomp, "decomp-labels", "", "human mapping of generated substates onto human ones, JSON or CSV (format below)")
	fs.StringVar(&opts.Reference, "reference", "", "reference action sequences per task, JSON (format below)")
	fs.StringVar(&opts.Format, "format", "text", "output format: text (tables), json or csv (long format: one figure per line)")
	fs.Uint64Var(&opts.Seed, "seed", 1, "seed of the bootstrap resampling; the same seed gives the same intervals")
	fs.IntVar(&opts.Resamples, "resamples", eval.DefaultResamples, "bootstrap resamples per interval")
	cmd.MarkFlagRequired("traces")
	return cmd
}

func evalRun(_ context.Context, opts *EvalOptions) error {
	switch opts.Format {
	case "text", "json", "csv":
	default:
		return usagef("--format %q: want text, json or csv", opts.Format)
	}
	if opts.Resamples < 1 {
		return usagef("--resamples %d: want at least 1", opts.Resamples)
	}
	d, err := eval.LoadRoots(opts.Traces, opts.Judgments)
	if err != nil {
		return err
	}
	hintUnjudged(opts.IO, d, opts.Traces, opts.Judgments)
	in, err := opts.inputs()
	if err != nil {
		return err
	}
	res := eval.Evaluate(d, in, eval.Options{Seed: opts.Seed, Resamples: opts.Resamples})
	switch opts.Format {
	case "json":
		return res.WriteJSON(opts.IO.Out)
	case "csv":
		// Warnings still reach the user, on stderr, without breaking the CSV.
		for _, w := range res.Warnings {
			fmt.Fprintln(opts.IO.ErrOut, "autoeval: warning:", w)
		}
		return res.WriteCSV(opts.IO.Out)
	}
	return res.WriteText(opts.IO.Out)
}

// inputs reads --labels, --decomp-labels and --reference.
func (opts *EvalOptions) inputs() (eval.Inputs, error) {
	var in eval.Inputs
	var err error
	if opts.Labels != "" {
		if in.Labels, err = eval.ReadLabels(opts.Labels); err != nil {
			return in, err
		}
	}
	if opts.Decomp != "" {
		if in.Decomp, err = eval.ReadDecompLabels(opts.Decomp); err != nil {
			return in, err
		}
	}
	if opts.Reference != "" {
		if in.Reference, err = eval.ReadReference(opts.Reference); err != nil {
			return in, err
		}
	}
	return in, nil
}

// hintUnjudged names the usual reasons for a dataset without judgments, which the loader's
// warning (about where judgments are looked for) leaves to the reader: judge has not run
// yet, or it wrote to ./autoeval-out because the traces are files (episode .json, .pkl.gz).
func hintUnjudged(io *IOStreams, d *eval.Dataset, traces []string, judgments string) {
	if len(d.JudgeLabels()) != 0 || io.Quiet {
		return
	}
	readable := false
	for _, it := range d.Items {
		readable = readable || it.Trace.Readable()
	}
	if !readable {
		return // nothing to judge; the report says so
	}
	if st, err := os.Stat(trace.DefaultOutDir); err == nil && st.IsDir() && judgments == "" {
		io.Notef("hint: judge writes the judgments of trace files under ./%s: add --judgments %s", trace.DefaultOutDir, trace.DefaultOutDir)
		return
	}
	io.Notef("hint: not judged yet? run 'autoeval judge --traces %s' first", strings.Join(traces, "' and 'autoeval judge --traces "))
}
