package judge

import (
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// SubstatesName is the file a trace directory may carry with its hand-written substates.
const SubstatesName = trace.SubstatesName

// SubstateSource says where a trace's substates come from, in order of preference.
type SubstateSource struct {
	// File is --substates: one decomposition used for every trace.
	File string
	// Decompose turns a task into substates through a model (cached by the decomposer);
	// nil when no model is configured.
	Decompose DecomposeFunc
	// Derive builds substates from the task text alone, when there is no model to
	// decompose it; JudgeTrace takes the judge kind's own rules when it is nil.
	Derive func(task, app string) *substate.List
}

// derivation is the judge kind's way to derive substates from a task, nil when it has
// none.
func derivation(kind string) func(task, app string) *substate.List {
	if kind == "" {
		kind = trace.JudgeLLM
	}
	d, err := lookup(kind)
	if err != nil {
		return nil
	}
	if sd, ok := d.(SubstateDeriver); ok {
		return sd.DeriveSubstates
	}
	return nil
}

// DecomposeFunc decomposes a task and reports the model usage it took (zero when the
// decomposition came from the cache), so the judgment can count what its substates cost.
type DecomposeFunc func(ctx context.Context, task, app string) (*substate.List, trace.Usage, error)

// ResolveSubstates finds the substates for t: the given file, else substates.json in the
// trace's own directory, else the decomposer, else (no model) substates derived from the
// task by src.Derive. The note says which, so the output can be honest about it. The
// usage is what decomposing cost (zero unless the model was called).
func ResolveSubstates(ctx context.Context, t *trace.Trace, src SubstateSource) (*substate.List, string, trace.Usage, error) {
	s, note, _, u, err := resolveSubstates(ctx, t, src)
	return s, note, u, err
}

// resolveSubstates is ResolveSubstates, saying also where the substates came from
// (trace.SubstatesFrom*), for the judgment's provenance.
func resolveSubstates(ctx context.Context, t *trace.Trace, src SubstateSource) (*substate.List, string, string, trace.Usage, error) {
	var none trace.Usage
	if src.File != "" {
		s, err := readSubstates(src.File)
		if err != nil {
			return nil, "", "", none, err
		}
		return s, "substates from " + src.File, trace.SubstatesFromFile, none, nil
	}
	if t.OwnsDir() && t.Dir != "" {
		p := filepath.Join(t.Dir, SubstatesName)
		if _, err := os.Stat(p); err == nil {
			s, err := substate.ReadFileIn(t.Dir, p)
			if err != nil {
				return nil, "", "", none, err
			}
			return s, "substates from " + p, trace.SubstatesFromTrace, none, nil
		}
	}
	if t.Task == "" {
		return nil, "", "", none, fmt.Errorf("%s: the trace has no task text to decompose; pass --substates FILE", trace.UniqueName(t))
	}
	if src.Decompose != nil {
		s, u, err := src.Decompose(ctx, t.Task, t.App)
		if err != nil {
			return nil, "", "", u, fmt.Errorf("decomposing the task of %s: %w", trace.UniqueName(t), err)
		}
		note := "substates decomposed from the task by the model (cached)"
		if u.Calls > 0 {
			note = fmt.Sprintf("substates decomposed from the task by the model: %d calls, %d+%d tokens, $%.4f, counted in the judgment's usage",
				u.Calls, u.InputTokens, u.OutputTokens, u.CostUSD)
		}
		return s, note, trace.SubstatesFromModel, u, nil
	}
	if src.Derive == nil {
		return nil, "", "", none, fmt.Errorf("%s: no model to decompose the task into substates (--model or $AUTOEVAL_MODEL), and this judge derives none from the task text; pass --substates FILE", trace.UniqueName(t))
	}
	s := src.Derive(t.Task, t.App)
	if err := s.Validate(); err != nil {
		return nil, "", "", none, err
	}
	return s, derivedNote, trace.SubstatesFromRules, none, nil
}

// derivedNote is ResolveSubstates' note when no file or model gave the substates.
const derivedNote = "no model to decompose the task: substates derived from the task text by fixed rules (an app-open page and one unit per clause)"

func readSubstates(path string) (*substate.List, error) {
	s, err := substate.ReadFile(path)
	if err != nil {
		return nil, err
	}
	return s, nil
}
