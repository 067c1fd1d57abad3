package judge

import (
	"fmt"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/trace"
)

// A screen listing many rows is taken in with work in proportion to its rows: each row's
// place is found once, not by searching the whole screen again for every row (a UI dump
// may hold 100,000 nodes, and every frame of a trace is taken in). Counted in allocations,
// which do not depend on the machine's speed: four times the rows, about four times the
// allocations; searching the screen per row made it sixteen.
func TestListingsTakeInRowsInLinearWork(t *testing.T) {
	allocs := func(n int) float64 {
		rows := make([]string, n)
		for i := range rows {
			rows[i] = fmt.Sprintf("note %d", i)
		}
		sc := fromElements(judgetest.Page("org.example.notes", "Notes", rows...))
		return testing.AllocsPerRun(2, func() { newListings().observe(1, sc, nil) })
	}
	small, large := allocs(200), allocs(800)
	if large > 6*small {
		t.Fatalf("200 rows: %.0f allocations; 800 rows: %.0f, %.1f times as many", small, large, large/small)
	}
}

// BenchmarkListingsLongList takes in one frame listing 20,000 rows.
func BenchmarkListingsLongList(b *testing.B) {
	rows := make([]string, 20000)
	for i := range rows {
		rows[i] = fmt.Sprintf("note %d", i)
	}
	sc := fromElements(judgetest.Page("org.example.notes", "Notes", rows...))
	for b.Loop() {
		newListings().observe(1, sc, nil)
	}
}

// An item is the row of its own name: "Parking" deleted from a list that also holds
// "Parking meter" is gone, though the other row's name holds it; "Parking meter" deleted
// leaves "Parking" listed, and "Parking" listed again after its delete undoes it.
func TestItemGoneBesideALongerName(t *testing.T) {
	page := func(rows ...string) *Screen {
		return fromElements(judgetest.Page("org.example.ledger", "Expenses", rows...))
	}
	gone := func(frames ...*Screen) []string {
		m := newListings()
		for i, sc := range frames {
			m.observe(i+1, sc, nil)
		}
		var out []string
		for _, g := range m.Gone {
			out = append(out, g.Label)
		}
		return out
	}
	if g := gone(page("Parking", "Parking meter", "Lunch"), page("Parking meter", "Lunch")); len(g) != 1 || g[0] != "Parking" {
		t.Errorf("Parking deleted: gone %q, want [Parking]", g)
	}
	if g := gone(page("Parking", "Parking meter", "Lunch"), page("Parking", "Lunch")); len(g) != 1 || g[0] != "Parking meter" {
		t.Errorf("Parking meter deleted: gone %q, want [Parking meter]", g)
	}
	if g := gone(page("Parking", "Parking meter", "Lunch"), page("Parking meter", "Lunch"), page("Parking", "Parking meter", "Lunch")); len(g) != 0 {
		t.Errorf("Parking listed again: gone %q, want none", g)
	}
}

// A file list that titles every folder alike (Markor titles each "Markor") shows its
// folder in the path line under its app bar: each folder is a page of its own. A note
// is gone from its folder when that folder lists others in its place, and never because
// another folder, titled the same, lists other files.
func TestFoldersTitledAlikeArePagesOfTheirOwn(t *testing.T) {
	const pkg = "org.example.files"
	folder := func(name string, rows ...string) *Screen {
		path := judgetest.UI{Pkg: pkg, Text: "/storage/emulated/0/Documents/" + name, Y1: 240, Y2: 290, X1: 40, X2: 1000}.Element()
		return fromElements(append(judgetest.Page(pkg, "Files", rows...), path))
	}
	if sc := folder("Work", "a.md"); sc.Place != "Work" || sc.Title != "Files" {
		t.Fatalf("place %q, title %q: want the path's last part and the app bar's title", sc.Place, sc.Title)
	}
	observe := func(frames ...*Screen) *Listings {
		m := newListings()
		for i, sc := range frames {
			m.observe(i+1, sc, nil)
		}
		return m
	}
	m := observe(folder("Work", "plan.md", "notes.md", "todo.md"), folder("Books", "reading.md", "quotes.md"))
	if len(m.Gone) != 0 {
		t.Errorf("another folder's files took Work's for gone: %v", m.Gone)
	}
	m = observe(folder("Work", "plan.md", "notes.md", "todo.md"), folder("Books", "reading.md"), folder("Work", "plan.md", "todo.md"))
	if len(m.Gone) != 1 || m.Gone[0].Label != "notes.md" || m.Gone[0].Place != "Work" {
		t.Errorf("gone %v, want notes.md gone from the folder Work", m.Gone)
	}
	if _, ok := m.Titles["Books"]; !ok {
		t.Errorf("the folder Books, shown by its path, is not among the pages shown: %v", m.Titles)
	}
}

// A page whose list rows an app draws straight into its layout (no list view in the dump
// to say it is empty) shows its list emptied when, unscrolled, nothing of the app's is left
// where its rows were: a day's events deleted. Not so under a keyboard, after a scroll,
// for a dialog's lone message, or for a closed drop-down whose rows lay over a form.
func TestRowsGoneFromALayoutWithNoListView(t *testing.T) {
	const pkg = "org.example.planner"
	day := func(rows ...string) *Screen {
		return fromElements(judgetest.Page(pkg, "Thursday, October 26", rows...))
	}
	run := func(frames []*Screen, scrollBefore int) *Listings {
		m := newListings()
		for i, sc := range frames {
			var a *trace.Action
			if i+1 == scrollBefore {
				a = &trace.Action{Type: "scroll"}
			}
			m.observe(i+1, sc, a)
		}
		return m
	}
	full := day("Budget review", "Lunch with Ada", "Workshop")
	if m := run([]*Screen{full, day()}, 0); len(m.Gone) != 3 || len(m.Emptied(day())) != 3 {
		t.Errorf("the day emptied: gone %v, emptied %v; want the three events", m.Gone, m.Emptied(day()))
	}
	if m := run([]*Screen{full, day()}, 1); len(m.Gone) != 0 {
		t.Errorf("scrolled away: gone %v", m.Gone)
	}
	typing := fromElements(judgetest.Concat(judgetest.Page(pkg, "Thursday, October 26"), judgetest.Keyboard()))
	if m := run([]*Screen{full, typing}, 0); len(m.Gone) != 0 {
		t.Errorf("under a keyboard: gone %v", m.Gone)
	}
	form := func(dropDown bool) *Screen {
		els := judgetest.Concat(judgetest.Page(pkg, "New event"), []trace.UIElement{
			judgetest.UI{Pkg: pkg, Class: "android.widget.EditText", Text: "Budget review", Editable: true, Y1: 300, Y2: 420, X1: 40, X2: 1000}.Element(),
			judgetest.UI{Pkg: pkg, Class: "android.widget.EditText", Hint: "Location", Editable: true, Y1: 450, Y2: 570, X1: 40, X2: 1000}.Element(),
		})
		if dropDown {
			for i, o := range []string{"Daily", "Weekly", "Monthly"} {
				els = append(els, judgetest.UI{Pkg: pkg, Text: o, ID: "text1", Y1: 300 + i*130, Y2: 420 + i*130, X1: 40, X2: 600}.Element())
			}
		}
		return fromElements(els)
	}
	if m := run([]*Screen{form(true), form(false)}, 0); len(m.Gone) != 0 {
		t.Errorf("a drop-down closed over a form: gone %v", m.Gone)
	}
}

// A folder emptied through its selection mode (its app bar then shows the count and
// "Select all", texts without ids) is emptied: such chrome, gone when the bar goes back to
// the app's name, is no list of the page (a delete of every note was a failure so).
func TestEmptiedThroughSelectionMode(t *testing.T) {
	const pkg = "org.example.files"
	path := judgetest.UI{Pkg: pkg, Text: "/storage/emulated/0/Documents/Notes", Y1: 240, Y2: 290, X1: 40, X2: 1000}.Element()
	selecting := fromElements(judgetest.Concat(judgetest.Page(pkg, "2", "a.md", "b.md"), []trace.UIElement{path,
		judgetest.UI{Pkg: pkg, Text: "Select all", Y1: 150, Y2: 230, X1: 700, X2: 900}.Element()}))
	emptied := fromElements(judgetest.Concat(judgetest.Page(pkg, "Files"), []trace.UIElement{path}))
	m := newListings()
	m.observe(1, selecting, nil)
	m.observe(2, emptied, nil)
	if got := m.Emptied(emptied); len(got) != 2 {
		t.Errorf("emptied %v, want a.md and b.md", got)
	}
}

// A breadcrumb lower down the page, a search result's ("Network & internet > Wi-Fi"), is a
// row's, not the page's folder: only a path line in the screen's top quarter names it.
func TestBreadcrumbOfARowIsNoPagesFolder(t *testing.T) {
	const pkg = "org.example.settings"
	sc := fromElements(append(judgetest.Page(pkg, "Search", "Wi-Fi"),
		judgetest.UI{Pkg: pkg, Text: "Network & internet > Wi-Fi", Y1: 900, Y2: 950, X1: 40, X2: 1000}.Element()))
	if sc.Place != "" || len(sc.Places) != 1 {
		t.Errorf("place %q, places %v: want no page folder and the row's breadcrumb among the places", sc.Place, sc.Places)
	}
}

// BenchmarkListingsListReplaced takes in a page whose list of 1,000 rows is replaced by
// 20,000 rows of another list (ids that changed) drawn beside where the old rows were: every
// remembered row's place is looked up on the new screen (and found vacant), each among the
// elements near it only.
func BenchmarkListingsListReplaced(b *testing.B) {
	const pkg = "org.example.notes"
	before := make([]trace.UIElement, 0, 1000)
	for i := range 1000 {
		before = append(before, judgetest.UI{Pkg: pkg, Text: fmt.Sprintf("note %d", i), ID: "old_row", Y1: 300 + i*150, Y2: 420 + i*150, X1: 40, X2: 900}.Element())
	}
	after := make([]trace.UIElement, 0, 20000)
	for i := range 20000 {
		after = append(after, judgetest.UI{Pkg: pkg, Text: fmt.Sprintf("entry %d", i), ID: "new_row", Y1: 300 + i*150, Y2: 420 + i*150, X1: 950, X2: 1070}.Element())
	}
	first := fromElements(append(judgetest.Page(pkg, "Notes"), before...))
	second := fromElements(append(judgetest.Page(pkg, "Notes"), after...))
	for b.Loop() {
		m := newListings()
		m.observe(1, first, nil)
		m.observe(2, second, nil)
	}
}

// A text of several lines that starts with a path (a note's body) is no path line: the
// page it is on names no folder by it.
func TestNoteBodyStartingWithAPathIsNoPathLine(t *testing.T) {
	if IsPathLine("/storage/emulated/0/Documents/Books\nRemember to sort these") {
		t.Error("a body of two lines taken for a path line")
	}
	if !IsPathLine("/storage/emulated/0/Documents/Books") || !IsPathLine("sdk_gphone_x86_64 > Documents") {
		t.Error("a path or a breadcrumb not read as one")
	}
}
