package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"image"
	"image/color"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/importer"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/spf13/pflag"
)

// traceRun runs the CLI quietly.
func traceRun(t *testing.T, args ...string) (code int, stdout, stderr string) {
	t.Helper()
	return evalCapture(t, append([]string{"--quiet"}, args...)...)
}

func traceInfoJSON(t *testing.T, path string) []traceInfo {
	t.Helper()
	code, out, errOut := traceRun(t, "trace", "info", path, "--json")
	if code != 0 {
		t.Fatalf("trace info %s: exit %d: %s", path, code, errOut)
	}
	var many []traceInfo
	if strings.HasPrefix(strings.TrimSpace(out), "[") {
		if err := json.Unmarshal([]byte(out), &many); err != nil {
			t.Fatal(err)
		}
		return many
	}
	var one traceInfo
	if err := json.Unmarshal([]byte(out), &one); err != nil {
		t.Fatalf("%v in %s", err, out)
	}
	return []traceInfo{one}
}

// TestTraceInfoOnAllRealData checks `trace info` on every item of the shared data against
// facts read independently of the importers.
func TestTraceInfoOnAllRealData(t *testing.T) {
	t.Parallel()
	t.Run("llamatouch", func(t *testing.T) {
		root := testenv.SharedData(t, "traces/llamatouch")
		dirs, _ := filepath.Glob(filepath.Join(root, "trace_*"))
		if len(dirs) != 2 {
			t.Fatalf("%d llamatouch traces", len(dirs))
		}
		for _, d := range dirs {
			ti := traceInfoJSON(t, d)[0]
			instr, _ := os.ReadFile(filepath.Join(d, "instruction.txt"))
			lines := strings.Split(strings.TrimSpace(string(instr)), "\n")
			pngs, _ := filepath.Glob(filepath.Join(d, "*.png"))
			if ti.Task != strings.TrimSpace(lines[1]) || ti.FrameCount != len(pngs) || ti.Format != importer.FormatLlamaTouch || ti.GroundTruth != nil || ti.AgentClaimedDone != nil {
				t.Errorf("%s: %+v", d, ti)
			}
			for _, f := range ti.Frames {
				if f.Image == "" || f.XML == "" {
					t.Errorf("%s frame %d lacks image or XML", d, f.Index)
				}
			}
		}
		code, out, _ := traceRun(t, "trace", "info", root)
		if code != 0 || strings.Count(out, "trace:") != 2 || !strings.Contains(out, "delete location history") {
			t.Errorf("text info of the folder: exit %d\n%s", code, out)
		}
	})
	t.Run("episodes", func(t *testing.T) {
		root := testenv.SharedData(t, "episodes/androidworld-json")
		files, _ := filepath.Glob(filepath.Join(root, "*.json"))
		if len(files) != 12 {
			t.Fatalf("%d episode files", len(files))
		}
		for _, p := range files {
			var raw struct {
				Goal        string            `json:"goal"`
				TaskName    string            `json:"task_name"`
				Steps       []json.RawMessage `json:"step_records"`
				Success     bool              `json:"task_actually_successful"`
				ClaimedDone bool              `json:"agent_claimed_done"`
			}
			data, _ := os.ReadFile(p)
			if err := json.Unmarshal(data, &raw); err != nil {
				t.Fatal(err)
			}
			ti := traceInfoJSON(t, p)[0]
			if ti.Task != strings.TrimSpace(raw.Goal) || ti.TaskName != raw.TaskName || ti.FrameCount != len(raw.Steps)+1 {
				t.Errorf("%s: task %q name %q frames %d (steps %d)", p, ti.Task, ti.TaskName, ti.FrameCount, len(raw.Steps))
			}
			if ti.GroundTruth == nil || *ti.Success != raw.Success || ti.GroundTruth.Source != "androidworld:task_actually_successful" {
				t.Errorf("%s: ground truth %+v, want success=%v", p, ti.GroundTruth, raw.Success)
			}
			if ti.AgentClaimedDone == nil || *ti.AgentClaimedDone != raw.ClaimedDone {
				t.Errorf("%s: claim %v, want %v", p, ti.AgentClaimedDone, raw.ClaimedDone)
			}
			for _, f := range ti.Frames {
				if f.Elements == nil {
					t.Errorf("%s frame %d: no elements", p, f.Index)
				}
			}
		}
	})
	t.Run("checkpoints", func(t *testing.T) {
		root := testenv.SharedData(t, "checkpoints/androidworld-gbox")
		var want map[string][]struct {
			GoalSHA      string  `json:"goal_sha256"`
			IsSuccessful float64 `json:"is_successful"`
		}
		data, err := os.ReadFile(filepath.Join(testenv.RepoRoot(t), "importer", "testdata", "gbox_expected.json"))
		if err != nil {
			t.Fatal(err)
		}
		json.Unmarshal(data, &want)
		// One call over the whole folder: 116 files, one trace each.
		infos := traceInfoJSON(t, root)
		if len(infos) != 116 || len(want) != 116 {
			t.Fatalf("%d traces, %d expected", len(infos), len(want))
		}
		for _, ti := range infos {
			w := want[filepath.Base(ti.Path)]
			if len(w) != 1 {
				t.Fatalf("%s: no expectation", ti.Path)
			}
			sum := sha256.Sum256([]byte(ti.Task))
			if hex.EncodeToString(sum[:]) != w[0].GoalSHA {
				t.Errorf("%s: goal %q differs from Python's", ti.Path, ti.Task)
			}
			if ti.GroundTruth == nil || ti.GroundTruth.Reward != w[0].IsSuccessful || *ti.Success != (w[0].IsSuccessful >= 1) {
				t.Errorf("%s: ground truth %+v, want %v", ti.Path, ti.GroundTruth, w[0].IsSuccessful)
			}
		}
	})
}

func tracePNG(t *testing.T) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, 4, 4))
	img.Set(0, 0, color.White)
	f := filepath.Join(t.TempDir(), "x.png")
	fh, _ := os.Create(f)
	png.Encode(fh, img)
	fh.Close()
	b, _ := os.ReadFile(f)
	return b
}

func traceFolder(t *testing.T, dir, task string, n int) {
	t.Helper()
	os.MkdirAll(dir, 0o755)
	os.WriteFile(filepath.Join(dir, "task.txt"), []byte(task), 0o644)
	for i := 1; i <= n; i++ {
		os.WriteFile(filepath.Join(dir, filepath.Base(dir)+"_"+string(rune('0'+i))+".png"), tracePNG(t), 0o644)
	}
}

func TestTraceImportValidateInfo(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	src := filepath.Join(root, "src")
	traceFolder(t, filepath.Join(src, "a"), "Open Clock", 2)
	traceFolder(t, filepath.Join(src, "b"), "Set alarm", 3)
	out := filepath.Join(root, "out")

	code, stdout, stderr := traceRun(t, "trace", "import", src, "--out", out)
	if code != 0 || strings.Count(stdout, "wrote ") != 2 {
		t.Fatalf("import: exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, name := range []string{"a", "b"} {
		if _, err := os.Stat(filepath.Join(out, name, "trace.json")); err != nil {
			t.Errorf("no native trace for %s: %v", name, err)
		}
	}
	// Re-running resumes: nothing is written twice.
	code, stdout, _ = traceRun(t, "trace", "import", src, "--out", out)
	if code != 0 || strings.Count(stdout, "skipped ") != 2 {
		t.Errorf("second import: exit %d\n%s", code, stdout)
	}
	// A single trace goes to DIR itself.
	single := filepath.Join(root, "single")
	if code, stdout, stderr = traceRun(t, "trace", "import", filepath.Join(src, "a"), "--out", single); code != 0 {
		t.Fatalf("single import: %d %s %s", code, stdout, stderr)
	}
	// Another trace sent to the same DIR is not passed off as already imported.
	if code, stdout, stderr = traceRun(t, "trace", "import", filepath.Join(src, "b"), "--out", single); code != 1 || strings.Contains(stdout, "skipped") || !strings.Contains(stderr, "already holds a different trace") || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
		t.Errorf("different trace into the same --out: %d %q %q", code, stdout, stderr)
	}
	ti := traceInfoJSON(t, single)[0]
	if ti.Task != "Open Clock" || ti.FrameCount != 2 || ti.Frames[0].Image != "0001.png" || !strings.Contains(ti.Format, "folder") {
		t.Errorf("imported info %+v", ti)
	}
	code, stdout, _ = traceRun(t, "trace", "validate", out)
	if code != 0 || strings.Count(stdout, "ok ") != 2 {
		t.Errorf("validate: exit %d\n%s", code, stdout)
	}
	// Break one frame: validate names it and fails.
	os.WriteFile(filepath.Join(out, "b", "0002.png"), []byte("\x89PNG\r\n\x1a\n broken"), 0o644)
	os.Remove(filepath.Join(out, "b", "0003.png"))
	code, stdout, stderr = traceRun(t, "trace", "validate", out)
	if code != 1 || !strings.Contains(stdout, "FAIL b") || !strings.Contains(stdout, "0002.png") || !strings.Contains(stdout, "0003.png: file is missing") || !strings.Contains(stderr, "1 of 2 traces") {
		t.Errorf("validate broken: exit %d\n%s\n%s", code, stdout, stderr)
	}
	// Text info names what each frame carries.
	code, stdout, _ = traceRun(t, "trace", "info", filepath.Join(out, "a"))
	for _, want := range []string{"task:         Open Clock", "frames:       2", "0001.png", "ground truth: none", "agent claim:  not recorded"} {
		if code != 0 || !strings.Contains(stdout, want) {
			t.Errorf("info lacks %q:\n%s", want, stdout)
		}
	}
}

// cancelAfter cancels a context once n traces have been written: Ctrl-C midway.
type cancelAfter struct {
	n      int
	cancel func()
	strings.Builder
}

// WriteString shadows the Builder's, which io.WriteString would call past Write.
func (c *cancelAfter) WriteString(s string) (int, error) { return c.Write([]byte(s)) }

func (c *cancelAfter) Write(p []byte) (int, error) {
	if c.n -= strings.Count(string(p), "wrote "); c.n <= 0 {
		c.cancel()
	}
	return c.Builder.Write(p)
}

func TestTraceImportInterruptedResumes(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	src := filepath.Join(root, "src")
	for _, n := range []string{"a", "b", "c", "d"} {
		traceFolder(t, filepath.Join(src, n), "Task "+n, 2)
	}
	out := filepath.Join(root, "out")
	// A trace cut off by a kill mid-write: frames but no trace.json.
	os.MkdirAll(filepath.Join(out, "d"), 0o755)
	os.WriteFile(filepath.Join(out, "d", "0001.png"), []byte("half"), 0o644)
	os.WriteFile(filepath.Join(out, "d", "0002.png.tmp"), []byte("half"), 0o644)

	ctx, cancel := context.WithCancel(context.Background())
	w := &cancelAfter{n: 2, cancel: cancel}
	streams := NewIOStreams(w, io.Discard, false)
	streams.Quiet = true
	err := traceImportRun(ctx, &TraceImportOptions{IO: streams, Path: src, Out: out})
	var ec exitCoder
	if !errors.As(err, &ec) || ec.ExitCode() != 130 || !strings.Contains(err.Error(), "after 2 of 4") || strings.Count(w.String(), "wrote ") != 2 {
		t.Fatalf("interrupted import: %v\n%s", err, w.String())
	}
	code, stdout, stderr := traceRun(t, "trace", "import", src, "--out", out)
	if code != 0 || strings.Count(stdout, "skipped ") != 2 || strings.Count(stdout, "wrote ") != 2 {
		t.Fatalf("resumed import: exit %d\n%s\n%s", code, stdout, stderr)
	}
	if code, stdout, _ = traceRun(t, "trace", "validate", out); code != 0 || strings.Count(stdout, "ok ") != 4 {
		t.Errorf("validate after resume: exit %d\n%s", code, stdout)
	}
}

// --out inside PATH: a rerun skips what it wrote, rather than importing its own copies.
func TestTraceImportOutInsideSource(t *testing.T) {
	t.Parallel()
	src := t.TempDir()
	traceFolder(t, filepath.Join(src, "a"), "Open Clock", 2)
	out := filepath.Join(src, "imported")
	for run := 1; run <= 2; run++ {
		code, stdout, stderr := traceRun(t, "trace", "import", src, "--out", out)
		want := "wrote " + out + " "
		if run == 2 {
			want = "skipped " + out + ": already imported"
		}
		if code != 0 || strings.Count(stdout, "\n") != 1 || !strings.Contains(stdout, want) {
			t.Fatalf("run %d: exit %d\n%s\n%s", run, code, stdout, stderr)
		}
	}
	if code, _, stderr := traceRun(t, "trace", "import", out, "--out", out); code != 1 || !strings.Contains(stderr, "nothing to import") {
		t.Errorf("PATH = --out: exit %d, %q", code, stderr)
	}
}

func TestTraceCommandErrors(t *testing.T) {
	t.Parallel()
	empty := t.TempDir()
	badJSON := filepath.Join(empty, "badjson")
	os.WriteFile(filepath.Join(badJSON, "trace.json"), []byte(`{"version":1,"task":"x","frames":[`), 0o644)
	for _, args := range [][]string{
		{"trace", "info", empty},
		{"trace", "validate", filepath.Join(empty, "missing")},
		{"trace", "import", empty, "--out", filepath.Join(empty, "o")},
	} {
		code, _, stderr := traceRun(t, args...)
		if code == 0 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || !strings.Contains(stderr, empty) {
			t.Errorf("%v: exit %d, stderr %q: want one line naming the path", args, code, stderr)
		}
	}
	// One unreadable trace: its error alone, not a summary line after it.
	os.MkdirAll(badJSON, 0o755)
	os.WriteFile(filepath.Join(badJSON, "trace.json"), []byte(`{"version":1,"task":"x","frames":[`), 0o644)
	if code, _, stderr := traceRun(t, "trace", "info", badJSON); code != 1 || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || !strings.Contains(stderr, "trace.json: invalid JSON") {
		t.Errorf("info on bad trace.json: exit %d, stderr %q", code, stderr)
	}
	if code, _, stderr := traceRun(t, "trace", "import", empty); code != 2 || !strings.Contains(stderr, "--out") {
		t.Errorf("import without --out: %d %q", code, stderr)
	}
}

func TestTraceHelpExplainsEveryFlag(t *testing.T) {
	t.Parallel()
	root := testRoot()
	for _, name := range []string{"info", "validate", "import"} {
		cmd, _, err := root.Find([]string{"trace", name})
		if err != nil {
			t.Fatal(err)
		}
		if cmd.Long == "" || cmd.Example == "" {
			t.Errorf("trace %s: no long help or example", name)
		}
		cmd.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if len(f.Usage) < 15 {
				t.Errorf("trace %s --%s: usage %q explains too little", name, f.Name, f.Usage)
			}
		})
	}
}
