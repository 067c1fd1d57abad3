package heuristic

import (
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/autoeval/autoeval/judge/screentext"
	"github.com/autoeval/autoeval/substate"
)

// This file reads task clauses and substate contents into what a screen must show: the
// app, the exact values (names, numbers, quoted text), the kind of result (something shows,
// is gone, was moved or copied, a switch is on or off, a question was answered) and the
// descriptive words. The rules are about language, never about one task or app's data.

// knownApps maps app names as tasks write them to fragments of their Android packages.
// Word marks a name that is also a common English word ("phone", "files", "settings"): it
// names the app only when written as a name (evidence rule E4), never in "their phone
// number" or "delete the files".
var knownApps = []struct {
	Name string
	Pkgs []string
	Word bool
}{
	{"simple calendar", []string{"calendar"}, false},
	{"pro expense", []string{"expense"}, false},
	{"audio recorder", []string{"audiorecorder"}, false},
	{"retro music", []string{"retromusic"}, false},
	{"simple gallery", []string{"gallery"}, false},
	{"simple sms", []string{"smsmessenger"}, false},
	{"simple draw", []string{"draw"}, false},
	{"clock", []string{"deskclock", "clock"}, true},
	{"contacts", []string{"contacts"}, true},
	{"chrome", []string{"chrome"}, false},
	{"settings", []string{"settings"}, true},
	{"camera", []string{"camera"}, true},
	{"calendar", []string{"calendar"}, true},
	{"markor", []string{"markor"}, false},
	{"files", []string{"documentsui", "files"}, true},
	{"file manager", []string{"documentsui", "files"}, true},
	{"photos", []string{"photos"}, true},
	{"gallery", []string{"gallery"}, true},
	{"messages", []string{"messaging", "mms", "sms"}, true},
	{"phone", []string{"dialer"}, true},
	{"duolingo", []string{"duolingo"}, false},
	{"expense", []string{"expense"}, true},
	{"broccoli", []string{"broccoli"}, false},
	{"tasks", []string{"org.tasks"}, true},
	{"opentracks", []string{"opentracks"}, false},
	{"joplin", []string{"joplin"}, false},
	{"vlc", []string{"vlc"}, false},
	{"osmand", []string{"osmand"}, false},
	{"youtube", []string{"youtube"}, false},
	{"maps", []string{"maps"}, true},
	{"gmail", []string{"android.gm"}, false},
}

// namedAsApp reports whether a common-word app name at text[at:at+n] is written as the
// name of an app: followed by "app" or "application", or capitalised inside a sentence
// ("in Contacts", "open Settings") and not a field's label ("Phone: 555...").
func namedAsApp(text string, at, n int) bool {
	rest := strings.ToLower(strings.TrimLeft(text[at+n:], " "))
	if strings.HasPrefix(rest, "app") && (len(rest) == 3 || !screentext.IsWordRune(rune(rest[3]))) ||
		strings.HasPrefix(rest, "application") {
		return true
	}
	if !capitalized(text[at:]) || labelAt(text[at+n:]) || nounBefore(strings.TrimLeft(text[at+n:], " ")) {
		return false
	}
	// Capitalised at the start of a sentence says nothing: "Phone the office".
	before := strings.TrimRight(text[:at], " \t\n\"'“‘(")
	return before != "" && !strings.ContainsAny(before[len(before)-1:], ".!?:;\n") && !inQuote(text, at)
}

// inQuote reports whether position at lies inside a quotation: quoted text is a value the
// task gives (a title, a description), and a word in it names no app ("the description
// 'Photos and old passport'").
func inQuote(text string, at int) bool {
	for _, q := range quotedSpans(text) {
		if q.Start < at && at < q.End {
			// "the 'Phone' app" quotes the name alone: a name, not a value.
			return at+len(q.Text) > len(text) || !strings.EqualFold(q.Text, text[at:at+len(q.Text)])
		}
	}
	return false
}

// nounBefore reports whether the text after a capitalised common word starts with a
// lowercase word that is not a stop word: the name then opens a noun phrase ("Phone case",
// "Camera bag" in a list of items), not an app ("in Contacts and", "open Settings to").
func nounBefore(rest string) bool {
	w := rest
	if j := strings.IndexFunc(rest, func(r rune) bool { return !screentext.IsWordRune(r) }); j >= 0 {
		w = rest[:j]
	}
	return w != "" && w[0] >= 'a' && w[0] <= 'z' && !screentext.IsStopWord(w)
}

// noAppContent is the app-open substate derived when the task names no app: any app but
// the launcher counts.
const noAppContent = "An app other than the home screen launcher is open"

// resultPrefix starts every unit DeriveSubstates writes for a clause of the task.
const resultPrefix = "The screen shows the result of: "

// answerPrefix starts a substate about the answer to a question, as DeriveSubstates writes
// it and as the decomposer prompt asks models to write it.
var answerPrefix = regexp.MustCompile(`(?i)^\s*the agent['’]s (?:reported |final )?answer\b[^:]*:?\s*`)

// derivedAnswer is the content DeriveSubstates gives a question's answer unit.
const derivedAnswer = "The agent's reported answer agrees with what the screens showed for: "

var appPhrase = regexp.MustCompile(`(?i)\b(?:the\s+)?([A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)?)\s+app\b`)

// appMention is an app named in a text, with where and as written ("Simple Gallery Pro"
// for the known "simple gallery": the capitalised words after a known name belong to it).
type appMention struct {
	Name    string
	At      int
	Written string
}

// findApps returns the apps a text names, in order of first mention.
func findApps(text string) []appMention {
	lower := asciiLower(text)
	var out []appMention
	covered := func(at, n int) bool {
		for _, m := range out {
			if at < m.At+max(len(m.Name), len(m.Written)) && m.At < at+n {
				return true
			}
		}
		return false
	}
	for _, a := range knownApps {
		for i := 0; ; {
			k := wordIndex(lower[i:], a.Name)
			if k < 0 {
				break
			}
			k += i
			if a.Word && (!namedAsApp(text, k, len(a.Name)) || afterApp(out, k)) {
				i = k + len(a.Name)
				continue // a common word, not written as an app's name
			}
			if !covered(k, len(a.Name)) && !partOfKnown(out, a.Name) {
				end := k + len(a.Name)
				for n := 0; n < 2; n++ { // "Simple Calendar Pro", "Simple SMS Messenger"
					rest := text[end:]
					trimmed := strings.TrimLeft(rest, " ")
					if len(trimmed) == len(rest) || len(rest)-len(trimmed) > 1 || !capitalized(trimmed) {
						break
					}
					w := trimmed
					if j := strings.IndexFunc(trimmed, func(r rune) bool { return !screentext.IsWordRune(r) }); j >= 0 {
						w = trimmed[:j]
					}
					if strings.EqualFold(w, "app") || w == "" {
						break
					}
					end += len(rest) - len(trimmed) + len(w)
				}
				out = append(out, appMention{a.Name, k, text[k:end]})
			}
			i = k + len(a.Name)
		}
	}
	for _, m := range appPhrase.FindAllStringSubmatchIndex(text, -1) {
		name := strings.ToLower(text[m[2]:m[3]])
		name = strings.TrimPrefix(name, "the ")
		if name == "the" || name == "an" || name == "a" || covered(m[2], m[3]-m[2]) || partOfKnown(out, name) {
			continue
		}
		out = append(out, appMention{name, m[2], text[m[2]:m[3]]})
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].At < out[j].At })
	seen := map[string]bool{}
	kept := out[:0]
	for _, m := range out {
		if !seen[m.Name] {
			seen[m.Name] = true
			kept = append(kept, m)
		}
	}
	return kept
}

// labelAt reports whether the text after a name ends a field's label: a colon, maybe after
// a capitalised word or two ("Phone: ...", "Phone Label: ...").
func labelAt(rest string) bool {
	for i := 0; i < 3; i++ {
		rest = strings.TrimLeft(rest, " ")
		if strings.HasPrefix(rest, ":") {
			return true
		}
		if !capitalized(rest) {
			return false
		}
		j := strings.IndexFunc(rest, func(r rune) bool { return !screentext.IsWordRune(r) })
		if j < 0 {
			return false
		}
		rest = rest[j:]
	}
	return false
}

// afterApp reports whether position at directly follows an app already found: "maps" in
// "the OsmAnd maps app" describes OsmAnd, it names no second app.
func afterApp(found []appMention, at int) bool {
	for _, m := range found {
		end := m.At + max(len(m.Name), len(m.Written))
		if end <= at && at-end <= 1 {
			return true
		}
	}
	return false
}

// partOfKnown reports whether name is a word of an app already found ("expense" of "pro
// expense"): the same app named short.
func partOfKnown(found []appMention, name string) bool {
	for _, m := range found {
		if m.Name != name && wordIndex(m.Name, name) >= 0 {
			return true
		}
	}
	return false
}

// findApp returns the first app a text names, or "".
func findApp(text string) string {
	if a := findApps(text); len(a) > 0 {
		return a[0].Name
	}
	return ""
}

// targetApp returns the app a clause acts in: of several apps named ("add the expenses from
// a photo in Gallery to Expenses"), the one the result goes to (after "to", "into"), else
// the last one named; "" when none.
func targetApp(text string) string {
	apps := findApps(text)
	if len(apps) == 0 {
		return ""
	}
	lower := asciiLower(text)
	for i := len(apps) - 1; i >= 0; i-- {
		before := strings.Fields(lower[:apps[i].At])
		for k := len(before) - 1; k >= 0 && k >= len(before)-2; k-- {
			if w := before[k]; w == "to" || w == "into" || w == "onto" {
				return apps[i].Name
			}
			if before[k] != "the" && before[k] != "my" {
				break
			}
		}
	}
	return apps[len(apps)-1].Name
}

// asciiLower lowercases the ASCII letters of s and keeps every other byte: positions in it
// are positions in s (strings.ToLower may change the length of invalid or some non-ASCII
// text), and app names are ASCII.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if 'A' <= c && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// wordIndex finds word in haystack as a whole word, or -1.
func wordIndex(haystack, word string) int {
	for i := 0; ; {
		k := strings.Index(haystack[i:], word)
		if k < 0 {
			return -1
		}
		k += i
		before := k == 0 || !screentext.IsWordRune(rune(haystack[k-1]))
		after := k+len(word) == len(haystack) || !screentext.IsWordRune(rune(haystack[k+len(word)]))
		if before && after {
			return k
		}
		i = k + 1
	}
}

// appPackages returns the package fragments that identify app.
func appPackages(app string) []string {
	for _, a := range knownApps {
		if a.Name == app {
			return a.Pkgs
		}
	}
	return []string{strings.ReplaceAll(app, " ", "")}
}

// quoteSpan is a quoted stretch of text: its content and its byte range, quotes included.
type quoteSpan struct {
	Text       string
	Start, End int
}

// quotedSpans finds "double", “curly” and 'single' quotations. A single quote opens a
// quotation only where a word cannot continue (start of text, after a space or bracket)
// and closes one only where a word has ended: the apostrophes of "don't" and "I'm" are
// letters of their words, not quote marks.
func quotedSpans(s string) []quoteSpan {
	var out []quoteSpan
	rs := []rune(s)
	byteAt := make([]int, len(rs)+1)
	for i, b := 0, 0; i < len(rs); i++ {
		byteAt[i] = b
		b += len(string(rs[i]))
		byteAt[i+1] = b
	}
	closer := map[rune]rune{'"': '"', '“': '”', '\'': '\'', '‘': '’'}
	for i := 0; i < len(rs); i++ {
		c, ok := closer[rs[i]]
		if !ok {
			continue
		}
		single := rs[i] == '\'' || rs[i] == '‘'
		if single && i > 0 && screentext.IsWordRune(rs[i-1]) {
			continue // an apostrophe inside a word
		}
		for j := i + 1; j < len(rs); j++ {
			if rs[j] != c {
				continue
			}
			if single && (j+1 < len(rs) && screentext.IsWordRune(rs[j+1]) || j == i+1) {
				continue // "I'm": the mark is followed by a letter
			}
			if text := strings.TrimSpace(string(rs[i+1 : j])); text != "" {
				out = append(out, quoteSpan{Text: text, Start: byteAt[i], End: byteAt[j+1]})
			}
			i = j
			break
		}
	}
	return out
}

// value is something a screen must show exactly, and where the clause puts it.
type value struct {
	screentext.Value
	role string // object, from, to, place, when
	// sender marks a person something was sent by ("the address that Mei just sent me"):
	// a from whose message holds what the task sends on.
	sender bool
}

// makeValue builds a value and the other ways a screen may write it.
func makeValue(raw string) value { return value{Value: screentext.NewValue(raw)} }

// unitAlts are the short forms of a count of hours, minutes or seconds ("10m", "10 min",
// "05s" as timers show them); none for other units.
func unitAlts(n, unit string) []string {
	v, err := strconv.Atoi(n)
	if err != nil || v < 0 {
		return nil
	}
	var short, abbr string
	switch strings.TrimSuffix(unit, "s") {
	case "hour", "hr", "h":
		short, abbr = "h", "hr"
	case "minute", "min", "m":
		short, abbr = "m", "min"
	case "second", "sec", "s":
		short, abbr = "s", "sec"
	default:
		return nil
	}
	return []string{fmt.Sprintf("%d%s", v, short), fmt.Sprintf("%02d%s", v, short), fmt.Sprintf("%d %s", v, abbr),
		fmt.Sprintf("%d %s", v, strings.TrimSuffix(unit, "s")+"s"), fmt.Sprintf("%d %s", v, strings.TrimSuffix(unit, "s"))}
}

// Kinds of result a substate asks for.
const (
	kindState  = "state"  // values (or, without values, words) show
	kindGone   = "gone"   // something listed before is gone
	kindMove   = "move"   // something left one place for another
	kindCopy   = "copy"   // something shows in a second place
	kindToggle = "toggle" // a switch is on or off
	kindAnswer = "answer" // the agent's answer agrees with the screens
	kindLevel  = "level"  // a setting is at its minimum (0%) or maximum (100%)
	// kindRunning: a timer, stopwatch or player is running, or paused, as the controls
	// it offers show (Pause while it runs; Start or Resume, and Reset, once paused).
	kindRunning = "running"
	// kindClipboard: the clipboard holds the values (the task's destination is the
	// clipboard itself).
	kindClipboard = "clipboard"
)

// runVerbs start something that then runs; pauseVerbs stop it where it is. A clause of
// one with no name or number of its own asks for the thing's state, not for an item.
var (
	runVerbs   = map[string]bool{"start": true, "run": true, "resume": true, "play": true}
	pauseVerbs = map[string]bool{"pause": true, "stop": true}
)

// spec is what a substate asks a screen to show.
type spec struct {
	Kind    string
	Verb    string
	App     string  // the app the content names, "" for none
	Values  []value // every value named: all must show (kindState, kindToggle)
	Objects []value // gone/move/copy: the things acted on
	Places  []value // gone: where they were (a page title must name one, when given)
	From    *value  // move: the source
	To      *value  // move/copy: the destination
	Words   []string
	Want    bool // toggle: the wanted state
	// Level is the value a level setting must show: "0%" for its minimum, "100%" for its maximum.
	Level string
	// Action is set when an action verb leads the clause: its result must be identified
	// by a value, never by words alone (the words name the action, not its outcome).
	Action bool
	// Old are the values an edit replaces ("Gym" in "rename 'Gym' to 'Yoga'"): rightly
	// gone, never required.
	Old []value
	// Text is the instruction as the task wrote it, for what the task forbids.
	Text string
	// Folders are the values the clause names as folders ("a folder named X"): a file
	// of that name is another kind of item.
	Folders []string
	// For a question: Unit is the unit the answer is asked in ("minute", "hour"),
	// Attribute what a yes/no question asks of its item ("todo" in "is it marked as a todo
	// item?"), and Plural is set when it asks for every item that qualifies ("what tasks").
	Unit      string
	Attribute string
	Plural    bool
	// CommaList is set when the question asks for a comma-separated list: the answer's
	// items are what its commas separate, "A and B" being one item.
	CommaList bool
	// Quality is the quality a question picks its items by ("high priority" in "what are my
	// high priority tasks"): it must show with the answer's items (E7).
	Quality []string
	// Measured is what a question asks a quantity of ("tahini" in "what quantity of tahini
	// do I need for the recipe X"): the answer's amount must be written with it, on its
	// line, not anywhere on the recipe's page (E7). MeasuredKind marks a kind of item
	// instead ("my cycling activity"): it must share the answer's row only where the screen
	// lists several items.
	Measured     string
	MeasuredKind bool
	// NumberAsked is set when the question asks its answer as a number ("as a single
	// integer"): an answer that is not one is against it (E7).
	NumberAsked bool
	// DoneAsked is set when a question picks items by their mark ("which tasks have I
	// completed", "my incomplete tasks"), Done the box's state it picks: only items whose
	// row shows it qualify for the answer (E7); that each answered item shows it is a
	// constraint (C5).
	DoneAsked, Done bool
	// All is set for a deletion of every item of a kind, none named ("delete all my
	// notes"): the page that listed them must come to list none of them (E5).
	All bool
	// SetState is the state an edit sets an item to, as words ("high priority" in "mark the
	// task 'Pay rent' as high priority"): the item must show in it, as the app's state (E6).
	SetState []string
	// Dups is set for a deletion of the copies of items that repeat ("delete all but one of
	// any recipes that are exact duplicates"): every repeated row must come to show once.
	Dups bool
	// AtEnd is set when the clause asks for a screen to stay displayed ("ensure the
	// in-call screen is displayed"): the run's last screen must still show it (L1).
	AtEnd bool
}

// askedDone reads whether a question picks items by their mark, their box's state ("which
// tasks have I completed", "my incomplete tasks": markPhrase), and which state.
func askedDone(q string) (asked, done bool) {
	m := markPhrase.FindString(q)
	if m == "" {
		return false, false
	}
	return true, markWanted(m) == "checked"
}

// quantityOf is a question for a quantity of a thing: "what quantity of tahini", "the
// amount of flour", "how much sugar do I need".
var quantityOf = regexp.MustCompile(`(?i)\b(?:(?:quantity|amount)\s+of|how\s+much)\s+([\p{L}][\p{L}-]+)`)

// activityOf is a question for a measure of one kind of activity: "how long was my cycling
// activity", "how many minutes did I spend running".
var activityOf = regexp.MustCompile(`(?i)\bmy\s+([\p{L}][\p{L}-]+)\s+(?:activity|activities|workout|session|track)\b|\bspen[dt]\s+([\p{L}]+ing)\b`)

// notMeasured are words that follow "how much" without naming a thing: "how much did I
// spend", "how much time".
var notMeasured = map[string]bool{"do": true, "does": true, "did": true, "is": true, "are": true, "was": true, "were": true,
	"will": true, "would": true, "should": true, "can": true, "have": true, "has": true, "had": true, "time": true, "money": true,
	"the": true, "my": true, "a": true, "an": true, "of": true, "i": true, "you": true, "we": true, "they": true, "it": true}

// measuredThing is what a question asks a quantity of, lowercased, "" for none, and
// whether it is a kind of item (an activity's) rather than a thing a line measures.
func measuredThing(q string) (thing string, kind bool) {
	if m := activityOf.FindStringSubmatch(q); m != nil {
		return strings.ToLower(m[1] + m[2]), true
	}
	m := quantityOf.FindStringSubmatch(q)
	if m == nil || notMeasured[strings.ToLower(m[1])] {
		return "", false
	}
	return strings.ToLower(m[1]), false
}

// numberAsked is an answer's format that asks for a number: "as a single integer", "as a
// number"; AndroidWorld reads such an answer as a number, which "0:45:00" is not.
var numberAsked = regexp.MustCompile(`(?i)\bas\s+(?:a\s+)?(?:single\s+)?(?:integer|number|whole\s+number)\b`)

// answerUnit is the unit a question asks its answer in: "express your answer in minutes".
var answerUnit = regexp.MustCompile(`\bin\s+(hours|minutes|seconds|hour|minute|second)\b`)

// askedAttribute is what a yes/no question asks of its item: "marked as a todo item", "set
// as favorite".
var askedAttribute = regexp.MustCompile(`(?i)\b(?:marked|set|flagged|labell?ed|starred)\s+as\s+(?:an?\s+|the\s+)?([\p{L}-]+)`)

// pluralAsk matches a question for every item of a kind: "What tasks ...", "Which events
// ...", "What high priority tasks ...", "List all ...".
var pluralAsk = pluralQuestion{}

type pluralQuestion struct{}

var (
	askedWords = regexp.MustCompile(`(?i)^\s*(?:what|which)\s+(.*)$`)
	askAll     = regexp.MustCompile(`(?i)^\s*(?:list|name)\s+(?:all|every)\b`)
	auxiliary  = map[string]bool{"is": true, "was": true, "are": true, "were": true, "do": true, "does": true, "did": true,
		"has": true, "have": true, "had": true, "will": true, "can": true, "should": true, "would": true}
)

// MatchString reports whether q asks for every item of a kind: a plural noun ("tasks")
// among the words after what or which, before any verb.
func (pluralQuestion) MatchString(q string) bool {
	if askAll.MatchString(q) {
		return true
	}
	m := askedWords.FindStringSubmatch(q)
	if m == nil {
		return false
	}
	for i, w := range strings.Fields(strings.ToLower(m[1])) {
		w = strings.Trim(w, "?,.")
		if i >= 3 || auxiliary[w] {
			return false
		}
		if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") && !strings.HasSuffix(w, "us") {
			return true
		}
	}
	return false
}

// switchTerms are what a toggle's row must name.
func (sp spec) switchTerms() []string {
	var out []string
	for _, v := range sp.Values {
		out = append(out, strings.ToLower(v.Text))
	}
	return append(out, sp.Words...)
}

// commaList is a question's request for a comma-separated answer.
var commaList = regexp.MustCompile(`(?i)\bcomma[- ]separated\b|\bseparated? (?:them )?(?:with|by) commas\b`)

// qualityBefore and qualityWith find the words a question picks its items by: "my high
// priority tasks", "tasks with high priority". A mark (done, incomplete) is compared on the
// items' boxes instead (C5), and words of time ("next", "upcoming") pick by date.
var (
	itemKinds     = `(tasks|events|notes|expenses|activities|items|to-?dos|entries|alarms|recipes|contacts|files|songs|tracks|messages|meetings|reminders)`
	qualityBefore = regexp.MustCompile(`(?i)\b(?:my|the|any|all)\s+((?:[a-z-]+\s+){0,2}?[a-z-]+)\s+` + itemKinds + `\b`)
	qualityWith   = regexp.MustCompile(`(?i)\b` + itemKinds + `\s+with\s+((?:[a-z-]+\s+){0,2}?[a-z-]+)\s+(?:are|is|that|which|due|in|on|for|do|did)\b`)
	notQuality    = map[string]bool{"next": true, "upcoming": true, "last": true, "recent": true, "previous": true, "first": true, "new": true,
		"other": true, "same": true, "own": true, "following": true, "current": true, "remaining": true, "many": true, "much": true,
		"of": true, "these": true, "those": true, "this": true, "that": true}
)

// askedQuality is the quality a question picks its items by, as words; nil for none.
func askedQuality(q string) []string {
	var phrase string
	if m := qualityBefore.FindStringSubmatch(q); m != nil {
		phrase = m[1]
	} else if m := qualityWith.FindStringSubmatch(q); m != nil {
		phrase = m[2]
	}
	var out []string
	for _, w := range strings.Fields(strings.ToLower(phrase)) {
		if notQuality[w] || markPhrase.MatchString(w+" tasks") || screentext.IsStopWord(w) || screentext.HasDigit(w) {
			return nil
		}
		out = append(out, w)
	}
	return out
}

// verbs maps action verbs to the result they ask for; "" asks for values to show.
var verbs = map[string]string{
	"delete": kindGone, "remove": kindGone, "erase": kindGone, "clear": kindGone, "discard": kindGone, "trash": kindGone,
	"move": kindMove, "copy": kindCopy, "duplicate": kindCopy,
	"create": "", "add": "", "make": "", "save": "", "set": "", "write": "", "record": "", "enter": "", "rename": "",
	"update": "", "edit": "", "change": "", "send": "", "reply": "", "share": "", "take": "", "log": "", "type": "",
	"fill": "", "schedule": "", "book": "", "start": "", "run": "", "pause": "", "stop": "", "play": "", "merge": "",
	"transcribe": "", "resend": "", "text": "", "draw": "", "export": "", "favorite": "", "pin": "", "archive": "", "mark": "",
	"turn": kindToggle, "switch": kindToggle, "toggle": kindToggle, "enable": kindToggle, "disable": kindToggle,
	"activate": kindToggle, "deactivate": kindToggle,
}

// goneWords say, in a substate's own words, that something is no longer there.
var goneWords = regexp.MustCompile(`(?i)\b(no longer|not (?:be )?(?:listed|shown|visible|present|displayed)|(?:is|are) gone|disappear(?:s|ed)?|(?:was|were|been|is|are) (?:deleted|removed))\b`)

// switchWant says which checked state the content's switch language asks for, if any.
// "on" and "off" count only as a state: after a toggle verb ("turn on X", "turn X off"), after
// "is"/"be", or ending the clause; "an event on Monday" asks for no switch.
func switchWant(content string) (want, ok bool) {
	c := strings.ToLower(content)
	if switchOff.MatchString(c) {
		return false, true
	}
	if switchOn.MatchString(c) {
		return true, true
	}
	return false, false
}

var (
	switchOff = regexp.MustCompile(`\b(?:(?:turn|switch|toggle|set)(?:ed|s)?\s+off|(?:turn|switch|toggle)(?:ed|s)?\s+(?:\S+\s+){1,3}?off\b|(?:is|are|be|stays?|remains?|now)\s+off|disabled?|deactivated?|deactivate|unchecked|not checked)\b|\boff\s*[.!]?\s*$`)
	switchOn  = regexp.MustCompile(`\b(?:(?:turn|switch|toggle|set)(?:ed|s)?\s+on|(?:turn|switch|toggle)(?:ed|s)?\s+(?:\S+\s+){1,3}?on\b|(?:is|are|be|stays?|remains?|now)\s+on|enabled?|activated?|checked)\b|\bon\s*[.!]?\s*$`)
)

// levelWant matches a setting asked to be at its minimum or maximum.
var levelWant = regexp.MustCompile(`\bto (?:the |its )?(min|minimum|lowest|max|maximum|highest)\b`)

// levelWords name the extreme, not the setting.
var levelWords = map[string]bool{"min": true, "minimum": true, "lowest": true, "max": true, "maximum": true, "highest": true,
	"value": true, "level": true, "possible": true}

// prepositions give a value its role by the word before it.
var prepositions = map[string]string{
	"from": "from", "to": "to", "into": "to", "onto": "to",
	"in": "place", "inside": "place", "within": "place", "at": "place", "under": "place", "on": "place", "located": "place",
}

// sentBy follows a person who sent the agent's user something: "... that Mei Tanaka
// just sent me", "... Ann texted you".
var sentBy = regexp.MustCompile(`(?i)^\s+(?:just\s+|recently\s+|has\s+|had\s+)?(?:sent|texted|messaged|emailed|shared|forwarded|gave|wrote)\s+(?:me|you|us)\b`)

// fillers may stand between a preposition and its value: "from the Alarms folder".
var fillers = map[string]bool{"the": true, "a": true, "an": true, "my": true, "this": true, "that": true, "same": true, "its": true}

// word is a token of a clause with its byte position.
type word struct {
	Text       string
	Start, End int
	Initial    bool // starts a sentence
}

func splitWords(s string) []word {
	var out []word
	initial := true
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		w := strings.TrimFunc(s[start:end], func(r rune) bool {
			return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '+' || r == '$' || r == '€' || r == '£')
		})
		if w != "" {
			off := strings.Index(s[start:end], w)
			out = append(out, word{Text: w, Start: start + off, End: start + off + len(w), Initial: initial})
			initial = false
		}
		seg := s[start:end]
		if len(out) == 1 && start == 0 && strings.HasPrefix(seg, "(") && strings.HasSuffix(seg, ")") {
			// "(create) Name it x.png": the verb a clause borrows from the one before
			// (taskPieces) leaves the clause's own first word initial, capitalised by the
			// sentence, not as a name.
			initial = true
		}
		if strings.HasSuffix(seg, ".") || strings.HasSuffix(seg, "!") || strings.HasSuffix(seg, "?") || strings.HasSuffix(seg, ":") {
			initial = true
		}
		start = -1
	}
	for i, r := range s {
		if unicode.IsSpace(r) {
			flush(i)
			if r == '\n' {
				initial = true
			}
			continue
		}
		if start < 0 {
			start = i
		}
	}
	flush(len(s))
	return out
}

var (
	identifier = regexp.MustCompile(`^[\p{L}\p{N}][\p{L}\p{N}_.\-]*$`)
	fileName   = regexp.MustCompile(`^[\p{L}\p{N}_\-]+(?:\.[\p{L}\p{N}_\-]+)*\.[A-Za-z0-9]{1,5}$`)
)

// isName reports whether a word is a name by its shape: a file name, an identifier with an
// underscore, or letters mixed with digits ("room4b").
func isName(w string) bool {
	if !identifier.MatchString(w) {
		return false
	}
	if strings.Contains(w, "_") || fileName.MatchString(w) {
		return true
	}
	hasL, hasD := false, false
	for _, r := range w {
		hasL = hasL || unicode.IsLetter(r)
		hasD = hasD || unicode.IsDigit(r)
	}
	return hasL && hasD && !screentext.IsNumber(w) && !screentext.IsHour(w)
}

func capitalized(w string) bool {
	r, _ := utf8.DecodeRuneInString(w)
	return unicode.IsUpper(r)
}

// parseSpec reads a substate's content.
func parseSpec(content string) spec {
	c := strings.TrimSpace(content)
	c = strings.TrimSpace(strings.TrimPrefix(c, resultPrefix))
	var sp spec
	if loc := answerPrefix.FindStringIndex(c); loc != nil {
		sp.Kind = kindAnswer
		q, format := c[loc[1]:], ""
		if i := strings.IndexByte(q, '?'); i >= 0 {
			q, format = q[:i+1], q[i+1:] // what the question asks, then how to answer it
		}
		sp.App = findApp(q)
		s := scanClause(q, sp.App)
		sp.Values, sp.Words = withoutRelativeDays(s.values, q), s.words
		if m := answerUnit.FindStringSubmatch(strings.ToLower(format + " " + q)); m != nil {
			sp.Unit = strings.TrimSuffix(m[1], "s")
		}
		if m := askedAttribute.FindStringSubmatch(q); m != nil {
			sp.Attribute = strings.ToLower(m[1])
		}
		sp.Plural = pluralAsk.MatchString(q)
		sp.CommaList = commaList.MatchString(format)
		sp.Quality = askedQuality(q)
		sp.Measured, sp.MeasuredKind = measuredThing(q)
		sp.NumberAsked = numberAsked.MatchString(format)
		sp.DoneAsked, sp.Done = askedDone(q)
		// The quality qualifies a plural kind of item ("my high priority tasks"): the
		// question asks for every item that has it.
		sp.Plural = sp.Plural || len(sp.Quality) > 0
		return sp
	}
	sp.App = targetApp(c)
	s := scanClause(c, sp.App)
	sp.Values, sp.Words, sp.Verb = s.values, s.words, s.verb
	sp.Values = withoutStorageAreas(withoutRelativeDays(withoutScreenNames(sp.Values), c), c)
	sp.Values, sp.Words = withRepetition(sp.Values, sp.Words)
	sp.AtEnd = shownAtEnd.MatchString(c)
	for _, v := range sp.Values {
		if namedFolder(c, v.Text) {
			sp.Folders = append(sp.Folders, v.Text)
		}
	}
	kind, isVerb := verbs[s.verb]
	sp.Action = isVerb
	sp.Kind = kindState
	if isVerb && kind != "" {
		sp.Kind = kind
	}
	if goneWords.MatchString(c) {
		sp.Kind = kindGone
	}
	sp.All = sp.Kind == kindGone && everyItem.MatchString(c)
	sp.Dups = sp.Kind == kindGone && duplicatesWord.MatchString(c)
	if sp.Kind == kindState && setVerbs[sp.Verb] {
		sp.SetState = stateSet(c, sp.Values)
	}
	if m := levelWant.FindStringSubmatch(strings.ToLower(c)); m != nil && (sp.Kind == kindToggle || sp.Kind == kindState) {
		// "Turn the brightness to the min value": a level, shown as a percentage.
		sp.Kind, sp.Level = kindLevel, "100%"
		if strings.HasPrefix(m[1], "min") || m[1] == "lowest" {
			sp.Level = "0%"
		}
		var object []string
		for _, w := range sp.Words {
			if !levelWords[w] {
				object = append(object, w)
			}
		}
		sp.Words = object
	} else if want, ok := switchWant(c); ok && (sp.Kind == kindToggle || sp.Kind == kindState) {
		sp.Kind, sp.Want = kindToggle, want
	} else if sp.Kind == kindToggle {
		sp.Kind = kindState // "turn the volume up": no switch to look at
	}
	if (sp.Kind == kindCopy || sp.Kind == kindState) && len(sp.Values) > 0 && containsWord(sp.Words, "clipboard") {
		// "Copy the following text to the clipboard: ...": the clipboard is the destination.
		sp.Kind, sp.Objects, sp.To = kindClipboard, nil, nil
	}
	if sp.Kind == kindState && len(sp.Values) == 0 && (runVerbs[sp.Verb] || pauseVerbs[sp.Verb]) {
		// "Run the stopwatch", "Pause the timer": the thing's state, by its controls.
		sp.Kind, sp.Want = kindRunning, runVerbs[sp.Verb]
	}
	if renameVerbs[sp.Verb] && sp.Kind == kindState {
		sp.Values, sp.Old = newValuesOnly(sp.Values)
	}
	for _, v := range sp.Values {
		switch v.role {
		case "from":
			if sp.From == nil {
				x := v
				sp.From = &x
			}
			if !v.Number {
				sp.Places = append(sp.Places, v)
			}
		case "to":
			if sp.To == nil {
				x := v
				sp.To = &x
			}
		case "place":
			if !v.Number {
				sp.Places = append(sp.Places, v)
			}
		case "when":
			// A time the item is at: shown with it, never an item of its own.
		default:
			if !v.Number {
				sp.Objects = append(sp.Objects, v)
			}
		}
	}
	if m := everyOnDay.FindStringSubmatch(c); m != nil && sp.Kind == kindGone {
		// "Delete all the events on 2023-10-20": every item of the day's page, the page
		// whose title names that day (E5); the date names no item.
		day := makeValue(m[1])
		sp.All, sp.Places = true, []value{day}
		var objects []value
		for _, o := range sp.Objects {
			if !strings.EqualFold(o.Text, day.Text) {
				objects = append(objects, o)
			}
		}
		sp.Objects = objects
	}
	if sp.Kind == kindCopy && sp.To == nil && len(sp.Places) > 0 {
		// "copy X in A and save a copy in B": the last place named is where the copy goes.
		x := sp.Places[len(sp.Places)-1]
		sp.To = &x
		if len(sp.Places) > 1 && sp.From == nil {
			f := sp.Places[0]
			sp.From = &f
		}
	}
	return sp
}

// screenKinds end a name that says what a screen is ("the In-Call UI", "the Settings
// page"), not text it shows.
var screenKinds = map[string]bool{"ui": true, "screen": true, "page": true, "view": true, "interface": true}

// withoutScreenNames drops from a clause's values a screen named by what it is, when the
// clause also says what the screen shows ("ensure the In-Call UI is displayed with options
// like 'Hold'"): the app shows the screen by its content and controls, never by the
// task's name for it. Without another value the name stays (nothing else identifies it).
func withoutScreenNames(vs []value) []value {
	var keep []value
	for _, v := range vs {
		f := strings.Fields(v.Text)
		if len(f) > 1 && screenKinds[strings.ToLower(f[len(f)-1])] && capitalized(f[0]) && v.role == "object" {
			continue
		}
		keep = append(keep, v)
	}
	if len(keep) == 0 {
		return vs
	}
	return keep
}

// relativeWeekday is a weekday named from today: "this Thursday", "next Monday".
var relativeWeekday = regexp.MustCompile(`(?i)\b(?:(?:this|next|last|coming)\s+(monday|tuesday|wednesday|thursday|friday|saturday|sunday)|(monday|tuesday|wednesday|thursday|friday|saturday|sunday)\s+after\s+next)\b`)

// withoutRelativeDays drops the weekday of "this Thursday" from the values a screen must
// show: it is a day named from today, which the task's constraint of that kind (C5)
// compares, and a screen shows the day as a date ("Oct 19"), or shows any Thursday by its
// name; the name alone is neither evidence for the result nor against it.
func withoutRelativeDays(vs []value, clause string) []value {
	days := map[string]bool{}
	for _, m := range relativeWeekday.FindAllStringSubmatch(clause, -1) {
		days[strings.ToLower(m[1]+m[2])] = true
	}
	if len(days) == 0 {
		return vs
	}
	var keep []value
	for _, v := range vs {
		if !days[strings.ToLower(v.Text)] {
			keep = append(keep, v)
		}
	}
	return keep
}

// setVerbs set an item to a state the clause names after "as" or "to".
var setVerbs = map[string]bool{"set": true, "mark": true, "make": true, "change": true, "update": true, "edit": true}

// statePhrase is the state a clause sets, ending it: "as high priority", "to high", before
// an app named last ("in the Tasks app").
var statePhrase = regexp.MustCompile(`(?i)\b(?:as|to)\s+(?:an?\s+|the\s+)?([a-z-]+(?:\s+[a-z-]+){0,2}?)(?:\s+in\s+(?:the\s+)?[A-Z][\w.-]*(?:\s+[A-Z][\w.-]*)*(?:\s+app)?)?\s*[.!]?\s*$`)

// notState are words after "as" or "to" that name a place or a role, not a state.
var notState = map[string]bool{"top": true, "end": true, "bottom": true, "beginning": true, "start": true, "clipboard": true,
	"list": true, "folder": true, "playlist": true, "title": true, "name": true, "description": true, "file": true, "note": true}

// stateSet reads the state a clause sets its item to, as words; nil when it names none, or
// when it is a value the clause gives (a name, a number, quoted text).
func stateSet(clause string, values []value) []string {
	m := statePhrase.FindStringSubmatch(maskQuotes(clause))
	if m == nil {
		return nil
	}
	phrase := strings.ToLower(m[1])
	for _, v := range values {
		if strings.Contains(strings.ToLower(v.Text), phrase) || strings.Contains(phrase, strings.ToLower(v.Text)) {
			return nil
		}
	}
	if _, ok := markStates[phrase]; ok {
		return []string{phrase} // "as done": a mark, read off the item's box
	}
	var out []string
	for _, w := range strings.Fields(phrase) {
		if notState[w] || screentext.IsStopWord(w) {
			return nil
		}
		out = append(out, w)
	}
	return out
}

// duplicatesWord names the copies of repeated items as what to delete.
var duplicatesWord = regexp.MustCompile(`(?i)\bduplicates?\b|\bduplicated\b`)

// everyItem is a deletion of every item of a kind: "delete all my notes", "remove every
// expense". "All but", "all of the X named ..." and "all events on <date>" pick some of
// them, not every item a page lists.
var everyItem = regexp.MustCompile(`(?i)^\s*(?:\(\w+\)\s*)?\w+\s+(?:all|every)\s+(?:of\s+)?(?:my\s+|the\s+)?\w+s?(?:\s+in\s+[\w ]+)?[.!]?\s*$`)

// everyOnDay is a deletion of every item of a kind on a date the task gives whole: "delete
// all the calendar events on 2023-10-20", "remove every task due October 20 2023". A day
// named from today ("this Wednesday") is no date: it is read as a constraint (C5).
var everyOnDay = regexp.MustCompile(`(?i)\b(?:all|every)\s+(?:of\s+)?(?:my\s+|the\s+)?(?:[\w-]+\s+){0,2}?[\w-]+\s+(?:(?:scheduled|planned|due)\s+(?:on\s+|for\s+)?|(?:on|for)\s+)(\d{4}-\d{1,2}-\d{1,2}|[A-Z][a-z]+\.?\s+\d{1,2}(?:,?\s+\d{4})?)(?:\s+(?:in|from)\s+[\w ]+)?\s*[.!]?\s*$`)

// renameVerbs edit an item's value in place: "change the title of 'Gym' to 'Yoga'".
var renameVerbs = map[string]bool{"change": true, "rename": true, "update": true, "edit": true}

// newValuesOnly splits an edit's values: the old text the item had ("Gym"), which the edit
// rightly removes, and the rest. A value is old when it is text, the item's, and the edit
// gives new text ("to 'Yoga class'"); an old value of another kind than the new one (the
// contact whose number changes) names the item, and stays.
func newValuesOnly(vs []value) (keep, old []value) {
	newText := false
	for _, v := range vs {
		newText = newText || v.role == "to" && !v.Number
	}
	for _, v := range vs {
		if _, _, _, date := screentext.MonthDay(v.Text); newText && v.role == "object" && !v.Number && !date {
			old = append(old, v)
			continue
		}
		keep = append(keep, v)
	}
	return keep, old
}

// namingWords introduce a name: the word after "named", "called" or "titled" is one,
// whatever its shape ("a folder named trips").
var namingWords = map[string]bool{"named": true, "called": true, "titled": true}

// namedFolder reports whether a clause names a value as a folder: "a folder named X", "the
// folder 'X'", "a new folder in Markor called X".
func namedFolder(clause, name string) bool {
	for from := 0; name != ""; {
		i := strings.Index(clause[from:], name)
		if i < 0 {
			return false
		}
		at := from + i
		if folderBefore.MatchString(clause[:at]) {
			return true
		}
		from = at + len(name)
	}
	return false
}

// folderBefore ends the words that name what follows as a folder.
var folderBefore = regexp.MustCompile(`(?i)\b(?:folder|directory)(?:\s+(?:in|on|under|inside)(?:\s+[\w.-]+){1,3}?)?\s+(?:(?:named|called|titled)\s+)?["'“‘]?$`)

// listItemsSep separates the items of a list after a label's colon ("the following: A, B and C").
var listItemsSep = regexp.MustCompile(`\s*(?:,|;|\band\b)\s*`)

// labelled is an item of such a list that names its field: "First Name: Tomas".
var labelled = regexp.MustCompile(`^\s*\p{L}[\p{L}_ ]{0,30}:\s+(\S.*?)\s*$`)

// scanned is what scanClause finds in a clause.
type scanned struct {
	values []value
	words  []string
	verb   string
}

// scanClause finds a clause's values (quoted text, text after a label's colon, names by
// their shape, capitalised names, numbers), each with its role, its first action verb,
// and its remaining descriptive words. App names are neither values nor words.
func scanClause(c, app string) scanned {
	var s scanned
	appWords := map[string]bool{}
	for _, a := range findApps(c) {
		for _, w := range strings.Fields(strings.ToLower(a.Name + " " + a.Written)) {
			appWords[w] = true
		}
	}
	for _, w := range strings.Fields(app) {
		appWords[w] = true
	}
	blank := []byte(c)
	wipe := func(from, to int) {
		for i := from; i < to && i < len(blank); i++ {
			if blank[i] != '\n' {
				blank[i] = ' '
			}
		}
	}
	ws := splitWords(c)
	roleAt := func(pos int) string {
		// The preposition before the value, skipping articles.
		k := -1
		for i, w := range ws {
			if w.End <= pos {
				k = i
			}
		}
		for skipped := 0; k >= 0 && skipped <= 2; k-- {
			lw := strings.ToLower(ws[k].Text)
			if r, ok := prepositions[lw]; ok {
				return r
			}
			if !fillers[lw] && lw != "folder" && lw != "directory" {
				return "object"
			}
			skipped++
		}
		return "object"
	}
	add := func(raw string, pos int) {
		v := makeValue(raw)
		if v.Text == "" {
			return
		}
		for _, x := range s.values {
			if strings.EqualFold(x.Text, v.Text) {
				return
			}
		}
		v.role = roleAt(pos)
		if v.role == "place" && (screentext.IsHour(v.Text) || clockTime.MatchString(v.Text)) {
			v.role = "when" // "at 14h": when the item is, neither where nor what
		}
		if end := pos + len(raw); end <= len(c) && sentBy.MatchString(c[end:]) {
			// "the address that Mei Tanaka just sent me": the person a message came from,
			// which names where the content is, not what it is.
			v.role, v.sender = "from", true
		}
		s.values = append(s.values, v)
	}
	for _, q := range quotedSpans(c) {
		add(q.Text, q.Start)
		wipe(q.Start, q.End)
	}
	// A label's colon: "with the following text: buy milk" makes the rest one value, and
	// "the following recipes: A, B" a list of them. Times (7:30) have no space after the colon.
	if i := strings.Index(string(blank), ": "); i > 0 && screentext.IsWordRune(rune(blank[i-1])) {
		rest := string(blank[i+2:])
		if a := findApps(rest); len(a) > 0 {
			if cut := strings.LastIndex(strings.ToLower(rest[:a[0].At]), " in "); cut >= 0 {
				rest = rest[:cut]
			} else if cut := strings.LastIndex(strings.ToLower(rest[:a[0].At]), " using "); cut >= 0 {
				rest = rest[:cut]
			}
		}
		if strings.TrimSpace(rest) != "" {
			pre := strings.ToLower(string(blank[:i]))
			if strings.Contains(pre, "following") {
				for _, item := range listItemsSep.Split(rest, -1) {
					if m := labelled.FindStringSubmatch(item); m != nil {
						// "First Name: Tomas": the label names the field, the value is after it.
						item = m[1]
					}
					add(item, i+2)
				}
			} else {
				add(rest, i+2)
			}
			wipe(i+1, i+2+len(rest))
		}
	}
	ws = splitWords(string(blank))
	for i := 0; i < len(ws); i++ {
		w := ws[i]
		lw := strings.ToLower(w.Text)
		if s.verb == "" {
			if _, ok := verbs[lw]; ok && !capitalized(w.Text) || ok && w.Initial {
				s.verb = lw
				continue
			}
		}
		if screentext.MonthNumber(w.Text) > 0 && i+1 < len(ws) && len(w.Text) >= 3 {
			// "October 12 2023" (or "Oct 12"): one date, however the screen writes it.
			j := i + 1
			if d, err := strconv.Atoi(ws[j].Text); err == nil && d >= 1 && d <= 31 {
				if j+1 < len(ws) && len(ws[j+1].Text) == 4 && screentext.IsNumber(ws[j+1].Text) {
					j++
				}
				add(c[w.Start:ws[j].End], w.Start)
				i = j
				continue
			}
		}
		// The word right after "titled", not the one after a quoted title that followed it
		// ("titled 'Workshop' starting on ...": the quote was read as the name).
		afterNaming := i > 0 && namingWords[strings.ToLower(ws[i-1].Text)] && !screentext.IsStopWord(lw) &&
			strings.TrimSpace(c[ws[i-1].End:w.Start]) == ""
		switch {
		case appWords[lw]:
			continue
		case i+1 < len(ws) && clockTime.MatchString(w.Text) && screentext.IsClockHalf(w.Text+" "+ws[i+1].Text):
			// "7:30 AM": the half of the day is part of the time, one value.
			add(c[w.Start:ws[i+1].End], w.Start)
			i++
			continue
		case afterNaming || isName(w.Text) || screentext.WebAddress(w.Text) || screentext.IsNumber(w.Text) || screentext.IsHour(w.Text) || screentext.IsISODate(w.Text):
			n := len(s.values)
			add(w.Text, w.Start)
			if len(s.values) > n && i+1 < len(ws) {
				// "10 minutes" may show as "10m", "10 min" or "10:..": the unit's short forms.
				last := &s.values[len(s.values)-1]
				last.Alts = append(last.Alts, unitAlts(w.Text, strings.ToLower(ws[i+1].Text))...)
			}
			continue
		case capitalized(w.Text) && !w.Initial && !screentext.IsStopWord(lw) && lw != "i" && !strings.HasPrefix(lw, "i'"):
			// A run of capitalised words is one name: "Amir Muller", "Movie Night".
			j := i
			for j+1 < len(ws) && capitalized(ws[j+1].Text) && !ws[j+1].Initial && !appWords[strings.ToLower(ws[j+1].Text)] &&
				!strings.ContainsAny(c[ws[j].End:ws[j+1].Start], ",;:.") {
				j++
			}
			add(c[w.Start:ws[j].End], w.Start)
			i = j
			continue
		}
		for _, t := range screentext.Tokens(w.Text) {
			if !screentext.IsStopWord(t) && !appWords[t] && (len(t) >= 2 || screentext.HasDigit(t)) && !containsWord(s.words, t) {
				s.words = append(s.words, t)
			}
		}
	}
	return s
}

// clockTime is a time of day as a task writes it before its half of the day: "7:30", "7".
var clockTime = regexp.MustCompile(`^\d{1,2}(?::\d{2})?$`)

func containsWord(ws []string, w string) bool {
	for _, x := range ws {
		if x == w {
			return true
		}
	}
	return false
}

// ---- deriving substates from a task, without a model ----

// fieldLine is a "key: value" line of a structured task ("amount_dollars: $290.81").
// The label is a few words; a time such as 7:30 has no space after its colon.
var fieldLine = regexp.MustCompile(`^\s*(\p{L}[\p{L}\p{N}_]*(?: [\p{L}\p{N}_]+){0,3}):\s+(\S.*?)\s*$`)

// questionStart matches a sentence opening with a question word. A sentence opening with an
// auxiliary asks only when it ends with a question mark ("Do I have ...?", never "Do not
// start it.").
var questionStart = regexp.MustCompile(`(?i)^\s*(what|which|how|when|where|who|whom|whose)\b`)

// isQuestion reports whether a sentence asks something.
func isQuestion(sent string) bool {
	s := strings.TrimSpace(sent)
	return questionStart.MatchString(s) || strings.HasSuffix(s, "?")
}

// optionalClause matches clauses about what may or may not happen ("clear any pop-ups that
// may appear", "when prompted, open it with X") and instructions not to act ("do not start
// it"): no successful run has to show them, so they make no substate. An instruction not to
// act is a constraint on the whole run instead, which the last look checks (forbidden).
var optionalClause = regexp.MustCompile(`(?i)(\bif (any|needed|necessary|required|prompted|asked|present|possible)\b|\bwhen (prompted|asked)\b|\b(may|might) (appear|show up|pop up)\b|^\s*(do not|don't|never)\b)`)

// notToAct opens an instruction not to do something: "Do not start the timer", "Do NOT
// hit save", "Don't send it yet".
var notToAct = regexp.MustCompile(`(?i)^\s*(?:do\s+not|don['’]t|never)\s+(.+)$`)

// forbidden is what a task says not to do, each read as the result the run must never show:
// "Do not start the timer" gives the timer running, "Do NOT hit save" a form saved.
// Instructions whose result no rule reads are left out.
func forbidden(task string) []spec {
	var out []spec
	for _, block := range blankLine.Split(strings.ReplaceAll(task, "\r\n", "\n"), -1) {
		for _, sent := range sentences(strings.Join(strings.Fields(block), " ")) {
			m := notToAct.FindStringSubmatch(strings.TrimSpace(strings.Trim(strings.TrimSpace(sent), ".;!")))
			if m == nil {
				continue
			}
			sp := parseSpec(m[1])
			switch {
			case saveVerbs[sp.Verb], sp.Kind == kindRunning:
				sp.Text = m[0]
				out = append(out, sp)
			}
		}
	}
	return out
}

// saveVerbs commit a form: "do not save" leaves the filled form as the goal.
var saveVerbs = map[string]bool{"save": true, "submit": true}

// keepsFormOpen reports whether a task says not to save: the filled form, unsaved, is its
// goal, so the values typed into it are the result (evidence rule E2).
func keepsFormOpen(task string) bool {
	for _, sp := range forbidden(task) {
		if saveVerbs[sp.Verb] {
			return true
		}
	}
	return false
}

// answerFormat matches sentences that only say how to format an answer.
var answerFormat = regexp.MustCompile(`(?i)^\s*(express|answer|respond|format|give|reply with|provide|return|if there (are|is)|please (answer|respond|format))\b`)

// piece is one clause of a task and the app it is about.
type piece struct {
	Text   string
	App    string
	Answer bool
}

// DeriveSubstates builds substates from the task text alone, for the heuristic judge when
// no model can decompose: a PageNode per app the task names (in order, each reached from
// the one before), and a UnitNode per clause hung from the page of the app that clause is
// about. A question becomes a unit on the agent's answer. Deterministic and simple.
func DeriveSubstates(task, app string) *substate.List {
	if app != "" {
		app = strings.ToLower(app)
		if a := findApp(app); a != "" {
			app = a
		}
	}
	pieces := taskPieces(task, app)
	s := &substate.List{Task: task}
	pageOf := map[string]int{}
	addPage := func(a string) int {
		if id, ok := pageOf[a]; ok {
			return id
		}
		content := noAppContent
		if a != "" {
			content = fmt.Sprintf("The %s app is open", titleCase(a))
		}
		n := substate.Node{ID: len(s.Nodes), Kind: substate.Page, Content: content}
		if last := lastPage(s); last >= 0 {
			n.Parent = substate.IntPtr(last)
		}
		s.Nodes = append(s.Nodes, n)
		pageOf[a] = n.ID
		return n.ID
	}
	if app != "" {
		addPage(app)
	}
	for _, a := range findApps(task) {
		if len(pieces) == 0 || a.Name != app {
			addPage(a.Name)
		}
	}
	if len(s.Nodes) == 0 {
		addPage("")
	}
	seen := map[string]bool{}
	lastText := "" // the text the last clause gave after a label ("with the following text: ...")
	for i, p := range pieces {
		if i+1 < len(pieces) && namedByNext(p, pieces[i+1]) {
			continue
		}
		if t := labelText(p.Text); t != "" {
			lastText = t
		} else if lastText != "" && sendVerbs[firstVerb(p.Text)] && len(quotedSpans(p.Text)) == 0 && namesEarlierText.MatchString(p.Text) {
			// "Share the entire content of the note with 555": what is sent is the text
			// the note was given, and only a message holding it shows the send.
			p.Text += fmt.Sprintf(" with the text %q", lastText)
		}
		content := resultPrefix + p.Text
		if p.Answer {
			content = derivedAnswer + p.Text
		} else {
			sp := parseSpec(content)
			if len(sp.Values) == 0 && len(sp.Words) == 0 {
				continue // "Open the Clock app": already a page
			}
		}
		k := strings.Join(sortedTerms(p.Text), " ")
		if seen[k] {
			continue
		}
		seen[k] = true
		page := addPage(p.App)
		s.Nodes = append(s.Nodes, substate.Node{ID: len(s.Nodes), Kind: substate.Unit, Parent: substate.IntPtr(page), Content: content})
	}
	return s
}

// repetitions name how often an event recurs ("recurs weekly, forever"): a value, as the
// event's form shows it in its repeat field ("Weekly", "Forever"), not a descriptive word.
var repetitions = map[string]bool{"hourly": true, "daily": true, "weekly": true, "monthly": true, "yearly": true, "annually": true, "forever": true}

// withRepetition makes the repetition words of a clause values.
func withRepetition(vs []value, words []string) ([]value, []string) {
	var rest []string
	for _, w := range words {
		if repetitions[w] {
			vs = append(vs, makeValue(w))
			continue
		}
		rest = append(rest, w)
	}
	return vs, rest
}

// storageArea follows the name of a storage volume: "within the sdk_gphone_x86_64 storage
// area". A phone has one shared storage, which file pickers title with the device's model
// name and paths write /storage/emulated/0: the folder in it is the place a screen shows.
var storageArea = regexp.MustCompile(`(?i)^\W*\s*(?:storage(?:\s+area|\s+volume)?|internal\s+storage)\b`)

// withoutStorageAreas leaves out values that name the storage volume a folder is in.
func withoutStorageAreas(vs []value, c string) []value {
	out := vs[:0:0]
	lower := strings.ToLower(c) // searched and cut alike: lowering may change a text's length
	for _, v := range vs {
		name := strings.ToLower(v.Text)
		if i := strings.Index(lower, name); i >= 0 && storageArea.MatchString(lower[i+len(name):]) {
			continue
		}
		out = append(out, v)
	}
	return out
}

// namedByNext reports whether a clause that names nothing ("Create a new drawing") is
// given its name by the clause after it, which goes on with its verb ("Name it
// sketch.png", read "(create) Name it sketch.png"): the two make one result, the next one
// its substate.
func namedByNext(p, next piece) bool {
	if p.Answer || next.Answer || strings.HasPrefix(p.Text, "(") || !refersBack.MatchString(next.Text) {
		return false // a clause with its own verb, the next going on with it about "it"
	}
	v := firstVerb(p.Text)
	if v == "" || !strings.HasPrefix(next.Text, "("+v+") ") {
		return false
	}
	sp := parseSpec(resultPrefix + p.Text)
	return len(sp.Values) == 0 && len(parseSpec(resultPrefix+next.Text).Values) > 0
}

// refersBack is a clause about what an earlier one made: "Name it x.png".
var refersBack = regexp.MustCompile(`(?i)\b(?:it|them)\b`)

// namesEarlierText is a send clause naming what it sends by where the text is: "the
// content of the note", "its text", "it".
var namesEarlierText = regexp.MustCompile(`(?i)\b(?:contents?|text|body)\s+of\s+(?:the|this|that|my)\s+\w+|\b(?:its|the note's|the file's)\s+(?:contents?|text)\b|^\s*\w+\s+it\b`)

// labelText is the text a clause gives after a label's colon, quoted by quoteText, "" for
// none.
func labelText(clause string) string {
	m := textLabel.FindStringIndex(clause)
	if m == nil {
		return ""
	}
	for _, q := range quotedSpans(clause) {
		if q.Start >= m[1]-1 {
			return q.Text
		}
	}
	return ""
}

func lastPage(s *substate.List) int {
	for i := len(s.Nodes) - 1; i >= 0; i-- {
		if s.Nodes[i].Kind == substate.Page {
			return s.Nodes[i].ID
		}
	}
	return -1
}

func sortedTerms(text string) []string {
	t := screentext.KeyTerms(text, "")
	sort.Strings(t)
	return t
}

// blankLine separates the blocks of a task: its paragraphs and lists of records.
var blankLine = regexp.MustCompile(`\n\s*\n`)

// taskPieces splits a task into clauses: structured records ("key: value" lines) become
// one clause each under the sentence that introduced them; prose splits into sentences and
// then at "and"/"then". A clause that only says where (no thing of its own) stays with the
// one before it; one without a verb of its own borrows the verb before it. Each clause is
// about the app it names, else the app of the clause before, else defaultApp.
func taskPieces(task, defaultApp string) []piece {
	var out []piece
	app := defaultApp
	lastVerb := ""
	named := findApps(task)
	emit := func(text string, answer bool) {
		text = strings.TrimSpace(strings.Trim(strings.TrimSpace(text), ".;"))
		if text == "" {
			return
		}
		if a := targetApp(text); a != "" {
			app = a
			for _, n := range named { // "expense" in a later line is the "pro expense" named before
				if n.Name != a && wordIndex(n.Name, a) >= 0 {
					app = n.Name
					break
				}
			}
		}
		out = append(out, piece{Text: text, App: app, Answer: answer})
	}
	norm := strings.ReplaceAll(task, "\r\n", "\n")
	header := "" // the sentence that introduced a list of records, kept for every record
	for _, block := range blankLine.Split(norm, -1) {
		var fields [][2]string
		flush := func() {
			if len(fields) == 0 {
				return
			}
			var b strings.Builder
			if header != "" {
				b.WriteString(strings.TrimSuffix(strings.TrimSpace(header), ":"))
				b.WriteString(", with ")
			}
			for i, f := range fields {
				if i > 0 {
					b.WriteString(", ")
				}
				fmt.Fprintf(&b, "%s %q", strings.ToLower(strings.ReplaceAll(f[0], "_", " ")), f[1])
			}
			emit(b.String(), false)
			fields = nil
		}
		var prose []string
		lines := splitRecords(strings.Split(block, "\n"))
		for _, line := range lines {
			if m := fieldLine.FindStringSubmatch(line); m != nil && !questionStart.MatchString(line) {
				if len(fields) > 0 && strings.EqualFold(fields[0][0], m[1]) {
					flush()
				}
				fields = append(fields, [2]string{strings.TrimSpace(m[1]), m[2]})
				continue
			}
			flush()
			if t := strings.TrimSpace(line); strings.HasSuffix(t, ":") {
				// A line ending in a colon introduces the records below; it is not a clause.
				header = t
				continue
			}
			prose = append(prose, line)
		}
		flush()
		text := quoteText(strings.Join(prose, " "))
		asked := false
		for _, sent := range sentences(text) {
			if isQuestion(sent) {
				emit(sent, true)
				asked = true
				continue
			}
			if asked && answerFormat.MatchString(sent) {
				// "Express your answer in minutes": no screen shows it, but it says what the
				// answer is given in; it stays with its question.
				if n := len(out); n > 0 && out[n-1].Answer {
					out[n-1].Text += " " + strings.TrimSpace(sent)
				}
				continue
			}
			for _, p := range mergePieces(splitClauses(sent)) {
				if optionalClause.MatchString(p) {
					continue
				}
				v := firstVerb(p)
				switch {
				case v != "":
					lastVerb = v
				case lastVerb != "":
					p = "(" + lastVerb + ") " + strings.TrimSpace(p)
				}
				emit(p, false)
			}
		}
	}
	return out
}

func firstVerb(text string) string { return scanClause(text, "").verb }

// splitRecords reads the two ways AndroidWorld writes rows into a goal as "key: value"
// lines: a table ("name|amount_dollars|note" over rows of cells split by "|") becomes each
// row's fields, one line each; and a record whose first field shares the line that
// introduces it ("Add the following expenses: Expense: Office Chair", the next line a field)
// is split after that line's colon.
func splitRecords(lines []string) []string {
	var out []string
	for i := 0; i < len(lines); i++ {
		line := lines[i]
		if keys := tableHeader(line); keys != nil && i+1 < len(lines) && len(strings.Split(lines[i+1], "|")) == len(keys) {
			for i+1 < len(lines) && len(strings.Split(lines[i+1], "|")) == len(keys) {
				i++
				for k, cell := range strings.Split(lines[i], "|") {
					if cell = strings.TrimSpace(cell); cell != "" {
						out = append(out, keys[k]+": "+cell)
					}
				}
			}
			continue
		}
		if fieldLine.MatchString(line) || i+1 >= len(lines) || !fieldLine.MatchString(lines[i+1]) {
			out = append(out, line)
			continue
		}
		at := strings.Index(line, ": ")
		if at > 0 && fieldLine.MatchString(line[at+2:]) {
			out = append(out, line[:at+1], line[at+2:])
			continue
		}
		out = append(out, line)
	}
	return out
}

// tableHeader returns the column names of a table's header line ("name|amount_dollars"),
// nil when the line is not one.
func tableHeader(line string) []string {
	cells := strings.Split(strings.TrimSpace(line), "|")
	if len(cells) < 2 {
		return nil
	}
	for i, c := range cells {
		c = strings.TrimSpace(c)
		if !columnName.MatchString(c) {
			return nil
		}
		cells[i] = c
	}
	return cells
}

var columnName = regexp.MustCompile(`^\p{L}[\p{L}\p{N}_]*$`)

// textLabel is a label of one text before its colon: "with the following text: ...",
// "with message: ...". A plural label ("the following details: ...", "expenses: ...")
// introduces a list instead.
var textLabel = regexp.MustCompile(`\b(\p{L}+):\s+`)

// quoteText quotes the text after a label of one text, to the end of the prose: it is one
// value, whatever "and", commas or full stops it holds ("with the following text: Buy milk,
// eggs and bread."), so no clause split cuts it.
func quoteText(prose string) string {
	m := textLabel.FindStringSubmatchIndex(prose)
	if m == nil {
		return prose
	}
	label := strings.ToLower(prose[m[2]:m[3]])
	if f := following.FindStringSubmatch(strings.ToLower(prose[:m[0]])); f != nil {
		label = f[1] // "the following books from the X app: ..." is a list of books
	}
	rest := strings.TrimSpace(prose[m[1]:])
	if strings.HasSuffix(label, "s") && !strings.HasSuffix(label, "ss") || rest == "" || strings.ContainsAny(rest, "\"“”?") {
		return prose // a list, nothing, a quotation of its own or a question
	}
	tail, next := "", ""
	if a := findApps(rest); len(a) > 0 {
		if cut := nextInstruction(rest[:a[0].At]); cut > 0 {
			// "...: Gate code 4417. Share it with 555 using the Chatter app": a later
			// sentence that opens with an action and names the app to use is the task's
			// next step, not more of the text.
			rest, next = rest[:cut], " "+strings.TrimSpace(rest[cut:])
			a = findApps(rest)
		}
	}
	if a := findApps(rest); len(a) > 0 {
		// "...: see you at eight in the Chatter app": where to do it is no part of the text.
		before := strings.ToLower(rest[:a[0].At])
		for _, w := range []string{" in ", " using ", " with "} {
			if cut := strings.LastIndex(before, w); cut >= 0 {
				rest, tail = rest[:cut], rest[cut:]
				break
			}
		}
	}
	return prose[:m[1]] + `"` + strings.TrimRight(rest, " .") + `"` + strings.TrimRight(tail, " .") + "." + next
}

// nextInstruction is where, in a label's text, a sentence starts with an action verb (its
// first word capitalised after a full stop: "... ring twice. Share ..."), -1 for none.
func nextInstruction(text string) int {
	at := -1
	for _, w := range splitWords(text) {
		if w.Initial && w.Start > 0 && capitalized(w.Text) {
			if _, ok := verbs[strings.ToLower(w.Text)]; ok {
				at = w.Start
			}
		}
	}
	return at
}

// following is "the following X" before a label's colon: X says whether a list follows.
var following = regexp.MustCompile(`\bfollowing\s+(\p{L}+)`)

// sentences splits prose at . ! ? ; followed by a space, outside quotes.
func sentences(text string) []string {
	var out []string
	var cur strings.Builder
	inQuote := false
	spans := quotedSpans(text) // single quotes too: 'We will meet. Snacks provided.' is one value
	inSpan := func(at int) bool {
		for _, q := range spans {
			if at >= q.Start && at < q.End-1 {
				return true
			}
		}
		return false
	}
	for i, r := range text {
		if r == '"' || r == '“' || r == '”' {
			inQuote = !inQuote
		}
		cur.WriteRune(r)
		_, size := utf8.DecodeRuneInString(text[i:]) // 1 for a byte of invalid UTF-8, as range steps
		next := i + size
		nextRune, _ := utf8.DecodeRuneInString(text[next:])
		end := strings.ContainsRune(".!?;", r) && !inQuote && !inSpan(i) && (next == len(text) || unicode.IsSpace(nextRune))
		if end {
			out = append(out, cur.String())
			cur.Reset()
		}
	}
	if strings.TrimSpace(cur.String()) != "" {
		out = append(out, cur.String())
	}
	return out
}

var clauseSplit = regexp.MustCompile(`(?i)\s*(?:,\s*then\s+|,\s*and\s+then\s+|\s+and\s+then\s+|,\s*and\s+|\s+and\s+|\s+then\s+)`)

// splitClauses splits a sentence at "and" and "then", outside quotes.
func splitClauses(sent string) []string {
	spans := quotedSpans(sent)
	var out []string
	last := 0
	for _, m := range clauseSplit.FindAllStringIndex(sent, -1) {
		inside := false
		for _, q := range spans {
			inside = inside || m[0] >= q.Start && m[0] < q.End
		}
		if inside {
			continue
		}
		out = append(out, sent[last:m[0]])
		last = m[1]
	}
	return append(out, sent[last:])
}

// mergePieces keeps a piece that names no thing of its own (only where, or nothing) with
// the piece before it: "copy X in A and save a copy in B" is one clause about X.
func mergePieces(ps []string) []string {
	var out []string
	for _, p := range ps {
		if strings.TrimSpace(p) == "" {
			continue
		}
		if len(out) > 0 {
			s := scanClause(p, "")
			own := false
			for _, v := range s.values {
				own = own || v.role == "object"
			}
			if !own && len(findApps(p)) == 0 && (s.verb == "" || len(s.values) > 0 || len(s.words) == 0) {
				out[len(out)-1] += " and " + strings.TrimSpace(p)
				continue
			}
			if len(s.values) > 0 && pronounObject.MatchString(p) && len(scanClause(out[len(out)-1], "").values) == 0 {
				// "Record a clip and save it as X": X names the clip the clause before made,
				// which had no name of its own to show it by.
				out[len(out)-1] += " and " + strings.TrimSpace(p)
				continue
			}
		}
		out = append(out, p)
	}
	return out
}

// pronounObject is a clause acting on what the clause before made: "save it", "name them".
var pronounObject = regexp.MustCompile(`(?i)^\s*\w+\s+(it|them)\b`)

func titleCase(s string) string {
	w := strings.Fields(s)
	for i, x := range w {
		r := []rune(x)
		r[0] = unicode.ToUpper(r[0])
		w[i] = string(r)
	}
	return strings.Join(w, " ")
}
