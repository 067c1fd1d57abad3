// Package decomposer turns a task description into substates: it prompts a model,
// parses and validates the answer, sends rule violations back for a bounded number of
// repairs, merges near-duplicate substates, and caches the result in the store.
package decomposer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/autoeval/autoeval/internal/termtext"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/prompts"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/substate"
)

// DefaultRepairs is the CLI's default for Options.Repairs.
const DefaultRepairs = 2

// Options tune a Decomposer.
type Options struct {
	// Repairs bounds the repair rounds after an unusable answer (0: none; the CLI's default
	// is DefaultRepairs).
	Repairs int
	// MergeThreshold is the word-overlap (Jaccard) at or above which two substates of the
	// same kind and parent count as duplicates (default 0.8; 1 merges only equal wording;
	// above 1 disables merging).
	MergeThreshold float64
	// NoCache ignores decompositions stored earlier (new ones are still stored).
	NoCache bool
}

// Store is what the decomposer keeps in the database (*store.DB is one): decompositions by
// key, so a task is decomposed once, and a batch's run and items, so a batch resumes.
type Store interface {
	// The decompositions are a cache: a lookup that fails is a miss, and a write that
	// fails costs a model call later.
	CachedDecomposition(ctx context.Context, key string) (nodes []byte, ok bool, err error)
	PutDecomposition(ctx context.Context, d store.Decomposition) error

	BeginRun(ctx context.Context, id, kind, agent string, config any) error
	GetItem(ctx context.Context, runID, item string, out any) (status string, err error)
	PutItem(ctx context.Context, runID, item, status string, result any, itemErr string) error
	FinishRun(ctx context.Context, id, status string) error
}

// Decomposer is safe for concurrent use.
type Decomposer struct {
	model llm.Model
	db    Store
	opts  Options
}

// New returns a decomposer over model; db (may be nil: no cache, no batches) keeps
// decompositions and batches.
func New(model llm.Model, db Store, opts Options) *Decomposer {
	opts.Repairs = max(opts.Repairs, 0)
	if opts.MergeThreshold == 0 {
		opts.MergeThreshold = 0.8
	}
	return &Decomposer{model: model, db: db, opts: opts}
}

// Result is a decomposition with what it took.
type Result struct {
	Substates *substate.List
	// Cached is true when the decomposition came from the store without any model call.
	Cached bool
	// Rounds is the number of model answers used (1 + repairs).
	Rounds int
	// Notes describe each near-duplicate merged and each substate adjusted.
	Notes []string
	Usage llm.Usage
}

// Input is one decomposition request.
type Input struct {
	Task, App, Knowledge string
	// Scope attributes the model calls in the ledger (default: the task text).
	Scope string
}

// Run decomposes in.Task and reports the details.
func (d *Decomposer) Run(ctx context.Context, in Input) (*Result, error) {
	if strings.TrimSpace(in.Task) == "" {
		return nil, errors.New("decompose: the task text is empty")
	}
	if d.model == nil {
		return nil, llm.ErrNotConfigured
	}
	key := d.key(in)
	if !d.opts.NoCache {
		if s, ok := d.lookup(ctx, key); ok {
			return &Result{Substates: s, Cached: true}, nil
		}
	}
	if in.Scope == "" {
		in.Scope = in.Task
	}
	res := &Result{}
	var repair string
	var lastErr error
	var asked []llm.Request
	for round := 0; round <= d.opts.Repairs; round++ {
		p, err := prompts.RenderDecomposer(prompts.DecomposerInput{Task: in.Task, App: in.App, Knowledge: in.Knowledge, Repair: repair})
		if err != nil {
			return nil, err
		}
		req := llm.Request{
			Purpose: "decompose", PromptVersion: p.Version, System: p.System, Prompt: p.Prompt,
			Schema: substate.Schema(), Temperature: 0, Scope: in.Scope,
		}
		asked = append(asked, req)
		resp, err := d.model.Generate(ctx, req)
		if err != nil {
			return nil, fmt.Errorf("decompose %q: %w", termtext.Clip(in.Task, 60), err)
		}
		res.Rounds++
		res.Usage.Add(resp.Usage())
		s, err := parse(resp.Text)
		if err == nil {
			s.Task = in.Task
			res.Notes = append(Merge(s, d.opts.MergeThreshold), OptionalChildren(s)...)
			res.Substates = s
			d.save(ctx, key, in.Task, s)
			return res, nil
		}
		lastErr = err
		repair = repairText(resp.Text, err)
	}
	// No valid answer: forget the cached ones, so "run again" really asks the model again.
	llm.Forget(ctx, d.model, asked...)
	return nil, fmt.Errorf("decompose %q: %s gave no valid substates after %d answers; last problem: %v", termtext.Clip(in.Task, 60), d.model.Name(), res.Rounds, lastErr)
}

// parse reads and validates a model's answer, adding the method's rules that the
// structural validator leaves to us.
func parse(text string) (*substate.List, error) {
	s, err := substate.Parse([]byte(text))
	if err != nil {
		return nil, err
	}
	var p []string
	if s.Nodes[0].Kind != substate.Page {
		p = append(p, fmt.Sprintf("substate %d: the first substate must be a page showing the target app open", s.Nodes[0].ID))
	}
	if len(p) > 0 {
		return nil, &substate.ValidationError{Problems: p}
	}
	return s, nil
}

func repairText(answer string, err error) string {
	answer = termtext.Clip(answer, 3000+1) // at most 3000 runes of it, and the cut mark
	var ve *substate.ValidationError
	problems := err.Error()
	if errors.As(err, &ve) {
		problems = "- " + strings.Join(ve.Problems, "\n- ")
	}
	return "It was:\n" + answer + "\n\nProblems:\n" + problems
}

// key identifies a decomposition: same task, app, knowledge, model, endpoint, model
// settings and prompt, same answer. The endpoint counts: one model name at two base URLs (a
// hosted API and a local server) is two models, and one's decomposition is not the other's;
// so does a reasoning model's effort.
func (d *Decomposer) key(in Input) string {
	parts := []string{in.Task, in.App, in.Knowledge, d.model.Name(), prompts.Decomposer.Version}
	if ep := llm.EndpointOf(d.model); ep != "" {
		parts = append(parts, ep)
	}
	if s := llm.SettingsOf(d.model); s != "" {
		parts = append(parts, "settings "+s)
	}
	b, _ := json.Marshal(parts)
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func (d *Decomposer) lookup(ctx context.Context, key string) (*substate.List, bool) {
	if d.db == nil {
		return nil, false
	}
	// A read error (a closed store) means "not cached": the model is asked.
	nodes, ok, err := d.db.CachedDecomposition(ctx, key)
	if !ok || err != nil {
		return nil, false
	}
	var s substate.List
	if json.Unmarshal(nodes, &s) != nil || s.Validate() != nil {
		return nil, false // a damaged row is recomputed, not trusted
	}
	return &s, true
}

func (d *Decomposer) save(ctx context.Context, key, task string, s *substate.List) {
	if d.db == nil {
		return
	}
	data, err := json.Marshal(s)
	if err != nil {
		return
	}
	_ = d.db.PutDecomposition(context.WithoutCancel(ctx), store.Decomposition{
		Key: key, Task: task, Model: d.model.Name(), PromptVersion: prompts.Decomposer.Version, Nodes: data})
}
