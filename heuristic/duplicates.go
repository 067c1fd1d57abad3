package heuristic

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/judge/evidence"
)

// A task may delete the copies of items that repeat ("delete all but one of any recipes that
// are exact duplicates") and name none of them. Apps list such items as rows whose texts are
// the same, but a row shows only some of an item's fields: rows that look alike may be
// different items (AndroidWorld adds recipes of the same title that differ in servings or
// directions). So the list alone never shows the copies deleted right; it shows it wrong
// when a row the page listed more than once is listed no more where the page was not
// scrolled: every copy was deleted, and at least one must stay (F3).

// rowsOf are the rows of the list a screen shows, each its texts joined in reading order and
// lowercased: a row starts at each element of the list's leading part (the first id in
// reading order that repeats) and runs to the next.
func rowsOf(sc *judge.Screen) []string {
	count := map[string]int{}
	var order []string
	for _, e := range sc.Elements {
		if !sc.IsContent(e) || e.ID == "" || !e.HasBounds || strings.TrimSpace(e.Text+e.Desc) == "" {
			continue
		}
		if count[e.ID] == 0 {
			order = append(order, e.ID)
		}
		count[e.ID]++
	}
	lead := ""
	for _, id := range order {
		if count[id] >= 2 {
			lead = id
			break
		}
	}
	if lead == "" {
		return nil
	}
	var starts []int
	for _, e := range sc.Elements {
		if e.ID == lead && e.HasBounds && sc.IsContent(e) {
			starts = append(starts, e.Y1)
		}
	}
	sort.Ints(starts)
	rows := make([][]judge.Element, len(starts))
	for _, e := range sc.Elements {
		if !sc.IsContent(e) || !e.HasBounds || strings.TrimSpace(e.Text+e.Desc) == "" || count[e.ID] < 2 {
			continue
		}
		i := sort.SearchInts(starts, e.Y1+1) - 1
		if i < 0 {
			continue
		}
		rows[i] = append(rows[i], e)
	}
	var out []string
	for _, r := range rows {
		var parts []string
		for _, e := range r {
			parts = append(parts, strings.ToLower(strings.TrimSpace(e.Text+" "+e.Desc)))
		}
		out = append(out, strings.Join(parts, " | "))
	}
	return out
}

// repeatedNote is what the reasoner remembers of a row a page listed more than once.
func repeatedNote(page, row string, times, frame int) string {
	return fmt.Sprintf("%s page %s listed %s %d times at frame %d", evidence.Cite("E5"), strconv.Quote(page), strconv.Quote(row), times, frame)
}

var repeatedNoteRe = regexp.MustCompile(`\[E5\] page ("(?:[^"\\]|\\.)*") listed ("(?:[^"\\]|\\.)*") \d+ times at frame (\d+)`)

// repeated is a row a page was seen listing more than once, and the frame it was last seen so.
type repeated struct {
	row   string
	frame int
}

// repeatedRows reads the notes kept of the rows the page listed more than once.
func repeatedRows(notes []string, page string) []repeated {
	var out []repeated
	for _, n := range notes {
		for _, m := range repeatedNoteRe.FindAllStringSubmatch(n, -1) {
			p, err1 := strconv.Unquote(m[1])
			row, err2 := strconv.Unquote(m[2])
			f, _ := strconv.Atoi(m[3])
			if err1 == nil && err2 == nil && p == page {
				out = append(out, repeated{row, f})
			}
		}
	}
	return out
}

func pageOf(sc *judge.Screen) string { return sc.Package + " " + sc.Title }

// noteRepeated notes the rows this screen lists more than once.
func (h *reasoner) noteRepeated(in judge.ReasonInput) {
	sc := in.Screen
	counts := map[string]int{}
	for _, r := range rowsOf(sc) {
		counts[r]++
	}
	var rows []string
	for r, k := range counts {
		if k >= 2 {
			rows = append(rows, r)
		}
	}
	sort.Strings(rows)
	var kept []string
	for _, f := range in.Facts {
		kept = append(kept, f.Text)
	}
	seen := map[string]bool{}
	for _, s := range repeatedRows(append(kept, h.notes...), pageOf(sc)) {
		seen[s.row] = true
	}
	for _, r := range rows {
		if !seen[r] { // noted once, at its first sighting
			h.notes = append(h.notes, repeatedNote(pageOf(sc), r, counts[r], in.Frame))
		}
	}
}

// judgeDuplicates notes the rows this page lists more than once, and says why the list
// alone does not show the duplicates deleted.
func (h *reasoner) judgeDuplicates(in judge.ReasonInput, why []string) (bool, string) {
	if !in.Screen.OCR {
		h.noteRepeated(in)
	}
	return false, strings.Join(append(why, cite("C4", "rows that look alike may differ in fields the list does not show: which are exact copies, and that only they were deleted, cannot be told from the list")), "; ")
}

// duplicatesLeft is the evidence against a deletion of duplicates on the run's last screen:
// a row its page listed more than once listed no more, the list not scrolled since (every
// copy deleted); "" for none.
func duplicatesLeft(in judge.ReviewInput, last *judge.Screen, frame int) string {
	if last == nil || last.OCR {
		return ""
	}
	counts := map[string]int{}
	for _, r := range rowsOf(last) {
		counts[r]++
	}
	if len(counts) == 0 {
		return ""
	}
	for _, s := range repeatedRows(in.Notes, pageOf(last)) {
		if counts[s.row] == 0 && (in.Listings == nil || in.Listings.Scrolled < s.frame) {
			return cite("F3", fmt.Sprintf("%q, listed more than once at frame %d, is listed no more on the run's last screen (frame %d): no copy of it was kept", s.row, s.frame, frame))
		}
	}
	return ""
}
