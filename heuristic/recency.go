package heuristic

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/judge/evidence"
	"github.com/autoeval/autoeval/judge/screentext"
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
	// A row's time is a text of its own: a time of day, a date, both, "Yesterday", "just now"
	// (or such a stamp closing a row's text, as a file list's "File x.md 10/15/2023, 15:34").
	// Times and years inside a message's text are no row's time.
	partClock    = regexp.MustCompile(`(?i)^(\d{1,2}):(\d{2})\s*([ap]\.?m\.?)?$`)
	partDate     = regexp.MustCompile(`(?i)^(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*,?\s+)?` + monthNames + `\.?\s+(\d{1,2})(?:,?\s+(\d{4}))?(?:,?\s+(?:at\s+)?(\d{1,2}):(\d{2})\s*([ap]\.?m\.?)?)?$`)
	stampEnd     = regexp.MustCompile(`(?i)(?:^|\s)(\d{1,2})/(\d{1,2})/(\d{4}),?\s+(\d{1,2}):(\d{2})\s*([ap]\.?m\.?)?$`)
	partRelative = regexp.MustCompile(`(?i)^(yesterday|just now|now)(?:,?\s+(?:at\s+)?(\d{1,2}):(\d{2})\s*([ap]\.?m\.?)?)?$`)
)

// clockMinutes is a time of day in minutes, from its hour, minutes and half of the day.
func clockMinutes(h, m, half string) int64 {
	hh, _ := strconv.Atoi(h)
	mm, _ := strconv.Atoi(m)
	if half = strings.ToLower(half); half != "" {
		hh %= 12
		if half[0] == 'p' {
			hh += 12
		}
	}
	return int64(hh*60 + mm)
}

// partAge is the age of one text of a row that is its time, false for any other text: a
// number growing with recency, a date (its year when written) before a bare time of day,
// which a list writes for today's items, and "Yesterday" between the two.
func partAge(t string) (int64, bool) {
	t = strings.TrimSpace(t)
	if m := stampEnd.FindStringSubmatch(t); m != nil {
		mo, _ := strconv.Atoi(m[1])
		d, _ := strconv.Atoi(m[2])
		y, _ := strconv.Atoi(m[3])
		return (int64(y)*400+int64(mo)*32+int64(d))*2000 + clockMinutes(m[4], m[5], m[6]), true
	}
	if m := partDate.FindStringSubmatch(t); m != nil {
		y, _ := strconv.Atoi(m[3])
		d, _ := strconv.Atoi(m[2])
		minutes := int64(0)
		if m[4] != "" {
			minutes = clockMinutes(m[4], m[5], m[6])
		}
		return (int64(y)*400+int64(screentext.MonthNumber(m[1]))*32+int64(d))*2000 + minutes, true
	}
	if m := partClock.FindStringSubmatch(t); m != nil {
		return 1<<40 + clockMinutes(m[1], m[2], m[3]), true // a time alone: today
	}
	if m := partRelative.FindStringSubmatch(t); m != nil {
		if strings.EqualFold(m[1], "yesterday") {
			minutes := int64(0)
			if m[2] != "" {
				minutes = clockMinutes(m[2], m[3], m[4])
			}
			return 1<<40 - 2000 + minutes, true
		}
		return 1<<40 + 1999, true
	}
	return 0, false
}

// rowAge is the age of a row (its texts joined by " | "): that of the one text that is its
// time; false when none is, or when two are (which would be the row's is unknown).
func rowAge(row string) (int64, bool) {
	age, n := int64(0), 0
	for _, part := range strings.Split(row, " | ") {
		if a, ok := partAge(part); ok {
			age, n = a, n+1
		}
	}
	if n != 1 {
		return 0, false
	}
	return age, true
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
		names, ages = append(names, strings.TrimSpace(stampEnd.ReplaceAllString(parts[0], ""))), append(ages, age)
	}
	if len(names) < 2 {
		return nil, nil
	}
	return names, ages
}

// recencyNote is what the reasoner remembers of a list's newest or oldest row.
func recencyNote(newest bool, name string, age int64, frame int) string {
	which := "newest"
	if !newest {
		which = "oldest"
	}
	return fmt.Sprintf("%s the %s item listed at frame %d is %s (age %d)", evidence.Cite("C5"), which, frame, strconv.Quote(name), age)
}

var recencyNoteRe = regexp.MustCompile(`\[C5\] the (newest|oldest) item listed at frame (\d+) is ("(?:[^"\\]|\\.)*") \(age (\d+)\)`)

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
	if m := h.lastNote(in, recencyNoteRe); m != nil && m[3] == strconv.Quote(names[best]) && m[4] == strconv.FormatInt(ages[best], 10) {
		return // the same list seen again
	}
	h.notes = append(h.notes, recencyNote(newest, names[best], ages[best], in.Frame))
}

// recencyHolds compares a selection by age: of the lists' newest (oldest) rows noted before
// the result was reached, the newest (oldest) of all names the item of the page the result
// was reached on.
func recencyHolds(c constraint, in judge.ReviewInput) (bool, string) {
	newest, ok := wantsNewest(c.Phrase)
	if !ok {
		return false, ""
	}
	which := map[bool]string{true: "newest", false: "oldest"}[newest]
	name, ok := pickedByAge(in.Notes, which, in.ReachedAt)
	if !ok {
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
	if sameItemName(name, item) {
		return true, fmt.Sprintf("the result is on the page of %q, the %s item listed", item, which)
	}
	return false, fmt.Sprintf("the %s item listed is %q, and the result is on the page of %q", which, name, item)
}

// pickedByAge is the newest (oldest) of the rows the notes name by age, up to frame.
func pickedByAge(notes []string, which string, frame int) (string, bool) {
	name, best, found := "", int64(0), false
	for _, n := range notes {
		m := recencyNoteRe.FindStringSubmatch(n)
		if m == nil || m[1] != which {
			continue
		}
		f, _ := strconv.Atoi(m[2])
		age, _ := strconv.ParseInt(m[4], 10, 64)
		if f > frame || found && (which == "newest" && age <= best || which == "oldest" && age >= best) {
			continue
		}
		if n, err := strconv.Unquote(m[3]); err == nil {
			name, best, found = n, age, true
		}
	}
	return name, found
}

// sameItemName reports whether a row's name and a page's item are one item: the same text,
// or the same phone number however it is grouped; a name holding another ("Anastasia",
// "Ana") is another item.
func sameItemName(a, b string) bool {
	a, b = strings.ToLower(strings.TrimSpace(a)), strings.ToLower(strings.TrimSpace(b))
	if a == b {
		return true
	}
	// A row may say what its item is before its name ("File budget.md").
	if f := strings.Fields(a); len(f) == 2 && f[1] == b && kindWords[f[0]] {
		return true
	}
	da, db := screentext.Digits(a), screentext.Digits(b)
	return len(da) >= 7 && da == db && strings.Trim(a, "+0123456789 ()-.") == "" && strings.Trim(b, "+0123456789 ()-.") == ""
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

// kindWords are what a row may say its item is before its name.
var kindWords = map[string]bool{"file": true, "folder": true, "note": true, "directory": true}

// reachedByAge reaches a substate that names its item only by its age ("open the newest
// note"): this page is the item the lists showed newest (oldest), as the notes so far say.
func (h *reasoner) reachedByAge(sp spec, content string, in judge.ReasonInput) (bool, string) {
	if len(sp.Values) > 0 || sp.Kind != kindState || in.Screen == nil || in.Screen.IsLauncher() {
		return false, ""
	}
	var notes []string
	for _, f := range in.Facts {
		notes = append(notes, f.Text)
	}
	notes = append(notes, h.notes...)
	for _, c := range h.cons {
		newest, ok := wantsNewest(c.Phrase)
		if c.Kind != conSelection || !ok || !strings.Contains(strings.ToLower(content), strings.ToLower(c.Phrase)) {
			continue
		}
		which := map[bool]string{true: "newest", false: "oldest"}[newest]
		if name, ok := pickedByAge(notes, which, in.Frame); ok && sameItemName(name, pageItem(in.Screen)) {
			return true, cite("C5", fmt.Sprintf("this is the page of %q, the %s item the list showed", pageItem(in.Screen), which))
		}
	}
	return false, ""
}
