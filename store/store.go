// Package store keeps autoeval's durable state in one SQLite file: runs, traces,
// decompositions, judgments with per-frame progress, and the model-call cache with
// its accounting. Everything resumable goes through here.
package store

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/autoeval/autoeval/internal/sqlitedsn"
	"modernc.org/sqlite" // also registers the "sqlite" driver
	sqlite3 "modernc.org/sqlite/lib"
)

// EnvDB names the environment variable that overrides the default database location.
const EnvDB = "AUTOEVAL_DB"

// DB is an open store. Its tables are written and read only through its methods: other
// packages say what they need of it in small interfaces of their own (internal/archtest
// fails on SQL against this database outside this package).
type DB struct {
	db   *sql.DB
	Path string
}

// Close closes the database.
func (s *DB) Close() error { return s.db.Close() }

// DefaultPath resolves the database location: flag value, else $AUTOEVAL_DB, else
// autoeval.db in the user's data directory ($XDG_DATA_HOME/autoeval or ~/.local/share/autoeval).
// getenv reads the environment (nil: os.Getenv).
func DefaultPath(flagValue string, getenv func(string) string) (string, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	if flagValue != "" {
		return flagValue, nil
	}
	if v := getenv(EnvDB); v != "" {
		return v, nil
	}
	base := getenv("XDG_DATA_HOME")
	if base == "" {
		home := getenv("HOME")
		if home == "" {
			return "", fmt.Errorf("no --db, no %s and no home directory ($HOME is not set)", EnvDB)
		}
		base = filepath.Join(home, ".local", "share")
	}
	return filepath.Join(base, "autoeval", "autoeval.db"), nil
}

// Open opens (creating the file if needed) the database at path and applies pending
// migrations. The folder must exist: a mistyped --db must not leave new folders behind.
func Open(ctx context.Context, path string) (*DB, error) {
	if path != ":memory:" {
		dir := filepath.Dir(path)
		st, err := os.Stat(dir)
		switch {
		case errors.Is(err, os.ErrNotExist):
			return nil, fmt.Errorf("store %s: the folder %s does not exist; create it first, or leave --db and $%s unset for the default location", path, dir, EnvDB)
		case err != nil:
			return nil, fmt.Errorf("store %s: %w", path, err)
		case !st.IsDir():
			return nil, fmt.Errorf("store %s: %s is not a folder", path, dir)
		}
	}
	// WAL lets readers proceed while a writer commits; busy_timeout makes concurrent
	// writers from goroutines (and from a second autoeval process) wait instead of failing.
	dsn := sqlitedsn.File(path, "_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)")
	db, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("store %s: %w", path, err)
	}
	if path == ":memory:" {
		db.SetMaxOpenConns(1) // each connection to :memory: would be a separate database
	}
	s := &DB{db: db, Path: path}
	// In WAL mode SQLite answers SQLITE_BUSY at once, without waiting out busy_timeout,
	// while the last connection of another process closes (it briefly locks the file to
	// clean up the WAL) or recovers a WAL left by a crash. Two autoeval processes starting
	// and stopping on one --db meet that, so opening retries for a while.
	err = retryBusy(ctx, func() error {
		if err := db.PingContext(ctx); err != nil {
			return err
		}
		return s.migrate(ctx)
	})
	if err != nil {
		db.Close()
		return nil, fmt.Errorf("store %s: %w", path, err)
	}
	return s, nil
}

// openBusyWait bounds how long Open waits out another process's brief exclusive locks.
const openBusyWait = 10 * time.Second

// retryBusy runs fn until it returns something other than SQLITE_BUSY, or openBusyWait passes.
func retryBusy(ctx context.Context, fn func() error) error {
	deadline := time.Now().Add(openBusyWait)
	wait := 5 * time.Millisecond
	for {
		err := fn()
		if !isBusy(err) || time.Now().After(deadline) {
			return err
		}
		select {
		case <-ctx.Done():
			return err
		case <-time.After(wait):
		}
		wait = min(2*wait, 200*time.Millisecond)
	}
}

// isBusy reports whether err is SQLite's SQLITE_BUSY (primary code 5, any extended code).
func isBusy(err error) bool {
	var se *sqlite.Error
	return errors.As(err, &se) && se.Code()&0xff == sqlite3.SQLITE_BUSY
}

// OpenDefault opens the database chosen by DefaultPath.
func OpenDefault(ctx context.Context, flagValue string, getenv func(string) string) (*DB, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	p, err := DefaultPath(flagValue, getenv)
	if err != nil {
		return nil, err
	}
	if flagValue == "" && getenv(EnvDB) == "" {
		// Only the default location is created; a path the user gave must already have its folder.
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return nil, fmt.Errorf("store %s: %w", p, err)
		}
	}
	return Open(ctx, p)
}

func (s *DB) migrate(ctx context.Context) error {
	if _, err := s.db.ExecContext(ctx, `CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)`); err != nil {
		return err
	}
	current, err := s.SchemaVersion(ctx)
	if err != nil {
		return err
	}
	if current > len(migrations) {
		return fmt.Errorf("database schema version %d is newer than this build knows (%d): upgrade autoeval", current, len(migrations))
	}
	if current == len(migrations) {
		return nil
	}
	// Each migration runs in a write transaction taken before reading the version, so two
	// processes opening a new database at once apply it once: the second waits, then finds
	// it applied. (A deferred transaction would let both read the old version.)
	conn, err := s.db.Conn(ctx)
	if err != nil {
		return err
	}
	defer conn.Close()
	for v := current + 1; v <= len(migrations); v++ {
		if _, err := conn.ExecContext(ctx, `BEGIN IMMEDIATE`); err != nil {
			return fmt.Errorf("migration %d: %w", v, err)
		}
		err := func() error {
			var applied int
			if err := conn.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&applied); err != nil {
				return err
			}
			if applied >= v {
				return nil // another process applied it meanwhile
			}
			if _, err := conn.ExecContext(ctx, migrations[v-1]); err != nil {
				return err
			}
			_, err := conn.ExecContext(ctx, `INSERT INTO schema_migrations(version, applied_at) VALUES (?, ?)`, v, now())
			return err
		}()
		if err != nil {
			_, _ = conn.ExecContext(context.WithoutCancel(ctx), `ROLLBACK`)
			return fmt.Errorf("migration %d: %w", v, err)
		}
		if _, err := conn.ExecContext(ctx, `COMMIT`); err != nil {
			_, _ = conn.ExecContext(context.WithoutCancel(ctx), `ROLLBACK`)
			return fmt.Errorf("migration %d: %w", v, err)
		}
	}
	return s.compact(ctx)
}

// compactAbove is how much free space a migration may leave behind before the file is
// rewritten: migration 3 frees what quadratic judging progress took, often gigabytes.
const compactAbove = 32 << 20

// compact gives the space a migration freed back to the file system.
func (s *DB) compact(ctx context.Context) error {
	var free, size int64
	if err := s.db.QueryRowContext(ctx, `PRAGMA freelist_count`).Scan(&free); err != nil {
		return err
	}
	if err := s.db.QueryRowContext(ctx, `PRAGMA page_size`).Scan(&size); err != nil {
		return err
	}
	if free*size < compactAbove {
		return nil
	}
	// In WAL mode the rewritten file sits in the log until a checkpoint copies it back.
	for _, q := range []string{`VACUUM`, `PRAGMA wal_checkpoint(TRUNCATE)`} {
		if _, err := s.db.ExecContext(ctx, q); err != nil {
			return fmt.Errorf("compacting after the migration: %w", err)
		}
	}
	return nil
}

// SchemaVersion reports the applied migration version.
func (s *DB) SchemaVersion(ctx context.Context) (int, error) {
	var v int
	err := s.db.QueryRowContext(ctx, `SELECT COALESCE(MAX(version), 0) FROM schema_migrations`).Scan(&v)
	return v, err
}

func now() string { return time.Now().UTC().Format(time.RFC3339Nano) }

// ErrNotFound is returned by lookups that find nothing.
var ErrNotFound = errors.New("not found")
