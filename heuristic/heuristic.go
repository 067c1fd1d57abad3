// Package heuristic is the model-free judge, a transparent baseline: fixed rules read each
// substate (clause.go: the app it names, the values a screen must show, the kind of result)
// and check it against the structured screen and the judge's memory of earlier frames
// (heuristic.go). It implements judge's Reasoner seam and registers itself as the kind
// trace.JudgeHeuristic, so judge runs it through the same loop, capture and Checker as the
// model judge; a program offers it by importing this package. Without a model to
// decompose a task, its clause rules also derive the substates (DeriveSubstates).
package heuristic

import (
	"cmp"
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/judge/evidence"
	"github.com/autoeval/autoeval/judge/screentext"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// Version names the rule set of the heuristic baseline; bump it when a rule changes
// so saved progress of the old rules is not resumed.
const Version = "heuristic/v25"

func init() { judge.Register(trace.JudgeHeuristic, driver{}) }

// driver is the model-free baseline: fixed rules over the structured screen.
type driver struct{}

func (driver) Check(c *judge.Config) error {
	if c.Capture == judge.CaptureVision || c.Capture == judge.CaptureBoth {
		return fmt.Errorf("the heuristic judge reads only UI XML / elements or OCR text; --capture %s needs the LLM judge", c.Capture)
	}
	c.CaptureModel = nil
	return nil
}

func (driver) Record(ji *trace.JudgeInfo, _ *judge.Config, _ bool) {
	ji.PromptVersions = map[string]string{"heuristic": Version}
	if ji.Notice == "" {
		ji.Notice = "heuristic baseline: transparent rules over the UI hierarchy (or OCR text), not the model judge"
	}
}

func (driver) Reasoner(*judge.Config, string) judge.Reasoner { return &reasoner{} }

func (driver) Reviewer(*judge.Config, string) judge.Reviewer { return &lastLook{} }

func (driver) UsesModel() bool { return false }

// DeriveSubstates builds substates from the task text by the heuristic's clause rules.
func (driver) DeriveSubstates(task, app string) *substate.List {
	return DeriveSubstates(task, app)
}

// reasoner judges with fixed rules over the structured screen and the judge's
// memory of earlier frames; it calls no model. One serves one judging loop (one goroutine).
type reasoner struct {
	// specs holds each substate content read once: the rules ask the same substates on
	// every frame, and reading a clause is most of their cost.
	specs map[string]spec
	// task is the task read for openForm: whether it says not to save (the filled form is
	// the goal).
	task     string
	openForm bool
	// notes are what this frame asks the memory to keep (critical_info): what an answer
	// was found against, or only in part, for the last look.
	notes []string
	// cons are the constraints the task states (constraints.go), read once per task
	// (conTask, when conRead): most tasks state none.
	conRead bool
	conTask string
	cons    []constraint
}

// noteOnce keeps a note about substate id for the last look, once per kind of note.
func (h *reasoner) noteOnce(in judge.ReasonInput, id int, note string) {
	prefix := fmt.Sprintf("%s substate %d:", note[:strings.IndexByte(note, ']')+1], id)
	for _, f := range in.Facts {
		if strings.HasPrefix(f.Text, prefix) {
			return
		}
	}
	h.notes = append(h.notes, fmt.Sprintf("%s frame %d: %s", prefix, in.Frame, strings.TrimSpace(note[strings.IndexByte(note, ']')+1:])))
}

// lastNote is the submatches of the latest note, kept or made on this frame, that re
// matches; nil for none. Notes a frame would only repeat are not made again.
func (h *reasoner) lastNote(in judge.ReasonInput, re *regexp.Regexp) []string {
	var last []string
	for _, f := range in.Facts {
		if m := re.FindStringSubmatch(f.Text); m != nil {
			last = m
		}
	}
	for _, n := range h.notes {
		if m := re.FindStringSubmatch(n); m != nil {
			last = m
		}
	}
	return last
}

// formIsGoal reports whether the task says not to save, read once per task.
func (h *reasoner) formIsGoal(task string) bool {
	if h.task != task || task == "" {
		h.task, h.openForm = task, keepsFormOpen(task)
	}
	return h.openForm
}

// spec is what a substate's content asks for, read on its first use.
func (h *reasoner) spec(content string) spec {
	sp, ok := h.specs[content]
	if !ok {
		sp = parseSpec(content)
		if h.specs == nil {
			h.specs = map[string]spec{}
		}
		h.specs[content] = sp
	}
	return sp
}

func (h *reasoner) Reason(_ context.Context, in judge.ReasonInput) (*judge.ReasonOutput, trace.Usage, error) {
	out := &judge.ReasonOutput{Thought: "heuristic baseline: rules over the UI hierarchy and what earlier frames listed"}
	got := map[int]bool{}
	var ev *shown // one frame's evidence serves every substate asked on it
	if in.Screen != nil {
		ev = newEvidence(in.Screen)
	}
	h.notes = nil
	defer func() { out.CriticalInfo = append(out.CriticalInfo, h.notes...) }()
	h.observeConstraints(in)
	for _, n := range in.Query.Asked() { // ids ascend and parents precede children
		ok, why := h.verdict(n, in, ev)
		if ok && n.Kind == substate.Unit && n.Parent != nil && !got[*n.Parent] {
			ok, why = false, fmt.Sprintf("%s; but its page %d is not seen on this screen (parent rule)", why, *n.Parent)
		}
		got[n.ID] = ok
		v := trace.VerdictUncertain
		if ok {
			v = trace.VerdictTrue
			if n.Kind == substate.Unit && h.asksByAge() && in.Screen != nil && !in.Screen.IsLauncher() {
				item := pageItem(in.Screen)
				if m := h.lastNote(in, resultPageRe); m == nil || m[2] != strconv.Quote(item) {
					h.notes = append(h.notes, resultPageNote(in.Frame, item))
				}
			}
		}
		out.Substates = append(out.Substates, judge.ReasonVerdict{ID: n.ID, Verdict: v, Analysis: why})
	}
	return out, trace.Usage{}, nil
}

// verdict applies the rules to one substate. The analysis names what was found and, when the
// substate is not reached, what is missing; a substate reached never reads as missing
// anything, since every constraint it names must hold. ev is the evidence of in.Screen.
func (h *reasoner) verdict(n substate.Node, in judge.ReasonInput, ev *shown) (bool, string) {
	sc := in.Screen
	if sc == nil {
		return false, "no UI hierarchy or OCR text on this frame"
	}
	sp := h.spec(n.Content)
	var why []string
	fail := func(msg string) (bool, string) { return false, strings.Join(append(why, msg), "; ") }

	if n.Content == noAppContent {
		switch {
		case sc.IsLauncher() && sc.OCR:
			return false, cite("N5", "the screenshot shows the home screen or the app drawer, no app")
		case sc.IsLauncher():
			return false, cite("N5", fmt.Sprintf("foreground package %q is the launcher", sc.Package))
		case blankOCR(sc):
			return false, blankWhy
		case sc.OCR:
			return true, cite("E4", "OCR text gives no package: a screen other than the home screen is taken for an app")
		}
		return true, cite("E4", fmt.Sprintf("foreground package %s is an app", sc.Package))
	}
	if sp.App != "" {
		ok, msg := appShown(sp.App, sc)
		if !ok {
			return false, msg
		}
		why = append(why, msg)
	}
	if ok, msg := h.reachedByAge(sp, n.Content, in); ok {
		return true, strings.Join(append(why, msg), "; ")
	}
	if v, text := pageVerdict(sc, in.Forms); v == "success" && n.Kind == substate.Unit {
		// The page that set the task judged the attempt a success (E9).
		return true, strings.Join(append(why, cite("E9", fmt.Sprintf("the page writes its own verdict on the attempt, %q", text))), "; ")
	}
	switch sp.Kind {
	case kindAnswer:
		h.noteQuality(sp, in)
		a := judgeAnswer(sp, in.Answer, sc, ev, pagesSeen(in, h.notes), in.Listings)
		if a.note != "" {
			h.noteOnce(in, n.ID, a.note)
		}
		return a.ok, strings.Join(append(why, a.why), "; ")
	case kindGone:
		if sp.Dups && len(sp.Objects) == 0 {
			return h.judgeDuplicates(in, why)
		}
		if day, i, ok := h.goneOnDay(sp, n.Content, in); ok {
			// "Delete all events this Tuesday": every item of that day's page, the day
			// resolved from today's date (C5 compares it here, on the page's title).
			sp.All, sp.Places = true, []value{day.shownBy()}
			ok, msg := judgeGone(sp, sc, ev, in.Listings, why)
			if ok {
				h.notes = append(h.notes, constraintNote(i, holds, in.Frame, fmt.Sprintf("the page of %s emptied", day)))
			}
			return ok, msg
		}
		return judgeGone(sp, sc, ev, in.Listings, why)
	case kindMove, kindCopy:
		return judgeMoveCopy(sp, sc, ev, in.Listings, why)
	case kindLevel:
		return judgeLevel(sp, sc, why)
	case kindRunning:
		return judgeRunning(sp, ev, sc, why)
	case kindClipboard:
		return judgeClipboard(sp, sc, why)
	}
	if ok, msg := sentOnFromSender(sp, sc, in.Listings); ok {
		return true, strings.Join(append(why, msg), "; ")
	}
	if to, ok := onlyDestinations(sp); ok {
		return fail(cite("C3", fmt.Sprintf("an action (%s) whose values name only where its result comes from or goes (%s): what it makes is not named, so no screen can show it made", sp.Verb, to)))
	}
	var found, fromForms, joined, typed []string
	saved := in.Forms.SavedAt(in.Frame, sc.Package)
	formGoal := h.formIsGoal(in.Task)
	if msg := unanswered(sc); msg != "" && !formGoal && len(sp.Values) > 0 && sp.Kind != kindToggle {
		return fail(cite("E2", msg))
	}
	for _, o := range sp.Old {
		if ev.has(o) {
			// An edit's old text still shown: the item may not have changed (E6).
			return fail(cite("E6", fmt.Sprintf("%q, the text the edit replaces, still shows on this screen", o.Text)))
		}
	}
	for _, v := range sp.Values {
		if !ev.has(v) && !(sp.Kind == kindToggle && ev.hasWord(screentext.Squeeze(v.Text))) {
			if parts, ok := ev.joined(v); ok && sp.Kind != kindToggle {
				joined = append(joined, fmt.Sprintf("%q as the adjacent texts %s on one row", v.Text, parts))
				continue
			}
			if how, ok := fileTitled(v, sc, in.Forms, in.Frame); ok && sp.Kind != kindToggle {
				joined = append(joined, how)
				continue
			}
			if how, ok := mediaListed(v, sc); ok && sp.Kind != kindToggle {
				joined = append(joined, how)
				continue
			}
			if f, ok := typedValue(sc, v); ok && formGoal && sp.Kind != kindToggle {
				// The task says not to save: the filled form is the goal.
				typed = append(typed, fmt.Sprintf("%q typed into %s", v.Text, f))
				continue
			}
			// A form committed on this frame saved its values, as they were submitted,
			// though the page it returned to may show only the item's title.
			s, f, rule, ok := savedValue(saved, v)
			if ok && containsWord(sp.Folders, v.Text) && madeFile(s) {
				return fail(cite("E6", fmt.Sprintf("%q was saved by a form that names a file (its extension field holds one), and the task names a folder", v.Text)))
			}
			if !ok || sp.Kind == kindToggle {
				missing := cite("E6", fmt.Sprintf("values found %v, missing %q", found, v.Text))
				if where := elsewhere(sc, v); where != "" {
					missing += "; " + where
				}
				return fail(missing)
			}
			found = append(found, v.Text)
			fromForms = append(fromForms, cite(rule, fmt.Sprintf("%q as %s in the form submitted at frame %d (%s) and saved", v.Text, f, s.Submitted, s.How)))
			continue
		}
		if q, ok := ev.searchedFor(v); ok && sp.Kind != kindToggle {
			// A list of hits for a query is no sign that what was searched for was made.
			return fail(cite("N2", fmt.Sprintf("%q shows only as hits of the search %q on this screen", v.Text, q)))
		}
		if containsWord(sp.Folders, v.Text) {
			// The task names a folder; the app shows a file of that name.
			if onlyAsFile(sc, v) {
				return fail(cite("E6", fmt.Sprintf("%q shows only as a file (its name with an extension, or a row the app describes as a file), and the task names a folder", v.Text)))
			}
			if s, ok := fileMadeNamed(in.Forms, v, sc.Package, in.Frame); ok && !describedAs(sc, v, folderKind) {
				return fail(cite("E6", fmt.Sprintf("the form committed at frame %d made a file named %q (its extension field holds one), and no row here describes %q as a folder", s.Frame, v.Text, v.Text)))
			}
		}
		if msg := wrongRole(sc, v, n.Content); msg != "" && sp.Kind != kindToggle {
			return fail(cite("E6", msg))
		}
		if q, ok := onlyUnderTypedSearch(sc, v); ok && sp.Kind != kindToggle {
			// Under a search being typed, the rows are its suggestions or hits.
			return fail(cite("N2", fmt.Sprintf("%q shows only under the search box or address bar while %q is typed into it: a suggestion or a hit", v.Text, q)))
		}
		if msg := errorBeside(sc, v); msg != "" {
			return fail(cite("F1", msg))
		}
		if sendVerbs[sp.Verb] && onlyAsDraft(sc, v) {
			// A message kept as a draft was typed, not sent.
			return fail(cite("N1", fmt.Sprintf("%q shows only on a row marked as a draft: typed, never sent", v.Text)))
		}
		found = append(found, v.Text)
	}
	if len(found) > len(fromForms) {
		why = append(why, cite("E1", fmt.Sprintf("values found %v", found)))
	}
	if len(joined) > 0 {
		why = append(why, cite("E3", strings.Join(joined, "; ")))
	}
	if len(fromForms) > 0 {
		why = append(why, "saved form: "+strings.Join(fromForms, "; "))
	}
	if len(typed) > 0 {
		why = append(why, cite("E2", "the task says not to save, so the filled form is the result: "+strings.Join(typed, "; ")))
	}
	words := sp.Words
	if sp.Kind == kindToggle {
		words = nil // the switch's own row must name them, checked below
	}
	if len(sp.Values) == 0 && len(words) > 0 {
		if sp.Action && sp.Kind != kindToggle {
			return fail(cite("C3", fmt.Sprintf("an action (%s) with no name, number or quoted text to identify its result: words alone such as %v are no evidence it happened", sp.Verb, words)))
		}
		var seen, missing []string
		for _, w := range words {
			if ev.hasWord(w) {
				seen = append(seen, w)
			} else {
				missing = append(missing, w)
			}
		}
		if len(missing) > 0 {
			return fail(cite("E6", fmt.Sprintf("words found %v, missing %v", seen, missing)))
		}
		why = append(why, cite("E1", fmt.Sprintf("words found %v", seen)))
	} else if len(words) > 0 {
		why = append(why, fmt.Sprintf("descriptive words not required: %v", words))
	}
	if sp.Kind == kindToggle {
		terms := sp.switchTerms()
		e, ok := switchFor(sc, terms, sp.Want)
		if !ok {
			return fail(cite("E6", fmt.Sprintf("no switch or checkbox on a row naming %v is %s", terms, onOff(sp.Want))))
		}
		why = append(why, cite("E1", fmt.Sprintf("switch %q is %s", cmp.Or(e.Text, e.Desc, judge.ShortID(e.ID)), onOff(sp.Want))))
	}
	if sp.App == "" && len(sp.Values) == 0 && len(words) == 0 && sp.Kind != kindToggle {
		return false, cite("C3", "no app, name, number, quoted text or word to look for")
	}
	if len(sp.SetState) > 0 && len(found) > 0 && !stateShown(sc, sp) {
		return fail(cite("E6", fmt.Sprintf("values found %v, but not in the state the task sets (%q) as the app shows a state: a checked option, its own text or its row's box", found, strings.Join(sp.SetState, " "))))
	}
	if sp.Kind == kindState {
		for _, v := range sp.Values {
			if e, ok := ownSwitch(sc, v); ok && e.Checked {
				// Said so the last look can tell when the item is switched off later (L1).
				why = append(why, fmt.Sprintf("%q%s", v.Text, ownSwitchOn))
			}
		}
	}
	return true, strings.Join(why, "; ")
}

// onlyDestinations reports whether the values of an action that makes something (a
// message, an entry, an expense) all name where it comes from or goes to, listing them: the
// recipient of "resend the message I just sent to Nadia", the picture of "add the expenses
// from expenses.jpg". Such a value shows on the page where the action happens whether or not
// it happened (the conversation, the gallery): it identifies the place, never the result.
// (A call makes nothing: the number it is made to is its result.)
func onlyDestinations(sp spec) (string, bool) {
	if !(sendVerbs[sp.Verb] || contentVerbs[sp.Verb]) || sp.Kind != kindState || len(sp.Values) == 0 {
		return "", false
	}
	var to []string
	for _, v := range sp.Values {
		if v.role != "to" && v.role != "from" {
			return "", false
		}
		to = append(to, fmt.Sprintf("%q", v.Text))
	}
	return strings.Join(to, ", "), true
}

// contentVerbs make an item that its own content identifies ("make" also makes calls).
var contentVerbs = map[string]bool{"add": true, "create": true, "write": true, "enter": true, "log": true, "record": true}

// unanswered says why the values a screenshot shows are not committed, "" when nothing
// says so: the screen asks whether to save them (a save-or-discard question over the form),
// or it is a dialog asking something, its confirming and its leaving buttons both there
// and neither pressed (a name typed into a new-file dialog). A UI dump tells fields from
// text, and the judge's memory of forms follows such questions there; a screenshot's
// fields read as plain text.
func unanswered(sc *judge.Screen) string {
	if !sc.OCR {
		return ""
	}
	if q := sc.SaveQuestion(); q != "" {
		return fmt.Sprintf("the screen asks %q, unanswered: what it shows is not saved", q)
	}
	if !sc.Dialog {
		return ""
	}
	var confirm, leave string
	for _, e := range sc.Elements {
		if !sc.IsContent(e) || len(strings.Fields(e.Text)) > 3 {
			continue
		}
		// A dialog's buttons side by side may be read as one line ("Cancel OK"): each word
		// of a short line is a label too.
		for _, w := range append([]string{e.Text}, strings.Fields(e.Text)...) {
			switch c, l := judge.DialogButton(w); {
			case c:
				confirm = cmp.Or(confirm, w)
			case l:
				leave = cmp.Or(leave, w)
			}
		}
	}
	if confirm == "" || leave == "" {
		return ""
	}
	return fmt.Sprintf("the screen is a dialog whose buttons %q and %q were not pressed: what it holds is asked, not done", leave, confirm)
}

// labelledQuote is a quoted value after the name of its field, the name starting a part of
// a list: `with title "Lentil soup"`, `, category name "Housing"`.
var labelledQuote = regexp.MustCompile(`(?:^|[,;:]|\bwith\b)\s*(\p{L}[\p{L}_ ]{0,30}?)\s*:?\s+["“]([^"”]+)["”]`)

// fieldLead are words that start a part of a list without naming its field.
var fieldLead = regexp.MustCompile(`(?i)^(?:(?:and|the|its|a|an)\s+)+`)

// fieldLabels reads the fields a clause gives values for: each value (as makeValue writes
// it, lowercased) with the squeezed name of its field ("categoryname").
func fieldLabels(content string) map[string]string {
	out := map[string]string{}
	for _, m := range labelledQuote.FindAllStringSubmatch(content, -1) {
		out[strings.ToLower(makeValue(m[2]).Text)] = screentext.Squeeze(fieldLead.ReplaceAllString(m[1], ""))
	}
	return out
}

// wrongRole says where a value the clause gives for one field shows in another field's
// role, "" when it does not: every element of the app's content showing it is under the
// heading of another field the clause names (the nearest text above it, across from it, is
// that field's name), or is the element the app names for another such field (its id)
// while the page names one for the value's own field. A page that names no roles says
// nothing either way (evidence rule E6: a value is a constraint with its field).
func wrongRole(sc *judge.Screen, v value, content string) string {
	labels := fieldLabels(content)
	own, ok := labels[strings.ToLower(v.Text)]
	if !ok || len(labels) < 2 {
		return ""
	}
	ownPlace := false
	for _, e := range sc.Elements {
		ownPlace = ownPlace || sc.IsContent(e) && strings.Contains(screentext.Squeeze(judge.ShortID(e.ID)), own)
	}
	other := func(name string, whole bool) string {
		for _, l := range labels {
			if l == own {
				continue
			}
			if whole && name == l || !whole && strings.Contains(name, l) && !strings.Contains(name, own) {
				return l
			}
		}
		return ""
	}
	var where string
	for _, h := range sc.Elements {
		if !sc.IsContent(h) || !v.In(strings.ToLower(h.Text+"\n"+h.Desc)) {
			continue
		}
		id := screentext.Squeeze(judge.ShortID(h.ID))
		byID := ""
		if ownPlace {
			byID = other(id, false)
		}
		byHeading := ""
		if above, ok := headingAbove(sc, h); ok {
			switch name := screentext.Squeeze(above.Text); {
			case name == own:
				return "" // under its own heading
			default:
				byHeading = other(name, true)
			}
		}
		switch {
		case strings.Contains(id, own) && own != "":
			return "" // the app's element for its own field
		case byHeading != "":
			where = fmt.Sprintf("%q, given for %q, shows under the heading of %q", v.Text, own, byHeading)
		case byID != "":
			where = fmt.Sprintf("%q, given for %q, shows in the app's element for %q (%s)", v.Text, own, byID, judge.ShortID(h.ID))
		default:
			return "" // shown in no other field's role
		}
	}
	return where
}

// headingAbove is the nearest text of the app's content above an element and across from it.
func headingAbove(sc *judge.Screen, h judge.Element) (judge.Element, bool) {
	var best judge.Element
	found := false
	for _, e := range sc.Elements {
		if e == h || !sc.IsContent(e) || !e.HasBounds || !h.HasBounds || strings.TrimSpace(e.Text) == "" {
			continue
		}
		if e.Y2 <= h.Y1+2 && e.X1 < h.X2 && h.X1 < e.X2 && (!found || e.Y2 > best.Y2) {
			best, found = e, true
		}
	}
	return best, found
}

// onlyUnderTypedSearch reports whether every element of the app's content showing the value
// lies under a search box or address bar that holds text being typed (focused, or the
// keyboard up), and names the query: what such a box lists under it are its suggestions or
// hits (evidence rule N2).
func onlyUnderTypedSearch(sc *judge.Screen, v value) (string, bool) {
	var box *judge.Element
	for i, e := range sc.Elements {
		if e.Mark == judge.MarkSearch && e.Editable && e.HasBounds && (e.Focused || sc.Keyboard != "") {
			box = &sc.Elements[i]
			break
		}
	}
	if box == nil {
		return "", false
	}
	shown := false
	for _, e := range sc.Elements {
		if !sc.IsContent(e) || !v.In(strings.ToLower(e.Text+"\n"+e.Desc)) {
			continue
		}
		if !e.HasBounds || e.Y1 < box.Y2 {
			return "", false
		}
		shown = true
	}
	return box.Text, shown
}

// errorBeside finds the app's error beside an element showing the value: on its row, or
// the next text under it, within about two of its lines, overlapping it across ("Not sent.
// Tap to try again." under a message's bubble). The error names that item's failure
// (evidence rule F1); an error elsewhere on the screen, or under the page's title (a
// banner about the page), is no part of it.
func errorBeside(sc *judge.Screen, v value) string {
	title := strings.TrimSpace(sc.Title)
	var errs []judge.Element // the app's errors, read once the value shows
	read := false
	for _, h := range sc.Elements {
		if !sc.IsContent(h) || !h.HasBounds || !v.In(strings.ToLower(h.Text+"\n"+h.Desc)) || title != "" && strings.TrimSpace(h.Text) == title {
			continue
		}
		if !read {
			read = true
			for _, e := range sc.Elements {
				if sc.IsContent(e) && e.HasBounds && !e.Editable && len(strings.Fields(e.Text)) <= 15 && judge.IsErrorText(e.Text) {
					errs = append(errs, e)
				}
			}
		}
		lh := h.Y2 - h.Y1
		for _, e := range errs {
			if e == h {
				continue
			}
			across := e.X1 < h.X2 && h.X1 < e.X2
			sameRow := e.Y1 < h.Y2 && h.Y1 < e.Y2
			if across && (sameRow || e.Y1 >= h.Y2-lh/4 && e.Y1 < h.Y2+3*lh && !textBetween(sc, h, e)) {
				return fmt.Sprintf("%q shows with the app's error %q beside it", v.Text, e.Text)
			}
		}
	}
	return ""
}

// textBetween reports whether some text of the app lies between an element and one under
// it, across from both.
func textBetween(sc *judge.Screen, top, below judge.Element) bool {
	for _, m := range sc.Elements {
		if m == top || m == below || !sc.IsContent(m) || !m.HasBounds || strings.TrimSpace(m.Text+m.Desc) == "" {
			continue
		}
		if m.Y1 >= top.Y2-2 && m.Y2 <= below.Y1+2 && m.X1 < below.X2 && below.X1 < m.X2 {
			return true
		}
	}
	return false
}

// ownSwitchOn is how an analysis says that the item showing a value carries its own switch,
// on: the last look then checks that no later screen shows it off.
const ownSwitchOn = " is on a row whose own switch is on"

// ownSwitch finds the switch of the one list item showing a value: the value's element when
// it is a switch itself, else the one switch beside it on its row. A checkbox is no such
// switch (a to-do's box ticked is the item done, not switched off); two switches, or the
// value on several rows, name no one switch.
func ownSwitch(sc *judge.Screen, v value) (judge.Element, bool) {
	var found []judge.Element
	add := func(e judge.Element) {
		for _, f := range found {
			if f == e {
				return
			}
		}
		found = append(found, e)
	}
	for _, h := range sc.Elements {
		if !sc.IsContent(h) || !v.In(strings.ToLower(h.Text+"\n"+h.Desc)) {
			continue
		}
		if isSwitch(h) {
			add(h) // the switch names its item itself
			continue
		}
		for _, e := range sc.Elements {
			if e != h && isSwitch(e) && sc.IsContent(e) && h.HasBounds && e.HasBounds && h.Y1 < e.Y2 && e.Y1 < h.Y2 {
				add(e)
			}
		}
	}
	if len(found) != 1 {
		return judge.Element{}, false
	}
	return found[0], true
}

// isSwitch reports whether an element is an on/off switch (not a checkbox or a radio button).
func isSwitch(e judge.Element) bool {
	c := strings.ToLower(e.Class)
	return e.Checkable && (strings.Contains(c, "switch") || strings.Contains(c, "togglebutton"))
}

// savedValue finds a value among the values of the forms committed on this frame: in one
// field (evidence rule E2), else, for a value of several words, assembled from adjacent
// typed fields of one form (E3: a first and a last name).
func savedValue(saved []judge.SavedForm, v value) (judge.SavedForm, string, string, bool) {
	isFile := fileName.MatchString(v.Text)
	for _, s := range saved {
		if isFile && typePicked(s.Fields) {
			continue // the file is named by its name and the type picked (nameWithType)
		}
		for _, f := range s.Fields {
			if v.In(strings.ToLower(f.Value)) {
				name := strconv.Quote(f.Value)
				switch {
				case f.Label == "folder" && f.Chosen:
					name = fmt.Sprintf("the folder %q the form saves into", f.Value)
				case f.Picked:
					name = fmt.Sprintf("%s = %q, set by a picker", cmp.Or(f.Label, "a date or time"), f.Value)
				case f.Chosen:
					name = "the option " + name + " chosen"
				case f.Label != "":
					name = fmt.Sprintf("%s = %q", f.Label, f.Value)
				}
				return s, name, "E2", true
			}
		}
	}
	for _, s := range saved {
		if parts, ok := assembled(s.Fields, v); ok {
			return s, parts, "E3", true
		}
		if parts, ok := nameWithType(s.Fields, v); ok {
			return s, parts, "E3", true
		}
	}
	return judge.SavedForm{}, "", "", false
}

// fileTypes are the file types a save form offers to pick, as their options read.
var fileTypes = map[string]bool{"png": true, "jpg": true, "jpeg": true, "svg": true, "webp": true, "gif": true, "bmp": true,
	"pdf": true, "txt": true, "md": true, "csv": true, "json": true, "mp3": true, "m4a": true, "wav": true, "ogg": true,
	"mp4": true, "html": true, "xml": true, "m3u": true}

// typePicked reports whether a form had a file type picked among its options: the app then
// adds that type's extension to the name typed, whatever the name ends in ("x.jpg" typed
// with PNG picked is saved as x.jpg.png).
func typePicked(fields []judge.FormField) bool {
	for _, f := range fields {
		if f.Chosen && !f.Picked && fileTypes[strings.TrimPrefix(strings.ToLower(strings.TrimSpace(f.Value)), ".")] {
			return true
		}
	}
	return false
}

// nameWithType finds a file name ("sketch.png") as a save form gives it: the name typed
// without its extension, and the file type picked among the form's options ("PNG").
func nameWithType(fields []judge.FormField, v value) (string, bool) {
	m := fileName.FindStringSubmatch(v.Text)
	if m == nil {
		return "", false
	}
	dot := strings.LastIndexByte(v.Text, '.')
	base, ext := strings.ToLower(v.Text[:dot]), strings.ToLower(v.Text[dot+1:])
	var name, kind string
	for _, f := range fields {
		val := strings.ToLower(strings.TrimSpace(f.Value))
		switch {
		case !f.Chosen && val == base:
			name = fmt.Sprintf("%s = %q", cmp.Or(f.Label, "a field"), f.Value)
		case f.Chosen && !f.Picked && strings.TrimPrefix(val, ".") == ext:
			kind = fmt.Sprintf("the option %q chosen", f.Value)
		}
	}
	if name == "" || kind == "" {
		return "", false
	}
	return name + " + " + kind, true
}

// assembled finds a value of several words as the values of adjacent typed fields, in
// order, each holding whole words of it and together all of them.
func assembled(fields []judge.FormField, v value) (string, bool) {
	want := strings.Fields(strings.ToLower(v.Text))
	if len(want) < 2 {
		return "", false
	}
	var typed []judge.FormField
	for _, f := range fields {
		if !f.Chosen {
			typed = append(typed, f)
		}
	}
	for i := range typed {
		var got []string
		var parts []string
		for k := i; k < len(typed) && len(got) < len(want); k++ {
			got = append(got, strings.Fields(strings.ToLower(typed[k].Value))...)
			parts = append(parts, fmt.Sprintf("%s = %q", cmp.Or(typed[k].Label, "a field"), typed[k].Value))
			if len(got) > len(want) || strings.Join(got, " ") != strings.Join(want[:len(got)], " ") {
				break
			}
			if len(got) == len(want) && k > i {
				return strings.Join(parts, " + "), true
			}
		}
	}
	return "", false
}

// fileTitled finds a file name shown as the title of the file's own page without its
// extension (an editor titles a document by its base name), where a form of the app
// committed earlier named the file with that base name and that extension (a new-file
// dialog's name and extension fields): evidence rule E3, a value shown in parts.
func fileTitled(v value, sc *judge.Screen, forms *judge.Forms, frame int) (string, bool) {
	dot := strings.LastIndexByte(v.Text, '.')
	if forms == nil || sc.Title == "" || dot <= 0 || !fileName.MatchString(v.Text) {
		return "", false
	}
	base, ext := strings.ToLower(v.Text[:dot]), strings.ToLower(v.Text[dot:])
	if strings.ToLower(strings.TrimSpace(sc.Title)) != base {
		return "", false
	}
	for _, s := range forms.Saved {
		if s.Frame > frame || s.Package != sc.Package {
			continue
		}
		named, extended := false, false
		for _, f := range s.Fields {
			val := strings.ToLower(strings.TrimSpace(f.Value))
			named = named || val == base
			extended = extended || val == ext || "."+val == ext
		}
		if named && extended {
			return fmt.Sprintf("%q as the page title %q, the file the form committed at frame %d named with the extension %q", v.Text, sc.Title, s.Frame, ext), true
		}
	}
	return "", false
}

// mediaExtension is the extension of a video, song or picture file.
var mediaExtension = regexp.MustCompile(`(?i)\.(mp4|mkv|avi|mov|webm|3gp|m4v|mp3|m4a|wav|ogg|oga|flac|aac|opus|jpg|jpeg|png|gif|webp|heic)$`)

// mediaListed finds a media file's name shown by a media app as the whole text of one of
// its elements without the extension ("harbor" for harbor.mp4): players and galleries list
// a file by its title (evidence rule E3, a value shown in part). A document's name keeps its
// extension, and a name that is only part of the text is another file.
func mediaListed(v value, sc *judge.Screen) (string, bool) {
	loc := mediaExtension.FindStringIndex(v.Text)
	if loc == nil || !fileName.MatchString(v.Text) || loc[0] == 0 {
		return "", false
	}
	base := strings.ToLower(v.Text[:loc[0]])
	for _, e := range sc.Elements {
		if sc.IsContent(e) && !e.Editable && strings.ToLower(strings.TrimSpace(e.Text)) == base {
			return fmt.Sprintf("%q as %q, the media file listed by its name without its extension", v.Text, e.Text), true
		}
	}
	return "", false
}

// fileKind is how file managers and editors describe a file's row ("File notes.md 10/15").
var fileKind = regexp.MustCompile(`(?i)^\s*file\b`)

// onlyAsFile reports whether every element of the app's content showing the value shows it
// as a file: followed by an extension ("travel_plans.md"), or on a list item the app
// describes as a file.
func onlyAsFile(sc *judge.Screen, v value) bool {
	name := strings.ToLower(v.Text)
	shown := false
	for _, e := range sc.Elements {
		text := strings.ToLower(e.Text + "\n" + e.Desc)
		if !sc.IsContent(e) || !v.In(text) {
			continue
		}
		shown = true
		if rest := withoutFileNames(text, name); !v.In(rest) {
			continue // only with an extension: a file's name
		}
		if fileKind.MatchString(e.Text) || fileKind.MatchString(e.Desc) {
			continue
		}
		described := false
		for _, m := range sc.Elements {
			if sc.IsContent(m) && m.HasBounds && e.HasBounds && (fileKind.MatchString(m.Text) || fileKind.MatchString(m.Desc)) {
				top, bottom := itemSpan(sc, m)
				described = described || e.Y1 < bottom && top < e.Y2
			}
		}
		if !described {
			return false
		}
	}
	return shown
}

// folderKind is how file managers describe a folder's row ("Folder travel 10/15").
var folderKind = regexp.MustCompile(`(?i)^\s*(?:folder|directory)\b`)

// fileMadeNamed finds a form of the app committed by this frame that made a file with the
// value as its name.
func fileMadeNamed(forms *judge.Forms, v value, pkg string, frame int) (judge.SavedForm, bool) {
	if forms == nil {
		return judge.SavedForm{}, false
	}
	for _, s := range forms.Saved {
		if s.Frame > frame || s.Package != pkg || !madeFile(s) {
			continue
		}
		for _, f := range s.Fields {
			if strings.EqualFold(strings.TrimSpace(f.Value), v.Text) {
				return s, true
			}
		}
	}
	return judge.SavedForm{}, false
}

// describedAs reports whether some element showing the value is described by kind, itself
// or on its list item.
func describedAs(sc *judge.Screen, v value, kind *regexp.Regexp) bool {
	for _, e := range sc.Elements {
		if !sc.IsContent(e) || !v.In(strings.ToLower(e.Text+"\n"+e.Desc)) {
			continue
		}
		if kind.MatchString(e.Text) || kind.MatchString(e.Desc) {
			return true
		}
		for _, m := range sc.Elements {
			if sc.IsContent(m) && m.HasBounds && e.HasBounds && (kind.MatchString(m.Text) || kind.MatchString(m.Desc)) {
				if top, bottom := itemSpan(sc, m); e.Y1 < bottom && top < e.Y2 {
					return true
				}
			}
		}
	}
	return false
}

// fileExtension is a file extension as a form's field holds it: ".md", "txt".
var fileExtension = regexp.MustCompile(`^\.?[A-Za-z0-9]{1,5}$`)

// madeFile reports whether a committed form made a file: a field labelled as an extension
// holds one.
func madeFile(s judge.SavedForm) bool {
	for _, f := range s.Fields {
		if !f.Chosen && strings.Contains(strings.ToLower(f.Label), "ext") && fileExtension.MatchString(strings.TrimSpace(f.Value)) {
			return true
		}
	}
	return false
}

// extensionAfter is a file extension at the start of a text: ".md".
var extensionAfter = regexp.MustCompile(`^\.[a-z0-9]{1,5}\b`)

// withoutFileNames is text with every occurrence of name followed by a file extension
// blanked out.
func withoutFileNames(text, name string) string {
	var b strings.Builder
	for name != "" {
		i := strings.Index(text, name)
		if i < 0 {
			break
		}
		end := i + len(name)
		if m := extensionAfter.FindString(text[end:]); m != "" {
			b.WriteString(text[:i] + " ")
			text = text[end+len(m):]
			continue
		}
		b.WriteString(text[:end])
		text = text[end:]
	}
	return b.String() + text
}

// sendVerbs send what was typed: a message kept as a draft is not their result.
var sendVerbs = map[string]bool{"send": true, "reply": true, "text": true, "resend": true, "share": true, "post": true, "forward": true}

// draftMark is how apps mark text kept unsent: "Draft", "Draft:" before it.
var draftMark = regexp.MustCompile(`(?i)^\s*draft\b`)

// onlyAsDraft reports whether every element of the app's content showing the value is on
// a row marked as a draft (the mark in the element itself or beside it on its row).
func onlyAsDraft(sc *judge.Screen, v value) bool {
	var holders []judge.Element
	for _, e := range sc.Elements {
		if sc.IsContent(e) && v.In(strings.ToLower(e.Text+"\n"+e.Desc)) {
			holders = append(holders, e)
		}
	}
	if len(holders) == 0 {
		return false
	}
	for _, h := range holders {
		marked := draftMark.MatchString(h.Text) || draftMark.MatchString(h.Desc)
		for _, m := range sc.Elements {
			if marked {
				break
			}
			if !sc.IsContent(m) || !m.HasBounds || !h.HasBounds || !(draftMark.MatchString(m.Text) || draftMark.MatchString(m.Desc)) {
				continue
			}
			top, bottom := itemSpan(sc, m)
			marked = h.Y1 < bottom && top < h.Y2
		}
		if !marked {
			return false
		}
	}
	return true
}

// itemSpan is the height of the list item an element belongs to: from its row down to the
// next element of the same id (the next item's same part), or to its own bottom when it is
// the last of its id.
func itemSpan(sc *judge.Screen, m judge.Element) (int, int) {
	bottom := m.Y2
	next := -1
	for _, e := range sc.Elements {
		if e.ID == m.ID && e.ID != "" && e.HasBounds && e.Y1 > m.Y1 && (next < 0 || e.Y1 < next) {
			next = e.Y1
		}
	}
	if next > 0 {
		bottom = next
	}
	return m.Y1, bottom
}

// typedValue finds a value typed into one of the app's form fields (not a search box),
// and names the field.
func typedValue(sc *judge.Screen, v value) (string, bool) {
	for _, e := range sc.Elements {
		if e.Mark != judge.MarkTyped || !e.Editable || e.Role != "" || e.Package != "" && e.Package != sc.Package {
			continue
		}
		if v.In(strings.ToLower(e.Text)) {
			if e.Hint != "" {
				return fmt.Sprintf("the field %q", e.Hint), true
			}
			return "a field", true
		}
	}
	return "", false
}

// judgeClipboard: every value shows where the system or the keyboard shows what the
// clipboard holds: the system's preview of what was copied, a clipboard chip (evidence rule
// N3: only when the clipboard is the task's destination).
func judgeClipboard(sp spec, sc *judge.Screen, why []string) (bool, string) {
	var where []string
	for _, v := range sp.Values {
		found := ""
		for _, e := range sc.Elements {
			text := strings.ToLower(e.Text + "\n" + e.Desc)
			if !v.In(text) {
				continue
			}
			switch {
			case e.Mark == judge.MarkClipboard:
				found = "a clipboard chip"
			case e.Role == judge.RoleSystem && clipboardPreview(e):
				found = "the system's preview of what was copied"
			}
			if found != "" {
				break
			}
		}
		if found == "" {
			return false, strings.Join(append(why, cite("N3", fmt.Sprintf("%q shows nowhere the clipboard is shown", v.Text))), "; ")
		}
		where = append(where, fmt.Sprintf("%q in %s", v.Text, found))
	}
	return true, strings.Join(append(why, cite("N3", "the clipboard is the destination, and it holds "+strings.Join(where, "; "))), "; ")
}

// clipboardPreview reports whether a system UI element is the system's preview of what was
// just copied: the clipboard overlay's text preview (AOSP's clipboard_overlay layout), or an
// element whose id names the clipboard.
func clipboardPreview(e judge.Element) bool {
	id := strings.ToLower(judge.ShortID(e.ID))
	return id == "text_preview" || id == "hidden_preview" || strings.Contains(id, "clipboard")
}

// judgeRunning: the thing a clause names (a stopwatch, a timer) shows on the screen, and
// the controls the app offers show it in the wanted state (evidence rule E8).
func judgeRunning(sp spec, ev *shown, sc *judge.Screen, why []string) (bool, string) {
	fail := func(msg string) (bool, string) { return false, strings.Join(append(why, msg), "; ") }
	if len(sp.Words) == 0 {
		return fail(cite("C3", fmt.Sprintf("nothing named to %s", sp.Verb)))
	}
	for _, w := range sp.Words {
		if !ev.hasWord(w) {
			return fail(cite("E6", fmt.Sprintf("%q is not on this screen", w)))
		}
	}
	st, controls := runState(sc)
	want := "running"
	if !sp.Want {
		want = "paused"
		if st == "idle" {
			// A pause asks the thing not to run: one never started offers Start as a
			// paused one does (E8).
			want = st
		}
	}
	if st != want {
		if st == "" {
			return fail(cite("E8", fmt.Sprintf("the controls on this screen (%s) do not show %v %s", strings.Join(controls, ", "), sp.Words, want)))
		}
		return fail(cite("E8", fmt.Sprintf("the controls offered (%s) show %v %s, not %s", strings.Join(controls, ", "), sp.Words, st, want)))
	}
	return true, strings.Join(append(why, cite("E8", fmt.Sprintf("the controls offered (%s) show %v %s", strings.Join(controls, ", "), sp.Words, st))), "; ")
}

// Controls that name what a timer, stopwatch or player would do next, and so the state it
// is in: Pause or Stop while it runs; Start, Resume or Play, with Reset, once it was paused
// (a fresh one offers Start alone).
var (
	pauseControl = regexp.MustCompile(`(?i)^\s*(pause|stop)\b`)
	startControl = regexp.MustCompile(`(?i)^\s*(start|resume|play|continue)\b`)
	resetControl = regexp.MustCompile(`(?i)^\s*(reset|clear)\b`)
)

// runState reads the state the app's controls show: "running", "paused", "idle" (never
// started) or "" when they show none; and the controls read.
func runState(sc *judge.Screen) (string, []string) {
	var pause, start, reset, zero bool
	var seen []string
	for _, e := range sc.Elements {
		if sc.IsContent(e) && zeroClock.MatchString(e.Text) {
			zero = true
		}
		// A screenshot marks no element clickable: a control is read there by its label
		// alone, the whole of its line (the caption under an icon button, a text button).
		ocrLabel := sc.OCR && controlLabel.MatchString(e.Text)
		if !sc.IsContent(e) || !(e.Clickable || strings.HasSuffix(e.Class, "Button") || ocrLabel) {
			continue
		}
		label := cmp.Or(strings.TrimSpace(e.Text), strings.TrimSpace(e.Desc), strings.ReplaceAll(judge.ShortID(e.ID), "_", " "))
		switch {
		case pauseControl.MatchString(label):
			pause = true
		case startControl.MatchString(label):
			start = true
		case resetControl.MatchString(label):
			reset = true
		default:
			continue
		}
		seen = append(seen, strconv.Quote(label))
	}
	switch {
	case pause && !start:
		return "running", seen
	case start && !pause && reset:
		return "paused", seen
	case start && !pause:
		return "idle", seen
	case sc.OCR && reset && !pause:
		// A clock app offers Reset only once its stopwatch or timer is stopped (Lap while it
		// runs); the play button beside it is an icon a screenshot's text never holds.
		return "paused", seen
	case !pause && zero:
		// A display at zero with no Pause offered was never started, or was reset: it
		// does not run, whatever icons (a play button OCR cannot read) sit under it.
		return "idle", append(seen, "a time of zero")
	}
	return "", seen
}

var (
	// controlLabel is a line that is only a run control's label.
	controlLabel = regexp.MustCompile(`(?i)^\s*(pause|stop|start|resume|play|continue|reset|clear)\s*$`)
	// zeroClock is a stopwatch's or timer's display at zero: "00:00.00", "0:00", "00:00:00".
	zeroClock = regexp.MustCompile(`^\s*0?0(:00)+([.,]00?)?\s*$`)
)

// cite puts a rule's mark before what it found.
func cite(rule, msg string) string { return evidence.Cite(rule) + " " + msg }

// elsewhere says where a value missing from the app's content shows instead, by the rule
// that makes it no evidence: text being typed, a search box, the keyboard, the system UI.
func elsewhere(sc *judge.Screen, v value) string {
	for _, e := range sc.Elements {
		text := strings.ToLower(e.Text + "\n" + e.Desc)
		if !v.In(text) {
			continue
		}
		switch {
		case e.Mark == judge.MarkSearch:
			return cite("N2", fmt.Sprintf("%q shows only in a search box", v.Text))
		case e.Role == judge.RoleKeyboard || e.Mark == judge.MarkKeyboard || e.Mark == judge.MarkClipboard:
			return cite("N3", fmt.Sprintf("%q shows only on the keyboard or its clipboard", v.Text))
		case e.Mark == judge.MarkNotification || e.Role == judge.RoleSystem:
			return cite("N4", fmt.Sprintf("%q shows only in a notification or the system UI", v.Text))
		case e.Editable || e.Mark == judge.MarkTyped:
			return cite("N1", fmt.Sprintf("%q shows only as text typed into a field, not committed", v.Text))
		}
	}
	if sc.IsLauncher() {
		return cite("N5", "this is the home screen or the app drawer")
	}
	return ""
}

// appShown checks that the app named is in the foreground.
func appShown(app string, sc *judge.Screen) (bool, string) {
	if sc.IsLauncher() {
		return false, cite("N5", fmt.Sprintf("names the %s app but the screen is the home screen or the app drawer", app))
	}
	if blankOCR(sc) {
		return false, blankWhy
	}
	if sc.OCR && sc.PromptInFront() {
		return false, cite("E4", fmt.Sprintf("names the %s app but a system prompt is in front of whatever is under it", app))
	}
	if sc.OCR {
		// A screenshot's text has no package: the app counts when its name shows, and is
		// otherwise taken on trust, said so.
		for _, w := range strings.Fields(app) {
			if len(w) >= 4 && screentext.ContainsName(strings.ToLower(screenText(sc)), w) {
				return true, cite("E4", fmt.Sprintf("OCR text shows %q, taken for the %s app", w, app))
			}
		}
		return true, cite("E4", fmt.Sprintf("OCR text gives no package: taken for the %s app, unverified", app))
	}
	pkg := strings.ToLower(sc.Package)
	for _, p := range appPackages(app) {
		if strings.Contains(pkg, p) {
			return true, cite("E4", fmt.Sprintf("package %s matches the %s app", sc.Package, app))
		}
	}
	return false, cite("E4", fmt.Sprintf("names the %s app but the foreground package is %q", app, sc.Package))
}

// blankOCR reports whether a screenshot shows no text OCR could read as an app's (a black
// or blank screen, a splash, only the system bars): with no package either, nothing on it
// can be told, an app open least of all (evidence rule C3).
func blankOCR(sc *judge.Screen) bool {
	return sc.OCR && !sc.Launcher && strings.TrimSpace(screenText(sc)) == ""
}

// blankWhy is the analysis of a substate asked of a blank screenshot.
var blankWhy = cite("C3", "the screenshot shows no text OCR could read as an app's: no app, and nothing else, can be told on it")

func screenText(sc *judge.Screen) string {
	var b strings.Builder
	for _, e := range sc.Elements {
		if sc.IsContent(e) {
			b.WriteString(e.Text + "\n" + e.Desc + "\n")
		}
	}
	return b.String()
}

// shown is the text a screen offers as evidence, per element.
type shown struct {
	texts []string // lowercased text and description of each content element
	words map[string]bool
	flat  string // every text, squeezed of everything but letters and digits
	// queries are the search queries typed on this screen, lowercased.
	queries []string
	// rows are the runs of content texts side by side on one row, in reading order, each
	// lowercased and folded: a value split over adjacent texts (evidence rule E3).
	rows [][]string
}

// joined finds a value of several words as adjacent texts of one row, in order, each
// holding whole words of it and together all of them.
func (ev *shown) joined(v value) (string, bool) {
	want := strings.Fields(strings.ToLower(v.Text))
	if len(want) < 2 {
		return "", false
	}
	for _, row := range ev.rows {
		for i := range row {
			var got []string
			for k := i; k < len(row) && len(got) < len(want); k++ {
				got = append(got, strings.Fields(row[k])...)
				if len(got) > len(want) || strings.Join(got, " ") != strings.Join(want[:len(got)], " ") {
					break
				}
				if len(got) == len(want) && k > i {
					var parts []string
					for _, t := range row[i : k+1] {
						parts = append(parts, strconv.Quote(t))
					}
					return strings.Join(parts, " + "), true
				}
			}
		}
	}
	return "", false
}

// searchedFor reports whether the screen is a search for the value: a search box holds it.
func (ev *shown) searchedFor(v value) (string, bool) {
	for _, q := range ev.queries {
		if v.In(q) {
			return q, true
		}
	}
	return "", false
}

func newEvidence(sc *judge.Screen) *shown {
	ev := &shown{words: map[string]bool{}}
	var flat strings.Builder
	form := false
	for _, e := range sc.Elements {
		form = form || e.Editable && e.Role == ""
	}
	for _, e := range sc.Elements {
		if e.Mark == judge.MarkSearch {
			ev.queries = append(ev.queries, strings.ToLower(e.Text))
		}
		if !sc.IsContent(e) {
			continue
		}
		if form && judge.IsPathLine(e.Text) {
			// A form's path line is where it will save: part of the form, which holds
			// nothing until committed (the memory of forms keeps it as the form's folder).
			continue
		}
		for _, s := range []string{e.Text, e.Desc, e.Hint} {
			if s == "" {
				continue
			}
			l := strings.ToLower(strings.Join(strings.Fields(s), " "))
			if s != e.Hint { // a hint labels a field; it is no value
				ev.texts = append(ev.texts, l)
			}
			for _, t := range screentext.Tokens(l) {
				ev.words[t] = true
			}
			flat.WriteString(screentext.Squeeze(l) + "\n")
		}
		for _, t := range screentext.Tokens(strings.ReplaceAll(judge.ShortID(e.ID), "_", " ")) {
			ev.words[t] = true // an id names what a control is, e.g. "alarm_switch"
		}
	}
	if sc.OCR {
		// A text that wraps is read off a screenshot line by line: its lines joined are
		// the text a UI dump holds in one element (a sent message of two lines).
		for _, l := range wrappedTexts(sc) {
			ev.texts = append(ev.texts, l)
			flat.WriteString(screentext.Squeeze(l) + "\n")
		}
	}
	ev.flat = flat.String()
	var row []string
	var last judge.Element
	for _, e := range sc.Elements {
		if !sc.IsContent(e) || e.Text == "" || !e.HasBounds {
			continue
		}
		t := strings.ToLower(strings.Join(strings.Fields(e.Text), " "))
		if len(row) > 0 && e.Y1 < last.Y2 && last.Y1 < e.Y2 && e.X1 >= last.X2 {
			row = append(row, t)
		} else {
			if len(row) > 1 {
				ev.rows = append(ev.rows, row)
			}
			row = []string{t}
		}
		last = e
	}
	if len(row) > 1 {
		ev.rows = append(ev.rows, row)
	}
	return ev
}

// maxWrappedLines is the most lines of a screenshot joined as one wrapped text.
const maxWrappedLines = 6

// wrappedTexts joins the lines a screenshot's text wrapped into, lowercased: lines of the
// app's content, each alone on its row, one right under the other (a gap under three
// quarters of a line), starting at the same x and of the same height (one paragraph's
// font). A list row's title and summary differ in height; a row with a value beside its
// label is not a paragraph's line; a text being typed is a field's, not content.
func wrappedTexts(sc *judge.Screen) []string {
	var lines []judge.Element
	for _, e := range sc.Elements {
		if sc.IsContent(e) && e.HasBounds && strings.TrimSpace(e.Text) != "" && !e.Editable {
			lines = append(lines, e)
		}
	}
	alone := func(i int) bool {
		for j, o := range lines {
			if j != i && o.Y1 < lines[i].Y2 && lines[i].Y1 < o.Y2 {
				return false
			}
		}
		return true
	}
	follows := func(a, b judge.Element) bool {
		ha, hb := a.Y2-a.Y1, b.Y2-b.Y1
		h := max(ha, hb)
		gap := b.Y1 - a.Y2
		return 4*min(ha, hb) >= 3*h && abs(a.X1-b.X1) <= max(h/2, 8) && gap >= -h/4 && 4*gap < 3*h
	}
	var out []string
	for i := 0; i < len(lines); {
		j := i
		for j+1 < len(lines) && j+1-i < maxWrappedLines && alone(j) && alone(j+1) && follows(lines[j], lines[j+1]) {
			j++
		}
		if j > i {
			var parts []string
			for _, e := range lines[i : j+1] {
				parts = append(parts, strings.Join(strings.Fields(e.Text), " "))
			}
			out = append(out, strings.ToLower(strings.Join(parts, " ")))
		}
		i = j + 1
	}
	return out
}

// has reports whether a value shows as a whole in one element's text.
func (ev *shown) has(v value) bool {
	for _, t := range ev.texts {
		if v.In(t) {
			return true
		}
	}
	return false
}

// namesItem reports whether one of the screen's texts names the item v (namesItem).
func (ev *shown) namesItem(v value) bool {
	for _, t := range ev.texts {
		if namesItem(t, v) {
			return true
		}
	}
	return false
}

// namesItem reports whether a text (lowercased) names the item v as a list shows an item:
// v is the text's name, perhaps beside figures or marks ("parking - $12.00", "notes.md"),
// and not words of a longer name ("parking meter", "paid parking") or of a sentence
// ("delete parking?"), which name another item or none (E5). A number (a phone number)
// is matched as a value.
func namesItem(text string, v value) bool {
	if v.Number {
		return v.In(text)
	}
	for _, a := range v.Alts {
		for i := 0; i < len(text); {
			k := strings.Index(text[i:], a)
			if k < 0 {
				break
			}
			k += i
			before := strings.TrimRight(text[:k], " \t")
			after := strings.TrimLeft(text[k+len(a):], " \t")
			if !endsInLetter(before) && !startsWithLetter(after) && screentext.ContainsName(text[k:], a) {
				return true
			}
			i = k + 1
		}
	}
	return false
}

func endsInLetter(s string) bool {
	r, _ := utf8.DecodeLastRuneInString(s)
	return s != "" && unicode.IsLetter(r)
}

func startsWithLetter(s string) bool {
	r, _ := utf8.DecodeRuneInString(s)
	return s != "" && unicode.IsLetter(r)
}

// hasEveryWord reports whether every word of a value of several words shows on the screen,
// each as a whole token: an answer formatted as asked ("October 17 2023 10:00") against a
// screen that writes the same facts apart ("October 17, 2023", "10:00").
func (ev *shown) hasEveryWord(v value) bool {
	ws := screentext.Tokens(v.Text)
	if len(ws) < 2 {
		return false
	}
	for _, w := range ws {
		if clockWord.MatchString(w) {
			// A time of day is a value, not a word: "8:00" (the morning, as an answer in
			// 24-hour format writes it) is not shown by "8:00 PM", and "20:00" is.
			if !ev.has(makeValue(w)) {
				return false
			}
			continue
		}
		if !ev.words[w] {
			return false
		}
	}
	return true
}

// clockWord is a time of day as a word: "8:00", "20:15".
var clockWord = regexp.MustCompile(`^\d{1,2}:\d{2}$`)

// hasWord reports whether a descriptive word shows: as a word, as part of a longer word
// (plurals, "alarms"), or with its hyphens and spaces ignored ("wi-fi" for "wifi").
func (ev *shown) hasWord(w string) bool {
	if ev.words[w] {
		return true
	}
	if len([]rune(w)) >= 4 {
		for t := range ev.words {
			if strings.HasPrefix(t, w) {
				return true
			}
		}
		return strings.Contains(ev.flat, screentext.Squeeze(w))
	}
	return false
}

// judgeGone: every object named must have left a page it was listed on (in the named place,
// when the clause names one) and must not show now.
func judgeGone(sp spec, sc *judge.Screen, ev *shown, mem *judge.Listings, why []string) (bool, string) {
	if len(sp.Objects) == 0 && sp.All {
		// Every item of a kind: the page that listed them lists none of them now.
		gone := mem.Emptied(sc)
		if len(sp.Places) > 0 && !namesPlace(sc.Title, sp.Places) && !namesPlace(sc.Place, sp.Places) {
			gone = nil // "all the files in Downloads": the emptied page must be that one
		}
		if len(gone) == 0 {
			return false, strings.Join(append(why, cite("E5", "this page is not one seen listing items that now lists none of them")), "; ")
		}
		var proofs []string
		for _, g := range gone {
			proofs = append(proofs, g.String())
		}
		return true, strings.Join(append(why, cite("E5", "every item this page listed is gone: "+strings.Join(proofs, "; "))), "; ")
	}
	if len(sp.Objects) == 0 {
		return false, strings.Join(append(why, cite("C3", "nothing named to be gone: which items a clause like this removes cannot be told from the screens")), "; ")
	}
	var proofs []string
	for _, o := range sp.Objects {
		// A row named o itself, seen gone, is the item: a row whose longer name holds o
		// ("Parking meter" for "Parking") is then another item, and its staying shows
		// nothing (E5). Without such a row, any row holding o is taken for the item.
		g, ok := findGone(mem, o, sc.Package, sp.Places, true)
		if ok && ev.namesItem(o) || !ok && ev.has(o) {
			return false, strings.Join(append(why, cite("E5", fmt.Sprintf("%q still shows on this screen", o.Text))), "; ")
		}
		if !ok {
			g, ok = findGone(mem, o, sc.Package, sp.Places, false)
		}
		if !ok {
			where := ""
			if len(sp.Places) > 0 {
				where = fmt.Sprintf(" on a page titled %s", placeList(sp.Places))
			}
			return false, strings.Join(append(why, cite("E5", fmt.Sprintf("no earlier frame listed %q%s and a later one showed it gone (missing evidence of absence)", o.Text, where))), "; ")
		}
		proofs = append(proofs, g.String())
	}
	return true, strings.Join(append(why, cite("E5", "evidence of absence: "+strings.Join(proofs, "; "))), "; ")
}

// judgeMoveCopy: a move needs its object gone from the source page and the destination
// shown (listing it, or as the page the agent moved it to before it left): listed at the
// destination alone, the item may have been copied. A copy needs the object listed on the
// destination page.
func judgeMoveCopy(sp spec, sc *judge.Screen, ev *shown, mem *judge.Listings, why []string) (bool, string) {
	if len(sp.Objects) == 0 || sp.To == nil {
		return false, strings.Join(append(why, cite("C3", fmt.Sprintf("a %s needs a named item and a destination; this clause names %d item(s) and destination %v", sp.Kind, len(sp.Objects), sp.To != nil))), "; ")
	}
	to := *sp.To
	title := strings.ToLower(sc.Title)
	onDest := title != "" && to.In(title) || sc.Place != "" && to.In(strings.ToLower(sc.Place))
	var proofs []string
	for _, o := range sp.Objects {
		listed := onDest && ev.has(o)
		if sp.Kind == kindCopy {
			switch {
			case listed:
				proofs = append(proofs, cite("E1", fmt.Sprintf("%q is listed on the destination page %q", o.Text, sc.Title)))
				continue
			case onDest:
				return false, strings.Join(append(why, cite("E6", fmt.Sprintf("the destination page %q does not list %q", sc.Title, o.Text))), "; ")
			}
			return false, strings.Join(append(why, cite("E6", fmt.Sprintf("this page (%q) is not the destination %q listing %q", sc.Title, to.Text, o.Text))), "; ")
		}
		var places []value
		if sp.From != nil {
			places = []value{*sp.From}
		}
		g, ok := findGone(mem, o, sc.Package, places, false)
		switch {
		case !ok && listed:
			return false, strings.Join(append(why, cite("E6", fmt.Sprintf("%q is listed on the destination page %q, but no screen showed it gone from its source: a copy is listed there too", o.Text, sc.Title))), "; ")
		case !ok:
			return false, strings.Join(append(why, cite("E6", fmt.Sprintf("%q neither listed on the destination %q here nor seen leaving its source page", o.Text, to.Text))), "; ")
		case listed:
			proofs = append(proofs, cite("E5", fmt.Sprintf("%s, and it is listed on the destination page %q", g, sc.Title)))
			continue
		}
		destFrame, shown := titleShown(mem, to)
		if !shown || destFrame > g.Gone {
			return false, strings.Join(append(why, cite("E6", fmt.Sprintf("%s, but the destination %q was never shown as a page title", g, to.Text))), "; ")
		}
		proofs = append(proofs, cite("E5", fmt.Sprintf("%s, and the destination %q was shown at frame %d", g, to.Text, destFrame)))
	}
	return true, strings.Join(append(why, strings.Join(proofs, "; ")), "; ")
}

// percent is a level as a settings page shows it under the setting's name.
var percent = regexp.MustCompile(`^\s*(\d{1,3})\s?%\s*$`)

// judgeLevel: a setting named by the clause shows the wanted percentage beside it or right
// under it ("Brightness level" over "0%").
func judgeLevel(sp spec, sc *judge.Screen, why []string) (bool, string) {
	if len(sp.Words) == 0 {
		return false, strings.Join(append(why, cite("C3", "no setting named to read a level from")), "; ")
	}
	e, level, ok := levelShown(sp, sc)
	switch {
	case !ok:
		return false, strings.Join(append(why, cite("E6", fmt.Sprintf("no setting naming %v shows a level as a percentage on this screen", sp.Words))), "; ")
	case level == sp.Level:
		return true, strings.Join(append(why, cite("E1", fmt.Sprintf("%q shows %s", cmp.Or(e.Text, e.Desc), level))), "; ")
	}
	return false, strings.Join(append(why, cite("E6", fmt.Sprintf("%q shows %s, not %s", cmp.Or(e.Text, e.Desc), level, sp.Level))), "; ")
}

// levelShown reads the level a setting the clause names shows as a percentage, beside its
// label or on the line under it: the label's element and the level ("40%").
func levelShown(sp spec, sc *judge.Screen) (judge.Element, string, bool) {
	var content []judge.Element
	for _, e := range sc.Elements {
		if sc.IsContent(e) {
			content = append(content, e)
		}
	}
	for i, e := range content {
		label := screentext.Squeeze(e.Text + " " + e.Desc)
		named := false
		for _, w := range sp.Words {
			named = named || strings.Contains(label, screentext.Squeeze(w))
		}
		if !named {
			continue
		}
		for k, o := range content {
			beside := o.HasBounds && e.HasBounds && o.Y1 < e.Y2 && e.Y1 < o.Y2 && o.X1 >= e.X2
			under := k == i+1 // the next line in reading order: the setting's summary
			if m := percent.FindStringSubmatch(o.Text); m != nil && (beside || under) {
				return e, m[1] + "%", true
			}
		}
	}
	return judge.Element{}, "", false
}

func placeList(ps []value) string {
	var s []string
	for _, p := range ps {
		s = append(s, strconv.Quote(p.Text))
	}
	return strings.Join(s, " or ")
}

// findGone finds an item that left a page of the app: its label holds the value as a whole
// name (with whole, is the value's name: namesItem), and, when places are given, the page's
// title names one of them.
func findGone(m *judge.Listings, v value, pkg string, places []value, whole bool) (judge.GoneItem, bool) {
	if m == nil {
		return judge.GoneItem{}, false
	}
	for i := len(m.Gone) - 1; i >= 0; i-- {
		g := m.Gone[i]
		if pkg != "" && !strings.HasPrefix(g.Page, pkg+"\x00") {
			continue
		}
		if l := strings.ToLower(g.Label); !v.In(l) || whole && !namesItem(l, v) {
			continue
		}
		if len(places) > 0 {
			inPlace := false
			for _, p := range places {
				inPlace = inPlace || g.Title != "" && p.In(strings.ToLower(g.Title)) || g.Place != "" && p.In(strings.ToLower(g.Place))
			}
			if !inPlace {
				continue
			}
		}
		return g, true
	}
	return judge.GoneItem{}, false
}

// titleShown reports the first frame that showed a page title naming v.
func titleShown(m *judge.Listings, v value) (int, bool) {
	if m == nil {
		return 0, false
	}
	best, ok := 0, false
	for t, f := range m.Titles {
		if v.In(strings.ToLower(t)) && (!ok || f < best) {
			best, ok = f, true
		}
	}
	return best, ok
}

// switchFor finds a switch or checkbox in the wanted state that belongs to an element
// naming one of the terms: that element itself, else the control nearest it on its row.
// A control on the same row that belongs to another label (two quick-settings tiles side
// by side) does not count.
func switchFor(sc *judge.Screen, terms []string, want bool) (judge.Element, bool) {
	usable := func(e judge.Element) bool {
		return e.Role == "" && e.Mark != judge.MarkNotification && (e.Package == "" || e.Package == sc.Package)
	}
	owner := func(o judge.Element) (judge.Element, bool) {
		if o.Checkable {
			return o, true
		}
		var best judge.Element
		found, bestDist := false, 0
		for _, e := range sc.Elements {
			if !e.Checkable || !usable(e) || !o.HasBounds || !e.HasBounds || !(o.Y1 < e.Y2 && e.Y1 < o.Y2) {
				continue
			}
			d := abs((e.X1+e.X2)/2 - (o.X1+o.X2)/2)
			if !found || d < bestDist {
				best, bestDist, found = e, d, true
			}
		}
		return best, found
	}
	// Of the labels naming a term, the closest to it counts: "Wi-Fi" rather than "Wi-Fi
	// hotspot" for "wifi"; several equally close ones count if any is in the wanted state.
	best := -1
	var found []judge.Element
	for _, o := range sc.Elements {
		if !usable(o) {
			continue
		}
		label := screentext.Squeeze(o.Text + " " + o.Desc)
		if label == "" {
			label = screentext.Squeeze(judge.ShortID(o.ID))
		}
		extra := -1
		if len(terms) == 0 && o.Checkable {
			extra = 0
		}
		for _, term := range terms {
			if t := screentext.Squeeze(term); t != "" && strings.Contains(label, t) && (extra < 0 || len(label)-len(t) < extra) {
				extra = len(label) - len(t)
			}
		}
		if extra < 0 {
			continue
		}
		e, ok := owner(o)
		if !ok {
			continue
		}
		switch {
		case best < 0 || extra < best:
			best, found = extra, []judge.Element{e}
		case extra == best:
			found = append(found, e)
		}
	}
	for _, e := range found {
		if e.Checked == want {
			return e, true
		}
	}
	return judge.Element{}, false
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// namesPlace reports whether a page title names one of the places.
func namesPlace(title string, places []value) bool {
	t := strings.ToLower(title)
	for _, p := range places {
		if t != "" && p.In(t) {
			return true
		}
	}
	return false
}
