package judge

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/autoeval/autoeval/internal/termtext"
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
			fmt.Fprintf(w, "%s    ↳ %s\n", strings.Repeat("  ", d), termtext.ClipLine(s.Analysis, treeAnalysisWidth))
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
	if j.Undetermined {
		fmt.Fprintf(w, "UNDETERMINED: the judge could not judge this trace: %s. The SCR below is no verdict on the agent.\n", j.UndeterminedReason)
	}
	o := j.RunVerdict()
	fmt.Fprintf(w, "Verdict: %s", strings.ToUpper(o.String()))
	if o.Reason != "" {
		fmt.Fprintf(w, ": %s", termtext.ClipLine(o.Reason, 400))
	}
	fmt.Fprintln(w)
	required := yesNo(j.CompleteRequired)
	if j.NoRequired {
		required = "undefined: every substate is optional"
	}
	fmt.Fprintf(w, "SCR %.2f (%d/%d)   complete: %s (strict), %s (required only)\n",
		j.SCR, sat, len(j.Substates), yesNo(j.Complete), required)
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
	if skipped > 0 && !j.Undetermined { // an undetermined judgment's reason says why already
		fmt.Fprintf(w, "Skipped %s\n", termtext.ClipLine(skipReasons(j), 800))
	}
	u := j.Usage
	fmt.Fprintf(w, "Model calls %d (+%d cached", u.Calls, u.CacheHits)
	if u.UnknownCalls > 0 {
		fmt.Fprintf(w, ", +%d cancelled with unknown tokens", u.UnknownCalls)
	}
	fmt.Fprintf(w, "), tokens %d in / %d out, cost %s\n", u.InputTokens, u.OutputTokens, u.CostText())
}

// treeAnalysisWidth bounds the analysis line under a ✗ row, in runes.
const treeAnalysisWidth = 110

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
	for _, s := range []string{CaptureXML, SourceElements, CaptureVision, CaptureBoth, CaptureOCR} {
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
