package trace

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"unicode"
)

// DefaultOutDir is where judgments go when the trace's own directory cannot take them.
const DefaultOutDir = "autoeval-out"

// JudgmentOutputPath decides where a trace's judgment is written. out is the --out flag: a
// .json file (single trace) or a directory (one subdirectory per trace label). Without it
// the judgment goes beside the trace when the trace is its own writable directory, else
// under ./autoeval-out/<label>/. The note says why, when the location is not the obvious one.
func JudgmentOutputPath(t *Trace, label, out string, batch bool) (path, note string) {
	if out != "" {
		if !batch && strings.HasSuffix(strings.ToLower(out), ".json") {
			return out, ""
		}
		if st, err := os.Stat(out); err == nil && !st.IsDir() && !batch {
			return out, ""
		}
		if batch {
			return filepath.Join(out, SafeName(label), JudgmentName), ""
		}
		return filepath.Join(out, JudgmentName), ""
	}
	if t.OwnsDir() && writable(t.Dir) {
		return JudgmentPath(t.Dir), ""
	}
	p := filepath.Join(DefaultOutDir, SafeName(label), JudgmentName)
	why := "the trace directory is not writable"
	if !t.OwnsDir() {
		why = "the trace is a file, not a directory of its own"
	}
	return p, why + ", so the judgment goes to " + p
}

// BesideOtherJudgment keeps judgments of different judges side by side: when the default
// judgment.json at path already holds another judge's verdicts (say the heuristic baseline,
// and this is the model judge), this judgment goes to judgment.<judge>.json in the same
// folder instead of overwriting it, so eval and report can compare both. The note says so
// when the path changed.
func BesideOtherJudgment(path string, judge JudgeInfo) (string, string) {
	if filepath.Base(path) != JudgmentName {
		return path, ""
	}
	prev, err := ReadJudgment(path)
	if err != nil || prev.Judge.Label() == judge.Label() {
		return path, ""
	}
	name := judge.Kind // "heuristic"
	if judge.Kind != JudgeHeuristic {
		name = SafeName(judge.Label()) // the model, e.g. openai_gpt-4o
	}
	p := filepath.Join(filepath.Dir(path), "judgment."+name+".json")
	return p, fmt.Sprintf("%s holds the %s judgment, so this one goes beside it to %s", path, prev.Judge.Label(), p)
}

// OwnsDir reports whether the trace is a whole directory (not one file among others).
func (t *Trace) OwnsDir() bool {
	// A native copy keeps its original Source for provenance, but the directory is its own.
	if t.IsNative() || t.Source == nil || t.Source.Path == "" {
		return true
	}
	st, err := os.Stat(t.Source.Path)
	return err == nil && st.IsDir() && filepath.Clean(t.Source.Path) == filepath.Clean(t.Dir)
}

func writable(dir string) bool {
	// Permission bits first: as root a write would succeed even in a read-only tree
	// (../shared/data), and data marked read-only must stay untouched.
	st, err := os.Stat(dir)
	if err != nil || !st.IsDir() || st.Mode().Perm()&0o222 == 0 {
		return false
	}
	f, err := os.CreateTemp(dir, ".autoeval-write-test*")
	if err != nil {
		return false
	}
	name := f.Name()
	f.Close()
	os.Remove(name)
	return true
}

// SafeName turns a trace label into one path element.
func SafeName(label string) string {
	s := strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_' || r == '.' || r == '#' {
			return r
		}
		return '_'
	}, label)
	s = strings.Trim(s, "._")
	if s == "" {
		return "trace"
	}
	return s
}

// UniqueName is a stable, unique name for a trace (the judgment's "trace" field, which eval
// matches on): its source path, plus #N for a checkpoint's later episodes, else its
// directory. Unlike Label it is a full path, so two traces never share it.
func UniqueName(t *Trace) string {
	if t.Source != nil && t.Source.Path != "" {
		if t.Source.Entry > 0 {
			return fmt.Sprintf("%s#%d", t.Source.Path, t.Source.Entry)
		}
		return t.Source.Path
	}
	return t.Dir
}
