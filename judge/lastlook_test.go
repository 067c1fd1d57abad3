package judge

import (
	"context"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/judge/evidence"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/prompts"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// clockUndone is the clock run that switched the alarm on at frame 4 and off again at
// frame 5: every substate was reached, the result did not stand.
func clockUndone() []string {
	s := judgetest.ClockScreens()
	return append(s, s[2])
}

// The model judge's last look: after the early stop at frame 4 it is asked once, with its
// own prompt and version, about frame 5; a failure it finds (L1, frame 5) is the verdict.
// Through the OpenAI stand-in too, which holds the review request to the published format.
func TestModelLastLookFindsTheResultUndone(t *testing.T) {
	bothModels(t, func(t *testing.T, mk maker) {
		tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, clockUndone()...)
		m := mk(func(_ int, req llm.Request) (string, error) {
			if judgetest.IsReview(req.System) {
				if strings.Contains(req.Prompt, "Frame 5") && strings.Contains(req.Prompt, "unchecked/off") {
					return judgetest.ReviewAnswer("failure", "[L1] the alarm is switched off again at frame 5", []string{"L1"}, 5), nil
				}
				return judgetest.ReviewSuccess(), nil
			}
			return clockOracle(req), nil
		})
		j, err := Run(context.Background(), llmConfig(m), tr, judgetest.ClockSubs())
		if err != nil {
			t.Fatal(err)
		}
		o := j.RunVerdict()
		if !j.Complete || o.Verdict != trace.RunFailure || o.Frame == nil || *o.Frame != 5 || o.Rules[0] != "L1" || o.Review == nil || o.Review.By != prompts.Reviewer.Version {
			t.Fatalf("complete %v, outcome %+v", j.Complete, o)
		}
		reqs := m.Requests()
		last := reqs[len(reqs)-1]
		if len(reqs) != 5 || !judgetest.IsReview(last.System) || !strings.Contains(last.System, "[L1] "+evidence.Get("L1").Statement) {
			t.Fatalf("%d requests; the last is not the review:\n%s", len(reqs), last.System)
		}
		if j.Judge.PromptVersions["reviewer"] != prompts.Reviewer.Version {
			t.Errorf("prompt versions %v", j.Judge.PromptVersions)
		}
	})
}

// A review answer that breaks the review's rules is asked again: a failure must cite
// evidence against the run and its frame, a rule must exist. One that never complies leaves
// the judge unable to tell, never a success.
func TestModelLastLookIsHeldToTheRules(t *testing.T) {
	tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, clockUndone()...)
	var reviews []string
	m := &judgetest.Model{Handler: func(_ int, req llm.Request) (string, error) {
		if !judgetest.IsReview(req.System) {
			return clockOracle(req), nil
		}
		reviews = append(reviews, req.Prompt)
		switch len(reviews) {
		case 1:
			return judgetest.ReviewAnswer("failure", "it looks wrong", nil, 0), nil
		case 2:
			return judgetest.ReviewAnswer("failure", "[Z9] switched off", []string{"Z9"}, 5), nil
		}
		return judgetest.ReviewAnswer("failure", "[L1] switched off at frame 5", []string{"L1"}, 5), nil
	}}
	j, err := Run(context.Background(), llmConfig(m), tr, judgetest.ClockSubs())
	if err != nil {
		t.Fatal(err)
	}
	o := j.RunVerdict()
	if o.Verdict != trace.RunFailure || o.Review.Retries != 2 || len(reviews) != 3 {
		t.Fatalf("outcome %+v after %d reviews", o, len(reviews))
	}
	if !strings.Contains(reviews[1], "a failure must cite the evidence against the run") || !strings.Contains(reviews[2], `rule "Z9" is not one of the evidence rules`) {
		t.Fatalf("the repair did not say what was wrong:\n%s\n%s", reviews[1], reviews[2])
	}

	never := &judgetest.Model{Handler: func(_ int, req llm.Request) (string, error) {
		if judgetest.IsReview(req.System) {
			return "the run looks fine to me", nil
		}
		return clockOracle(req), nil
	}}
	j, err = Run(context.Background(), llmConfig(never), tr, judgetest.ClockSubs())
	if err != nil {
		t.Fatal(err)
	}
	if o := j.RunVerdict(); o.Verdict != trace.RunCannotTell || o.Rules[0] != "C3" || !strings.Contains(o.Reason, "the last look gave no usable answer in 3 attempts") {
		t.Fatalf("outcome %+v", o)
	}
}

// No review call when nothing follows the frame that reached the last required substate,
// nor when the recording ended before the run did: the rules decide both. A run whose budget
// ran out ended there: its end is read like any other.
func TestLastLookWithoutACall(t *testing.T) {
	m := &judgetest.Model{Handler: func(_ int, req llm.Request) (string, error) {
		if judgetest.IsReview(req.System) {
			t.Error("a review call was made")
		}
		return clockOracle(req), nil
	}}
	tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, judgetest.ClockScreens()...)
	j, err := Run(context.Background(), llmConfig(m), tr, judgetest.ClockSubs())
	if err != nil {
		t.Fatal(err)
	}
	if o := j.RunVerdict(); o.Verdict != trace.RunSuccess || len(o.Rules) != 3 {
		t.Fatalf("reached on the last frame: %+v", o)
	}
	s := judgetest.ClockScreens()
	for _, status := range []string{trace.StatusCrashed, trace.StatusDeviceLost, trace.StatusStopped} {
		tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, s[0], s[1], s[2])
		tr.Status = status
		j, err := Run(context.Background(), llmConfig(m), tr, judgetest.ClockSubs())
		if err != nil {
			t.Fatal(err)
		}
		o := j.RunVerdict()
		if o.Verdict != trace.RunCannotTell || o.Rules[0] != "C1" || !strings.Contains(o.Reason, "ended with status "+status) || !strings.Contains(o.Reason, "substate 3 was never shown") {
			t.Fatalf("%s: %+v", status, o)
		}
	}
	// A step or time budget that ran out ended the run itself: its last screen is the run's
	// end, judged like a run the agent stopped (C1, F4).
	tr = judgetest.WriteTrace(t, judgetest.ClockSubs().Task, s[0], s[1], s[2])
	tr.Status = trace.StatusTimeout
	j, err = Run(context.Background(), llmConfig(m), tr, judgetest.ClockSubs())
	if err != nil {
		t.Fatal(err)
	}
	if o := j.RunVerdict(); o.Verdict != trace.RunFailure || o.Rules[0] != "F4" || !strings.Contains(o.Reason, "budget ran out") {
		t.Fatalf("timeout: %+v", o)
	}
}

// A run that did not reach everything and ended on its own is a failure only on evidence
// against it, by the rules every kind shares; otherwise the judge cannot tell.
func TestUnreachedRules(t *testing.T) {
	const pkg = "com.google.android.deskclock"
	withError := judgetest.ScreenXML(pkg, "Alarm", "7:30 AM", "Couldn't save the alarm")
	tapped := judgetest.ScreenXML(pkg, "Alarm", "7:30 AM", "Save")
	cases := []struct {
		name, rule, verdict string
		screens             []string
		last                *trace.Action
		noLast              bool
	}{
		{"an error on the last screen", "F1", trace.RunFailure, []string{withError}, nil, false},
		{"the last action a tap on Save, nothing after", "C2", trace.RunCannotTell, []string{tapped}, judgetest.TapOn(0, 340, 1080, 440), false},
		{"the last action a tap on a label, nothing after", "F4", trace.RunFailure, []string{tapped}, judgetest.TapOn(0, 100, 1080, 200), false},
		{"the last frame unreadable", "C3", trace.RunCannotTell, []string{tapped}, nil, true},
		{"the agent stopped elsewhere", "F4", trace.RunFailure, []string{judgetest.ClockScreens()[0]}, nil, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := judgetest.ClockScreens()
			tr := judgetest.WriteTrace(t, judgetest.ClockSubs().Task, append([]string{s[0], s[1]}, c.screens...)...)
			tr.Status = trace.StatusCompleted
			tr.Frames[len(tr.Frames)-1].Action = c.last
			if c.noLast {
				tr.Frames = append(tr.Frames, trace.Frame{Index: len(tr.Frames) + 1})
			}
			j, err := Run(context.Background(), Config{Kind: stubKind}, tr, judgetest.ClockSubs())
			if err != nil {
				t.Fatal(err)
			}
			o := j.RunVerdict()
			if o.Verdict != c.verdict || len(o.Rules) == 0 || o.Rules[0] != c.rule || !strings.HasPrefix(o.Reason, evidence.Cite(c.rule)) {
				t.Fatalf("outcome %+v, want %s by %s", o, c.verdict, c.rule)
			}
		})
	}
}

// Whatever a kind's reviewer says, a success needs every required substate reached and a
// failure evidence against the run; "cannot tell" otherwise.
func TestCheckOutcomeHoldsReviewersToTheMethod(t *testing.T) {
	in := ReviewInput{Subs: &substate.List{Nodes: []substate.Node{{ID: 0, Kind: substate.Page, Content: "x"}}}}
	if o := checkOutcome(trace.Outcome{Verdict: trace.RunSuccess, Reason: "looks done"}, in); o.Verdict != trace.RunCannotTell {
		t.Errorf("success with a substate unreached: %+v", o)
	}
	if o := checkOutcome(trace.Outcome{Verdict: trace.RunFailure, Rules: []string{"E1"}, Reason: "r"}, in); o.Verdict != trace.RunCannotTell {
		t.Errorf("failure with no evidence against: %+v", o)
	}
	if o := checkOutcome(trace.Outcome{Verdict: trace.RunFailure, Rules: []string{"F3"}, Reason: "r"}, in); o.Verdict != trace.RunFailure {
		t.Errorf("failure with F3: %+v", o)
	}
	in.AllReached = true
	if o := checkOutcome(trace.Outcome{Verdict: trace.RunSuccess, Reason: "ok"}, in); o.Verdict != trace.RunSuccess {
		t.Errorf("success: %+v", o)
	}
}

// A screenshot whose text OCR cannot read as an app's content leaves nothing to decide by:
// the judge cannot tell (C3), where a screen of text without the result is a failure.
func TestUnreadableScreenshotCannotTell(t *testing.T) {
	in := ReviewInput{Subs: judgetest.ClockSubs(), Status: trace.StatusCompleted, LastFrame: 2,
		Found: []Found{{Node: judgetest.ClockSubs().Nodes[0]}}}
	blank := &Screen{OCR: true, Height: 2400, Elements: []Element{{Text: "9:41", Role: RoleSystem, HasBounds: true, Y2: 80}}}
	in.End = []EndFrame{{Index: 2, Screen: blank}}
	if o := Unreached(in, ""); o.Verdict != trace.RunCannotTell || o.Rules[0] != "C3" {
		t.Fatalf("blank screenshot: %+v", o)
	}
	text := &Screen{OCR: true, Height: 2400, Elements: []Element{{Text: "Inbox", HasBounds: true, Y1: 300, Y2: 360}}}
	in.End = []EndFrame{{Index: 2, Screen: text}}
	if o := Unreached(in, ""); o.Verdict != trace.RunFailure || o.Rules[0] != "F4" {
		t.Fatalf("screenshot with text: %+v", o)
	}
}

// A last screenshot that shows no app text but is readable, the keyboard with text typed
// into a field or an address bar, or the system's permission prompt in front, shows how the
// run ended: with nothing committed, the goal never shown (F4). Only a screenshot with no
// readable text at all leaves the judge unable to tell (C3).
func TestReadableEndWithoutAppText(t *testing.T) {
	testenv.RequireTesseract(t)
	phone := judgetest.PhoneVariant{W: 1080, H: 2400}
	in := ReviewInput{Subs: judgetest.ClockSubs(), Status: trace.StatusCompleted, LastFrame: 2,
		Found: []Found{{Node: judgetest.ClockSubs().Nodes[0]}}}
	for _, c := range []struct {
		name string
		png  []byte
	}{
		{"an address typed, its suggestions and the keyboard", judgetest.DrawPhoneScreen(t, "browser-typing", phone).PNG},
		{"a message typed, the keyboard up", judgetest.ChatPNG(t, phone, "", nil, "See you at the station", true)},
		{"the permission prompt", judgetest.DrawPhoneScreen(t, "permission", phone).PNG},
	} {
		sc, err := readScreenOCR(context.Background(), c.png, trace.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		if hasContent(sc) {
			t.Fatalf("%s: the screenshot reads as app text, and the case is about one with none: %+v", c.name, sc.Elements)
		}
		in.End = []EndFrame{{Index: 2, Screen: sc}}
		if o := Unreached(in, ""); o.Verdict != trace.RunFailure || o.Rules[0] != "F4" {
			t.Errorf("%s: %+v", c.name, o)
		}
	}
}
