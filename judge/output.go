package judge

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"unicode"

	"github.com/autoeval/autoeval/trace"
)

// WriteTree prints a judgment for people: the substates as a tree with ✓/✗ and the frame
// that showed each, then SCR, completion and what the models cost.
func WriteTree(w io.Writer, j *trace.Judgment) {
	fmt.Fprintf(w, "Task: %s\n", j.Task)
	fmt.Fprintf(w, "Judge: %s", j.Judge.Label())
	if j.Judge.Capture != "" {
		fmt.Fprintf(w, ", capture %s", j.Judge.Capture)
	}
	fmt.Fprintln(w)
	if j.Judge.Notice != "" {
		fmt.Fprintf(w, "Note: %s\n", j.Judge.Notice)
	}
	depth := map[int]int{}
	for _, s := range j.Substates {
		d := 0
		if s.Parent != nil {
			d = depth[*s.Parent] + 1
		}
		depth[s.ID] = d
		mark, where := "✗", "not reached"
		if s.Satisfied {
			mark, where = "✓", fmt.Sprintf("frame %d", *s.Frame)
		}
		kind := "page"
		if s.Kind == "unit" {
			kind = "unit"
		}
		opt := ""
		if s.Optional {
			opt = " (optional)"
		}
		fmt.Fprintf(w, "%s%s %d %s: %s%s  [%s]\n", strings.Repeat("  ", d), mark, s.ID, kind, s.Content, opt, where)
		if !s.Satisfied && s.Analysis != "" {
			// Why it failed, in one line: the judgment file has the whole text.
			fmt.Fprintf(w, "%s    ↳ %s\n", strings.Repeat("  ", d), clipLine(s.Analysis, treeAnalysisWidth))
		}
	}
	sat, skipped, same := 0, 0, 0
	for _, s := range j.Substates {
		if s.Satisfied {
			sat++
		}
	}
	for _, f := range j.Frames {
		if f.Skipped {
			skipped++
		}
		if f.SameAs != nil {
			same++
		}
	}
	fmt.Fprintf(w, "SCR %.2f (%d/%d)   complete: %s (strict), %s (required only)\n",
		j.SCR, sat, len(j.Substates), yesNo(j.Complete), yesNo(j.CompleteRequired))
	fmt.Fprintf(w, "Frames judged %d", len(j.Frames))
	if j.StoppedEarly {
		fmt.Fprint(w, " (stopped early: everything satisfied)")
	}
	if skipped > 0 {
		fmt.Fprintf(w, ", %d skipped", skipped)
	}
	if same > 0 {
		fmt.Fprintf(w, ", %d unchanged (no call)", same)
	}
	if src := sourceCounts(j.Frames); src != "" {
		fmt.Fprintf(w, "; described from %s", src)
	}
	fmt.Fprintln(w)
	u := j.Usage
	fmt.Fprintf(w, "Model calls %d (+%d cached), tokens %d in / %d out, cost $%.4f\n",
		u.Calls, u.CacheHits, u.InputTokens, u.OutputTokens, u.CostUSD)
}

// treeAnalysisWidth bounds the analysis line under a ✗ row, in runes.
const treeAnalysisWidth = 110

// clipLine folds s onto one line and cuts it to n runes, marking the cut.
func clipLine(s string, n int) string {
	s = strings.Join(strings.Fields(s), " ")
	if r := []rune(s); len(r) > n {
		return string(r[:n-1]) + "…"
	}
	return s
}

// sourceCounts says what the frames were described from, e.g. "xml 3, vision 1", in a
// fixed order; "" when no frame records it (judgments written before sources were kept).
func sourceCounts(frames []trace.FrameResult) string {
	n := map[string]int{}
	for _, f := range frames {
		if f.Source != "" {
			n[f.Source]++
		}
	}
	var parts []string
	for _, s := range []string{CaptureXML, SourceElements, CaptureVision, CaptureBoth} {
		if n[s] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", s, n[s]))
			delete(n, s)
		}
	}
	var other []string // sources this build does not know: still counted, sorted
	for s := range n {
		other = append(other, s)
	}
	sort.Strings(other)
	for _, s := range other {
		parts = append(parts, fmt.Sprintf("%s %d", s, n[s]))
	}
	return strings.Join(parts, ", ")
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// DefaultOutDir is where judgments go when the trace's own directory cannot take them.
const DefaultOutDir = "autoeval-out"

// OutputPath decides where a trace's judgment is written. out is the --out flag: a .json
// file (single trace) or a directory (one subdirectory per trace label). Without it the
// judgment goes beside the trace when the trace is its own writable directory, else under
// ./autoeval-out/<label>/. The note says why, when the location is not the obvious one.
func OutputPath(t *trace.Trace, label, out string, batch bool) (path, note string) {
	if out != "" {
		if !batch && strings.HasSuffix(strings.ToLower(out), ".json") {
			return out, ""
		}
		if st, err := os.Stat(out); err == nil && !st.IsDir() && !batch {
			return out, ""
		}
		if batch {
			return filepath.Join(out, SafeName(label), trace.JudgmentName), ""
		}
		return filepath.Join(out, trace.JudgmentName), ""
	}
	if ownDir(t) && writable(t.Dir) {
		return trace.JudgmentPath(t.Dir), ""
	}
	p := filepath.Join(DefaultOutDir, SafeName(label), trace.JudgmentName)
	why := "the trace directory is not writable"
	if !ownDir(t) {
		why = "the trace is a file, not a directory of its own"
	}
	return p, why + ", so the judgment goes to " + p
}

// besideOtherJudge keeps judgments of different judges side by side: when the default
// judgment.json at path already holds another judge's verdicts (say the heuristic baseline,
// and this is the model judge), this judgment goes to judgment.<judge>.json in the same
// folder instead of overwriting it, so eval and report can compare both.
func besideOtherJudge(path string, judge trace.JudgeInfo) (string, string) {
	if filepath.Base(path) != trace.JudgmentName {
		return path, ""
	}
	prev, err := trace.ReadJudgment(path)
	if err != nil || prev.Judge.Label() == judge.Label() {
		return path, ""
	}
	name := judge.Kind // "heuristic"
	if judge.Kind != trace.JudgeHeuristic {
		name = SafeName(judge.Label()) // the model, e.g. openai_gpt-4o
	}
	p := filepath.Join(filepath.Dir(path), "judgment."+name+".json")
	return p, fmt.Sprintf("%s holds the %s judgment, so this one goes beside it to %s", path, prev.Judge.Label(), p)
}

// ownDir reports whether the trace is a whole directory (not one file among others).
func ownDir(t *trace.Trace) bool {
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
