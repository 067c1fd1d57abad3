package groundtruth

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/adbd"
)

// The shell commands ground truth sends (settings get, content query with and without a
// projection, dumpsys piped into grep, date +%s), answered by the device stand-in's own
// toybox-like commands behind the real adb server rather than by canned output: each is
// a command line a device shell accepts, and the device refuses none of them.
func TestCommandsADeviceShellAccepts(t *testing.T) {
	s, dev := fakeDevice(t)
	d := s.Device
	d.SetClock(time.Unix(1697384040, 0))
	d.SetSetting("global", "wifi_on", "1")
	d.SetSetting("global", "bluetooth_on", "0")
	d.SetSetting("system", "screen_brightness", "255")
	// The telephony provider answers content://sms/sent from mmssms.db, as on a device.
	d.PutFile(adbd.MmsSmsDB, makeDB(t, adbd.TelephonySchema,
		`INSERT INTO sms (_id, thread_id, address, date, type, body, creator, seen, read) VALUES (7, 3, '+1 555-010-4477', 1697383900000, 2,
			'Running late, see you at 5, ok?', 'com.simplemobiletools.smsmessenger', 1, 1)`,
		`INSERT INTO sms (_id, thread_id, address, date, type, body, creator, seen, read) VALUES (6, 2, '+15550109999', 1697300000000, 2,
			'Old message
with two lines', 'com.simplemobiletools.smsmessenger', 1, 1)`))
	d.SetContent("content://contacts/phones/",
		adbd.R("_id", 1, "display_name", "Jane Doe", "number", "(555) 123-4567", "times_contacted", 0),
		adbd.R("_id", 2, "display_name", "Li, Wei", "number", "+86 10 1234 5678", "times_contacted", 0))
	d.SetScreens([]adbd.Screen{{Activity: smsActivity}}, 1)

	for _, c := range []struct {
		task   string
		params Params
		reward float64
	}{
		{"SimpleSmsSend", Params{"number": "+15550104477", "message": "Running late, see you at 5, ok?"}, 1},
		{"SimpleSmsSend", Params{"number": "+15550109999", "message": "Old message\nwith two lines"}, 0}, // sent a day earlier
		{"ContactsAddContact", Params{"name": "Li, Wei", "number": "+86 10 1234 5678"}, 1},
		{"SystemWifiTurnOn", nil, 1},
		{"SystemBluetoothTurnOn", nil, 0},
		{"SystemBrightnessMax", nil, 1},
		{"OpenAppTaskEval", Params{"app_name": "clock"}, 0},
	} {
		r := mustCheck(t, dev, c.task, c.params, nil)
		if r.Reward != c.reward {
			t.Errorf("%s %v: reward %v, want %v\n%s", c.task, c.params, r.Reward, c.reward, r.Explanation)
		}
	}
	if r := d.Refused(); len(r) != 0 {
		t.Fatalf("the device refused %q", r)
	}
	for _, want := range []string{"shell:content query --uri content://sms/sent", "shell:date +%s",
		"shell:content query --uri content://contacts/phones/ --projection display_name:number",
		"shell:settings get global wifi_on", "shell:dumpsys activity activities | grep ResumedActivity"} {
		if d.ServiceCount(want) == 0 {
			t.Errorf("ground truth never sent %q (sent %q)", want, d.Services())
		}
	}
}

// ParseLs reads what the device's toybox prints for `ls DIR -ll -au`, fetched through
// the real adb server: regular files only (not folders, not "." or ".."), names with
// spaces, sizes, and the time column AndroidWorld keeps (the access time's seconds with
// the modification time's nanoseconds, to the microsecond). A folder that is gone, a
// file in its place or one the shell user may not read is an error, not an empty list.
func TestParseLsReadsTheDevicesListing(t *testing.T) {
	s, dev := fakeDevice(t)
	d := s.Device
	at := func(v string) time.Time {
		tm, err := time.Parse("2006-01-02 15:04:05.999999999", v)
		if err != nil {
			t.Fatal(err)
		}
		return tm
	}
	dir := MarkorData
	d.PutFile(dir+"/my note.md", []byte("hello"))
	d.Touch(dir+"/my note.md", at("2023-10-15 10:00:00.123456789"), at("2023-11-28 23:17:43.5"))
	d.PutFile(dir+"/big.md", make([]byte, 12345))
	d.Touch(dir+"/big.md", at("2023-10-15 11:00:00"), at("2023-10-15 11:00:00"))
	d.PutFile(dir+"/.hidden", []byte("x"))
	d.Touch(dir+"/.hidden", at("2023-10-15 09:00:00.5"), at("2023-10-15 09:30:00"))
	d.PutFile(dir+"/Old/inner.md", []byte("not listed"))
	d.PutFile(EmulatorData+"/plain", []byte("a file"))
	d.PutFile("/data/data/net.gsantner.markor/x", nil)
	d.DenyPath("/data/data")

	got, err := lsFiles(ctxT(t), dev, dir)
	want := []LsFile{
		{Name: ".hidden", Size: 1, Time: "2023-10-15 09:30:00.500000"},
		{Name: "big.md", Size: 12345, Time: "2023-10-15 11:00:00.000000"},
		{Name: "my note.md", Size: 5, Time: "2023-11-28 23:17:43.123456"},
	}
	if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("listing: %+v %v\nwant %+v", got, err, want)
	}
	for _, bad := range []string{EmulatorData + "/gone", EmulatorData + "/plain", "/data/data/net.gsantner.markor"} {
		if files, err := lsFiles(ctxT(t), dev, bad); err == nil {
			t.Errorf("%s read as %d files", bad, len(files))
		}
	}
	if r := d.Refused(); len(r) != 0 {
		t.Fatalf("the device refused %q", r)
	}
	if d.ServiceCount("shell:ls "+dir+" -ll -au") == 0 {
		t.Fatalf("ground truth never sent ls (sent %q)", d.Services())
	}
}

// A database is outside input: a view that recurses without end used to keep
// `groundtruth` running forever (issue 21). Every query now has a deadline, and the
// check fails with an error naming the database instead.
func TestEndlessViewIsInterrupted(t *testing.T) {
	defer func(d time.Duration) { queryDeadline = d }(queryDeadline)
	queryDeadline = 300 * time.Millisecond
	endless := `CREATE VIEW Playlist AS WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT i AS id_playlist, 'x' AS name FROM n`
	db := makeDB(t, `CREATE TABLE Media (id_media INTEGER PRIMARY KEY, filename TEXT);
	CREATE TABLE PlaylistMediaRelation (media_id INTEGER, playlist_id INTEGER, position INTEGER)`,
		endless, "INSERT INTO Media VALUES (1, 'a.mp4')", "INSERT INTO PlaylistMediaRelation VALUES (1, 1, 0)")
	s := newState().putBytes(VLCDB, db)
	start := time.Now()
	_, err := Check(context.Background(), fakeDev{s}, "VlcCreatePlaylist", Params{"playlist_name": "x", "files": []any{"a.mp4"}}, nil)
	if err == nil || !strings.Contains(err.Error(), VLCDB) || !strings.Contains(err.Error(), "did not finish within") {
		t.Fatalf("want an error naming %s and the deadline, got %v", VLCDB, err)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Fatalf("the check took %v", d)
	}
}

// A database AndroidWorld cannot read makes its evaluator raise (sqlite_utils has no
// fallback), so the check's error says AndroidWorld would record no score: a missing
// database, one without the table, one that is not SQLite. The conformance run found
// RetroPlayingQueue's missing database refused without saying so.
func TestUnreadableDatabaseIsUnscored(t *testing.T) {
	p := Params{"expenses": []any{map[string]any{"name": "Tea", "amount": 300, "category": 3, "note": ""}}}
	for name, s := range map[string]*fakeState{
		"missing":    newState(),
		"no table":   newState().putBytes(ExpenseDB, makeDB(t, "CREATE TABLE other (x INTEGER)")),
		"not SQLite": newState().put(ExpenseDB, "not a database"),
	} {
		_, err := Check(context.Background(), fakeDev{s}, "ExpenseAddSingle", p, nil)
		if !errors.Is(err, ErrNoScore) {
			t.Errorf("%s: %v, want an error wrapping ErrNoScore", name, err)
		}
	}
}
