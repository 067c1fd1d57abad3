package groundtruth

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/autoeval/autoeval/device"
	"github.com/autoeval/autoeval/internal/sqlitedsn"

	_ "modernc.org/sqlite" // registers the "sqlite" driver
)

// Device is what the checks need from an Android device. *device.Device (adb over
// goadb) satisfies it; Pull must return an error wrapping fs.ErrNotExist for a
// missing file.
type Device interface {
	Shell(ctx context.Context, cmd string) (string, error)
	Pull(ctx context.Context, path string) ([]byte, error)
}

// ErrCorruptDB, ErrLockedDB and ErrMissingDB classify database failures. They are
// errors, never a zero reward: a check that cannot read state knows nothing. Each also
// wraps ErrNoScore: AndroidWorld's sqlite_utils raises on such a database (sqlite3's
// OperationalError or DatabaseError, or ValueError after its retries), so its suite
// records no score either.
var (
	ErrMissingDB = errors.New("database not found on the device")
	ErrCorruptDB = errors.New("database is not a readable SQLite file")
	ErrLockedDB  = errors.New("database is locked or mid-transaction")
)

// PullFile reads a file from the device; ok is false when it does not exist.
func PullFile(ctx context.Context, dev Device, p string) (data []byte, ok bool, err error) {
	data, err = dev.Pull(ctx, p)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("pull %s: %w", p, err)
	}
	return data, true, nil
}

// DB is an app database pulled off the device and opened read-only.
type DB struct {
	Remote string // path on the device
	db     *sql.DB
	dir    string
}

// queryDeadline bounds every query on a pulled database: an app database is outside
// input, and a view that recurses without end (WITH RECURSIVE with no stop) would
// otherwise keep a check running forever. The query is interrupted and the check
// fails with an error naming the database.
var queryDeadline = 30 * time.Second

// withDeadline runs a query under queryDeadline and words its overrun.
func (d *DB) withDeadline(ctx context.Context, query func(ctx context.Context) error) error {
	qctx, cancel := context.WithTimeout(ctx, queryDeadline)
	defer cancel()
	err := query(qctx)
	if err != nil && ctx.Err() == nil && qctx.Err() == context.DeadlineExceeded {
		return fmt.Errorf("%s: a query did not finish within %v (a view or query without end?), interrupted: %w", d.Remote, queryDeadline, context.DeadlineExceeded)
	}
	return err
}

// dbRetries bounds re-pulls of a database caught mid-write (AndroidWorld retries too).
var dbRetries = 3
var dbRetryDelay = 500 * time.Millisecond

// OpenDB pulls remote (plus its -wal, -shm and -journal companions, written side by
// side so SQLite sees uncommitted WAL pages and hot journals) into a temp dir and
// opens it read-only. Close removes the copy.
func OpenDB(ctx context.Context, dev Device, remote string) (*DB, error) {
	var last error
	for attempt := 0; attempt < dbRetries; attempt++ {
		if attempt > 0 {
			select {
			case <-ctx.Done():
				return nil, ctx.Err()
			case <-time.After(dbRetryDelay):
			}
		}
		db, err := openOnce(ctx, dev, remote)
		if err == nil || !errors.Is(err, ErrLockedDB) {
			return db, err
		}
		last = err
	}
	return nil, last
}

func openOnce(ctx context.Context, dev Device, remote string) (*DB, error) {
	main, ok, err := PullFile(ctx, dev, remote)
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, fmt.Errorf("%s: %w (%w)", remote, ErrMissingDB, ErrNoScore)
	}
	dir, err := os.MkdirTemp("", "autoeval-gt-*")
	if err != nil {
		return nil, err
	}
	d := &DB{Remote: remote, dir: dir}
	local := filepath.Join(dir, path.Base(remote))
	if err := os.WriteFile(local, main, 0o600); err != nil {
		d.Close()
		return nil, err
	}
	for _, suffix := range []string{"-wal", "-shm", "-journal"} {
		data, ok, err := PullFile(ctx, dev, remote+suffix)
		if err != nil {
			d.Close()
			return nil, err
		}
		if ok {
			if err := os.WriteFile(local+suffix, data, 0o600); err != nil {
				d.Close()
				return nil, err
			}
		}
	}
	// mode=ro: never modify the evidence. A hot journal cannot be rolled back
	// read-only, which surfaces as a locked database rather than stale rows.
	dsn := sqlitedsn.File(local, "mode=ro&_pragma=busy_timeout(200)")
	d.db, err = sql.Open("sqlite", dsn)
	if err != nil {
		d.Close()
		return nil, fmt.Errorf("%s: %w: %v (%w)", remote, ErrCorruptDB, err, ErrNoScore)
	}
	d.db.SetMaxOpenConns(1)
	var n int
	if err := d.withDeadline(ctx, func(ctx context.Context) error {
		return d.db.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master").Scan(&n)
	}); err != nil {
		d.Close()
		return nil, classifyDBError(remote, err)
	}
	return d, nil
}

func classifyDBError(remote string, err error) error {
	if errors.Is(err, context.DeadlineExceeded) && strings.HasPrefix(err.Error(), remote+": ") {
		return err // withDeadline's overrun, already worded
	}
	msg := err.Error()
	switch {
	case strings.Contains(msg, "locked") || strings.Contains(msg, "busy") || strings.Contains(msg, "BUSY") ||
		strings.Contains(msg, "READONLY_ROLLBACK") || strings.Contains(msg, "readonly database"):
		return fmt.Errorf("%s: %w (%v; %w); retry when the app is idle", remote, ErrLockedDB, err, ErrNoScore)
	case strings.Contains(msg, "not a database") || strings.Contains(msg, "malformed") || strings.Contains(msg, "corrupt") ||
		strings.Contains(msg, "NOTADB") || strings.Contains(msg, "CORRUPT"):
		return fmt.Errorf("%s: %w (%v; %w)", remote, ErrCorruptDB, err, ErrNoScore)
	}
	return fmt.Errorf("%s: %w", remote, err)
}

// Close releases the connection and deletes the local copy.
func (d *DB) Close() error {
	var err error
	if d.db != nil {
		err = d.db.Close()
	}
	if d.dir != "" {
		os.RemoveAll(d.dir)
	}
	return err
}

// Query runs a read-only query and returns normalised rows; it is interrupted after
// queryDeadline.
func (d *DB) Query(ctx context.Context, query string, args ...any) ([]Row, error) {
	var out []Row
	err := d.withDeadline(ctx, func(ctx context.Context) error {
		var err error
		out, err = d.query(ctx, query, args...)
		return err
	})
	return out, err
}

func (d *DB) query(ctx context.Context, query string, args ...any) ([]Row, error) {
	rs, err := d.db.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, classifyDBError(d.Remote, err)
	}
	defer rs.Close()
	cols, err := rs.Columns()
	if err != nil {
		return nil, classifyDBError(d.Remote, err)
	}
	var out []Row
	for rs.Next() {
		vals := make([]any, len(cols))
		ptrs := make([]any, len(cols))
		for i := range vals {
			ptrs[i] = &vals[i]
		}
		if err := rs.Scan(ptrs...); err != nil {
			return nil, classifyDBError(d.Remote, err)
		}
		r := make(Row, len(cols))
		for i, c := range cols {
			r[c] = normValue(vals[i])
		}
		out = append(out, r)
	}
	if err := rs.Err(); err != nil {
		return nil, classifyDBError(d.Remote, err)
	}
	return out, nil
}

// Table returns all rows of a table. A missing table is an error naming it.
func (d *DB) Table(ctx context.Context, table string) ([]Row, error) {
	if err := d.requireTables(ctx, table); err != nil {
		return nil, err
	}
	return d.Query(ctx, `SELECT * FROM "`+strings.ReplaceAll(table, `"`, `""`)+`"`)
}

// requireTables checks that the tables exist, so a query over them fails naming the
// missing one (the wrong app's database) rather than with SQLite's bare message, and
// without reading their rows.
func (d *DB) requireTables(ctx context.Context, tables ...string) error {
	for _, table := range tables {
		var n int
		if err := d.withDeadline(ctx, func(ctx context.Context) error {
			return d.db.QueryRowContext(ctx, "SELECT count(*) FROM sqlite_master WHERE type='table' AND name=?", table).Scan(&n)
		}); err != nil {
			return classifyDBError(d.Remote, err)
		}
		if n == 0 {
			return fmt.Errorf("%s: no table %q (is this the app's database?; %w: sqlite3 raises OperationalError there)", d.Remote, table, ErrNoScore)
		}
	}
	return nil
}

// ReadTable pulls remote, reads one table and cleans up.
func ReadTable(ctx context.Context, dev Device, remote, table string) ([]Row, error) {
	rows, err := ReadTables(ctx, dev, remote, table)
	return rows[table], err
}

// ReadTables pulls remote once and reads every table from that copy, so they show one
// moment of the app's state. Rows are keyed by table.
func ReadTables(ctx context.Context, dev Device, remote string, tables ...string) (map[string][]Row, error) {
	db, err := OpenDB(ctx, dev, remote)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	out := make(map[string][]Row, len(tables))
	for _, t := range tables {
		if out[t], err = db.Table(ctx, t); err != nil {
			return nil, err
		}
	}
	return out, nil
}

// Setting reads `settings get NAMESPACE KEY`, trimmed ("null" when unset).
func Setting(ctx context.Context, dev Device, namespace, key string) (string, error) {
	out, err := dev.Shell(ctx, "settings get "+namespace+" "+key)
	if err != nil {
		return "", fmt.Errorf("settings get %s %s: %w", namespace, key, err)
	}
	return strings.TrimSpace(out), nil
}

// DirEntry is one entry of a device directory.
type DirEntry struct {
	Name    string `json:"name"`
	Dir     bool   `json:"dir,omitempty"`
	Size    int64  `json:"size"`
	ModTime int64  `json:"mtime"` // Unix seconds
}

// dirLister is implemented by *device.Device (sync LIST).
type dirLister interface {
	List(ctx context.Context, dir string) ([]device.FileInfo, error)
}

// ListDir lists a device directory (a missing directory lists empty, as adb does).
func ListDir(ctx context.Context, dev Device, dir string) ([]DirEntry, error) {
	l, ok := dev.(dirLister)
	if !ok {
		return nil, fmt.Errorf("list %s: this device connection cannot list directories", dir)
	}
	infos, err := l.List(ctx, dir)
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", dir, err)
	}
	out := make([]DirEntry, 0, len(infos))
	for _, fi := range infos {
		out = append(out, DirEntry{Name: fi.Name, Dir: fi.Mode.IsDir(), Size: fi.Size, ModTime: fi.ModTime.Unix()})
	}
	return out, nil
}

// statter is implemented by *device.Device (sync STAT).
type statter interface {
	Stat(ctx context.Context, path string) (device.FileInfo, error)
}

// PathKind says what, if anything, is at a device path.
type PathKind int

const (
	Absent PathKind = iota
	RegularFile
	Folder
	OtherFile // a link, socket or device node
)

// StatPath says what is at p: through sync STAT when the connection has it, else by
// pulling p (which sees regular files only). AndroidWorld's file checks ask `find`
// for files and folders, or `test -f` for regular files; both are answered from this.
func StatPath(ctx context.Context, dev Device, p string) (PathKind, error) {
	if st, ok := dev.(statter); ok {
		fi, err := st.Stat(ctx, p)
		if errors.Is(err, fs.ErrNotExist) {
			return Absent, nil
		}
		if err != nil {
			return Absent, fmt.Errorf("stat %s: %w", p, err)
		}
		switch {
		case fi.Mode.IsDir():
			return Folder, nil
		case fi.Mode.IsRegular():
			return RegularFile, nil
		}
		return OtherFile, nil
	}
	if _, ok, err := PullFile(ctx, dev, p); err != nil || !ok {
		return Absent, err
	}
	return RegularFile, nil
}

// LsFile is one regular file of AndroidWorld's file_utils.get_file_list_with_metadata:
// `ls DIR -ll -au`, whose time column is the access time to the nanosecond; AndroidWorld
// keeps it to the microsecond and compares listings by name, size and that time.
type LsFile struct {
	Name string `json:"name"`
	Size int64  `json:"size"`
	Time string `json:"time"` // "2023-10-15 15:34:00.123456", as AndroidWorld keeps it
}

// lsCommand is the command whose output ParseLs reads.
func lsCommand(dir string) string { return "ls " + dir + " -ll -au" }

// ParseLs reads the regular files of `ls DIR -ll -au` the way get_file_list_with_metadata
// does: lines starting with "-", split into at most 9 fields, the 9th the name. A
// directory that does not exist or is a file, or a line it cannot read, is an error, as
// there; so is any complaint of ls ("ls: DIR: Permission denied"), which a shell without
// stderr of its own mixes into the output: a folder that could not be listed is unknown,
// not empty.
func ParseLs(out, dir string) ([]LsFile, error) {
	trimmed := strings.TrimSpace(out)
	// get_file_list_with_metadata raises RuntimeError on all of these (test -d fails, or
	// the failing ls makes android_env raise): AndroidWorld records no score.
	if strings.Contains(trimmed, "No such file or directory") || strings.Contains(trimmed, "Not a directory") {
		return nil, noScore("%s is not a valid directory: %s (get_file_list_with_metadata raises)", dir, clip(trimmed, 120))
	}
	var files []LsFile
	for _, line := range strings.Split(strings.ReplaceAll(out, "\r", ""), "\n") {
		if strings.HasPrefix(line, "ls: ") {
			return nil, noScore("ls %s: %s (get_file_list_with_metadata raises)", dir, clip(line, 120))
		}
		if !strings.HasPrefix(line, "-") {
			continue
		}
		f := strings.Fields(line)
		if len(f) < 9 {
			return nil, fmt.Errorf("ls %s: cannot read the line %q", dir, line)
		}
		size, err := strconv.ParseInt(f[4], 10, 64)
		if err != nil {
			return nil, fmt.Errorf("ls %s: size %q in %q", dir, f[4], line)
		}
		// The name is what follows the eighth field, spaces kept (Python's split(None, 8)).
		rest := line
		for i := 0; i < 8; i++ {
			rest = strings.TrimLeft(rest, " \t")
			rest = rest[strings.IndexAny(rest+" ", " \t"):]
		}
		when := f[5] + " " + f[6]
		if len(when) < 3 {
			return nil, fmt.Errorf("ls %s: time %q in %q", dir, when, line)
		}
		name := strings.TrimSpace(rest)
		// No name in a folder holds a "/": this is ls listing dir itself, a file, where
		// get_file_list_with_metadata's `test -d` raises.
		if name == dir || strings.Contains(name, "/") {
			return nil, noScore("%s is not a valid directory: it is a file (get_file_list_with_metadata raises)", dir)
		}
		files = append(files, LsFile{Name: name, Size: size, Time: when[:len(when)-3]})
	}
	return files, nil
}
