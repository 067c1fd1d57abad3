package groundtruth

import (
	"strings"
	"testing"
	"time"
)

// Python's float() on the answers agents give: what it reads and what it refuses
// (values checked with python3's float()).
func TestPyFloat(t *testing.T) {
	ok := map[string]float64{"3": 3, "3.0": 3, "+3": 3, "-2.5": -2.5, ".5": 0.5, "5.": 5, "1e3": 1000, "1_000": 1000, "1E-2": 0.01}
	for s, want := range ok {
		if got, err := pyFloat(s); err != nil || got != want {
			t.Errorf("float(%q) = %v, %v; want %v", s, got, err, want)
		}
	}
	for _, s := range []string{"3 tasks", "", "1__0", "_1", "0x10", "1,000", "three", "1.2.3", "e5", "10.05 km"} {
		if v, err := pyFloat(s); err == nil {
			t.Errorf("float(%q) = %v, want an error", s, v)
		}
	}
	if v, err := pyFloat("Infinity"); err != nil || v < 1e308 {
		t.Errorf("float('Infinity') = %v, %v", v, err)
	}
}

// strptime('%B %d %Y %H:%M') as Python's _strptime reads it.
func TestStrptimeAnswer(t *testing.T) {
	want := time.Date(2023, 10, 5, 9, 7, 0, 0, time.UTC)
	for _, s := range []string{"October 5 2023 09:07", "october 05 2023 9:07", "OCTOBER  5 2023 9:7"} {
		if got, err := strptimeAnswer(s, dateTimeMatch); err != nil || !got.Equal(want) {
			t.Errorf("%q: %v %v", s, got, err)
		}
	}
	for _, s := range []string{"Oct 5 2023 09:07", "October 5, 2023 09:07", "October 5 2023 9:07 AM", "February 30 2023 10:00", "October 5 2023 24:00"} {
		if _, err := strptimeAnswer(s, dateTimeMatch); err == nil {
			t.Errorf("%q parsed", s)
		}
	}
}

// Every wording _generate_nl_date_options can put in a question. A bare weekday is a
// week back or ahead; "Sunday" is never today (AndroidWorld writes today as "today"):
// before, a bare "Sunday" in the past was read as October 15.
func TestParseDayRewordings(t *testing.T) {
	for s, want := range map[string][]time.Time{
		"October 18 2023": {oct(18, 0)}, "October 08 2023": {oct(8, 0)}, "October 18": {oct(18, 0)}, "today": {oct(15, 0)}, "tomorrow": {oct(16, 0)},
		"yesterday": {oct(14, 0)}, "this Wednesday": {oct(18, 0)}, "Wednesday": {oct(18, 0), oct(11, 0)}, "the Wednesday after next": {oct(25, 0)},
		"on October 18 2023": {oct(18, 0)}, "Sunday": {oct(22, 0), oct(8, 0)}, "this Sunday": {oct(22, 0)}, "the Sunday after next": {oct(29, 0)},
	} {
		got, err := parseDay(s)
		if err != nil || len(got) != len(want) {
			t.Errorf("parseDay(%q) = %v, %v; want %v", s, got, err, want)
			continue
		}
		for i := range got {
			if !got[i].Equal(want[i]) {
				t.Errorf("parseDay(%q) = %v; want %v", s, got, want)
			}
		}
	}
	if _, err := parseDay("someday"); err == nil {
		t.Error("someday parsed")
	}
}

func FuzzCheckAnswer(f *testing.F) {
	for _, s := range []string{"Buy milk, File taxes", "3", "October 25 2023 14:00", "", ",,", "1_0", "nan"} {
		f.Add(s)
	}
	exps := []expectation{strs([]string{"Buy milk", "File taxes"}), {kind: numberMatch, numbers: []float64{3}, tol: 10},
		{kind: dateTimeMatch, times: []time.Time{oct(25, 14)}}, {kind: dateMatch, times: []time.Time{oct(25, 0)}}, {kind: timeMatch, times: []time.Time{{}}}}
	f.Fuzz(func(t *testing.T, answer string) {
		for _, e := range exps {
			p := checkAnswer(answer, e)
			if p.Pass && (answer == "" || strings.Count(answer, ",")+1 != e.len()) {
				t.Fatalf("%q passes %v with the wrong number of parts", answer, e)
			}
		}
	})
}

func FuzzParseSMSMessage(f *testing.F) {
	f.Add(smsRow(0, "+15550104477", 1, "Hi, there, ok=1"))
	f.Add("Row: 0 body=")
	f.Add("body=é=")
	f.Fuzz(func(t *testing.T, row string) {
		m := parseSMSMessage(row)
		if b, ok := m["body"]; ok && !strings.Contains(row, b) {
			t.Fatalf("body %q is not part of %q", b, row)
		}
	})
}

// ParseLs reads toybox's `ls DIR -ll -au` as get_file_list_with_metadata does, and refuses
// what ls printed instead of a listing: an unreadable folder is unknown, not empty.
func TestParseLs(t *testing.T) {
	out := "total 8\n-rw-rw---- 1 u0_a158 media_rw 12 2023-11-28 23:17:43.176000000 +0000 my note.md\n" +
		"drwxrws--- 2 u0_a158 media_rw 4096 2023-11-28 23:17:43.176000000 +0000 Old\n"
	files, err := ParseLs(out, "/d")
	if err != nil || len(files) != 1 || files[0] != (LsFile{Name: "my note.md", Size: 12, Time: "2023-11-28 23:17:43.176000"}) {
		t.Errorf("listing: %+v %v", files, err)
	}
	if files, err := ParseLs("total 0\n", "/d"); err != nil || len(files) != 0 {
		t.Errorf("empty folder: %+v %v", files, err)
	}
	for _, bad := range []string{
		"ls: /d: No such file or directory\n",
		"ls: /d: Permission denied\n",
		"ls: Unknown option 'll' (see \"ls --help\")\n",
		// A file, not a folder: toybox lists the argument itself.
		"-rw-rw---- 1 u0_a158 media_rw 1 2023-11-28 23:17:43.176000000 +0000 /d\n",
	} {
		if files, err := ParseLs(bad, "/d"); err == nil {
			t.Errorf("%q read as %d files", bad, len(files))
		}
	}
}

func FuzzParseLs(f *testing.F) {
	f.Add("total 8\n-rw-rw---- 1 u0_a158 media_rw 12 2023-11-28 23:17:43.176000000 +0000 my note.md\ndrwxrws--- 2 u0_a158 media_rw 4096 2023-11-28 23:17:43.176000000 +0000 Old\n")
	f.Add("-rw 1 2 3 x y z a b")
	f.Fuzz(func(t *testing.T, out string) {
		files, err := ParseLs(out, "/d")
		if err != nil {
			return
		}
		for _, fl := range files {
			if fl.Size < 0 && !strings.Contains(out, "-") {
				t.Fatalf("negative size from %q", out)
			}
		}
	})
}
