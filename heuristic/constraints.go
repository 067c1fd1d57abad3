package heuristic

import (
	"cmp"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/judge/evidence"
	"github.com/autoeval/autoeval/judge/screentext"
	"github.com/autoeval/autoeval/trace"
)

// This file is the precision gate of evidence rule C5: a task states more about its result
// than the values a substate finds (where in the result, in what order, how many times,
// which of several items, items of which mark, a time's AM or PM, a value in which field).
// Each such constraint the task's words state is either compared on the screens, or it
// turns a would-be success into "cannot tell", naming the constraint. The recogniser reads
// the task's own words only: quoted text and the values of "key: value" records are names,
// not instructions, so a note titled "First steps" asks for nothing first.

// Kinds of constraint a task states about its result.
const (
	conPosition  = "position"  // at the top / the end of the result
	conOrder     = "order"     // items in a given order
	conCount     = "count"     // once, twice, exactly N times
	conEvery     = "every"     // all, each, every item of a kind
	conSelection = "selection" // the most recent, the first, the one that ...
	conMark      = "mark"      // items by their mark: done, incomplete, checked
	conMeridiem  = "qualifier" // AM or PM on a time
	conRole      = "role"      // a value as the title, in the X field
	conDay       = "day"       // a day named from today: tomorrow, this Thursday, in two weeks
)

// constraint is one constraint a task states, with what comparing it needs.
type constraint struct {
	Kind   string
	Phrase string // the task's words that state it
	// Values: position, the text placed; order, the items in the task's order; qualifier,
	// the time; role, the value given the role.
	Values []value
	// Where: position "top" or "end"; qualifier "am" or "pm"; role the field's name.
	Where string
	// Container is a name the result carries that none of the items is (a playlist's
	// title): the items' order counts on a screen that shows it.
	Container *value
	// Roles are the other fields' names of the record a role constraint is read from.
	Roles []string
	// In are the files the task names (position): the text's place counts on a screen
	// showing one of them, the file it was added to, not another file's editor.
	In []value
	// Plural is set for a day a question asks every item of ("what tasks are due this
	// Friday"): an item of that day the answer leaves out breaks it.
	Plural bool
	// withHalf and asHour24 find the time (qualifier) with its AM or PM after it, and as
	// its 24-hour time (nil when it has none): compiled once, as the constraint is read,
	// since every frame is compared.
	withHalf, asHour24 *regexp.Regexp
}

// unverified says why a constraint no screen compared leaves the run undecided; seen is
// what the latest screen showing its subject showed (notShown when none did).
func (c constraint) unverified(seen int) string {
	if c.observable() && seen == notShown {
		switch c.Kind {
		case conPosition:
			if len(c.In) > 0 {
				return fmt.Sprintf("the task puts %s at the %s (%q) of %s; no screen naming that file showed the text it was added to, whole, to compare its place", valueList(c.Values), c.Where, c.Phrase, valueList(c.In))
			}
			return fmt.Sprintf("the task puts %s at the %s (%q); no screen showed the text it was added to, whole, to compare its place", valueList(c.Values), c.Where, c.Phrase)
		case conOrder:
			return fmt.Sprintf("the task asks for %s in that order (%q); no screen showed them all together to compare their order", valueList(c.Values), c.Phrase)
		case conMark:
			return fmt.Sprintf("the task names items by their mark (%q); no screen showed each item of the answer on a row with a box to read the mark from", c.Phrase)
		}
	}
	switch c.Kind {
	case conPosition:
		return fmt.Sprintf("the task puts %s at the %s (%q); no screen showed it on the %s line of the text it was added to", valueList(c.Values), c.Where, c.Phrase, firstOrLast(c.Where))
	case conOrder:
		if len(c.Values) < 2 {
			return fmt.Sprintf("the task asks for its items in a given order (%q); which items, in what order, could not be read from its words, so no screen's order was compared", c.Phrase)
		}
		return fmt.Sprintf("the task asks for %s in that order (%q); the last screen showing them all showed another order", valueList(c.Values), c.Phrase)
	case conCount:
		return fmt.Sprintf("the task asks for a number of times (%q); the times it was done were not counted as asked (only the sends of a message are counted)", c.Phrase)
	case conEvery:
		return fmt.Sprintf("the task asks for every item of a kind (%q); the screens were not checked for each item that qualifies", c.Phrase)
	case conSelection:
		return fmt.Sprintf("the task picks one item by its place or age (%q); which item the screens show was not compared with it", c.Phrase)
	case conMark:
		return fmt.Sprintf("the task names items by their mark (%q); the last screen showing the answer's items beside their boxes showed one %s", c.Phrase, map[string]string{"checked": "unchecked", "unchecked": "checked"}[c.Where])
	case conMeridiem:
		return fmt.Sprintf("the task gives the time %s %s (%q); no screen showed that time with %s beside it", valueList(c.Values), strings.ToUpper(c.Where), c.Phrase, strings.ToUpper(c.Where))
	case conDay:
		return fmt.Sprintf("the task names a day from today (%q); no screen of the run showed today's date to resolve it against, so the day the result shows was not compared with it", c.Phrase)
	case conRole:
		if c.Roles != nil {
			return fmt.Sprintf("the task gives %s as the %s (%q); a saved form shows it in another of the task's fields", valueList(c.Values), c.Where, c.Phrase)
		}
		return fmt.Sprintf("the task gives %s as the %s (%q); no saved form showed it in a field of that name", cmp.Or(valueList(c.Values), "a value"), c.Where, c.Phrase)
	}
	return fmt.Sprintf("the task states %q, which was not compared", c.Phrase)
}

func firstOrLast(where string) string {
	if where == "top" {
		return "first"
	}
	return "last"
}

func valueList(vs []value) string {
	var s []string
	for _, v := range vs {
		s = append(s, strconv.Quote(v.Text))
	}
	return strings.Join(s, ", ")
}

var (
	// positionPhrase: "to the top of", "at the end", "as the first line".
	positionPhrase = regexp.MustCompile(`(?i)\b(?:to|at|on|in|into)\s+the\s+(very\s+)?(top|beginning|start|end|bottom)\b(\s+of\s+(?:the\s+)?(\w+))?|\b(?:as|on|in)\s+the\s+(first|last)\s+line\b`)
	// timeWords: "at the end of the day" is a time, not a place in the result.
	timeWords = map[string]bool{"day": true, "week": true, "month": true, "year": true, "meeting": true, "call": true, "trip": true, "hour": true, "season": true, "quarter": true}
	// orderPhrase: "in order", "in this order", "followed by"; "in order to" is a purpose.
	orderPhrase = regexp.MustCompile(`(?i)\bin\s+(?:(?:this|that|the\s+(?:given|following|same|listed|above))\s+)?order\b(\s+to\b)?|\bfollowed\s+by\b`)
	countPhrase = regexp.MustCompile(`(?i)\b(?:(at\s+)?once|twice|thrice|exactly\s+\w+|(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten)\s+times|only\s+(?:once|one)|a\s+single)\b`)
	// everyPhrase: "all expenses", "each alarm", "every note"; not "all-day", "every day",
	// nor "all of the following" (the items are then named, and each is a substate).
	everyPhrase = regexp.MustCompile(`(?i)\b(all|each|every)\b(-)?(\s+(?:of\s+)?(?:the\s+|my\s+|these\s+|those\s+)?(\w+))?`)
	recurring   = map[string]bool{"day": true, "days": true, "week": true, "weeks": true, "month": true, "months": true, "year": true, "years": true,
		"hour": true, "hours": true, "minute": true, "minutes": true, "morning": true, "evening": true, "night": true, "weekday": true, "weekend": true,
		"monday": true, "tuesday": true, "wednesday": true, "thursday": true, "friday": true, "saturday": true, "sunday": true, "other": true, "following": true, "time": true,
		"occurrence": true, "occurrences": true, "instance": true, "instances": true, "repetition": true, "repeat": true}
	selectionPhrase = regexp.MustCompile(`(?i)\b(?:most\s+recent(?:ly)?|newest|latest|oldest|earliest)\b|\bthe\s+(first|second|third|last|previous)\s+(\w+)|\bthe\s+one\s+(?:that|with|which|from)\b`)
	// notSelected: "the first name", "the last line" (a position), "the next day" (a date).
	notSelected    = map[string]bool{"name": true, "names": true, "line": true, "day": true, "week": true, "month": true, "year": true, "time": true, "step": true, "letter": true}
	markPhrase     = regexp.MustCompile(`(?i)\b(incomplete|completed|uncompleted|unfinished|finished|pending|done|checked|unchecked|ticked|unticked|enabled|disabled)\s+(tasks?|items?|to-?dos?|entries|events?|alarms?|notes?|boxes|reminders?|ones|reminders)\b|\b(?:that|which)\s+(?:are|is|were|was)\s+(?:not\s+)?(?:yet\s+)?(done|completed?|finished|checked|ticked|enabled|disabled)\b|\bnot\s+(?:yet\s+)?(done|completed|finished)\b|\b(?:have\s+I|I\s+have|I've|did\s+I)\s+(?:already\s+)?(completed?|finish(?:ed)?|done|checked\s+off)\b`)
	meridiemPhrase = regexp.MustCompile(`(?i)\b(\d{1,2}(?::\d{2})?)\s*([ap])\.?\s?m\b\.?`)
	// dayPhrase: a day named from today, which no date in the task's words fixes: "today",
	// "tomorrow", "this Thursday", "next week", "in two weeks (from today)".
	dayPhrase  = regexp.MustCompile(`(?i)\b(?:today|tomorrow|yesterday|tonight|(?:this|next|last|coming)\s+(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|week(?:end)?|month)|(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|week(?:end)?)\s+after\s+next|in\s+(?:\d+|a|one|two|three|four|five|six|seven|eight|nine|ten)\s+(?:days?|weeks?|months?)(?:\s+from\s+(?:today|now))?)\b`)
	rolePhrase = regexp.MustCompile(`(?i)\bas\s+(?:the|its|a)\s+(title|description|name|body|subject|label|note|notes|content|text|category)\b|\bin\s+the\s+(\w+)\s+field\b`)
)

// maskQuotes blanks quoted text (a name or a message, not the task's words), keeping
// positions.
func maskQuotes(s string) string {
	b := []byte(s)
	for _, q := range quotedSpans(s) {
		for i := q.Start; i < q.End; i++ {
			b[i] = '_'
		}
	}
	return string(b)
}

// taskConstraints reads the constraints a task's words state. Sentences that only format
// an answer ("answer with the titles only") state none; a question's "all" and "each" are
// read by the answer rule (E7), which checks every item that qualifies.
func taskConstraints(task string) []constraint {
	var out []constraint
	seen := map[string]bool{}
	add := func(c constraint) {
		// The same words may state it again of other items ("in order" for each of two
		// playlists): only a repeat of the whole constraint is one.
		k := c.Kind + "\x00" + strings.ToLower(c.Phrase) + "\x00" + c.Where + "\x00" + strings.ToLower(valueList(c.Values))
		if c.Container != nil {
			k += "\x00" + strings.ToLower(c.Container.Text)
		}
		if !seen[k] {
			seen[k] = true
			out = append(out, c)
		}
	}
	var records [][2]string
	for _, block := range blankLine.Split(strings.ReplaceAll(task, "\r\n", "\n"), -1) {
		var prose []string
		for _, line := range splitRecords(strings.Split(block, "\n")) {
			if m := fieldLine.FindStringSubmatch(line); m != nil && !questionStart.MatchString(line) {
				records = append(records, [2]string{strings.TrimSpace(m[1]), m[2]})
				continue
			}
			prose = append(prose, line)
		}
		asked := false
		for _, sent := range sentences(quoteText(strings.Join(prose, " "))) {
			question := isQuestion(sent)
			if !question && (asked && answerFormat.MatchString(sent) || formatOnly.MatchString(sent)) {
				continue // how to write an answer: no constraint on the result
			}
			asked = asked || question
			for _, clause := range splitClauses(sent) {
				if optionalClause.MatchString(clause) {
					continue // what may happen, or what not to do (F5): no constraint on the result
				}
				for _, c := range sentenceConstraints(clause, sent, question) {
					add(c)
				}
			}
		}
	}
	for _, c := range recordRoles(records) {
		add(c)
	}
	files := namedFiles(task)
	for i := range out {
		if out[i].Kind == conPosition {
			out[i].In = files
		}
	}
	return out
}

// taskFileName is a file's name as tasks write it: a name, a dot and a short extension.
var taskFileName = regexp.MustCompile(`[\p{L}\d_-]*\p{L}[\p{L}\d_-]*\.[a-z][a-z0-9]{1,3}\b`)

// namedFiles returns the files a task names, outside quotes or inside them.
func namedFiles(task string) []value {
	var out []value
	for _, f := range taskFileName.FindAllString(task, -1) {
		out = append(out, makeValue(f))
	}
	return out
}

// sentenceConstraints reads one sentence of the task.
func sentenceConstraints(clause, whole string, question bool) []constraint {
	sent := clause
	masked := maskQuotes(sent)
	var out []constraint
	values := func() []value { return parseSpec(resultPrefix + sent).Values }
	for _, m := range positionPhrase.FindAllStringSubmatchIndex(masked, -1) {
		where := ""
		switch {
		case m[4] >= 0:
			where = strings.ToLower(masked[m[4]:m[5]])
			if m[8] >= 0 && timeWords[strings.ToLower(masked[m[8]:m[9]])] {
				continue
			}
			if screenPlace.MatchString(masked[m[5]:]) && !placedThere.MatchString(masked[:m[0]]) {
				continue // where on the screen something is, not where in the result the text goes
			}
		case m[10] >= 0:
			where = map[string]string{"first": "top", "last": "end"}[strings.ToLower(masked[m[10]:m[11]])]
		}
		if where == "beginning" || where == "start" {
			where = "top"
		}
		if where == "bottom" {
			where = "end"
		}
		out = append(out, constraint{Kind: conPosition, Phrase: strings.TrimSpace(sent[m[0]:m[1]]), Values: values(), Where: where})
	}
	for _, m := range orderPhrase.FindAllStringSubmatchIndex(masked, -1) {
		if m[2] >= 0 {
			continue // "in order to": a purpose
		}
		c := constraint{Kind: conOrder, Phrase: strings.TrimSpace(sent[m[0]:m[1]])}
		// The items may be named in another clause of the sentence ("A and B, in order").
		c.Values, c.Container = orderedItems(whole, strings.Index(whole, sent)+m[0], strings.Index(whole, sent)+m[1])
		out = append(out, c)
	}
	if !question {
		for _, m := range countPhrase.FindAllStringSubmatchIndex(masked, -1) {
			if m[2] >= 0 || strings.TrimSpace(masked[:m[0]]) == "" && strings.EqualFold(masked[m[0]:m[1]], "once") {
				continue // "at once" is a when; "Once ..." opens a clause
			}
			out = append(out, constraint{Kind: conCount, Phrase: strings.TrimSpace(sent[m[0]:m[1]])})
		}
		for _, m := range everyPhrase.FindAllStringSubmatchIndex(masked, -1) {
			if m[4] >= 0 {
				continue // "all-day"
			}
			next := ""
			if m[8] >= 0 {
				next = strings.ToLower(masked[m[8]:m[9]])
			}
			if recurring[next] || next == "" || strings.HasPrefix(next, "_") {
				continue // "every day", "all of the following", a quoted name after it
			}
			out = append(out, constraint{Kind: conEvery, Phrase: strings.TrimSpace(sent[m[0]:m[1]])})
		}
	}
	for _, m := range selectionPhrase.FindAllStringSubmatchIndex(masked, -1) {
		if m[2] >= 0 && (notSelected[strings.ToLower(masked[m[4]:m[5]])] || screentext.HasDigit(masked[m[4]:m[5]])) {
			continue
		}
		out = append(out, constraint{Kind: conSelection, Phrase: strings.TrimSpace(sent[m[0]:m[1]])})
	}
	for _, m := range markPhrase.FindAllStringIndex(masked, -1) {
		phrase := strings.TrimSpace(sent[m[0]:m[1]])
		out = append(out, constraint{Kind: conMark, Phrase: phrase, Where: markWanted(phrase)})
	}
	for _, m := range meridiemPhrase.FindAllStringSubmatchIndex(masked, -1) {
		if question && boundsQuestion(whole, sent, m[0], m[1]) {
			continue // it picks what the question asks about; it sets no time
		}
		t, half := masked[m[2]:m[3]], strings.ToLower(masked[m[4]:m[5]])+"m"
		out = append(out, constraint{Kind: conMeridiem, Phrase: strings.TrimSpace(sent[m[0]:m[1]]), Values: []value{makeValue(t)},
			Where: half, withHalf: timeWithHalf(t), asHour24: twentyFour(t, half)})
	}
	for _, m := range dayPhrase.FindAllStringIndex(masked, -1) {
		// A question about a day named from today ("the Tuesday after next") asks about a
		// date too: its weekday alone finds any Tuesday's events.
		out = append(out, constraint{Kind: conDay, Phrase: strings.TrimSpace(sent[m[0]:m[1]]), Values: values(), Plural: question && pluralAsk.MatchString(sent)})
	}
	for _, m := range rolePhrase.FindAllStringSubmatchIndex(masked, -1) {
		field := ""
		if m[2] >= 0 {
			field = strings.ToLower(masked[m[2]:m[3]])
		} else {
			field = strings.ToLower(masked[m[4]:m[5]])
		}
		// The value is the quoted text nearest before the phrase.
		var v []value
		for _, q := range quotedSpans(sent) {
			if q.End <= m[0] {
				v = []value{makeValue(q.Text)}
			}
		}
		out = append(out, constraint{Kind: conRole, Phrase: strings.TrimSpace(sent[m[0]:m[1]]), Values: v, Where: field})
	}
	return out
}

var (
	// screenPlace follows a position word that locates something on the screen, not in the
	// result: "top right", "bottom-left corner", "the top of the (home) screen", "the end of
	// this page".
	screenPlace = regexp.MustCompile(`(?i)^(?:[\s-]+(?:left|right)\b|\s+corner\b|\s+of\s+(?:the\s+|your\s+|this\s+|my\s+|that\s+)?(?:[\w-]+\s+){0,2}?(?:screen|page|display|window|app|application)s?(?:[^\w.'’-]|\.(?:\s|$)|$))`)
	// placedThere: "move the icon to the top of the home screen", "add the header at the top
	// of the page" put something at that place, which is then the result's.
	placedThere = regexp.MustCompile(`(?i)\b(?:move|drag|put|place|pin|add|insert|paste|append|write|type)\b`)
	// timeFilter ends the text before a time that bounds or closes a range: "between 4:15pm
	// and", "from 9am to", "after", "9-".
	timeFilter = regexp.MustCompile(`(?i)(?:\b(?:between|from|before|after|until|till|since|(?:earlier|later)\s+than)\s+|\b(?:between|from)\s+\d{1,2}(?::\d{2})?\s*(?:[ap]\.?\s?m\.?)?\s*(?:and|to|until|till|through)\s+|\d\s*(?:[ap]\.?\s?m\.?)?\s*[-–]\s*)$`)
	// rangeOpened follows the first time of a range: "9am-5pm", "9am to 5pm".
	rangeOpened = regexp.MustCompile(`(?i)^\s*(?:-|–|to|and|until|till|through)\s*\d`)
)

// boundsQuestion: the time at clause[from:to] bounds or opens a range in its sentence
// ("between 4:15pm and 8pm", "after 6 pm", "9am-11am"). A range may span clauses, so the
// words around it are read in the whole sentence.
func boundsQuestion(whole, clause string, from, to int) bool {
	at, w := strings.Index(whole, clause), maskQuotes(whole)
	if at < 0 {
		at, w = 0, maskQuotes(clause)
	}
	return timeFilter.MatchString(w[:at+from]) || rangeOpened.MatchString(w[at+to:])
}

// orderedItems reads the items an order phrase orders: the quoted values of the sentence
// when it quotes two or more, else the comma list after the phrase, its last item up to a
// "to"/"into" that names where they go. A value "titled", "named" or "called" names what holds them (a
// playlist), not an item.
func orderedItems(sent string, from, to int) ([]value, *value) {
	var items []value
	var container *value
	for _, q := range quotedSpans(sent) {
		if namesContainer.MatchString(sent[:q.Start]) {
			v := makeValue(q.Text)
			container = &v
			continue
		}
		items = append(items, makeValue(q.Text))
	}
	if len(items) >= 2 {
		return items, container
	}
	items = nil
	parts := listSep.Split(strings.TrimRight(strings.TrimLeft(sent[to:], " :,"), " ."), -1)
	// Where the items go follows the last of them ("..., Heartbeat Away to my queue"); an
	// item before it may hold the same words ("Lost in the Echo").
	if last := len(parts) - 1; last >= 0 {
		if cut := listEnd.FindStringIndex(parts[last]); cut != nil {
			parts[last] = parts[last][:cut[0]]
		}
	}
	for _, p := range parts {
		if p = strings.TrimSpace(p); p != "" {
			items = append(items, makeValue(p))
		}
	}
	if len(items) < 2 {
		return nil, container
	}
	return items, container
}

// formatOnly opens a sentence that only says how to write an answer.
var formatOnly = regexp.MustCompile(`(?i)^\s*(?:express|answer|format|respond)\b`)

// namesContainer ends the text before a quoted name of what holds the items.
var namesContainer = regexp.MustCompile(`(?i)\b(?:titled|named|called)\s*$`)

var (
	listSep = regexp.MustCompile(`\s*,\s*(?:and\s+)?|\s+and\s+`)
	listEnd = regexp.MustCompile(`(?i)\s+(?:to|into|onto|in|on)\s+(?:the|my|your|a)\b`)
)

// recordRoles reads the roles of a record's values ("description: ...", "directions:
// ..."): each value belongs in the field its label names.
func recordRoles(records [][2]string) []constraint {
	var labels []string
	for _, r := range records {
		labels = append(labels, strings.ToLower(strings.ReplaceAll(r[0], "_", " ")))
	}
	var out []constraint
	for i, r := range records {
		v := makeValue(strings.Trim(r[1], `"`))
		if len(v.Text) < 4 || v.Number {
			continue // a short or numeric value may sit in any field by chance
		}
		others := []string{} // non-nil: a record's role is checked against its other fields
		for k, l := range labels {
			if k != i && l != labels[i] {
				others = append(others, l)
			}
		}
		out = append(out, constraint{Kind: conRole, Phrase: r[0] + ": " + r[1], Values: []value{v}, Where: labels[i], Roles: others})
	}
	return out
}

// markWanted is the state of the box a mark phrase asks for: "unchecked" for incomplete,
// not done, unticked, disabled; "checked" for done, completed, ticked, enabled.
func markWanted(phrase string) string {
	p := strings.ToLower(phrase)
	if strings.Contains(p, "not ") || strings.Contains(p, "incomplete") || strings.Contains(p, "uncompleted") || strings.Contains(p, "unfinished") ||
		strings.Contains(p, "pending") || strings.Contains(p, "unchecked") || strings.Contains(p, "unticked") || strings.Contains(p, "disabled") {
		return "unchecked"
	}
	return "checked"
}

// Observations of a constraint on one screen.
const (
	notShown = 0
	holds    = 1
	breaks   = -1
)

// observable reports whether the rules compare a constraint of this kind on screens.
func (c constraint) observable() bool {
	switch c.Kind {
	case conPosition:
		return len(c.Values) > 0 && c.Where != ""
	case conOrder:
		return len(c.Values) >= 2
	case conMeridiem:
		return len(c.Values) == 1
	case conMark:
		return c.Where != ""
	}
	return false
}

// observe compares a constraint on one screen: holds, breaks, or notShown when the screen
// does not show what it is about.
func (c constraint) observe(sc *judge.Screen, answer string) (int, string) {
	if sc == nil || sc.IsLauncher() {
		return notShown, ""
	}
	switch c.Kind {
	case conPosition:
		return observePosition(c, sc)
	case conOrder:
		return observeOrder(c, sc)
	case conMeridiem:
		return observeMeridiem(c, sc)
	case conMark:
		return observeMarks(c, sc, answer)
	}
	return notShown, ""
}

// observeMarks: each item of the agent's answer shows on a row with a checkbox, in the
// state the mark asks for. An answer's item whose row has no checkbox leaves the mark
// unread; one whose box is in the other state breaks it.
func observeMarks(c constraint, sc *judge.Screen, answer string) (int, string) {
	var items []string
	for _, p := range listSep.Split(strings.TrimSpace(strings.Trim(answer, ".")), -1) {
		if p = strings.TrimSpace(p); p != "" {
			items = append(items, p)
		}
	}
	if len(items) == 0 {
		return notShown, ""
	}
	want := c.Where == "checked"
	for _, it := range items {
		v := makeValue(it)
		box, found := judge.Element{}, false
		for _, e := range sc.Elements {
			if !sc.IsContent(e) || e.Checkable || !v.In(strings.ToLower(e.Text)) {
				continue
			}
			if b, ok := boxOnRow(sc, e); ok {
				box, found = b, true
				break
			}
		}
		if !found {
			return notShown, ""
		}
		if box.Checked != want {
			return breaks, fmt.Sprintf("%q is on a row whose box is %s", it, onOff(box.Checked))
		}
	}
	return holds, fmt.Sprintf("each answered item (%s) is on a row whose box is %s", strings.Join(items, ", "), onOff(want))
}

// boxOnRow finds the checkbox on an element's row, left or right of it.
func boxOnRow(sc *judge.Screen, e judge.Element) (judge.Element, bool) {
	if !e.HasBounds {
		return judge.Element{}, false
	}
	for _, o := range sc.Elements {
		if o.Checkable && o.HasBounds && sc.IsContent(o) && o.Y1 < e.Y2 && e.Y1 < o.Y2 {
			return o, true
		}
	}
	return judge.Element{}, false
}

// observePosition: the text placed shows on the first (top) or last (end) non-empty line of
// an element of several lines, the app's text or a field's (whether it was committed is
// the substates' question).
func observePosition(c constraint, sc *judge.Screen) (int, string) {
	if len(c.In) > 0 && !fileShown(c.In, sc) {
		return notShown, "" // another file's text, or one the screen does not name
	}
	got := notShown
	detail := ""
	for _, e := range sc.Elements {
		if e.Role != "" || e.Mark == judge.MarkSearch || e.Mark == judge.MarkNotification || e.Mark == judge.MarkKeyboard || e.Mark == judge.MarkClipboard {
			continue
		}
		var lines []string
		for _, l := range strings.Split(e.Text, "\n") {
			if strings.TrimSpace(l) != "" {
				lines = append(lines, strings.ToLower(l))
			}
		}
		if len(lines) < 2 {
			continue
		}
		want := lines[0]
		if c.Where == "end" {
			want = lines[len(lines)-1]
		}
		for _, v := range c.Values {
			if !v.In(strings.ToLower(e.Text)) {
				continue
			}
			if v.In(want) {
				return holds, fmt.Sprintf("%q is on the %s line of a text of %d lines", v.Text, firstOrLast(c.Where), len(lines))
			}
			got, detail = breaks, fmt.Sprintf("%q is in a text of %d lines, not on its %s line", v.Text, len(lines), firstOrLast(c.Where))
		}
	}
	return got, detail
}

// fileShown: the screen names one of the files, as its title or in its content (an
// editor's toolbar), with or without the extension.
func fileShown(files []value, sc *judge.Screen) bool {
	for _, f := range files {
		if itemIn(f, strings.ToLower(sc.Title)) {
			return true
		}
		for _, e := range sc.Elements {
			if sc.IsContent(e) && itemIn(f, strings.ToLower(e.Text)) {
				return true
			}
		}
	}
	return false
}

// observeOrder: every item shows in the app's content, and each first shows after the one
// before it in reading order; on a screen naming the container, when the task names one.
func observeOrder(c constraint, sc *judge.Screen) (int, string) {
	var texts []string
	for _, e := range sc.Elements {
		if sc.IsContent(e) {
			texts = append(texts, strings.ToLower(strings.TrimSpace(e.Text+" "+e.Desc)))
		}
	}
	if c.Container != nil && !containerShown(*c.Container, sc) {
		return notShown, ""
	}
	pos := make([]int, len(c.Values))
	for i, v := range c.Values {
		pos[i] = -1
		for k, t := range texts {
			if itemIn(v, t) {
				pos[i] = k
				break
			}
		}
		if pos[i] < 0 {
			return notShown, ""
		}
	}
	for i := 1; i < len(pos); i++ {
		if pos[i] <= pos[i-1] {
			return breaks, fmt.Sprintf("%q shows before %q", c.Values[i].Text, c.Values[i-1].Text)
		}
	}
	return holds, fmt.Sprintf("%s show in that order", valueList(c.Values))
}

// containerShown: the container's name shows as the page's title or content text.
func containerShown(v value, sc *judge.Screen) bool {
	if v.In(strings.ToLower(sc.Title)) {
		return true
	}
	for _, e := range sc.Elements {
		if sc.IsContent(e) && v.In(strings.ToLower(e.Text)) {
			return true
		}
	}
	return false
}

// itemIn matches an item by its name, or by its name without a file's extension (apps
// list media and documents by title).
func itemIn(v value, text string) bool {
	if v.In(text) {
		return true
	}
	if dot := strings.LastIndexByte(v.Text, '.'); dot > 0 && len(v.Text)-dot <= 5 {
		return makeValue(v.Text[:dot]).In(text)
	}
	return false
}

// timeWithHalf finds a time and the AM or PM written after it; group 3 is set when the time
// is part of a longer one ("7:30" in "7:305"; "17:30" never matches, nor "5" in "15").
func timeWithHalf(t string) *regexp.Regexp {
	whole := regexp.QuoteMeta(t)
	if !strings.Contains(t, ":") {
		whole += `(?::00)?` // "5 PM" as "5:00 PM"
	}
	return regexp.MustCompile(`(?i)(^|[^\d:])` + whole + `(?:\s*([ap])\.?\s?m\b)?(\d|:\d)?`)
}

// observeMeridiem: the time shows with its AM or PM in the same text, or with an AM/PM text
// right beside it on its row (a clock's large digits and small suffix).
func observeMeridiem(c constraint, sc *judge.Screen) (int, string) {
	t, re, h24 := c.Values[0].Text, c.withHalf, c.asHour24
	got, detail := notShown, ""
	for _, e := range sc.Elements {
		if !sc.IsContent(e) {
			continue
		}
		if h24 != nil && (h24.MatchString(e.Text) || h24.MatchString(e.Desc)) {
			return holds, fmt.Sprintf("%q shows the 24-hour time of %s %s", strings.TrimSpace(cmp.Or(e.Text, e.Desc)), t, strings.ToUpper(c.Where))
		}
		for _, text := range []string{e.Text, e.Desc} {
			m := re.FindStringSubmatch(text)
			if m == nil || m[3] != "" {
				continue
			}
			q := strings.ToLower(m[2])
			if q == "" {
				q = suffixBeside(sc, e)
			}
			switch {
			case q == "":
			case q+"m" == c.Where:
				return holds, fmt.Sprintf("%q shows with %s", strings.TrimSpace(text), strings.ToUpper(c.Where))
			default:
				got, detail = breaks, fmt.Sprintf("%q shows with %sM, not %s", strings.TrimSpace(text), strings.ToUpper(q), strings.ToUpper(c.Where))
			}
		}
	}
	return got, detail
}

// twentyFour matches the 24-hour form of a time and its half of the day as a whole: "19:30"
// for 7:30 PM, "07:30" (zero-padded, as 24-hour clocks write it) for 7:30 AM.
func twentyFour(t, half string) *regexp.Regexp {
	hs, mins, _ := strings.Cut(t, ":")
	h, err := strconv.Atoi(hs)
	if err != nil || h < 1 || h > 12 {
		return nil
	}
	h = h % 12
	if half == "pm" {
		h += 12
	}
	return regexp.MustCompile(fmt.Sprintf(`(^|[^\d:])%02d:%s($|[^\d:])`, h, cmp.Or(mins, "00")))
}

var meridiemOnly = regexp.MustCompile(`(?i)^\s*([ap])\.?\s?m\.?\s*$`)

// suffixBeside returns "a" or "p" when a text of only AM or PM sits right of e on its row.
func suffixBeside(sc *judge.Screen, e judge.Element) string {
	if !e.HasBounds {
		return ""
	}
	for _, o := range sc.Elements {
		// A picker's AM and PM buttons (checkable, both shown) say nothing of the time set.
		if !sc.IsContent(o) || o.Checkable || !o.HasBounds || o.Y1 >= e.Y2 || e.Y1 >= o.Y2 || o.X1 < e.X2 || o.X1-e.X2 > (e.X2-e.X1) {
			continue
		}
		if m := meridiemOnly.FindStringSubmatch(o.Text); m != nil {
			return strings.ToLower(m[1])
		}
	}
	return ""
}

// constraintNote is the reasoner's note of what a screen showed of a constraint:
// "[C5] constraint 2 holds at frame 7: ...".
func constraintNote(i int, state int, frame int, detail string) string {
	word := "holds"
	if state == breaks {
		word = "breaks"
	}
	return fmt.Sprintf("%s constraint %d %s at frame %d: %s", evidence.Cite("C5"), i, word, frame, detail)
}

var constraintNoteRe = regexp.MustCompile(`\[C5\] constraint (\d+) (holds|breaks) at frame (\d+)`)

// observeConstraints notes, on each frame the reasoner reads, what the screen shows of the
// task's observable constraints, when that differs from the last note: the last look
// decides on the latest.
func (h *reasoner) observeConstraints(in judge.ReasonInput) {
	if in.Screen == nil {
		return
	}
	if !h.conRead || h.conTask != in.Task {
		h.conRead, h.conTask, h.cons = true, in.Task, taskConstraints(in.Task)
	}
	h.noteRecency(in)
	today, known := h.today(in)
	for i, c := range h.cons {
		var st int
		var detail string
		switch {
		case c.Kind == conDay && known:
			day, ok := resolveDay(c.Phrase, today)
			if !ok {
				continue
			}
			st, detail = observeDay(c, day, in.Screen, in.Answer)
		case c.observable():
			st, detail = c.observe(in.Screen, in.Answer)
		default:
			continue
		}
		if st == notShown {
			continue
		}
		last := notShown
		for _, f := range in.Facts {
			if m := constraintNoteRe.FindStringSubmatch(f.Text); m != nil && m[1] == strconv.Itoa(i) {
				last = map[string]int{"holds": holds, "breaks": breaks}[m[2]]
			}
		}
		if st != last {
			h.notes = append(h.notes, constraintNote(i, st, in.Frame, detail))
		}
	}
}

// today is today's date, as noted on an earlier frame or read off this one (a home screen's
// date widget, noted for the frames after it and the last look), when the task names a day
// from today.
func (h *reasoner) today(in judge.ReasonInput) (calDate, bool) {
	asks := false
	for _, c := range h.cons {
		asks = asks || c.Kind == conDay
	}
	if !asks {
		return calDate{}, false
	}
	var notes []string
	for _, f := range in.Facts {
		notes = append(notes, f.Text)
	}
	if d, ok := todayNoted(append(notes, h.notes...)); ok {
		return d, true
	}
	d, ok := todayOn(in.Screen)
	if ok {
		h.notes = append(h.notes, todayNote(d, in.Frame))
	}
	return d, ok
}

// checkConstraints is the gate before a success (C5): every constraint the task states
// was compared and holds on the latest screen that showed it, or the run cannot be told.
// A role shown in another field of the task is read off the saved forms.
func checkConstraints(in judge.ReviewInput) (trace.Outcome, bool) {
	if judgedByPage(in) {
		return trace.Outcome{}, false // the page that set the task judged all of it (E9)
	}
	cons := taskConstraints(in.Task)
	for i, c := range cons {
		ok, seen := true, notShown
		switch {
		case c.Kind == conRole:
			ok = roleHolds(c, in.Forms)
		case c.Kind == conMark && markedByToggle(in):
			ok = true
		case c.Kind == conCount:
			ok = sendsCounted(c, in)
		case c.Kind == conEvery && in.Answer != "":
			ok = true // an answer's "all" is read by E7
		case c.Kind == conEvery && everyGoneReached(c, in):
			ok = true // E5 compared it: the page that listed the items lists none of them
		case c.Kind == conDay:
			seen = dayLatest(i, c, in)
			ok = seen == holds
		case c.Kind == conSelection && recencyWords.MatchString(c.Phrase):
			held, why := recencyHolds(c, in)
			ok = held
			if !held && why != "" {
				msg := cite("C5", fmt.Sprintf("the task picks one item by its age (%q): %s", c.Phrase, why))
				return trace.Outcome{Verdict: trace.RunCannotTell, Rules: []string{"C5"}, Frame: &in.ReachedAt, Reason: msg, Review: review(in, msg)}, true
			}
		case c.observable():
			seen = latest(i, c, in)
			ok = seen == holds
		default:
			ok = false
		}
		if !ok {
			msg := cite("C5", c.unverified(seen))
			if c.Kind == conDay {
				msg = cite("C5", dayUnverified(c, in, seen))
			}
			return trace.Outcome{Verdict: trace.RunCannotTell, Rules: []string{"C5"}, Frame: &in.ReachedAt, Reason: msg, Review: review(in, msg)}, true
		}
	}
	return trace.Outcome{}, false
}

// latest is what the latest screen that showed the constraint's subject showed of it (the
// end's screens first, then the reasoner's notes): holds, breaks or notShown.
func latest(i int, c constraint, in judge.ReviewInput) int {
	for k := len(in.End) - 1; k >= 0; k-- {
		if st, _ := c.observe(in.End[k].Screen, in.Answer); st != notShown {
			return st
		}
	}
	return notedState(i, in.Notes)
}

// notedState is the latest state the reasoner's notes give constraint i: holds, breaks or
// notShown.
func notedState(i int, notes []string) int {
	state := notShown
	for _, n := range notes {
		if m := constraintNoteRe.FindStringSubmatch(n); m != nil && m[1] == strconv.Itoa(i) {
			state = map[string]int{"holds": holds, "breaks": breaks}[m[2]]
		}
	}
	return state
}

// timesAsked is the number of times a count phrase asks for: "once" 1, "twice" 2, "3
// times" 3; 0 when it says no number.
func timesAsked(phrase string) int {
	words := map[string]int{"once": 1, "one": 1, "a": 1, "twice": 2, "two": 2, "thrice": 3, "three": 3, "four": 4, "five": 5,
		"six": 6, "seven": 7, "eight": 8, "nine": 9, "ten": 10}
	for _, w := range strings.Fields(strings.ToLower(phrase)) {
		if n, ok := words[w]; ok {
			return n
		}
		if n, err := strconv.Atoi(w); err == nil {
			return n
		}
	}
	return 0
}

// sendsCounted: a count on a message the task sends holds when the sends of it into one
// conversation (each a commit of the compose form, as F6 counts them) number as asked. A
// count on anything else is never compared.
func sendsCounted(c constraint, in judge.ReviewInput) bool {
	n := timesAsked(c.Phrase)
	specs, _ := reachedSpecs(in)
	var sent []value
	for _, sp := range specs {
		if sp.Kind == kindState && sendVerbs[sp.Verb] {
			sent = append(sent, sp.Values...)
		}
	}
	if n == 0 || len(sent) == 0 || in.Forms == nil {
		return false
	}
	sends := map[string]int{}
	for _, s := range in.Forms.Saved {
		for _, f := range s.Fields {
			for _, v := range sent {
				if !f.Chosen && !f.Picked && v.In(strings.ToLower(f.Value)) {
					sends[s.Package+"\x00"+s.Title+"\x00"+strings.ToLower(f.Value)]++
				}
			}
		}
	}
	for _, k := range sends {
		if k != n {
			return false
		}
	}
	return len(sends) > 0
}

// roleHolds: no saved form holds the value in a field labelled with another of the task's
// fields and not its own; a prose role ("as the title") needs a saved field labelled so.
func roleHolds(c constraint, forms *judge.Forms) bool {
	if len(c.Values) == 0 {
		return c.Roles != nil
	}
	own := false
	for _, s := range savedForms(forms) {
		for _, f := range s.Fields {
			if f.Label == "" || !c.Values[0].In(strings.ToLower(f.Value)) {
				continue
			}
			label := strings.ToLower(f.Label)
			if labelNames(label, c.Where) {
				own = true
				continue
			}
			for _, r := range c.Roles {
				if labelNamesAll(label, r) {
					return false
				}
			}
		}
	}
	return own || c.Roles != nil
}

// labelNames: a field's label names a task's field when it holds one of its words.
func labelNames(label, field string) bool {
	for _, w := range screentext.Tokens(field) {
		if len(w) >= 3 && screentext.ContainsName(label, w) {
			return true
		}
	}
	return false
}

// labelNamesAll: a field's label holds every word of a task's field ("Description" for
// "description"; "Name" is not all of "category name"): only then is a value in it in
// another field than its own.
func labelNamesAll(label, field string) bool {
	n := 0
	for _, w := range screentext.Tokens(field) {
		if len(w) < 3 {
			continue
		}
		if !screentext.ContainsName(label, w) {
			return false
		}
		n++
	}
	return n > 0
}

func savedForms(f *judge.Forms) []judge.SavedForm {
	if f == nil {
		return nil
	}
	return f.Saved
}

// markedByToggle: the reached substates include a switch or checkbox's state, which the
// toggle rule read off the control (E1).
func markedByToggle(in judge.ReviewInput) bool {
	specs, _ := reachedSpecs(in)
	for _, sp := range specs {
		if sp.Kind == kindToggle {
			return true
		}
	}
	return false
}

// everyGoneReached: the "all" of a deletion of every item of a kind ("delete all my
// notes") is compared when its substate was reached, which needs the page that listed
// the items to list none of them (E5).
func everyGoneReached(c constraint, in judge.ReviewInput) bool {
	for _, f := range in.Found {
		sp := onNotedDay(parseSpec(f.Node.Content), f.Node.Content, in.Task, in.Notes)
		if f.Reached && sp.All && strings.Contains(strings.ToLower(f.Node.Content), strings.ToLower(c.Phrase)) {
			return true
		}
	}
	return false
}
