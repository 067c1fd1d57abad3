package screentext

import "testing"

// A date the task writes with its month's name shows as screens write it: the month
// abbreviated, the day first, digits with the year, the year left out; another day never.
func TestDatesAsScreensWriteThem(t *testing.T) {
	v := NewValue("October 12 2023")
	for _, text := range []string{"thu, oct 12", "10/12/2023", "12 oct 2023", "october 12, 2023", "2023-10-12"} {
		if !v.In(text) {
			t.Errorf("%q does not show %q", text, v.Text)
		}
	}
	for _, text := range []string{"oct 1", "oct 120", "10/13/2023", "11/12/2023", "12/10/2023"} {
		if v.In(text) {
			t.Errorf("%q taken for %q", text, v.Text)
		}
	}
	if _, _, _, ok := MonthDay("May appear"); ok {
		t.Error("a word that is also a month's name, without a day, read as a date")
	}
}
