package heuristic

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/judge/evidence"
)

// A question may pick its items by a quality ("what are my high priority tasks"). Apps show
// such a quality on the item's own page (a task's editor with its priority checked) or on its
// row; a list of titles alone does not show which items have it. E7 then needs each item of
// the answer shown with the quality, on its row or on its page, and no item left out of the
// answer shown with it.

// qualityOn reports whether every word of the quality shows on the screen as the app's state:
// in plain text, or in a control that is checked or selected (an unchecked option "High
// priority" among the choices says the item is not high priority).
func qualityOn(sc *judge.Screen, quality []string) bool {
	for _, w := range quality {
		found := false
		for _, e := range sc.Elements {
			if e.Role != "" || e.Mark != "" && e.Mark != judge.MarkTyped || e.Package != "" && e.Package != sc.Package {
				continue
			}
			if e.Checkable && !e.Checked && !e.Selected {
				continue
			}
			if wordIn(strings.ToLower(e.Text+" "+e.Desc), w) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func wordIn(text, w string) bool {
	for _, t := range strings.FieldsFunc(text, func(r rune) bool { return !(r == '-' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127) }) {
		if t == w {
			return true
		}
	}
	return false
}

// itemOfPage is the item a page is about: the name in its editor's first field, else its
// title; "" for a page that is no item's.
func itemOfPage(sc *judge.Screen) string {
	for _, e := range sc.Elements {
		if e.Role == "" && e.Editable && strings.TrimSpace(e.Text) != "" && e.Text != e.Hint && (e.Package == "" || e.Package == sc.Package) {
			return strings.TrimSpace(e.Text)
		}
	}
	return strings.TrimSpace(sc.Title)
}

// qualityNote is what the reasoner remembers of an item's page that shows the question's
// quality, or shows its words only as choices not taken (has false).
func qualityNote(item string, has bool, frame int) string {
	how := "shows"
	if !has {
		how = "does not show"
	}
	return fmt.Sprintf("%s the page of %q %s the quality asked at frame %d", evidence.Cite("E7"), item, how, frame)
}

var qualityNoteRe = regexp.MustCompile(`\[E7\] the page of "((?:[^"\\]|\\.)*)" (shows|does not show) the quality asked at frame \d+`)

// noteQuality notes the item of this page, when the page writes a word of the question's
// quality, with whether it shows the quality.
func (h *reasoner) noteQuality(sp spec, in judge.ReasonInput) {
	sc := in.Screen
	if len(sp.Quality) == 0 || sc == nil || sc.IsLauncher() || sc.OCR {
		return
	}
	writes := false
	for _, e := range sc.Elements {
		for _, w := range sp.Quality {
			writes = writes || e.Role == "" && wordIn(strings.ToLower(e.Text+" "+e.Desc), w)
		}
	}
	item := itemOfPage(sc)
	if !writes || item == "" {
		return
	}
	note := qualityNote(item, qualityOn(sc, sp.Quality), in.Frame)
	prefix := note[:strings.LastIndex(note, " at frame")]
	for _, f := range in.Facts {
		if strings.HasPrefix(f.Text, prefix) {
			return
		}
	}
	for _, n := range h.notes {
		if strings.HasPrefix(n, prefix) {
			return
		}
	}
	h.notes = append(h.notes, note)
}

// pagesSeen are the items whose own page was read for the quality, with whether it showed
// it, from the notes kept.
func pagesSeen(in judge.ReasonInput, notes []string) map[string]bool {
	var texts []string
	for _, f := range in.Facts {
		texts = append(texts, f.Text)
	}
	out := map[string]bool{}
	for _, t := range append(texts, notes...) {
		for _, m := range qualityNoteRe.FindAllStringSubmatch(t, -1) {
			out[strings.ReplaceAll(m[1], `\"`, `"`)] = m[2] == "shows"
		}
	}
	return out
}

// candidates are the labels of a list the judge remembers that held every part of the
// answer: the items the question picks from.
func candidates(mem *judge.Listings, parts []value) []string {
	if mem == nil || len(parts) == 0 {
		return nil
	}
	byList := map[string][]string{}
	for _, it := range mem.Items {
		k := it.Page + "\x00" + it.List
		byList[k] = append(byList[k], it.Label)
	}
	for _, labels := range byList {
		all := true
		for _, p := range parts {
			found := false
			for _, l := range labels {
				found = found || p.In(strings.ToLower(l))
			}
			all = all && found
		}
		if all {
			return labels
		}
	}
	return nil
}

// judgeQuality decides an answer to a question that picks items by a quality from what the
// items' own pages showed: against it when an item the answer leaves out showed the quality
// (a question for all of them), shown when every item of the answer showed it and, for a
// question for all of them, every item of the list it picks from had its page read.
func judgeQuality(sp spec, parts []value, seen map[string]bool, from []string) (ok bool, against string) {
	named := func(item string) bool {
		for _, p := range parts {
			if p.In(strings.ToLower(item)) && len(item) <= len(p.Text)+3 {
				return true
			}
		}
		return false
	}
	for item, has := range seen {
		if has && !named(item) && sp.Plural {
			return false, fmt.Sprintf("the page of %q showed %q, and the answer leaves it out", item, strings.Join(sp.Quality, " "))
		}
	}
	for _, p := range parts {
		shown := false
		for item, has := range seen {
			shown = shown || has && p.In(strings.ToLower(item)) && len(item) <= len(p.Text)+3
		}
		if !shown {
			return false, ""
		}
	}
	if !sp.Plural {
		return true, ""
	}
	if len(from) == 0 {
		return false, ""
	}
	for _, l := range from {
		read := false
		for item := range seen {
			read = read || makeValue(item).In(strings.ToLower(l))
		}
		if !read {
			return false, ""
		}
	}
	return true, ""
}

// markStates are states a task app shows by the item's box: done ones checked.
var markStates = map[string]bool{"done": true, "complete": true, "completed": true, "finished": true, "checked": true,
	"incomplete": false, "uncompleted": false, "unfinished": false, "unchecked": false, "undone": false, "pending": false}

// stateShown reports whether the screen shows the state a clause sets as the app's state: a
// mark ("as done") by the box on the row of one of the clause's values, any other state
// ("as high priority") as plain text or a checked option (qualityOn).
func stateShown(sc *judge.Screen, sp spec) bool {
	if len(sp.SetState) == 1 {
		if want, ok := markStates[sp.SetState[0]]; ok {
			for _, v := range sp.Values {
				for _, e := range sc.Elements {
					if sc.IsContent(e) && !e.Checkable && v.In(strings.ToLower(e.Text)) {
						if box, ok := boxOnRow(sc, e); ok && box.Checked == want {
							return true
						}
					}
				}
			}
			return false
		}
	}
	return qualityOn(sc, sp.SetState)
}
