package groundtruth

import (
	"context"
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// textDevice answers every shell command (settings, content query, dumpsys, date) with
// out and every file pull with out too, except databases, which it does not have: checks
// get as far as their parameters and the device's text take them.
type textDevice struct{ out []byte }

func (d textDevice) Shell(context.Context, string) (string, error) { return string(d.out), nil }
func (d textDevice) Pull(_ context.Context, p string) ([]byte, error) {
	if len(d.out) == 0 || strings.Contains(p, ".db") || strings.HasSuffix(p, ".sqlite") {
		return nil, fs.ErrNotExist
	}
	return d.out, nil
}

// FuzzCheckParams runs every family's check on parameters from a --params file (any
// JSON object), a snapshot from --before (any JSON) and any device output: an error or
// a result, never a panic, and a result's reward stays within [0, 1].
func FuzzCheckParams(f *testing.F) {
	f.Add(uint16(0), []byte(`{"number":"+1 555","message":"hi"}`), []byte(``), []byte("Row: 0 address=+1555, body=hi, type=2\n"))
	f.Add(uint16(3), []byte(`{"expenses":"Expense: A\n amount_dollars: $1.5\n category_name: Food\n","rows":[{"name":1e308}]}`), []byte(`{"tables":{"x#y":[{"a":1}]}}`), []byte("1"))
	f.Add(uint16(7), []byte(`{"file_name":"a.md","text":"x","titles":["a",2,null],"day":"2023-10-15","hour":25}`), []byte(`{"files":{"a":null}}`), []byte("mResumedActivity: ActivityRecord{1 u0 com.a/.B t1}"))
	f.Add(uint16(11), []byte(`{"recipes":[{"title":"T","servings":[]}],"names":"a, b","on":"maybe"}`), []byte(`{"dirs":{"/sdcard":[{"name":"x"}]}}`), []byte(`<gpx><trk><trkseg><trkpt lat="1" lon="2"/></trkseg></trk></gpx>`))
	fams := Families()
	f.Fuzz(func(t *testing.T, which uint16, params, snapshot, out []byte) {
		var p Params
		if json.Unmarshal(params, &p) != nil || p == nil {
			return
		}
		var before *Snapshot
		if len(snapshot) > 0 {
			dir := t.TempDir()
			if err := os.WriteFile(filepath.Join(dir, SnapshotFile), snapshot, 0o644); err != nil {
				t.Fatal(err)
			}
			before, _ = LoadSnapshot(dir)
		}
		fam := fams[int(which)%len(fams)]
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		r, err := Check(ctx, textDevice{out}, fam.Name, p, before)
		if err != nil {
			return
		}
		if r == nil || !(r.Reward >= 0 && r.Reward <= 1) {
			t.Fatalf("%s: result %+v", fam.Name, r)
		}
	})
}

// FuzzLoadSnapshot: any groundtruth-before.json loads or fails with one line naming the
// file, and what loads saves and loads back to equal rows.
func FuzzLoadSnapshot(f *testing.F) {
	f.Add([]byte(`{"task":"T","taken":"2025-01-01T00:00:00Z","tables":{"db#t":[{"id":1,"x":2.5,"s":"a","n":null}]},"files":{"/a":"x","/b":null},"dirs":{"/d":[{"name":"f","size":3,"mtime":9}]}}`))
	f.Add([]byte(`{"tables":{"a":[null]}}`))
	f.Add([]byte(`{"tables":{"a":[{"big":1e400,"neg":-0.0,"huge":123456789012345678901234567890,"nest":{"k":[1,2]}}]}}`))
	f.Add([]byte(`[]`))
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		path := filepath.Join(dir, SnapshotFile)
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := LoadSnapshot(dir)
		if err != nil {
			if strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), path) {
				t.Fatalf("error %q: want one line naming the file", err)
			}
			return
		}
		out := filepath.Join(dir, "again")
		if err := s.Save(out); err != nil {
			t.Fatalf("a loaded snapshot does not save: %v", err)
		}
		back, err := LoadSnapshot(out)
		if err != nil {
			t.Fatalf("a saved snapshot does not load: %v", err)
		}
		if len(back.Tables) != len(s.Tables) || len(back.Files) != len(s.Files) || len(back.Dirs) != len(s.Dirs) {
			t.Fatalf("round trip changed the snapshot: %+v -> %+v", s, back)
		}
		for k, rows := range s.Tables {
			got := back.Tables[k]
			if len(got) != len(rows) {
				t.Fatalf("table %s: %d rows, then %d", k, len(rows), len(got))
			}
			for i := range rows {
				if !rowsEqual(rows[i], got[i]) {
					t.Fatalf("table %s row %d: %v, then %v", k, i, rows[i], got[i])
				}
			}
		}
	})
}

// FuzzParseRowsText: rows rendered into goals (text blocks or pipe CSV) parse or fail,
// and every parsed row has the title column when it came from a text block.
func FuzzParseRowsText(f *testing.F) {
	f.Add("Expense: Movie Night\n amount_dollars: $290.81\n category_name: Entertainment\n\nExpense: B\n amount_dollars: 1\n", "name")
	f.Add("name|amount_dollars|note\nA|$1|x\nB|2|\n", "name")
	f.Add("Recipe: Soup\n  servings: 2\n  wrapped line\n", "title")
	f.Add(" : \n", "title")
	f.Fuzz(func(t *testing.T, s, titleKey string) {
		rows, err := parseRowsText(s, titleKey)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		for i, r := range rows {
			if r == nil {
				t.Fatalf("row %d is nil", i)
			}
		}
	})
}
