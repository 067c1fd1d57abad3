package store

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func openTemp(t *testing.T) *DB {
	t.Helper()
	db, err := Open(context.Background(), filepath.Join(t.TempDir(), "autoeval.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { db.Close() })
	return db
}

func TestOpenAppliesMigrationsOnceAndUsesWAL(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "a.db")
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := db.SchemaVersion(ctx)
	if err != nil || v != len(migrations) {
		t.Fatalf("schema version = %d, %v; want %d", v, err, len(migrations))
	}
	var mode string
	if err := db.db.QueryRow(`PRAGMA journal_mode`).Scan(&mode); err != nil || mode != "wal" {
		t.Fatalf("journal_mode = %q, %v; want wal", mode, err)
	}
	if err := db.PutKV(ctx, "ns", "k", map[string]int{"a": 1}); err != nil {
		t.Fatal(err)
	}
	db.Close()

	// Reopening must not re-run migrations (they would fail on existing tables) and keeps data.
	db, err = Open(ctx, path)
	if err != nil {
		t.Fatalf("reopen: %v", err)
	}
	defer db.Close()
	var got string
	if err := db.db.QueryRow(`SELECT value FROM kv WHERE ns='ns' AND key='k'`).Scan(&got); err != nil || got != `{"a":1}` {
		t.Fatalf("kv after reopen = %s, %v", got, err)
	}
}

// Characters that mean something in an SQLite URI are part of the file name here.
func TestOpenPathWithURICharacters(t *testing.T) {
	dir := t.TempDir()
	for _, name := range []string{"a?b", "c#d", "e%41f", "g h"} {
		path := filepath.Join(dir, name, "x.db")
		if err := os.Mkdir(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		db, err := Open(context.Background(), path)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		db.Close()
		if _, err := os.Stat(path); err != nil {
			t.Errorf("%s: no database at the path given: %v", name, err)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 4 {
		t.Errorf("%d entries in %s, want the 4 directories only", len(ents), dir)
	}
}

func TestOpenRefusesNewerSchema(t *testing.T) {
	ctx := context.Background()
	path := filepath.Join(t.TempDir(), "a.db")
	db, err := Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := db.db.Exec(`INSERT INTO schema_migrations(version, applied_at) VALUES (999, 'x')`); err != nil {
		t.Fatal(err)
	}
	db.Close()
	_, err = Open(ctx, path)
	if err == nil || !strings.Contains(err.Error(), "newer") || !strings.Contains(err.Error(), path) {
		t.Fatalf("want an error naming the file and a newer schema, got %v", err)
	}
}

func TestRunItemsResume(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	if err := db.BeginRun(ctx, "r1", "decompose-suite", "", map[string]string{"suite": "x"}); err != nil {
		t.Fatal(err)
	}
	if _, err := db.GetItem(ctx, "r1", "task-a", nil); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown item: want ErrNotFound, got %v", err)
	}
	if err := db.PutItem(ctx, "r1", "task-a", ItemFailed, nil, "boom"); err != nil {
		t.Fatal(err)
	}
	if err := db.PutItem(ctx, "r1", "task-a", ItemDone, map[string]float64{"scr": 0.5}, ""); err != nil {
		t.Fatal(err)
	}
	var res map[string]float64
	st, err := db.GetItem(ctx, "r1", "task-a", &res)
	if err != nil || st != ItemDone || res["scr"] != 0.5 {
		t.Fatalf("GetItem = %q %v %v", st, res, err)
	}
	// Stamps tell a process which items were written after it looked.
	stamps, err := db.ItemStamps(ctx, "r1")
	if err != nil || len(stamps) != 1 || stamps["task-a"] == "" {
		t.Fatalf("stamps %v %v", stamps, err)
	}
	if err := db.PutItem(ctx, "r1", "task-a", ItemDone, map[string]float64{"scr": 1}, ""); err != nil {
		t.Fatal(err)
	}
	st, stamp, err := db.GetItemStamped(ctx, "r1", "task-a", &res)
	if err != nil || st != ItemDone || res["scr"] != 1 || stamp == stamps["task-a"] {
		t.Fatalf("GetItemStamped = %q %q %v %v (stamp before %q)", st, stamp, res, err, stamps["task-a"])
	}
	if _, _, err := db.GetItemStamped(ctx, "r1", "task-b", nil); !errors.Is(err, ErrNotFound) {
		t.Fatalf("unknown item: %v", err)
	}
	// Beginning the same run again is a resume, not an error.
	if err := db.BeginRun(ctx, "r1", "decompose-suite", "", nil); err != nil {
		t.Fatalf("resume: %v", err)
	}
	if err := db.FinishRun(ctx, "r1", "done"); err != nil {
		t.Fatal(err)
	}
}

func TestConcurrentWriters(t *testing.T) {
	ctx := context.Background()
	db := openTemp(t)
	if err := db.BeginRun(ctx, "r", "judge-batch", "", nil); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make(chan error, 64)
	for i := 0; i < 64; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			errs <- db.PutItem(ctx, "r", string(rune('a'+i%26))+strings.Repeat("x", i), ItemDone, i, "")
		}(i)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		if err != nil {
			t.Fatalf("concurrent PutItem: %v", err)
		}
	}
	var n int
	if err := db.db.QueryRow(`SELECT COUNT(*) FROM run_items WHERE run_id='r'`).Scan(&n); err != nil || n != 64 {
		t.Fatalf("rows = %d, %v", n, err)
	}
}

func TestDefaultPath(t *testing.T) {
	t.Setenv(EnvDB, "")
	t.Setenv("XDG_DATA_HOME", "/data")
	if p, _ := DefaultPath("flag.db", nil); p != "flag.db" {
		t.Errorf("flag wins: got %q", p)
	}
	if p, _ := DefaultPath("", nil); p != filepath.Join("/data", "autoeval", "autoeval.db") {
		t.Errorf("XDG default: got %q", p)
	}
	t.Setenv(EnvDB, "/env.db")
	if p, _ := DefaultPath("", nil); p != "/env.db" {
		t.Errorf("env: got %q", p)
	}
}

// Processes opening a new database at the same moment (two judges sharing one --db) each
// find it migrated once, none failing on a table the other just created.
func TestConcurrentOpenMigratesOnce(t *testing.T) {
	for round := 0; round < 5; round++ {
		path := filepath.Join(t.TempDir(), "new.db")
		var wg sync.WaitGroup
		errs := make(chan error, 4)
		for i := 0; i < 4; i++ {
			wg.Add(1)
			go func() {
				defer wg.Done()
				db, err := Open(context.Background(), path)
				if err == nil {
					db.Close()
				}
				errs <- err
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatalf("round %d: %v", round, err)
			}
		}
	}
}

// A --db whose folder is missing is a mistake to report, not a folder to create; only the
// default location is made.
func TestOpenCreatesOnlyTheDefaultFolder(t *testing.T) {
	ctx := context.Background()
	missing := filepath.Join(t.TempDir(), "no", "such")
	_, err := OpenDefault(ctx, filepath.Join(missing, "x.db"), nil)
	if err == nil || !strings.Contains(err.Error(), missing) || !strings.Contains(err.Error(), "does not exist") {
		t.Fatalf("explicit path in a missing folder: %v", err)
	}
	if _, serr := os.Stat(missing); !os.IsNotExist(serr) {
		t.Fatalf("the missing folder was created (%v)", serr)
	}
	t.Setenv(EnvDB, filepath.Join(missing, "env.db"))
	if _, err := OpenDefault(ctx, "", nil); err == nil {
		t.Fatal("$AUTOEVAL_DB in a missing folder was accepted")
	}
	t.Setenv(EnvDB, "")
	data := filepath.Join(t.TempDir(), "xdg")
	t.Setenv("XDG_DATA_HOME", data)
	db, err := OpenDefault(ctx, "", nil)
	if err != nil {
		t.Fatalf("default location: %v", err)
	}
	db.Close()
	if _, err := os.Stat(filepath.Join(data, "autoeval", "autoeval.db")); err != nil {
		t.Fatalf("default database not created: %v", err)
	}
}
