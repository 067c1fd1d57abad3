package judge

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/autoeval/autoeval/trace"
)

// Why frames were skipped, said once per reason with the frames it struck: a trace whose
// twelve frames are named pipes reads "frames 1-12: not a regular file (a named pipe)",
// not twelve lines, and a batch of refusals is not hidden behind "could not be described".

// skipGroup is the frames skipped for one reason, in frame order.
type skipGroup struct {
	frames []int
	reason string
}

// skipGroups groups the skipped frames by their reason, the frame's own mention of itself
// taken out (each reason names its frame), in the order the reasons first appear.
func skipGroups(frames []trace.FrameResult, keep func(trace.FrameResult) bool) []skipGroup {
	var out []skipGroup
	at := map[string]int{}
	for _, f := range frames {
		if !f.Skipped || !keep(f) {
			continue
		}
		r := skipProblem(f.Index, f.SkipReason)
		i, ok := at[r]
		if !ok {
			i = len(out)
			at[r] = i
			out = append(out, skipGroup{reason: r})
		}
		out[i].frames = append(out[i].frames, f.Index)
	}
	return out
}

// Rejected says whether a frame was skipped because every answer the model gave on it
// broke a rule (a model's problem), rather than because it could not be described (the
// trace's).
func Rejected(f trace.FrameResult) bool {
	return f.Skipped && strings.HasPrefix(f.SkipReason, rejectedPrefix)
}

// skipProblem is a skip reason without the frame it names: "frame 3: X", "0003.png
// (frame 3): X" and "frame 3 has X" become "X", "X" and "has X".
func skipProblem(index int, reason string) string {
	n := strconv.Itoa(index)
	if _, r, ok := strings.Cut(reason, " (frame "+n+"): "); ok {
		return r
	}
	if r, ok := strings.CutPrefix(reason, "frame "+n+": "); ok {
		return r
	}
	if r, ok := strings.CutPrefix(reason, "frame "+n+" "); ok {
		return r
	}
	return reason
}

// maxSkipGroups bounds the reasons a summary lists; the judgment keeps every frame's.
const maxSkipGroups = 4

// skipSummary lists the reasons of groups, each with its frames: "frame 1: X; frames 2-4,
// 7: Y", then how many more reasons the judgment holds.
func skipSummary(groups []skipGroup) string {
	var parts []string
	for i, g := range groups {
		if i == maxSkipGroups {
			parts = append(parts, fmt.Sprintf("and %d more reasons (each frame's skip_reason in the judgment)", len(groups)-i))
			break
		}
		parts = append(parts, frameRanges(g.frames)+": "+g.reason)
	}
	return strings.Join(parts, "; ")
}

// skipReasons says why the judgment's frames were skipped, grouped by reason with their
// frames ("frames 1-3: not a regular file (a named pipe)"); "" when none was.
func skipReasons(j *trace.Judgment) string {
	return skipSummary(skipGroups(j.Frames, func(trace.FrameResult) bool { return true }))
}

// frameRanges names frames in order, runs as ranges: "frame 4", "frames 1-3, 7".
func frameRanges(ns []int) string {
	if len(ns) == 1 {
		return "frame " + strconv.Itoa(ns[0])
	}
	var parts []string
	for i := 0; i < len(ns); {
		j := i
		for j+1 < len(ns) && ns[j+1] == ns[j]+1 {
			j++
		}
		if j > i {
			parts = append(parts, fmt.Sprintf("%d-%d", ns[i], ns[j]))
		} else {
			parts = append(parts, strconv.Itoa(ns[i]))
		}
		i = j + 1
	}
	return "frames " + strings.Join(parts, ", ")
}
