package heuristic

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/judge/evidence"
)

// A task may pick its item by age ("reply to the most recent text message", "delete the
// newest note"). Apps list such items with their time ("15:34", "Yesterday", "Oct 12",
// "10/15/2023, 15:34"): the newest is the row whose time is latest, whatever the list's
// order. The reasoner notes, for each list it reads whose every row writes a time, which row
// is the newest and which the oldest; C5's selection holds when the page the result was
// reached on is that row's item (its title or its editor's name).

// recencyWords pick by age: newest (true) or oldest (false).
var recencyWords = regexp.MustCompile(`(?i)\b(most\s+recent(?:ly)?|newest|latest|oldest|earliest)\b`)

func wantsNewest(phrase string) (newest, ok bool) {
	m := recencyWords.FindStringSubmatch(phrase)
	if m == nil {
		return false, false
	}
	w := strings.ToLower(m[1])
	return !strings.HasPrefix(w, "oldest") && !strings.HasPrefix(w, "earliest"), true
}

var (
	rowClock    = regexp.MustCompile(`(?i)\b(\d{1,2}):(\d{2})\s*([ap]\.?m\.?)?`)
	rowYear     = regexp.MustCompile(`\b(\d{4})\b`)
	rowNumDate  = regexp.MustCompile(`\b(\d{1,2})/(\d{1,2})/(\d{4})\b`)
	rowRelative = regexp.MustCompile(`(?i)\b(yesterday|today|just now|now)\b`)
)

// rowAge is a row's time as a number that grows with recency, false when the row writes
// none: a date (a year given or not) before a bare time of day, which a list writes for
// today's items; "Yesterday" between the two.
func rowAge(text string) (int64, bool) {
	var day int64 = -1
	switch {
	case rowNumDate.MatchString(text):
		m := rowNumDate.FindStringSubmatch(text)
		mo, _ := strconv.Atoi(m[1])
		d, _ := strconv.Atoi(m[2])
		y, _ := strconv.Atoi(m[3])
		day = int64(y)*400 + int64(mo)*32 + int64(d)
	case len(datesIn(text)) > 0:
		ds := datesIn(text)
		y := int64(0)
		if m := rowYear.FindStringSubmatch(text); m != nil {
			v, _ := strconv.Atoi(m[1])
			y = int64(v)
		}
		day = y*400 + int64(ds[0][0])*32 + int64(ds[0][1])
	}
	minutes := int64(-1)
	if m := rowClock.FindStringSubmatch(text); m != nil {
		h, _ := strconv.Atoi(m[1])
		mi, _ := strconv.Atoi(m[2])
		if half := strings.ToLower(m[3]); half != "" {
			h %= 12
			if half[0] == 'p' {
				h += 12
			}
		}
		minutes = int64(h*60 + mi)
	}
	rel := strings.ToLower(rowRelative.FindString(text))
	switch {
	case day >= 0:
		return day*2000 + max(minutes, 0), true
	case rel == "yesterday":
		return 1<<40 - 2000 + max(minutes, 0), true
	case rel == "just now" || rel == "now":
		return 1<<40 + 1999, true
	case minutes >= 0:
		return 1<<40 + minutes, true // a time alone: today
	}
	return 0, false
}

// listAges reads the rows of the list a screen shows with their items' names (the leading
// text of each row) and ages; nil unless every row writes a time.
func listAges(sc *judge.Screen) (names []string, ages []int64) {
	for _, r := range rowsOf(sc) {
		parts := strings.Split(r, " | ")
		age, ok := rowAge(r)
		if !ok || len(parts) == 0 {
			return nil, nil
		}
		names, ages = append(names, parts[0]), append(ages, age)
	}
	if len(names) < 2 {
		return nil, nil
	}
	return names, ages
}

// recencyNote is what the reasoner remembers of a list's newest or oldest row.
func recencyNote(newest bool, name string, frame int) string {
	which := "newest"
	if !newest {
		which = "oldest"
	}
	return fmt.Sprintf("%s the %s item listed at frame %d is %s", evidence.Cite("C5"), which, frame, strconv.Quote(name))
}

var recencyNoteRe = regexp.MustCompile(`\[C5\] the (newest|oldest) item listed at frame (\d+) is ("(?:[^"\\]|\\.)*")`)

// noteRecency notes the newest (or oldest) row of a list every row of which writes a time,
// when the task picks its item by age; a tie at the top says nothing.
func (h *reasoner) noteRecency(in judge.ReasonInput) {
	newest, asks := false, false
	for _, c := range h.cons {
		if c.Kind == conSelection {
			if n, ok := wantsNewest(c.Phrase); ok {
				newest, asks = n, true
			}
		}
	}
	if !asks || in.Screen == nil || in.Screen.OCR {
		return
	}
	names, ages := listAges(in.Screen)
	best, tie := -1, false
	for i, a := range ages {
		switch {
		case best < 0 || newest && a > ages[best] || !newest && a < ages[best]:
			best, tie = i, false
		case a == ages[best]:
			tie = true
		}
	}
	if best < 0 || tie {
		return
	}
	h.notes = append(h.notes, recencyNote(newest, names[best], in.Frame))
}

// recencyHolds compares a selection by age: the latest note of the list's newest (oldest)
// row before the result was reached names the item of the page the result was reached on.
func recencyHolds(c constraint, in judge.ReviewInput) (bool, string) {
	newest, ok := wantsNewest(c.Phrase)
	if !ok {
		return false, ""
	}
	which, name := map[bool]string{true: "newest", false: "oldest"}[newest], ""
	for _, n := range in.Notes {
		if m := recencyNoteRe.FindStringSubmatch(n); m != nil && m[1] == which {
			if f, _ := strconv.Atoi(m[2]); f <= in.ReachedAt {
				name, _ = strconv.Unquote(m[3])
			}
		}
	}
	if name == "" {
		return false, ""
	}
	item := ""
	for _, n := range in.Notes {
		if m := resultPageRe.FindStringSubmatch(n); m != nil {
			if f, _ := strconv.Atoi(m[1]); f <= in.ReachedAt {
				item, _ = strconv.Unquote(m[2])
			}
		}
	}
	if item == "" {
		return false, ""
	}
	if l := strings.ToLower(item); strings.Contains(name, l) || strings.Contains(l, name) {
		return true, fmt.Sprintf("the result is on the page of %q, the %s item listed", item, which)
	}
	return false, fmt.Sprintf("the %s item listed is %q, and the result is on the page of %q", which, name, item)
}

// resultPageNote is what the reasoner remembers of the page a result substate was reached
// on, for a task that picks its item by age.
func resultPageNote(frame int, item string) string {
	return fmt.Sprintf("%s a result shown at frame %d on the page of %s", evidence.Cite("C5"), frame, strconv.Quote(item))
}

var resultPageRe = regexp.MustCompile(`\[C5\] a result shown at frame (\d+) on the page of ("(?:[^"\\]|\\.)*")`)

// pageItem is the item a page is about for a pick by age: its title (a conversation's
// number), else the name in its editor.
func pageItem(sc *judge.Screen) string {
	if t := strings.TrimSpace(sc.Title); t != "" {
		return t
	}
	// A title of digits alone (a conversation with a number) is no page title to the
	// describer, which wants letters: the app bar's first text is.
	width := 0
	for _, e := range sc.Elements {
		if e.HasBounds {
			width = max(width, e.X2)
		}
	}
	for _, e := range sc.Elements {
		if sc.IsContent(e) && e.HasBounds && !e.Editable && !e.Checkable && e.Y1 <= width*3/10 && strings.TrimSpace(e.Text) != "" {
			return strings.TrimSpace(e.Text)
		}
	}
	return itemOfPage(sc)
}

// asksByAge reports whether the task picks its item by age.
func (h *reasoner) asksByAge() bool {
	for _, c := range h.cons {
		if c.Kind == conSelection && recencyWords.MatchString(c.Phrase) {
			return true
		}
	}
	return false
}
