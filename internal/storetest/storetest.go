// Package storetest is for tests only: it opens a store's SQLite file with a connection of
// the test's own, to check what is on disk or to damage it. Product code reaches autoeval's
// database only through store's methods (internal/archtest holds the rule).
package storetest

import (
	"database/sql"
	"testing"

	"github.com/autoeval/autoeval/internal/sqlitedsn"
	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// SQL opens the database file at path (a store.DB's Path) for the test's own statements,
// beside any store open on it; the connection is closed when the test ends.
func SQL(t testing.TB, path string) *sql.DB {
	t.Helper()
	db, err := sql.Open("sqlite", sqlitedsn.File(path, "_pragma=busy_timeout(10000)"))
	if err != nil {
		t.Fatalf("opening %s: %v", path, err)
	}
	t.Cleanup(func() { db.Close() })
	if err := db.Ping(); err != nil {
		t.Fatalf("opening %s: %v", path, err)
	}
	return db
}
