package heuristic

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/trace"
)

// A page that sets a task (a web page's puzzle, a quiz, a form that checks its input) writes
// its own verdict on the attempt: "Success!" under the button, "Wrong answer" instead. That
// verdict is the app's state, as a saved item is (E9, F7), and it covers what the task's
// words ask, which the substates may read only in part (a product computed from numbers the
// page shows one at a time, strokes in colours the tree does not name).

var (
	// successVerdict and failureVerdict are a page's whole text when it judges the attempt.
	// ("Task completed" is left out: a to-do app writes it when a task of its own is ticked.)
	successVerdict = regexp.MustCompile(`(?i)^\s*(?:success|correct|solved|you (?:win|won)|well done|puzzle solved)\s*[.!]*\s*$`)
	failureVerdict = regexp.MustCompile(`(?i)^\s*(?:failure|failed|wrong(?: answer)?|incorrect(?: answer)?|try again|not (?:correct|solved)|you lost?)\s*[.!]*\s*$`)
)

// pageVerdict reads the verdict a screen's page writes on the attempt: "success" or
// "failure" with the text, "" when it writes none (or both). Text a form the agent filled
// held is the agent's, not the page's: a note titled "Success!", saved and listed, judges
// nothing.
func pageVerdict(sc *judge.Screen, forms *judge.Forms) (string, string) {
	if sc == nil || sc.IsLauncher() || sc.PromptInFront() {
		return "", ""
	}
	verdict, text := "", ""
	for _, e := range sc.Elements {
		if !sc.IsContent(e) || e.Editable {
			continue
		}
		for _, t := range []string{e.Text, e.Desc} {
			v := ""
			switch {
			case successVerdict.MatchString(t):
				v = "success"
			case failureVerdict.MatchString(t):
				v = "failure"
			}
			if v == "" || forms.Held(t) {
				continue
			}
			if verdict != "" && verdict != v {
				return "", "" // both: the page's words are no verdict
			}
			verdict, text = v, strings.TrimSpace(t)
		}
	}
	return verdict, text
}

// failedByPage fails a run whose last screen's page writes its verdict against the attempt
// (F7). A page's success verdict reaches the task's substates on that screen instead
// (reasoner, E9): a success needs every substate reached.
func failedByPage(in judge.ReviewInput) (trace.Outcome, bool) {
	var last *judge.EndFrame
	for i := len(in.End) - 1; i >= 0 && last == nil; i-- {
		if in.End[i].Screen != nil {
			last = &in.End[i]
		}
	}
	if last == nil {
		return trace.Outcome{}, false
	}
	if v, text := pageVerdict(last.Screen, in.Forms); v == "failure" {
		frame := last.Index
		m := cite("F7", fmt.Sprintf("the run's last screen (frame %d) is a page writing its verdict against the attempt, %q", frame, text))
		return trace.Outcome{Verdict: trace.RunFailure, Rules: []string{"F7"}, Frame: &frame, Reason: m, Review: review(in, m)}, true
	}
	return trace.Outcome{}, false
}

// judgedByPage reports whether the run's last screen is a page writing its success verdict
// on the attempt (E9), which covers every constraint the task's words state.
func judgedByPage(in judge.ReviewInput) bool {
	for i := len(in.End) - 1; i >= 0; i-- {
		if sc := in.End[i].Screen; sc != nil {
			v, _ := pageVerdict(sc, in.Forms)
			return v == "success"
		}
	}
	// Reached on the run's last frame, nothing after it: the verdict that reached it is
	// the run's end.
	return len(in.End) == 0 && in.ReachedAt == in.LastFrame && restsOnPage(in)
}

// restsOnPage reports whether a required substate was reached by a page's verdict (E9).
func restsOnPage(in judge.ReviewInput) bool {
	for _, f := range in.Found {
		if f.Reached && strings.Contains(f.Analysis, "[E9]") {
			return true
		}
	}
	return false
}
