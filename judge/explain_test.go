package judge

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/storetest"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/trace"
)

// Each frame records what it was described from, and the tree counts the sources.
func TestFrameSourceRecorded(t *testing.T) {
	s := judgetest.ClockScreens()
	tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, s[0], s[1])
	tr.Frames = append(tr.Frames,
		trace.Frame{Index: 3, ElementsData: []trace.UIElement{{Text: "Alarm", PackageName: "com.google.android.deskclock"}}},
		trace.Frame{Index: 4, ImageData: tinyPNG(t, 4)},
		trace.Frame{Index: 5}, // nothing to describe: skipped, no source
	)
	m := &judgetest.Model{Handler: func(_ int, req llm.Request) (string, error) {
		if req.Purpose == "capture" {
			return "A settings screen.", nil
		}
		return judgetest.Answer(judgetest.AskedIDs(req.Prompt), nil, ""), nil
	}}
	j, err := Run(context.Background(), Config{Kind: trace.JudgeLLM, Model: m, Capture: CaptureAuto}, tr, judgetest.ClockSubs())
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range j.Frames {
		got = append(got, f.Source)
	}
	if want := []string{"xml", "xml", "elements", "vision", ""}; !reflect.DeepEqual(got, want) {
		t.Fatalf("frame sources %q, want %q", got, want)
	}
	var b bytes.Buffer
	WriteTree(&b, j)
	if !strings.Contains(b.String(), "described from xml 2, elements 1, vision 1") {
		t.Fatalf("tree does not count the sources:\n%s", b.String())
	}

	// --capture both on a frame with UI XML and a screenshot describes it from both.
	both := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, s[2])
	both.Frames[0].ImageData = tinyPNG(t, 1)
	j, err = Run(context.Background(), Config{Kind: trace.JudgeLLM, Model: m, Capture: CaptureBoth}, both, judgetest.ClockSubs())
	if err != nil {
		t.Fatal(err)
	}
	if j.Frames[0].Source != CaptureBoth {
		t.Fatalf("capture both: source %q", j.Frames[0].Source)
	}
}

// perFrameAnalysis answers with an analysis naming the frame, so tests can tell which
// frame's words ended up in the judgment. Substate 3 (the switch) is never true.
func perFrameAnalysis(req llm.Request) string {
	d := judgetest.Fenced(req.Prompt)
	tr := map[int]bool{}
	clock := strings.Contains(d, "deskclock")
	alarm := clock && strings.Contains(d, `"Alarm"`)
	tr[0], tr[1], tr[2] = clock, alarm, alarm && strings.Contains(d, `"7:30 AM"`)
	out := judgetest.Answer(judgetest.AskedIDs(req.Prompt), tr, "")
	// One distinct analysis per screen: the number of elements on it.
	return strings.ReplaceAll(out, "scripted analysis", fmt.Sprintf("seen %d lines", strings.Count(d, "\n- ")))
}

func TestUnsatisfiedKeepsLastAnalysis(t *testing.T) {
	s := judgetest.ClockScreens()
	screens := []string{s[0], s[1], s[2], s[0]} // the alarm is never switched on
	tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, screens...)
	m := &judgetest.Model{Handler: func(_ int, req llm.Request) (string, error) { return perFrameAnalysis(req), nil }}
	j, err := Run(context.Background(), llmConfig(m), tr, judgetest.ClockSubs())
	if err != nil {
		t.Fatal(err)
	}
	// Frame 4 is the launcher again (3 lines): the last word on substate 3.
	if got := j.Substates[3].Analysis; got != LastSeenPrefix+"4: seen 3 lines" {
		t.Fatalf("unsatisfied substate analysis %q", got)
	}
	// A satisfied substate keeps the analysis of the frame that satisfied it (frame 3).
	if got := j.Substates[2]; !got.Satisfied || got.Analysis != "seen 3 lines" || *got.Frame != 3 {
		t.Fatalf("satisfied substate %+v", got)
	}
	if got := j.Substates[0].Analysis; got != "seen 2 lines" {
		t.Fatalf("substate 0 analysis %q, want frame 2's", got)
	}
	var b bytes.Buffer
	WriteTree(&b, j)
	if !strings.Contains(b.String(), "    ✗ 3 unit: The 7:30 AM alarm is switched on  [not reached]\n        ↳ last seen at frame 4: seen 3 lines\n") {
		t.Fatalf("tree lacks the why line under the ✗ row:\n%s", b.String())
	}
}

func TestTreeClipsLongAnalysis(t *testing.T) {
	long := LastSeenPrefix + "2: " + strings.Repeat("word ", 100) + "\nsecond line"
	j := &trace.Judgment{Task: "x", Judge: trace.JudgeInfo{Kind: trace.JudgeLLM, Model: "m"},
		Substates: []trace.SubstateResult{{Node: judgetest.ClockSubs().Nodes[0], Analysis: long}}}
	var b bytes.Buffer
	WriteTree(&b, j)
	lines := strings.Split(b.String(), "\n")
	var why string
	for _, l := range lines {
		if strings.Contains(l, "↳") {
			why = l
		}
	}
	if why == "" || !strings.HasSuffix(why, "…") || len([]rune(why)) > treeAnalysisWidth+10 || strings.Contains(b.String(), "second line") {
		t.Fatalf("why line not one clipped line: %q", why)
	}
}

// A run killed midway and resumed ends with the same judgment, reasons for failure included.
func TestResumeKeepsLastAnalysis(t *testing.T) {
	ctx := context.Background()
	s := judgetest.ClockScreens()
	// Frame 5 repeats frame 4, so it costs no call: the last word on the unsatisfied
	// substate 3 is frame 4's, said before the kill, and only saved progress can keep it.
	screens := []string{s[0], s[1], s[2], s[1], s[1]}
	tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, screens...)
	ref := &judgetest.Model{Handler: func(_ int, req llm.Request) (string, error) { return perFrameAnalysis(req), nil }}
	want, err := Run(ctx, llmConfig(ref), tr, judgetest.ClockSubs())
	if err != nil {
		t.Fatal(err)
	}
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "a.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	m := &judgetest.Model{Handler: func(_ int, req llm.Request) (string, error) { return perFrameAnalysis(req), nil }}
	kctx, kill := context.WithCancel(ctx)
	cfg := llmConfig(m)
	cfg.Store = db
	cfg.OnFrame = func(f trace.FrameResult) {
		if f.Index == 4 {
			kill()
		}
	}
	if _, err := Run(kctx, cfg, tr, judgetest.ClockSubs()); !errors.Is(err, context.Canceled) {
		t.Fatalf("killed run: %v", err)
	}
	cfg.OnFrame = nil
	got, err := Run(ctx, cfg, tr, judgetest.ClockSubs())
	if err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(got.Substates, want.Substates) || !reflect.DeepEqual(got.Frames, want.Frames) {
		t.Fatalf("resumed judgment differs:\n got %+v\nwant %+v", got.Substates, want.Substates)
	}
	if got.Substates[3].Analysis != LastSeenPrefix+"4: seen 2 lines" || got.Frames[4].SameAs == nil {
		t.Fatalf("resumed: unsatisfied substate has no reason: %+v", got.Substates[3])
	}
	var row string
	if err := storetest.SQL(t, db.Path).QueryRow(`SELECT analysis FROM judgments WHERE substate_id=3`).Scan(&row); err != nil || row != got.Substates[3].Analysis {
		t.Fatalf("stored analysis %q (%v)", row, err)
	}
}
