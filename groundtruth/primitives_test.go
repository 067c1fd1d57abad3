package groundtruth

import (
	"context"
	"database/sql"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/testenv"
)

// Ratios computed with Python's difflib.SequenceMatcher(None, a, b).ratio().
func TestSimilarityMatchesDifflib(t *testing.T) {
	fox := strings.Repeat("the quick brown fox jumps over the lazy dog ", 6)
	cat := strings.Repeat("the quick brown cat jumps over the lazy dog ", 6)
	cases := []struct {
		a, b string
		want float64
	}{
		{"abcd", "bcde", 0.75},
		{"hello world", "hello there", 0.6363636363636364},
		{"Running late, see you at 5, ok?", "running late see you at 5 ok", 0.9152542372881356},
		{"", "abc", 0},
		{"", "", 1},
		{"kitten", "sitting", 0.6153846153846154},
		{"Bring the insurance card.", "Bring the insurance card", 0.9795918367346939},
		{"héllo wörld", "hello world", 0.8181818181818182},
		{strings.Repeat("a", 150) + strings.Repeat("b", 150), strings.Repeat("b", 150) + strings.Repeat("a", 150), 0}, // autojunk
		{fox, cat, 0.06060606060606061},                                                                               // autojunk on long text
	}
	for _, c := range cases {
		if got := Similarity(c.a, c.b); math.Abs(got-c.want) > 1e-12 {
			t.Errorf("Similarity(%q, %q) = %v, want %v", clip(c.a, 20), clip(c.b, 20), got, c.want)
		}
	}
	if !FuzzyMatch("Running late, see you at 5, ok?", "running late see you at 5 ok") || FuzzyMatch("hello world", "hello there") {
		t.Error("FuzzyMatch threshold is off")
	}
}

func TestFieldMatching(t *testing.T) {
	r := Row{"title": "Dentist Visit", "amount": int64(1200), "dist": 10.26, "number": "+1 (555) 010", "note": nil}
	cases := []struct {
		f    Field
		want bool
	}{
		{Field{Column: "title", Want: "Dentist Visit"}, true},
		{Field{Column: "title", Want: "dentist visit"}, false},
		{Field{Column: "title", Want: " dentist visit ", Kind: Fold}, true},
		{Field{Column: "title", Want: "dentist visits", Kind: Fuzzy}, true},
		{Field{Column: "title", Want: "doctor visit", Kind: Fuzzy}, false},
		{Field{Column: "amount", Want: 1200.0}, true},
		{Field{Column: "amount", Want: "1200"}, true},
		{Field{Column: "dist", Want: 10.2, Kind: Numeric, Tol: 0.1}, true},
		{Field{Column: "dist", Want: 10, Kind: Numeric, Tol: 0.1}, false},
		{Field{Column: "number", Want: "1555010", Kind: Digits}, true},
		{Field{Column: "note", Want: nil}, true},
		{Field{Column: "note", Want: "", Kind: Fuzzy}, false},
		{Field{Column: "missing", Want: ""}, false},
	}
	for _, c := range cases {
		if got := c.f.Match(r); got != c.want {
			t.Errorf("%s on %v: %v, want %v", c.f, r, got, c.want)
		}
	}
}

func TestDiffRows(t *testing.T) {
	before := []Row{{"id": int64(1), "t": "a"}, {"id": int64(2), "t": "b"}, {"id": int64(3), "t": "c"}}
	after := []Row{{"id": int64(1), "t": "a"}, {"id": 3.0, "t": "C"}, {"id": int64(4), "t": "d"}}
	d := DiffRows(before, after, "id")
	if len(d.Added) != 1 || len(d.Removed) != 1 || len(d.Changed) != 1 || d.Untouched != 1 {
		t.Fatalf("diff: %s", d.Summary())
	}
	if d.Removed[0]["t"] != "b" || d.Changed[0].Columns[0] != "t" || d.Added[0]["t"] != "d" {
		t.Errorf("diff content: %+v", d)
	}
}

func TestCompositeIsMeanOfParts(t *testing.T) {
	a := allOf("a", Part{Name: "x", Pass: true})
	b := allOf("b", Part{Name: "y", Pass: true}, Part{Name: "z", Pass: false})
	c := Composite("ab", a, b)
	if c.Reward != 0.5 || len(c.Parts) != 3 || !strings.Contains(c.Explanation, "[b 0.00]") {
		t.Fatalf("composite: %v\n%s", c.Reward, c.Explanation)
	}
}

// WAL pages not yet checkpointed into the main file must count.
func TestOpenDBReadsWAL(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "events.db")
	db, err := sql.Open("sqlite", p)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	for _, s := range []string{"PRAGMA journal_mode=WAL", "PRAGMA wal_autocheckpoint=0", schemaEvents, ev(1, oct(3, 9), 30, "Checkpointed", "")} {
		if _, err := db.Exec(s); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := db.Exec("PRAGMA wal_checkpoint(TRUNCATE)"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.Exec(ev(2, oct(4, 9), 30, "Only in WAL", "")); err != nil {
		t.Fatal(err)
	}
	read := func(name string) []byte {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	main, wal, shm := read("events.db"), read("events.db-wal"), read("events.db-shm")
	if len(wal) == 0 {
		t.Fatal("test setup: WAL is empty")
	}

	s, dev := fakeDevice(t)
	s.PutFile(serial, CalendarDB, main)
	rows, err := ReadTable(ctxT(t), dev, CalendarDB, "events")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 {
		t.Fatalf("main file alone: %d rows, want 1", len(rows))
	}
	s.PutFile(serial, CalendarDB+"-wal", wal)
	s.PutFile(serial, CalendarDB+"-shm", shm)
	rows, err = ReadTable(ctxT(t), dev, CalendarDB, "events")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 2 || FindRows(rows, []Field{{Column: "title", Want: "Only in WAL"}}) == nil {
		t.Fatalf("with WAL: %v", rows)
	}
	if s.CallCount(serial, "sync:") == 0 {
		t.Error("no sync traffic")
	}
}

func TestDatabaseFailuresAreErrors(t *testing.T) {
	s, dev := fakeDevice(t)
	p := Params{"number": "1", "message": "x", "expenses": "Taxi Fare"}

	// Missing database: an error naming the path, not a zero reward.
	_, err := Check(ctxT(t), dev, "ExpenseDeleteSingle", p, nil)
	if !errors.Is(err, ErrMissingDB) || !strings.Contains(err.Error(), ExpenseDB) {
		t.Fatalf("missing: %v", err)
	}
	// Corrupt database.
	s.PutFile(serial, ExpenseDB, []byte(strings.Repeat("this is not sqlite ", 300)))
	_, err = Check(ctxT(t), dev, "ExpenseDeleteSingle", p, nil)
	if !errors.Is(err, ErrCorruptDB) {
		t.Fatalf("corrupt: %v", err)
	}
	// Wrong database (table absent).
	s.PutFile(serial, ExpenseDB, makeDB(t, schemaRecipes))
	_, err = Check(ctxT(t), dev, "ExpenseDeleteSingle", p, nil)
	if err == nil || !strings.Contains(err.Error(), `no table "expense"`) {
		t.Fatalf("wrong db: %v", err)
	}
	// A check joining two tables names the one missing (Joplin's folders without notes).
	s.PutFile(serial, JoplinDB, makeDB(t, strings.Split(schemaJoplin, ";\n")[0]))
	_, err = Check(ctxT(t), dev, "NotesTodoItemCount", Params{"folder": "Work", "answer": "2"}, nil)
	if err == nil || !strings.Contains(err.Error(), `no table "notes"`) {
		t.Fatalf("joplin without notes: %v", err)
	}
	// Unreadable (no root): the device layer's permission error comes through.
	s.DenyPath(serial, "/data/data/com.arduia.expense")
	_, err = Check(ctxT(t), dev, "ExpenseDeleteSingle", p, nil)
	if err == nil || errors.Is(err, ErrMissingDB) {
		t.Fatalf("denied: %v", err)
	}
}

// A database pulled mid-transaction carries a hot rollback journal; read-only we
// cannot roll it back, so it is reported as locked (after bounded re-pulls).
func TestLockedDatabase(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, "accounting.db")
	db, err := sql.Open("sqlite", p)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	db.SetMaxOpenConns(1)
	for _, s := range []string{"PRAGMA journal_mode=DELETE", "PRAGMA cache_size=1", schemaExpense} {
		if _, err := db.Exec(s); err != nil {
			t.Fatal(err)
		}
	}
	for i := 0; i < 200; i++ {
		if _, err := db.Exec(expense(i+1, strings.Repeat("n", 200), 100, 1, strings.Repeat("x", 300))); err != nil {
			t.Fatal(err)
		}
	}
	ctx := context.Background()
	conn, err := db.Conn(ctx)
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	if _, err := conn.ExecContext(ctx, "BEGIN"); err != nil {
		t.Fatal(err)
	}
	// Enough changes to spill the tiny cache into the main file mid-transaction.
	if _, err := conn.ExecContext(ctx, "UPDATE expense SET note = note || note"); err != nil {
		t.Fatal(err)
	}
	main, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	journal, err := os.ReadFile(p + "-journal")
	if err != nil {
		t.Fatalf("no journal mid-transaction: %v", err)
	}
	conn.ExecContext(ctx, "ROLLBACK")

	s, dev := fakeDevice(t)
	s.PutFile(serial, ExpenseDB, main)
	s.PutFile(serial, ExpenseDB+"-journal", journal)
	old := dbRetryDelay
	dbRetryDelay = 0
	defer func() { dbRetryDelay = old }()
	_, err = Check(ctxT(t), dev, "ExpenseDeleteSingle", Params{"expenses": "Taxi Fare"}, nil)
	if !errors.Is(err, ErrLockedDB) {
		t.Fatalf("locked: %v", err)
	}
	if n := s.CallCount(serial, "sync:"); n < dbRetries {
		t.Errorf("expected %d pulls, saw %d sync sessions", dbRetries, n)
	}
}

func TestSnapshotRoundTrip(t *testing.T) {
	s, dev := fakeDevice(t)
	s.PutFile(serial, TracksDB, makeDB(t, schemaTracks,
		"INSERT INTO tracks (name, category, starttime, totaldistance, uuid) VALUES ('Run', 'running', 1697000000000, 3.0, x'00ff')",
		"INSERT INTO tracks (name, category, starttime, totaldistance, uuid) VALUES ('Ride', NULL, 1697000000000, 2.5, NULL)"))
	register(&Family{Name: "testTracksDiff", App: "test", tables: []tableRef{{TracksDB, "tracks", "_id"}},
		check: func(context.Context, Device, Params, *Snapshot) (*Result, error) { return allOf("t"), nil }})
	defer delete(catalogue, "testTracksDiff")
	snap, err := TakeSnapshot(ctxT(t), dev, "testTracksDiff", nil)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := snap.Save(dir); err != nil {
		t.Fatal(err)
	}
	back, err := LoadSnapshot(dir)
	if err != nil {
		t.Fatal(err)
	}
	now, _ := ReadTable(ctxT(t), dev, TracksDB, "tracks")
	old, _ := back.rows(TracksDB, "tracks")
	if d := DiffRows(old, now, "_id"); d.Untouched != 2 {
		t.Fatalf("snapshot does not compare equal to the live table: %s %+v", d.Summary(), d.Changed)
	}
	// Bad snapshots are one-line errors naming the file.
	os.WriteFile(filepath.Join(dir, SnapshotFile), []byte("{"), 0o644)
	if _, err := LoadSnapshot(dir); err == nil || !strings.Contains(err.Error(), SnapshotFile) {
		t.Errorf("bad snapshot: %v", err)
	}
	// A snapshot of another task is refused.
	if _, err := Check(ctxT(t), dev, "SystemWifiTurnOn", nil, back); err == nil {
		t.Error("snapshot of another task accepted")
	}
}

func TestParamErrors(t *testing.T) {
	_, dev := fakeDevice(t)
	cases := map[string]Params{
		"SimpleSmsSend":             {"number": "1"},
		"SimpleCalendarAddOneEvent": {"day": 40, "hour": 1, "duration_mins": 1, "event_title": "x"},
		"SystemBrightnessMax":       {"max_or_min": "medium"},
		"ExpenseAddSingle":          {"expenses": []any{map[string]any{"name": "x"}}},
		"TasksHighPriorityTasks":    {},
		"NoSuchTask":                {},
	}
	for task, p := range cases {
		if _, err := Check(ctxT(t), dev, task, p, nil); err == nil || strings.Contains(err.Error(), "\n") {
			t.Errorf("%s %v: want a one-line error, got %v", task, p, err)
		}
	}
	if Known("NoSuchTask") || !Known("SimpleSmsSend") {
		t.Error("Known")
	}
}

// Every catalogue name is a real AndroidWorld task.
func TestCatalogueNamesExist(t *testing.T) {
	path := testenv.SharedData(t, "androidworld/task_metadata.json")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range Families() {
		if !strings.Contains(string(data), `"`+f.Name+`"`) {
			t.Errorf("%s is not in %s", f.Name, path)
		}
	}
	if n := len(Families()); n < 60 {
		t.Errorf("only %d families", n)
	}
}

func BenchmarkSimilarity(b *testing.B) {
	a := "Running late, see you at 5, ok? Traffic on the bridge is terrible today."
	c := "running late see you at 5 ok traffic on the bridge is terrible today"
	for i := 0; i < b.N; i++ {
		Similarity(a, c)
	}
}

func FuzzParseGPX(f *testing.F) {
	f.Add([]byte(favoritesGPX))
	f.Add([]byte(trackGPX))
	f.Add([]byte("<gpx><wpt lat=\"x\"/></gpx>"))
	f.Fuzz(func(t *testing.T, data []byte) {
		g, err := ParseGPX(data, "f.gpx")
		if err == nil {
			_, err = trackPasses(g, [][2]float64{{47, 9}}, "f.gpx")
		}
		if err != nil && !strings.Contains(err.Error(), "f.gpx: ") {
			t.Fatalf("error does not name the file: %v", err)
		}
	})
}

func FuzzParseUIXML(f *testing.F) {
	f.Add(clockUI(`<node text="01h 02m 03s" content-desc="x" />`))
	f.Add("<hierarchy><node")
	f.Fuzz(func(t *testing.T, doc string) {
		nodes, err := ParseUIXML(doc)
		if err != nil && nodes != nil {
			t.Fatal("nodes with an error")
		}
	})
}

// One native check end to end over loopback adb: pull a 1000-row database (plus
// the -wal/-shm/-journal probes), open it read-only, diff against a snapshot.
func BenchmarkExpenseCheckThroughADB(b *testing.B) {
	rows := make([]string, 1000)
	for i := range rows {
		rows[i] = expense(i+1, "Groceries", 1000+i, 3, "weekly shop")
	}
	s, dev := fakeDevice(b)
	s.PutFile(serial, ExpenseDB, makeDB(b, schemaExpense, rows...))
	ctx := context.Background()
	snap, err := TakeSnapshot(ctx, dev, "ExpenseDeleteSingle", Params{"expenses": "Taxi Fare"})
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Check(ctx, dev, "ExpenseDeleteSingle", Params{"expenses": "Taxi Fare"}, snap); err != nil {
			b.Fatal(err)
		}
	}
}

// Shell-level failures (a provider exception, a settings value that is not a
// number, a device clock that cannot be read) are errors, not rewards.
func TestShellFailuresAreErrors(t *testing.T) {
	s, dev := fakeDevice(t)
	s.HandleShell(serial, shellMap(map[string]string{
		"content query --uri content://sms/sent": "Error while accessing provider:sms\njava.lang.SecurityException: Permission Denial\n",
		"settings get system screen_brightness":  "null\n",
	}))
	if _, err := Check(ctxT(t), dev, "SimpleSmsSend", Params{"number": "1", "message": "x"}, nil); err == nil || !strings.Contains(err.Error(), "content query") {
		t.Errorf("provider error: %v", err)
	}
	if _, err := Check(ctxT(t), dev, "SystemBrightnessMax", nil, nil); err == nil || !strings.Contains(err.Error(), "screen_brightness") {
		t.Errorf("brightness null: %v", err)
	}
	s.HandleShell(serial, shellMap(map[string]string{"content query --uri content://sms/sent": "No result found.\n", "date +%s": "Sun Oct 15\n"}))
	if _, err := Check(ctxT(t), dev, "SimpleSmsSend", Params{"number": "1", "message": "x"}, nil); err == nil || !strings.Contains(err.Error(), "date") {
		t.Errorf("bad clock: %v", err)
	}
}

// The pulled copy lives under the temp directory; a '?' or '#' there once cut the SQLite URI
// short, so the check opened the wrong file instead of the pulled database.
func TestOpenDBWithURICharactersInTempDir(t *testing.T) {
	tmp := filepath.Join(t.TempDir(), "odd?dir#1%")
	if err := os.MkdirAll(tmp, 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("TMPDIR", tmp)
	s, dev := fakeDevice(t)
	s.PutFile(serial, CalendarDB, makeDB(t, schemaEvents, ev(1, oct(3, 9), 30, "Dentist", "")))
	rows, err := ReadTable(ctxT(t), dev, CalendarDB, "events")
	if err != nil {
		t.Fatal(err)
	}
	if len(rows) != 1 || FindRows(rows, []Field{{Column: "title", Want: "Dentist"}}) == nil {
		t.Fatalf("rows = %v", rows)
	}
}

// allOf of nothing is an error: a task whose check checked nothing does not succeed.
func TestAllOfNothingIsAnError(t *testing.T) {
	r := allOf("EmptyCheck")
	if r.Reward != 0 || len(r.Parts) != 1 || !strings.Contains(r.Explanation, "error: the check was given no conditions") {
		t.Fatalf("allOf() = %+v", r)
	}
	if r := allOf("OneCheck", Part{Name: "x", Pass: true}); r.Reward != 1 {
		t.Fatalf("allOf(pass) = %+v", r)
	}
}
