package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
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

type judgeOptions struct {
	trace, substates, out    string
	traces                   []string
	capture, kind            string
	concurrency, captureConc int
	retries                  int
	fresh, jsonOut           bool
	shard                    string
}

func newJudgeCmd() *cobra.Command {
	var o judgeOptions
	cmd := &cobra.Command{
		Use:   "judge (--trace PATH | --traces ROOT)",
		Short: "Judge recorded traces against their substates (Capturer -> Reasoner -> Checker)",
		Long: `Judge a recorded run: for each frame in order, describe the screen (Capturer), match the
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
cluster, --shard gives each process (each with its own database) its part of the traces.`,
		Example: `  autoeval judge --trace examples/clock-alarm
  autoeval judge --trace run1 --model openai:gpt-4o-mini --substates subs.json --out run1.judgment.json
  autoeval judge --traces android_world_agents/results --out judged/`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runJudge(cmd.Context(), o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.trace, "trace", "", "one trace: a trace directory or a trace file (episode .json, checkpoint .pkl.gz)")
	f.StringArrayVar(&o.traces, "traces", nil, "judge every trace found below this directory (repeat to judge the traces below several roots together)")
	f.StringVar(&o.substates, "substates", "", "substates file (JSON or the line syntax) used for every trace, instead of decomposing")
	f.StringVar(&o.out, "out", "", "where judgments go: a .json file for --trace, a directory (one subdirectory per trace) for --traces; default beside the trace when its directory is writable, else ./autoeval-out/<label>/; a judgment.json of another judge is kept and this one written beside it as judgment.<model>.json or judgment.heuristic.json, so eval and report compare both")
	f.StringVar(&o.capture, "capture", judge.CaptureAuto, "screen description source: auto (UI XML/elements when the frame has them, else the screenshot through the vision model, else OCR), xml, vision (screenshot through the capture model), both, ocr (the screenshot's text read by Tesseract, no model)")
	f.StringVar(&o.kind, "judge", "", strings.Join(judge.Kinds(), " or ")+" (default: llm when a model is configured, else the heuristic baseline with a notice)")
	f.IntVar(&o.concurrency, "concurrency", 0, "traces judged at once with --traces (default: --model-concurrency, so every request slot has a trace to serve; the number of CPUs for the heuristic judge)")
	f.IntVar(&o.captureConc, "capture-concurrency", 4, "frames described in parallel ahead of the reasoner")
	f.IntVar(&o.retries, "retries", 2, "times a frame whose answer breaks a rule is asked again before the frame is skipped and the skip recorded (0 = never)")
	f.BoolVar(&o.fresh, "fresh", false, "discard saved progress of the same job and judge from the first frame")
	f.BoolVar(&o.jsonOut, "json", false, "print the judgment JSON (one trace) instead of the tree")
	f.StringVar(&o.shard, "shard", "", "with --traces, judge only shard I of N (I/N, numbered from 0), or auto: the shard of this pod of a Kubernetes Indexed Job (JOB_COMPLETION_INDEX, JOB_COMPLETIONS) or task of a Slurm array (SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT); a trace's shard follows from its path below --traces, so reruns keep it")
	return cmd
}

func runJudge(ctx context.Context, o judgeOptions) error {
	if (o.trace == "") == (len(o.traces) == 0) {
		return &exitError{code: 2, msg: "judge: give exactly one of --trace PATH or --traces ROOT"}
	}
	if o.kind != "" && !slices.Contains(judge.Kinds(), o.kind) {
		return &exitError{code: 2, msg: fmt.Sprintf("judge: --judge %q: want %s", o.kind, strings.Join(judge.Kinds(), " or "))}
	}
	switch {
	case o.concurrency < 0:
		return &exitError{code: 2, msg: fmt.Sprintf("judge: --concurrency %d: want 1 or more (0 = from --model-concurrency)", o.concurrency)}
	case o.captureConc < 1:
		return &exitError{code: 2, msg: fmt.Sprintf("judge: --capture-concurrency %d: want 1 or more", o.captureConc)}
	case o.retries < 0:
		return &exitError{code: 2, msg: fmt.Sprintf("judge: --retries %d: want 0 (never) or more", o.retries)}
	}
	if o.shard != "" && o.trace != "" {
		return &exitError{code: 2, msg: "judge: --shard splits the traces of --traces; with --trace there is one"}
	}
	if _, err := shard.Parse(o.shard, os.Getenv); err != nil {
		return &exitError{code: 2, msg: "judge: " + err.Error()}
	}
	if !slices.Contains(judge.CaptureModes, o.capture) {
		return &exitError{code: 2, msg: fmt.Sprintf("judge: --capture %q: want one of %s", o.capture, strings.Join(judge.CaptureModes, ", "))}
	}
	if o.capture == judge.CaptureVision || o.capture == judge.CaptureBoth {
		if o.kind == trace.JudgeHeuristic {
			return &exitError{code: 2, msg: "judge: --capture " + o.capture + " needs the model judge; the heuristic baseline reads only UI XML / elements or OCR text"}
		}
		if llm.ResolveSpec(global.model) == "" && global.captureModel == "" {
			return &exitError{code: 2, msg: "judge: --capture " + o.capture + " needs a vision model: pass --model (and optionally --capture-model)"}
		}
	}
	db, err := store.OpenDefault(ctx, global.db)
	if err != nil {
		return err
	}
	defer db.Close()

	opts := judge.Options{Out: o.out, Concurrency: o.concurrency, ModelConcurrency: global.modelConcurrency,
		Source: judge.SubstateSource{File: o.substates}}
	if o.retries == 0 {
		o.retries = -1 // the package's zero value means "default"; on the command line 0 means none
	}
	cfg, decompose, err := judgeConfig(ctx, db, o.kind, o.capture)
	if err != nil {
		return err
	}
	cfg.CaptureConcurrency, cfg.Retries, cfg.Fresh = o.captureConc, o.retries, o.fresh
	opts.Source.Decompose = decompose
	opts.Judge = cfg

	if o.trace != "" {
		return judgeOne(ctx, opts, o)
	}
	return judgeMany(ctx, opts, o)
}

// judgeConfig is the one place --model, --capture-model and a --judge choice become the
// judge's configuration, for both 'judge' and 'run': the model judge when a model is
// configured, else the heuristic baseline with a notice. With a model, substates are
// decomposed by it even for the heuristic judge, so the baseline and the model judge are
// compared on the same substates.
func judgeConfig(ctx context.Context, db *store.DB, kind, capture string) (judge.Config, judge.DecomposeFunc, error) {
	cfg := judge.Config{Kind: kind, Capture: capture, Store: db}
	spec := llm.ResolveSpec(global.model)
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
	m, err := openModel(ctx, spec, db)
	if err != nil {
		return cfg, nil, err
	}
	if cfg.Kind != trace.JudgeHeuristic {
		cfg.Kind = trace.JudgeLLM
		cfg.Model, cfg.CaptureModel = m, m
		if global.captureModel != "" {
			if cfg.CaptureModel, err = openCaptureModel(ctx, db); err != nil {
				return cfg, nil, err
			}
		}
	}
	return cfg, decomposeFunc(m, db), nil
}

// judgeNotice says on stderr that the heuristic baseline stands in for the model judge, once the
// traces were found: an error about the input should not come after a notice about the judge.
func judgeNotice(opts judge.Options) {
	if opts.Judge.Notice != "" && !global.quiet {
		fmt.Fprintln(stderr, "autoeval: notice: "+opts.Judge.Notice)
	}
}

func judgeOne(ctx context.Context, opts judge.Options, o judgeOptions) error {
	t, err := importer.Open(o.trace)
	if err != nil {
		return err
	}
	if o.jsonOut {
		// The tree on stdout carries the notice itself; JSON does not show it to a reader.
		judgeNotice(opts)
	}
	label := trace.Label(t)
	if opts.Judge.Kind == trace.JudgeLLM {
		// Model calls take seconds per frame: show progress, counting resumed frames.
		var bar *progress.Bar
		opts.Judge.OnStart = func(resumed, total int) {
			bar = progress.New("judge "+label, total, global.quiet)
			bar.Skip(resumed)
		}
		opts.Judge.OnFrame = func(f trace.FrameResult) { bar.Done(fmt.Sprintf("frame %d", f.Index), nil) }
		defer func() {
			if bar != nil {
				bar.Finish()
			}
		}()
	}
	r := judge.JudgeTrace(ctx, opts, judge.Target{Label: label, Trace: t}, false)
	if errors.Is(r.Err, judge.ErrNothingToJudge) {
		// Not a failure of judging: there is nothing to judge. Said once, on stderr.
		fmt.Fprintf(stderr, "autoeval: %s: not judgeable: %v; no judgment written (eval still reports its ground truth)\n", label, judge.ErrNothingToJudge)
		return nil
	}
	if r.Err != nil {
		if ctx.Err() != nil {
			return &exitError{code: 130, msg: "interrupted: progress is saved; run the same command again to continue"}
		}
		return r.Err
	}
	for _, n := range r.Notes {
		fmt.Fprintln(stderr, "autoeval: "+n)
	}
	if o.jsonOut {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(r.Judgment); err != nil {
			return err
		}
		return undeterminedError(r.Judgment)
	}
	judge.WriteTree(stdout, r.Judgment)
	fmt.Fprintf(stdout, "Judgment written to %s\n", r.Out)
	return undeterminedError(r.Judgment)
}

// undeterminedError is the judge command's failure when it could not judge a trace: the
// judgment is written (marked undetermined) but the command must not look like a verdict.
func undeterminedError(j *trace.Judgment) error {
	if j == nil || !j.Undetermined {
		return nil
	}
	return &exitError{code: 1, msg: "the judge could not judge " + j.Trace + ": " + j.UndeterminedReason + "; the judgment is marked undetermined (try another --model, or more --retries)"}
}

func judgeMany(ctx context.Context, opts judge.Options, o judgeOptions) error {
	sources, roots, err := openRoots(ctx, o.traces)
	if err != nil {
		return err
	}
	sh, _ := shard.Parse(o.shard, os.Getenv) // checked in runJudge
	judgeNotice(opts)
	var targets []judge.Target
	var ids []string
	var openErrs []judge.Result
	for k, src := range sources {
		id := shardID(roots[k], src.Path)
		if src.Err != nil {
			if sh.Owns(id) {
				openErrs = append(openErrs, judge.Result{Label: src.Path, Err: src.Err})
			}
			continue
		}
		for k, t := range src.Traces {
			targets = append(targets, judge.Target{Label: trace.Label(t), Trace: t})
			ids = append(ids, entryID(id, k, src.Traces))
		}
	}
	// Labels name the output folders under --out: made unique over all traces, so a trace
	// gets the same folder whichever shard judges it.
	dedupeLabels(targets)
	if sh.Sharded() {
		all := len(targets)
		mine := targets[:0]
		for i, tg := range targets {
			if sh.Owns(ids[i]) {
				mine = append(mine, tg)
			}
		}
		targets = mine
		if !global.quiet {
			fmt.Fprintf(stderr, "autoeval: shard %s: %d of the %d traces below %s\n", sh, len(targets), all, strings.Join(o.traces, ", "))
		}
	}
	bar := progress.New("judge", len(targets)+len(openErrs), global.quiet)
	for _, r := range openErrs {
		bar.Done(r.Label, r.Err)
	}
	opts.Bar = bar
	opts.StatusRoot = o.traces[0] // autoeval view shows the batch from there (the first root, for several)
	if !global.quiet {
		opts.OnWait = func(label string, held *store.HeldError) {
			fmt.Fprintf(stderr, "autoeval: %s is being judged by pid %d on %s; judging the others first, then taking it up\n", label, held.PID, held.Host)
		}
	}
	results := judge.Batch(ctx, opts, targets)
	bar.Finish()
	results = append(results, openErrs...)
	judge.WriteTable(stdout, results)
	if err := ctx.Err(); err != nil {
		return &exitError{code: 130, msg: "interrupted: progress is saved; run the same command again to continue"}
	}
	failed, undetermined := 0, 0
	for _, r := range results {
		if r.Err != nil && !errors.Is(r.Err, judge.ErrNothingToJudge) {
			failed++
		} else if r.Judgment != nil && r.Judgment.Undetermined {
			undetermined++
		}
	}
	if opts.Judge.Kind == trace.JudgeHeuristic {
		fmt.Fprintln(stdout, "(heuristic baseline: rules over the UI hierarchy or OCR text, not the model judge)")
	}
	// Judgments of trace files or read-only traces went to the default folder under the
	// working directory; eval and report look there by themselves only when run from the
	// same directory: say so once.
	if aside := countUnder(results, trace.DefaultOutDir); aside > 0 && o.out == "" && !global.quiet {
		fmt.Fprintf(stderr, "autoeval: %d of %s went to ./%s/<trace>/ (their traces are files or read-only); eval and report run from this directory find them, from elsewhere give them --judgments %s\n",
			aside, termtext.Count(len(results), "judgment"), trace.DefaultOutDir, trace.DefaultOutDir)
	}
	if failed > 0 {
		return &exitError{code: 1, msg: fmt.Sprintf("%d of %s failed", failed, termtext.Count(len(results), "trace"))}
	}
	if undetermined > 0 {
		return &exitError{code: 1, msg: fmt.Sprintf("%d of %d traces undetermined: the judge could not judge them (no usable model answer)", undetermined, len(results))}
	}
	return nil
}

// openRoots opens the trace sources below every root, as eval and report merge repeated
// --traces: a source below two roots (one root inside another) is judged once. roots[k] is
// the root sources[k] was found below.
func openRoots(ctx context.Context, rootArgs []string) (sources []importer.OpenedSource, roots []string, err error) {
	seen := map[string]bool{}
	for _, root := range rootArgs {
		found, err := importer.OpenEachContext(ctx, root)
		if err != nil {
			return nil, nil, err
		}
		for _, src := range found {
			key := src.Path
			if abs, err := filepath.Abs(key); err == nil {
				key = abs
			}
			if seen[key] {
				continue
			}
			seen[key] = true
			sources, roots = append(sources, src), append(roots, root)
		}
	}
	return sources, roots, nil
}

// shardID is what assigns a trace source to a shard: its path below the root the user
// named, with forward slashes, so every machine agrees wherever the data is mounted.
func shardID(root, path string) string {
	if rel, err := filepath.Rel(root, path); err == nil {
		return filepath.ToSlash(rel)
	}
	return filepath.ToSlash(path)
}

// entryID names the k-th trace of a source that holds several (a file of episodes).
func entryID(id string, k int, traces []*trace.Trace) string {
	if len(traces) <= 1 {
		return id
	}
	e := k + 1
	if t := traces[k]; t.Source != nil && t.Source.Entry > 0 {
		e = t.Source.Entry
	}
	return fmt.Sprintf("%s#%d", id, e)
}

// dedupeLabels makes labels unique (two traces named "trace_1" in different folders) so
// their judgments do not overwrite each other under --out.
func dedupeLabels(ts []judge.Target) {
	seen := map[string]int{}
	for i := range ts {
		l := ts[i].Label
		seen[l]++
		if seen[l] > 1 {
			ts[i].Label = fmt.Sprintf("%s-%d", l, seen[l])
		}
	}
}

// decomposeFunc adapts the decomposer (cached in the store) for the judge.
func decomposeFunc(m llm.Model, db *store.DB) judge.DecomposeFunc {
	d := decomposer.New(m, db, decomposer.Options{NoCache: global.noCache})
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
