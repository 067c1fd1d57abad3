package main

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/autoeval/autoeval/decomposer"
	"github.com/autoeval/autoeval/importer"
	"github.com/autoeval/autoeval/internal/progress"
	"github.com/autoeval/autoeval/internal/termtext"
	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/shard"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

const judgeLong = `Judge a recorded run: for each frame in order, describe the screen (Capturer), match the
description against the substates not yet reached (Reasoner), and enforce the rules (Checker: one
verdict "true" or "uncertain" per substate; a unit only with its page visible on the same frame).
Writes judgment.json and prints the substates as a tree with the frame that reached each.

Substates come from --substates FILE, else substates.json in the trace directory, else the task
is decomposed by the model (cached). With no model configured (--model / $AUTOEVAL_MODEL) the
transparent heuristic baseline judges instead, says so, and derives substates from the task
text by fixed rules.

Progress is saved after every frame in the database (--db): an interrupted run continues where
it stopped without repeating model calls. Traces: native trace directories, folders of numbered
screenshots with a task file, LlamaTouch folders, AndroidWorld episode JSON files and checkpoints
(*.pkl.gz), AndroidLab runs.

With --traces, as many traces are judged at once as the model endpoint takes requests, the
longest first. Processes sharing the database share the work: each trace is claimed while it is
judged, so none is judged twice, and the traces of a process that died are taken over. On a
cluster, --shard gives each process (each with its own database) its part of the traces.`

// JudgeOptions are what judge runs with.
type JudgeOptions struct {
	IO     *IOStreams
	Getenv func(string) string
	Model  *modelFlags
	DB     dbFlag

	Trace, Substates, Out             string
	Traces                            []string
	Capture, Kind                     string
	Concurrency, CaptureConc, Retries int
	Fresh, JSON                       bool
	Shard                             string
}

// NewCmdJudge builds 'autoeval judge'; runF replaces judgeRun (tests).
func NewCmdJudge(f *Factory, runF func(context.Context, *JudgeOptions) error) *cobra.Command {
	opts := &JudgeOptions{IO: f.IO, Getenv: f.Getenv, Model: newModelFlags(f, true), DB: dbFlag{getenv: f.Getenv}}
	cmd := &cobra.Command{
		Use:   "judge (--trace PATH | --traces ROOT)",
		Short: "Judge recorded traces against their substates (Capturer -> Reasoner -> Checker)",
		Long:  judgeLong,
		Example: `  autoeval judge --trace examples/clock-alarm
  autoeval judge --trace run1 --model openai:gpt-4o-mini --substates subs.json --out run1.judgment.json
  autoeval judge --traces android_world_agents/results --out judged/`,
		Args: pathArgs(func(p string) string {
			return fmt.Sprintf("give the path as --trace %s (one trace) or --traces %s (every trace below it)", p, p)
		}),
		RunE: func(cmd *cobra.Command, _ []string) error { return dispatch(cmd, opts, runF, judgeRun) },
	}
	fs := cmd.Flags()
	fs.StringVar(&opts.Trace, "trace", "", "one trace: a trace directory or a trace file (episode .json, checkpoint .pkl.gz)")
	fs.StringArrayVar(&opts.Traces, "traces", nil, "judge every trace found below this directory (repeat to judge the traces below several roots together)")
	fs.StringVar(&opts.Substates, "substates", "", "substates file (JSON or the line syntax) used for every trace, instead of decomposing")
	fs.StringVar(&opts.Out, "out", "", "where judgments go: a .json file for --trace (in an existing folder), a directory (one subdirectory per trace) for --traces; default beside the trace when its directory is writable, else ./autoeval-out/<label>/; a judgment.json of another judge is kept and this one written beside it as judgment.<model>.json or judgment.heuristic.json, so eval and report compare both")
	fs.StringVar(&opts.Capture, "capture", judge.CaptureAuto, "screen description source: auto (UI XML/elements when the frame has them, else the screenshot through the vision model, else OCR), xml, vision (screenshot through the capture model), both, ocr (the screenshot's text read by Tesseract, no model)")
	fs.StringVar(&opts.Kind, "judge", "", strings.Join(judge.Kinds(), " or ")+" (default: llm when a model is configured, else the heuristic baseline with a notice)")
	fs.IntVar(&opts.Concurrency, "concurrency", 0, "traces judged at once with --traces (default: --model-concurrency, so every request slot has a trace to serve; the number of CPUs for the heuristic judge)")
	fs.IntVar(&opts.CaptureConc, "capture-concurrency", 4, "frames described in parallel ahead of the reasoner")
	fs.IntVar(&opts.Retries, "retries", judge.DefaultRetries, "times a frame whose answer breaks a rule is asked again before the frame is skipped and the skip recorded (0 = never)")
	fs.BoolVar(&opts.Fresh, "fresh", false, "discard saved progress of the same job and judge from the first frame")
	fs.BoolVar(&opts.JSON, "json", false, "print the judgment JSON (one trace) instead of the tree")
	fs.StringVar(&opts.Shard, "shard", "", "with --traces, judge only shard I of N (I/N, numbered from 0), or auto: the shard of this pod of a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, JOB_COMPLETIONS) or task of a Slurm array (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT); a trace's shard follows from its path below --traces, so reruns keep it")
	opts.Model.register(fs)
	opts.DB.register(fs)
	return cmd
}

func judgeRun(ctx context.Context, opts *JudgeOptions) error {
	if err := opts.check(); err != nil {
		return err
	}
	db, err := opts.DB.open(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	cfg, decompose, err := judgeConfig(ctx, opts.Model, db, opts.Kind, opts.Capture)
	if err != nil {
		return err
	}
	cfg.CaptureConcurrency, cfg.Retries, cfg.Fresh = opts.CaptureConc, opts.Retries, opts.Fresh
	o := judge.Options{Out: opts.Out, Concurrency: opts.Concurrency, ModelConcurrency: opts.Model.calls.Concurrency,
		Source: judge.SubstateSource{File: opts.Substates, Decompose: decompose}, Judge: cfg}
	if opts.Trace != "" {
		return judgeOne(ctx, opts, o)
	}
	return judgeMany(ctx, opts, o)
}

// check rejects a command line that cannot work, before any work starts.
func (opts *JudgeOptions) check() error {
	if err := opts.Model.check(); err != nil {
		return err
	}
	switch {
	case (opts.Trace == "") == (len(opts.Traces) == 0):
		return usagef("judge: give exactly one of --trace PATH or --traces ROOT")
	case opts.Kind != "" && !slices.Contains(judge.Kinds(), opts.Kind):
		return usagef("judge: --judge %q: want %s", opts.Kind, strings.Join(judge.Kinds(), " or "))
	case opts.Concurrency < 0:
		return usagef("judge: --concurrency %d: want 1 or more (0 = from --model-concurrency)", opts.Concurrency)
	case opts.CaptureConc < 1:
		return usagef("judge: --capture-concurrency %d: want 1 or more", opts.CaptureConc)
	case opts.Retries < 0:
		return usagef("judge: --retries %d: want 0 (never) or more", opts.Retries)
	case opts.Shard != "" && opts.Trace != "":
		return usagef("judge: --shard splits the traces of --traces; with --trace there is one")
	}
	if _, err := shard.Parse(opts.Shard, opts.Getenv); err != nil {
		return usagef("judge: %v", err)
	}
	if !slices.Contains(judge.CaptureModes, opts.Capture) {
		return usagef("judge: --capture %q: want one of %s", opts.Capture, strings.Join(judge.CaptureModes, ", "))
	}
	if opts.Capture == judge.CaptureVision || opts.Capture == judge.CaptureBoth {
		if opts.Kind == trace.JudgeHeuristic {
			return usagef("judge: --capture %s needs the model judge; the heuristic baseline reads only UI XML / elements or OCR text", opts.Capture)
		}
		if opts.Model.spec() == "" && opts.Model.captureModel == "" {
			return usagef("judge: --capture %s needs a vision model: pass --model (and optionally --capture-model)", opts.Capture)
		}
	}
	if opts.Trace != "" && opts.Out != "" && strings.HasSuffix(strings.ToLower(opts.Out), ".json") {
		return outFileFolder("--out", opts.Out)
	}
	return nil
}

// judgeConfig is the one place the model flags and a --judge choice become the judge's
// configuration, for both 'judge' and 'run': the model judge when a model is configured,
// else the heuristic baseline with a notice. With a model, substates are decomposed by it
// even for the heuristic judge, so the baseline and the model judge are compared on the same
// substates.
func judgeConfig(ctx context.Context, mf *modelFlags, db *store.DB, kind, capture string) (judge.Config, judge.DecomposeFunc, error) {
	cfg := judge.Config{Kind: kind, Capture: capture, Store: db, Retries: judge.DefaultRetries, Limits: mf.pixels.limits}
	spec := mf.spec()
	if spec == "" && kind == trace.JudgeLLM {
		return cfg, nil, llm.ErrNotConfigured
	}
	if spec == "" || kind == trace.JudgeHeuristic {
		cfg.Kind = trace.JudgeHeuristic
		if kind == "" {
			cfg.Notice = "heuristic baseline: no model configured (--model or $" + llm.EnvModel + "); these verdicts come from fixed rules, not the model judge"
		}
	}
	if spec == "" {
		return cfg, nil, nil
	}
	m, err := mf.open(ctx, db)
	if err != nil {
		return cfg, nil, err
	}
	if cfg.Kind != trace.JudgeHeuristic {
		cfg.Kind = trace.JudgeLLM
		cfg.Model, cfg.CaptureModel = m, m
		if mf.captureModel != "" {
			if cfg.CaptureModel, err = mf.openCapture(ctx, db); err != nil {
				return cfg, nil, err
			}
		}
	}
	return cfg, decomposeFunc(m, db, mf.calls.NoCache), nil
}

// judgeNotice says on stderr that the heuristic baseline stands in for the model judge, once
// the traces were found: an error about the input should not come after a notice about the
// judge.
func judgeNotice(io *IOStreams, o judge.Options) {
	if o.Judge.Notice != "" {
		io.Notef("notice: %s", o.Judge.Notice)
	}
}

func judgeOne(ctx context.Context, opts *JudgeOptions, o judge.Options) error {
	t, err := importer.Open(opts.Trace)
	if err != nil {
		return err
	}
	if opts.JSON {
		// The tree on stdout carries the notice itself; JSON does not show it to a reader.
		judgeNotice(opts.IO, o)
	}
	label := trace.Label(t)
	if o.Judge.Kind == trace.JudgeLLM {
		// Model calls take seconds per frame: show progress, counting resumed frames. The bar
		// starts with the judging, so an error before it (the substates) stands alone.
		var bar *progress.Bar
		o.Judge.OnStart = func(resumed, total int) {
			bar = opts.IO.Bar("judge "+label, total)
			bar.Skip(resumed)
		}
		o.Judge.OnFrame = func(f trace.FrameResult) { bar.Done(fmt.Sprintf("frame %d", f.Index), nil) }
		defer func() {
			if bar != nil {
				bar.Finish()
			}
		}()
	}
	r := judge.JudgeTrace(ctx, o, judge.Target{Label: label, Trace: t}, false)
	switch {
	case errors.Is(r.Err, judge.ErrNothingToJudge):
		// Not a failure of judging: there is nothing to judge. Said once, on stderr.
		fmt.Fprintf(opts.IO.ErrOut, "autoeval: %s: not judgeable: %v; no judgment written (eval still reports its ground truth)\n", label, judge.ErrNothingToJudge)
		return nil
	case r.Err != nil && ctx.Err() != nil:
		return interrupted("interrupted: progress is saved; run the same command again to continue")
	case r.Err != nil:
		return r.Err
	}
	for _, n := range r.Notes {
		fmt.Fprintln(opts.IO.ErrOut, "autoeval: "+n)
	}
	if opts.JSON {
		if err := writeJSON(opts.IO.Out, r.Judgment); err != nil {
			return err
		}
		return undeterminedError(r.Judgment)
	}
	judge.WriteTree(opts.IO.Out, r.Judgment)
	fmt.Fprintf(opts.IO.Out, "Judgment written to %s\n", r.Out)
	return undeterminedError(r.Judgment)
}

// undeterminedError is the judge command's failure when it could not judge a trace: the
// judgment is written (marked undetermined) but the command must not look like a verdict.
func undeterminedError(j *trace.Judgment) error {
	if j == nil || !j.Undetermined {
		return nil
	}
	advice := ""
	for _, f := range j.Frames {
		if judge.Rejected(f) {
			advice = " (try another --model, or more --retries)"
		}
	}
	return &exitError{code: 1, msg: "the judge could not judge " + j.Trace + ": " + j.UndeterminedReason + "; the judgment is marked undetermined" + advice}
}

func judgeMany(ctx context.Context, opts *JudgeOptions, o judge.Options) error {
	sources, err := judge.OpenRoots(ctx, opts.Traces)
	if err != nil {
		return err
	}
	sh, _ := shard.Parse(opts.Shard, opts.Getenv) // checked before
	judgeNotice(opts.IO, o)
	b := judge.Targets(sources, sh)
	if sh.Sharded() {
		opts.IO.Notef("shard %s: %d of the %d traces below %s", sh, len(b.Targets), b.All, strings.Join(opts.Traces, ", "))
	}
	bar := opts.IO.Bar("judge", len(b.Targets)+len(b.OpenErrs))
	for _, r := range b.OpenErrs {
		bar.Done(r.Label, r.Err)
	}
	o.Bar = bar
	o.StatusRoot = opts.Traces[0] // autoeval view shows the batch from there (the first root, for several)
	if !opts.IO.Quiet {
		o.OnWait = func(label string, held *store.HeldError) {
			opts.IO.Notef("%s is being judged by pid %d on %s; judging the others first, then taking it up", label, held.PID, held.Host)
		}
	}
	results := append(judge.Batch(ctx, o, b.Targets), b.OpenErrs...)
	bar.Finish()
	judge.WriteTable(opts.IO.Out, results)
	if ctx.Err() != nil {
		return interrupted("interrupted: progress is saved; run the same command again to continue")
	}
	if o.Judge.Kind == trace.JudgeHeuristic {
		fmt.Fprintln(opts.IO.Out, "(heuristic baseline: rules over the UI hierarchy or OCR text, not the model judge)")
	}
	// Judgments of trace files or read-only traces went to the default folder under the
	// working directory; eval and report look there by themselves only when run from the
	// same directory: say so once.
	if aside := countUnder(results, trace.DefaultOutDir); aside > 0 && opts.Out == "" {
		opts.IO.Notef("%d of %s went to ./%s/<trace>/ (their traces are files or read-only); eval and report run from this directory find them, from elsewhere give them --judgments %s",
			aside, termtext.Count(len(results), "judgment"), trace.DefaultOutDir, trace.DefaultOutDir)
	}
	return batchError(results)
}

// batchError is the exit status of a batch: 1 when a trace failed or was undetermined.
func batchError(results []judge.Result) error {
	failed, undetermined := 0, 0
	for _, r := range results {
		if r.Err != nil && !errors.Is(r.Err, judge.ErrNothingToJudge) {
			failed++
		} else if r.Judgment != nil && r.Judgment.Undetermined {
			undetermined++
		}
	}
	if failed > 0 {
		return &exitError{code: 1, msg: fmt.Sprintf("%d of %s failed", failed, termtext.Count(len(results), "trace"))}
	}
	if undetermined > 0 {
		return &exitError{code: 1, msg: fmt.Sprintf("%d of %d traces undetermined: the judge could not judge them (why is listed above)", undetermined, len(results))}
	}
	return nil
}

// decomposeFunc adapts the decomposer (cached in the store) for the judge.
func decomposeFunc(m llm.Model, db *store.DB, noCache bool) judge.DecomposeFunc {
	d := decomposer.New(m, db, decomposer.Options{Repairs: decomposer.DefaultRepairs, NoCache: noCache})
	return func(ctx context.Context, task, app string) (*substate.List, trace.Usage, error) {
		r, err := d.Run(ctx, decomposer.Input{Task: task, App: app})
		if err != nil {
			return nil, trace.Usage{}, err
		}
		return r.Substates, judgmentUsage(r.Usage), nil
	}
}

// judgmentUsage converts the decomposer's usage to a judgment's: llm counts a cache hit
// among the calls, a judgment counts only calls the provider answered, hits apart. (Two
// traces of one task decomposed at once: the second is a hit, and was counted as a call.)
func judgmentUsage(u llm.Usage) trace.Usage {
	t := u
	t.Calls -= u.CacheHits
	return t
}

// countUnder counts the judgments written below dir.
func countUnder(results []judge.Result, dir string) int {
	n := 0
	for _, r := range results {
		if r.Err == nil && strings.HasPrefix(filepath.ToSlash(filepath.Clean(r.Out)), dir+"/") {
			n++
		}
	}
	return n
}
