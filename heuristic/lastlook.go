package heuristic

import (
	"context"
	"fmt"
	"strings"

	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/trace"
)

// lastLook is the heuristic's last look at a run's end, by the evidence rules: before a
// success, nothing the substates rest on was undone (L1), no form holding it was dropped
// (L2) and no error followed (L3). A run that did not reach every required substate is a
// failure on evidence against it (F1-F4, with F3 read off its last screen here), or "cannot
// tell" when the substates left ask for what no rule reads (C3) or the end shows nothing
// (C1, C2, C3, decided by judge.Unreached).
type lastLook struct{}

func (lastLook) Review(_ context.Context, in judge.ReviewInput) (trace.Outcome, trace.Usage, error) {
	if !in.AllReached {
		return unreached(in), trace.Usage{}, nil
	}
	return reached(in), trace.Usage{}, nil
}

// review says what the last look read.
func review(in judge.ReviewInput, findings ...string) *trace.Review {
	r := &trace.Review{By: Version, Findings: findings}
	if len(in.End) > 0 {
		r.From, r.To = in.End[0].Index, in.End[len(in.End)-1].Index
	}
	return r
}

// reachedSpecs are the specs of the required substates reached, and the apps they name.
func reachedSpecs(in judge.ReviewInput) (specs []spec, apps []string) {
	for _, f := range in.Found {
		if !f.Reached || f.Node.Optional {
			continue
		}
		sp := parseSpec(f.Node.Content)
		specs = append(specs, sp)
		if sp.App != "" {
			apps = append(apps, sp.App)
		}
	}
	return specs, apps
}

// inApp reports whether a screen is of one of the apps named (any app but the launcher
// when none is).
func inApp(sc *judge.Screen, apps []string) bool {
	if sc.IsLauncher() {
		return false
	}
	if len(apps) == 0 || sc.OCR {
		return true
	}
	pkg := strings.ToLower(sc.Package)
	for _, a := range apps {
		for _, p := range appPackages(a) {
			if strings.Contains(pkg, p) {
				return true
			}
		}
	}
	return false
}

// reached takes the last look at a run that reached every required substate.
func reached(in judge.ReviewInput) trace.Outcome {
	if len(in.End) == 0 {
		return trace.Outcome{Verdict: trace.RunSuccess, Rules: []string{"L1", "L2", "L3"}, Frame: &in.ReachedAt, Review: review(in),
			Reason: fmt.Sprintf("%s every required substate was reached by frame %d, the run's last: nothing followed to undo it, drop it or show an error",
				cites("L1", "L2", "L3"), in.ReachedAt)}
	}
	if last := in.End[len(in.End)-1]; last.Skip != "" {
		msg := cite("C3", fmt.Sprintf("the run's last frame (%d) cannot be read (%s), so its end was never checked", last.Index, last.Skip))
		return trace.Outcome{Verdict: trace.RunCannotTell, Rules: []string{"C3"}, Frame: &last.Index, Reason: msg, Review: review(in, msg)}
	}
	specs, apps := reachedSpecs(in)
	fail := func(rule string, frame int, msg string) trace.Outcome {
		m := cite(rule, msg)
		return trace.Outcome{Verdict: trace.RunFailure, Rules: []string{rule}, Frame: &frame, Reason: m, Review: review(in, m)}
	}
	// L3: an error in the app after the result.
	for _, f := range in.End {
		if f.Screen != nil && !f.Screen.OCR && inApp(f.Screen, apps) {
			if msg := f.Screen.ErrorMessage(); msg != "" {
				return fail("L3", f.Index, fmt.Sprintf("after frame %d, which reached the last required substate, frame %d shows the error %q", in.ReachedAt, f.Index, msg))
			}
		}
	}
	for _, d := range in.Forms.DroppedAfter(in.ReachedAt, "") {
		if d.Error != "" {
			return fail("L3", d.Frame, fmt.Sprintf("after frame %d, %s", in.ReachedAt, d))
		}
	}
	// L2: the form the success rests on (open when it was reached) dropped afterwards.
	for _, d := range in.Forms.DroppedAfter(in.ReachedAt, "") {
		if d.First > in.ReachedAt {
			continue // a form opened after the result, left as it was: the result stands
		}
		for _, sp := range specs {
			for _, v := range sp.Values {
				for _, fl := range d.Fields {
					if !fl.Chosen && v.In(strings.ToLower(fl.Value)) {
						return fail("L2", d.Frame, fmt.Sprintf("after frame %d, %s; it held %q", in.ReachedAt, d, v.Text))
					}
				}
			}
		}
	}
	// L1: nothing the success rests on undone.
	for _, sp := range specs {
		switch sp.Kind {
		case kindToggle:
			terms := sp.switchTerms()
			for i := len(in.End) - 1; i >= 0; i-- {
				f := in.End[i]
				if f.Screen == nil || f.Screen.OCR || !inApp(f.Screen, apps) {
					continue
				}
				if e, ok := switchFor(f.Screen, terms, !sp.Want); ok {
					if _, still := switchFor(f.Screen, terms, sp.Want); !still {
						return fail("L1", f.Index, fmt.Sprintf("the switch %q is %s again at frame %d, after frame %d showed it %s",
							labelOf(e), onOff(!sp.Want), f.Index, in.ReachedAt, onOff(sp.Want)))
					}
				}
				if _, ok := switchFor(f.Screen, terms, sp.Want); ok {
					break // the last screen showing the switch shows it as wanted
				}
			}
		case kindGone:
			for _, o := range sp.Objects {
				if _, ok := findGone(in.Listings, o, "", sp.Places); !ok {
					return fail("L1", in.LastFrame, fmt.Sprintf("%q, seen gone, is listed on its page again by the run's end", o.Text))
				}
			}
		case kindState:
			for _, v := range sp.Values {
				if !proofName(v.Text) {
					continue
				}
				for _, g := range in.Listings.Gone {
					if g.Gone > in.ReachedAt && v.In(strings.ToLower(g.Label)) {
						return fail("L1", g.Gone, fmt.Sprintf("after frame %d, which showed %q, %s", in.ReachedAt, v.Text, g))
					}
				}
			}
		}
	}
	read := fmt.Sprintf("frames %d to %d", in.End[0].Index, in.End[len(in.End)-1].Index)
	if len(in.End) == 1 {
		read = fmt.Sprintf("frame %d", in.End[0].Index)
	}
	msg := fmt.Sprintf("%s %s, after frame %d reached the last required substate: nothing it rests on was undone, no form holding it was dropped, no error shown",
		cites("L1", "L2", "L3"), read, in.ReachedAt)
	return trace.Outcome{Verdict: trace.RunSuccess, Rules: []string{"L1", "L2", "L3"}, Frame: &in.ReachedAt, Reason: msg, Review: review(in, msg)}
}

// proofName reports whether a value names an item distinctly enough that its leaving a
// list says the item went: a word of three letters or more, or a long number.
func proofName(s string) bool {
	letters := 0
	for _, r := range s {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r > 127 {
			letters++
		}
	}
	return letters >= 3
}

func labelOf(e judge.Element) string {
	if e.Text != "" {
		return e.Text
	}
	if e.Desc != "" {
		return e.Desc
	}
	return judge.ShortID(e.ID)
}

// cites marks several rules at once: "[L1][L2][L3]".
func cites(ids ...string) string {
	var b strings.Builder
	for _, id := range ids {
		b.WriteString(strings.TrimSpace(cite(id, "")))
	}
	return b.String()
}

// unreached decides a run that did not reach every required substate.
func unreached(in judge.ReviewInput) trace.Outcome {
	var last *judge.Screen
	lastFrame := 0
	for i := len(in.End) - 1; i >= 0 && last == nil; i-- {
		if in.End[i].Screen != nil {
			last, lastFrame = in.End[i].Screen, in.End[i].Index
		}
	}
	checkable := 0
	var why []string
	against := ""
	for _, f := range in.Found {
		if f.Reached || f.Node.Optional {
			continue
		}
		sp := parseSpec(f.Node.Content)
		if msg, ok := uncheckable(f.Node.Content, sp, in.Answer); ok {
			why = append(why, fmt.Sprintf("substate %d: %s", f.Node.ID, msg))
			continue
		}
		checkable++
		if against == "" && last != nil && !last.OCR {
			against = absentAtEnd(sp, last, lastFrame)
		}
	}
	o := judge.Unreached(in, against)
	if o.Verdict == trace.RunFailure && checkable == 0 && !citesAny(o.Rules, "F1", "F2", "F3") {
		// Nothing left open is a fact the rules can read: the run's end is no evidence
		// against it.
		msg := cite("C3", strings.Join(why, "; "))
		return trace.Outcome{Verdict: trace.RunCannotTell, Rules: []string{"C3"}, Reason: msg, Review: review(in, msg)}
	}
	o.Review = review(in, o.Reason)
	return o
}

func citesAny(ids []string, want ...string) bool {
	for _, id := range ids {
		for _, w := range want {
			if id == w {
				return true
			}
		}
	}
	return false
}

// uncheckable says why the rules cannot read what a substate asks for, if they cannot.
func uncheckable(content string, sp spec, answer string) (string, bool) {
	if content == noAppContent {
		return "", false
	}
	switch sp.Kind {
	case kindAnswer:
		if strings.TrimSpace(answer) != "" && len(answerParts(answer)) == 0 {
			return fmt.Sprintf("the answer %q has nothing a screen could show", answer), true
		}
		return "", false
	case kindGone:
		if len(sp.Objects) == 0 {
			return "nothing named to be gone", true
		}
		return "", false
	case kindMove, kindCopy:
		if len(sp.Objects) == 0 || sp.To == nil {
			return fmt.Sprintf("a %s without a named item and destination", sp.Kind), true
		}
		return "", false
	case kindLevel:
		if len(sp.Words) == 0 {
			return "no setting named", true
		}
		return "", false
	case kindToggle:
		return "", false
	}
	switch {
	case len(sp.Values) == 0 && len(sp.Words) > 0 && sp.Action:
		return fmt.Sprintf("an action (%s) with no name, number or quoted text to identify its result", sp.Verb), true
	case len(sp.Values) == 0 && len(sp.Words) == 0 && sp.App == "":
		return "no app, name, number, quoted text or word to look for", true
	}
	return "", false
}

// absentAtEnd is evidence rule F3 on the run's last screen: the item a delete names still
// listed there, the switch in the other state, the level at another value; "" for none.
func absentAtEnd(sp spec, sc *judge.Screen, frame int) string {
	if sp.App != "" {
		if ok, _ := appShown(sp.App, sc); !ok {
			return ""
		}
	}
	ev := newEvidence(sc)
	switch sp.Kind {
	case kindGone:
		for _, o := range sp.Objects {
			if ev.has(o) {
				return cite("F3", fmt.Sprintf("%q, to be gone, is still shown on the run's last screen (frame %d)", o.Text, frame))
			}
		}
	case kindToggle:
		terms := sp.switchTerms()
		if _, ok := switchFor(sc, terms, sp.Want); ok {
			return ""
		}
		if e, ok := switchFor(sc, terms, !sp.Want); ok {
			return cite("F3", fmt.Sprintf("the switch %q is %s on the run's last screen (frame %d)", labelOf(e), onOff(!sp.Want), frame))
		}
	case kindLevel:
		if ok, why := judgeLevel(sp, sc, nil); !ok && strings.Contains(why, ", not ") {
			return cite("F3", strings.TrimPrefix(why, cite("E6", ""))+fmt.Sprintf(" on the run's last screen (frame %d)", frame))
		}
	}
	return ""
}
