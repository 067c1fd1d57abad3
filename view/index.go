package view

import (
	"errors"
	"fmt"
	"hash/fnv"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/autoeval/autoeval/eval"
	"github.com/autoeval/autoeval/importer"
	"github.com/autoeval/autoeval/trace"
)

// The index knows every trace below the roots as a Summary, and notices what changes by
// polling: each pass stats the folders traces may appear in and, per trace, its folder
// (or file), trace.json and judgment files. Polling rather than inotify, because runs are
// shared on network volumes (NFS, a cluster's PVC) where another host's writes raise no
// inotify event; a pass over 10,000 traces is a few tens of thousands of stat calls.

// root is one --traces folder: as given (names are relative to it) and resolved, the
// boundary no file read may cross.
type root struct {
	given, real string
}

// fileSig identifies a version of a file or folder.
type fileSig struct {
	mod  int64
	size int64
}

// source is one path importer found: a trace folder, or a file holding one or more traces.
type source struct {
	root  int
	path  string
	isDir bool
	// sig is the source's state when it was read: the folder (or file) itself, trace.json
	// and every judgment file.
	sig     map[string]fileSig
	traces  []*Summary
	problem string // why it could not be read, when it could not
}

// snapshot is the index at one moment; requests read one without locks.
type snapshot struct {
	version  uint64
	traces   []*Summary // sorted by ID
	byID     map[string]*Summary
	problems []string // sources that could not be read, and why
	judges   []string
	taken    time.Time
}

// Change says what one pass found.
type Change struct {
	Version uint64   `json:"version"`
	Changed []string `json:"changed"` // ids whose summary changed or that appeared
	Removed []string `json:"removed"`
	Traces  int      `json:"traces"`
}

// Index is the live list of traces below the roots.
type Index struct {
	roots []root

	mu      sync.Mutex // held by a pass
	sources map[string]*source
	folders map[string]fileSig // folders walked through that are not traces
	strs    interner
	version uint64

	snap atomic.Pointer[snapshot]
}

// NewIndex reads every trace below the roots. A root that does not exist is an error;
// a trace that cannot be read is listed as a problem.
func NewIndex(roots []string) (*Index, error) {
	if len(roots) == 0 {
		return nil, errors.New("no --traces root given")
	}
	ix := &Index{sources: map[string]*source{}, folders: map[string]fileSig{}}
	for _, r := range roots {
		real, err := filepath.EvalSymlinks(r)
		if err != nil {
			return nil, fmt.Errorf("traces %s: %w", r, unwrapPathErr(err))
		}
		if real, err = filepath.Abs(real); err != nil {
			return nil, err
		}
		ix.roots = append(ix.roots, root{given: r, real: real})
	}
	if _, err := ix.Poll(); err != nil {
		return nil, err
	}
	return ix, nil
}

// Poll looks for changes since the last pass and publishes a new snapshot when it found
// any (Change.Version then grows).
func (ix *Index) Poll() (Change, error) {
	ix.mu.Lock()
	defer ix.mu.Unlock()
	changed := map[string]bool{}
	rescan := ix.snap.Load() == nil
	for p, sig := range ix.folders {
		if now, ok := statSig(p); !ok || now != sig {
			rescan = true
			break
		}
	}
	if rescan {
		if err := ix.rescan(changed); err != nil {
			return Change{}, err
		}
	}
	for _, src := range ix.sources {
		if src.sig == nil || !sourceUnchanged(src) {
			ix.load(src)
			changed[src.path] = true
		}
	}
	old := ix.snap.Load()
	if len(changed) == 0 && old != nil {
		return Change{Version: old.version, Traces: len(old.traces)}, nil
	}
	return ix.publish(old), nil
}

// rescan walks every root again, adding the sources that appeared and dropping those gone.
func (ix *Index) rescan(changed map[string]bool) error {
	seen := map[string]bool{}
	folders := map[string]fileSig{}
	for ri, r := range ix.roots {
		paths, dirs, err := importer.Scan(r.given)
		if err != nil {
			return fmt.Errorf("traces %s: %w", r.given, err)
		}
		for _, d := range dirs {
			if sig, ok := statSig(d); ok {
				folders[d] = sig
			}
		}
		for _, p := range paths {
			if seen[p] {
				continue // one folder given twice as a root
			}
			seen[p] = true
			if ix.sources[p] == nil {
				ix.sources[p] = &source{root: ri, path: p}
				changed[p] = true
			}
		}
	}
	for p := range ix.sources {
		if !seen[p] {
			delete(ix.sources, p)
			changed[p] = true
		}
	}
	ix.folders = folders
	return nil
}

// load (re)reads one source: its traces and, for a trace folder, its judgments.
func (ix *Index) load(src *source) {
	src.traces, src.problem = nil, ""
	r := ix.roots[src.root]
	st, err := os.Stat(src.path)
	if err != nil {
		src.sig, src.problem = map[string]fileSig{}, fmt.Sprintf("%s: %v", src.path, unwrapPathErr(err))
		return
	}
	src.isDir = st.IsDir()
	src.sig = currentSig(src)
	if err := inside(r.real, src.path); err != nil {
		src.problem = fmt.Sprintf("%s: %v", src.path, err)
		return
	}
	if err := regularOrDir(st); err != nil {
		src.problem = fmt.Sprintf("%s: %v", src.path, err)
		return
	}
	if src.isDir {
		if err := insideIfPresent(src.path, filepath.Join(src.path, trace.ManifestName)); err != nil {
			src.problem = fmt.Sprintf("%s: %v", filepath.Join(src.path, trace.ManifestName), err)
			return
		}
	}
	ts, err := importer.OpenAll(src.path)
	if err != nil {
		src.problem = oneLine(err.Error())
		return
	}
	for k, t := range ts {
		it := &eval.Item{Name: eval.ItemName(r.given, src.path, t), Trace: t}
		var warnings []string
		if src.isDir && len(ts) == 1 {
			for _, jf := range judgmentFiles(src.path) {
				if err := insideIfPresent(src.path, jf); err != nil {
					warnings = append(warnings, fmt.Sprintf("%s: %v", jf, err))
					continue
				}
				j, err := trace.ReadJudgment(jf)
				if err != nil {
					warnings = append(warnings, oneLine(err.Error()))
					continue
				}
				if w := it.Attach(jf, j); w != "" {
					warnings = append(warnings, w)
				}
			}
		}
		read := it.JudgmentFiles
		if src.isDir && len(ts) == 1 {
			watchJudgedFrames(src, t, it.Judgments)
		}
		// A judgment whose trace changed since is shown as stale and never counted, as
		// eval and report leave it out.
		it.CheckProvenance()
		files := make([]string, len(it.JudgmentFiles))
		for i, f := range it.JudgmentFiles {
			files[i] = filepath.Base(f)
		}
		s := summarize(it.Name, r.given, src.path, k, t, it.Judgments, files, &ix.strs)
		s.addStale(it.Stale, &ix.strs)
		s.Updated, s.state = latest(src.sig), sigState(src.sig)
		s.judgmentFiles, s.readFiles, s.unknown = it.JudgmentFiles, read, it.UnknownProvenance
		src.traces = append(src.traces, s)
		if len(warnings) > 0 && src.problem == "" {
			src.problem = strings.Join(warnings, "; ")
		}
	}
}

// publish makes a new snapshot of every source and says what differs from old.
func (ix *Index) publish(old *snapshot) Change {
	ix.version++
	sn := &snapshot{version: ix.version, byID: map[string]*Summary{}, taken: time.Now()}
	paths := make([]string, 0, len(ix.sources))
	for p := range ix.sources {
		paths = append(paths, p)
	}
	// Roots in the order given, paths sorted within: a name found below two roots is
	// taken by the first and the second becomes name~2, as eval names them.
	sort.Slice(paths, func(a, b int) bool {
		sa, sb := ix.sources[paths[a]], ix.sources[paths[b]]
		if sa.root != sb.root {
			return sa.root < sb.root
		}
		return paths[a] < paths[b]
	})
	judges := map[string]bool{}
	for _, p := range paths {
		src := ix.sources[p]
		if src.problem != "" {
			sn.problems = append(sn.problems, src.problem)
		}
		for i, s := range src.traces {
			id := s.name
			for n := 2; sn.byID[id] != nil; n++ {
				id = fmt.Sprintf("%s~%d", s.name, n)
			}
			if id != s.ID { // published summaries are never modified: requests read them unlocked
				c := *s
				c.ID, s = id, &c
				src.traces[i] = s
			}
			sn.byID[s.ID] = s
			sn.traces = append(sn.traces, s)
			for _, v := range s.Judgments {
				judges[v.Judge] = true
			}
		}
	}
	sort.Slice(sn.traces, func(a, b int) bool { return sn.traces[a].ID < sn.traces[b].ID })
	for j := range judges {
		sn.judges = append(sn.judges, j)
	}
	sort.Strings(sn.judges)
	ch := Change{Version: sn.version, Traces: len(sn.traces), Changed: []string{}, Removed: []string{}}
	if old != nil {
		for id, s := range sn.byID {
			if o := old.byID[id]; o != s {
				ch.Changed = append(ch.Changed, id)
			}
		}
		for id := range old.byID {
			if sn.byID[id] == nil {
				ch.Removed = append(ch.Removed, id)
			}
		}
		sort.Strings(ch.Changed)
		sort.Strings(ch.Removed)
	}
	ix.snap.Store(sn)
	return ch
}

// Traces returns the current summaries, sorted by id. They are shared: do not modify them.
func (ix *Index) Traces() []*Summary { return ix.snap.Load().traces }

// Version counts the changes published so far.
func (ix *Index) Version() uint64 { return ix.snap.Load().version }

// Roots are the roots as given.
func (ix *Index) Roots() []string {
	out := make([]string, len(ix.roots))
	for i, r := range ix.roots {
		out[i] = r.given
	}
	return out
}

// judgmentFiles lists the judgment files of a trace folder (judgment.json, judgment.*.json).
func judgmentFiles(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	var out []string
	for _, e := range entries {
		if !e.IsDir() && trace.IsJudgmentFile(e.Name()) {
			out = append(out, filepath.Join(dir, e.Name()))
		}
	}
	return out
}

// currentSig is what identifies the state of a source now: the folder or file itself, and
// in a folder its trace.json, substates.json and judgment files (a judgment may be judged
// against substates.json, and is stale once it changed). A file written in place changes
// its own time or size; one renamed into place (every autoeval write) changes the folder's.
func currentSig(src *source) map[string]fileSig {
	sig := map[string]fileSig{}
	if s, ok := statSig(src.path); ok {
		sig[src.path] = s
	}
	if !src.isDir {
		return sig
	}
	for _, name := range []string{trace.ManifestName, trace.SubstatesName} {
		if s, ok := statSig(filepath.Join(src.path, name)); ok {
			sig[name] = s
		}
	}
	for _, jf := range judgmentFiles(src.path) {
		if s, ok := statSig(jf); ok {
			sig[filepath.Base(jf)] = s
		}
	}
	return sig
}

// watchJudgedFrames adds the frame files of a trace folder to its source's signature when a
// judgment of it records what it was computed from: a frame rewritten in place makes that
// judgment stale, and changes neither the folder nor trace.json. Called before the
// judgments are checked, so a change made while they are read shows at the next pass.
func watchJudgedFrames(src *source, t *trace.Trace, judgments []*trace.Judgment) {
	if !slices.ContainsFunc(judgments, func(j *trace.Judgment) bool { return j.Provenance != nil }) {
		return
	}
	for i := range t.Frames {
		f := &t.Frames[i]
		for _, rel := range []string{f.Image, f.XML, f.Elements} {
			if rel == "" {
				continue
			}
			if s, ok := statSig(filepath.Join(src.path, rel)); ok {
				src.sig[rel] = s
			}
		}
	}
}

// sourceUnchanged checks a source's signature with as few calls as it can: the folder
// first (a renamed-in file changes it), then the files it held.
func sourceUnchanged(src *source) bool {
	s, ok := statSig(src.path)
	if !ok || s != src.sig[src.path] {
		return false
	}
	if !src.isDir {
		return true
	}
	for name, want := range src.sig {
		if name == src.path {
			continue
		}
		if now, ok := statSig(filepath.Join(src.path, name)); !ok || now != want {
			return false
		}
	}
	return true
}

func statSig(p string) (fileSig, bool) {
	st, err := os.Stat(p)
	if err != nil {
		return fileSig{}, false
	}
	return fileSig{mod: st.ModTime().UnixNano(), size: st.Size()}, true
}

// sigState sums up a signature: it changes whenever a file the signature covers changes
// its time or size, even to an older time (a file copied back with its own time).
func sigState(sig map[string]fileSig) string {
	names := make([]string, 0, len(sig))
	for n := range sig {
		names = append(names, n)
	}
	sort.Strings(names)
	h := fnv.New64a()
	for _, n := range names {
		fmt.Fprintf(h, "%s\x00%d\x00%d\x00", n, sig[n].mod, sig[n].size)
	}
	return strconv.FormatUint(h.Sum64(), 16)
}

func latest(sig map[string]fileSig) time.Time {
	var m int64
	for _, s := range sig {
		m = max(m, s.mod)
	}
	return time.Unix(0, m).UTC()
}

// inside fails when p resolves (through symbolic links) outside dir, itself resolved.
func inside(dir, p string) error {
	rp, err := filepath.EvalSymlinks(p)
	if err != nil {
		return unwrapPathErr(err)
	}
	if rp, err = filepath.Abs(rp); err != nil {
		return err
	}
	rel, err := filepath.Rel(dir, rp)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) || filepath.IsAbs(rel) {
		return errors.New("resolves outside the root (symbolic link): not read")
	}
	return nil
}

// insideIfPresent is inside for a file of a trace folder that may be absent, and also
// refuses anything but a regular file (a named pipe would block its reader).
func insideIfPresent(dir, p string) error {
	if _, err := os.Lstat(p); errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	rd, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return unwrapPathErr(err)
	}
	if rd, err = filepath.Abs(rd); err != nil {
		return err
	}
	if err := inside(rd, p); err != nil {
		return errors.New("resolves outside the trace folder (symbolic link): not read")
	}
	st, err := os.Stat(p)
	if err != nil {
		return unwrapPathErr(err)
	}
	return regularOrDir(st)
}

func regularOrDir(st fs.FileInfo) error {
	if !st.Mode().IsRegular() && !st.IsDir() {
		return fmt.Errorf("not a regular file (%s): not read", st.Mode().Type())
	}
	return nil
}

func unwrapPathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }
