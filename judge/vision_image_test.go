package judge

import (
	"context"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/trace"
)

// A screenshot that does not decode is refused by llm before anything is sent; the frame is
// skipped with the reason and the trace judged on (it failed the whole trace).
func TestUndecodableScreenshotSkipsItsFrame(t *testing.T) {
	whole := tinyPNG(t, 2)
	tr := &trace.Trace{Version: 1, Task: "Open the Clock app", Dir: t.TempDir(), Frames: []trace.Frame{
		{Index: 1, ImageData: whole[:len(whole)-20]}, // cut short
		{Index: 2, ImageData: whole},
	}}
	m := newHTTPModel(t, func(_ int, req llm.Request) (string, error) {
		if len(req.Images) > 0 {
			return `The Clock app (package deskclock) shows the "Alarm" tab.`, nil
		}
		return judgetest.Answer(judgetest.AskedIDs(req.Prompt), map[int]bool{0: strings.Contains(judgetest.Fenced(req.Prompt), "deskclock")}, ""), nil
	}, true)
	subs := judgetest.ClockSubs()
	subs.Nodes = subs.Nodes[:1]
	j, err := Run(context.Background(), Config{Kind: trace.JudgeLLM, Model: m.Model, Capture: CaptureVision}, tr, subs)
	if err != nil {
		t.Fatal(err)
	}
	if f := j.Frames[0]; !f.Skipped || !strings.Contains(f.SkipReason, "frame 1") || !strings.Contains(f.SkipReason, "does not decode") {
		t.Fatalf("frame 1 %+v: want skipped, saying its image does not decode", f)
	}
	if judgetest.SatisfiedAt(j)[0] != 2 {
		t.Fatalf("the good frame was not judged: %v", judgetest.SatisfiedAt(j))
	}
}
