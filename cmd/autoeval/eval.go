package main

import (
	"fmt"
	"os"
	"strings"

	"github.com/autoeval/autoeval/eval"
	"github.com/autoeval/autoeval/trace"
	"github.com/spf13/cobra"
)

type evalOptions struct {
	traces                                       []string
	judgments, labels, decomp, reference, format string
	seed                                         uint64
	resamples                                    int
}

func newEvalCmd() *cobra.Command {
	var o evalOptions
	cmd := &cobra.Command{
		Use:   "eval --traces PATH",
		Short: "Compare judges with ground truth and human labels; score agents",
		Long: `eval reads every trace below --traces (native trace directories and the formats "trace import"
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

` + eval.LabelsHelp + "\n\n" + eval.DecompHelp + "\n\n" + eval.ReferenceHelp,
		Example: `  autoeval eval --traces runs/
  autoeval eval --traces imported/ --judgments autoeval-out/ --format json > eval.json
  autoeval eval --traces episode.json
  autoeval eval --traces runs/ --labels labels.csv --reference reference.json
  autoeval eval --traces results/shard-0 --traces results/shard-1 --traces results/shard-2`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runEval(cmd, o)
		},
	}
	f := cmd.Flags()
	f.StringArrayVar(&o.traces, "traces", nil, "root folder of the traces to evaluate, or one trace (directory, episode .json, checkpoint .pkl.gz) (required; repeat to merge several roots)")
	f.StringVar(&o.judgments, "judgments", "", "extra folder of judgment files, e.g. judge --out's folder (DIR/<trace>/judgment*.json)")
	f.StringVar(&o.labels, "labels", "", "human substate labels file, JSON or CSV (format below)")
	f.StringVar(&o.decomp, "decomp-labels", "", "human mapping of generated substates onto human ones, JSON or CSV (format below)")
	f.StringVar(&o.reference, "reference", "", "reference action sequences per task, JSON (format below)")
	f.StringVar(&o.format, "format", "text", "output format: text (tables), json or csv (long format: one figure per line)")
	f.Uint64Var(&o.seed, "seed", 1, "seed of the bootstrap resampling; the same seed gives the same intervals")
	f.IntVar(&o.resamples, "resamples", eval.DefaultResamples, "bootstrap resamples per interval")
	cmd.MarkFlagRequired("traces")
	return cmd
}

func runEval(cmd *cobra.Command, o evalOptions) error {
	switch o.format {
	case "text", "json", "csv":
	default:
		return &exitError{code: 2, msg: fmt.Sprintf("--format %q: want text, json or csv", o.format)}
	}
	if o.resamples < 1 {
		return &exitError{code: 2, msg: fmt.Sprintf("--resamples %d: want at least 1", o.resamples)}
	}
	d, err := eval.LoadRoots(o.traces, o.judgments)
	if err != nil {
		return err
	}
	hintUnjudged(d, o.traces, o.judgments)
	var in eval.Inputs
	if o.labels != "" {
		if in.Labels, err = eval.ReadLabels(o.labels); err != nil {
			return err
		}
	}
	if o.decomp != "" {
		if in.Decomp, err = eval.ReadDecompLabels(o.decomp); err != nil {
			return err
		}
	}
	if o.reference != "" {
		if in.Reference, err = eval.ReadReference(o.reference); err != nil {
			return err
		}
	}
	res := eval.Evaluate(d, in, eval.Options{Seed: o.seed, Resamples: o.resamples})
	out := cmd.OutOrStdout()
	switch o.format {
	case "json":
		return res.WriteJSON(out)
	case "csv":
		// Warnings still reach the user, on stderr, without breaking the CSV.
		for _, w := range res.Warnings {
			fmt.Fprintln(stderr, "autoeval: warning:", w)
		}
		return res.WriteCSV(out)
	}
	return res.WriteText(out)
}

// hintUnjudged names the usual reasons for a dataset without judgments, which the loader's
// warning (about where judgments are looked for) leaves to the reader: judge has not run
// yet, or it wrote to ./autoeval-out because the traces are files (episode .json, .pkl.gz).
func hintUnjudged(d *eval.Dataset, traces []string, judgments string) {
	if len(d.JudgeLabels()) != 0 || global.quiet {
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
		fmt.Fprintf(stderr, "autoeval: hint: judge writes the judgments of trace files under ./%s: add --judgments %s\n", trace.DefaultOutDir, trace.DefaultOutDir)
		return
	}
	fmt.Fprintf(stderr, "autoeval: hint: not judged yet? run 'autoeval judge --traces %s' first\n", strings.Join(traces, "' and 'autoeval judge --traces "))
}
