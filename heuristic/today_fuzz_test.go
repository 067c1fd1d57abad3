package heuristic

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"
	"unicode"
)

// Task text and screen text are outside input: datesIn reads any screen's text, resolveDay
// any phrase a task's words give. Neither may panic, and what they return must be a date
// the input names.

func FuzzDatesIn(f *testing.F) {
	for _, s := range []string{"Thu, Oct 19, 2023", "October 19 (Thu)", "19 October", "2023-10-19", "10/19/2023", "Sept. 3", "May 2023",
		"Oct 32", "14:00 - 15:00", "2023-13-05", "Harbour walk \n October 19, 2023 \n 14:00", "0/0/0000", "Feb 30", "31 dec", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		got := datesIn(text)
		for _, d := range got {
			if d[0] < 1 || d[0] > 12 || d[1] < 1 || d[1] > 31 {
				t.Fatalf("datesIn(%q) gave %v, no date", text, d)
			}
		}
		if len(got) > 0 && !strings.ContainsFunc(text, unicode.IsDigit) {
			t.Fatalf("datesIn(%q) = %v from a text without a digit", text, got)
		}
	})
}

var inCount = regexp.MustCompile(`(?i)^in\s+(\d+|a|one|two|three|four|five|six|seven|eight|nine|ten)\s+(day|week)`)

func FuzzResolveDay(f *testing.F) {
	for _, p := range []string{"today", "tonight", "tomorrow", "yesterday", "this Thursday", "coming Monday", "Wednesday after next",
		"in two weeks", "in 3 days from today", "in a week", "next Thursday", "next week", "in 2 months", "THIS  sunday", ""} {
		f.Add(p, uint8(10), uint8(25), uint8(3))
	}
	f.Add("tomorrow", uint8(2), uint8(28), uint8(3))
	f.Add("yesterday", uint8(3), uint8(1), uint8(4))
	f.Add("tomorrow", uint8(12), uint8(31), uint8(0))
	f.Fuzz(func(t *testing.T, phrase string, month, day, weekday uint8) {
		// Today is a real day of a year without February 29.
		const year = 2001
		mo := time.Month(month%12 + 1)
		last := time.Date(year, mo+1, 0, 12, 0, 0, 0, time.UTC).Day()
		t0 := time.Date(year, mo, int(day)%last+1, 12, 0, 0, 0, time.UTC)
		today := calDate{Month: int(t0.Month()), Day: t0.Day(), Weekday: time.Weekday(weekday % 7)}
		got, ok := resolveDay(phrase, today)
		if !ok {
			return
		}
		t1 := time.Date(year, time.Month(got.Month), got.Day, 12, 0, 0, 0, time.UTC)
		if int(t1.Month()) != got.Month || t1.Day() != got.Day {
			t.Fatalf("%q from %v = %v, no date", phrase, today, got)
		}
		days := int(t1.Sub(t0).Hours() / 24)
		if want := time.Weekday(((int(today.Weekday)+days)%7 + 7) % 7); got.Weekday != want {
			t.Fatalf("%q from %v = %v, %d days on, which is a %s", phrase, today, got, days, want)
		}
		march := time.Date(year, time.March, 1, 12, 0, 0, 0, time.UTC)
		if t0.Before(march) != t1.Before(march) {
			t.Fatalf("%q from %v = %v: a move across the end of February, which the date line cannot tell", phrase, today, got)
		}
		p := strings.ToLower(strings.Join(strings.Fields(phrase), " "))
		switch {
		case fixedOffsets[p] != 0 || p == "today" || p == "tonight":
			if days != fixedOffsets[p] {
				t.Fatalf("%q from %v = %v, %d days on", phrase, today, got, days)
			}
		case strings.HasSuffix(p, "after next"):
			if days < 8 || days > 14 {
				t.Fatalf("%q from %v = %v, %d days on: not the week after the coming one", phrase, today, got, days)
			}
		case strings.HasPrefix(p, "this ") || strings.HasPrefix(p, "coming "):
			if days < 1 || days > 7 {
				t.Fatalf("%q from %v = %v, %d days on: not within the coming week", phrase, today, got, days)
			}
		default:
			m := inCount.FindStringSubmatch(p)
			if m == nil {
				t.Fatalf("%q resolved to %v, a phrase of no known form", phrase, got)
			}
			n, err := strconv.Atoi(m[1])
			if err != nil && unicode.IsDigit(rune(m[1][0])) {
				t.Fatalf("%q resolved to %v, %d days on: its number does not fit an int", phrase, got, days)
			}
			if err != nil {
				n = numberWords[m[1]]
			}
			if strings.HasPrefix(m[2], "week") {
				n *= 7
			}
			if days != n {
				t.Fatalf("%q from %v = %v, %d days on, want %d", phrase, today, got, days, n)
			}
		}
	})
}
