package importer

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Python reads this episode as a failure: "Task_Actually_Successful" is another key. So
// must the importer, which matched keys without case and imported a success.
func TestEpisodeKeysMatchExactly(t *testing.T) {
	p := filepath.Join(t.TempDir(), "ep.json")
	os.WriteFile(p, []byte(`{"goal":"Open the Clock app","task_actually_successful":false,"Task_Actually_Successful":true,"GOAL":"Delete all files"}`), 0o644)
	tr, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	if tr.GroundTruth == nil || tr.GroundTruth.Success() || tr.Task != "Open the Clock app" {
		t.Errorf("ground truth %+v, task %q: want a failure of the lower-case keys", tr.GroundTruth, tr.Task)
	}
	os.WriteFile(p, []byte(`{"goal":"Open the Clock app","task_actually_successful":false,"task_actually_successful":true}`), 0o644)
	_, err = Open(p)
	if err == nil || !strings.Contains(err.Error(), p+": invalid episode JSON: the key \"task_actually_successful\" appears twice") {
		t.Errorf("duplicate key: %v", err)
	}
}

// json.dump writes NaN for a float('nan') by default: the episode is read, NaN as null.
func TestEpisodeWithPythonNaN(t *testing.T) {
	p := filepath.Join(t.TempDir(), "ep.json")
	os.WriteFile(p, []byte(`{"goal":"Open the Clock app","task_complexity":NaN,"evaluation_timestamp":Infinity,"task_actually_successful":true,`+
		`"params":{"x":-Infinity},"step_records":[{"state":{"ui_elements":[{"text":"Clock","bbox_pixels":{"x_min":NaN,"x_max":10,"y_min":0,"y_max":10}}]}}]}`), 0o644)
	tr, err := Open(p)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := tr.Metadata["task_complexity"]; ok || tr.Params["x"] != nil || !tr.GroundTruth.Success() {
		t.Errorf("metadata %v params %v ground truth %+v", tr.Metadata, tr.Params, tr.GroundTruth)
	}
	savesNatively(t, tr)
}

// An episode with parameters nested 9,999 deep imported to a 200 MB trace.json.
func TestEpisodeNestingBounded(t *testing.T) {
	p := filepath.Join(t.TempDir(), "ep.json")
	os.WriteFile(p, []byte(`{"goal":"g","params":{"a":`+strings.Repeat("[", 9999)+strings.Repeat("]", 9999)+`}}`), 0o644)
	_, err := Open(p)
	if err == nil || !strings.Contains(err.Error(), "nested more than 64 levels deep") {
		t.Errorf("got %v", err)
	}
}

// Files a recording holds are read only inside its folder and only when regular.
func TestRecordingFilesStayInside(t *testing.T) {
	root := t.TempDir()
	secret := filepath.Join(root, "secret.txt")
	os.WriteFile(secret, []byte("the key"), 0o644)
	png := []byte("\x89PNG\r\n\x1a\n")

	t.Run("folder task.txt", func(t *testing.T) {
		dir := filepath.Join(root, "folder")
		writeFiles(t, dir, map[string][]byte{"1.png": png})
		os.Symlink(secret, filepath.Join(dir, "task.txt"))
		_, err := Open(dir)
		if err == nil || !strings.Contains(err.Error(), "task.txt: resolves outside the folder through a symbolic link") {
			t.Errorf("got %v", err)
		}
	})
	for _, side := range []string{"1.activity", "1.ess"} {
		t.Run("llamatouch "+side, func(t *testing.T) {
			dir := filepath.Join(root, "llama-"+side)
			writeFiles(t, dir, map[string][]byte{"1.png": png, "1.xml": []byte("<hierarchy/>"), "instruction.txt": []byte("7\nOpen the Clock app")})
			os.Symlink(secret, filepath.Join(dir, side))
			_, err := Open(dir)
			if err == nil || !strings.Contains(err.Error(), side+": resolves outside the folder") {
				t.Errorf("got %v", err)
			}
			os.Remove(filepath.Join(dir, side))
			os.Symlink("/dev/zero", filepath.Join(dir, side))
			if _, err := Open(dir); err == nil {
				t.Error("a link to /dev/zero was read")
			}
		})
	}
}

// A stray named pipe called *.json or *.pkl.gz below a batch's root is skipped or
// refused, never opened for reading (which waits for a writer forever).
func TestNamedPipesInABatch(t *testing.T) {
	root := t.TempDir()
	writeFiles(t, root, map[string][]byte{"a/ep.json": []byte(`{"goal":"Open the Clock app","step_records":[]}`)})
	for _, n := range []string{"b.json", "c.pkl.gz"} {
		if err := syscall.Mkfifo(filepath.Join(root, n), 0o644); err != nil {
			t.Skipf("no named pipes: %v", err)
		}
	}
	done := make(chan []OpenedSource, 1)
	go func() {
		s, err := OpenEach(root)
		if err != nil {
			t.Error(err)
		}
		done <- s
	}()
	select {
	case sources := <-done:
		var got []string
		for _, s := range sources {
			msg := "ok"
			if s.Err != nil {
				msg = s.Err.Error()
			}
			got = append(got, filepath.Base(s.Path)+": "+msg)
		}
		want := []string{"ep.json: ok", "c.pkl.gz: " + filepath.Join(root, "c.pkl.gz") + ": not a regular file (a named pipe)"}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	case <-time.After(20 * time.Second):
		t.Fatal("OpenEach blocked on a named pipe")
	}
}

// One screenshot array referred to by every step is encoded once: a 1.4 MB checkpoint of
// 600 references to one array took 2.2 GB as 600 PNGs, 1,500 ran out of memory.
func TestSharedScreenshotEncodedOnce(t *testing.T) {
	const refs = 50
	p := newPK().dict().mark().key("goal").str("Open the Clock app").key("episode_data").dict().mark()
	p.key("raw_screenshot").list().mark().ndarrayU8([]int32{2, 3, 3}, shotBytes()).op('q', 0) // BINPUT 0
	for i := 1; i < refs; i++ {
		p.op('h', 0) // BINGET 0
	}
	data := p.appends().setitems().setitems().stop()
	path := filepath.Join(t.TempDir(), "x.pkl")
	os.WriteFile(path, data, 0o644)
	tr, err := Open(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(tr.Frames) != refs {
		t.Fatalf("%d frames", len(tr.Frames))
	}
	for _, f := range tr.Frames[1:] {
		if len(f.ImageData) == 0 || &f.ImageData[0] != &tr.Frames[0].ImageData[0] {
			t.Fatalf("frame %d has a PNG of its own: the shared array was encoded again", f.Index)
		}
	}
}
