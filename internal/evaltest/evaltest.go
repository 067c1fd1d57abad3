// Package evaltest writes small hand-made trace directories with judgments for tests of
// eval, report and the CLI. Test support only: no product code imports it.
package evaltest

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// Case is one hand-made trace: its truth, the agent's claim and the heuristic judge's verdicts.
type Case struct {
	Name             string
	TaskName         string
	Agent            string
	Reward           float64
	Claim            *bool
	Complete         bool
	CompleteRequired bool
	// Satisfied lists, per substate (ids 1..len), whether the judge reached it.
	Satisfied []bool
	// Optional marks substates (by position) as optional.
	Optional []bool
	Cost     float64
	// Uncached is the judgment's cost without the call cache (0: the same as Cost).
	Uncached float64
	// PriceUnknown marks a judgment whose model had no known price.
	PriceUnknown bool
	// Undetermined marks a judgment that could not judge its trace.
	Undetermined bool
	// Verdict, when set, is the judgment's recorded outcome (trace.RunSuccess, ...), with
	// Reason; unset, the judgment is one written before outcomes were recorded.
	Verdict, Reason string
}

func b(v bool) *bool { return &v }

// Cases is the standard six-trace set. Its expected figures are worked out by hand in the
// eval tests: heuristic strict TP1 FP1 FN2 TN2, required TP2 FP1 FN1 TN2, claim TP2 FP2 FN1 TN1.
var Cases = []Case{
	{Name: "t1", TaskName: "ContactsAddContact", Agent: "agentA", Reward: 1, Claim: b(true), Complete: true, CompleteRequired: true, Satisfied: []bool{true, true, true}, Cost: 0.01},
	{Name: "t2", TaskName: "ContactsAddContact", Agent: "agentA", Reward: 0, Claim: b(true), Satisfied: []bool{true, false, false}, Cost: 0.02},
	{Name: "t3", TaskName: "MarkorMoveNote", Agent: "agentA", Reward: 0, Claim: b(true), Complete: true, CompleteRequired: true, Satisfied: []bool{true, true, true}, Cost: 0.03},
	{Name: "t4", TaskName: "MarkorMoveNote", Agent: "agentB", Reward: 1, Claim: b(false), Satisfied: []bool{true, true, false}, Cost: 0.04},
	{Name: "t5", TaskName: "SystemBrightnessMin", Agent: "agentB", Reward: 0.5, Claim: b(false), Satisfied: []bool{false, false, false}, Cost: 0.05},
	{Name: "t6", TaskName: "SystemBrightnessMin", Agent: "agentB", Reward: 1, Claim: b(true), CompleteRequired: true, Satisfied: []bool{true, false, true}, Optional: []bool{false, true, false}, Cost: 0.06},
}

// PNG returns a small solid-colour PNG of the given size.
func PNG(t testing.TB, w, h int, c color.Color) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, c)
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Write creates root/<case>/trace.json (+ frames, when withFrames) and judgment.json for
// every case, and returns root.
func Write(t testing.TB, root string, cases []Case, withFrames bool) string {
	t.Helper()
	start := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for ci, c := range cases {
		dir := filepath.Join(root, c.Name)
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		tr := &trace.Trace{Version: 1, Task: "Task of " + c.Name + ": <b>do it</b>", TaskName: c.TaskName, Agent: c.Agent,
			Device: trace.Device{Width: 1080, Height: 2400}, Status: trace.StatusCompleted, AgentClaimedDone: c.Claim,
			GroundTruth: &trace.GroundTruth{Reward: c.Reward, Source: "test"}, Dir: dir}
		nFrames := len(c.Satisfied)
		for i := 1; i <= nFrames; i++ {
			f := trace.Frame{Index: i}
			x, y := 100.0*float64(i), 200.0*float64(i)
			f.Action = &trace.Action{Type: "tap", X: &x, Y: &y}
			if withFrames {
				f.Image = trace.FrameName(i) + ".png"
				col := color.RGBA{uint8(40 * i), uint8(30 * ci), 200, 255}
				if err := os.WriteFile(filepath.Join(dir, f.Image), PNG(t, 108, 240, col), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			tr.Frames = append(tr.Frames, f)
		}
		if err := tr.WriteManifest(); err != nil {
			t.Fatal(err)
		}
		j := &trace.Judgment{Version: 1, Trace: dir, Task: tr.Task, TaskName: c.TaskName,
			Judge:    trace.JudgeInfo{Kind: trace.JudgeHeuristic, Notice: "heuristic baseline"},
			Complete: c.Complete, CompleteRequired: c.CompleteRequired,
			Usage:   trace.Usage{Calls: 2, InputTokens: 100, OutputTokens: 10, CostUSD: c.Cost, UncachedCostUSD: c.Uncached, PriceUnknown: c.PriceUnknown},
			Started: start, Finished: start.Add(time.Minute)}
		if c.Undetermined {
			j.Undetermined, j.UndeterminedReason = true, "the model gave no usable answer on any frame"
		}
		if c.Verdict != "" {
			j.Outcome = &trace.Outcome{Verdict: c.Verdict, Reason: c.Reason}
		}
		sat := 0
		var parent *int
		for i, s := range c.Satisfied {
			id := i + 1
			kind := substate.Page
			if i > 0 {
				kind = substate.Unit
			}
			r := trace.SubstateResult{Node: substate.Node{ID: id, Kind: kind, Content: "state " + string(rune('A'+i)) + " <i>of</i> " + c.Name, Parent: parent}, Satisfied: s,
				Analysis: "analysis of substate " + string(rune('A'+i))}
			if i < len(c.Optional) {
				r.Optional = c.Optional[i]
			}
			if s {
				sat++
				fr := id
				r.Frame = &fr
			}
			if i == 0 {
				parent = substate.IntPtr(1)
			}
			j.Substates = append(j.Substates, r)
			j.Frames = append(j.Frames, trace.FrameResult{Index: id, Thought: "thinking about frame " + c.Name})
		}
		if len(c.Satisfied) > 0 {
			j.SCR = float64(sat) / float64(len(c.Satisfied))
		}
		if err := trace.WriteJudgment(trace.JudgmentPath(dir), j); err != nil {
			t.Fatal(err)
		}
	}
	return root
}
