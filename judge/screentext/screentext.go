// Package screentext is how the judges read the text of a screen: whether a value a task
// names (a name, a number, a date, an hour, quoted text) shows in it as a whole, in any of
// the ways screens write it; the words a text offers as evidence; and texts folded and
// bounded for a description. The model judge's memory of lists and forms and the heuristic
// judge's rules match text the same way through it. It imports only internal/termtext (the
// clipper).
package screentext

import (
	"cmp"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"

	"github.com/autoeval/autoeval/internal/termtext"
)

// IsWordRune reports whether r is a letter or a digit.
func IsWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// stop are words that carry no evidence on a screen: grammar, UI generics and words about
// being shown (the judge decides that) or about acting (actions are not visible).
var stop = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`a an the is are was were be been being to of in into on onto for with and or at by from as that this
		these those it its their there which who what page screen visible shown shows show displayed display displays app apps
		application open opened opens now has have having appears appear contains contain named called titled new should must
		set create created add added delete deleted remove removed make made change changed enter entered type typed tap
		tapped click clicked go navigate find search save saved turn turned switch switched toggle select selected use using
		please then also all any some my your our his her them they he she you i me we do does done can will would not
		other than home launcher state states view screen's app's item items one result list listed lists exists exist
		present existing following same so only just via within inside under up down off on enabled disabled enable disable
		checked unchecked active inactive mark marked`) {
		stop[w] = true
	}
}

// Tokens splits text into lowercase terms, keeping times (7:30), phone numbers (+1...) and decimals.
func Tokens(s string) []string {
	f := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == ':' || r == '+' || r == '.' || r == '@')
	})
	out := f[:0]
	for _, t := range f {
		t = strings.Trim(t, ":.")
		if t != "" {
			out = append(out, t)
		}
	}
	return out
}

// KeyTerms are the content words and value words of a text, app names left out.
func KeyTerms(content, app string) []string {
	appWords := map[string]bool{}
	for _, w := range Tokens(app) {
		appWords[w] = true
	}
	seen := map[string]bool{}
	var out []string
	for _, t := range Tokens(content) {
		if stop[t] || appWords[t] || seen[t] || len(t) < 2 && !HasDigit(t) {
			continue
		}
		seen[t] = true
		out = append(out, t)
	}
	return out
}

// HasDigit reports whether s holds a digit.
func HasDigit(s string) bool { return strings.IndexFunc(s, unicode.IsDigit) >= 0 }

// Digits keeps only the digits of s.
func Digits(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsDigit(r) {
			return r
		}
		return -1
	}, s)
}

// nameRune are the runes a name is made of: "x_1.md" is one name, so "a_x_1.md" does not
// hold it as a whole.
func nameRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' }

// ContainsName reports whether needle occurs in hay as a whole: not glued to letters,
// digits or underscores on a side where the needle itself starts or ends with one.
func ContainsName(hay, needle string) bool {
	if needle == "" {
		return false
	}
	first, _ := firstRune(needle)
	last, _ := lastRune(needle)
	for i := 0; i <= len(hay)-len(needle); {
		k := strings.Index(hay[i:], needle)
		if k < 0 {
			return false
		}
		k += i
		ok := true
		if nameRune(first) && k > 0 {
			if r, _ := lastRune(hay[:k]); nameRune(r) {
				ok = false
			}
		}
		if end := k + len(needle); ok && nameRune(last) && end < len(hay) {
			if r, _ := firstRune(hay[end:]); nameRune(r) {
				ok = false
			}
		}
		if ok {
			return true
		}
		_, size := firstRune(hay[k:])
		i = k + size
	}
	return false
}

func firstRune(s string) (rune, int) {
	for _, r := range s {
		return r, len(string(r))
	}
	return 0, 0
}

func lastRune(s string) (rune, int) {
	rs := []rune(s)
	if len(rs) == 0 {
		return 0, 0
	}
	return rs[len(rs)-1], len(string(rs[len(rs)-1]))
}

// Value is something a screen must show exactly: a name, a number, quoted text.
type Value struct {
	Text string // as the task writes it
	// Alts are the lowercased forms, any of which may show; a reader of a clause may add
	// the forms its context implies ("10 minutes" as "10m").
	Alts   []string
	digits string // long numbers (phone numbers): matched digit for digit
	Number bool
	// URL is set for a web address with a path: it shows as that page's address, not as
	// the start of another page's.
	URL bool
	// clock is the 24-hour time a value written "H:MM" without its half of the day names
	// ("8:00" is the morning; "20:00" the evening); "" for any other value. Its bare
	// forms never show where a 12-hour screen writes the other half after them.
	clock string
	half  string // "a" or "p": the half of the day clock falls in
}

var (
	isoDate = regexp.MustCompile(`^(\d{4})-(\d{1,2})-(\d{1,2})$`)
	// bareClock is a time of day without its half: "8:00", "20:15", "08:30".
	bareClock = regexp.MustCompile(`^(\d{1,2}):(\d{2})$`)
	hourOnly  = regexp.MustCompile(`^(\d{1,2})h$`)
	// oneDecimal is an amount written with one decimal: "42.5".
	oneDecimal = regexp.MustCompile(`^(\d+\.\d)$`)
	// clockHalf is a time with its half of the day: "7:30 AM", "7 pm", "7:30a.m.".
	clockHalf = regexp.MustCompile(`(?i)^(\d{1,2})(?::(\d{2}))?\s*([ap])\.?\s*m\.?$`)
	numeric   = regexp.MustCompile(`^[+\-$€£]?\d[\d\s().\-/:,]*[%]?$`)
	months    = []string{"january", "february", "march", "april", "may", "june", "july", "august", "september", "october", "november", "december"}
)

// sameFolder are the two names of one system folder.
var sameFolder = map[string]string{"downloads": "download", "download": "downloads"}

// quotes are the typographic quotation marks and apostrophes, each as its plain sign.
var quotes = strings.NewReplacer("’", "'", "‘", "'", "“", `"`, "”", `"`)

// FoldQuotes writes typographic quotes and apostrophes as plain ones: a message typed
// "Parents' evening" shows as "Parents’ evening" where the app or the font curls it, and
// OCR reads either sign for either.
func FoldQuotes(s string) string { return quotes.Replace(s) }

// NewValue builds a value and the other ways a screen may write it (a date as "October
// 15", an hour as "10:00", an amount without its currency sign).
func NewValue(raw string) Value {
	t := strings.Join(strings.Fields(strings.Trim(raw, " \t\n.,;:!?\"'“”‘’()")), " ")
	v := Value{Text: t}
	l := FoldQuotes(strings.ToLower(t))
	v.Alts = []string{l}
	if alt, ok := sameFolder[l]; ok {
		// Android's shared Download folder: file pickers list it as "Downloads", its path
		// and the save page write "Download".
		v.Alts = append(v.Alts, alt)
	}
	if numeric.MatchString(t) {
		v.Number = true
		bare := strings.TrimLeft(l, "$€£")
		if bare != l {
			v.Alts = append(v.Alts, bare)
		}
		if m := oneDecimal.FindStringSubmatch(bare); m != nil {
			// "$42.5" is 42.50 where an app writes an amount's cents in full.
			v.Alts = append(v.Alts, m[1]+"0")
			if bare != l {
				v.Alts = append(v.Alts, l+"0")
			}
		}
		if d := Digits(l); len(d) >= 7 && !isoDate.MatchString(t) {
			v.digits = d // a phone number, however it is grouped on screen
		}
	}
	if m := isoDate.FindStringSubmatch(t); m != nil {
		mo, _ := strconv.Atoi(m[2])
		day, _ := strconv.Atoi(m[3])
		if mo >= 1 && mo <= 12 {
			name := months[mo-1]
			v.Alts = append(v.Alts, fmt.Sprintf("%s %d", name, day), fmt.Sprintf("%s %d", name[:3], day),
				fmt.Sprintf("%d %s", day, name), fmt.Sprintf("%d %s", day, name[:3]), fmt.Sprintf("%d/%d/%s", mo, day, m[1]))
		}
	}
	if mo, day, year, ok := MonthDay(t); ok {
		// "October 12 2023": screens write the same date as "Oct 12", "10/12/2023",
		// "12 Oct" (the year often left out).
		name := months[mo-1]
		v.Alts = append(v.Alts, fmt.Sprintf("%s %d", name, day), fmt.Sprintf("%s %d", name[:3], day),
			fmt.Sprintf("%d %s", day, name), fmt.Sprintf("%d %s", day, name[:3]))
		if year > 0 {
			v.Alts = append(v.Alts, fmt.Sprintf("%d/%d/%d", mo, day, year), fmt.Sprintf("%02d/%02d/%d", mo, day, year),
				fmt.Sprintf("%d-%02d-%02d", year, mo, day))
		}
	}
	if WebAddress(t) {
		// "https://www.x.org/a/" and "x.org/a" name one page; the bar may show either.
		v.URL = true
		bare := strings.TrimSuffix(webScheme.ReplaceAllString(l, ""), "/")
		v.Alts = []string{bare}
	}
	if m := clockHalf.FindStringSubmatch(t); m != nil {
		// The half of the day is part of the time: "7:30 AM" never shows as a bare "7:30",
		// which a 12-hour screen writes for 7:30 PM as well; a 24-hour screen writes 19:30.
		h, _ := strconv.Atoi(m[1])
		mins := cmp.Or(m[2], "00")
		half := strings.ToLower(m[3])
		v.Alts = []string{fmt.Sprintf("%d:%s %sm", h, mins, half), fmt.Sprintf("%d:%s%sm", h, mins, half), fmt.Sprintf("%d:%s %s.m.", h, mins, half)}
		if m[2] == "" {
			v.Alts = append(v.Alts, fmt.Sprintf("%d %sm", h, half), fmt.Sprintf("%d%sm", h, half))
		}
		if h >= 1 && h <= 12 {
			h24 := h % 12
			if half == "p" {
				h24 += 12
			}
			v.Alts = append(v.Alts, fmt.Sprintf("%02d:%s", h24, mins))
			if h24 >= 13 {
				v.Alts = append(v.Alts, fmt.Sprintf("%d:%s", h24, mins))
			}
		}
	}
	if m := bareClock.FindStringSubmatch(t); m != nil {
		// A time written without its half is a 24-hour time: "8:00" is the morning, which a
		// 12-hour screen writes "8:00 AM" (never "8:00 PM"), and "20:00" is "8:00 PM".
		h, _ := strconv.Atoi(m[1])
		if mins, _ := strconv.Atoi(m[2]); h <= 23 && mins <= 59 {
			v.clock, v.half = fmt.Sprintf("%d:%s", h, m[2]), "a"
			if h >= 12 {
				v.half = "p"
			}
			h12 := h % 12
			if h12 == 0 {
				h12 = 12
			}
			v.Alts = append(v.Alts, fmt.Sprintf("%d:%s %sm", h12, m[2], v.half), fmt.Sprintf("%d:%s%sm", h12, m[2], v.half))
			if h < 10 {
				v.Alts = append(v.Alts, fmt.Sprintf("%02d:%s", h, m[2]), v.clock) // a 24-hour screen may pad the hour, or not
			}
			if h12 != h {
				v.Alts = append(v.Alts, fmt.Sprintf("%d:%s", h12, m[2])) // bare on a 12-hour screen, its half beside it
			}
		}
	}
	if m := hourOnly.FindStringSubmatch(t); m != nil {
		h, _ := strconv.Atoi(m[1])
		v.clock, v.half = fmt.Sprintf("%d:00", h), "a"
		if h >= 12 {
			v.half = "p"
		}
		v.Alts = append(v.Alts, fmt.Sprintf("%d:00", h))
		if h < 10 {
			v.Alts = append(v.Alts, fmt.Sprintf("%02d:00", h)) // a 24-hour screen pads the hour: "09:00"
		}
		switch {
		case h == 0:
			v.Alts = append(v.Alts, "12:00 am")
		case h < 12:
			v.Alts = append(v.Alts, fmt.Sprintf("%d am", h), fmt.Sprintf("%d:00 am", h))
		case h == 12:
			v.Alts = append(v.Alts, "12 pm", "12:00 pm")
		default:
			v.Alts = append(v.Alts, fmt.Sprintf("%d pm", h-12), fmt.Sprintf("%d:00 pm", h-12))
		}
	}
	return v
}

// monthDay matches a date written with its month's name: "October 12 2023", "Oct 12,
// 2023", "October 12".
var monthDay = regexp.MustCompile(`(?i)^([a-z]+)\.?\s+(\d{1,2})(?:,?\s+(\d{4}))?$`)

// MonthDay reads a date written with its month's name ("October 12 2023", "Oct 12"): the
// month (1-12), the day and the year (0 when not given).
func MonthDay(s string) (month, day, year int, ok bool) {
	m := monthDay.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return 0, 0, 0, false
	}
	month = MonthNumber(m[1])
	day, _ = strconv.Atoi(m[2])
	if m[3] != "" {
		year, _ = strconv.Atoi(m[3])
	}
	return month, day, year, month > 0 && day >= 1 && day <= 31
}

// MonthNumber is the number (1-12) of a month's name or its first three letters, 0 for
// anything else.
func MonthNumber(w string) int {
	w = strings.ToLower(strings.TrimSuffix(w, "."))
	for i, name := range months {
		if w == name || len(w) == 3 && w == name[:3] || w == "sept" && i == 8 {
			return i + 1
		}
	}
	return 0
}

// webPath is a web address with a path: a host with a dot, then "/" and more.
var webPath = regexp.MustCompile(`(?i)^(?:https?://)?(?:www\.)?(?:[a-z0-9-]+\.)+[a-z]{2,}/\S+$`)

// webScheme is what an address bar may leave out of an address: its scheme and "www.".
var webScheme = regexp.MustCompile(`^(?:https?://)?(?:www\.)?`)

// WebAddress reports whether a word is a web address with a path: "en.m.wikipedia.org/wiki/X".
func WebAddress(w string) bool { return webPath.MatchString(w) }

// urlIn reports whether a page's address shows in text as that page's: not glued to more
// of another address before it, and followed by nothing but a slash, a query or a fragment.
func urlIn(text, addr string) bool {
	for i := 0; i < len(text); {
		k := strings.Index(text[i:], addr)
		if k < 0 {
			return false
		}
		k += i
		before := strings.TrimSuffix(strings.TrimSuffix(text[:k], "www."), "://")
		rest := text[k+len(addr):]
		if end := strings.IndexFunc(rest, unicode.IsSpace); end >= 0 {
			rest = rest[:end]
		}
		rest = strings.TrimSuffix(rest, "/")
		glued := before != "" && !unicode.IsSpace(rune(before[len(before)-1])) && !strings.HasSuffix(before, "http") && !strings.HasSuffix(before, "https")
		if !glued && (rest == "" || rest[0] == '?' || rest[0] == '#') {
			return true
		}
		i = k + 1
	}
	return false
}

// In reports whether the value shows in text (lowercased) as a whole.
func (v Value) In(text string) bool {
	text = FoldQuotes(text)
	if v.URL {
		for _, a := range v.Alts {
			if urlIn(text, a) {
				return true
			}
		}
		return false
	}
	for _, a := range v.Alts {
		if v.clock != "" && bareClock.MatchString(a) {
			if clockIn(text, a, v.half, hourOf(a) != hourOf(v.clock)) {
				return true
			}
			continue
		}
		if ContainsName(text, a) {
			return true
		}
	}
	return v.digits != "" && strings.Contains(Digits(text), v.digits)
}

// clockIn reports whether a bare time ("8:00") shows in text as a whole and not followed by
// the half of the day other than half. twelve marks a 12-hour writing of another hour
// ("8:00" for 20:00, "12:30" for 0:30): it shows only with its half after it, since a bare
// "8:00" on a 24-hour screen is the morning.
func clockIn(text, bare, half string, twelve bool) bool {
	for i := 0; i <= len(text)-len(bare); {
		k := strings.Index(text[i:], bare)
		if k < 0 {
			return false
		}
		k += i
		i = k + 1
		end := k + len(bare)
		if k > 0 {
			if r, _ := lastRune(text[:k]); nameRune(r) || r == ':' {
				continue
			}
		}
		rest := strings.TrimLeft(text[end:], " \u00a0\u202f")
		if r, _ := firstRune(text[end:]); nameRune(r) && !strings.HasPrefix(rest, "am") && !strings.HasPrefix(rest, "pm") {
			continue
		}
		got := ""
		if m := halfAfter.FindStringSubmatch(rest); m != nil {
			got = m[1]
		}
		if got == half || got == "" && !twelve {
			return true
		}
	}
	return false
}

// hourOf is the hour of a time written "H:MM".
func hourOf(clock string) int {
	h, _ := strconv.Atoi(clock[:strings.IndexByte(clock, ':')])
	return h
}

// halfAfter is the half of the day written after a time: "pm", "p.m.", "am".
var halfAfter = regexp.MustCompile(`^([ap])\.?m\b\.?`)

// IsClockHalf reports whether a text is a time with its half of the day: "7:30 AM".
func IsClockHalf(s string) bool { return clockHalf.MatchString(strings.TrimSpace(s)) }

// IsNumber reports whether a word is written as a number: digits with signs, separators,
// a currency or a percent.
func IsNumber(w string) bool { return numeric.MatchString(w) }

// IsHour reports whether a word is an hour written as "10h".
func IsHour(w string) bool { return hourOnly.MatchString(w) }

// IsISODate reports whether a word is a date written as 2023-10-15.
func IsISODate(w string) bool { return isoDate.MatchString(w) }

// IsStopWord reports whether a word carries no evidence on a screen (see stop).
func IsStopWord(w string) bool { return stop[w] }

// Squeeze keeps only letters and digits, lowercased: "Wi‑Fi" and "wifi" read the same.
func Squeeze(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			return unicode.ToLower(r)
		}
		return -1
	}, s)
}

// MaxText bounds one element's text in a description so one huge text view cannot
// crowd everything else out of the reasoner's prompt.
const MaxText = 300

// Clip folds s onto one line and keeps at most MaxText runes of it, a cut marked by "…"
// after them.
func Clip(s string) string { return termtext.ClipLine(s, MaxText+1) }
