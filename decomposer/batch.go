package decomposer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"time"

	"github.com/autoeval/autoeval/internal/progress"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/prompts"
	"github.com/autoeval/autoeval/shard"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/suite"
	"github.com/autoeval/autoeval/trace"
	"golang.org/x/sync/errgroup"
)

// BatchOptions configure Batch.
type BatchOptions struct {
	// OutDir receives one <task id>.json per task and summary.json.
	OutDir string
	// Concurrency bounds tasks decomposed at once (default 4).
	Concurrency int
	// Knowledge returns optional app knowledge for a task (nil: none).
	Knowledge func(suite.Task) string
	// Suite names the task list in the summary and the run id.
	Suite string
	// Progress, when set, is advanced per task.
	Progress *progress.Bar
	// Shard, when set, is the part of the tasks this process decomposes (by task id); the
	// files keep the names they have in the whole suite.
	Shard shard.Shard
}

// SummaryName is the summary's file name in OutDir: summary.json, or one per shard
// (summary.shard-2-of-8.json), so shards writing to one directory keep theirs apart.
func (o BatchOptions) SummaryName() string {
	if !o.Shard.Sharded() {
		return "summary.json"
	}
	return fmt.Sprintf("summary.shard-%d-of-%d.json", o.Shard.Index, o.Shard.Count)
}

// TaskResult is one line of the summary.
type TaskResult struct {
	ID        string    `json:"id"`
	Task      string    `json:"task"`
	App       string    `json:"app,omitempty"`
	Status    string    `json:"status"` // done | failed
	File      string    `json:"file,omitempty"`
	Substates int       `json:"substates,omitempty"`
	Optional  int       `json:"optional,omitempty"`
	Notes     []string  `json:"notes,omitempty"` // merges and adjustments
	Rounds    int       `json:"rounds,omitempty"`
	Cached    bool      `json:"cached,omitempty"`
	Error     string    `json:"error,omitempty"`
	Usage     llm.Usage `json:"usage"`
}

// Summary is what Batch writes to summary.json.
type Summary struct {
	RunID         string       `json:"run_id"`
	Suite         string       `json:"suite,omitempty"`
	Shard         string       `json:"shard,omitempty"` // I/N when the suite was split; Tasks counts this shard's
	Model         string       `json:"model"`
	PromptVersion string       `json:"prompt_version"`
	Tasks         int          `json:"tasks"`
	Done          int          `json:"done"`
	Failed        int          `json:"failed"`
	Resumed       int          `json:"resumed"` // finished in an earlier, interrupted run
	Usage         llm.Usage    `json:"usage"`
	Finished      time.Time    `json:"finished"`
	Results       []TaskResult `json:"results"`
}

// RunID names a batch: the same tasks, model, prompt and knowledge resume the same run.
func (d *Decomposer) RunID(tasks []suite.Task, opts BatchOptions) string {
	h := sha256.New()
	// A --fresh batch is its own run, so it redoes tasks a normal run finished, yet still
	// resumes itself after an interruption.
	fmt.Fprintf(h, "%s\x00%s\x00%s\x00%v\x00", d.model.Name(), prompts.Decomposer.Version, opts.OutDir, d.opts.NoCache)
	if ep := llm.EndpointOf(d.model); ep != "" {
		// A batch at another endpoint is another batch: its finished tasks are not this one's.
		fmt.Fprintf(h, "endpoint %s\x00", ep)
	}
	if s := llm.SettingsOf(d.model); s != "" {
		fmt.Fprintf(h, "settings %s\x00", s) // a reasoning model's effort, likewise
	}
	for _, t := range tasks {
		k := ""
		if opts.Knowledge != nil {
			k = opts.Knowledge(t)
		}
		fmt.Fprintf(h, "%s\x00%s\x00%s\x00%s\x00", t.ID, t.Instruction(), t.App, k)
	}
	if opts.Shard.Sharded() {
		fmt.Fprintf(h, "shard %s\x00", opts.Shard)
	}
	return "decompose-" + hex.EncodeToString(h.Sum(nil))[:16]
}

// Batch decomposes every task with bounded concurrency. Tasks finished by an earlier run
// with the same run id are not redone (their files are rewritten if missing). A task that
// fails is recorded and retried by the next run. On cancellation the work done so far is
// kept and ctx's error returned; the summary is written either way.
func (d *Decomposer) Batch(ctx context.Context, tasks []suite.Task, opts BatchOptions) (*Summary, error) {
	if d.db == nil {
		return nil, errors.New("decompose batch: a store is needed to resume")
	}
	if opts.Concurrency <= 0 {
		opts.Concurrency = 4
	}
	if err := os.MkdirAll(opts.OutDir, 0o755); err != nil {
		return nil, fmt.Errorf("decompose batch: %w", err)
	}
	runID := d.RunID(tasks, opts)
	if err := d.db.BeginRun(ctx, runID, "decompose-suite", "", map[string]any{
		"suite": opts.Suite, "model": d.model.Name(), "prompt_version": prompts.Decomposer.Version, "out": opts.OutDir, "tasks": len(tasks), "shard": opts.Shard.String(),
	}); err != nil {
		return nil, fmt.Errorf("decompose batch: store: %w", err)
	}
	files := fileNames(tasks) // over the whole suite: a task's file is the same in every shard
	results := make([]TaskResult, len(tasks))
	var todo []int
	resumed, owned := 0, 0
	for i, t := range tasks {
		if !opts.Shard.Owns(t.ID) {
			continue
		}
		owned++
		var prev struct {
			TaskResult
			Nodes *substate.List `json:"nodes"`
		}
		status, err := d.db.GetItem(ctx, runID, t.ID, &prev)
		if err == nil && status == store.ItemDone && prev.Nodes != nil {
			results[i] = prev.TaskResult
			path := filepath.Join(opts.OutDir, files[i])
			if _, err := os.Stat(path); err != nil {
				if err := trace.WriteJSONAtomic(path, prev.Nodes); err != nil {
					return nil, err
				}
			}
			resumed++
			continue
		}
		todo = append(todo, i)
	}
	if opts.Progress != nil {
		opts.Progress.Skip(resumed)
	}

	g, gctx := errgroup.WithContext(llm.WithRunID(ctx, runID))
	g.SetLimit(opts.Concurrency)
	var mu sync.Mutex
	for _, i := range todo {
		if gctx.Err() != nil {
			break
		}
		g.Go(func() error {
			t := tasks[i]
			r := TaskResult{ID: t.ID, Task: t.Instruction(), App: t.App}
			k := ""
			if opts.Knowledge != nil {
				k = opts.Knowledge(t)
			}
			res, err := d.Run(gctx, Input{Task: r.Task, App: t.App, Knowledge: k, Scope: t.ID})
			if err != nil && gctx.Err() != nil {
				return gctx.Err() // interrupted: leave the item for the next run
			}
			var nodes *substate.List
			if err != nil {
				r.Status, r.Error = store.ItemFailed, err.Error()
			} else {
				nodes = res.Substates
				r.Status, r.File = store.ItemDone, files[i]
				r.Substates, r.Optional = len(nodes.Nodes), len(nodes.Nodes)-nodes.Required()
				r.Notes, r.Rounds, r.Cached, r.Usage = res.Notes, res.Rounds, res.Cached, res.Usage
				if werr := trace.WriteJSONAtomic(filepath.Join(opts.OutDir, files[i]), nodes); werr != nil {
					return werr
				}
			}
			item := struct {
				TaskResult
				Nodes *substate.List `json:"nodes,omitempty"`
			}{r, nodes}
			if perr := d.db.PutItem(context.WithoutCancel(gctx), runID, t.ID, r.Status, item, r.Error); perr != nil {
				return fmt.Errorf("decompose batch: store: %w", perr)
			}
			mu.Lock()
			results[i] = r
			mu.Unlock()
			if opts.Progress != nil {
				opts.Progress.Done(t.ID, err)
			}
			return nil
		})
	}
	werr := g.Wait()
	if werr == nil {
		werr = ctx.Err()
	}
	sum := &Summary{RunID: runID, Suite: opts.Suite, Model: d.model.Name(), PromptVersion: prompts.Decomposer.Version,
		Tasks: owned, Resumed: resumed, Finished: time.Now().UTC()}
	if opts.Shard.Sharded() {
		sum.Shard = opts.Shard.String()
	}
	for _, r := range results {
		if r.ID == "" {
			continue // not reached before an interruption
		}
		switch r.Status {
		case store.ItemDone:
			sum.Done++
		case store.ItemFailed:
			sum.Failed++
		}
		sum.Usage.Add(r.Usage)
		sum.Results = append(sum.Results, r)
	}
	if err := trace.WriteJSONAtomic(filepath.Join(opts.OutDir, opts.SummaryName()), sum); err != nil && werr == nil {
		werr = err
	}
	status := "finished"
	if werr != nil {
		status = "interrupted"
	}
	_ = d.db.FinishRun(context.WithoutCancel(ctx), runID, status)
	return sum, werr
}

var unsafeChars = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// fileNames gives each task a distinct, filesystem-safe file name from its id.
func fileNames(tasks []suite.Task) []string {
	out := make([]string, len(tasks))
	used := map[string]bool{"summary.json": true}
	for i, t := range tasks {
		// Leading dots would hide the file (an id like "../x" becomes ".._x").
		base := strings.TrimLeft(unsafeChars.ReplaceAllString(t.ID, "_"), "._")
		if len(base) > 100 {
			base = base[:100]
		}
		if base == "" {
			base = "task"
		}
		if strings.HasPrefix(base, "summary.shard-") { // the shards' summaries
			base = "task-" + base
		}
		name := base + ".json"
		for n := 2; used[name]; n++ {
			name = fmt.Sprintf("%s-%d.json", base, n)
		}
		used[name] = true
		out[i] = name
	}
	return out
}
