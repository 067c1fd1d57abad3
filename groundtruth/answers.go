package groundtruth

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Information-retrieval tasks score the agent's answer the way AndroidWorld's
// proto_utils.check_agent_answer does: the answer is split on commas and each part
// stripped; the parts are cast to the expectation's type (Python's float(), or
// strptime with '%B %d %Y', '%H:%M' or both), a part that does not cast failing the
// whole answer; then there must be as many parts as expected values, and every part
// must equal one of them (fuzzy_match for text, |x - y| < tolerance for numbers that
// have one, == otherwise). Every part may match the same expected value: AndroidWorld
// does not pair them up, and neither does this.

// answerKind is an expectation's match type.
type answerKind int

const (
	stringMatch   answerKind = iota // STRING_MATCH
	numberMatch                     // NUMBER_MATCH
	dateMatch                       // DATE_MATCH
	timeMatch                       // TIME_MATCH
	dateTimeMatch                   // DATE_MATCH and TIME_MATCH combined
)

// expectation is a task's success criterion: the expected values and how to compare.
type expectation struct {
	kind    answerKind
	strings []string    // stringMatch
	numbers []float64   // numberMatch
	times   []time.Time // date, time or date and time (UTC; unused parts zero)
	tol     float64     // numberMatch: |x - y| < tol when > 0, else x == y
}

func (e expectation) len() int {
	switch e.kind {
	case stringMatch:
		return len(e.strings)
	case numberMatch:
		return len(e.numbers)
	}
	return len(e.times)
}

// String renders the expected values for explanations.
func (e expectation) String() string {
	var vs []string
	switch e.kind {
	case stringMatch:
		vs = append(vs, quoteList(e.strings))
	case numberMatch:
		for _, n := range e.numbers {
			vs = append(vs, strconv.FormatFloat(n, 'f', -1, 64))
		}
	default:
		layout := map[answerKind]string{dateMatch: "January 2 2006", timeMatch: "15:04", dateTimeMatch: "January 2 2006 15:04"}[e.kind]
		for _, t := range e.times {
			vs = append(vs, t.Format(layout))
		}
	}
	s := strings.Join(vs, ", ")
	if s == "" {
		s = "(nothing: no row matches, so no answer can pass)"
	}
	if e.kind == numberMatch && e.tol > 0 {
		s += fmt.Sprintf(" (within %g)", e.tol)
	}
	return s
}

// checkAnswer is proto_utils.check_agent_answer for one answer. An empty answer scores
// 0, as InformationRetrieval.is_successful gives 0.0 when the agent said nothing.
func checkAnswer(answer string, e expectation) Part {
	p := Part{Name: "answer is " + e.String()}
	if answer == "" {
		p.Detail = "the agent gave no answer"
		return p
	}
	raw := strings.Split(answer, ",")
	parts := make([]string, len(raw))
	for i, r := range raw {
		parts[i] = pyStrip(r)
	}
	var err error
	switch e.kind {
	case stringMatch:
		// The comparator is fuzzy_match(answer part, expected value).
		p.Pass = eachMatches(parts, e.strings, FuzzyMatch)
	case numberMatch:
		var xs []float64
		if xs, err = castAll(parts, answerFloat); err == nil {
			p.Pass = eachMatches(xs, e.numbers, func(x, y float64) bool {
				if e.tol > 0 {
					return math.Abs(x-y) < e.tol
				}
				return x == y
			})
		}
	default:
		var ts []time.Time
		if ts, err = castAll(parts, func(s string) (time.Time, error) { return strptimeAnswer(s, e.kind) }); err == nil {
			p.Pass = eachMatches(ts, e.times, time.Time.Equal)
		}
	}
	if err != nil {
		// _cast_answers_to_type raised: the answer is in the wrong format, which scores 0.
		p.Detail = fmt.Sprintf("answer %q: %v", clip(answer, 80), err)
		return p
	}
	p.Detail = fmt.Sprintf("answer %q: %d part(s), %d expected", clip(answer, 120), len(parts), e.len())
	return p
}

// eachMatches is check_agent_answer's test: as many parts as expected values, and every
// part equal (eq) to one of them.
func eachMatches[T any](parts, want []T, eq func(x, y T) bool) bool {
	if len(parts) != len(want) {
		return false
	}
	for _, x := range parts {
		if !slices.ContainsFunc(want, func(y T) bool { return eq(x, y) }) {
			return false
		}
	}
	return true
}

// castAll casts every part, failing on the first that does not cast.
func castAll[T any](parts []string, cast func(string) (T, error)) ([]T, error) {
	out := make([]T, len(parts))
	for i, s := range parts {
		v, err := cast(s)
		if err != nil {
			return nil, err
		}
		out[i] = v
	}
	return out, nil
}

// answerFloat is float() of one answer part, failing as the explanation words it.
func answerFloat(s string) (float64, error) {
	x, err := pyFloat(s)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number, as Python's float() reads one", s)
	}
	return x, nil
}

// pyFloatRe is the syntax of Python's float() for decimal text (after strip): digits
// grouped by single underscores, an optional fraction and exponent, or inf, infinity,
// nan in any case, each with an optional sign.
var pyFloatRe = regexp.MustCompile(`^[+-]?(?:(?:\d(?:_?\d)*(?:\.(?:\d(?:_?\d)*)?)?|\.\d(?:_?\d)*)(?:[eE][+-]?\d(?:_?\d)*)?|(?i:inf|infinity|nan))$`)

// pyFloat is Python's float(): any Unicode decimal digit read as its ASCII digit and
// white space around stripped, as Python does first; Go's ParseFloat would also take
// hexadecimal floats and refuse the underscores Python allows.
func pyFloat(s string) (float64, error) {
	s = pyStrip(asciiDigits(s))
	if !pyFloatRe.MatchString(s) {
		return 0, fmt.Errorf("could not convert string to float: %q", s)
	}
	return strconv.ParseFloat(strings.ReplaceAll(s, "_", ""), 64)
}

// Python's _strptime patterns for the directives AndroidWorld's answers use; a space
// in the format matches any run of white space (\s, which in a Python str pattern is
// any character str.isspace() accepts), digits are any Unicode decimal digits (read
// through asciiDigits first), and matching ignores case.
const (
	ptMonth = `(january|february|march|april|may|june|july|august|september|october|november|december)`
	ptDay   = `(3[01]|[12]\d|0[1-9]|[1-9]| [1-9])`
	ptYear  = `(\d\d\d\d)`
	ptHour  = `(2[0-3]|[0-1]\d|\d)`
	ptMin   = `([0-5]\d|\d)`
)

const pySpaces = `[\t\n\v\f\r \x1c-\x1f\x{85}\x{a0}\x{1680}\x{2000}-\x{200a}\x{2028}\x{2029}\x{202f}\x{205f}\x{3000}]+`

var (
	dateRe     = regexp.MustCompile(`(?i)^` + ptMonth + pySpaces + ptDay + pySpaces + ptYear + `$`)
	clockRe    = regexp.MustCompile(`^` + ptHour + `:` + ptMin + `$`)
	dateTimeRe = regexp.MustCompile(`(?i)^` + ptMonth + pySpaces + ptDay + pySpaces + ptYear + pySpaces + ptHour + `:` + ptMin + `$`)
)

// strptimeAnswer casts one answer part as _cast_answers_to_type does: DATE_MATCH with
// '%B %d %Y', TIME_MATCH with '%H:%M', both with '%B %d %Y %H:%M'.
func strptimeAnswer(s string, kind answerKind) (time.Time, error) {
	s = asciiDigits(s)
	month := func(name string) time.Month {
		for m := time.January; m <= time.December; m++ {
			if strings.EqualFold(m.String(), name) {
				return m
			}
		}
		return 0
	}
	date := func(mon, day, year string) (time.Time, error) {
		d, _ := strconv.Atoi(strings.TrimSpace(day))
		y, _ := strconv.Atoi(year)
		m := month(mon)
		t := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
		if t.Day() != d || t.Month() != m {
			return time.Time{}, fmt.Errorf("%q is not a day of the calendar", s)
		}
		return t, nil
	}
	atoi := func(v string) int { n, _ := strconv.Atoi(v); return n }
	switch kind {
	case dateMatch:
		m := dateRe.FindStringSubmatch(s)
		if m == nil {
			return time.Time{}, fmt.Errorf("%q does not match the format '%%B %%d %%Y' (e.g. October 15 2023)", s)
		}
		return date(m[1], m[2], m[3])
	case timeMatch:
		m := clockRe.FindStringSubmatch(s)
		if m == nil {
			return time.Time{}, fmt.Errorf("%q does not match the format '%%H:%%M' (e.g. 14:30)", s)
		}
		return time.Date(1900, 1, 1, atoi(m[1]), atoi(m[2]), 0, 0, time.UTC), nil
	case dateTimeMatch:
		m := dateTimeRe.FindStringSubmatch(s)
		if m == nil {
			return time.Time{}, fmt.Errorf("%q does not match the format '%%B %%d %%Y %%H:%%M' (e.g. October 15 2023 14:30)", s)
		}
		d, err := date(m[1], m[2], m[3])
		if err != nil {
			return time.Time{}, err
		}
		return d.Add(time.Duration(atoi(m[4]))*time.Hour + time.Duration(atoi(m[5]))*time.Minute), nil
	}
	return time.Time{}, fmt.Errorf("no time format for this answer")
}

// answerParam returns the agent's answer: "" when it gave none (AndroidWorld's
// interaction cache is empty: reward 0), an error when the parameters do not say.
func answerParam(p Params) (string, error) {
	v, ok := p["answer"]
	if !ok || v == nil {
		return "", fmt.Errorf("%w \"answer\" (the agent's final answer, which this task scores; \"\" when it gave none)", ErrMissingParam)
	}
	if s, isText := v.(string); isText {
		return s, nil
	}
	return p.String("answer")
}
