package judge

import (
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"reflect"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// A frame whose answers were all rejected judged nothing, so the next frame showing the
// same screen must be asked, not passed over as "unchanged".
func TestSameScreenAfterRejectedFrameIsAsked(t *testing.T) {
	bothModels(t, func(t *testing.T, mk maker) {
		s := judgetest.ClockScreens()
		tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, s[1], s[1])
		m := mk(func(n int, req llm.Request) (string, error) {
			if n <= DefaultRetries {
				return "no JSON here", nil // every attempt on frame 1 is unreadable
			}
			return clockOracle(req), nil
		})
		j, err := Run(context.Background(), llmConfig(m), tr, judgetest.ClockSubs())
		if err != nil {
			t.Fatal(err)
		}
		if !j.Frames[0].Skipped {
			t.Fatalf("frame 1 %+v: want skipped", j.Frames[0])
		}
		if f := j.Frames[1]; f.SameAs != nil || f.Skipped {
			t.Fatalf("frame 2 %+v: the screen was never judged, it must be asked", f)
		}
		if got := judgetest.SatisfiedAt(j)[0]; got != 2 {
			t.Fatalf("substate 0 satisfied at %d, want 2", got)
		}
		if n := len(m.Requests()); n != DefaultRetries+2 {
			t.Fatalf("%d calls, want %d", n, DefaultRetries+2)
		}
	})
}

// Answers rejected until the frame was skipped are dropped from the call cache, so judging
// again (--fresh, or a new job) asks the model anew instead of replaying the failure.
func TestRejectedAnswersAreNotReplayedFromCache(t *testing.T) {
	ctx := context.Background()
	tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, judgetest.ClockScreens()[1])
	m := newHTTPModel(t, func(n int, req llm.Request) (string, error) {
		if n <= DefaultRetries {
			return "no JSON here", nil
		}
		return clockOracle(req), nil
	}, false) // the cache is on
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "j.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	cfg := llmConfig(m.Model) // the client itself, which keeps the cache and can forget
	cfg.Store = db
	j, err := Run(ctx, cfg, tr, judgetest.ClockSubs())
	if err != nil {
		t.Fatal(err)
	}
	if !j.Frames[0].Skipped {
		t.Fatalf("first run: frame %+v, want skipped", j.Frames[0])
	}
	cfg.Fresh = true
	j, err = Run(ctx, cfg, tr, judgetest.ClockSubs())
	if err != nil {
		t.Fatal(err)
	}
	if n := len(m.Requests()); n != DefaultRetries+2 {
		t.Fatalf("the provider saw %d requests, want %d: the rejected answers were replayed from the cache", n, DefaultRetries+2)
	}
	if j.Frames[0].Skipped || judgetest.SatisfiedAt(j)[0] != 1 {
		t.Fatalf("fresh run: frame %+v satisfied %v", j.Frames[0], judgetest.SatisfiedAt(j))
	}
}

// Captures that ran ahead of an early stop are paid for; running the finished job again
// reports the same usage as the run that did the work.
func TestEarlyStopUsageSurvivesRerun(t *testing.T) {
	ctx := context.Background()
	tr := &trace.Trace{Version: 1, Task: "Open the Clock app", Dir: t.TempDir(), Frames: []trace.Frame{
		{Index: 1, ImageData: tinyPNG(t, 1)}, {Index: 2, ImageData: tinyPNG(t, 2)}, {Index: 3, ImageData: tinyPNG(t, 3)},
	}}
	var captures atomic.Int32
	m := &judgetest.Model{Handler: func(_ int, req llm.Request) (string, error) {
		if req.Purpose == "capture" {
			captures.Add(1)
			return `The Clock app (package deskclock) shows the "Alarm" tab.`, nil
		}
		if judgetest.IsReview(req.System) {
			return judgetest.ReviewSuccess(), nil
		}
		// Let every capture finish first, so the early stop leaves two paid captures unused.
		for deadline := time.Now().Add(5 * time.Second); captures.Load() < 3 && time.Now().Before(deadline); {
			time.Sleep(time.Millisecond)
		}
		return judgetest.Answer(judgetest.AskedIDs(req.Prompt), map[int]bool{0: true}, ""), nil
	}}
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "j.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	subs := judgetest.ClockSubs()
	subs.Nodes = subs.Nodes[:1]
	cfg := Config{Kind: trace.JudgeLLM, Model: m, Capture: CaptureAuto, Store: db, Retries: DefaultRetries}
	first, err := Run(ctx, cfg, tr, subs)
	if err != nil {
		t.Fatal(err)
	}
	// The last look reads frames 2 and 3 as they were captured ahead: no capture anew.
	if !first.StoppedEarly || first.Usage.Calls != 5 {
		t.Fatalf("first run: early %v usage %+v, want 3 captures + 1 reasoner call + 1 review", first.StoppedEarly, first.Usage)
	}
	again, err := Run(ctx, cfg, tr, subs)
	if err != nil {
		t.Fatal(err)
	}
	if len(m.Requests()) != 5 {
		t.Fatalf("the rerun made calls: %d in all", len(m.Requests()))
	}
	if again.Usage != first.Usage {
		t.Fatalf("rerun usage %+v, the run that did the work %+v", again.Usage, first.Usage)
	}
}

// A trace without task text is judged against the task of its substates; a different task
// is a different job, not the saved progress of the old one.
func TestTaskFromSubstatesIsPartOfTheJob(t *testing.T) {
	ctx := context.Background()
	tr := judgetest.WriteTrace(t, "", judgetest.ClockScreens()...)
	m := &judgetest.Model{Handler: func(_ int, req llm.Request) (string, error) { return clockOracle(req), nil }}
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "j.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	cfg := llmConfig(m)
	cfg.Store = db
	if _, err := Run(ctx, cfg, tr, judgetest.ClockSubs()); err != nil {
		t.Fatal(err)
	}
	before := len(m.Requests())
	other := judgetest.ClockSubs()
	other.Task = "Open the Clock app and look at the alarms"
	j, err := Run(ctx, cfg, tr, other)
	if err != nil {
		t.Fatal(err)
	}
	reqs := m.Requests()
	if len(reqs) == before {
		t.Fatal("the judgment of the old task was reused for a different task")
	}
	if !strings.Contains(reqs[before].Prompt, other.Task) || j.Task != other.Task {
		t.Fatalf("the new run does not judge the new task %q", other.Task)
	}
}

// A run killed after any frame, then resumed, makes no call twice and ends with the
// judgment of the uninterrupted run, whatever the frame it died on was: a capture skip, an
// unchanged screen, an answer accepted after a retry, a rejected frame, critical info.
func TestResumeAfterKillAtEveryFrame(t *testing.T) {
	const pkg = "com.google.android.deskclock"
	s := judgetest.ClockScreens()
	flaky := judgetest.ScreenXML(pkg, "Timer", "FLAKY")   // the first answer on it is unreadable
	broken := judgetest.ScreenXML(pkg, "Timer", "BROKEN") // every answer on it is unreadable
	noted := judgetest.ScreenXML(pkg, "Timer", "NOTE")    // gives a critical_info
	screens := []string{s[0], "<hierarchy><node", s[1], s[1], flaky, broken, broken, noted, s[2], s[2], s[3], s[0]}
	oracle := func(_ int, req llm.Request) (string, error) {
		d := judgetest.Fenced(req.Prompt)
		retry := strings.Contains(req.Prompt, "previous answer broke a rule")
		switch {
		case strings.Contains(d, "BROKEN"), strings.Contains(d, "FLAKY") && !retry:
			return "no JSON here", nil
		case strings.Contains(d, "NOTE"):
			return judgetest.Answer(judgetest.AskedIDs(req.Prompt), map[int]bool{0: true}, "a note from the NOTE screen"), nil
		}
		return clockOracle(req), nil
	}
	tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, screens...)
	ref := &judgetest.Model{Handler: oracle}
	want, err := Run(context.Background(), llmConfig(ref), tr, judgetest.ClockSubs())
	if err != nil {
		t.Fatal(err)
	}
	// The reference run has every kind of frame this test is about.
	f := want.Frames
	if len(f) != 11 || !want.StoppedEarly || !f[1].Skipped || f[1].Source != "" || f[3].SameAs == nil || f[4].Retries != 1 || f[4].Skipped ||
		!f[5].Skipped || f[6].SameAs != nil || !f[6].Skipped || f[7].CriticalInfo == "" || f[9].SameAs == nil {
		t.Fatalf("the reference run is not the intended mix of frames: %+v", f)
	}
	for kill := 1; kill <= len(want.Frames); kill++ {
		db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "j.db"))
		if err != nil {
			t.Fatal(err)
		}
		m := &judgetest.Model{Handler: oracle}
		cfg := llmConfig(m)
		cfg.Store = db
		kctx, cancel := context.WithCancel(context.Background())
		cfg.OnFrame = func(f trace.FrameResult) {
			if f.Index == kill {
				cancel()
			}
		}
		_, err = Run(kctx, cfg, tr, judgetest.ClockSubs())
		cancel()
		if kill < len(want.Frames) && !errors.Is(err, context.Canceled) {
			t.Fatalf("kill after frame %d: err %v", kill, err)
		}
		cfg.OnFrame = nil
		got, err := Run(context.Background(), cfg, tr, judgetest.ClockSubs())
		db.Close()
		if err != nil {
			t.Fatal(err)
		}
		if n, w := len(m.Requests()), len(ref.Requests()); n != w {
			t.Errorf("kill after frame %d: %d calls in all, uninterrupted %d", kill, n, w)
		}
		if !reflect.DeepEqual(got.Substates, want.Substates) || !reflect.DeepEqual(got.Frames, want.Frames) ||
			got.SCR != want.SCR || got.Usage != want.Usage || got.Complete != want.Complete || got.StoppedEarly != want.StoppedEarly {
			t.Errorf("kill after frame %d: resumed judgment differs\n got %+v\nwant %+v", kill, got.Frames, want.Frames)
		}
	}
}

// An empty description of a screenshot skips the frame; it is not kept in the call cache,
// so judging again describes the screenshot anew instead of skipping it for good.
func TestEmptyVisionDescriptionIsNotReplayedFromCache(t *testing.T) {
	ctx := context.Background()
	tr := &trace.Trace{Version: 1, Task: "Open the Clock app", Dir: t.TempDir(), Frames: []trace.Frame{{Index: 1, ImageData: tinyPNG(t, 1)}}}
	var captures atomic.Int32
	m := newHTTPModel(t, func(_ int, req llm.Request) (string, error) {
		if req.Purpose == "capture" {
			if captures.Add(1) == 1 {
				return "", nil
			}
			return `The Clock app (package deskclock) shows the "Alarm" tab.`, nil
		}
		return judgetest.Answer(judgetest.AskedIDs(req.Prompt), map[int]bool{0: strings.Contains(judgetest.Fenced(req.Prompt), "deskclock")}, ""), nil
	}, false) // the cache is on
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "j.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	subs := judgetest.ClockSubs()
	subs.Nodes = subs.Nodes[:1]
	cfg := Config{Kind: trace.JudgeLLM, Model: m.Model, Capture: CaptureAuto, Store: db, Retries: DefaultRetries}
	j, err := Run(ctx, cfg, tr, subs)
	if err != nil {
		t.Fatal(err)
	}
	if !j.Frames[0].Skipped || !strings.Contains(j.Frames[0].SkipReason, "empty description") {
		t.Fatalf("first run: frame %+v, want skipped for the empty description", j.Frames[0])
	}
	cfg.Fresh = true
	j, err = Run(ctx, cfg, tr, subs)
	if err != nil {
		t.Fatal(err)
	}
	if captures.Load() != 2 || j.Frames[0].Skipped || judgetest.SatisfiedAt(j)[0] != 1 {
		t.Fatalf("fresh run: %d captures asked, frame %+v: the empty description was replayed", captures.Load(), j.Frames[0])
	}
}

// A frame with nothing to describe is skipped with a reason that fits it: no screenshot
// either, so no hint to describe its screenshot.
func TestFrameWithoutAnySourceSkippedWithFittingReason(t *testing.T) {
	tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, judgetest.ClockScreens()[1])
	tr.Frames = append(tr.Frames, trace.Frame{Index: 2})
	m := &judgetest.Model{Handler: func(_ int, req llm.Request) (string, error) { return clockOracle(req), nil }}
	for _, mode := range []string{CaptureAuto, CaptureBoth} {
		j, err := Run(context.Background(), Config{Kind: trace.JudgeLLM, Model: m, Capture: mode}, tr, judgetest.ClockSubs())
		if err != nil {
			t.Fatal(err)
		}
		f := j.Frames[1]
		if !f.Skipped || f.Source != "" || !strings.Contains(f.SkipReason, "no UI XML, elements or screenshot") || strings.Contains(f.SkipReason, "--capture vision") {
			t.Fatalf("--capture %s: frame %+v", mode, f)
		}
	}
}

// An optional substate never seen: SCR counts it, the strict completion fails, completion
// over required substates holds, and the judge keeps looking (it is still open).
func TestOptionalSubstateNeverSeen(t *testing.T) {
	s := judgetest.ClockScreens()
	tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, append(s, s[0])...)
	subs := judgetest.ClockSubs()
	subs.Nodes = append(subs.Nodes,
		substate.Node{ID: 4, Kind: substate.Page, Content: "The clock settings page is visible", Parent: substate.IntPtr(0), Optional: true},
		substate.Node{ID: 5, Kind: substate.Unit, Content: "The alarm volume slider is shown", Parent: substate.IntPtr(4), Optional: true})
	m := &judgetest.Model{Handler: func(_ int, req llm.Request) (string, error) { return clockOracle(req), nil }}
	j, err := Run(context.Background(), llmConfig(m), tr, subs)
	if err != nil {
		t.Fatal(err)
	}
	want := map[int]int{0: 2, 1: 3, 2: 3, 3: 4, 4: -1, 5: -1}
	if got := judgetest.SatisfiedAt(j); !reflect.DeepEqual(got, want) {
		t.Fatalf("satisfied at %v, want %v", got, want)
	}
	// Five reasoner calls, and the last look at frame 5, after the last required substate.
	if j.SCR != 4.0/6 || j.Complete || !j.CompleteRequired || j.StoppedEarly || len(j.Frames) != 5 || len(m.Requests()) != 6 {
		t.Fatalf("scr %v complete %v required %v early %v frames %d calls %d", j.SCR, j.Complete, j.CompleteRequired, j.StoppedEarly, len(j.Frames), len(m.Requests()))
	}
	// The optional page and its unit are asked on the last frame, with page 1 gone (no open children).
	if got := judgetest.AskedIDs(m.Requests()[4].Prompt); !reflect.DeepEqual(got, []int{4, 5}) {
		t.Fatalf("last frame asked %v, want [4 5]", got)
	}
}

// Verdicts in odd case or with spaces are read as the words they are, for the parent rule
// too, and recorded in the canonical spelling.
func TestOddVerdictSpellingsAndTheParentRule(t *testing.T) {
	subs := judgetest.ClockSubs()
	q := buildQuery(subs, map[int]bool{0: true})
	out, err := parseAnswer(`{"substates":[{"id":1,"verdict":" TRUE\n"},{"id":2,"verdict":"True"},{"id":3,"verdict":"Uncertain"}]}`)
	if err != nil {
		t.Fatal(err)
	}
	vs, probs := check(subs, q, out)
	if len(probs) != 0 {
		t.Fatalf("problems %v", probs)
	}
	if got := []string{vs[0].Verdict, vs[1].Verdict, vs[2].Verdict}; !reflect.DeepEqual(got, []string{"true", "true", "uncertain"}) {
		t.Fatalf("verdicts %v", got)
	}
	out, _ = parseAnswer(`{"substates":[{"id":1,"verdict":" Uncertain"},{"id":2,"verdict":"TRUE"},{"id":3,"verdict":"uncertain"}]}`)
	if _, probs := check(subs, q, out); len(probs) != 1 || !strings.Contains(probs[0], "parent PageNode 1") {
		t.Fatalf("a unit TRUE with its page Uncertain: problems %v", probs)
	}
}

// What decomposing the task cost is kept even when the run dies before its first frame is
// saved: the resumed run, whose decomposition comes from the cache for free, still reports it.
func TestDecomposeUsageKeptWhenKilledBeforeFirstFrame(t *testing.T) {
	ctx := context.Background()
	db, err := store.Open(ctx, filepath.Join(t.TempDir(), "j.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, judgetest.ClockScreens()...)
	kctx, kill := context.WithCancel(ctx)
	defer kill()
	m := &judgetest.Model{Handler: func(n int, req llm.Request) (string, error) {
		if n == 0 {
			kill() // the process dies during the first reasoner call
			return "", context.Canceled
		}
		return clockOracle(req), nil
	}}
	paid := trace.Usage{Calls: 2, InputTokens: 900, OutputTokens: 300, CostUSD: 0.004}
	cfg := llmConfig(m)
	cfg.Store, cfg.DecomposeUsage = db, paid
	if _, err := Run(kctx, cfg, tr, judgetest.ClockSubs()); !errors.Is(err, context.Canceled) {
		t.Fatalf("killed run: %v", err)
	}
	cfg.DecomposeUsage = trace.Usage{} // from the cache this time
	j, err := Run(ctx, cfg, tr, judgetest.ClockSubs())
	if err != nil {
		t.Fatal(err)
	}
	if j.Usage.Calls != paid.Calls+4 || j.Usage.InputTokens != paid.InputTokens+400 {
		t.Fatalf("usage %+v: want the decomposition's %+v and 4 reasoner calls", j.Usage, paid)
	}
}

// The same screenshot on two frames is described once: the capture prompt does not name
// the frame, so the call cache serves the repeat, and the repeat's description is
// identical, so the reasoner is not asked about it again.
func TestIdenticalScreenshotDescribedOnce(t *testing.T) {
	tr := &trace.Trace{Version: 1, Task: "Open the Clock app", Dir: t.TempDir(), Frames: []trace.Frame{
		{Index: 1, ImageData: tinyPNG(t, 1)}, {Index: 2, ImageData: tinyPNG(t, 1)}, {Index: 3, ImageData: tinyPNG(t, 2)},
	}}
	var captures atomic.Int32
	m := newHTTPModel(t, func(_ int, req llm.Request) (string, error) {
		if req.Purpose == "capture" {
			// A model rarely words the same screen the same way twice.
			return fmt.Sprintf("The home screen launcher (description %d).", captures.Add(1)), nil
		}
		return judgetest.Answer(judgetest.AskedIDs(req.Prompt), nil, ""), nil
	}, false) // the cache is on
	subs := judgetest.ClockSubs()
	subs.Nodes = subs.Nodes[:1]
	j, err := Run(context.Background(), Config{Kind: trace.JudgeLLM, Model: m.Model, Capture: CaptureVision}, tr, subs)
	if err != nil {
		t.Fatal(err)
	}
	if n := captures.Load(); n != 2 {
		t.Fatalf("%d screenshots described, want 2 (frames 1 and 2 show the same one)", n)
	}
	if f := j.Frames[1]; f.SameAs == nil || *f.SameAs != 1 {
		t.Fatalf("frame 2 %+v: want same_as 1", f)
	}
}
