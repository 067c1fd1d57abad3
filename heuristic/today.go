package heuristic

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/judge/evidence"
	"github.com/autoeval/autoeval/judge/screentext"
)

// This file resolves a day the task names from today ("tomorrow", "this Thursday", "the
// Tuesday after next", "in two weeks") to a date, so that C5 can compare it on the screens.
// Today's date is what the device shows as today: the home screen's date widget ("Sun, Oct
// 15", as the launcher's at-a-glance line writes it), which a run that starts from the home
// screen shows on its first frame. Without it no day is resolved and the constraint stays
// unverified (cannot tell), as before: the judge never takes today from its own clock, which
// would make a verdict depend on the day it was judged.

// calDate is a day of the year: the date widget writes no year.
type calDate struct {
	Month, Day int
	Weekday    time.Weekday
}

func (d calDate) String() string {
	return fmt.Sprintf("%s %s %d", d.Weekday, time.Month(d.Month), d.Day)
}

// shownBy is the value a screen shows the date by ("October 19", and the forms NewValue adds:
// "Oct 19", "19 October" ...).
func (d calDate) shownBy() value { return makeValue(fmt.Sprintf("%s %d", time.Month(d.Month), d.Day)) }

// add moves the date by days. The year is unknown, so a move across the end of February
// (28 or 29 days) is refused rather than guessed.
func (d calDate) add(days int) (calDate, bool) {
	// Any year without a 29 February, where only moves that never cross the end of February
	// are kept; a date line reading 29 February says the year has one.
	year, leap := 2001, d.Month == 2 && d.Day == 29
	if leap {
		year = 2004
	}
	if days < -366 || days > 366 {
		return calDate{}, false
	}
	t0 := time.Date(year, time.Month(d.Month), d.Day, 12, 0, 0, 0, time.UTC)
	if t0.Month() != time.Month(d.Month) {
		return calDate{}, false // no such day ("February 30")
	}
	t1 := t0.AddDate(0, 0, days)
	marchFirst := time.Date(year, time.March, 1, 12, 0, 0, 0, time.UTC)
	if !leap && t0.Before(marchFirst) != t1.Before(marchFirst) || t1.Year() != year {
		return calDate{}, false
	}
	wd := (int(d.Weekday) + days%7 + 7) % 7
	return calDate{Month: int(t1.Month()), Day: t1.Day(), Weekday: time.Weekday(wd)}, true
}

// widgetDate is the home screen's date line: "Sun, Oct 15", "Sunday, October 15", "Sun 15
// Oct".
var widgetDate = regexp.MustCompile(`(?i)^(mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+(?:([a-z]+)\.?\s+(\d{1,2})|(\d{1,2})\s+([a-z]+)\.?)$`)

var weekdays = map[string]time.Weekday{"sun": time.Sunday, "mon": time.Monday, "tue": time.Tuesday, "wed": time.Wednesday,
	"thu": time.Thursday, "fri": time.Friday, "sat": time.Saturday}

// todayOn reads today's date off a home screen's date widget; false on any other screen.
func todayOn(sc *judge.Screen) (calDate, bool) {
	if sc == nil || !sc.IsLauncher() {
		return calDate{}, false
	}
	for _, e := range sc.Elements {
		if e.Role != "" || e.Mark != "" {
			continue
		}
		for _, t := range []string{e.Text, e.Desc} {
			m := widgetDate.FindStringSubmatch(strings.TrimSpace(t))
			if m == nil {
				continue
			}
			month, day := m[2], m[3]
			if month == "" {
				month, day = m[5], m[4]
			}
			n, _ := strconv.Atoi(day)
			if mo := screentext.MonthNumber(month); mo > 0 && n >= 1 && n <= 31 {
				return calDate{Month: mo, Day: n, Weekday: weekdays[strings.ToLower(m[1])]}, true
			}
		}
	}
	return calDate{}, false
}

// todayNote is how the reasoner remembers today's date for the frames after it and the last
// look: "[C5] today is Sunday October 15 (the home screen's date at frame 0)".
func todayNote(d calDate, frame int) string {
	return fmt.Sprintf("%s today is %s (the home screen's date at frame %d)", evidence.Cite("C5"), d, frame)
}

var todayNoteRe = regexp.MustCompile(`\[C5\] today is (\w+) (\w+) (\d{1,2}) \(`)

// todayNoted reads today's date back from the notes kept so far.
func todayNoted(notes []string) (calDate, bool) {
	for _, n := range notes {
		if m := todayNoteRe.FindStringSubmatch(n); m != nil {
			day, _ := strconv.Atoi(m[3])
			wd := -1
			for i := time.Sunday; i <= time.Saturday; i++ {
				if i.String() == m[1] {
					wd = int(i)
				}
			}
			if mo := screentext.MonthNumber(m[2]); mo > 0 && wd >= 0 {
				return calDate{Month: mo, Day: day, Weekday: time.Weekday(wd)}, true
			}
		}
	}
	return calDate{}, false
}

var (
	thisWeekday  = regexp.MustCompile(`(?i)^(?:this|coming)\s+(mon|tue|wed|thu|fri|sat|sun)[a-z]*$`)
	afterNext    = regexp.MustCompile(`(?i)^(mon|tue|wed|thu|fri|sat|sun)[a-z]*\s+after\s+next$`)
	inSomeDays   = regexp.MustCompile(`(?i)^in\s+(\d+|a|one|two|three|four|five|six|seven|eight|nine|ten)\s+(days?|weeks?)(?:\s+from\s+(?:today|now))?$`)
	numberWords  = map[string]int{"a": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
	fixedOffsets = map[string]int{"today": 0, "tonight": 0, "tomorrow": 1, "yesterday": -1}
)

// resolveDay is the date a day phrase names from today, as AndroidWorld's tasks word them:
// "this Thursday" is the first Thursday after today (a week on, when today is Thursday), "the
// Thursday after next" the one a week later, "in two weeks" fourteen days on. Phrases whose
// day is a matter of reading ("next Thursday", "next week", "this month") are not resolved.
func resolveDay(phrase string, today calDate) (calDate, bool) {
	p := strings.ToLower(strings.Join(strings.Fields(phrase), " "))
	if off, ok := fixedOffsets[p]; ok {
		return today.add(off)
	}
	ahead := func(abbr string) int {
		k := (int(weekdays[abbr[:3]]) - int(today.Weekday) + 7) % 7
		if k == 0 {
			k = 7
		}
		return k
	}
	if m := thisWeekday.FindStringSubmatch(p); m != nil {
		return today.add(ahead(m[1]))
	}
	if m := afterNext.FindStringSubmatch(p); m != nil {
		return today.add(ahead(m[1]) + 7)
	}
	if m := inSomeDays.FindStringSubmatch(p); m != nil {
		n, err := strconv.Atoi(m[1])
		if err != nil {
			w, ok := numberWords[strings.ToLower(m[1])]
			if !ok {
				return calDate{}, false // digits too many to be a number of days
			}
			n = w
		}
		if n > 366 {
			return calDate{}, false
		}
		if strings.HasPrefix(m[2], "week") {
			n *= 7
		}
		return today.add(n)
	}
	return calDate{}, false
}

// datesIn lists the dates a text writes with a month's name ("Thu, Oct 19, 2023", "October
// 19 (Thu)", "19 October") or as numbers ("2023-10-19", "10/19/2023").
func datesIn(text string) [][2]int {
	var out [][2]int
	add := func(mo, day int) {
		if mo >= 1 && mo <= 12 && day >= 1 && day <= 31 {
			out = append(out, [2]int{mo, day})
		}
	}
	for _, m := range monthFirst.FindAllStringSubmatch(text, -1) {
		d, _ := strconv.Atoi(m[2])
		add(screentext.MonthNumber(m[1]), d)
	}
	for _, m := range dayFirst.FindAllStringSubmatch(text, -1) {
		d, _ := strconv.Atoi(m[1])
		add(screentext.MonthNumber(m[2]), d)
	}
	for _, m := range isoDay.FindAllStringSubmatch(text, -1) {
		mo, _ := strconv.Atoi(m[1])
		d, _ := strconv.Atoi(m[2])
		add(mo, d)
	}
	for _, m := range usDay.FindAllStringSubmatch(text, -1) {
		mo, _ := strconv.Atoi(m[1])
		d, _ := strconv.Atoi(m[2])
		add(mo, d)
	}
	return out
}

var (
	monthNames = `(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)`
	// The day and the month's name stand on one line, and a time's minutes ("10:15") are no
	// day: a form's fields are read joined line by line.
	monthFirst = regexp.MustCompile(`(?i)\b` + monthNames + `\.?[ \t]+(\d{1,2})\b`)
	dayFirst   = regexp.MustCompile(`(?i)(?:^|[^\d:])(\d{1,2})[ \t]+` + monthNames + `\b`)
	isoDay     = regexp.MustCompile(`\b\d{4}-(\d{1,2})-(\d{1,2})\b`)
	usDay      = regexp.MustCompile(`\b(\d{1,2})/(\d{1,2})/\d{4}\b`)
)

// dayVerdict compares a text's dates with the day: holds when it writes the day, breaks when
// it writes only other dates, notShown when it writes none.
func dayVerdict(text string, day calDate) int {
	ds := datesIn(text)
	if len(ds) == 0 {
		return notShown
	}
	for _, d := range ds {
		if d[0] == day.Month && d[1] == day.Day {
			return holds
		}
	}
	return breaks
}

// daySubjects are what must show on a screen for its date to be the result's: the agent's
// answer's items for a question, else the names the task's sentence gives (not its times or
// numbers, which many days share).
func daySubjects(c constraint, answer string) []value {
	if strings.TrimSpace(answer) != "" {
		return answerParts(answer)
	}
	var names []value
	for _, v := range c.Values {
		if !v.Number {
			names = append(names, v)
		}
	}
	return names
}

// observeDay compares a day constraint on one screen: the screen shows every subject, and
// its title, or else each subject's own row, writes a date. The day there holds; only other
// dates break it.
func observeDay(c constraint, day calDate, sc *judge.Screen, answer string) (int, string) {
	if sc == nil || sc.IsLauncher() {
		return notShown, ""
	}
	subjects := daySubjects(c, answer)
	if len(subjects) == 0 {
		return notShown, ""
	}
	ev := newEvidence(sc)
	for _, v := range subjects {
		if !ev.has(v) {
			if allNumbers(subjects) && answer != "" {
				return pageDated(sc, day)
			}
			return notShown, ""
		}
	}
	if st := dayVerdict(sc.Title, day); st != notShown {
		if left := leftOutOfDay(c, sc, subjects, day, true); st == holds && left != "" {
			return breaks, left
		}
		return st, fmt.Sprintf("the page %q %s %s, with %s", sc.Title, map[int]string{holds: "is", breaks: "is not"}[st], day, valueList(subjects))
	}
	st := notShown
	for _, v := range subjects {
		dated := datedAt(sc, v)
		switch dayVerdict(dated, day) {
		case notShown:
			return notShown, ""
		case breaks:
			return breaks, fmt.Sprintf("%q is dated otherwise (%q), not %s", v.Text, dated, day)
		case holds:
			st = holds
		}
	}
	if left := leftOutOfDay(c, sc, subjects, day, false); st == holds && left != "" {
		return breaks, left
	}
	return st, fmt.Sprintf("%s each dated %s on its row or under its heading", valueList(subjects), day)
}

// leftOutOfDay finds, for a question that asks every item of the day, an item of the list
// the answer's items are on that is of that day (every item, on a page of the day; one
// dated so, on a list of many days) and that the answer leaves out; "" for none.
func leftOutOfDay(c constraint, sc *judge.Screen, subjects []value, day calDate, pageOfDay bool) string {
	if !c.Plural {
		return ""
	}
	var holder judge.Element
	for _, e := range sc.Elements {
		if sc.IsContent(e) && e.ID != "" && subjects[0].In(strings.ToLower(e.Text+" "+e.Desc)) {
			holder = e
			break
		}
	}
	if holder.ID == "" {
		return ""
	}
	for _, o := range sc.Elements {
		if o.ID != holder.ID || !sc.IsContent(o) || strings.TrimSpace(o.Text) == "" {
			continue
		}
		named := false
		for _, v := range subjects {
			named = named || v.In(strings.ToLower(o.Text+" "+o.Desc))
		}
		if named {
			continue
		}
		if pageOfDay || dayVerdict(datedAt(sc, makeValue(o.Text)), day) == holds {
			return fmt.Sprintf("%q is of %s too, and the answer leaves it out", o.Text, day)
		}
	}
	return ""
}

// datedAt is the text that dates the first element showing v: the texts of its list item
// (paired by their ids, as E7 pairs an answer with its subject) or of its row when they write
// a date (a task's "Oct 20" under its title), else the nearest text above it that writes one
// (the day's heading a list groups its items under); "" when none does.
func datedAt(sc *judge.Screen, v value) string {
	for _, e := range sc.Elements {
		if !sc.IsContent(e) || !e.HasBounds || !v.In(strings.ToLower(e.Text+" "+e.Desc)) {
			continue
		}
		if e.ID != "" {
			var item []string
			for _, o := range sc.Elements {
				if o.ID != "" && o.ID != e.ID && sc.IsContent(o) && !o.Editable && sameListItem(sc, e, o) {
					if t := o.Text + " " + o.Desc; len(datesIn(t)) > 0 {
						item = append(item, t)
					}
				}
			}
			if len(item) > 0 {
				return strings.Join(item, " ")
			}
			if listDated(sc, e) {
				return "" // its list dates its items one by one, and this one has none
			}
		}
		var row []string
		heading, headingY := "", -1
		for _, o := range sc.Elements {
			if !sc.IsContent(o) || !o.HasBounds || o.Editable {
				continue
			}
			t := o.Text + " " + o.Desc
			switch {
			case o.Y1 < e.Y2 && e.Y1 < o.Y2:
				row = append(row, t)
			case o.Y2 <= e.Y1 && o.Y2 > headingY && len(datesIn(t)) > 0:
				heading, headingY = t, o.Y2
			}
		}
		if r := strings.Join(row, " "); len(datesIn(r)) > 0 {
			return r
		}
		return heading
	}
	return ""
}

// savedOnDay compares a day constraint with the forms the agent committed: the latest form
// holding one of the subjects that writes a date holds the day (a new event's date field),
// or breaks it with another date only.
func savedOnDay(c constraint, day calDate, forms *judge.Forms) (int, string) {
	if forms == nil {
		return notShown, ""
	}
	subjects := daySubjects(c, "")
	for k := len(forms.Saved) - 1; k >= 0; k-- {
		s := forms.Saved[k]
		var all []string
		named := false
		for _, f := range s.Fields {
			all = append(all, f.Value)
			for _, v := range subjects {
				named = named || v.In(strings.ToLower(f.Value))
			}
		}
		if !named {
			continue
		}
		if st := dayVerdict(strings.Join(all, " \n "), day); st != notShown {
			return st, fmt.Sprintf("the form committed at frame %d %s %s", s.Frame, map[int]string{holds: "holds", breaks: "holds another date than"}[st], day)
		}
	}
	return notShown, ""
}

// dayLatest is what the latest comparison of a day constraint showed: the forms the agent
// committed first (the date a new item was saved with), then the end's screens, then the
// reasoner's notes; notShown when today's date was never shown or the phrase not resolved.
func dayLatest(i int, c constraint, in judge.ReviewInput) int {
	today, ok := todayNoted(in.Notes)
	if !ok {
		return notShown
	}
	day, ok := resolveDay(c.Phrase, today)
	if !ok {
		return notShown
	}
	if st, _ := savedOnDay(c, day, in.Forms); st != notShown && in.Answer == "" {
		return st
	}
	for k := len(in.End) - 1; k >= 0; k-- {
		if st, _ := observeDay(c, day, in.End[k].Screen, in.Answer); st != notShown {
			return st
		}
	}
	return notedState(i, in.Notes)
}

// dayUnverified says why a day constraint left the run undecided.
func dayUnverified(c constraint, in judge.ReviewInput, seen int) string {
	today, ok := todayNoted(in.Notes)
	if !ok {
		return c.unverified(seen)
	}
	day, ok := resolveDay(c.Phrase, today)
	if !ok {
		return fmt.Sprintf("the task names a day from today (%q), which is not read as one date (today is %s), so the day the result shows was not compared with it", c.Phrase, today)
	}
	if seen == breaks {
		return fmt.Sprintf("the task names a day from today (%q): %s, today being %s; the result shows another date", c.Phrase, day, today)
	}
	return fmt.Sprintf("the task names a day from today (%q): %s, today being %s; no screen or saved form showed the result with that date", c.Phrase, day, today)
}

// goneOnDay resolves the day of a deletion that names its items by a day from today ("delete
// all events scheduled for this Tuesday") and names no item: the day and the index of its
// constraint, when today's date is known.
func (h *reasoner) goneOnDay(sp spec, content string, in judge.ReasonInput) (calDate, int, bool) {
	if len(sp.Objects) > 0 || !everyPhrase.MatchString(content) {
		return calDate{}, 0, false
	}
	today, ok := h.today(in)
	if !ok {
		return calDate{}, 0, false
	}
	return dayOfDeletion(content, h.cons, today)
}

// dayOfDeletion is the day a deletion's content names from today, resolved, with the index of
// its constraint among cons.
func dayOfDeletion(content string, cons []constraint, today calDate) (calDate, int, bool) {
	for i, c := range cons {
		if c.Kind != conDay || !strings.Contains(strings.ToLower(content), strings.ToLower(c.Phrase)) {
			continue
		}
		if day, ok := resolveDay(c.Phrase, today); ok {
			return day, i, true
		}
	}
	return calDate{}, 0, false
}

// onNotedDay is a deletion of every item on a day named from today, as the last look reads
// it: with today's date noted, the day's page (its title naming the date) must list none of
// them, as for a date the task gives whole (E5).
func onNotedDay(sp spec, content, task string, notes []string) spec {
	if sp.Kind != kindGone || len(sp.Objects) > 0 || !everyPhrase.MatchString(content) {
		return sp
	}
	today, ok := todayNoted(notes)
	if !ok {
		return sp
	}
	if day, _, ok := dayOfDeletion(content, taskConstraints(task), today); ok {
		sp.All, sp.Places = true, []value{day.shownBy()}
	}
	return sp
}

func allNumbers(vs []value) bool {
	for _, v := range vs {
		if !v.Number {
			return false
		}
	}
	return len(vs) > 0
}

// pageDated compares the day with the one date a page writes: a number the agent answered
// is worked out from the page (a duration, a count), not written on it, so the page's own
// date dates it; a page writing several dates, or none, shows nothing.
func pageDated(sc *judge.Screen, day calDate) (int, string) {
	dates := map[[2]int]bool{}
	for _, e := range sc.Elements {
		if sc.IsContent(e) || e.Editable {
			for _, d := range datesIn(e.Text + " " + e.Desc) {
				dates[d] = true
			}
		}
	}
	if len(dates) != 1 {
		return notShown, ""
	}
	for d := range dates {
		if d[0] == day.Month && d[1] == day.Day {
			return holds, fmt.Sprintf("the page the answer is worked out from is dated %s", day)
		}
	}
	return breaks, fmt.Sprintf("the page the answer is worked out from is dated otherwise, not %s", day)
}

// listDated reports whether another item of e's list (an element of e's id) carries a date
// in its own list item: the list dates items one by one, not under headings.
func listDated(sc *judge.Screen, e judge.Element) bool {
	for _, sib := range sc.Elements {
		if sib.ID != e.ID || sib == e || !sc.IsContent(sib) {
			continue
		}
		for _, o := range sc.Elements {
			if o.ID != "" && o.ID != e.ID && sc.IsContent(o) && sameListItem(sc, sib, o) && len(datesIn(o.Text+" "+o.Desc)) > 0 {
				return true
			}
		}
	}
	return false
}
