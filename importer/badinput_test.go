package importer

import (
	"bytes"
	"context"
	"image/color"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/evaltest"
	"github.com/autoeval/autoeval/internal/hostiletest"
	"github.com/autoeval/autoeval/internal/pickle"
)

// oneLineErr asserts err is a single line mentioning every want substring.
func oneLineErr(t *testing.T, err error, want ...string) {
	t.Helper()
	if err == nil {
		t.Fatalf("want an error mentioning %q, got nil", want)
	}
	msg := err.Error()
	if strings.Contains(msg, "\n") {
		t.Errorf("error spans several lines: %q", msg)
	}
	for _, w := range want {
		if !strings.Contains(msg, w) {
			t.Errorf("error %q does not mention %q", msg, w)
		}
	}
}

func TestBadInput(t *testing.T) {
	good := evaltest.PNG(t, 8, 8, color.White)
	t.Run("invalid episode JSON", func(t *testing.T) {
		p := filepath.Join(t.TempDir(), "ep.json")
		os.WriteFile(p, []byte(`{"goal": "x", "step_records": [}`), 0o644)
		_, err := Open(p)
		oneLineErr(t, err, p, "invalid episode JSON")
		os.WriteFile(p, []byte(`{"task_name": "x"}`), 0o644)
		_, err = Open(p)
		oneLineErr(t, err, p, "goal")
	})
	t.Run("empty folder", func(t *testing.T) {
		dir := t.TempDir()
		_, err := Open(dir)
		oneLineErr(t, err, dir, "no traces found")
		if _, err := OpenAll(dir); err == nil {
			t.Error("OpenAll of an empty folder must fail")
		}
	})
	t.Run("images without a task", func(t *testing.T) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string][]byte{"1.png": good})
		_, err := Open(dir)
		oneLineErr(t, err, dir, "no task file")
	})
	t.Run("empty task file", func(t *testing.T) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string][]byte{"1.png": good, "task.txt": []byte("  \n")})
		_, err := Open(dir)
		oneLineErr(t, err, "task.txt", "empty")
	})
	t.Run("duplicate frame numbers", func(t *testing.T) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string][]byte{"1.png": good, "01.png": good, "task.txt": []byte("x")})
		_, err := Open(dir)
		oneLineErr(t, err, "same number 1")
	})
	t.Run("missing path", func(t *testing.T) {
		_, err := Open(filepath.Join(t.TempDir(), "nope"))
		oneLineErr(t, err, "nope", "no such file")
	})
	t.Run("androidlab bad line", func(t *testing.T) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string][]byte{"traces/trace.jsonl": []byte("{\"target\":\"x\"}\n{oops\n")})
		_, err := Open(dir)
		oneLineErr(t, err, "trace.jsonl", "line 2", "invalid JSON")
	})
	t.Run("androidlab wrong field type", func(t *testing.T) {
		dir := t.TempDir()
		writeFiles(t, dir, map[string][]byte{"traces/trace.jsonl": []byte("{\"target\":\"x\"}\n{\"target\":\"x\",\"image\":[1]}\n")})
		_, err := Open(dir)
		oneLineErr(t, err, "trace.jsonl", "line 2", `cannot read JSON array as a string`, "(/image)")
	})
}

func TestBadCheckpoints(t *testing.T) {
	write := func(t *testing.T, data []byte, gz bool) string {
		dir := t.TempDir()
		if gz {
			p := filepath.Join(dir, "x.pkl.gz")
			writeGz(t, p, data)
			return p
		}
		p := filepath.Join(dir, "x.pkl.gz")
		os.WriteFile(p, data, 0o644)
		return p
	}
	cases := []struct {
		name string
		data []byte
		gz   bool
		want []string
	}{
		{"unknown class", newPK().global("os", "system").str("rm -rf /").tuple1().reduce().stop(), true, []string{"os.system", "allow-list"}},
		{"unknown class via STACK_GLOBAL", newPK().str("subprocess").str("call").op(0x93).stop(), true, []string{"subprocess.call", "allow-list"}},
		{"unknown opcode", append(newPK().list().Bytes(), 0xff, '.'), true, []string{"unknown opcode 0xff"}},
		{"hostile length", append(newPK().Bytes(), 0x8e, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f), true, []string{"truncated"}},
		{"no STOP", newPK().list().Bytes(), true, []string{"no STOP"}},
		{"not gzip", []byte("plain text"), false, []string{"not gzip"}},
		{"truncated gzip", nil, false, []string{"corrupt gzip"}},
		{"not a list of dicts", newPK().str("hello").stop(), true, []string{"holds a str"}},
		{"episode without goal", newPK().list().mark().dict().appends().stop(), true, []string{"episode 0", "no goal"}},
		{"empty list", newPK().list().stop(), true, []string{"no episodes"}},
		{"stack underflow", newPK().op('R').stop(), true, []string{"x.pkl.gz"}},
		{"self-referencing list", newPK().list().op('q', 0).op('h', 0).op('a').stop(), true, []string{"nests too deeply"}},
		{"object array", newPK().global("numpy.core.multiarray", "_reconstruct").global("numpy", "ndarray").int(0).tuple1().bytes([]byte("b")).tuple3().reduce().
			mark().int(1).mark().int(1).tuple().global("numpy", "dtype").str("O8").boolean(false).boolean(true).tuple3().reduce().boolean(false).list().tuple().build().stop(), true, []string{"not supported"}},
	}
	// A valid gzip stream cut short.
	var full bytes.Buffer
	{
		p := filepath.Join(t.TempDir(), "full.gz")
		writeGz(t, p, newPK().ckptEpisode("g", 1, shotBytes()).stop())
		b, _ := os.ReadFile(p)
		full.Write(b[:len(b)/2])
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			data := tc.data
			if tc.name == "truncated gzip" {
				data = full.Bytes()
			}
			p := write(t, data, tc.gz)
			_, err := Open(p)
			oneLineErr(t, err, append([]string{p}, tc.want...)...)
		})
	}
	t.Run("screenshot with wrong size", func(t *testing.T) {
		p := write(t, newPK().list().mark().ckptEpisode("g", 1, []byte{1, 2, 3}).appends().stop(), true)
		_, err := Open(p)
		oneLineErr(t, err, p, "does not match")
	})
}

func FuzzUnpickle(f *testing.F) {
	f.Add(newPK().list().mark().ckptEpisode("g", 1, shotBytes()).appends().stop())
	f.Add(newPK().datetime([]byte{7, 233, 1, 2, 3, 4, 5, 0, 0, 1}).stop())
	f.Add(newPK().global("os", "system").stop())
	f.Add([]byte{0x80, 4, 0x95, 0, 0, 0, 0, 0, 0, 0, 0, '.'})
	for _, seed := range hostiletest.Seeds(".pkl") {
		f.Add(seed)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		v, err := pickle.Decode(context.Background(), func() (io.ReadCloser, error) { return io.NopCloser(bytes.NewReader(data)), nil }, pickle.DefaultLimits)
		if err != nil {
			// The interpreter's panics are a bad file, told without their Go text.
			if strings.Contains(err.Error(), "runtime error") || strings.Contains(err.Error(), "goroutine") {
				t.Fatalf("error shows a panic: %v", err)
			}
			return
		}
		// Whatever loads must convert into traces without panicking.
		// and whatever converts must be writable as a native trace.json.
		convert := func(m map[string]any) {
			if tr, err := checkpointEpisode("f.pkl", 0, m); err == nil {
				savesNatively(t, tr)
			}
		}
		if m, ok := v.(map[string]any); ok {
			convert(m)
		}
		if l, ok := v.([]any); ok {
			for _, e := range l {
				if m, ok := e.(map[string]any); ok {
					convert(m)
				}
			}
		}
	})
}

// FuzzImportText feeds the text formats other tools write (an AndroidLab trace.jsonl, an
// AndroidWorld episode JSON) through Open: an error is one line naming the file, never a panic.
func FuzzImportText(f *testing.F) {
	f.Add(true, []byte(`{"trace_id":"a","image":"/x/Screen/0.png","xml":"ERROR","window":[1080,2400],"target":"t","parsed_action":{"operation":"do","action":"Tap","kwargs":{"element":[0,0,9,9]}}}`+"\n"))
	f.Add(true, []byte(`{"target":"t","image":"../../x.png","parsed_action":"finish"}`+"\n{"))
	f.Add(false, []byte(`{"goal":"g","task_complexity":NaN,"Goal":"G","params":{"x":-Infinity},"step_records":[]}`))
	f.Add(false, []byte(`{"goal":"g","task_name":"T","task_actually_successful":true,"agent_claimed_done":false,"step_records":[{"action":"{\"action_type\":\"click\",\"index\":0}","state":{"ui_elements":[{"text":"a","bbox_pixels":{"x_min":0,"x_max":1,"y_min":0,"y_max":1}}]}}]}`))
	f.Add(false, []byte(`{"goal":"g","step_records":[null,{"state":null}]}`))
	for _, seed := range hostiletest.Seeds(".json") {
		f.Add(false, seed)
	}
	f.Fuzz(func(t *testing.T, androidLab bool, data []byte) {
		dir := t.TempDir()
		path := filepath.Join(dir, "episode.json")
		if androidLab {
			path = filepath.Join(dir, "traces", "trace.jsonl")
			os.MkdirAll(filepath.Dir(path), 0o755)
		}
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		src := path
		if androidLab {
			src = dir
		}
		tr, err := Open(src)
		if err != nil {
			if strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), dir) {
				t.Fatalf("error %q: want one line naming the file", err)
			}
			return
		}
		savesNatively(t, tr)
	})
}
