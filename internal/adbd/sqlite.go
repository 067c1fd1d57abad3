package adbd

import (
	"database/sql"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	_ "modernc.org/sqlite" // the sqlite3 command's engine
)

// sqlite3 is the sqlite3 command-line shell with a database and one SQL argument, as
// AndroidWorld runs it (`sqlite3 DB "DELETE FROM sms;"`): the statements run on the
// device's file, query rows print as values joined by |, and an error prints
// "Error: ..." and exits 1. A database that does not exist is created.
func (d *Device) sqlite3(args []string, stdout, stderr io.Writer) int {
	if len(args) != 2 || strings.HasPrefix(args[0], "-") {
		d.refuse("sqlite3 " + strings.Join(args, " "))
		fmt.Fprintln(stderr, "adbd stand-in: only sqlite3 DB SQL is simulated")
		return 1
	}
	name, query := args[0], args[1]
	d.mu.Lock()
	f, err := d.state.open(name)
	var data []byte
	if err == nil {
		data = append([]byte(nil), f.data...)
	}
	d.mu.Unlock()
	if err != nil && err != errNotExist {
		fmt.Fprintf(stderr, "Error: unable to open database \"%s\": unable to open database file\n", name)
		return 1
	}
	dir, err := os.MkdirTemp("", "adbd-sqlite-*")
	if err != nil {
		fmt.Fprintln(stderr, "Error:", err)
		return 1
	}
	defer os.RemoveAll(dir)
	local := filepath.Join(dir, "db")
	if err := os.WriteFile(local, data, 0o600); err != nil {
		fmt.Fprintln(stderr, "Error:", err)
		return 1
	}
	db, err := sql.Open("sqlite", local)
	if err != nil {
		fmt.Fprintln(stderr, "Error:", err)
		return 1
	}
	status := 0
	rows, err := db.Query(query)
	if err != nil {
		fmt.Fprintf(stderr, "Error: %v\n", err)
		status = 1
	} else {
		cols, _ := rows.Columns()
		for rows.Next() {
			vals := make([]any, len(cols))
			ptrs := make([]any, len(cols))
			for i := range vals {
				ptrs[i] = &vals[i]
			}
			rows.Scan(ptrs...)
			out := make([]string, len(vals))
			for i, v := range vals {
				if b, ok := v.([]byte); ok {
					v = string(b)
				}
				if v != nil {
					out[i] = fmt.Sprint(v)
				}
			}
			fmt.Fprintln(stdout, strings.Join(out, "|"))
		}
		if err := rows.Err(); err != nil {
			fmt.Fprintf(stderr, "Error: %v\n", err)
			status = 1
		}
		rows.Close()
	}
	db.Close()
	if updated, err := os.ReadFile(local); err == nil {
		d.mu.Lock()
		if f, err := d.state.open(name); err == nil {
			f.data = updated
		} else {
			d.state.files[clean(name)] = &file{data: updated, mode: modeRegular | 0o660, mtime: d.state.now(), atime: d.state.now()}
		}
		d.mu.Unlock()
	}
	return status
}
