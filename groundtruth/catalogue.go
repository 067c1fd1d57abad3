// Package groundtruth computes AndroidWorld-style programmatic rewards from a
// device's system state (app SQLite databases, files, settings, content providers)
// read over adb, and talks to AndroidWorld's own server when it should be the oracle.
//
// Native checks, by AndroidWorld task name:
//
//	before, _ := groundtruth.TakeSnapshot(ctx, dev, "ExpenseDeleteSingle", params) // before the agent
//	// ... the agent runs ...
//	res, err := groundtruth.Check(ctx, dev, "ExpenseDeleteSingle", params, before)
//	// res.Reward in [0,1], res.Parts say which rows/files/settings matched.
//
// Snapshots are only needed by families with Diff set (see Families); Save and
// LoadSnapshot carry them across processes. A state that cannot be read is an error,
// never reward 0.
//
// AndroidWorld as the oracle (its server decides the reward):
//
//	o := &groundtruth.Oracle{Client: &groundtruth.AndroidWorldClient{BaseURL: url}, TaskType: name, Index: 0}
//	goal, err := o.Begin(ctx) // /task/initialize, /task/goal
//	// ... the agent runs ...
//	res, err := o.End(ctx)    // /task/score, then /task/tear_down
//
// A runner need not know which of the two it has: both are a Source (Native{} and
// &AndroidWorld{...}), which begins a task before its agent runs and scores it after.
package groundtruth

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"time"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/autoeval/autoeval/internal/safefile"
	"github.com/autoeval/autoeval/internal/strictjson"
	"github.com/autoeval/autoeval/trace"
)

// Family is one AndroidWorld task (by its registry name) with a native check.
type Family struct {
	Name   string   // AndroidWorld task name, e.g. "SimpleSmsSend"
	App    string   // the app whose state is read
	Checks string   // what the check looks at, one line
	Params []string // parameters the check reads; "?" marks optional ones
	// Diff is true when the check compares against a pre-task snapshot; without
	// one it falls back to the after-state and says so.
	Diff bool
	// BeforeNote says what goes unchecked without a snapshot (default: side effects on other rows).
	BeforeNote string

	tables []tableRef              // what a snapshot captures
	files  func(p Params) []string // files whose content a snapshot captures
	// commands are shell commands whose output a snapshot keeps, for checks that read
	// the before-state the way AndroidWorld reads it (content query, ls).
	commands func(p Params) []string
	check    func(ctx context.Context, dev Device, p Params, before *Snapshot) (*Result, error)
}

type tableRef struct{ DB, Table, Key string }

var catalogue = map[string]*Family{}

func register(f *Family) {
	if _, dup := catalogue[f.Name]; dup {
		panic("groundtruth: family registered twice: " + f.Name)
	}
	catalogue[f.Name] = f
}

// Known reports whether taskName has a native check.
func Known(taskName string) bool { _, ok := catalogue[taskName]; return ok }

// Families lists the catalogue sorted by name.
func Families() []Family {
	out := make([]Family, 0, len(catalogue))
	for _, f := range catalogue {
		out = append(out, *f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Lookup returns the family for a task name.
func Lookup(taskName string) (*Family, error) {
	f, ok := catalogue[taskName]
	if !ok {
		return nil, fmt.Errorf("no ground-truth check for task %q (see `autoeval groundtruth --list`)", taskName)
	}
	return f, nil
}

// Check computes the task's reward from the device's current state. before is the
// pre-task snapshot for diff-based families (nil when none was taken). Failure to
// read state (missing or corrupt database, adb errors) is an error, never reward 0.
func Check(ctx context.Context, dev Device, taskName string, params Params, before *Snapshot) (*Result, error) {
	f, err := Lookup(taskName)
	if err != nil {
		return nil, err
	}
	if params == nil {
		params = Params{}
	}
	if before != nil && before.Task != "" && before.Task != taskName {
		return nil, fmt.Errorf("before snapshot was taken for task %q, not %q", before.Task, taskName)
	}
	r, err := f.check(ctx, dev, params, before)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", taskName, err)
	}
	r.Task = taskName
	if f.Diff && before == nil {
		note := f.BeforeNote
		if note == "" {
			note = "rows other than the targets were not checked for side effects"
		}
		r.Explanation += "\n(no before snapshot: " + note + ")"
		r.Lenient = true
	}
	return r, nil
}

// Snapshot is the pre-task state a diff-based check compares against.
type Snapshot struct {
	Task   string           `json:"task"`
	Taken  time.Time        `json:"taken"`
	Tables map[string][]Row `json:"tables"` // key: "DBPATH#TABLE"
	// Files holds captured file contents by device path; null means absent.
	Files map[string]*string `json:"files,omitempty"`
	// Dirs holds directory listings by device path (snapshots of earlier versions; the
	// camera tasks now keep `ls DIR` in Outputs, as AndroidWorld reads it).
	Dirs map[string][]DirEntry `json:"dirs,omitempty"`
	// Outputs holds captured shell command outputs by command.
	Outputs map[string]string `json:"outputs,omitempty"`
}

// SnapshotFile is the file a snapshot is saved as inside its directory.
const SnapshotFile = "groundtruth-before.json"

// maxSnapshotBytes bounds the snapshot a check reads: the few app tables and files a
// check compares are kilobytes; a trace.json may be as large.
const maxSnapshotBytes = trace.MaxManifestBytes

func tableKey(db, table string) string { return db + "#" + table }

// TakeSnapshot captures what taskName's check will diff against. Families that do
// not diff get an empty snapshot (nothing to read, nothing to fail).
func TakeSnapshot(ctx context.Context, dev Device, taskName string, params Params) (*Snapshot, error) {
	f, err := Lookup(taskName)
	if err != nil {
		return nil, err
	}
	s := &Snapshot{Task: taskName, Taken: time.Now().UTC(), Tables: map[string][]Row{}}
	// Each database is pulled once for all its tables.
	var dbs []string
	tables := map[string][]string{}
	for _, t := range f.tables {
		if tables[t.DB] == nil {
			dbs = append(dbs, t.DB)
		}
		tables[t.DB] = append(tables[t.DB], t.Table)
	}
	for _, db := range dbs {
		got, err := ReadTables(ctx, dev, db, tables[db]...)
		if err != nil {
			return nil, fmt.Errorf("%s: snapshot: %w", taskName, err)
		}
		for table, rows := range got {
			if rows == nil {
				rows = []Row{}
			}
			s.Tables[tableKey(db, table)] = rows
		}
	}
	if f.files != nil {
		s.Files = map[string]*string{}
		for _, p := range f.files(params) {
			data, ok, err := PullFile(ctx, dev, p)
			if err != nil {
				return nil, fmt.Errorf("%s: snapshot: %w", taskName, err)
			}
			if ok {
				text := string(data)
				s.Files[p] = &text
			} else {
				s.Files[p] = nil
			}
		}
	}
	if f.commands != nil {
		s.Outputs = map[string]string{}
		for _, c := range f.commands(params) {
			out, err := dev.Shell(ctx, c)
			if err != nil {
				return nil, fmt.Errorf("%s: snapshot: %s: %w", taskName, c, err)
			}
			s.Outputs[c] = out
		}
	}
	return s, nil
}

// file returns a captured file: known reports whether the snapshot holds it.
func (s *Snapshot) file(p string) (content *string, known bool) {
	if s == nil || s.Files == nil {
		return nil, false
	}
	c, ok := s.Files[p]
	return c, ok
}

// output returns a captured command output: known reports whether the snapshot holds it.
func (s *Snapshot) output(cmd string) (string, bool) {
	if s == nil || s.Outputs == nil {
		return "", false
	}
	out, ok := s.Outputs[cmd]
	return out, ok
}

// rows returns a captured table, or nil when the snapshot (or table) is absent.
func (s *Snapshot) rows(db, table string) ([]Row, bool) {
	if s == nil {
		return nil, false
	}
	r, ok := s.Tables[tableKey(db, table)]
	return r, ok
}

// Save writes the snapshot as DIR/groundtruth-before.json.
func (s *Snapshot) Save(dir string) error {
	data, err := json.MarshalIndent(s, "", "  ")
	if err != nil {
		return err
	}
	return trace.WriteFileAtomic(filepath.Join(dir, SnapshotFile), append(data, '\n'), 0o644)
}

// LoadSnapshot reads DIR/groundtruth-before.json, keys matched exactly and a key
// given twice an error (strictjson), as every reader of outside JSON does. Numbers come
// back as int64 when integral, so a loaded snapshot compares equal to the rows it was
// taken from.
//
// The file is read as outside input ('groundtruth --trace' reads the one in a trace folder):
// a regular file inside dir, of at most maxSnapshotBytes.
func LoadSnapshot(dir string) (*Snapshot, error) {
	path := filepath.Join(dir, SnapshotFile)
	data, err := safefile.ReadFileIn(dir, path, maxSnapshotBytes)
	if se := (*safefile.SizeError)(nil); errors.As(err, &se) {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if err != nil {
		return nil, err // a *fs.PathError naming the file
	}
	var raw struct {
		Task    string                                 `json:"task"`
		Taken   time.Time                              `json:"taken"`
		Tables  map[string][]map[string]jsontext.Value `json:"tables"`
		Files   map[string]*string                     `json:"files"`
		Dirs    map[string][]DirEntry                  `json:"dirs"`
		Outputs map[string]string                      `json:"outputs"`
	}
	if err := strictjson.Unmarshal(data, &raw); err != nil {
		return nil, fmt.Errorf("%s: not a ground-truth snapshot: %v", path, err)
	}
	s := Snapshot{Task: raw.Task, Taken: raw.Taken, Tables: map[string][]Row{}, Files: raw.Files, Dirs: raw.Dirs, Outputs: raw.Outputs}
	for k, rows := range raw.Tables {
		out := make([]Row, len(rows))
		for i, r := range rows {
			if r == nil {
				return nil, fmt.Errorf("%s: table %s row %d is null", path, k, i)
			}
			out[i] = Row{}
			for c, v := range r {
				val, err := snapshotValue(v)
				if err != nil {
					return nil, fmt.Errorf("%s: table %s row %d column %s: %v", path, k, i, c, err)
				}
				out[i][c] = val
			}
		}
		s.Tables[k] = out
	}
	return &s, nil
}

// snapshotValue reads a cell as Save wrote it: null, an integer (int64, exactly), a
// float, or a text.
func snapshotValue(v jsontext.Value) (any, error) {
	switch v.Kind() {
	case 'n':
		return nil, nil
	case '"':
		var s string
		if err := strictjson.Unmarshal(v, &s); err != nil {
			return nil, err
		}
		return s, nil
	case '0':
		if n, err := strconv.ParseInt(string(v), 10, 64); err == nil {
			return n, nil
		}
		f, err := strconv.ParseFloat(string(v), 64)
		if err != nil {
			return nil, fmt.Errorf("bad number %s", v)
		}
		return f, nil
	case 't', 'f':
		return normValue(v.Kind() == 't'), nil
	}
	return nil, fmt.Errorf("want a value a table cell holds, got %q", clip(string(v), 40))
}
