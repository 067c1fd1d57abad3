package groundtruth

import (
	"flag"
	"strings"
	"testing"
)

// TestAndroidWorldTables runs every family's table, then checks that each of the 116
// tasks has at least one row AndroidWorld scores 1 and one it scores below 1.
func TestAndroidWorldTables(t *testing.T) {
	plain := func(f func() []awCase) func(*testing.T) []awCase { return func(*testing.T) []awCase { return f() } }
	groups := []struct {
		name  string
		cases func(t *testing.T) []awCase
	}{
		{"settings", plain(settingsCases)}, {"clipboard", plain(clipboardCases)}, {"sms", plain(smsCases)}, {"contacts", plain(contactCases)},
		{"files", plain(fileCases)}, {"screen", plain(uiCases)}, {"calendar", calendarCases}, {"expense", expenseCases}, {"recipe", recipeCases},
		{"playlists", playlistCases}, {"osmand", osmandCases}, {"questions", questionCases},
	}
	for _, g := range groups {
		t.Run(g.name, func(t *testing.T) { table(t, g.cases(t)) })
	}
	if f := flag.Lookup("test.run"); t.Failed() || (f != nil && strings.Contains(f.Value.String(), "/")) {
		return // a failed or filtered run says nothing about coverage
	}
	missing := 0
	for _, f := range Families() {
		if c := covered[f.Name]; !c[0] || !c[1] {
			missing++
			t.Errorf("%s: the tables lack a success or a failure row (%v)", f.Name, c)
		}
	}
	if n := len(Families()); n != 116 {
		t.Errorf("%d tasks have a native check, want AndroidWorld's 116", n)
	}
}
