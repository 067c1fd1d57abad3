package groundtruth

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Parameters, AndroidWorld's task metadata, snapshots and the AndroidWorld server's
// replies are read as their own tools read them (internal/strictjson): keys exactly,
// a key given twice an error. encoding/json matched "Number" to "number" and kept the
// last of two keys, so one file could say two things and be read as either.
func TestOutsideJSONReadStrictly(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	for _, c := range []struct{ name, text, err string }{
		{"twice.json", `{"number": "+15550001111", "message": "hi", "number": "+15559999999"}`, `"number" appears twice`},
		{"nested.json", `{"rows": [{"a": 1, "a": 2}]}`, `"a" appears twice`},
		{"list.json", `[1]`, "not a JSON object of task parameters"},
	} {
		if _, err := LoadParams(write(c.name, c.text)); err == nil || !strings.Contains(err.Error(), c.err) || !strings.Contains(err.Error(), c.name) {
			t.Errorf("%s: %v, want an error naming the file and %q", c.name, err, c.err)
		}
	}
	p, err := LoadParams(write("case.json", `{"Number": "+1", "number": "+15550001111", "score": NaN}`))
	if err != nil || p["number"] != "+15550001111" || p["Number"] != "+1" || p["score"] != nil {
		t.Errorf("keys read exactly, NaN as null: %v %v", p, err)
	}
	if _, err := LoadTemplates(write("meta.json", `[{"task_name": "A", "task_template": "x", "task_name": "B"}]`)); err == nil || !strings.Contains(err.Error(), "appears twice") {
		t.Errorf("task metadata with a key twice: %v", err)
	}
	if _, err := LoadTemplates(write("meta2.json", `[{"Task_Name": "A", "task_template": "x"}]`)); err == nil || !strings.Contains(err.Error(), "no tasks with a task_name") {
		t.Errorf("task metadata keyed Task_Name read as task_name: %v", err)
	}

	snapDir := filepath.Join(dir, "snap")
	os.Mkdir(snapDir, 0o755)
	os.WriteFile(filepath.Join(snapDir, SnapshotFile), []byte(`{"task": "T", "tables": {"db#t": [{"id": 9007199254740993, "x": 2.5, "s": "a", "n": null}]}, "Task": "U"}`), 0o644)
	s, err := LoadSnapshot(snapDir)
	if err != nil || s.Task != "T" || s.Tables["db#t"][0]["id"] != int64(9007199254740993) || s.Tables["db#t"][0]["x"] != 2.5 || s.Tables["db#t"][0]["n"] != nil {
		t.Errorf("snapshot: %+v %v (want task T, the id exact as int64)", s, err)
	}
	os.WriteFile(filepath.Join(snapDir, SnapshotFile), []byte(`{"task": "T", "tables": {"db#t": [{"id": 1, "id": 2}]}}`), 0o644)
	if _, err := LoadSnapshot(snapDir); err == nil || !strings.Contains(err.Error(), "appears twice") {
		t.Errorf("snapshot with a column twice: %v", err)
	}

	// The server's reply: "Score" is not "score", and a key twice is refused.
	for reply, want := range map[string]string{`{"Score": 1.0}`: "reply has no score", `{"score": 0.0, "score": 1.0}`: "appears twice", `{"score": NaN}`: "reply has no score"} {
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte(reply)) }))
		_, err := (&AndroidWorldClient{BaseURL: srv.URL}).Score(context.Background(), "T", 0)
		srv.Close()
		if err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("reply %s: %v, want %q", reply, err, want)
		}
	}
}

// The before snapshot is a file of a trace folder ('groundtruth --trace' reads it), so it is
// read as outside input: a named pipe there blocked the command forever, a link out of the
// folder was read, and nothing bounded its size.
func TestLoadSnapshotReadsOnlyARegularFileInside(t *testing.T) {
	outside := filepath.Join(t.TempDir(), "secret.json")
	if err := os.WriteFile(outside, []byte(`{"task":"T"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	for name, create := range map[string]func(path string) error{
		"named pipe":    func(p string) error { return syscall.Mkfifo(p, 0o644) },
		"link outside":  func(p string) error { return os.Symlink(outside, p) },
		"over the size": func(p string) error { return os.WriteFile(p, make([]byte, maxSnapshotBytes+1), 0o644) },
	} {
		dir := t.TempDir()
		path := filepath.Join(dir, SnapshotFile)
		if err := create(path); err != nil {
			t.Fatal(err)
		}
		done := make(chan error, 1)
		go func() { _, err := LoadSnapshot(dir); done <- err }()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), path) {
				t.Errorf("%s: %v, want an error naming %s", name, err, path)
			}
		case <-time.After(10 * time.Second):
			t.Fatalf("%s: LoadSnapshot blocked", name)
		}
	}
}
