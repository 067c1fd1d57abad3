package groundtruth

import (
	"context"
	"database/sql"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/autoeval/autoeval/device"
	"github.com/autoeval/autoeval/internal/adbd"
	"github.com/autoeval/autoeval/internal/adbtest"
)

const serial = "emulator-5554"

// Schemas as the apps create them (column lists from AndroidWorld's
// sqlite_schema_utils, types and constraints as the apps' Room/SQLite declare them).
const (
	schemaEvents = `CREATE TABLE events (id INTEGER PRIMARY KEY AUTOINCREMENT, start_ts INTEGER NOT NULL, end_ts INTEGER NOT NULL,
		title TEXT NOT NULL, location TEXT NOT NULL, description TEXT NOT NULL, reminder_1_minutes INTEGER NOT NULL DEFAULT -1,
		reminder_2_minutes INTEGER NOT NULL DEFAULT -1, reminder_3_minutes INTEGER NOT NULL DEFAULT -1, reminder_1_type INTEGER NOT NULL DEFAULT 0,
		reminder_2_type INTEGER NOT NULL DEFAULT 0, reminder_3_type INTEGER NOT NULL DEFAULT 0, repeat_interval INTEGER NOT NULL DEFAULT 0,
		repeat_rule INTEGER NOT NULL DEFAULT 0, repeat_limit INTEGER NOT NULL DEFAULT 0, repetition_exceptions TEXT NOT NULL DEFAULT '[]',
		attendees TEXT NOT NULL DEFAULT '', import_id TEXT NOT NULL DEFAULT '', time_zone TEXT NOT NULL DEFAULT 'UTC', flags INTEGER NOT NULL DEFAULT 0,
		event_type INTEGER NOT NULL DEFAULT 1, parent_id INTEGER NOT NULL DEFAULT 0, last_updated INTEGER NOT NULL DEFAULT 0,
		source TEXT NOT NULL DEFAULT 'imported-ics', availability INTEGER NOT NULL DEFAULT 0, color INTEGER NOT NULL DEFAULT 0, type INTEGER NOT NULL DEFAULT 0)`
	schemaExpense = "CREATE TABLE `expense` (`expense_id` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `name` TEXT, `amount` INTEGER NOT NULL, " +
		"`category` INTEGER NOT NULL, `note` TEXT, `created_date` INTEGER NOT NULL DEFAULT 0, `modified_date` INTEGER NOT NULL DEFAULT 0)"
	schemaRecipes = "CREATE TABLE `recipes` (`recipeId` INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, `title` TEXT, `imageName` TEXT DEFAULT '', " +
		"`description` TEXT DEFAULT '', `servings` TEXT DEFAULT '', `preparationTime` TEXT DEFAULT '', `source` TEXT DEFAULT '', " +
		"`ingredients` TEXT DEFAULT '', `directions` TEXT DEFAULT '', `favorite` INTEGER NOT NULL DEFAULT 0)"
	schemaTasks = "CREATE TABLE `tasks` (`_id` INTEGER PRIMARY KEY AUTOINCREMENT, `title` TEXT, `importance` INTEGER NOT NULL DEFAULT 2, " +
		"`dueDate` INTEGER NOT NULL DEFAULT 0, `hideUntil` INTEGER NOT NULL DEFAULT 0, `created` INTEGER NOT NULL DEFAULT 0, " +
		"`modified` INTEGER NOT NULL DEFAULT 0, `completed` INTEGER NOT NULL DEFAULT 0, `deleted` INTEGER NOT NULL DEFAULT 0, `notes` TEXT, " +
		"`estimatedSeconds` INTEGER NOT NULL DEFAULT 0, `elapsedSeconds` INTEGER NOT NULL DEFAULT 0, `timerStart` INTEGER NOT NULL DEFAULT 0, " +
		"`notificationFlags` INTEGER NOT NULL DEFAULT 0, `lastNotified` INTEGER NOT NULL DEFAULT 0, `recurrence` TEXT, " +
		"`repeat_from` INTEGER NOT NULL DEFAULT 0, `calendarUri` TEXT, `remoteId` TEXT, `collapsed` INTEGER NOT NULL DEFAULT 0, " +
		"`parent` INTEGER NOT NULL DEFAULT 0, `order` INTEGER, `read_only` INTEGER NOT NULL DEFAULT 0)"
	schemaTracks = `CREATE TABLE tracks (_id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT, description TEXT, category TEXT, starttime INTEGER,
		stoptime INTEGER, numpoints INTEGER, totaldistance FLOAT, totaltime INTEGER, movingtime INTEGER, avgspeed FLOAT, avgmovingspeed FLOAT,
		maxspeed FLOAT, minelevation FLOAT, maxelevation FLOAT, elevationgain FLOAT, icon TEXT, uuid BLOB, elevationloss FLOAT,
		starttime_offset INTEGER, activity_type TEXT)`
	schemaJoplin = `CREATE TABLE folders (id TEXT PRIMARY KEY, title TEXT NOT NULL DEFAULT "", created_time INT NOT NULL DEFAULT 0,
		updated_time INT NOT NULL DEFAULT 0, parent_id TEXT NOT NULL DEFAULT "");
	CREATE TABLE notes (id TEXT PRIMARY KEY, parent_id TEXT NOT NULL DEFAULT "", title TEXT NOT NULL DEFAULT "", body TEXT NOT NULL DEFAULT "",
		created_time INT NOT NULL DEFAULT 0, updated_time INT NOT NULL DEFAULT 0, is_conflict INT NOT NULL DEFAULT 0, is_todo INT NOT NULL DEFAULT 0,
		todo_due INT NOT NULL DEFAULT 0, todo_completed INT NOT NULL DEFAULT 0, "order" NUMERIC NOT NULL DEFAULT 0)`
	schemaVLC = `CREATE TABLE Media (id_media INTEGER PRIMARY KEY AUTOINCREMENT, type INTEGER, title TEXT COLLATE NOCASE, filename TEXT COLLATE NOCASE,
		duration INTEGER DEFAULT -1, is_present BOOLEAN NOT NULL DEFAULT 1);
	CREATE TABLE Playlist (id_playlist INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT COLLATE NOCASE, file_id UNSIGNED INT DEFAULT NULL,
		creation_date UNSIGNED INT NOT NULL DEFAULT 0, artwork_mrl TEXT);
	CREATE TABLE PlaylistMediaRelation (media_id INTEGER, mrl TEXT, playlist_id INTEGER, position INTEGER)`
)

// makeDB builds a database file with the schema and statements and returns its bytes.
func makeDB(t testing.TB, schema string, stmts ...string) []byte {
	t.Helper()
	dir := t.TempDir()
	p := filepath.Join(dir, "x.db")
	db, err := sql.Open("sqlite", p)
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range append(strings.Split(schema, ";\n"), stmts...) {
		if _, err := db.Exec(s); err != nil {
			t.Fatalf("%s: %v", s, err)
		}
	}
	if err := db.Close(); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// fakeDevice attaches a device stand-in to a real adb server and connects the real
// device layer to it. The stand-in is wrapped in the serial-taking methods these tests
// were written against (there is one device; the serial is not consulted).
func fakeDevice(t testing.TB) (phone, *device.Device) {
	t.Helper()
	srv, dev, serial := adbtest.Device(t, adbd.Config{})
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	d, err := device.Connect(ctx, device.Options{Addr: srv.Addr(), Serial: serial})
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	return phone{dev}, d
}

// phone is the device stand-in with the fixture methods of the tests.
type phone struct{ *adbd.Device }

func (p phone) PutFile(_, path string, data []byte) { p.Device.PutFile(path, data) }
func (p phone) DenyPath(_, prefix string)           { p.Device.DenyPath(prefix) }
func (p phone) CallCount(_, prefix string) int      { return p.ServiceCount(prefix) }
func (p phone) SetScreens(_ string, screens []adbtest.Screen, hold int) {
	p.Device.SetScreens(screens, hold)
}

// HandleShell answers simple commands of the device shell (after its quoting and
// pipes) by their words joined with spaces.
func (p phone) HandleShell(_ string, f func(cmd string) (string, bool)) {
	p.Device.HandleShell(func(argv []string, _ []byte) (string, bool) { return f(strings.Join(argv, " ")) })
}

// shellMap answers shell commands from a map (exact command words).
func shellMap(m map[string]string) func(cmd string) (string, bool) {
	return func(cmd string) (string, bool) {
		out, ok := m[strings.TrimSpace(cmd)]
		return out, ok
	}
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func ev(id int, start time.Time, mins int, title, desc string) string {
	return fmt.Sprintf("INSERT INTO events (id, start_ts, end_ts, title, location, description) VALUES (%d, %d, %d, '%s', '', '%s')",
		id, start.Unix(), start.Unix()+int64(mins)*60, title, desc)
}

func oct(day, hour int) time.Time { return time.Date(2023, 10, day, hour, 0, 0, 0, time.UTC) }

func mustCheck(t *testing.T, dev Device, task string, p Params, before *Snapshot) *Result {
	t.Helper()
	r, err := Check(ctxT(t), dev, task, p, before)
	if err != nil {
		t.Fatalf("Check(%s): %v", task, err)
	}
	return r
}

func wantReward(t *testing.T, r *Result, want float64) {
	t.Helper()
	if r.Reward != want {
		t.Fatalf("%s: reward %v, want %v\n%s", r.Task, r.Reward, want, r.Explanation)
	}
}

func init() { clipperDelay = 10 * time.Millisecond }
