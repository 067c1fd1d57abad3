package judge

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/autoeval/autoeval/importer"
	"github.com/autoeval/autoeval/shard"
	"github.com/autoeval/autoeval/trace"
)

// BatchTargets are the traces of a batch a shard owns.
type BatchTargets struct {
	Targets []Target
	// OpenErrs are the sources of the shard that could not be opened, one Result each.
	OpenErrs []Result
	// All counts the traces of every shard.
	All int
}

// RootedSource is a trace source and the root it was found below.
type RootedSource struct {
	importer.OpenedSource
	Root string
}

// OpenRoots opens the trace sources below every root, as eval and report merge repeated
// --traces: a source below two roots (one root inside another) is opened once.
func OpenRoots(ctx context.Context, roots []string) ([]RootedSource, error) {
	var out []RootedSource
	seen := map[string]bool{}
	for _, root := range roots {
		found, err := importer.OpenEachContext(ctx, root)
		if err != nil {
			return nil, err
		}
		for _, src := range found {
			key := src.Path
			if abs, err := filepath.Abs(key); err == nil {
				key = abs
			}
			if !seen[key] {
				seen[key] = true
				out = append(out, RootedSource{OpenedSource: src, Root: root})
			}
		}
	}
	return out, nil
}

// Targets makes the batch of the traces opened below their roots that shard sh owns.
// Labels, which name the output folders under --out, are made unique over all traces, so a
// trace gets the same folder whichever shard judges it. A trace belongs to a shard by its
// path below its root (plus #N for the N-th episode of a file holding several), with forward
// slashes, so every machine agrees wherever the data is mounted.
func Targets(sources []RootedSource, sh shard.Shard) BatchTargets {
	var b BatchTargets
	var ids []string
	for _, src := range sources {
		id := shardID(src.Root, src.Path)
		if src.Err != nil {
			if sh.Owns(id) {
				b.OpenErrs = append(b.OpenErrs, Result{Label: src.Path, Err: src.Err})
			}
			continue
		}
		for k, t := range src.Traces {
			b.Targets = append(b.Targets, Target{Label: trace.Label(t), Trace: t})
			ids = append(ids, entryID(id, k, src.Traces))
		}
	}
	dedupeLabels(b.Targets)
	b.All = len(b.Targets)
	if sh.Sharded() {
		mine := b.Targets[:0]
		for i, tg := range b.Targets {
			if sh.Owns(ids[i]) {
				mine = append(mine, tg)
			}
		}
		b.Targets = mine
	}
	return b
}

// shardID is what assigns a trace source to a shard: its path below root.
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
func dedupeLabels(ts []Target) {
	seen := map[string]int{}
	for i := range ts {
		l := ts[i].Label
		seen[l]++
		if seen[l] > 1 {
			ts[i].Label = fmt.Sprintf("%s-%d", l, seen[l])
		}
	}
}
