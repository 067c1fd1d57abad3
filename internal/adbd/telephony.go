package adbd

import (
	"database/sql"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// The telephony provider as Android runs it: `content query --uri content://sms/...`
// reads the `sms` table of mmssms.db (SmsProvider.query: SELECT * FROM sms, WHERE
// type=N for a box, ORDER BY date DESC), so what `sqlite3 mmssms.db` changes is what a
// query prints, and an SMS delivered by the emulator console or sent by Simple SMS
// Messenger is a row of that table.

// MmsSmsDB is the telephony provider's database.
const MmsSmsDB = "/data/data/com.android.providers.telephony/databases/mmssms.db"

// TelephonySchema is the part of mmssms.db the SMS provider reads and writes, with the
// columns of Android 13's MmsSmsDatabaseHelper in its order (a query with no
// projection prints them in that order).
const TelephonySchema = `CREATE TABLE sms (_id INTEGER PRIMARY KEY, thread_id INTEGER, address TEXT, person INTEGER, date INTEGER,
	date_sent INTEGER DEFAULT 0, protocol INTEGER, read INTEGER DEFAULT 0, status INTEGER DEFAULT -1, type INTEGER,
	reply_path_present INTEGER, subject TEXT, body TEXT, service_center TEXT, locked INTEGER DEFAULT 0,
	sub_id INTEGER DEFAULT -1, error_code INTEGER DEFAULT -1, creator TEXT, seen INTEGER DEFAULT 0);
CREATE TABLE threads (_id INTEGER PRIMARY KEY AUTOINCREMENT, date INTEGER DEFAULT 0, message_count INTEGER DEFAULT 0,
	recipient_ids TEXT, snippet TEXT, snippet_cs INTEGER DEFAULT 0, read INTEGER DEFAULT 1, archived INTEGER DEFAULT 0,
	type INTEGER DEFAULT 0, error INTEGER DEFAULT 0, has_attachment INTEGER DEFAULT 0);
CREATE TABLE canonical_addresses (_id INTEGER PRIMARY KEY AUTOINCREMENT, address TEXT);`

// SMS boxes (Telephony.TextBasedSmsColumns.MESSAGE_TYPE_*).
const (
	smsInbox = 1
	smsSent  = 2
)

// smsBoxes are the URIs SmsProvider answers from the sms table, with the type each
// box selects (0: every message).
var smsBoxes = map[string]int{
	"content://sms": 0, "content://sms/inbox": smsInbox, "content://sms/sent": smsSent, "content://sms/draft": 3,
	"content://sms/outbox": 4, "content://sms/failed": 5, "content://sms/queued": 6,
}

// withDB runs f on a device database the way an app opens it: the file is copied out,
// changed, and copied back when f changed it. A database that does not exist yet is
// created with schema (as the app's SQLiteOpenHelper would on first use); "" leaves
// it missing, and then f gets no database.
//
// The provider runs as its app, not as the shell: paths the shell may not read
// (DenyPath) are open to it.
func (d *Device) withDB(name, schema string, f func(db *sql.DB) error) error {
	d.mu.Lock()
	var data []byte
	fl, found := d.state.lookup(name)
	switch {
	case found && fl.mode&modeDir != 0:
		d.mu.Unlock()
		return errIsDir
	case found:
		data = append([]byte(nil), fl.data...)
	case schema == "":
		d.mu.Unlock()
		return errNotExist
	}
	d.mu.Unlock()
	dir, err := os.MkdirTemp("", "adbd-db-*")
	if err != nil {
		return err
	}
	defer os.RemoveAll(dir)
	local := filepath.Join(dir, "db")
	if err := os.WriteFile(local, data, 0o600); err != nil {
		return err
	}
	db, err := sql.Open("sqlite", local)
	if err != nil {
		return err
	}
	if len(data) == 0 {
		if _, err := db.Exec(schema); err != nil {
			db.Close()
			return err
		}
	}
	ferr := f(db)
	db.Close()
	updated, err := os.ReadFile(local)
	if err != nil {
		return err
	}
	d.mu.Lock()
	if fl := d.state.files[clean(name)]; fl != nil && fl.mode&modeDir == 0 {
		fl.data = updated
		fl.mtime = d.state.now()
	} else {
		now := d.state.now()
		d.state.files[clean(name)] = &file{data: updated, mode: modeRegular | 0o660, mtime: now, atime: now}
	}
	d.mu.Unlock()
	return ferr
}

// queryProviderDB answers `content query` for a URI the SMS provider serves: rows as
// Content.java prints them, or the exception the provider throws.
func (d *Device) queryProviderDB(box int, projection []string) (rows []string, exception string) {
	cols := "*"
	if projection != nil {
		// SQLiteQueryBuilder puts the projection's names in the query as they are.
		cols = strings.Join(projection, ", ")
	}
	query := "SELECT " + cols + " FROM sms"
	if box != 0 {
		query += " WHERE (type=" + strconv.Itoa(box) + ")"
	}
	query += " ORDER BY date DESC"
	err := d.withDB(MmsSmsDB, TelephonySchema, func(db *sql.DB) error {
		r, err := db.Query(query)
		if err != nil {
			return err
		}
		defer r.Close()
		names, err := r.Columns()
		if err != nil {
			return err
		}
		for r.Next() {
			vals := make([]any, len(names))
			ptrs := make([]any, len(names))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			if err := r.Scan(ptrs...); err != nil {
				return err
			}
			parts := make([]string, len(names))
			for i, v := range vals {
				parts[i] = names[i] + "=" + cursorText(v)
			}
			rows = append(rows, strings.Join(parts, ", "))
		}
		return r.Err()
	})
	if err != nil {
		msg := err.Error()
		if i := strings.Index(msg, "no such column: "); i >= 0 {
			msg = msg[i:]
		}
		return nil, "android.database.sqlite.SQLiteException: " + msg
	}
	return rows, ""
}

// cursorText is a column as Content.java prints it: String.valueOf(getLong) for
// integers, String.valueOf(getFloat) for floats, the text, "BLOB", or "NULL".
func cursorText(v any) string {
	switch x := v.(type) {
	case nil:
		return "NULL"
	case int64:
		return strconv.FormatInt(x, 10)
	case float64:
		return javaFloatString(float32(x))
	case []byte:
		return "BLOB"
	case string:
		return x
	}
	return fmt.Sprint(v)
}

// javaFloatString is Java's Float.toString: plain with at least one decimal for
// magnitudes in [1e-3, 1e7), else d.dddE±n; the shortest digits that read back.
func javaFloatString(f float32) string {
	switch {
	case math.IsNaN(float64(f)):
		return "NaN"
	case math.IsInf(float64(f), 1):
		return "Infinity"
	case math.IsInf(float64(f), -1):
		return "-Infinity"
	case f == 0:
		if math.Signbit(float64(f)) {
			return "-0.0"
		}
		return "0.0"
	}
	a := math.Abs(float64(f))
	if a >= 1e-3 && a < 1e7 {
		s := strconv.FormatFloat(float64(f), 'f', -1, 32)
		if !strings.Contains(s, ".") {
			s += ".0"
		}
		return s
	}
	s := strconv.FormatFloat(float64(f), 'e', -1, 32) // 1.2345679e+07
	mant, exp, _ := strings.Cut(s, "e")
	if !strings.Contains(mant, ".") {
		mant += ".0"
	}
	e, _ := strconv.Atoi(exp)
	return mant + "E" + strconv.Itoa(e)
}

// storeSMS writes a message to mmssms.db as the telephony provider's insert does: the
// thread of its address found or made (canonical_addresses, threads), the date the
// device clock's milliseconds (later than every stored message, as messages arrive one
// after another), inbox messages unread and unseen, others read.
func (d *Device) storeSMS(box int, address, body, creator string) error {
	d.mu.Lock()
	now := d.state.now().UnixMilli()
	d.mu.Unlock()
	return d.withDB(MmsSmsDB, TelephonySchema, func(db *sql.DB) error {
		tx, err := db.Begin()
		if err != nil {
			return err
		}
		defer tx.Rollback()
		var last sql.NullInt64
		if err := tx.QueryRow(`SELECT max(date) FROM sms`).Scan(&last); err != nil {
			return err
		}
		if last.Valid && now <= last.Int64 {
			now = last.Int64 + 1
		}
		var addrID int64
		switch err := tx.QueryRow(`SELECT _id FROM canonical_addresses WHERE address = ?`, address).Scan(&addrID); err {
		case nil:
		case sql.ErrNoRows:
			res, err := tx.Exec(`INSERT INTO canonical_addresses (address) VALUES (?)`, address)
			if err != nil {
				return err
			}
			addrID, _ = res.LastInsertId()
		default:
			return err
		}
		var threadID int64
		recipients := strconv.FormatInt(addrID, 10)
		switch err := tx.QueryRow(`SELECT _id FROM threads WHERE recipient_ids = ?`, recipients).Scan(&threadID); err {
		case nil:
		case sql.ErrNoRows:
			res, err := tx.Exec(`INSERT INTO threads (date, recipient_ids) VALUES (?, ?)`, now, recipients)
			if err != nil {
				return err
			}
			threadID, _ = res.LastInsertId()
		default:
			return err
		}
		read, seen, dateSent := 1, 1, int64(0)
		if box == smsInbox {
			read, seen, dateSent = 0, 0, now
		}
		if _, err := tx.Exec(`INSERT INTO sms (thread_id, address, date, date_sent, read, type, body, creator, seen, sub_id, error_code, protocol, reply_path_present)
			VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 1, 0, ?, ?)`,
			threadID, address, now, dateSent, read, box, body, nullable(creator), seen, inboxOnly(box, 0), inboxOnly(box, 0)); err != nil {
			return err
		}
		if _, err := tx.Exec(`UPDATE threads SET date = ?, snippet = ?, message_count = message_count + 1, read = ? WHERE _id = ?`,
			now, body, read, threadID); err != nil {
			return err
		}
		return tx.Commit()
	})
}

func nullable(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// inboxOnly is v for a received message and NULL otherwise (protocol and
// reply_path_present come with a received PDU).
func inboxOnly(box int, v int) any {
	if box == smsInbox {
		return v
	}
	return nil
}

// ReceiveSMS delivers a text message from address, as the emulator console's
// `sms send` does: the default SMS app stores it in the inbox.
func (d *Device) ReceiveSMS(address, body string) error {
	return d.storeSMS(smsInbox, address, body, "com.simplemobiletools.smsmessenger")
}
