package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/spf13/cobra"

	"github.com/autoeval/autoeval/decomposer"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/shard"
	"github.com/autoeval/autoeval/suite"
)

const decomposeLong = `Ask the model (--model / $AUTOEVAL_MODEL) for the substates of a task: the pages and
element states that any successful run must show. The answer is validated (ids increase, a unit
hangs from an earlier page, ...); an invalid answer goes back to the model with the problems for
a bounded number of repairs, then the command fails. Near-duplicate substates are merged.
Decompositions are cached in the database (--db): the same task, app, knowledge, model and
prompt version are decomposed once.

One task: --task TEXT prints the substates as a tree (or JSON with --json) and writes JSON to
--out FILE when given.

A suite: --suite FILE decomposes every task of AndroidWorld's task_metadata.json, an AndroidLab
config YAML (or a directory of them), or a plain JSON/YAML list (strings or {id, task, app,
params}); it writes DIR/<task id>.json per task and DIR/summary.json. Interrupted (Ctrl-C),
it resumes on the next identical command without redoing finished tasks. On a cluster, --shard
splits the suite among processes (each with its own --db), all writing to one DIR.`

// DecomposeOptions are what decompose runs with.
type DecomposeOptions struct {
	IO     *IOStreams
	Getenv func(string) string
	Model  *modelFlags
	DB     dbFlag

	Task, App, Knowledge, Out, Suite string
	Concurrency, Repairs, Limit      int
	Operations, Fresh, JSON          bool
	Shard                            string
}

// NewCmdDecompose builds 'autoeval decompose'; runF replaces decomposeRun (tests).
func NewCmdDecompose(f *Factory, runF func(context.Context, *DecomposeOptions) error) *cobra.Command {
	opts := &DecomposeOptions{IO: f.IO, Getenv: f.Getenv, Model: newModelFlags(f, false), DB: dbFlag{getenv: f.Getenv}}
	cmd := &cobra.Command{
		Use:   "decompose (--task TEXT | --suite FILE --out DIR)",
		Short: "Decompose a task into substates: the observable UI states a successful run passes",
		Long:  decomposeLong,
		Example: `  autoeval decompose --model openai:gpt-4o-mini --task "Set an alarm for 7:30 AM" --app clock
  autoeval decompose --task "Turn on Wi-Fi" --out wifi.substates.json --json
  autoeval decompose --suite Android-Lab/evaluation/config --operations --out substates/ --concurrency 8
  autoeval decompose --model openai:qwen2.5-vl --base-url http://localhost:8000/v1 --suite task_metadata.json --out aw/`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return dispatch(cmd, opts, runF, decomposeRun) },
	}
	fs := cmd.Flags()
	fs.StringVar(&opts.Task, "task", "", "the task text to decompose")
	fs.StringVar(&opts.App, "app", "", "name of the target app, given to the model (suites supply their own)")
	fs.StringVar(&opts.Knowledge, "knowledge", "", "text file of app knowledge (page and element names) added to the prompt; for --suite a directory of <app>.txt or <app>.md files also works")
	fs.StringVar(&opts.Out, "out", "", "with --task: write the substates JSON to this file (in an existing folder); with --suite (required): the output directory, created when missing")
	fs.StringVar(&opts.Suite, "suite", "", "task list: AndroidWorld task_metadata.json, AndroidLab config YAML or directory, or a plain JSON/YAML list")
	fs.BoolVar(&opts.Operations, "operations", false, "with --suite: keep only AndroidLab operation tasks (the AutoEval paper's benchmark)")
	fs.IntVar(&opts.Limit, "limit", 0, "with --suite: decompose only the first N tasks (0 = all)")
	fs.IntVar(&opts.Concurrency, "concurrency", 0, "with --suite: tasks decomposed at once (default: --model-concurrency; model calls are further bounded per provider)")
	fs.StringVar(&opts.Shard, "shard", "", "with --suite: decompose only shard I of N of the tasks (I/N, numbered from 0), or auto in a Kubernetes Indexed Job or Slurm array; a task's shard follows from its id, and each shard writes its own summary.shard-I-of-N.json")
	fs.IntVar(&opts.Repairs, "repairs", decomposer.DefaultRepairs, "times an invalid answer is sent back with its problems before giving up (0 = none)")
	fs.BoolVar(&opts.Fresh, "fresh", false, "ignore decompositions stored earlier and ask the model again (the model-call cache still applies unless --no-cache)")
	fs.BoolVar(&opts.JSON, "json", false, "with --task: print JSON instead of the tree")
	opts.Model.register(fs)
	opts.DB.register(fs)
	return cmd
}

func decomposeRun(ctx context.Context, opts *DecomposeOptions) error {
	sh, err := opts.check()
	if err != nil {
		return err
	}
	var tasks []suite.Task
	if opts.Suite != "" {
		if tasks, err = opts.loadSuite(); err != nil {
			return err
		}
	}
	knowledge, err := decomposer.LoadKnowledge(opts.Knowledge)
	if err != nil {
		return fmt.Errorf("decompose: %w", err)
	}
	db, err := opts.DB.open(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	model, err := opts.Model.open(ctx, db)
	if err != nil {
		return fmt.Errorf("decompose: %w", err)
	}
	// --no-cache promises a fresh model answer, so stored decompositions are skipped too.
	d := decomposer.New(model, db, decomposer.Options{Repairs: opts.Repairs, NoCache: opts.Fresh || opts.Model.calls.NoCache})
	if opts.Task != "" {
		return decomposeOne(ctx, opts, d, model, knowledge(suite.Task{App: opts.App}))
	}
	return decomposeSuite(ctx, opts, d, tasks, decomposer.BatchOptions{OutDir: opts.Out, Knowledge: knowledge, Suite: opts.Suite, Shard: sh})
}

// check rejects a command line that cannot work, before any work starts.
func (opts *DecomposeOptions) check() (shard.Shard, error) {
	if err := opts.Model.check(); err != nil {
		return shard.Shard{}, err
	}
	switch {
	case (opts.Task == "") == (opts.Suite == ""):
		return shard.Shard{}, usagef("decompose: give exactly one of --task TEXT or --suite FILE")
	case opts.Suite != "" && opts.Out == "":
		return shard.Shard{}, usagef("decompose: --suite needs --out DIR for the per-task files and summary.json")
	case opts.Shard != "" && opts.Suite == "":
		return shard.Shard{}, usagef("decompose: --shard splits the tasks of --suite; --task is one")
	case opts.Concurrency < 0:
		return shard.Shard{}, usagef("decompose: --concurrency %d: want 1 or more (0 = --model-concurrency)", opts.Concurrency)
	case opts.Repairs < 0:
		return shard.Shard{}, usagef("decompose: --repairs %d: want 0 (none) or more", opts.Repairs)
	}
	sh, err := shard.Parse(opts.Shard, opts.Getenv)
	if err != nil {
		return sh, usagef("decompose: %v", err)
	}
	if opts.Task != "" && opts.Out != "" {
		return sh, outFileFolder("--out", opts.Out)
	}
	return sh, nil
}

// loadSuite reads --suite with --operations and --limit applied.
func (opts *DecomposeOptions) loadSuite() ([]suite.Task, error) {
	tasks, err := suite.Load(opts.Suite)
	if err != nil {
		return nil, err
	}
	if opts.Operations {
		tasks = suite.Operations(tasks)
	}
	if opts.Limit > 0 && opts.Limit < len(tasks) {
		tasks = tasks[:opts.Limit]
	}
	if len(tasks) == 0 {
		return nil, fmt.Errorf("decompose: suite %s has no tasks to decompose", opts.Suite)
	}
	return tasks, nil
}

func decomposeOne(ctx context.Context, opts *DecomposeOptions, d *decomposer.Decomposer, model llm.Model, knowledge string) error {
	res, err := d.Run(ctx, decomposer.Input{Task: opts.Task, App: opts.App, Knowledge: knowledge})
	if err != nil {
		if ctx.Err() != nil {
			return interrupted("decompose: interrupted before the model answered; nothing was written")
		}
		return err
	}
	if opts.Out != "" {
		if err := writeJSONFile(opts.Out, res.Substates); err != nil {
			return fmt.Errorf("decompose: %w", err)
		}
	}
	if opts.JSON {
		data, _ := json.MarshalIndent(res.Substates, "", "  ")
		fmt.Fprintln(opts.IO.Out, string(data))
	} else {
		fmt.Fprint(opts.IO.Out, decomposer.Tree(res.Substates))
	}
	if opts.IO.Quiet {
		return nil
	}
	for _, m := range res.Notes {
		fmt.Fprintln(opts.IO.ErrOut, "note:", m)
	}
	src := fmt.Sprintf("%d model answer(s), %d+%d tokens, cost %s", res.Rounds, res.Usage.InputTokens, res.Usage.OutputTokens, res.Usage.CostText())
	if res.Cached {
		src = "from the database, no model call"
	}
	wrote := ""
	if opts.Out != "" {
		wrote = "; wrote " + opts.Out
	}
	fmt.Fprintf(opts.IO.ErrOut, "%d substates (%s) by %s%s\n", len(res.Substates.Nodes), src, model.Name(), wrote)
	return nil
}

func decomposeSuite(ctx context.Context, opts *DecomposeOptions, d *decomposer.Decomposer, tasks []suite.Task, bo decomposer.BatchOptions) error {
	bo.Concurrency = opts.Concurrency
	if bo.Concurrency == 0 {
		bo.Concurrency = opts.Model.calls.Concurrency // one call per task: as many tasks as requests
	}
	mine := suite.CountOwned(tasks, bo.Shard.Owns)
	if bo.Shard.Sharded() {
		opts.IO.Notef("shard %s: %d of the %d tasks of %s", bo.Shard, mine, len(tasks), opts.Suite)
	}
	bo.Progress = opts.IO.Bar("decompose", mine)
	sum, err := d.Batch(ctx, tasks, bo)
	bo.Progress.Finish()
	if sum != nil {
		// Usage covers every task of the suite, resumed ones included, so say so: a resumed
		// run that made no call would otherwise seem to have made them all.
		fmt.Fprintf(opts.IO.Out, "%d/%d tasks decomposed (%d resumed from an earlier run), %d failed; whole suite: %d model calls (%d cached), %d+%d tokens, cost %s\n",
			sum.Done, sum.Tasks, sum.Resumed, sum.Failed, sum.Usage.Calls, sum.Usage.CacheHits, sum.Usage.InputTokens, sum.Usage.OutputTokens, sum.Usage.CostText())
		fmt.Fprintf(opts.IO.Out, "wrote %s\n", filepath.Join(opts.Out, bo.SummaryName()))
	}
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return interrupted("decompose: interrupted; run the same command again to resume")
		}
		return err
	}
	if sum.Failed > 0 {
		return &exitError{code: 1, msg: fmt.Sprintf("decompose: %d task(s) failed (see %s); run again to retry them", sum.Failed, bo.SummaryName())}
	}
	return nil
}

// writeJSONFile writes v as indented JSON to path, whose folder exists.
func writeJSONFile(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}
