package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/autoeval/autoeval/decomposer"
	"github.com/autoeval/autoeval/internal/progress"
	"github.com/autoeval/autoeval/shard"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/suite"
)

type decomposeOptions struct {
	task, app, knowledge, out, suite string
	concurrency, repairs, limit      int
	operations, fresh, jsonOut       bool
	shard                            string
}

func newDecomposeCmd() *cobra.Command {
	var o decomposeOptions
	cmd := &cobra.Command{
		Use:   "decompose (--task TEXT | --suite FILE --out DIR)",
		Short: "Decompose a task into substates: the observable UI states a successful run passes",
		Long: `Ask the model (--model / $AUTOEVAL_MODEL) for the substates of a task: the pages and
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
splits the suite among processes (each with its own --db), all writing to one DIR.`,
		Example: `  autoeval decompose --model openai:gpt-4o-mini --task "Set an alarm for 7:30 AM" --app clock
  autoeval decompose --task "Turn on Wi-Fi" --out wifi.substates.json --json
  autoeval decompose --suite Android-Lab/evaluation/config --operations --out substates/ --concurrency 8
  autoeval decompose --model openai:qwen2.5-vl --base-url http://localhost:8000/v1 --suite task_metadata.json --out aw/`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runDecompose(cmd.Context(), o)
		},
	}
	f := cmd.Flags()
	f.StringVar(&o.task, "task", "", "the task text to decompose")
	f.StringVar(&o.app, "app", "", "name of the target app, given to the model (suites supply their own)")
	f.StringVar(&o.knowledge, "knowledge", "", "text file of app knowledge (page and element names) added to the prompt; for --suite a directory of <app>.txt or <app>.md files also works")
	f.StringVar(&o.out, "out", "", "with --task: write the substates JSON to this file; with --suite (required): the output directory")
	f.StringVar(&o.suite, "suite", "", "task list: AndroidWorld task_metadata.json, AndroidLab config YAML or directory, or a plain JSON/YAML list")
	f.BoolVar(&o.operations, "operations", false, "with --suite: keep only AndroidLab operation tasks (the AutoEval paper's benchmark)")
	f.IntVar(&o.limit, "limit", 0, "with --suite: decompose only the first N tasks (0 = all)")
	f.IntVar(&o.concurrency, "concurrency", 0, "with --suite: tasks decomposed at once (default: --model-concurrency; model calls are further bounded per provider)")
	f.StringVar(&o.shard, "shard", "", "with --suite: decompose only shard I of N of the tasks (I/N, numbered from 0), or auto in a Kubernetes Indexed Job or Slurm array; a task's shard follows from its id, and each shard writes its own summary.shard-I-of-N.json")
	f.IntVar(&o.repairs, "repairs", 2, "times an invalid answer is sent back with its problems before giving up (0 = none)")
	f.BoolVar(&o.fresh, "fresh", false, "ignore decompositions stored earlier and ask the model again (the model-call cache still applies unless --no-cache)")
	f.BoolVar(&o.jsonOut, "json", false, "with --task: print JSON instead of the tree")
	return cmd
}

func runDecompose(ctx context.Context, o decomposeOptions) error {
	if (o.task == "") == (o.suite == "") {
		return &exitError{code: 2, msg: "decompose: give exactly one of --task TEXT or --suite FILE"}
	}
	if o.suite != "" && o.out == "" {
		return &exitError{code: 2, msg: "decompose: --suite needs --out DIR for the per-task files and summary.json"}
	}
	if o.shard != "" && o.suite == "" {
		return &exitError{code: 2, msg: "decompose: --shard splits the tasks of --suite; --task is one"}
	}
	if o.concurrency < 0 {
		return &exitError{code: 2, msg: fmt.Sprintf("decompose: --concurrency %d: want 1 or more (0 = --model-concurrency)", o.concurrency)}
	}
	sh, err := shard.Parse(o.shard, os.Getenv)
	if err != nil {
		return &exitError{code: 2, msg: "decompose: " + err.Error()}
	}
	var tasks []suite.Task
	if o.suite != "" {
		if tasks, err = suite.Load(o.suite); err != nil {
			return err
		}
		if o.operations {
			tasks = suite.Operations(tasks)
		}
		if o.limit > 0 && o.limit < len(tasks) {
			tasks = tasks[:o.limit]
		}
		if len(tasks) == 0 {
			return fmt.Errorf("decompose: suite %s has no tasks to decompose", o.suite)
		}
	}
	knowledge, err := decomposeKnowledge(o.knowledge)
	if err != nil {
		return err
	}
	db, err := store.OpenDefault(ctx, global.db)
	if err != nil {
		return err
	}
	defer db.Close()
	model, err := openModel(ctx, global.model, db)
	if err != nil {
		return fmt.Errorf("decompose: %w", err)
	}
	repairs := o.repairs
	if repairs == 0 {
		repairs = -1 // the package reads 0 as "default"
	}
	// --no-cache promises a fresh model answer, so stored decompositions are skipped too.
	d := decomposer.New(model, db, decomposer.Options{Repairs: repairs, NoCache: o.fresh || global.noCache})

	if o.task != "" {
		res, err := d.Run(ctx, decomposer.Input{Task: o.task, App: o.app, Knowledge: knowledge(suite.Task{App: o.app})})
		if err != nil {
			if ctx.Err() != nil {
				return &exitError{code: 130, msg: "decompose: interrupted before the model answered; nothing was written"}
			}
			return err
		}
		if o.out != "" {
			if err := decomposeWriteJSON(o.out, res.Substates); err != nil {
				return fmt.Errorf("decompose: %w", err)
			}
		}
		if o.jsonOut {
			data, _ := json.MarshalIndent(res.Substates, "", "  ")
			fmt.Fprintln(stdout, string(data))
		} else {
			fmt.Fprint(stdout, decomposer.Tree(res.Substates))
		}
		if !global.quiet {
			for _, m := range res.Notes {
				fmt.Fprintln(stderr, "note:", m)
			}
			src := fmt.Sprintf("%d model answer(s), %d+%d tokens, cost %s", res.Rounds, res.Usage.InputTokens, res.Usage.OutputTokens, res.Usage.CostText())
			if res.Cached {
				src = "from the database, no model call"
			}
			fmt.Fprintf(stderr, "%d substates (%s) by %s%s\n", len(res.Substates.Nodes), src, model.Name(), decomposeWrote(o.out))
		}
		return nil
	}

	concurrency := o.concurrency
	if concurrency == 0 {
		concurrency = global.modelConcurrency // one call per task: as many tasks as requests
	}
	opts := decomposer.BatchOptions{OutDir: o.out, Concurrency: concurrency, Knowledge: knowledge, Suite: o.suite, Shard: sh}
	mine := len(tasks)
	if sh.Sharded() {
		mine = 0
		for _, t := range tasks {
			if sh.Owns(t.ID) {
				mine++
			}
		}
		if !global.quiet {
			fmt.Fprintf(stderr, "autoeval: shard %s: %d of the %d tasks of %s\n", sh, mine, len(tasks), o.suite)
		}
	}
	bar := progress.New("decompose", mine, global.quiet)
	opts.Progress = bar
	sum, err := d.Batch(ctx, tasks, opts)
	bar.Finish()
	if sum != nil {
		// Usage covers every task of the suite, resumed ones included, so say so: a resumed
		// run that made no call would otherwise seem to have made them all.
		fmt.Fprintf(stdout, "%d/%d tasks decomposed (%d resumed from an earlier run), %d failed; whole suite: %d model calls (%d cached), %d+%d tokens, cost %s\n",
			sum.Done, sum.Tasks, sum.Resumed, sum.Failed, sum.Usage.Calls, sum.Usage.CacheHits, sum.Usage.InputTokens, sum.Usage.OutputTokens, sum.Usage.CostText())
		fmt.Fprintf(stdout, "wrote %s\n", filepath.Join(o.out, opts.SummaryName()))
	}
	if err != nil {
		if errors.Is(err, context.Canceled) {
			return &exitError{code: 130, msg: "decompose: interrupted; run the same command again to resume"}
		}
		return err
	}
	if sum.Failed > 0 {
		return &exitError{code: 1, msg: fmt.Sprintf("decompose: %d task(s) failed (see %s); run again to retry them", sum.Failed, opts.SummaryName())}
	}
	return nil
}

func decomposeWrote(path string) string {
	if path == "" {
		return ""
	}
	return "; wrote " + path
}

// decomposeKnowledge reads --knowledge: one file for every task, or a directory with one
// file per app (<app>.txt or <app>.md, matched case-insensitively on app or package name).
func decomposeKnowledge(path string) (func(suite.Task) string, error) {
	if path == "" {
		return func(suite.Task) string { return "" }, nil
	}
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("decompose: --knowledge %s: %w", path, err)
	}
	if !st.IsDir() {
		data, err := os.ReadFile(path)
		if err != nil {
			return nil, fmt.Errorf("decompose: --knowledge %s: %w", path, err)
		}
		text := strings.TrimSpace(string(data))
		return func(suite.Task) string { return text }, nil
	}
	ents, err := os.ReadDir(path)
	if err != nil {
		return nil, fmt.Errorf("decompose: --knowledge %s: %w", path, err)
	}
	byName := map[string]string{}
	for _, e := range ents {
		ext := strings.ToLower(filepath.Ext(e.Name()))
		if e.IsDir() || (ext != ".txt" && ext != ".md") {
			continue
		}
		data, err := os.ReadFile(filepath.Join(path, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("decompose: --knowledge %s: %w", path, err)
		}
		byName[strings.ToLower(strings.TrimSuffix(e.Name(), filepath.Ext(e.Name())))] = strings.TrimSpace(string(data))
	}
	return func(t suite.Task) string {
		for _, k := range []string{t.App, t.Package} {
			if v, ok := byName[strings.ToLower(k)]; ok && k != "" {
				return v
			}
		}
		return ""
	}, nil
}

func decomposeWriteJSON(path string, v any) error {
	data, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return err
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
	}
	return os.WriteFile(path, append(data, '\n'), 0o644)
}
