package main

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/autoeval/autoeval/trace"
)

// skippedTrace writes a native trace of UI dumps below root: each frame's dump is the
// given text, or a named pipe for "FIFO".
func skippedTrace(t *testing.T, root, name string, dumps ...string) string {
	t.Helper()
	dir := filepath.Join(root, name)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var frames []string
	for i, d := range dumps {
		file := filepath.Join(dir, trace.FrameName(i+1)+".xml")
		frames = append(frames, `{"index":`+itoa(i+1)+`,"xml":"`+filepath.Base(file)+`"}`)
		if d == "FIFO" {
			if err := syscall.Mkfifo(file, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		judgeWriteFile(t, file, d)
	}
	judgeWriteFile(t, filepath.Join(dir, trace.ManifestName), `{"version":1,"task":"Open the Clock app","status":"completed","frames":[`+strings.Join(frames, ",")+`]}`)
	return dir
}

// judge says why frames were skipped, each reason once with the frames it struck, as the
// judgment's skip_reason records them: a trace none of whose frames could be described
// said only "none of the 4 frames could be described".
func TestJudgeSaysWhyFramesWereSkipped(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	root := filepath.Join(t.TempDir(), "runs")
	deep := `<?xml version="1.0"?><hierarchy>` + strings.Repeat(`<node text="x">`, 300) + strings.Repeat(`</node>`, 300) + `</hierarchy>`
	refused := skippedTrace(t, root, "refused", "FIFO", "FIFO", "FIFO", deep, "FIFO")
	clock := judgeXMLScreen("com.google.android.deskclock", "Alarm")
	partly := skippedTrace(t, root, "partly", "FIFO", clock)
	const why = "none of the 5 frames could be described (frames 1-3, 5: not a regular file (a named pipe); frame 4: the UI dump nests more than 256 elements deep (line 1))"

	code, out, errOut := evalCapture(t, "--db", db, "judge", "--trace", refused, "--out", filepath.Join(t.TempDir(), "j.json"))
	if code != 1 || !strings.Contains(out, "UNDETERMINED: the judge could not judge this trace: "+why) || !strings.Contains(errOut, why) ||
		strings.Contains(errOut, "--retries") {
		t.Fatalf("all refused: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = evalCapture(t, "--db", db, "judge", "--trace", partly, "--out", filepath.Join(t.TempDir(), "j.json"))
	if code != 0 || !strings.Contains(out, ", 1 skipped;") || !strings.Contains(out, "\nSkipped frame 1: not a regular file (a named pipe)\n") {
		t.Fatalf("one refused: exit %d\n%s\n%s", code, out, errOut)
	}
	code, out, errOut = evalCapture(t, "--db", db, "judge", "--traces", root, "--out", filepath.Join(t.TempDir(), "out"))
	if code != 1 || !strings.Contains(out, "1 trace undetermined: the judge could not judge them; left out of SCR and TCR:\n  refused: "+why+"\n") ||
		strings.Contains(out, "no usable model answer") {
		t.Fatalf("batch: exit %d\n%s\n%s", code, out, errOut)
	}
}
