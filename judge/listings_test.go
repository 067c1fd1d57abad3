package judge

import (
	"fmt"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
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
