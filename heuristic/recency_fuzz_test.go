package heuristic

import (
	"strings"
	"testing"
	"unicode"
)

// A row's text is outside input: rowAge must not panic, and it gives an age only to a text
// that writes a time, a date or a relative day.
func FuzzRowAge(f *testing.F) {
	for _, s := range []string{"15:34", "3:34 PM", "3:34 p.m.", "Yesterday", "Oct 12", "10/15/2023, 15:34", "just now", "12/30/22", "Mon",
		"99:99", "tom | 9:00 | come over now", "file notes.md 10/15/2023", "0/0/0000 25:61 pm", "", "Draft"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, text string) {
		age, ok := rowAge(text)
		if !ok {
			if age != 0 {
				t.Fatalf("rowAge(%q) = %d with no age", text, age)
			}
			return
		}
		low := strings.ToLower(text)
		if !strings.ContainsFunc(text, unicode.IsDigit) && !strings.Contains(low, "yesterday") && !strings.Contains(low, "today") && !strings.Contains(low, "now") {
			t.Fatalf("rowAge(%q) = %d from a text writing no time", text, age)
		}
		if age < 0 {
			t.Fatalf("rowAge(%q) = %d: an age never runs below zero", text, age)
		}
	})
}
