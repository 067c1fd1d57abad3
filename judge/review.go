package judge

import (
	"context"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/autoeval/autoeval/judge/evidence"
	"github.com/autoeval/autoeval/judge/screentext"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// After the frames are judged, the run gets its verdict: success, failure or cannot tell
// (trace.Outcome). A success needs every required substate reached and a last look at the
// run's end that finds nothing undoing it (evidence rules L1-L3); a failure needs evidence
// against the run (F1-F6); otherwise the judge cannot tell (C1-C5). The judge kind's
// Reviewer takes the last look: the heuristic by rules over the end's screens and memory,
// the model judge by a review call with its own prompt. What every kind shares (reading the
// end, the rules for a run that did not reach everything, the checks on what a reviewer
// says) is here.

// A Reviewer decides the run's verdict from what the frames showed and the run's end.
type Reviewer interface {
	Review(ctx context.Context, in ReviewInput) (trace.Outcome, trace.Usage, error)
}

// ReviewInput is what the last look reads.
type ReviewInput struct {
	Task string
	Subs *substate.List
	// Found is each substate (in Subs' order) with what the judge found of it.
	Found []Found
	// AllReached: every required substate was reached (every substate, when none is
	// required). ReachedAt is the frame the last of them was reached at.
	AllReached bool
	ReachedAt  int
	// Status is how the recording ended (trace.Status*); Frames how many frames it has and
	// LastFrame the index of the last.
	Status    string
	Frames    int
	LastFrame int
	// End are the frames of the run's end, in order: those after ReachedAt when every
	// required substate was reached, else the last frames. Only the last few are
	// described; Omitted counts the earlier ones left out.
	End     []EndFrame
	Omitted int
	// Listings and Forms are the judge's memory at the end of the run (every frame taken
	// in, those after an early stop too), Notes the critical_info noted on the way.
	Listings *Listings
	Forms    *Forms
	Notes    []string
	// Answer is the agent's reported answer, "" for none.
	Answer string
}

// Found is a substate and what the judge found of it.
type Found struct {
	Node     substate.Node
	Reached  bool
	Frame    int    // where it was reached, or where it was last judged when not reached
	Analysis string // why it was reached, or the last word on why not
}

// EndFrame is one frame of the run's end.
type EndFrame struct {
	Index  int
	Desc   string  // "" when the frame could not be described, or was left out
	Screen *Screen // nil when described by a vision model, or not read
	Action *trace.Action
	// Skip says why the frame could not be read, "" when it was.
	Skip string
}

// maxEndScreens bounds the frames of the end that are described (and, for the model judge,
// read to it): the last look reads the run's last screens, and memory covers the rest. Of
// frames only a vision model reads, only the last is described anew.
const maxEndScreens = 3

// abnormalEnd reports whether a recording stopped before the run ended. A timeout is not
// such a stop: the step or time budget ran out, which ends the run itself (AndroidWorld scores
// the state its step budget leaves; the observer stops the agent and records the screen it
// left), so the last screens are the run's end (evidence rules C1, F4).
func abnormalEnd(status string) bool {
	switch status {
	case trace.StatusCrashed, trace.StatusDeviceLost, trace.StatusStopped, trace.StatusNotStarted:
		return true
	}
	return false
}

// outcome decides the run's verdict once the frames are judged; the usage is what the end's
// captures and the review cost.
func (l *loop) outcome(ctx context.Context, rv Reviewer, j *trace.Judgment) (trace.Outcome, trace.Usage, error) {
	if j.Undetermined {
		return trace.Outcome{Verdict: trace.RunCannotTell, Rules: []string{"C3"},
			Reason: evidence.Cite("C3") + " the judge could not judge the trace: " + j.UndeterminedReason}, trace.Usage{}, nil
	}
	in, usage, err := l.reviewInput(ctx)
	if err != nil {
		return trace.Outcome{}, usage, err
	}
	if !in.AllReached && abnormalEnd(in.Status) {
		return trace.Outcome{Verdict: trace.RunCannotTell, Rules: []string{"C1"},
			Reason: fmt.Sprintf("%s the recording ended with status %s before the run did, and %s", evidence.Cite("C1"), in.Status, unreachedText(in))}, usage, nil
	}
	o, u, err := rv.Review(ctx, in)
	usage.Add(u)
	if err != nil {
		return trace.Outcome{}, usage, err
	}
	return checkOutcome(o, in), usage, nil
}

// checkOutcome holds every reviewer to the method: a success needs every required substate
// reached, a failure evidence against the run; what breaks either is "cannot tell".
func checkOutcome(o trace.Outcome, in ReviewInput) trace.Outcome {
	switch o.Verdict {
	case trace.RunSuccess:
		if !in.AllReached {
			o.Verdict, o.Rules = trace.RunCannotTell, nil
			o.Reason = "the review called the run a success with required substates not reached: " + o.Reason
		}
	case trace.RunFailure:
		if !citesKind(o.Rules, evidence.Against, evidence.LastLook) {
			o.Verdict = trace.RunCannotTell
			o.Reason = "a failure needs evidence against the run, and the review cited none: " + o.Reason
		}
	case trace.RunCannotTell:
	default:
		o = trace.Outcome{Verdict: trace.RunCannotTell, Reason: fmt.Sprintf("the review gave no verdict (%q)", o.Verdict), Review: o.Review}
	}
	return o
}

// citesKind reports whether one of ids is a rule of the given kinds.
func citesKind(ids []string, kinds ...evidence.Kind) bool {
	for _, id := range ids {
		for _, r := range evidence.Of(kinds...) {
			if r.ID == id {
				return true
			}
		}
	}
	return false
}

// requiredContents are the contents of the required substates, lowercased.
func requiredContents(in ReviewInput) []string {
	var out []string
	for _, f := range in.Found {
		if required(f.Node, in.Subs) {
			out = append(out, strings.ToLower(f.Node.Content))
		}
	}
	return out
}

// unreachedText names the required substates not reached: "substates 2 and 3 were never shown".
func unreachedText(in ReviewInput) string {
	var ids []string
	for _, f := range in.Found {
		if !f.Reached && required(f.Node, in.Subs) {
			ids = append(ids, fmt.Sprint(f.Node.ID))
		}
	}
	switch len(ids) {
	case 0:
		return "every required substate was reached"
	case 1:
		return "substate " + ids[0] + " was never shown"
	}
	return "substates " + strings.Join(ids[:len(ids)-1], ", ") + " and " + ids[len(ids)-1] + " were never shown"
}

// required reports whether a substate must be reached for a success: a non-optional one,
// or any when the list has no required substate.
func required(n substate.Node, subs *substate.List) bool {
	if !n.Optional {
		return true
	}
	for _, m := range subs.Nodes {
		if !m.Optional {
			return false
		}
	}
	return true
}

// reviewInput gathers what the last look reads: the substates, the run's end (described
// afresh: descriptions are not kept once reasoned over) and the memory at the end. Frames
// after an early stop are taken into a copy of the memory, never into the saved state: a
// rerun must find the state as the frames left it.
func (l *loop) reviewInput(ctx context.Context) (ReviewInput, trace.Usage, error) {
	var usage trace.Usage
	in := ReviewInput{Task: l.task, Subs: l.subs, Status: l.t.Status, Frames: len(l.t.Frames), Answer: l.t.FinalAnswer()}
	if n := len(l.t.Frames); n > 0 {
		in.LastFrame = l.t.Frames[n-1].Index
	}
	in.AllReached = true
	for _, n := range l.subs.Nodes {
		f := Found{Node: n}
		if h, ok := l.st.Satisfied[n.ID]; ok {
			f.Reached, f.Frame, f.Analysis = true, h.Frame, h.Analysis
			if required(n, l.subs) {
				in.ReachedAt = max(in.ReachedAt, h.Frame)
			}
		} else {
			if h, ok := l.st.Last[n.ID]; ok {
				f.Frame, f.Analysis = h.Frame, h.Analysis
			}
			if required(n, l.subs) {
				in.AllReached = false
			}
		}
		in.Found = append(in.Found, f)
	}
	for _, f := range l.st.Facts {
		in.Notes = append(in.Notes, fmt.Sprintf("(frame %d) %s", f.Frame, f.Text))
	}
	lst, frm, err := copyMemory(l.st.Listings, l.st.Forms)
	if err != nil {
		return in, usage, err
	}
	in.Listings, in.Forms = lst, frm
	// The end: the frames after the last required substate was reached, or the last frames.
	from := 0
	if in.AllReached {
		for from < len(l.t.Frames) && l.t.Frames[from].Index <= in.ReachedAt {
			from++
		}
	} else {
		from = max(0, len(l.t.Frames)-maxEndScreens)
	}
	judged := len(l.st.Frames) // frames before this were taken into the memory already
	describeFrom := max(from, len(l.t.Frames)-maxEndScreens)
	in.Omitted = describeFrom - from
	prevDesc := ""
	for i := from; i < len(l.t.Frames); i++ {
		f := &l.t.Frames[i]
		describe := i >= describeFrom
		if !describe && i < judged {
			continue // in the memory already, and not among the screens read
		}
		ef := EndFrame{Index: f.Index, Action: f.Action}
		c, kept := l.kept[i]
		switch {
		case kept:
		case describe && (l.cap.free(l.t, f) || in.AllReached && i == len(l.t.Frames)-1):
			// Described as the reasoner read it. A model describes at most the last frame
			// again, and only for a run that reached everything: one that did not is
			// decided by rules.
			c, err = l.cap.capture(ctx, l.t, f)
			usage.Add(c.Usage)
			if err != nil {
				return in, usage, err
			}
		default:
			rd := newReading(l.t, f)
			c.Screen, c.Skip = l.cap.screenOnly(ctx, l.t, f, rd)
			c.Sums = rd.final()
			if c.Screen != nil {
				c.Desc = c.Screen.render()
			}
		}
		if i < judged && l.st.Frames[i].Skipped && !strings.HasPrefix(l.st.Frames[i].SkipReason, rejectedPrefix) {
			c.Skip = l.st.Frames[i].SkipReason // the loop could not read it either
		}
		ef.Screen, ef.Skip = c.Screen, c.Skip
		if describe {
			ef.Desc = c.Desc
		}
		if i >= judged {
			// What the review read of the frames the loop did not, for the provenance.
			l.endSums = append(l.endSums, c.Sums)
			// After an early stop: into the copy of the memory, as the loop would have.
			switch {
			case c.Skip != "":
				in.Listings.observe(f.Index, nil, f.Action)
				in.Forms.observe(f.Index, nil, f.Action, false)
			case c.Screen == nil:
				in.Listings.observe(f.Index, nil, f.Action)
			case prevDesc != "" && c.Desc == prevDesc:
				in.Listings.observe(f.Index, nil, f.Action)
				in.Forms.observe(f.Index, c.Screen, f.Action, true)
			default:
				in.Listings.observe(f.Index, c.Screen, f.Action)
				in.Forms.observe(f.Index, c.Screen, f.Action, false)
			}
			prevDesc = c.Desc
		}
		in.End = append(in.End, ef)
	}
	if ctx.Err() != nil {
		return in, usage, ctx.Err()
	}
	return in, usage, nil
}

// copyMemory deep-copies the memory, so the end's frames can be taken in without changing
// the state that is saved.
func copyMemory(l *Listings, f *Forms) (*Listings, *Forms, error) {
	data, err := json.Marshal(struct {
		L *Listings
		F *Forms
	}{l, f})
	if err != nil {
		return nil, nil, err
	}
	var out struct {
		L *Listings
		F *Forms
	}
	if err := json.Unmarshal(data, &out); err != nil {
		return nil, nil, err
	}
	if out.L == nil {
		out.L = newListings()
	}
	if out.F == nil {
		out.F = newForms()
	}
	if out.L.Items == nil {
		out.L.Items = map[string]*listed{}
	}
	if out.L.Titles == nil {
		out.L.Titles = map[string]int{}
	}
	return out.L, out.F, nil
}

// free reports whether a frame is described without a model call.
func (c *capturer) free(t *trace.Trace, f *trace.Frame) bool {
	hasHier, hasImage := has(t, f)
	switch c.mode {
	case CaptureXML, CaptureOCR:
		return true
	case CaptureVision:
		return false
	case CaptureBoth:
		return !hasImage
	}
	return hasHier || c.model == nil
}

// screenOnly reads a frame's structured screen without any model: its hierarchy, else its
// screenshot by OCR where the capture mode reads screenshots so. The string says why there
// is none; rd records what was read.
func (c *capturer) screenOnly(ctx context.Context, t *trace.Trace, f *trace.Frame, rd *reading) (*Screen, string) {
	hasHier, hasImage := has(t, f)
	if hasHier && c.mode != CaptureOCR {
		sc, err := readScreen(t, f, rd)
		if err != nil {
			return nil, err.Error()
		}
		return sc, ""
	}
	if hasImage && (c.mode == CaptureOCR || c.mode == CaptureAuto && c.model == nil) {
		got, err := c.ocr(ctx, t, f, true, rd)
		if err != nil {
			return nil, err.Error()
		}
		return got.Screen, got.Skip
	}
	if !hasHier && !hasImage {
		return nil, fmt.Sprintf("frame %d has no UI XML, elements or screenshot", f.Index)
	}
	return nil, "" // only a vision model reads it
}

// Unreached decides the verdict of a run that did not reach every required substate and
// whose recording ended with it, by the rules every kind of judge shares: evidence against
// it on the end's screens or in the memory is a failure (F1 an error on the last screen, F2
// a form left without being committed); a last action that could have produced the result
// with nothing shown after it, or a save the screens after show nothing of (C2), or a last
// screen that cannot be read (C3), leaves the judge unable to tell; otherwise the run ended
// elsewhere with its goal never shown (F4). against adds a kind's own evidence against (F3,
// read off the last screen), cited like the rest; it may be "". What came last decides
// between a save the screens show nothing of and a form dropped.
func Unreached(in ReviewInput, against string) trace.Outcome {
	if len(in.End) > 0 {
		last := in.End[len(in.End)-1]
		if last.Skip != "" {
			return trace.Outcome{Verdict: trace.RunCannotTell, Rules: []string{"C3"}, Frame: intPtr(last.Index),
				Reason: fmt.Sprintf("%s the last frame (%d) cannot be read (%s), and %s", evidence.Cite("C3"), last.Index, last.Skip, unreachedText(in))}
		}
		if last.Screen != nil && last.Screen.OCR && !hasContent(last.Screen) && inputOnly(last.Screen) == "" {
			return trace.Outcome{Verdict: trace.RunCannotTell, Rules: []string{"C3"}, Frame: intPtr(last.Index),
				Reason: fmt.Sprintf("%s the last screenshot (frame %d) shows no text OCR could read as an app's, and %s", evidence.Cite("C3"), last.Index, unreachedText(in))}
		}
		if last.Screen != nil {
			if msg := errorShown(last.Screen); msg != "" && !last.Screen.OCR {
				return trace.Outcome{Verdict: trace.RunFailure, Rules: []string{"F1"}, Frame: intPtr(last.Index),
					Reason: fmt.Sprintf("%s the last frame (%d) shows the error %q, and %s", evidence.Cite("F1"), last.Index, msg, unreachedText(in))}
			}
		}
	}
	if what, ok := pendingCommit(in); ok {
		// The last screen is from before the last action: nothing shows what it did.
		return trace.Outcome{Verdict: trace.RunCannotTell, Rules: []string{"C2"}, Frame: intPtr(in.LastFrame),
			Reason: fmt.Sprintf("%s the run's last action (%s, on frame %d) could have produced the result and no screen after it shows what came of it; %s", evidence.Cite("C2"), what, in.LastFrame, unreachedText(in))}
	}
	if against != "" {
		return trace.Outcome{Verdict: trace.RunFailure, Rules: evidence.Cited(against), Reason: against + ", and " + unreachedText(in)}
	}
	d, dropped := in.Forms.lastDroppedOf(requiredContents(in))
	if at, ok := in.Forms.PendingSave(); ok && (!dropped || at > d.Frame) {
		return trace.Outcome{Verdict: trace.RunCannotTell, Rules: []string{"C2"}, Frame: intPtr(at),
			Reason: fmt.Sprintf("%s the agent saved a form at frame %d and the screens after it show the form unchanged, with no sign the save went through or failed; %s", evidence.Cite("C2"), at, unreachedText(in))}
	}
	if dropped {
		return trace.Outcome{Verdict: trace.RunFailure, Rules: []string{"F2"}, Frame: intPtr(d.Frame),
			Reason: fmt.Sprintf("%s %s, and %s", evidence.Cite("F2"), d, unreachedText(in))}
	}
	how := "the run ended"
	switch in.Status {
	case trace.StatusCompleted:
		how = "the agent stopped"
	case trace.StatusTimeout:
		how = "the run's step or time budget ran out"
	}
	return trace.Outcome{Verdict: trace.RunFailure, Rules: []string{"F4"}, Frame: intPtr(in.LastFrame),
		Reason: fmt.Sprintf("%s %s at frame %d and %s", evidence.Cite("F4"), how, in.LastFrame, unreachedText(in))}
}

// committing matches the labels of controls whose tap carries out a task's last step.
var committing = regexp.MustCompile(`(?i)\b(save|done|ok|okay|add|create|confirm|submit|apply|send|post|delete|remove|move|copy|paste|finish|update|set|start|allow|yes)\b`)

// pendingCommit reports the last frame's action when it could have produced the result and
// no frame after it shows what came of it: a tap on a control that saves, sends, deletes and
// the like, or the enter key.
func pendingCommit(in ReviewInput) (string, bool) {
	if len(in.End) == 0 {
		return "", false
	}
	last := in.End[len(in.End)-1]
	a := last.Action
	if a == nil {
		return "", false
	}
	switch a.Type {
	case "key":
		if k := strings.ToLower(strings.TrimSpace(a.Text)); k == "enter" {
			return "pressed enter", true
		}
	case "tap":
		if last.Screen == nil || a.X == nil || a.Y == nil {
			return "", false
		}
		e, ok := tapTarget(last.Screen, *a.X, *a.Y)
		if !ok || e.Editable {
			return "", false
		}
		// A control's text may name its mode ("SMS") where its description names its job
		// ("Send"): either, or its id, may say it commits.
		for _, label := range []string{e.Text, e.Desc, strings.ReplaceAll(ShortID(e.ID), "_", " ")} {
			if label != "" && committing.MatchString(label) {
				return fmt.Sprintf("tapped %q", screentext.Clip(label)), true
			}
		}
	}
	return "", false
}

func intPtr(i int) *int { return &i }

// inputOnly says what a screenshot without app text does show, "" for nothing readable:
// the keyboard, text typed into a field or a search box, the system's prompt in front. Such
// a screen is read, and shows the run ending with nothing committed.
func inputOnly(sc *Screen) string {
	if sc.PromptInFront() {
		return "the system's prompt"
	}
	for _, e := range sc.Elements {
		if strings.TrimSpace(e.Text) != "" && (e.Mark == MarkTyped || e.Mark == MarkSearch) {
			return "text typed into a field, not committed"
		}
	}
	if sc.Keyboard != "" {
		return "the keyboard"
	}
	return ""
}

// hasContent reports whether a screen shows any text as an app's own content.
func hasContent(sc *Screen) bool {
	for _, e := range sc.Elements {
		if sc.IsContent(e) && strings.TrimSpace(e.Text+e.Desc) != "" {
			return true
		}
	}
	return false
}
