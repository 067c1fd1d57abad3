package heuristic

import (
	"fmt"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/judge/screentext"
)

// This file judges the agent's answer to a question (evidence rule E7): every part of the
// answer shows on a screen of the app with what the question asks about (the subject: the
// date, the name the question gives), in the list item that shows it when the screen is a
// list; a question for every item of a kind is answered only when the answer names every
// item the screen shows that qualifies; a duration may be asked in another unit than the
// screen writes it; a yes/no question about an item's attribute is answered by what the
// item's row shows. What the screens show against an answer, or of it only in part, is
// noted for the last look.

// Notes the answer's verdict leaves for the last look, by the rule they rest on.
const (
	noteAgainst = "[F3]" // a screen shows the subject and, against the answer, what it is
	notePart    = "[C4]" // the answer's parts show, never with the subject
)

// answered is the verdict on an answer and, when a screen shows something the last look
// needs, a note.
type answered struct {
	ok   bool
	why  string
	note string
}

// yesNo reads a yes/no answer: +1 yes, -1 no, 0 neither.
func yesNo(answer string) int {
	switch strings.ToLower(strings.Trim(strings.TrimSpace(answer), ".!\"'")) {
	case "yes", "true", "y":
		return 1
	case "no", "false", "n":
		return -1
	}
	return 0
}

// judgeAnswer checks the agent's answer against one screen.
func judgeAnswer(sp spec, answer string, sc *judge.Screen, ev *shown, seen map[string]bool, mem *judge.Listings) answered {
	answer = strings.TrimSpace(answer)
	if answer == "" {
		return answered{why: cite("E7", "the agent reported no answer")}
	}
	if yn := yesNo(answer); yn != 0 && sp.Attribute != "" && len(sp.Values) > 0 {
		return judgeYesNo(sp, yn > 0, sc)
	}
	if sp.NumberAsked && !plainNumber.MatchString(answer) {
		msg := fmt.Sprintf("the question asks for a number, and the answer %q is not one", screentext.Clip(answer))
		return answered{why: cite("E7", msg), note: noteAgainst + " " + msg}
	}
	parts := answerPartsAs(answer, sp)
	if len(parts) == 0 {
		return answered{why: cite("C3", fmt.Sprintf("the answer %q has nothing a screen could show (a yes/no or an empty list cannot be checked)", screentext.Clip(answer)))}
	}
	clip := screentext.Clip(answer)
	if len(sp.Quality) > 0 {
		// Each item's own page may show the quality: the answer is then shown right, item
		// by item, and an item left out whose page showed it is against the answer.
		ok, against := judgeQuality(sp, parts, seen, candidates(mem, parts))
		if against != "" {
			return answered{why: cite("E7", against), note: noteAgainst + " " + against}
		}
		if ok {
			return answered{ok: true, why: cite("E7", fmt.Sprintf("each item of the agent's answer %q had its own page show %q, and each item it was picked from had its page read", clip, strings.Join(sp.Quality, " ")))}
		}
	}
	var holders []judge.Element
	for _, p := range parts {
		h, ok := confirmed(sp, p, sc)
		if ok {
			holders = append(holders, h)
			continue
		}
		whole := len(holdersOf(sp, p, sc)) > 0
		if !whole && ev.hasEveryWord(p) && (len(sp.Values) == 0 || subjectShown(sp, sc)) && sp.Measured == "" {
			// The answer formatted as asked, its facts written apart on the screen. A part
			// a list shows whole, in an item without the subject, is that item's and not
			// the subject's ("Book flights", due Oct 11, for a question about Oct 12).
			continue
		}
		shown := whole || ev.hasEveryWord(p)
		switch {
		case subjectShown(sp, sc):
			msg := fmt.Sprintf("the screen shows %s, and not the answer's %q with it", subjectText(sp), p.Text)
			return answered{why: cite("E7", fmt.Sprintf("the agent's answer %q: %s", clip, msg)), note: noteAgainst + " " + msg}
		case shown && len(sp.Values) > 0:
			msg := fmt.Sprintf("the answer's %q shows, but not beside %s, what the question asks about", p.Text, subjectText(sp))
			return answered{why: cite("E7", msg), note: notePart + " " + msg}
		}
		return answered{why: cite("E7", fmt.Sprintf("the agent's answer %q: %q is not on this screen", clip, p.Text))}
	}
	if sp.Plural && len(sp.Values) > 0 {
		if left := leftOut(sp, parts, holders, sc); len(left) > 0 {
			msg := fmt.Sprintf("the screen shows %s also for %s, which the answer %q leaves out", quoteList(left), subjectText(sp), clip)
			return answered{why: cite("E7", msg), note: noteAgainst + " " + msg}
		}
	}
	if len(sp.Quality) > 0 && !qualityOn(sc, sp.Quality) {
		// The question picks items by a quality this screen does not show ("high priority"
		// on a list of titles): the items show, not that they have it.
		msg := fmt.Sprintf("the answer's items show, but not %q, the quality the question picks them by, on this screen or on each item's own page", strings.Join(sp.Quality, " "))
		return answered{why: cite("E7", msg), note: notePart + " " + msg}
	}
	what := "every part of the agent's answer %q is on this screen"
	if len(sp.Values) > 0 {
		what += " with " + subjectText(sp)
	}
	return answered{ok: true, why: cite("E7", fmt.Sprintf(what, clip))}
}

// plainNumber is an answer that reads as a number: "45", "45.0", "-3".
var plainNumber = regexp.MustCompile(`^\s*[-+]?\d+(?:\.\d+)?\s*\.?\s*$`)

// answerItems separates the entries of a listed answer: commas, semicolons, lines, "and".
var answerItems = regexp.MustCompile(`\s*(?:[,;\n]|\band\b)\s*`)

// answerParts splits an answer into the items a screen must show: a list's entries, or the
// answer whole. Yes/no answers and "none" give nothing to check.
func answerParts(answer string) []value { return answerItemsOf(answer, answerItems) }

// answerPartsAs splits an answer into its items as the question asks them written: at its
// commas alone for a comma-separated list ("A, B and C" is two items, the second "B and C").
func answerPartsAs(answer string, sp spec) []value {
	if sp.CommaList {
		return answerItemsOf(answer, commaItems)
	}
	return answerParts(answer)
}

// commaItems separates the entries of a comma-separated answer.
var commaItems = regexp.MustCompile(`\s*[,\n]\s*`)

func answerItemsOf(answer string, sep *regexp.Regexp) []value {
	a := strings.TrimSpace(answer)
	for _, p := range []string{"answer:", "the answer is", "final answer:"} {
		if strings.HasPrefix(strings.ToLower(a), p) {
			a = strings.TrimSpace(a[len(p):])
		}
	}
	var out []value
	for _, item := range sep.Split(a, -1) {
		item = strings.Trim(item, " .\"'“”‘’")
		switch strings.ToLower(item) {
		case "", "true", "false", "yes", "no", "none", "nothing", "n/a":
			continue
		}
		out = append(out, makeValue(item))
	}
	return out
}

// holdersOf are the app's elements that show an answer's part: its text, or, for a number
// asked in a unit of time, a duration of that many units ("42" minutes as "0:42:10").
func holdersOf(sp spec, p value, sc *judge.Screen) []judge.Element {
	var out []judge.Element
	for _, e := range sc.Elements {
		if !sc.IsContent(e) {
			continue
		}
		if p.In(strings.ToLower(e.Text+"\n"+e.Desc)) || sp.Unit != "" && p.Number && sameDuration(p.Text, sp.Unit, e.Text) {
			out = append(out, e)
		}
	}
	return out
}

// confirmed finds an element showing the part where every value of the question shows too:
// in its list item when it is one of a list's items, else anywhere on the screen.
func confirmed(sp spec, p value, sc *judge.Screen) (judge.Element, bool) {
	for _, h := range holdersOf(sp, p, sc) {
		if subjectWith(sp, h, sc) && measuredWith(sp, p, h, sc) {
			return h, true
		}
	}
	return judge.Element{}, false
}

// rowDone reads the done state an item's row shows by its box: the checkable element of
// the same list item, or level with it. ok is false for a row without one.
func rowDone(sc *judge.Screen, h judge.Element) (done, ok bool) {
	for _, e := range sc.Elements {
		if !e.Checkable || e.Role != "" || !e.HasBounds || !h.HasBounds {
			continue
		}
		level := e.Y1 < h.Y2 && h.Y1 < e.Y2
		if level || e.ID != "" && h.ID != "" && sameListItem(sc, h, e) {
			return e.Checked, true
		}
	}
	return false, false
}

// doneWith reports whether an item's row shows the done state a question picks items by
// (true when it picks none): an item left out of the answer qualifies only so. Whether each
// answered item shows it is a constraint of the task (C5, observeMarks).
func doneWith(sp spec, h judge.Element, sc *judge.Screen) bool {
	if !sp.DoneAsked {
		return true
	}
	done, ok := rowDone(sc, h)
	return ok && done == sp.Done
}

// durationsOn counts the app's texts that are lengths of time ("0:45:00", "42 min"): a
// list of activities writes one a row.
func durationsOn(sc *judge.Screen) int {
	n := 0
	for _, e := range sc.Elements {
		if _, ok := duration(e.Text); ok && sc.IsContent(e) {
			n++
		}
	}
	return n
}

// measuredWith reports whether the thing a question asks a quantity of is written with
// the answer's amount: in h's own text, or on its row. A recipe lists one amount a line,
// and the line above ("1 tablespoon soy sauce") is another ingredient's (E7).
func measuredWith(sp spec, p value, h judge.Element, sc *judge.Screen) bool {
	if sp.Measured == "" {
		return true
	}
	thing := sp.Measured
	if sp.MeasuredKind && durationsOn(sc) < 2 {
		return true // one activity's own page: its kind is what the page is about
	}
	names := func(e judge.Element) bool {
		return screentext.ContainsName(strings.ToLower(e.Text+"\n"+e.Desc), thing)
	}
	if lines := strings.Split(strings.ToLower(h.Text), "\n"); len(lines) > 1 {
		// A note's body in one element: the amount's own line must name the thing.
		for _, l := range lines {
			if p.In(l) && screentext.ContainsName(l, thing) {
				return true
			}
		}
		return false
	}
	if names(h) {
		return true
	}
	for _, e := range sc.Elements {
		if sc.IsContent(e) && names(e) && e.HasBounds && h.HasBounds && e.Y1 < h.Y2 && h.Y1 < e.Y2 {
			return true
		}
	}
	return false
}

// subjectWith reports whether every value of the question shows beside element h: in its
// list item, or on the screen when h is no list's item, or anywhere on the page of the
// item the value names (a note's page titled with it: its body's lines are about it).
func subjectWith(sp spec, h judge.Element, sc *judge.Screen) bool {
	page := strings.ToLower(itemOfPage(sc))
	for _, v := range sp.Values {
		found := page != "" && v.In(page)
		for _, e := range sc.Elements {
			if sc.IsContent(e) && v.In(strings.ToLower(e.Text+"\n"+e.Desc)) && sameListItem(sc, h, e) {
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

// subjectShown reports whether the screen shows every value of the question (there is one
// at least).
func subjectShown(sp spec, sc *judge.Screen) bool {
	if len(sp.Values) == 0 {
		return false
	}
	for _, v := range sp.Values {
		found := false
		for _, e := range sc.Elements {
			found = found || sc.IsContent(e) && v.In(strings.ToLower(e.Text+"\n"+e.Desc))
		}
		if !found {
			return false
		}
	}
	return true
}

func subjectText(sp spec) string {
	var vs []string
	for _, v := range sp.Values {
		vs = append(vs, strconv.Quote(v.Text))
	}
	if sp.Measured != "" {
		vs = append(vs, strconv.Quote(sp.Measured)+"'s line")
	}
	return strings.Join(vs, " and ")
}

func quoteList(ss []string) string {
	var q []string
	for _, s := range ss {
		q = append(q, strconv.Quote(s))
	}
	return strings.Join(q, ", ")
}

// leftOut are the items a question for every item of a kind qualifies and the answer does
// not name: elements of the same list part as those that showed the answer's items (the same
// id), on list items that show the question's values too.
func leftOut(sp spec, parts []value, holders []judge.Element, sc *judge.Screen) []string {
	ids := map[string]bool{}
	for _, h := range holders {
		if h.ID != "" {
			ids[h.ID] = true
		}
	}
	var out []string
	for _, e := range sc.Elements {
		if !sc.IsContent(e) || !ids[e.ID] {
			continue
		}
		text := strings.TrimSpace(firstText(e))
		if text == "" || !subjectWith(sp, e, sc) || !doneWith(sp, e, sc) {
			continue // an item the question does not pick (its box says otherwise, or none)
		}
		named := false
		for _, p := range parts {
			named = named || p.In(strings.ToLower(e.Text+"\n"+e.Desc)) || sp.Unit != "" && p.Number && sameDuration(p.Text, sp.Unit, e.Text)
		}
		if !named {
			out = append(out, text)
		}
	}
	return out
}

func firstText(e judge.Element) string {
	if e.Text != "" {
		return e.Text
	}
	return e.Desc
}

// sameListItem reports whether two elements are on one item of a list: elements of
// repeated ids are paired by their rank among their own id when both ids repeat as often,
// else by the nearest item; an element whose id shows once belongs to the screen, beside
// everything.
func sameListItem(sc *judge.Screen, a, b judge.Element) bool {
	if a.ID == b.ID && a.ID != "" {
		return a.Y1 == b.Y1 && a.X1 == b.X1
	}
	ra, na := rankOf(sc, a)
	rb, nb := rankOf(sc, b)
	switch {
	case na <= 1 || nb <= 1:
		return true
	case na == nb:
		return ra == rb
	}
	// Lists whose items show a part only sometimes: b belongs to the item of a's id whose
	// top is the nearest above (or at) b's.
	return nearestAbove(sc, a.ID, b) == a.Y1
}

// rankOf is an element's place among the app's elements of its id, top to bottom, and how
// many there are; an element without an id is alone.
func rankOf(sc *judge.Screen, e judge.Element) (int, int) {
	if e.ID == "" || !e.HasBounds {
		return 0, 1
	}
	var ys []int
	for _, o := range sc.Elements {
		if o.ID == e.ID && sc.IsContent(o) && o.HasBounds {
			ys = append(ys, o.Y1)
		}
	}
	sort.Ints(ys)
	return sort.SearchInts(ys, e.Y1), len(ys)
}

// nearestAbove is the top of the element of the id nearest above (or level with) b.
func nearestAbove(sc *judge.Screen, id string, b judge.Element) int {
	best := math.MinInt
	for _, o := range sc.Elements {
		if o.ID == id && o.HasBounds && o.Y1 <= b.Y1 && o.Y1 > best {
			best = o.Y1
		}
	}
	return best
}

// duration reads a length of time as apps write it: "0:42:10", "42:10", "1h 05m",
// "42 min", "42m 10s"; ok is false for anything else.
func duration(s string) (seconds float64, ok bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if m := clockDuration.FindStringSubmatch(s); m != nil {
		var parts []float64
		for _, x := range m[1:] {
			if x != "" {
				f, _ := strconv.ParseFloat(x, 64)
				parts = append(parts, f)
			}
		}
		if len(parts) == 3 {
			return parts[0]*3600 + parts[1]*60 + parts[2], true
		}
		return parts[0]*60 + parts[1], true // mm:ss, as elapsed times are written
	}
	total, any := 0.0, false
	for _, m := range unitDuration.FindAllStringSubmatch(s, -1) {
		f, _ := strconv.ParseFloat(m[1], 64)
		switch m[2][0] {
		case 'h':
			total += f * 3600
		case 'm':
			total += f * 60
		case 's':
			total += f
		}
		any = true
	}
	if !any || strings.TrimSpace(unitDuration.ReplaceAllString(s, "")) != "" {
		return 0, false
	}
	return total, true
}

var (
	clockDuration = regexp.MustCompile(`^(\d{1,3}):(\d{2})(?::(\d{2}))?$`)
	unitDuration  = regexp.MustCompile(`(\d+(?:\.\d+)?)\s*(hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s)\b`)
)

// sameDuration reports whether a number of units (the answer, "42" minutes) is the length
// of time a screen text writes, counted whole or rounded.
func sameDuration(number, unit, text string) bool {
	n, err := strconv.ParseFloat(strings.TrimSpace(number), 64)
	if err != nil {
		return false
	}
	secs, ok := duration(text)
	if !ok {
		return false
	}
	per := map[string]float64{"hour": 3600, "minute": 60, "second": 1}[unit]
	if per == 0 {
		return false
	}
	units := secs / per
	return n == math.Floor(units) || n == math.Round(units)
}

// checkboxAttributes are what a checkbox beside an item marks it as; doneAttributes what
// its checked state says.
var (
	checkboxAttributes = map[string]bool{"todo": true, "to-do": true, "task": true, "checklist": true, "checkbox": true}
	doneAttributes     = map[string]bool{"done": true, "completed": true, "complete": true, "checked": true, "finished": true}
)

// judgeYesNo answers a yes/no question about an attribute of the item the question names
// by what the item's row shows: a control or text naming the attribute, or a checkbox where
// the attribute is one a checkbox marks (a to-do) or its checked state (done). A "no" needs
// the screen to show the attribute on another item, so the screen is one that shows it.
func judgeYesNo(sp spec, yes bool, sc *judge.Screen) answered {
	subject := sp.Values[0]
	var row *judge.Element
	for i, e := range sc.Elements {
		if sc.IsContent(e) && e.HasBounds && subject.In(strings.ToLower(e.Text+"\n"+e.Desc)) {
			row = &sc.Elements[i]
			break
		}
	}
	if row == nil {
		return answered{why: cite("E7", fmt.Sprintf("%q is not on this screen", subject.Text))}
	}
	has := rowShows(sc, *row, sp.Attribute)
	says := map[bool]string{true: "shows", false: "does not show"}
	if !has {
		// Absence says something only where the screen shows the attribute on another
		// item of the same list.
		other := false
		for _, e := range sc.Elements {
			if sc.IsContent(e) && e.HasBounds && row.ID != "" && e.ID == row.ID && e.Y1 != row.Y1 && rowShows(sc, e, sp.Attribute) {
				other = true
			}
		}
		if !other {
			msg := fmt.Sprintf("%q's row shows no %q, and no other item here shows one either: this screen may not show it", subject.Text, sp.Attribute)
			return answered{why: cite("E7", msg), note: notePart + " " + msg}
		}
	}
	msg := fmt.Sprintf("%q's row %s it as %q", subject.Text, says[has], sp.Attribute)
	if has == yes {
		return answered{ok: true, why: cite("E7", msg+", as the answer says")}
	}
	return answered{why: cite("E7", msg+", against the answer"), note: noteAgainst + " " + msg + ", against the answer"}
}

// rowShows reports whether the row of element e shows the attribute.
func rowShows(sc *judge.Screen, e judge.Element, attr string) bool {
	want := screentext.Squeeze(attr)
	for _, o := range sc.Elements {
		if !sc.IsContent(o) || !o.HasBounds || !(o.Y1 < e.Y2 && e.Y1 < o.Y2) {
			continue
		}
		label := screentext.Squeeze(o.Text + " " + o.Desc + " " + judge.ShortID(o.ID))
		if want != "" && strings.Contains(label, want) {
			return true
		}
		if o.Checkable && (checkboxAttributes[attr] || doneAttributes[attr] && o.Checked) {
			return true
		}
	}
	return false
}
