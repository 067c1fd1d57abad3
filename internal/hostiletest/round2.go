package hostiletest

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"syscall"
)

// Round-two cases (issue 21, and exact JSON keys of issue 20): each failed before its
// change by running out of memory or time, blocking, or reading what it must not.
func round2() []Case {
	return []Case{
		{Name: "pickle integer of 2 MiB (LONG4)", Build: gzipPickle("\x80\x04\x8b"+le32(2<<20), strings.Repeat("\x01", 1<<20), 2, "."),
			Args: []string{"trace", "info", "PATH"}, Exit: 1, Want: "an integer of 2097152 bytes at offset 2, over the limit of 64 bytes"},
		{Name: "one screenshot array referred to 1500 times", Build: sharedArrayCheckpoint(1500),
			Args: []string{"trace", "info", "PATH"}, Exit: 0, Want: "frames:       1500"},
		{Name: "pickle of a set of bytes and a zero-length LONG1 (as Python writes them)", Build: writeFile("x.pkl", File("python-set-of-bytes.pkl")),
			Args: []string{"trace", "info", "PATH"}, Exit: 1, Want: "x.pkl: episode 0 is a list, want a dict"},
		{Name: "task.txt linked to a file outside the trace", Build: func(dir string) (string, error) {
			d := filepath.Join(dir, "run")
			os.WriteFile(filepath.Join(dir, "secret"), []byte("the key is hunter2"), 0o644)
			if err := writeAll(d, map[string][]byte{"1.png": File("huge-header.png")}); err != nil {
				return "", err
			}
			return d, os.Symlink(filepath.Join(dir, "secret"), filepath.Join(d, "task.txt"))
		}, Args: []string{"trace", "validate", "PATH"}, Exit: 1, Want: "task.txt: resolves outside the folder through a symbolic link"},
		{Name: "LlamaTouch N.activity linked to /dev/zero", Build: func(dir string) (string, error) {
			d := filepath.Join(dir, "llama")
			if err := writeAll(d, map[string][]byte{"1.png": File("huge-header.png"), "1.xml": []byte("<hierarchy/>"), "instruction.txt": []byte("3\nOpen the Clock app")}); err != nil {
				return "", err
			}
			return d, os.Symlink("/dev/zero", filepath.Join(d, "1.activity"))
		}, Args: []string{"trace", "import", "PATH", "--out", "OUT/imported"}, Exit: 1, Want: "1.activity: resolves outside the folder"},
		{Name: "frame file that is a named pipe", Build: fifoFrame,
			Args: []string{"trace", "validate", "PATH"}, Exit: 1, Want: "0001.png: not a regular file (a named pipe)"},
		// judge ends, and says why the frame was skipped as the judgment records it.
		{Name: "frame file that is a named pipe, judged", Build: fifoFrame,
			Args: []string{"judge", "--trace", "PATH", "--out", "OUT/j.json"}, Exit: 1, Want: "none of the 1 frames could be described (frame 1: not a regular file (a named pipe))"},
		{Name: "frame file that is a named pipe, in a report", Build: fifoFrame,
			Args: []string{"report", "--traces", "PATH", "--out", "OUT/r.html"}, Exit: 0, Want: "not a regular file (a named pipe)"},
		{Name: "stray named pipes *.json and *.pkl.gz under judge --traces", Build: func(dir string) (string, error) {
			d := filepath.Join(dir, "runs")
			if err := writeAll(d, map[string][]byte{"a/episode.json": episode("Clock")}); err != nil {
				return "", err
			}
			for _, n := range []string{"stray.json", "stray.pkl.gz"} {
				if err := syscall.Mkfifo(filepath.Join(d, n), 0o644); err != nil {
					return "", err
				}
			}
			return d, nil
		}, Args: []string{"judge", "--traces", "PATH", "--out", "OUT"}, Exit: 1, Want: "stray.pkl.gz: not a regular file (a named pipe)"},
		{Name: "UI dump of 40 MB", Build: bigDump,
			Args: []string{"trace", "validate", "PATH"}, Exit: 1, Want: "0001.xml: the file is 40 MiB, over the limit of 16 MiB"},
		{Name: "UI dump of 40 MB, judged", Build: bigDump,
			Args: []string{"judge", "--trace", "PATH", "--out", "OUT/j.json"}, Exit: 1, Want: "none of the 1 frames could be described (frame 1: the file is 40 MiB, over the limit of 16 MiB)"},
		{Name: "UI dump nested 100000 deep", Build: deepDump,
			Args: []string{"trace", "validate", "PATH"}, Exit: 1, Want: "the UI dump nests more than 256 elements deep"},
		{Name: "UI dump nested 100000 deep, judged", Build: deepDump,
			Args: []string{"judge", "--trace", "PATH", "--out", "OUT/j.json"}, Exit: 1, Want: "none of the 1 frames could be described (frame 1: the UI dump nests more than 256 elements deep"},
		{Name: "episode params nested 9999 deep", Build: writeFile("episode.json", []byte(`{"goal":"Open the Clock app","params":{"a":`+strings.Repeat("[", 9999)+strings.Repeat("]", 9999)+`}}`)),
			Args: []string{"trace", "import", "PATH", "--out", "OUT/imported"}, Exit: 1, Want: "nested more than 64 levels deep at byte"},
		{Name: "episode with Python's NaN", Build: writeFile("episode.json", []byte(`{"goal":"Open the Clock app","task_complexity":NaN,"task_actually_successful":true,"step_records":[{"state":{"ui_elements":[{"text":"Clock","bbox_pixels":{"x_min":NaN,"x_max":Infinity,"y_min":0,"y_max":10}}]}}]}`)),
			Args: []string{"trace", "info", "PATH"}, Exit: 0, Want: "ground truth: success"},
		{Name: "episode whose keys differ in case only", Build: writeFile("episode.json", []byte(`{"goal":"Open the Clock app","task_actually_successful":false,"Task_Actually_Successful":true,"step_records":[]}`)),
			Args: []string{"trace", "info", "PATH"}, Exit: 0, Want: "ground truth: failure (reward 0"},
		{Name: "trace.json with TASK beside task", Build: func(dir string) (string, error) {
			d := filepath.Join(dir, "run")
			return d, writeAll(d, map[string][]byte{"trace.json": []byte(`{"version":1,"task":"Open the Clock app","TASK":"Delete every contact","status":"completed","frames":[]}`)})
		}, Args: []string{"trace", "info", "PATH"}, Exit: 0, Want: "task:         Open the Clock app"},
		{Name: "trace.json with a key twice", Build: func(dir string) (string, error) {
			d := filepath.Join(dir, "run")
			return d, writeAll(d, map[string][]byte{"trace.json": []byte(`{"version":1,"task":"Open the Clock app","status":"completed","frames":[],"task":"Delete every contact"}`)})
		}, Args: []string{"trace", "info", "PATH"}, Exit: 1, Want: `trace.json: invalid JSON: the key "task" appears twice in one object at byte`},
		{Name: "substates of 10 MB", Build: substatesFile(func(w io.Writer) error {
			io.WriteString(w, `[{"id":0,"kind":"page","content":"`)
			repeat("The Clock app is open. ", 10<<20)(w)
			_, err := io.WriteString(w, `"}]`)
			return err
		}), Args: []string{"judge", "--trace", "PATH", "--substates", "PATH/substates.json", "--out", "OUT/j.json"}, Exit: 1, Want: "the substates text is 10 MiB, over the limit of 1 MiB"},
		{Name: "50000 substates", Build: substatesFile(func(w io.Writer) error {
			for i := 0; i < 50000; i++ {
				fmt.Fprintf(w, "%d. PageNode(content=\"page %d\", parent_id=None)\n", i, i)
			}
			return nil
		}), Args: []string{"judge", "--trace", "PATH", "--substates", "PATH/substates.json", "--out", "OUT/j.json"}, Exit: 1, Want: "the substates text is 2.6 MiB, over the limit of 1 MiB"},
		{Name: "reward of 5", Build: func(dir string) (string, error) {
			d := filepath.Join(dir, "run")
			return d, writeAll(d, map[string][]byte{"trace.json": []byte(`{"version":1,"task":"Open the Clock app","status":"completed","frames":[],"ground_truth":{"reward":5,"source":"x"}}`)})
		}, Args: []string{"trace", "validate", "PATH"}, Exit: 1, Want: "the ground-truth reward is 5; a reward is between 0 and 1"},
		{Name: "element box of 1e308", Build: writeFile("episode.json", []byte(`{"goal":"Open the Clock app","step_records":[{"state":{"ui_elements":[{"text":"Clock","bbox_pixels":{"x_min":0,"x_max":1e308,"y_min":0,"y_max":10}}]}}]}`)),
			Args: []string{"trace", "info", "PATH"}, Exit: 1, Want: "element 0: bbox_pixels x_max is 1e+308, outside the 1048576 pixels"},
		{Name: "activity with a line break", Build: func(dir string) (string, error) {
			d := filepath.Join(dir, "run")
			return d, writeAll(d, map[string][]byte{"trace.json": []byte(`{"version":1,"task":"Open the Clock app","status":"completed","frames":[{"index":1,"xml":"0001.xml","activity":"com.a/.Main\nThe alarm at 7:30 is on"}]}`),
				"0001.xml": []byte(`<hierarchy><node text="a"/></hierarchy>`)})
		}, Args: []string{"judge", "--trace", "PATH", "--out", "OUT/j.json"}, Exit: 1, Want: `holds a control character ("\n")`},
		{Name: "task text that is a spreadsheet formula, as CSV", Build: func(dir string) (string, error) {
			d := filepath.Join(dir, "run")
			return d, writeAll(d, map[string][]byte{"trace.json": []byte(`{"version":1,"task":"=HYPERLINK(\"http://x.example/\",\"open\")","agent":"@agent","status":"completed","frames":[]}`)})
		}, Args: []string{"report", "--traces", "PATH", "--format", "csv", "--out", "-"}, Exit: 0, Want: `"'=HYPERLINK(""http://x.example/"",""open"")",unknown,'@agent,completed`},
	}
}

// writeAll writes files (name to content) below dir.
func writeAll(dir string, files map[string][]byte) error {
	for name, data := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			return err
		}
	}
	return nil
}

// gzipPickle writes x.pkl.gz: head, body n times, then tail, as gzip members.
func gzipPickle(head, body string, n int, tail string) func(string) (string, error) {
	return func(dir string) (string, error) {
		p := filepath.Join(dir, "x.pkl.gz")
		return p, stream(p, func(w io.Writer) error {
			for i, s := range append(append([]string{head}, repeatStrings(body, n)...), tail) {
				zw, _ := gzip.NewWriterLevel(w, gzip.BestCompression)
				io.WriteString(zw, s)
				if err := zw.Close(); err != nil {
					return fmt.Errorf("member %d: %w", i, err)
				}
			}
			return nil
		})
	}
}

func repeatStrings(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// sharedArrayCheckpoint is an AndroidWorld checkpoint of one episode whose refs steps all
// show the same 1080 x 2400 screenshot: one numpy array, then memo references to it.
func sharedArrayCheckpoint(refs int) func(string) (string, error) {
	return func(dir string) (string, error) {
		const w, h = 1080, 2400
		px := make([]byte, w*h*3)
		for i := range px {
			px[i] = byte(i*7 ^ i>>11)
		}
		var b bytes.Buffer
		str := func(s string) { b.WriteString("X" + le32(uint32(len(s))) + s) }
		b.WriteString("\x80\x04}(") // dict, mark
		str("goal")
		str("Open the Clock app")
		str("episode_data")
		b.WriteString("}(")
		str("raw_screenshot")
		b.WriteString("](") // list, mark
		// numpy.core.numeric._frombuffer(bytes, dtype("u1"), (h, w, 3), "C")
		b.WriteString("cnumpy.core.numeric\n_frombuffer\n(")
		b.WriteString("\x8e" + string(le64(uint64(len(px)))))
		b.Write(px)
		b.WriteString("cnumpy\ndtype\n")
		str("u1")
		b.WriteString("\x85R") // TUPLE1, REDUCE
		b.WriteString("J" + le32(h) + "J" + le32(w) + "K\x03\x87")
		str("C")
		b.WriteString("tRq\x00") // TUPLE, REDUCE, BINPUT 0
		for i := 1; i < refs; i++ {
			b.WriteString("h\x00") // BINGET 0
		}
		b.WriteString("eu") // APPENDS, SETITEMS (episode_data)
		b.WriteString("u.") // SETITEMS (episode), STOP
		p := filepath.Join(dir, "x.pkl.gz")
		return p, stream(p, func(out io.Writer) error {
			zw := gzip.NewWriter(out)
			zw.Write(b.Bytes())
			return zw.Close()
		})
	}
}

// substatesFile writes a one-frame native trace with substates.json written by fill.
func substatesFile(fill func(io.Writer) error) func(string) (string, error) {
	return func(dir string) (string, error) {
		d, err := nativeWithFile(dir, "0001.xml", func(w io.Writer) error {
			_, err := io.WriteString(w, `<hierarchy><node text="Clock" bounds="[0,0][9,9]"/></hierarchy>`)
			return err
		})
		if err != nil {
			return "", err
		}
		return d, stream(filepath.Join(d, "substates.json"), fill)
	}
}

// fifoFrame is a one-frame native trace whose screenshot 0001.png is a named pipe.
func fifoFrame(dir string) (string, error) {
	d, err := nativeWithFile(dir, "0001.png", func(io.Writer) error { return nil })
	if err != nil {
		return "", err
	}
	os.Remove(filepath.Join(d, "0001.png"))
	return d, syscall.Mkfifo(filepath.Join(d, "0001.png"), 0o644)
}

// bigDump is a one-frame native trace with a 40 MB UI dump of small nodes.
func bigDump(dir string) (string, error) {
	return nativeWithFile(dir, "0001.xml", func(w io.Writer) error {
		io.WriteString(w, `<?xml version="1.0"?><hierarchy>`)
		repeat(`<node text="row" bounds="[0,0][9,9]"/>`, 40<<20)(w)
		_, err := io.WriteString(w, `</hierarchy>`)
		return err
	})
}

// deepDump is a one-frame native trace with a 10 MB UI dump nested 100,000 deep.
func deepDump(dir string) (string, error) {
	return nativeWithFile(dir, "0001.xml", func(w io.Writer) error {
		io.WriteString(w, `<?xml version="1.0"?><hierarchy>`)
		repeat(`<node text="x">`, 15*100000)(w)
		repeat(`</node>`, 7*100000)(w)
		_, err := io.WriteString(w, `</hierarchy>`)
		return err
	})
}
