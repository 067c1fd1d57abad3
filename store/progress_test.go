package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestProgressAppendsStepsAndReplacesState(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	if _, err := db.LoadProgress(ctx, "j"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("no progress yet: want ErrNotFound, got %v", err)
	}
	if err := db.SaveProgress(ctx, "j", []byte(`{"n":0}`), 0, nil); err != nil {
		t.Fatal(err)
	}
	if err := db.SaveProgress(ctx, "j", []byte(`{"n":2}`), 0, [][]byte{[]byte(`"a"`), []byte(`"b"`)}); err != nil {
		t.Fatal(err)
	}
	if err := db.SaveProgress(ctx, "j", []byte(`{"n":3}`), 2, [][]byte{[]byte(`"c"`)}); err != nil {
		t.Fatal(err)
	}
	p, err := db.LoadProgress(ctx, "j")
	if err != nil {
		t.Fatal(err)
	}
	if string(p.State) != `{"n":3}` || !reflect.DeepEqual(p.Steps, [][]byte{[]byte(`"a"`), []byte(`"b"`), []byte(`"c"`)}) {
		t.Fatalf("loaded %s %q", p.State, p.Steps)
	}
	// A state saved with fewer steps than are stored (a job judged afresh) owns only those.
	if err := db.SaveProgress(ctx, "j", []byte(`{"n":1}`), 0, [][]byte{[]byte(`"x"`)}); err != nil {
		t.Fatal(err)
	}
	if p, err = db.LoadProgress(ctx, "j"); err != nil || len(p.Steps) != 1 || string(p.Steps[0]) != `"x"` {
		t.Fatalf("after a shorter save: %q, %v", p.Steps, err)
	}
	// A hole in the steps is damage, said as such rather than a shorter job.
	if _, err := db.db.Exec(`INSERT INTO progress_steps(job, seq, data) VALUES ('k', 1, '"b"')`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.db.Exec(`INSERT INTO progress(job, state, steps, updated_at) VALUES ('k', '{}', 2, 'x')`); err != nil {
		t.Fatal(err)
	}
	if _, err := db.LoadProgress(ctx, "k"); err == nil || !strings.Contains(err.Error(), "step 0 is missing") {
		t.Fatalf("want the missing step named, got %v", err)
	}
	if err := db.ClearProgress(ctx, "j"); err != nil {
		t.Fatal(err)
	}
	if _, err := db.LoadProgress(ctx, "j"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("after clearing: %v", err)
	}
	var n int
	if err := db.db.QueryRow(`SELECT COUNT(*) FROM progress_steps WHERE job='j'`).Scan(&n); err != nil || n != 0 {
		t.Fatalf("%d steps left after clearing (%v)", n, err)
	}
}

// openAtVersion1 creates a database with only the first migration applied, as a build
// before linear progress left it.
func openAtVersion1(t *testing.T, path string) *sql.DB {
	t.Helper()
	raw, err := sql.Open("sqlite", path)
	if err != nil {
		t.Fatal(err)
	}
	for _, q := range []string{`CREATE TABLE schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)`,
		migrations[0], `INSERT INTO schema_migrations VALUES (1, 'x')`} {
		if _, err := raw.Exec(q); err != nil {
			t.Fatal(err)
		}
	}
	return raw
}

// Migration 3 keeps, of each job, the state after its last frame: the frames become steps,
// the facts ride on the last step, the rest is the state. A row that is not JSON is dropped
// (the judge starts that job afresh) and the space the old rows took is given back.
func TestMigrationToLinearProgress(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "old.db")
	raw := openAtVersion1(t, path)
	pad := strings.Repeat("p", 4000)
	for frame := 1; frame <= 3; frame++ {
		frames := make([]string, frame)
		for i := range frames {
			frames[i] = fmt.Sprintf(`{"index":%d,"thought":"%s"}`, i+1, pad)
		}
		state := fmt.Sprintf(`{"next":%d,"satisfied":{"0":{"frame":1}},"frames":[%s],"facts":[{"frame":2,"text":"f"}],"usage":{"calls":%d}}`,
			frame, strings.Join(frames, ","), frame)
		if _, err := raw.Exec(`INSERT INTO judge_frames VALUES ('a', ?, ?, 't')`, frame, state); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := raw.Exec(`INSERT INTO judge_frames VALUES ('b', -9223372036854775808, '{"next":0,"decompose":{"calls":1}}', 't'), ('c', 1, 'not json', 't')`); err != nil {
		t.Fatal(err)
	}
	// Quadratic progress of many frames, so the migration frees enough to compact.
	big := `{"next":1,"frames":[{"index":1,"thought":"` + strings.Repeat("q", 1<<20) + `"}]}`
	for frame := 0; frame < 40; frame++ {
		if _, err := raw.Exec(`INSERT INTO judge_frames VALUES ('d', ?, ?, 't')`, frame, big); err != nil {
			t.Fatal(err)
		}
	}
	raw.Close()
	before := fileSize(t, path)

	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	p, err := db.LoadProgress(ctx, "a")
	if err != nil {
		t.Fatal(err)
	}
	wantState := `{"next":3,"satisfied":{"0":{"frame":1}},"usage":{"calls":3}}`
	if string(p.State) != wantState || len(p.Steps) != 3 {
		t.Fatalf("job a: state %s, %d steps; want %s and 3", p.State, len(p.Steps), wantState)
	}
	for i, s := range p.Steps {
		want := fmt.Sprintf(`{"result":{"index":%d,"thought":"%s"}}`, i+1, pad)
		if i == 2 {
			want = fmt.Sprintf(`{"result":{"index":3,"thought":"%s"},"facts":[{"frame":2,"text":"f"}]}`, pad)
		}
		if string(s) != want {
			t.Errorf("job a step %d = %.80s…", i, s)
		}
	}
	if p, err := db.LoadProgress(ctx, "b"); err != nil || string(p.State) != `{"next":0,"decompose":{"calls":1}}` || len(p.Steps) != 0 {
		t.Fatalf("job b (only its decomposition saved): %+v, %v", p, err)
	}
	if _, err := db.LoadProgress(ctx, "c"); !errors.Is(err, ErrNotFound) {
		t.Fatalf("job c (unreadable): %v", err)
	}
	if after := fileSize(t, path); after > before/4 {
		t.Errorf("database %d bytes after the migration, %d before: the freed space was not given back", after, before)
	}
}

func fileSize(t *testing.T, path string) int64 {
	t.Helper()
	var n int64
	for _, suffix := range []string{"", "-wal"} {
		if fi, err := os.Stat(path + suffix); err == nil {
			n += fi.Size()
		}
	}
	return n
}
