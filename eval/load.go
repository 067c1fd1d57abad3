package eval

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"

	"github.com/autoeval/autoeval/importer"
	"github.com/autoeval/autoeval/internal/safefile"
	"github.com/autoeval/autoeval/trace"
)

// Item is one trace with every judgment found for it.
type Item struct {
	// Name identifies the trace in tables and label files: its path relative to the root
	// (the directory's base name when the root is the trace itself).
	Name  string
	Trace *trace.Trace
	// Judgments holds one judgment per judge label, sorted by label.
	Judgments []*trace.Judgment
	// JudgmentFiles are the files the judgments came from, parallel to Judgments.
	JudgmentFiles []string
	// Stale are the judgments found for the trace that no longer match it: left out of
	// Judgments, never counted (see checkProvenance).
	Stale []StaleJudgment
	// UnknownProvenance names the judges (labels) of Judgments that record no provenance.
	UnknownProvenance []string

	path string // what importer.Discover found: a directory or a file
}

// Judgment returns the item's judgment by judge label, or nil.
func (it *Item) Judgment(label string) *trace.Judgment {
	for _, j := range it.Judgments {
		if j.Judge.Label() == label {
			return j
		}
	}
	return nil
}

// Dataset is every trace below one or more roots, with its judgments.
type Dataset struct {
	// Root names where the traces came from, for display: the root, or the roots joined
	// by ", " when several were merged (shards of a cluster job hand on their folders).
	Root  string
	Roots []string
	Items []*Item
	// Warnings name files that were skipped and why; the rest is still evaluated.
	Warnings []string
}

// JudgeLabels lists every judge present in the dataset, sorted.
func (d *Dataset) JudgeLabels() []string {
	seen := map[string]bool{}
	var out []string
	for _, it := range d.Items {
		for _, j := range it.Judgments {
			if l := j.Judge.Label(); !seen[l] {
				seen[l] = true
				out = append(out, l)
			}
		}
	}
	sort.Strings(out)
	return out
}

// LoadRoots finds every trace below each root (importer.Discover: native directories and
// the formats trace imports), reads the judgments kept in a trace's own directory
// (judgment.json and judgment.*.json) and, when judgmentsDir is set, judgment files below
// that directory, matched to traces by the judgment's "trace" field or by the name of the
// folder holding it (judge --out writes DIR/<trace label>/judgment.json). A trace or
// judgment that cannot be read becomes a warning naming the file; the rest is still
// evaluated.
//
// A root may also be one trace: a trace directory, an episode .json or a checkpoint
// (.pkl.gz, each episode an item). Then a trace that cannot be read is an error, and
// without judgmentsDir a file trace's judgments are also looked for where judge writes
// them by default (./autoeval-out/<label>/), taking only those of this very trace. So are
// those of the file traces in a folder, without --judgments.
//
// Several roots merge into one dataset, as the shards of a cluster job leave their traces
// (each shard's folder, or one shared folder named once). Items are named below their own
// root; a name found below two roots is most likely one trace judged by two shards, so
// both are kept (the second as name~2) and a warning names the roots.
func LoadRoots(roots []string, judgmentsDir string) (*Dataset, error) {
	if len(roots) == 0 {
		return nil, errors.New("traces: no root given")
	}
	d := &Dataset{Root: strings.Join(roots, ", "), Roots: roots}
	names := map[string]string{} // item name -> root it came from
	for _, root := range roots {
		if err := d.loadRoot(root, judgmentsDir, names); err != nil {
			return nil, err
		}
	}
	if len(d.Items) == 0 {
		if len(roots) == 1 {
			// Said as every command says it of one path: the importer's own answer.
			if _, err := importer.OpenAll(roots[0]); err != nil {
				return nil, err
			}
		}
		return nil, fmt.Errorf("%s: no traces found (no trace.json, traces/trace.jsonl or numbered images, in them or below them)", d.Root)
	}
	if len(roots) > 1 {
		// In name order, as one root holding them all would list them: shards split the
		// traces by a hash, and the bootstrap's resamples follow the order of the items.
		sort.SliceStable(d.Items, func(i, k int) bool { return d.Items[i].Name < d.Items[k].Name })
	}
	if judgmentsDir != "" {
		if err := d.loadJudgmentsDir(judgmentsDir); err != nil {
			return nil, err
		}
	}
	d.checkProvenance()
	readable, stale := 0, 0
	for _, it := range d.Items {
		if it.Trace.Readable() {
			readable++
		}
		stale += len(it.Stale)
	}
	// Traces nothing can judge need no hint, nor do stale judgments (found, and named in
	// their warnings with what to do).
	if len(d.JudgeLabels()) == 0 && readable > 0 && stale == 0 {
		hint := "no judgments found beside the traces"
		if judgmentsDir != "" {
			hint = "no judgments found beside the traces or in " + judgmentsDir
		}
		d.Warnings = append(d.Warnings, hint+"; judge writes them beside a trace directory, else under its --out (default ./autoeval-out): pass that folder as --judgments")
	}
	return d, nil
}

// loadRoot adds the traces below one root; names holds the item names taken so far.
func (d *Dataset) loadRoot(root, judgmentsDir string, names map[string]string) error {
	if _, err := os.Stat(root); err != nil {
		return fmt.Errorf("%s: %w", root, unwrapPathErr(err))
	}
	paths, err := importer.Discover(root)
	if err != nil {
		return fmt.Errorf("%s: %w", root, err)
	}
	// One trace named directly: its failure is the whole answer, not a warning above an
	// empty table.
	single := len(paths) == 1 && filepath.Clean(paths[0]) == filepath.Clean(root)
	var fileItems []*Item // file traces of a folder, whose judgments may be in ./autoeval-out
	for _, p := range paths {
		ts, err := importer.OpenAll(p)
		if err != nil {
			if single {
				return errors.New(oneLineErr(err))
			}
			d.Warnings = append(d.Warnings, "skipped trace: "+oneLineErr(err))
			continue
		}
		pst, _ := os.Stat(p)
		for _, t := range ts {
			it := &Item{Name: ItemName(root, p, t), Trace: t, path: p}
			if other, taken := names[it.Name]; taken && other != root {
				d.Warnings = append(d.Warnings, fmt.Sprintf("trace %s is below both %s and %s (the same trace judged by two shards?); both are counted", it.Name, other, root))
			}
			for base, n := it.Name, 2; names[it.Name] != ""; n++ {
				it.Name = fmt.Sprintf("%s~%d", base, n)
			}
			names[it.Name] = root
			if pst != nil && pst.IsDir() {
				entries, _ := os.ReadDir(p)
				for _, f := range entries {
					if f.IsDir() || !trace.IsJudgmentFile(f.Name()) {
						continue
					}
					// The trace's own judgments are files of its folder: one linked in from
					// elsewhere is not read (the viewer does not read it either).
					jp := filepath.Join(p, f.Name())
					if err := safefile.Inside(p, jp); err != nil {
						d.Warnings = append(d.Warnings, fmt.Sprintf("skipped judgment: %s: %v", jp, err))
						continue
					}
					d.addJudgment(it, jp)
				}
			} else if judgmentsDir == "" {
				if single {
					d.defaultOutJudgments(it)
				} else {
					fileItems = append(fileItems, it)
				}
			}
			d.Items = append(d.Items, it)
		}
	}
	if len(fileItems) > 0 {
		d.defaultOutFolderJudgments(fileItems)
	}
	return nil
}

// defaultOutJudgments attaches the judgments judge wrote for a file trace by default,
// ./autoeval-out/<label>/judgment*.json, when they name this trace: a folder of the same
// label may hold another trace's verdicts.
func (d *Dataset) defaultOutJudgments(it *Item) {
	dir := filepath.Join(trace.DefaultOutDir, trace.SafeName(trace.Label(it.Trace)))
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	want := trace.UniqueName(it.Trace)
	for _, f := range entries {
		if f.IsDir() || !trace.IsJudgmentFile(f.Name()) {
			continue
		}
		path := filepath.Join(dir, f.Name())
		j, err := trace.ReadJudgment(path)
		if err != nil {
			d.Warnings = append(d.Warnings, "skipped judgment: "+err.Error())
			continue
		}
		if absClean(j.Trace) != absClean(want) {
			d.Warnings = append(d.Warnings, fmt.Sprintf("skipped judgment: %s: it judges %q, not %s", path, j.Trace, want))
			continue
		}
		d.attach(it, path, j)
	}
}

// defaultOutFolderJudgments attaches to the file traces of a folder the judgments judge
// wrote for them by default, ./autoeval-out/*/judgment*.json. Every label folder is read,
// since judge renames clashing labels (label-2); only a judgment whose "trace" field names
// one of these files is taken, and the others, which belong to other traces, pass silently.
func (d *Dataset) defaultOutFolderJudgments(items []*Item) {
	byTrace := map[string]*Item{}
	for _, it := range items {
		byTrace[absClean(trace.UniqueName(it.Trace))] = it
	}
	dirs, err := os.ReadDir(trace.DefaultOutDir)
	if err != nil {
		return
	}
	for _, dir := range dirs {
		if !dir.IsDir() {
			continue
		}
		entries, _ := os.ReadDir(filepath.Join(trace.DefaultOutDir, dir.Name()))
		for _, f := range entries {
			if f.IsDir() || !trace.IsJudgmentFile(f.Name()) {
				continue
			}
			path := filepath.Join(trace.DefaultOutDir, dir.Name(), f.Name())
			j, err := trace.ReadJudgment(path)
			if err != nil {
				d.Warnings = append(d.Warnings, "skipped judgment: "+err.Error())
				continue
			}
			if it := byTrace[absClean(j.Trace)]; it != nil && j.Trace != "" {
				d.attach(it, path, j)
			}
		}
	}
}

// unwrapPathErr drops the path from *fs.PathError so messages name the path once.
func unwrapPathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

func oneLineErr(err error) string { return strings.Join(strings.Fields(err.Error()), " ") }

// ItemName names the trace t, opened from p below root, as eval, report and view show it:
// its path below root without a file extension (plus "#N" for later episodes of a
// multi-episode file), or its label when it is the root itself.
func ItemName(root, p string, t *trace.Trace) string {
	rel, err := filepath.Rel(root, p)
	if err != nil || rel == "." {
		return trace.Label(t)
	}
	rel = filepath.ToSlash(rel)
	for _, ext := range []string{".pkl.gz", ".pkl", ".json"} {
		if strings.HasSuffix(strings.ToLower(rel), ext) && len(rel) > len(ext) {
			rel = rel[:len(rel)-len(ext)]
			break
		}
	}
	if t.Source != nil && t.Source.Entry > 0 && t.Source.Format != trace.FormatNative {
		rel += "#" + strconv.Itoa(t.Source.Entry)
	}
	return rel
}

func (d *Dataset) addJudgment(it *Item, path string) {
	j, err := trace.ReadJudgment(path)
	if err != nil {
		d.Warnings = append(d.Warnings, "skipped judgment: "+err.Error())
		return
	}
	d.attach(it, path, j)
}

func (d *Dataset) attach(it *Item, path string, j *trace.Judgment) {
	if w := it.Attach(path, j); w != "" {
		d.Warnings = append(d.Warnings, w)
	}
}

// Attach adds the judgment read from path to the item, keeping one per judge label (the
// one finished last) and the judgments sorted by label. The warning, when not empty, says
// what was not taken and why.
func (it *Item) Attach(path string, j *trace.Judgment) (warning string) {
	if j.Judge.Kind == "" {
		return fmt.Sprintf("skipped judgment: %s: no judge.kind (not a judgment file?)", path)
	}
	label := j.Judge.Label()
	for i, old := range it.Judgments {
		if old.Judge.Label() == label {
			// Two files from the same judge: the later run wins, and the user hears about it.
			w := fmt.Sprintf("trace %s: judge %q appears in both %s and %s; using the one finished last",
				it.Name, label, it.JudgmentFiles[i], path)
			if j.Finished.After(old.Finished) {
				it.Judgments[i], it.JudgmentFiles[i] = j, path
			}
			return w
		}
	}
	it.Judgments = append(it.Judgments, j)
	it.JudgmentFiles = append(it.JudgmentFiles, path)
	sort.Sort(byLabel{it})
	return ""
}

type byLabel struct{ it *Item }

func (b byLabel) Len() int { return len(b.it.Judgments) }
func (b byLabel) Less(i, k int) bool {
	return b.it.Judgments[i].Judge.Label() < b.it.Judgments[k].Judge.Label()
}
func (b byLabel) Swap(i, k int) {
	b.it.Judgments[i], b.it.Judgments[k] = b.it.Judgments[k], b.it.Judgments[i]
	b.it.JudgmentFiles[i], b.it.JudgmentFiles[k] = b.it.JudgmentFiles[k], b.it.JudgmentFiles[i]
}

func absClean(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return filepath.Clean(p)
}

// loadJudgmentsDir attaches judgment files kept outside the trace directories (judge --out).
func (d *Dataset) loadJudgmentsDir(dir string) error {
	if st, err := os.Stat(dir); err != nil {
		return fmt.Errorf("judgments %s: %w", dir, err)
	} else if !st.IsDir() {
		return fmt.Errorf("judgments %s: not a directory", dir)
	}
	byAbs := map[string]*Item{}
	byBase := map[string][]*Item{}
	byName := map[string]*Item{}
	for _, it := range d.Items {
		byAbs[absClean(it.path)] = it
		seen := map[string]bool{}
		for _, b := range []string{filepath.Base(filepath.Clean(it.path)), trace.Label(it.Trace), trace.SafeName(trace.Label(it.Trace))} {
			if !seen[b] {
				seen[b] = true
				byBase[b] = append(byBase[b], it)
			}
		}
		byName[it.Name] = it
	}
	unique := func(base string) *Item {
		if l := byBase[base]; len(l) == 1 {
			return l[0]
		}
		return nil
	}
	return filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			d.Warnings = append(d.Warnings, err.Error())
			return nil
		}
		if e.IsDir() || !strings.HasSuffix(e.Name(), ".json") {
			return nil
		}
		if !trace.IsJudgmentFile(e.Name()) && !strings.HasPrefix(e.Name(), "judgment") {
			return nil
		}
		j, err := trace.ReadJudgment(path)
		if err != nil {
			d.Warnings = append(d.Warnings, "skipped judgment: "+err.Error())
			return nil
		}
		rel, _ := filepath.Rel(dir, filepath.Dir(path))
		var it *Item
		switch {
		case j.Trace != "" && byAbs[absClean(j.Trace)] != nil:
			it = byAbs[absClean(j.Trace)]
		case byName[filepath.ToSlash(rel)] != nil:
			it = byName[filepath.ToSlash(rel)]
		case unique(filepath.Base(filepath.Dir(path))) != nil:
			it = unique(filepath.Base(filepath.Dir(path)))
		case j.Trace != "" && unique(filepath.Base(filepath.Clean(j.Trace))) != nil:
			it = unique(filepath.Base(filepath.Clean(j.Trace)))
		}
		if it == nil {
			d.Warnings = append(d.Warnings, fmt.Sprintf("skipped judgment: %s: matches no trace below %s (trace field %q)", path, d.Root, j.Trace))
			return nil
		}
		d.attach(it, path, j)
		return nil
	})
}
