package importer

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/autoeval/autoeval/internal/termtext"
	"github.com/autoeval/autoeval/trace"
)

// OpenedSource is one path that holds traces (a directory, an episode file, a checkpoint with
// several episodes), with what opening it gave: its traces, or the error.
type OpenedSource struct {
	Path   string
	Traces []*trace.Trace
	Err    error
}

// OpenEach opens every trace source below path. One bad source does not hide the others:
// its error is in its OpenedSource. When path holds no traces at all, the error says why.
func OpenEach(path string) ([]OpenedSource, error) {
	return OpenEachContext(context.Background(), path)
}

// OpenEachContext is OpenEach ending with ctx's error once ctx is done (between two
// sources, or inside the reading of a checkpoint).
func OpenEachContext(ctx context.Context, path string) ([]OpenedSource, error) {
	paths, err := Discover(path)
	if err != nil {
		return nil, err
	}
	if len(paths) == 0 {
		// Let Open say precisely why path is not a trace.
		if _, oerr := Open(path); oerr != nil {
			return nil, oerr
		}
		return nil, fmt.Errorf("%s: no traces found", path)
	}
	out := make([]OpenedSource, 0, len(paths))
	for _, p := range paths {
		ts, err := openContext(ctx, p, false)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		out = append(out, OpenedSource{Path: p, Traces: ts, Err: err})
	}
	return out, nil
}

// ImportItem is one trace to write natively, and where.
type ImportItem struct {
	Source string // the source path it was opened from
	Trace  *trace.Trace
	Dest   string
}

// ImportPlan is what importing path into out will do.
type ImportPlan struct {
	Items []ImportItem
	// OpenErrs are the sources that could not be opened, one error each.
	OpenErrs []error
}

// PlanImport opens every trace at path and gives each a destination: out itself when path
// is a single trace, else out/<label>, with a numeric suffix when two sources share a
// label. Sources inside out are left out, so a rerun never imports its own copies.
func PlanImport(path, out string) (*ImportPlan, error) {
	sources, err := OpenEach(path)
	if err != nil {
		return nil, err
	}
	absOut, _ := filepath.Abs(out)
	inOut := func(p string) bool {
		a, err := filepath.Abs(p)
		return err == nil && (a == absOut || strings.HasPrefix(a, absOut+string(filepath.Separator)))
	}
	plan := &ImportPlan{}
	for _, s := range sources {
		switch {
		case inOut(s.Path):
		case s.Err != nil:
			plan.OpenErrs = append(plan.OpenErrs, s.Err)
		default:
			for _, t := range s.Traces {
				plan.Items = append(plan.Items, ImportItem{Source: s.Path, Trace: t})
			}
		}
	}
	if len(plan.Items) == 0 && len(plan.OpenErrs) == 1 {
		return nil, plan.OpenErrs[0]
	}
	if len(plan.Items) == 0 && len(plan.OpenErrs) == 0 {
		return nil, fmt.Errorf("every trace at %s is inside the destination %s; nothing to import", path, out)
	}
	single := len(plan.Items) == 1 && len(plan.OpenErrs) == 0
	used := map[string]int{}
	for i := range plan.Items {
		if single {
			plan.Items[i].Dest = out
			continue
		}
		name := dirName(trace.Label(plan.Items[i].Trace))
		used[name]++
		if used[name] > 1 {
			// Two sources with the same name (e.g. runs/a/trace_7 and runs/b/trace_7).
			name = fmt.Sprintf("%s-%d", name, used[name])
		}
		plan.Items[i].Dest = filepath.Join(out, name)
	}
	return plan, nil
}

var unsafeName = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// dirName turns a trace label into one safe directory name.
func dirName(label string) string {
	n := strings.Trim(unsafeName.ReplaceAllString(strings.ReplaceAll(label, "#", "-"), "_"), "._")
	if n == "" {
		n = "trace"
	}
	return n
}

// ErrDifferentTrace is returned by Import when the destination holds another trace.
var ErrDifferentTrace = errors.New("already holds a different trace")

// Import writes the item natively. already is true when the same trace is there from an
// earlier import (a rerun skips it): the same texts, ground truth, claim, answer, parameters
// and frames, file by file. An earlier import of the same source that no longer matches it
// (its reward flipped, its texts or frames changed) is an ErrSourceChanged error naming the
// source file and what changed; a different trace at the destination an ErrDifferentTrace
// error. Neither is passed off as imported.
func Import(it ImportItem) (written *trace.Trace, already bool, err error) {
	nt, err := trace.WriteNative(it.Trace, it.Dest)
	if !errors.Is(err, trace.ErrExists) {
		return nt, false, err
	}
	prev, perr := Open(it.Dest)
	if perr != nil {
		// A trace.json that does not open is not this trace; calling it imported would
		// hand the caller a nil trace and hide the damage.
		return nil, false, fmt.Errorf("%s already holds a trace.json that does not open: %w", it.Dest, perr)
	}
	diff := changes(prev, it.Trace)
	if len(diff) == 0 {
		return prev, true, nil
	}
	if sameSource(prev, it.Trace) {
		return nil, false, &sourceChangedError{dest: it.Dest, source: it.Source, changes: diff}
	}
	return nil, false, fmt.Errorf("%s %w (%q, %d frames); choose another destination", it.Dest, ErrDifferentTrace, termtext.Clip(prev.Task, 60), len(prev.Frames))
}
