package importer

import (
	"encoding/json"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"

	"github.com/autoeval/autoeval/trace"
)

// ErrSourceChanged is returned by Import when the destination holds an earlier import of
// the same source, which has changed since: the copy is stale, and is not passed off as
// imported.
var ErrSourceChanged = errors.New("the source changed since it was imported")

// sourceChangedError names the destination, the source file and what changed.
type sourceChangedError struct {
	dest, source string
	changes      []string
}

func (e *sourceChangedError) Error() string {
	return fmt.Sprintf("%s holds an import of %s, which changed since it was imported (%s): remove %s to import it again, or choose another destination",
		e.dest, e.source, strings.Join(e.changes, "; "), e.dest)
}

func (e *sourceChangedError) Is(target error) bool { return target == ErrSourceChanged }

// sameSource reports whether a native copy names cur's source as its origin: the same
// format, file (by name, so a rerun from elsewhere agrees) and entry.
func sameSource(copy, cur *trace.Trace) bool {
	a, b := copy.Source, cur.Source
	if a == nil || b == nil {
		return false
	}
	return a.Format == b.Format && filepath.Base(filepath.Clean(a.Path)) == filepath.Base(filepath.Clean(b.Path)) && a.Entry == b.Entry
}

// changes lists what differs between a native copy and the trace it was imported from, as
// a reader of both would see it: the texts, the ground truth and the agent's claim and
// answer, the parameters, and every frame (its files' contents, activity and action).
func changes(copy, cur *trace.Trace) []string {
	var out []string
	text := func(what, a, b string) {
		if a != b {
			out = append(out, what+" changed")
		}
	}
	text("the task text", copy.Task, cur.Task)
	text("the task name", copy.TaskName, cur.TaskName)
	text("the app", copy.App, cur.App)
	text("the agent", copy.Agent, cur.Agent)
	text("the agent's answer", copy.Answer, cur.Answer)
	text("the status", statusOf(copy), statusOf(cur))
	if g := rewardText(copy.GroundTruth); g != rewardText(cur.GroundTruth) {
		out = append(out, fmt.Sprintf("the ground truth %s → %s", g, rewardText(cur.GroundTruth)))
	}
	if c := claimText(copy.AgentClaimedDone); c != claimText(cur.AgentClaimedDone) {
		out = append(out, fmt.Sprintf("the agent's claim %s → %s", c, claimText(cur.AgentClaimedDone)))
	}
	if !sameJSON(copy.Params, cur.Params) {
		out = append(out, "the parameters changed")
	}
	if len(copy.Frames) != len(cur.Frames) {
		return append(out, fmt.Sprintf("%d frames, %d now", len(copy.Frames), len(cur.Frames)))
	}
	var frames []int
	for i := range cur.Frames {
		a, b := &copy.Frames[i], &cur.Frames[i]
		if a.Index != b.Index || a.Activity != b.Activity || !reflect.DeepEqual(a.Action, b.Action) ||
			copy.HasImage(a) != cur.HasImage(b) || copy.HasXML(a) != cur.HasXML(b) || copy.HasElements(a) != cur.HasElements(b) ||
			copy.ReadSums(a, trace.PartAll) != withIndexOf(a, cur.ReadSums(b, trace.PartAll)) {
			frames = append(frames, b.Index)
		}
	}
	if len(frames) > 0 {
		out = append(out, "frames "+intList(frames, 5)+" changed")
	}
	return out
}

// withIndexOf is s as it would be for frame f (Details covers the index, activity and
// action, compared apart).
func withIndexOf(f *trace.Frame, s trace.FrameSums) trace.FrameSums {
	s.Index, s.Details = f.Index, trace.DetailsSum(f)
	return s
}

// statusOf is the trace's status as a native copy records it (trace.WriteNative).
func statusOf(t *trace.Trace) string {
	if t.Status == "" {
		return trace.StatusUnknown
	}
	return t.Status
}

func rewardText(g *trace.GroundTruth) string {
	if g == nil {
		return "none"
	}
	return fmt.Sprintf("reward %g (%s)", g.Reward, g.Source)
}

func claimText(c *bool) string {
	switch {
	case c == nil:
		return "none"
	case *c:
		return "done"
	}
	return "not done"
}

func sameJSON(a, b any) bool {
	x, _ := json.Marshal(a)
	y, _ := json.Marshal(b)
	return string(x) == string(y)
}

func intList(ns []int, shown int) string {
	var parts []string
	for i, n := range ns {
		if i == shown {
			parts = append(parts, fmt.Sprintf("and %d more", len(ns)-shown))
			break
		}
		parts = append(parts, fmt.Sprint(n))
	}
	return strings.Join(parts, ", ")
}
