package screentext

import (
	"strings"
	"testing"
)

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

// An hour the task writes as "9h" shows as a 12-hour or a 24-hour screen writes it, the
// 24-hour hour padded or not; another hour or a minute past it never.
func TestHourAsScreensWriteIt(t *testing.T) {
	v := NewValue("9h")
	for _, text := range []string{"09:00 - 09:30", "9:00", "9 am", "9:00 am"} {
		if !v.In(text) {
			t.Errorf("%q does not show %q", text, v.Text)
		}
	}
	for _, text := range []string{"19:00", "09:30", "21:00", "9 pm", "9:00 PM"} {
		if v.In(strings.ToLower(text)) {
			t.Errorf("%q taken for %q", text, v.Text)
		}
	}
}

// A time written without its half of the day is a 24-hour time, as AndroidWorld's tasks and
// answers write it: "8:00" is the morning, shown by "8:00", "08:00" or "8:00 AM" and never by
// "8:00 PM"; "20:00" is the evening, shown by "20:00" or "8:00 PM" (its half in the text or
// right after it) and never by a bare "8:00" or "8:00 AM". An answer of "8:00" for a
// meeting at 8:00 PM was taken as shown.
func TestTimeWithoutItsHalfIsA24HourTime(t *testing.T) {
	for _, c := range []struct {
		value   string
		shows   []string
		notShow []string
	}{
		{"8:00", []string{"8:00", "08:00 - 09:00", "friday, october 27 2023 at 8:00 am", "8:00am", "8:00\u202fam"},
			[]string{"8:00 pm", "friday, october 27 2023 at 8:00 pm", "8:00pm", "8:00 p.m.", "18:00", "8:005"}},
		{"20:00", []string{"20:00", "8:00 pm", "at 8:00 p.m. on friday", "8:00pm"},
			[]string{"8:00", "8:00 am", "10:00 pm", "20:005"}},
		{"12:30", []string{"12:30", "12:30 pm"}, []string{"12:30 am"}},
		{"0:30", []string{"0:30", "12:30 am", "00:30"}, []string{"12:30", "12:30 pm"}},
	} {
		v := NewValue(c.value)
		for _, text := range c.shows {
			if !v.In(text) {
				t.Errorf("%q does not show %q", text, c.value)
			}
		}
		for _, text := range c.notShow {
			if v.In(text) {
				t.Errorf("%q taken for %q", text, c.value)
			}
		}
	}
}

// A web address with a path shows as that page's address, with or without its scheme, "www."
// or a trailing slash, a query or a fragment; never as the start of another page's address,
// inside another address, or split into its words.
func TestWebAddressAsAPage(t *testing.T) {
	v := NewValue("https://www.docs.example.org/guide/harbours/")
	for _, text := range []string{"docs.example.org/guide/harbours", "https://docs.example.org/guide/harbours/", "www.docs.example.org/guide/harbours?ref=a", "docs.example.org/guide/harbours#top"} {
		if !v.In(text) {
			t.Errorf("%q does not show %q", text, v.Text)
		}
	}
	for _, text := range []string{"docs.example.org/guide/harbours-history", "docs.example.org/guide/harbours/old", "mirror.docs.example.org/guide/harbours",
		"search.example.com/search?q=docs.example.org/guide/harbours", "docs.example.org › guide › harbours"} {
		if v.In(text) {
			t.Errorf("%q taken for %q", text, v.Text)
		}
	}
}

// A time with its half of the day shows only with that half, or as the 24-hour time.
func TestTimeWithItsHalf(t *testing.T) {
	v := NewValue("7:30 PM")
	for _, text := range []string{"7:30 pm", "7:30pm", "alarm at 19:30", "7:30 p.m."} {
		if !v.In(text) {
			t.Errorf("%q does not show %q", text, v.Text)
		}
	}
	for _, text := range []string{"7:30 am", "7:30", "17:30 pm", "07:30"} {
		if v.In(text) {
			t.Errorf("%q taken for %q", text, v.Text)
		}
	}
}

// An amount shows as screens write it: without its currency sign, with its cents written
// out ("$42.5" as "42.50 USD"); another amount never.
func TestAmountsAsScreensWriteThem(t *testing.T) {
	v := NewValue("$42.5")
	for _, text := range []string{"$42.50", "42.50 usd", "42.5", "total: $42.5"} {
		if !v.In(text) {
			t.Errorf("%q does not show %q", text, v.Text)
		}
	}
	for _, text := range []string{"42.55", "$142.50", "42.05", "4.25"} {
		if v.In(text) {
			t.Errorf("%q taken for %q", text, v.Text)
		}
	}
}

// An apostrophe or a quote shows however the app or the font draws it, and OCR reads it:
// "Parents' evening" is the message "Parents’ evening" shows (a sent reply was a failure
// for its curled apostrophe); another word never.
func TestApostrophesAndQuotesAsScreensDrawThem(t *testing.T) {
	for _, c := range []struct{ value, text string }{
		{"Parents' evening at school this Wednesday", "parents’ evening at school this wednesday."},
		{"Parents’ evening", "parents' evening"},
		{`Say "hi" to Ann`, "say “hi” to ann"},
	} {
		if !NewValue(c.value).In(c.text) {
			t.Errorf("%q does not show %q", c.text, c.value)
		}
	}
	if NewValue("Parents' evening").In("parents evening") {
		t.Error("the words without their apostrophe taken for them")
	}
}

// Android's shared Download folder is "Downloads" in file pickers and "Download" in its path
// and on the save page: either name shows the other; another folder never.
func TestDownloadsFolderByEitherName(t *testing.T) {
	if !NewValue("Downloads").In("download") || !NewValue("Download").In("downloads") {
		t.Error("the Download folder's two names do not show each other")
	}
	if NewValue("Downloads").In("documents") {
		t.Error("another folder shows Downloads")
	}
}
