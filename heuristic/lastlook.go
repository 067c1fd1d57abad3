package heuristic

import (
	"cmp"
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/judge/screentext"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// lastLook is the heuristic's last look at a run's end, by the evidence rules: before a
// success, nothing the substates rest on was undone (L1, and an app that is the result still
// in front), no form holding it was dropped (L2), no error followed (L3), nothing the task
// said not to do was done (F5) and nothing was made twice (F6). A run that did not reach
// every required substate is a failure on evidence against it (F1-F6, with F3 read off its
// last screen and the reasoner's notes on answers here), or "cannot tell" when the
// substates left ask for what no rule reads (C3) or the end shows nothing (C1, C2, C3,
// decided by judge.Unreached), or shows the result in part with nothing against the rest
// (C4). A success also needs every constraint the task states compared on a screen (C5,
// constraints.go).
type lastLook struct{}

func (lastLook) Review(_ context.Context, in judge.ReviewInput) (trace.Outcome, trace.Usage, error) {
	if o, ok := failedByPage(in); ok {
		return o, trace.Usage{}, nil
	}
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
		if o, undecided := checkConstraints(in); undecided {
			return o // C5: a constraint the task states was not compared
		}
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
	if restsOnPage(in) && !judgedByPage(in) {
		// E9: the page's verdict is its state on the run's last screen; left, it is no
		// longer what the run ends with.
		msg := cite("L1", fmt.Sprintf("the result rests on a page's own verdict (frame %d), and the run's last screen no longer shows it", in.ReachedAt))
		last := in.End[len(in.End)-1].Index
		return trace.Outcome{Verdict: trace.RunCannotTell, Rules: []string{"L1"}, Frame: &last, Reason: msg, Review: review(in, msg)}
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
	// L1: a task whose result is the app open (no unit to show) is undone when the run
	// ends with another app, a system prompt or the home screen in front.
	if opened, app := appIsTheResult(in); opened {
		last := in.End[len(in.End)-1]
		if sc := last.Screen; sc != nil {
			if ok, _ := appShownOrAny(app, sc); !ok {
				return fail("L1", last.Index, fmt.Sprintf("the task's result is the %s open, and the run ends at frame %d with %s in front", cmp.Or(app, "app"), last.Index, frontOf(sc)))
			}
		}
	}
	// F5: nothing the task said not to do was done.
	if f, msg := brokenInstruction(in); msg != "" {
		return fail("F5", f, msg)
	}
	// F6: the item made once, not twice; the message sent once, not twice.
	if f, msg := madeTwice(in, specs, apps); msg != "" {
		return fail("F6", f, msg)
	}
	if f, msg := sentTwice(in, specs); msg != "" {
		return fail("F6", f, msg)
	}
	// L1: nothing the success rests on undone.
	for _, sp := range specs {
		switch sp.Kind {
		case kindRunning:
			for i := len(in.End) - 1; i >= 0; i-- {
				f := in.End[i]
				if f.Screen == nil || f.Screen.OCR || !inApp(f.Screen, apps) || !namesAll(newEvidence(f.Screen), sp.Words) {
					continue
				}
				if st, controls := runState(f.Screen); st != "" && !stateMeets(sp, st) {
					return fail("L1", f.Index, fmt.Sprintf("at frame %d the controls offered (%s) show %v %s, after frame %d showed it %s",
						f.Index, strings.Join(controls, ", "), sp.Words, st, in.ReachedAt, stateWanted(sp)))
				}
				break // the last screen showing it shows it as wanted
			}
		case kindToggle:
			terms := sp.switchTerms()
			for i := len(in.End) - 1; i >= 0; i-- {
				f := in.End[i]
				if f.Screen == nil || !inApp(f.Screen, apps) {
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
				if label, ok := unreadSwitch(f.Screen, terms, !sp.Want); ok && f.Index > in.ReachedAt {
					msg := cite("C3", fmt.Sprintf("frame %d shows %q with no switch whose state its pixels show, after frame %d showed it %s", f.Index, label, in.ReachedAt, onOff(sp.Want)))
					return trace.Outcome{Verdict: trace.RunCannotTell, Rules: []string{"C3"}, Frame: &f.Index, Reason: msg, Review: review(in, msg)}
				}
			}
		case kindLevel:
			// The latest screen writing the setting's level decides: one moved after it
			// was shown at the level asked has undone it.
			for i := len(in.End) - 1; i >= 0; i-- {
				f := in.End[i]
				if f.Screen == nil || f.Index <= in.ReachedAt {
					continue
				}
				e, level, ok := levelShown(sp, f.Screen)
				if !ok {
					continue
				}
				if level != sp.Level {
					return fail("L1", f.Index, fmt.Sprintf("after frame %d showed the level %s, frame %d shows %q at %s", in.ReachedAt, sp.Level, f.Index, labelOf(e), level))
				}
				break
			}
		case kindGone:
			for _, o := range sp.Objects {
				if _, ok := findGone(in.Listings, o, "", sp.Places, false); !ok {
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
	if f, msg := notShownAtEnd(in, specs); msg != "" {
		return fail("L1", f, msg)
	}
	if f, msg := switchedOffAfter(in, specs, apps); msg != "" {
		return fail("L1", f, msg)
	}
	if o, undecided := checkConstraints(in); undecided {
		return o // C5: a constraint the task states was not compared
	}
	read := fmt.Sprintf("frames %d to %d", in.End[0].Index, in.End[len(in.End)-1].Index)
	if len(in.End) == 1 {
		read = fmt.Sprintf("frame %d", in.End[0].Index)
	}
	msg := fmt.Sprintf("%s %s, after frame %d reached the last required substate: nothing it rests on was undone, no form holding it was dropped, no error shown",
		cites("L1", "L2", "L3"), read, in.ReachedAt)
	return trace.Outcome{Verdict: trace.RunSuccess, Rules: []string{"L1", "L2", "L3"}, Frame: &in.ReachedAt, Reason: msg, Review: review(in, msg)}
}

// switchedOffAfter finds an item the success rests on, shown with its own switch on when it
// was reached, whose own switch the last screen showing it shows off (an alarm made, then
// switched off): the result undone (evidence rule L1). A task that asks for a switch off
// has that for its goal, and is left to its own clause.
func switchedOffAfter(in judge.ReviewInput, specs []spec, apps []string) (int, string) {
	for _, sp := range specs {
		if sp.Kind == kindToggle && !sp.Want {
			return 0, ""
		}
	}
	for _, f := range in.Found {
		if !f.Reached || f.Node.Optional || !strings.Contains(f.Analysis, ownSwitchOn) {
			continue
		}
		for _, v := range parseSpec(f.Node.Content).Values {
			if !strings.Contains(f.Analysis, strconv.Quote(v.Text)+ownSwitchOn) {
				continue
			}
			for i := len(in.End) - 1; i >= 0; i-- {
				sc := in.End[i].Screen
				if sc == nil || sc.OCR || !inApp(sc, apps) {
					continue
				}
				e, ok := ownSwitch(sc, v)
				if !ok {
					continue
				}
				if !e.Checked {
					return in.End[i].Index, fmt.Sprintf("%q showed with its own switch on at frame %d, and frame %d shows that switch off", v.Text, f.Frame, in.End[i].Index)
				}
				break // the last screen showing the item shows it on
			}
		}
	}
	return 0, ""
}

// appIsTheResult reports whether every required substate reached is a page of an app (no
// unit shows anything in it): the app open is then the result, which must hold at the end.
func appIsTheResult(in judge.ReviewInput) (bool, string) {
	app, pages := "", 0
	for _, f := range in.Found {
		if !f.Reached || f.Node.Optional {
			continue
		}
		if f.Node.Kind != substate.Page {
			return false, ""
		}
		pages++
		if a := parseSpec(f.Node.Content).App; a != "" {
			app = a
		}
	}
	return pages > 0, app
}

// appShownOrAny checks that the app named is in front, or any app but the launcher when
// none is named.
func appShownOrAny(app string, sc *judge.Screen) (bool, string) {
	if app == "" {
		return !sc.IsLauncher() && !sc.PromptInFront() && !blankOCR(sc), ""
	}
	return appShown(app, sc)
}

// frontOf says what is in front on a screen.
func frontOf(sc *judge.Screen) string {
	switch {
	case sc.IsLauncher():
		return "the home screen"
	case sc.PromptInFront():
		return fmt.Sprintf("a system prompt (%s)", sc.Package)
	}
	return sc.Package
}

// makeVerbs make one new item each.
var makeVerbs = map[string]bool{"create": true, "add": true, "make": true, "log": true, "record": true}

// madeTwice finds the item a clause makes listed twice on the last screen of its app, as
// two items of one list, where the app never showed its name before a form holding it was
// saved: both are new, the item was made twice (evidence rule F6).
func madeTwice(in judge.ReviewInput, specs []spec, apps []string) (int, string) {
	var last *judge.EndFrame
	for i := len(in.End) - 1; i >= 0 && last == nil; i-- {
		if sc := in.End[i].Screen; sc != nil && !sc.OCR && inApp(sc, apps) {
			last = &in.End[i]
		}
	}
	if last == nil || in.Forms == nil {
		return 0, ""
	}
	sc := last.Screen
	for _, sp := range specs {
		if sp.Kind != kindState || !makeVerbs[sp.Verb] {
			continue
		}
		for _, v := range sp.Values {
			if !proofName(v.Text) || v.Number {
				continue
			}
			count := map[string][]string{}
			for _, e := range sc.Elements {
				if sc.IsContent(e) && e.ID != "" && v.In(strings.ToLower(e.Text)) {
					count[e.ID] = append(count[e.ID], e.Text)
				}
			}
			for _, texts := range count {
				if len(texts) < 2 || texts[0] != texts[1] {
					continue
				}
				saved, ok := firstSaveHolding(in.Forms, v, sc.Package)
				first, shown := in.Forms.Shown[sc.Package+"\x00"+screentext.Squeeze(texts[0])]
				if ok && shown && first > saved {
					return last.Index, fmt.Sprintf("frame %d lists %q twice, and the app showed it first at frame %d, after the form holding it was saved at frame %d: the item was made twice",
						last.Index, texts[0], first, saved)
				}
			}
		}
	}
	return 0, ""
}

// askedCount is a task asking for something more than once: "twice", "3 times", "each".
var askedCount = regexp.MustCompile(`(?i)\b(twice|thrice|times|each|every|both|all)\b`)

// sentTwice finds a message a send clause sends once committed twice into the same
// conversation: two sends of the same form (the same app, the same page title) holding the
// same text. Each send of a message makes a new one, so the conversation holds one more
// than asked (evidence rule F6). A task that asks for a count is left alone.
func sentTwice(in judge.ReviewInput, specs []spec) (int, string) {
	sends := false
	for _, sp := range specs {
		sends = sends || sp.Kind == kindState && sendVerbs[sp.Verb]
	}
	if !sends || in.Forms == nil || askedCount.MatchString(in.Task) {
		return 0, ""
	}
	first := map[string]judge.SavedForm{}
	for _, s := range in.Forms.Saved {
		var text []string
		for _, f := range s.Fields {
			if !f.Chosen && !f.Picked && strings.TrimSpace(f.Value) != "" {
				text = append(text, f.Value)
			}
		}
		if len(text) == 0 {
			continue
		}
		key := s.Package + "\x00" + s.Title + "\x00" + strings.Join(text, "\x00")
		if p, ok := first[key]; ok {
			return s.Frame, fmt.Sprintf("the same text %q was sent at frame %d and again at frame %d, in the same conversation %q: one message was asked",
				strings.Join(text, " "), p.Submitted, s.Submitted, s.Title)
		}
		first[key] = s
	}
	return 0, ""
}

// firstSaveHolding is the frame the first form of the app holding the value was saved on.
func firstSaveHolding(forms *judge.Forms, v value, pkg string) (int, bool) {
	for _, s := range forms.Saved {
		if s.Package != pkg && s.Landed != pkg {
			continue
		}
		for _, f := range s.Fields {
			if v.In(strings.ToLower(f.Value)) {
				return s.Submitted, true
			}
		}
	}
	return 0, false
}

// stateWanted is the state a running clause asks for.
func stateWanted(sp spec) string {
	if sp.Want {
		return "running"
	}
	return "paused"
}

// stateMeets reports whether a state the controls show is what a running clause asks for:
// running, or for a pause not running (paused, or never started).
func stateMeets(sp spec, st string) bool {
	if sp.Want {
		return st == "running"
	}
	return st == "paused" || st == "idle"
}

// namesAll reports whether a screen shows every word.
func namesAll(ev *shown, words []string) bool {
	for _, w := range words {
		if !ev.hasWord(w) {
			return false
		}
	}
	return len(words) > 0
}

// brokenInstruction finds where the run did what the task said not to do (evidence rule
// F5): a form saved when the task said not to save, the thing it said not to start shown
// running on a screen of the run's end. It returns the frame and what was found, "" for
// nothing.
func brokenInstruction(in judge.ReviewInput) (int, string) {
	for _, sp := range forbidden(in.Task) {
		if saveVerbs[sp.Verb] && in.Forms != nil && len(in.Forms.Saved) > 0 {
			s := in.Forms.Saved[len(in.Forms.Saved)-1]
			return s.Frame, fmt.Sprintf("the task says %q, and %s", sp.Text, strings.TrimPrefix(s.String(), "saved form: "))
		}
		if sp.Kind != kindRunning {
			continue
		}
		for _, f := range in.End {
			if f.Screen == nil || f.Screen.OCR || !namesAll(newEvidence(f.Screen), sp.Words) {
				continue
			}
			if st, controls := runState(f.Screen); stateMeets(sp, st) {
				return f.Index, fmt.Sprintf("the task says %q, and at frame %d the controls offered (%s) show %v %s", sp.Text, f.Index, strings.Join(controls, ", "), sp.Words, st)
			}
		}
	}
	return 0, ""
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
		sp := onNotedDay(parseSpec(f.Node.Content), f.Node.Content, in.Task, in.Notes)
		if sp.Kind == kindGone && sp.Dups && len(sp.Objects) == 0 && against == "" {
			against = duplicatesLeft(in, last, lastFrame)
		}
		if msg, ok := uncheckable(f.Node.Content, sp, in.Answer); ok {
			why = append(why, fmt.Sprintf("substate %d: %s", f.Node.ID, msg))
			continue
		}
		if sp.Kind == kindGone && sp.All && (last == nil || last.OCR) {
			// Screenshot text shows no list views: a list emptied cannot be read there.
			why = append(why, fmt.Sprintf("substate %d: every item of a kind to be gone, and the run ends on a screenshot, whose text shows no list to see emptied unless the page says it is empty", f.Node.ID))
			continue
		}
		if sp.Kind == kindLevel {
			if at, label, ok := valuelessSlider(in, sp); ok {
				// The agent moved a slider whose position no screen writes as a number.
				why = append(why, fmt.Sprintf("substate %d: frame %d shows the slider %q, and no screen writes its level", f.Node.ID, at, label))
				continue
			}
		}
		if sp.Kind == kindRunning && last != nil && !last.OCR && namesAll(newEvidence(last), sp.Words) {
			if st, _ := runState(last); st == "" {
				// The thing is on the last screen, but no control it offers says its state.
				why = append(why, fmt.Sprintf("substate %d: the last screen shows %v with no control that tells whether it runs", f.Node.ID, sp.Words))
				continue
			}
		}
		if sp.Kind == kindToggle && last != nil {
			if label, ok := unreadSwitch(last, sp.switchTerms(), !sp.Want); ok {
				why = append(why, fmt.Sprintf("substate %d: the last screenshot shows %q with no switch whose state its pixels show", f.Node.ID, label))
				continue
			}
		}
		checkable++
		if against == "" && sp.Kind == kindAnswer {
			if note := noted(in, noteAgainst, f.Node.ID); note != "" {
				against = note // a screen showed what the question asks about, against the answer
			}
		}
		if against == "" {
			against = stillAtSource(in, sp)
		}
		if against == "" && last != nil && (!last.OCR || sp.Kind == kindToggle) {
			// A screenshot's switch is read only in a state its pixels show.
			against = absentAtEnd(sp, last, lastFrame)
		}
	}
	if f, msg := brokenInstruction(in); msg != "" {
		m := cite("F5", msg)
		return trace.Outcome{Verdict: trace.RunFailure, Rules: []string{"F5"}, Frame: &f, Reason: m, Review: review(in, m)}
	}
	o := judge.Unreached(in, against)
	if o.Verdict == trace.RunFailure && len(o.Rules) == 1 && o.Rules[0] == "F4" {
		if msg := partlyShown(in); msg != "" {
			// The goal was not shown whole, but part of it was and nothing is against the
			// rest: the run's end is no evidence against it.
			m := cite("C4", msg)
			return trace.Outcome{Verdict: trace.RunCannotTell, Rules: []string{"C4"}, Reason: m, Review: review(in, m)}
		}
	}
	if o.Verdict == trace.RunFailure && checkable == 0 && !citesAny(o.Rules, "F1", "F2", "F3") {
		// Nothing left open is a fact the rules can read: the run's end is no evidence
		// against it.
		msg := cite("C3", strings.Join(why, "; "))
		return trace.Outcome{Verdict: trace.RunCannotTell, Rules: []string{"C3"}, Reason: msg, Review: review(in, msg)}
	}
	o.Review = review(in, o.Reason)
	return o
}

// partlyShown says which unreached substate the screens showed in part, with nothing
// against the rest (evidence rule C4), "" when none: a move whose item was listed at its
// destination while its source was never seen without it.
func partlyShown(in judge.ReviewInput) string {
	for _, f := range in.Found {
		if f.Reached || f.Node.Optional {
			continue
		}
		if note := noted(in, notePart, f.Node.ID); note != "" {
			return strings.TrimSpace(strings.TrimPrefix(note, notePart))
		}
		sp := parseSpec(f.Node.Content)
		if sp.Kind != kindMove || sp.To == nil || in.Listings == nil {
			continue
		}
		for _, o := range sp.Objects {
			if at, title, ok := listedOn(in.Listings, o, *sp.To); ok {
				return fmt.Sprintf("substate %d: %q was listed at its destination %q (frame %d), and no screen after that showed its source %s, with it or without it",
					f.Node.ID, o.Text, title, at, sourceName(sp))
			}
		}
	}
	return ""
}

// valuelessSlider finds, on the screens of the run's end, a slider for the setting a level
// clause names (a seek bar whose label names it) where no percentage is written for the
// setting: a level the judge cannot read (evidence rule C3).
func valuelessSlider(in judge.ReviewInput, sp spec) (int, string, bool) {
	for _, f := range in.End {
		if f.Screen == nil || f.Screen.OCR {
			continue
		}
		if ok, why := judgeLevel(sp, f.Screen, nil); ok || strings.Contains(why, ", not ") {
			return 0, "", false // a screen of the end writes the level
		}
	}
	for i := len(in.End) - 1; i >= 0; i-- {
		sc := in.End[i].Screen
		if sc == nil || sc.OCR {
			continue
		}
		for _, e := range sc.Elements {
			if e.Role == judge.RoleKeyboard || !slider(e) {
				continue
			}
			label := screentext.Squeeze(e.Text + " " + e.Desc)
			for _, w := range sp.Words {
				if strings.Contains(label, screentext.Squeeze(w)) {
					return in.End[i].Index, cmp.Or(e.Text, e.Desc), true
				}
			}
		}
	}
	return 0, "", false
}

// slider reports whether an element is a slider: a seek bar, or a control whose class or id
// says it slides.
func slider(e judge.Element) bool {
	s := strings.ToLower(e.Class + " " + judge.ShortID(e.ID))
	return strings.Contains(s, "seekbar") || strings.Contains(s, "slider")
}

// noted finds the note the reasoner kept about substate id with the given mark ("[F3]
// substate 2: frame 4: ..."), "" for none.
func noted(in judge.ReviewInput, mark string, id int) string {
	prefix := fmt.Sprintf("%s substate %d:", mark, id)
	for _, n := range in.Notes {
		if i := strings.Index(n, prefix); i >= 0 {
			return mark + " " + strings.TrimSpace(n[i+len(prefix):])
		}
	}
	return ""
}

// listedOn is the last frame an item was listed on a page whose title names the place, and
// that title.
func listedOn(m *judge.Listings, o, place value) (int, string, bool) {
	if m == nil {
		return 0, "", false
	}
	at, title := -1, ""
	for _, it := range m.Items {
		if place.In(strings.ToLower(it.Title)) && o.In(strings.ToLower(it.Label)) && it.Frame > at {
			at, title = it.Frame, it.Title
		}
	}
	return at, title, at >= 0
}

// stillAtSource is evidence rule F3 for a move: its item listed at its source after it was
// listed at its destination (listed at both, the later at the source: a copy, or a move
// that did not take); "" when not.
func stillAtSource(in judge.ReviewInput, sp spec) string {
	if sp.Kind != kindMove || sp.To == nil || sp.From == nil {
		return ""
	}
	for _, o := range sp.Objects {
		dest, _, atDest := listedOn(in.Listings, o, *sp.To)
		src, title, atSrc := listedOn(in.Listings, o, *sp.From)
		if atDest && atSrc && src > dest {
			return cite("F3", fmt.Sprintf("%q was listed at its destination at frame %d and still at its source %q at frame %d", o.Text, dest, title, src))
		}
	}
	return ""
}

func sourceName(sp spec) string {
	if sp.From != nil {
		return strconv.Quote(sp.From.Text)
	}
	return "page"
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
		if yesNo(answer) != 0 && sp.Attribute != "" && len(sp.Values) > 0 {
			return "", false // a yes/no about an attribute an item's row shows
		}
		if strings.TrimSpace(answer) != "" && len(answerParts(answer)) == 0 {
			return fmt.Sprintf("the answer %q has nothing a screen could show", answer), true
		}
		return "", false
	case kindGone:
		if len(sp.Objects) == 0 && sp.Dups {
			return "the copies of repeated items to be gone: rows that look alike may differ in fields the list does not show, so which are exact copies cannot be told from the list", true
		}
		if len(sp.Objects) == 0 && !sp.All {
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
	case kindClipboard:
		return "", false
	case kindRunning:
		if len(sp.Words) == 0 {
			return fmt.Sprintf("nothing named to %s", sp.Verb), true
		}
		return "", false
	}
	if to, ok := onlyDestinations(sp); ok {
		return fmt.Sprintf("an action (%s) whose values name only where its result comes from or goes (%s), not what it makes", sp.Verb, to), true
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
	case kindRunning:
		if !namesAll(ev, sp.Words) {
			return ""
		}
		if st, controls := runState(sc); st != "" && !stateMeets(sp, st) {
			return cite("F3", fmt.Sprintf("the controls offered (%s) show %v %s on the run's last screen (frame %d)", strings.Join(controls, ", "), sp.Words, st, frame))
		}
	case kindMove:
		title := strings.ToLower(sc.Title)
		if sp.From == nil || !(title != "" && sp.From.In(title) || sc.Place != "" && sp.From.In(strings.ToLower(sc.Place))) {
			return ""
		}
		for _, o := range sp.Objects {
			if ev.has(o) {
				return cite("F3", fmt.Sprintf("%q, to be moved, is still listed on its source page %q on the run's last screen (frame %d)", o.Text, sc.Title, frame))
			}
		}
	case kindLevel:
		if ok, why := judgeLevel(sp, sc, nil); !ok && strings.Contains(why, ", not ") {
			return cite("F3", strings.TrimPrefix(why, cite("E6", ""))+fmt.Sprintf(" on the run's last screen (frame %d)", frame))
		}
	}
	return ""
}

// shownAtEnd is a clause asking for a screen to be displayed ("ensure the in-call screen
// is displayed with ...", "make sure the page stays shown"): a state the run must end in.
var shownAtEnd = regexp.MustCompile(`(?i)\b(?:ensure|make sure)\b.*\b(?:is|are|be|remains?|stays?)\s+(?:displayed|shown|visible|open|on screen)\b`)

// notShownAtEnd is evidence rule L1 for a screen the task asks to be displayed: what it
// shows must still show on the run's last screen; a call ended, a page left or a dialog
// closed after it was reached undoes it.
func notShownAtEnd(in judge.ReviewInput, specs []spec) (int, string) {
	last := in.End[len(in.End)-1]
	if last.Screen == nil {
		return 0, ""
	}
	ev := newEvidence(last.Screen)
	for _, sp := range specs {
		if sp.Kind != kindState || !sp.AtEnd {
			continue
		}
		for _, v := range sp.Values {
			if !ev.has(v) {
				return last.Index, fmt.Sprintf("the task asks for a screen displayed with %q, shown at frame %d, and the run's last screen (frame %d) no longer shows it", v.Text, in.ReachedAt, last.Index)
			}
		}
	}
	return 0, ""
}
