package judge

import (
	"cmp"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/autoeval/autoeval/judge/screentext"
	"github.com/autoeval/autoeval/trace"
)

// Forms is what the judge remembers of the forms the agent filled in. Text typed into a
// field only echoes the task (issue 12), so it is never a result by itself; but a form
// whose values were submitted saved them, and an app often returns to a list that shows
// only the new item's title. A form is committed when:
//
//   - on the last frame that showed it filled, the agent's action submitted it (a tap on a
//     save, done, add, create, OK or confirm control, or the keyboard's enter/done key), and
//     the next frame has left it (its typed values are no longer in any field) for a page of
//     the same app, or of the app that opened the editor (not the launcher), that shows
//     neither an error nor a save-or-discard question; or
//   - no action was recorded (or it cannot be told what it did) and, besides leaving the
//     form, the next frame shows one of the typed values as the app's own, non-editable
//     content, where the app had not shown it before the form was filled. Leaving alone
//     is not enough without an action: back, cancel and discard leave a form too, and an
//     edit form left unsaved returns to a page that still shows the item's old name,
//     which is why the value must be new.
//
// The values of a committed form, as they were when it was submitted, become evidence
// ("saved form") at the frame the commit was seen. Never counted: a form left by back,
// cancel or discard, a form still open, values typed into a search box or the keyboard
// (neither is a form field), a form whose save shows an error, and values changed after
// the last submit (the form's state is taken from the frame the submit was made on).
type Forms struct {
	// Open is the filled form last on screen, not yet committed or dropped.
	Open *formSnap `json:"open,omitempty"`
	// Saved are the committed forms, oldest first, at most maxSavedForms.
	Saved []SavedForm `json:"saved,omitempty"`
	// Dropped are the forms left without being committed (back, cancel, discard, a save
	// refused with an error), oldest first, at most maxSavedForms: evidence against what
	// they held unless a later commit saved it.
	Dropped []DroppedForm `json:"dropped,omitempty"`
	// Shown maps an app's content texts (package, NUL, squeezed text) to the first frame
	// that showed them: what was there before a form was filled is no proof it was saved.
	Shown map[string]int `json:"shown,omitempty"`
}

// FormField is one value of a form: what the field is called and what it held.
type FormField struct {
	Label string `json:"label,omitempty"`
	Value string `json:"value"`
	// Chosen marks a selected or checked option of the form rather than typed text.
	Chosen bool `json:"chosen,omitempty"`
	// Picked marks (with Chosen) a date or time a picker set, shown as the form's text.
	Picked bool `json:"picked,omitempty"`
}

// formSnap is a filled form as last seen, and what the agent did on that frame.
type formSnap struct {
	First   int         `json:"first"` // the first frame that showed it filled
	Frame   int         `json:"frame"` // the last frame that showed it (or its dialog)
	Package string      `json:"package"`
	Title   string      `json:"title,omitempty"`
	Fields  []FormField `json:"fields"`
	Act     formAct     `json:"act"`
	// Dialog is set while the app asks whether to save or discard the form.
	Dialog bool `json:"dialog,omitempty"`
	// Document is set when the form is a document editor: a large text field, and no
	// control that sends it. Such editors save as they are left (evidence rule E2).
	Document bool `json:"document,omitempty"`
	// Submitted is the frame the agent submitted the form on when the screens since show
	// it unchanged and no sign the save went through: whether it did cannot be told (C2).
	Submitted int `json:"submitted,omitempty"`
	// Opened are the fields as the form first showed them: a form left as it was opened
	// was only read (an item's page looked at on the way to an answer).
	Opened []FormField `json:"opened,omitempty"`
}

// formAct is what the agent's action on a form's frame did to it.
type formAct struct {
	Kind string `json:"kind"`           // actSubmit, actLeave, actScroll or actUnknown
	What string `json:"what,omitempty"` // for people: `tapped "Save"`
	// Control is the label of the app's control tapped, "" for a key or no tap: a save
	// that keeps the form open is honoured when its control goes away.
	Control string `json:"control,omitempty"`
	// Back is set for the back key or the app's navigate-up control: how an editor that
	// saves as it is left is left.
	Back bool `json:"back,omitempty"`
}

const (
	actSubmit  = "submit"
	actLeave   = "leave"
	actScroll  = "scroll"
	actUnknown = "unknown"
)

// DroppedForm is a form left without being committed.
type DroppedForm struct {
	Frame   int         `json:"frame"` // the frame that showed the form left
	First   int         `json:"first"` // the first frame that showed it filled
	Left    int         `json:"left"`  // the last frame that showed it
	Package string      `json:"package"`
	Title   string      `json:"title,omitempty"`
	Fields  []FormField `json:"fields"`
	How     string      `json:"how"`
	// Error is the error the app showed when the form was left, "" for none.
	Error string `json:"error,omitempty"`
	// Unchanged is set when the form was left as it was opened: only read, nothing of it
	// given up.
	Unchanged bool `json:"unchanged,omitempty"`
}

// String says the dropped form for analyses and the review.
func (d DroppedForm) String() string {
	form := "a form"
	if d.Title != "" {
		form = fmt.Sprintf("the form %q", d.Title)
	}
	why := d.How
	if d.Error != "" {
		why = fmt.Sprintf("the app showed the error %q", d.Error)
	}
	return fmt.Sprintf("%s of %s, filled with %s, was left at frame %d without being saved (%s)", form, d.Package, fieldList(d.Fields), d.Frame, why)
}

// SavedForm is a committed form.
type SavedForm struct {
	Frame     int    `json:"frame"`     // the frame that showed the form left: the commit
	Submitted int    `json:"submitted"` // the frame the form was submitted on
	Package   string `json:"package"`
	// Landed is the app the commit frame shows: the form's own, or the app that opened it.
	Landed string      `json:"landed,omitempty"`
	Title  string      `json:"title,omitempty"`
	Fields []FormField `json:"fields"`
	How    string      `json:"how"`
}

const (
	maxSavedForms = 50
	maxShownTexts = 2000
	// maxTargetShare bounds the share of the screen a tapped element may cover and still
	// name what was tapped: a whole-page container says nothing about the control.
	maxTargetShare = 4
)

func newForms() *Forms { return &Forms{Shown: map[string]int{}} }

// String says the saved form as remembered state, for the model judge and for analyses.
func (s SavedForm) String() string {
	form := "a form"
	if s.Title != "" {
		form = fmt.Sprintf("the form %q", s.Title)
	}
	return fmt.Sprintf("saved form: the agent submitted %s of %s at frame %d (%s) and frame %d shows the app left it without an error; its values as submitted: %s",
		form, s.Package, s.Submitted, s.How, s.Frame, fieldList(s.Fields))
}

// fieldList says a form's values: `Name = "Odile"; chosen "Work"`.
func fieldList(fs []FormField) string {
	var vals []string
	for _, f := range fs {
		switch {
		case f.Picked:
			vals = append(vals, fmt.Sprintf("%s picked %q", cmp.Or(f.Label, "a date or time"), f.Value))
		case f.Chosen:
			vals = append(vals, "chosen "+strconv.Quote(f.Value))
		case f.Label != "":
			vals = append(vals, fmt.Sprintf("%s = %q", f.Label, f.Value))
		default:
			vals = append(vals, strconv.Quote(f.Value))
		}
	}
	return strings.Join(vals, "; ")
}

// observe takes in one frame: the screen and the action the agent took on it. same says
// the screen is the previous frame's again (only the action is new).
func (m *Forms) observe(frame int, sc *Screen, a *trace.Action, same bool) {
	if m.Shown == nil {
		m.Shown = map[string]int{}
	}
	if sc == nil || sc.OCR {
		// Nothing to read fields from: what the agent did to an open form is unknown now.
		if m.Open != nil {
			m.Open.Frame, m.Open.Act = frame, formAct{Kind: actUnknown, What: "a frame that could not be read followed"}
		}
		return
	}
	if same {
		if p := m.Open; p != nil {
			if p.Act.Kind == actSubmit && !p.Dialog {
				if how, ok := honouredInPlace(p, sc); ok && p.Document {
					m.save(SavedForm{Frame: frame, Submitted: p.Frame, Package: p.Package, Landed: sc.Package, Title: p.Title, Fields: p.Fields,
						How: "it " + p.Act.What + " and the editor stayed open; " + how})
					p.Submitted = 0
				} else {
					p.Submitted = p.Frame // the same screen after the save: nothing said
				}
			}
			p.Frame, p.Act = frame, classifyAct(a, sc, p.Dialog)
		}
		return
	}
	cur := formFields(sc)
	if p := m.Open; p != nil {
		switch {
		case p.Package == sc.Package && discardQuestion(sc):
			// "Save changes?" or "Discard draft?" (over the form or in place of it): the
			// answer to it decides. Only a control naming "save" submits there.
			p.Dialog, p.Frame, p.Act = true, frame, classifyAct(a, sc, true)
			m.remember(frame, sc)
			return
		case p.Package == sc.Package && (sharesValue(cur, p.Fields) || p.Act.Kind == actScroll && !p.Dialog && samePage(p, sc) && hasField(sc)):
			// Still the same form, maybe changed: its latest state is what a submit saves.
			// After a scroll, fields that moved out of view keep their values.
			submitted := 0
			if sameFields(cur, p.Fields) {
				submitted = p.Submitted
			}
			if p.Act.Kind == actSubmit && !p.Dialog && errorShown(sc) == "" {
				// A save that keeps the editor open (a note editor, a setting edited in
				// place) is honoured when the app says so or its save control goes away.
				if how, ok := honouredInPlace(p, sc); ok {
					m.save(SavedForm{Frame: frame, Submitted: p.Frame, Package: p.Package, Landed: sc.Package, Title: p.Title, Fields: p.Fields,
						How: "it " + p.Act.What + " and the form stayed open; " + how})
					submitted = 0
				} else if sameFields(cur, p.Fields) {
					submitted = p.Frame
				}
			}
			if p.Act.Kind == actScroll {
				cur = carryOver(cur, p.Fields, sc)
			}
			m.Open = nil
			if hasTyped(cur) {
				m.Open = &formSnap{First: p.First, Frame: frame, Package: sc.Package, Title: sc.Title, Fields: cur, Act: classifyAct(a, sc, false),
					Document: p.Document || isDocument(sc), Submitted: submitted, Opened: p.Opened}
			}
			m.remember(frame, sc)
			return
		}
		m.resolve(frame, sc)
	}
	if hasTyped(cur) {
		m.Open = &formSnap{First: frame, Frame: frame, Package: sc.Package, Title: sc.Title, Fields: cur, Act: classifyAct(a, sc, false),
			Document: isDocument(sc), Opened: cur}
	}
	m.remember(frame, sc)
}

// commitsUnchanged reports whether the frame sc, the same screen as the last, commits the
// open form: a document editor's save control was tapped on the last frame and nothing
// followed it (observe saves it then).
func (m *Forms) commitsUnchanged(sc *Screen) bool {
	p := m.Open
	if p == nil || sc == nil || sc.OCR || p.Act.Kind != actSubmit || p.Dialog || !p.Document {
		return false
	}
	_, ok := honouredInPlace(p, sc)
	return ok
}

// resolve decides what became of the open form now that a frame has left it.
func (m *Forms) resolve(frame int, sc *Screen) {
	p := m.Open
	m.Open = nil
	if p.Package != sc.Package && (p.Act.Kind != actSubmit || sc.IsLauncher()) {
		// Home, another app or a crash: nothing says the form was saved. A known submit is
		// the exception: an editor another app opened (a contact form started from the
		// dialer) returns to that app when it saves.
		return
	}
	if msg := errorShown(sc); msg != "" {
		// The save failed or was refused.
		m.drop(DroppedForm{Frame: frame, First: p.First, Left: p.Frame, Package: p.Package, Title: p.Title, Fields: p.Fields, How: p.Act.What, Error: msg})
		return
	}
	s := SavedForm{Frame: frame, Submitted: p.Frame, Package: p.Package, Landed: sc.Package, Title: p.Title, Fields: p.Fields}
	switch {
	case p.Act.Kind == actSubmit:
		s.How = "it " + p.Act.What
	case p.Act.Kind == actUnknown:
		v, ok := m.newContent(p, sc)
		if !ok {
			return
		}
		s.How = fmt.Sprintf("%s, and then %q showed as the app's own content, which it had not shown before the form", p.Act.What, v)
	case p.Act.Kind == actLeave && p.Document && p.Act.Back && !p.Dialog && p.Package == sc.Package:
		// A document editor saves as it is left: no question was asked, no error shown.
		s.How = "it " + p.Act.What + " to leave a document editor, which saves as it is left, and the app asked nothing"
	case p.Act.Kind == actLeave && p.Act.Back && !p.Dialog && p.Package == sc.Package && m.listedOnReturn(p, sc) != "":
		// An editor that saves as it is left: the page it returns to, seen before the form
		// was opened, now lists what the form held, which the app had not shown before.
		s.How = fmt.Sprintf("it %s, and the page %q it returned to, seen before the form, then listed %q, which the app had not shown before: the editor saved as it was left",
			p.Act.What, sc.Title, m.listedOnReturn(p, sc))
	case p.Act.Kind == actLeave && (p.Dialog || p.Act.Back || leavePattern.MatchString(p.Act.Control)):
		// Back, cancel, discard: the form was given up.
		how := p.Act.What
		if p.Dialog {
			how = "the save-or-discard question was answered: " + how
		}
		m.drop(DroppedForm{Frame: frame, First: p.First, Left: p.Frame, Package: p.Package, Title: p.Title, Fields: p.Fields, How: how,
			Unchanged: m.onlyRead(p)})
		return
	default:
		return
	}
	m.save(s)
}

func (m *Forms) save(s SavedForm) {
	m.Saved = append(m.Saved, s)
	if len(m.Saved) > maxSavedForms {
		m.Saved = m.Saved[len(m.Saved)-maxSavedForms:]
	}
}

func (m *Forms) drop(d DroppedForm) {
	m.Dropped = append(m.Dropped, d)
	if len(m.Dropped) > maxSavedForms {
		m.Dropped = m.Dropped[len(m.Dropped)-maxSavedForms:]
	}
}

// onlyRead reports whether a form was left as it was opened, its text the app's own: its
// fields never changed while it showed, and every text field held what the app had listed
// before the form opened (the item's name on the list it was opened from). A form the agent
// typed into, even in one step before its first frame, holds text the app never showed.
func (m *Forms) onlyRead(p *formSnap) bool {
	if p.Opened == nil || !sameFields(p.Fields, p.Opened) {
		return false
	}
	for _, f := range p.Fields {
		if f.Chosen || f.Picked {
			continue
		}
		first, ok := m.Shown[p.Package+"\x00"+screentext.Squeeze(f.Value)]
		if !ok || first >= p.First {
			return false
		}
	}
	return true
}

// lastDroppedOf is the last form left without being saved, with no later commit in its app,
// changed since it was opened, whose text names an item the contents name: a form is
// evidence against what it held (F2), and a form the agent only opened to read (a task's
// page viewed and left with back, on the way to an answer) gave nothing up.
func (m *Forms) lastDroppedOf(contents []string) (DroppedForm, bool) {
	if m == nil {
		return DroppedForm{}, false
	}
	for i := len(m.Dropped) - 1; i >= 0; i-- {
		d := m.Dropped[i]
		later := false
		for _, s := range m.Saved {
			later = later || s.Package == d.Package && s.Frame > d.Frame
		}
		if !later && !d.Unchanged && heldIn(d.Fields, contents) {
			return d, true
		}
	}
	return DroppedForm{}, false
}

// Held reports whether a form the agent filled (open, committed or dropped) held text as a
// field's whole value: text the agent may have written, which the app then shows as its own.
func (m *Forms) Held(text string) bool {
	if m == nil {
		return false
	}
	t := strings.ToLower(strings.TrimSpace(text))
	has := func(fields []FormField) bool {
		for _, f := range fields {
			if strings.ToLower(strings.TrimSpace(f.Value)) == t {
				return true
			}
		}
		return false
	}
	if m.Open != nil && has(m.Open.Fields) {
		return true
	}
	for _, s := range m.Saved {
		if has(s.Fields) {
			return true
		}
	}
	for _, d := range m.Dropped {
		if has(d.Fields) {
			return true
		}
	}
	return false
}

// heldIn reports whether a field's text shows in one of the contents as a whole. An option
// chosen or a date picked ("High", "Tue, Oct 17") is no item's text.
func heldIn(fields []FormField, contents []string) bool {
	for _, f := range fields {
		v := strings.ToLower(strings.TrimSpace(f.Value))
		if len(v) < 2 || f.Chosen || f.Picked {
			continue
		}
		for _, c := range contents {
			if screentext.ContainsName(c, v) {
				return true
			}
		}
	}
	return false
}

// DroppedAfter returns the forms of app pkg left without being saved after frame, oldest
// first.
func (m *Forms) DroppedAfter(frame int, pkg string) []DroppedForm {
	if m == nil {
		return nil
	}
	var out []DroppedForm
	for _, d := range m.Dropped {
		if d.Frame > frame && (pkg == "" || d.Package == pkg) {
			out = append(out, d)
		}
	}
	return out
}

// savedMessage matches what apps say when a save went through: "Saved", "Note saved",
// "Changes saved", "Contact updated".
var savedMessage = regexp.MustCompile(`(?i)^\W*(?:[\p{L}']+\s+){0,3}(?:saved|updated|created|added)\b[^?]{0,30}$`)

// notSaved matches a message saying the opposite.
var notSaved = regexp.MustCompile(`(?i)\b(not|unsaved|failed)\b`)

// honouredInPlace says how a save that left the form on screen shows it went through: the
// app confirms it in a short message, or the control tapped is gone or disabled, or the form
// is a document editor, which saves what it holds (it saves as it is left, too) and whose
// save control needs no confirmation: no error and no question followed it (the caller
// checked both).
func honouredInPlace(p *formSnap, sc *Screen) (string, bool) {
	for _, t := range shortMessages(sc) {
		if savedMessage.MatchString(t) && !notSaved.MatchString(t) {
			return fmt.Sprintf("the app said %q", t), true
		}
	}
	if p.Document && p.Act.Control != "" {
		return "a document editor saves what it holds when its save control is tapped, and the app showed no error and asked nothing", true
	}
	if p.Act.Control == "" {
		return "", false
	}
	for _, e := range sc.Elements {
		if e.Role == "" && !e.Editable && controlLabel(e) == p.Act.Control {
			if e.Disabled {
				return fmt.Sprintf("its %q control is now disabled", p.Act.Control), true
			}
			return "", false
		}
	}
	return fmt.Sprintf("its %q control went away", p.Act.Control), true
}

// isDocument reports whether the app's screen is a document editor: its one text field
// holds typed text and takes a fifth of the screen or more (a note's body, not a form's
// line; a form of several fields, a recipe's or an event's, may discard on back), and no
// control sends what it holds (a message's compose box is left as a draft, not sent).
func isDocument(sc *Screen) bool {
	if sc.Height <= 0 {
		return false
	}
	fields, large := 0, false
	for _, e := range sc.Elements {
		if e.Role != "" || !e.Editable || e.Mark == MarkSearch || e.Package != "" && e.Package != sc.Package {
			continue
		}
		fields++
		large = e.Mark == MarkTyped && e.HasBounds && (e.Y2-e.Y1)*5 >= sc.Height
	}
	if fields != 1 || !large {
		return false
	}
	for _, e := range sc.Elements {
		if e.Role != "" || e.Editable || e.Package != "" && e.Package != sc.Package {
			continue
		}
		if sendControl.MatchString(firstNonEmpty(e.Text, e.Desc) + " " + strings.ReplaceAll(ShortID(e.ID), "_", " ")) {
			return false
		}
	}
	return true
}

// sendControl matches the label or id of a control that sends what was typed.
var sendControl = regexp.MustCompile(`(?i)\b(send|post|reply|publish|share)\b`)

// newContent finds a typed value of the form that the screen shows as the app's own
// content and that the app had not shown before the form was first filled.
func (m *Forms) newContent(p *formSnap, sc *Screen) (string, bool) {
	var texts []string
	for _, e := range sc.Elements {
		if sc.IsContent(e) {
			texts = append(texts, strings.ToLower(e.Text), strings.ToLower(e.Desc))
		}
	}
	for _, f := range p.Fields {
		if f.Chosen || !proofValue(f.Value) {
			continue
		}
		v := screentext.NewValue(f.Value)
		shown := false
		for _, t := range texts {
			shown = shown || t != "" && v.In(t)
		}
		if !shown {
			continue
		}
		if first, ok := m.Shown[p.Package+"\x00"+screentext.Squeeze(f.Value)]; ok && first < p.First {
			continue // the app showed it before: an old item, not a saved one
		}
		return f.Value, true
	}
	return "", false
}

// listedOnReturn is the value of a form left with back that the page it returned to lists
// as new content, where that page (by its title) was shown before the form was opened; ""
// when none is. The page seen before without the item, and with it after, shows the app
// saved the form as it was left.
func (m *Forms) listedOnReturn(p *formSnap, sc *Screen) string {
	title := strings.TrimSpace(sc.Title)
	if title == "" {
		return ""
	}
	if first, ok := m.Shown[sc.Package+"\x00"+screentext.Squeeze(title)]; !ok || first >= p.First {
		return ""
	}
	v, ok := m.newContent(p, sc)
	if !ok {
		return ""
	}
	return v
}

// proofValue reports whether a typed value is distinctive enough to prove, by showing up,
// that the form was saved: a word of three letters or more, or a long number.
func proofValue(s string) bool {
	letters := 0
	for _, r := range s {
		if isLetterRune(r) {
			letters++
		}
	}
	return letters >= 3 || len(screentext.Digits(s)) >= 7
}

// remember records the app's content texts of the frame (the first frame each showed).
func (m *Forms) remember(frame int, sc *Screen) {
	for _, e := range sc.Elements {
		if !sc.IsContent(e) {
			continue
		}
		for _, t := range []string{e.Text, e.Desc} {
			if t == "" || len([]rune(t)) > 200 {
				continue
			}
			k := sc.Package + "\x00" + screentext.Squeeze(t)
			if _, ok := m.Shown[k]; !ok {
				m.Shown[k] = frame
			}
		}
	}
	if len(m.Shown) <= maxShownTexts {
		return
	}
	// Forget the most recent first: what an app showed early is what tells an old item
	// from a new one.
	keys := make([]string, 0, len(m.Shown))
	for k := range m.Shown {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m.Shown[keys[i]] != m.Shown[keys[j]] {
			return m.Shown[keys[i]] > m.Shown[keys[j]]
		}
		return keys[i] < keys[j]
	})
	for _, k := range keys[:len(m.Shown)-maxShownTexts] {
		delete(m.Shown, k)
	}
}

// SavedAt returns the forms committed at frame by app pkg or into it (an editor another
// app opened returns there).
func (m *Forms) SavedAt(frame int, pkg string) []SavedForm {
	if m == nil {
		return nil
	}
	var out []SavedForm
	for _, s := range m.Saved {
		if s.Frame == frame && (s.Package == pkg || s.Landed == pkg) {
			out = append(out, s)
		}
	}
	return out
}

// latest returns the last committed forms, at most limit.
func (m *Forms) latest(limit int) []SavedForm {
	if m == nil || len(m.Saved) == 0 {
		return nil
	}
	if len(m.Saved) > limit {
		return m.Saved[len(m.Saved)-limit:]
	}
	return m.Saved
}

// formFields are the foreground app's form values on a screen: the text typed into its
// editable fields (search boxes, password fields, the keyboard and other apps left out)
// and, when there is any, the options selected or checked beside them.
func formFields(sc *Screen) []FormField {
	var out []FormField
	searching := imeSearch(sc)
	for _, e := range sc.Elements {
		if e.Role != "" || e.Package != "" && e.Package != sc.Package || e.Mark != MarkTyped || !e.Editable {
			continue
		}
		if e.Focused && searching {
			continue // the keyboard searches from it: a search box whatever its id says
		}
		if pickerIDs[ShortID(e.ID)] {
			continue // a picker's own input over the form: the picker sets the form's value
		}
		if v := strings.TrimSpace(e.Text); v != "" {
			out = append(out, FormField{Label: fieldLabel(e), Value: v})
		}
	}
	if len(out) == 0 {
		return nil
	}
	for _, e := range sc.Elements {
		if !sc.IsContent(e) {
			continue
		}
		v := strings.TrimSpace(firstNonEmpty(e.Text, e.Desc))
		switch {
		case v == "":
		case e.Checkable && e.Checked || e.Selected:
			out = append(out, FormField{Value: v, Chosen: true})
		case !e.Checkable && pickedValue.MatchString(v):
			// A date or time a picker set shows as the form's text, not in a field.
			out = append(out, FormField{Label: fieldLabel(e), Value: v, Chosen: true, Picked: true})
		}
	}
	for _, p := range sc.Places {
		// A save dialog shows the folder it saves into as a path line (Screen.Places).
		out = append(out, FormField{Label: "folder", Value: p, Chosen: true})
	}
	if len(sc.Places) == 0 && sc.Title != "" {
		for _, f := range out {
			if !f.Chosen && savedFileName.MatchString(f.Value) {
				// The system's save page ("Save to") titles the folder it saves into
				// above the file's name.
				out = append(out, FormField{Label: "folder", Value: sc.Title, Chosen: true})
				break
			}
		}
	}
	return out
}

// savedFileName is a file's name with its extension, as a save page's name field holds it.
var savedFileName = regexp.MustCompile(`^[^/\\]+\.[A-Za-z0-9]{1,5}$`)

// pickedValue matches a date or a time as a form shows what its pickers set: "14:00",
// "2:30 PM", "October 22, 2023", "Sun, Oct 22", "22 Oct 2023", "10/22/2023".
var pickedValue = regexp.MustCompile(`(?i)^(?:\d{1,2}:\d{2}(?:\s?[ap]\.?m\.?)?|(?:(?:mon|tue|wed|thu|fri|sat|sun)[a-z]*\.?,?\s+)?(?:(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?\s+\d{1,2}(?:,?\s+\d{4})?|\d{1,2}\s+(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\.?(?:,?\s+\d{4})?)|\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4})$`)

func hasTyped(fs []FormField) bool {
	for _, f := range fs {
		if !f.Chosen {
			return true
		}
	}
	return false
}

// fieldLabel names a field: its hint, else its resource id in words, else its description.
func fieldLabel(e Element) string {
	if e.Hint != "" {
		return screentext.Clip(e.Hint)
	}
	if id := ShortID(e.ID); id != "" && !strings.Contains(id, "obfuscated") {
		return strings.ReplaceAll(id, "_", " ")
	}
	return screentext.Clip(e.Desc)
}

// sameFields reports whether a form holds the same values as before.
func sameFields(cur, old []FormField) bool {
	if len(cur) != len(old) {
		return false
	}
	for i := range cur {
		if cur[i] != old[i] {
			return false
		}
	}
	return true
}

// PendingSave reports the frame the agent submitted the form still on screen at the end,
// when nothing since showed whether the save went through.
func (m *Forms) PendingSave() (int, bool) {
	if m == nil || m.Open == nil || m.Open.Submitted == 0 {
		return 0, false
	}
	return m.Open.Submitted, true
}

// sharesValue reports whether a typed value of the old form is still in a field now.
func sharesValue(cur, old []FormField) bool {
	for _, c := range cur {
		for _, o := range old {
			if !c.Chosen && !o.Chosen && c.Value == o.Value {
				return true
			}
		}
	}
	return false
}

// hasField reports whether the app shows an editable field.
func hasField(sc *Screen) bool {
	for _, e := range sc.Elements {
		if e.Editable && e.Role == "" && (e.Package == "" || e.Package == sc.Package) && e.Mark != MarkSearch {
			return true
		}
	}
	return false
}

// samePage reports whether a screen is the page the form was on (after a scroll).
func samePage(p *formSnap, sc *Screen) bool { return p.Package == sc.Package && p.Title == sc.Title }

// carryOver adds to the fields now in view those of the form that a scroll moved out of
// view: a labelled field no editable element of the screen carries any more.
func carryOver(cur, old []FormField, sc *Screen) []FormField {
	inView := map[string]bool{}
	for _, e := range sc.Elements {
		if e.Editable && e.Role == "" {
			inView[fieldLabel(e)] = true
		}
	}
	out := append([]FormField{}, cur...)
	for _, o := range old {
		if !o.Chosen && o.Label != "" && !inView[o.Label] {
			out = append(out, o)
		}
	}
	return out
}

// discardPattern matches an app asking whether to save or drop a form's changes.
var discardPattern = regexp.MustCompile(`(?i)\b(discard|unsaved|lose (?:your |the |all )?(?:changes|edits)|changes (?:will|would) be lost|without saving|keep editing|save changes\s*\?|save (?:draft|event|contact|note|entry)\s*\?)`)

// errorPattern matches what apps say when a save fails or is refused.
var errorPattern = regexp.MustCompile(`(?i)\b(error|invalid|failed|failure|could ?n[o']t|can ?n[o']t be (?:empty|blank)|unable to|(?:is|are) required|required field|must (?:not )?(?:be|have|contain)|please (?:enter|fill|provide|select|choose|add)|not (?:saved|sent|granted)|permission (?:was |is )?denied|try again)\b`)

// shortMessages are the app's and the system's non-notification texts of a few words:
// messages and dialogs, not the bodies of notes listed on the page.
func shortMessages(sc *Screen) []string {
	var out []string
	for _, e := range sc.Elements {
		if e.Role == RoleKeyboard || e.Mark == MarkNotification || e.Editable {
			continue
		}
		for _, t := range []string{e.Text, e.Desc} {
			if t != "" && len(strings.Fields(t)) <= 15 {
				out = append(out, t)
			}
		}
	}
	return out
}

func discardQuestion(sc *Screen) bool {
	for _, t := range shortMessages(sc) {
		if discardPattern.MatchString(t) {
			return true
		}
	}
	return false
}

// SaveQuestion is the first text on the screen asking whether to save or discard a form's
// changes ("You have unsaved changes. Save before exiting?"), "" when none shows.
func (sc *Screen) SaveQuestion() string {
	for _, t := range shortMessages(sc) {
		if discardPattern.MatchString(t) {
			return t
		}
	}
	return ""
}

// IsErrorText reports whether a text says a save failed, a value is invalid or missing, or
// something could not be done ("Not sent. Tap to try again.").
func IsErrorText(s string) bool { return errorPattern.MatchString(s) }

// ErrorMessage is the first message on the screen saying a save failed, a value is invalid
// or missing, or something could not be done; "" when none shows (evidence rules F1, L3).
func (sc *Screen) ErrorMessage() string { return errorShown(sc) }

func errorShown(sc *Screen) string {
	for _, t := range shortMessages(sc) {
		if errorPattern.MatchString(t) {
			return t
		}
	}
	return ""
}

// submitWords lead the labels of controls that submit a form.
var submitWords = map[string]bool{"save": true, "done": true, "add": true, "create": true, "ok": true, "okay": true,
	"confirm": true, "submit": true, "apply": true, "send": true, "finish": true, "update": true, "post": true}

// formParts follow "add" on controls that add to the form rather than submit it ("Add
// photo", "Add field").
var formParts = map[string]bool{"photo": true, "picture": true, "image": true, "field": true, "fields": true, "label": true,
	"tag": true, "tags": true, "attachment": true, "file": true, "account": true, "more": true, "another": true,
	"phone": true, "email": true, "address": true, "row": true, "line": true, "item": true, "reminder": true,
	"participant": true, "guest": true, "location": true, "time": true, "date": true}

// upControl matches the app's own back control: the toolbar's navigate-up arrow.
var upControl = regexp.MustCompile(`(?i)^\s*(navigate up|back|up)\s*$`)

// leavePattern matches controls that leave a form without saving it.
var leavePattern = regexp.MustCompile(`(?i)\b(cancel|discard|delete|remove|close|back|navigate up|dismiss|clear|undo|exit|quit|reset|not now|skip|no)\b`)

// classifyAct reads what the agent's action on a form's frame did to the form. In a
// save-or-discard dialog only a control naming "save" submits: "OK" there may well discard.
func classifyAct(a *trace.Action, sc *Screen, dialog bool) formAct {
	if a == nil {
		return formAct{Kind: actUnknown, What: "no action was recorded"}
	}
	switch a.Type {
	case "tap":
		if a.X == nil || a.Y == nil {
			return formAct{Kind: actUnknown, What: "a tap at no known place"}
		}
		e, ok := tapTarget(sc, *a.X, *a.Y)
		if !ok {
			return formAct{Kind: actUnknown, What: "a tap on a control with no label"}
		}
		label := controlLabel(e)
		what := fmt.Sprintf("tapped %q", label)
		switch {
		case e.Role == RoleKeyboard:
			return keyAct(strings.ToLower(label), "tapped the keyboard's "+strconv.Quote(label)+" key")
		case e.Editable:
			// A field, whatever it holds ("Save the date"): tapping it edits or picks.
			return formAct{Kind: actLeave, What: "tapped a field"}
		case !dialog && pickerShown(sc):
			// A date or time picker over the form: its OK sets the value picked and closes
			// the picker; nothing of the form is committed or given up.
			return formAct{Kind: actUnknown, What: fmt.Sprintf("tapped %q in a picker over the form", label)}
		}
		switch controlKind(e, dialog) {
		case actSubmit:
			return formAct{Kind: actSubmit, What: what, Control: label}
		case actUnknown:
			return formAct{Kind: actUnknown, What: "a tap on a control with no label"}
		}
		return formAct{Kind: actLeave, What: what, Control: label, Back: upControl.MatchString(label)}
	case "key":
		k := strings.ToLower(strings.TrimSpace(a.Text))
		if k == "enter" && imeSearch(sc) {
			return formAct{Kind: actLeave, What: "pressed enter to search"}
		}
		if dialog && k != "back" && k != "home" {
			return formAct{Kind: actUnknown, What: "pressed " + k}
		}
		return keyAct(k, "pressed the "+k+" key")
	case "scroll", "swipe":
		return formAct{Kind: actScroll, What: "scrolled"}
	case "type", "wait", "other":
		return formAct{Kind: actUnknown, What: "the action (" + a.Type + ") says nothing about saving"}
	}
	return formAct{Kind: actLeave, What: a.Type}
}

// pickerIDs are the resource ids of the parts of Android's date and time pickers (the
// platform's dialogs and Material's): a screen showing one shows a picker.
var pickerIDs = map[string]bool{"hours": true, "minutes": true, "am_label": true, "pm_label": true, "radial_picker": true,
	"input_hour": true, "input_minute": true, "time_header": true, "date_picker_header": true, "date_picker_header_year": true,
	"date_picker_header_date": true, "date_picker_day_picker": true, "month_view": true, "day_picker_view_pager": true,
	"numberpicker_input": true, "material_clock_face": true, "material_hour_tv": true, "material_minute_tv": true, "material_timepicker_view": true,
	"mtrl_calendar_main_pane": true, "mtrl_picker_header_selection_text": true, "mtrl_calendar_days_of_week": true}

// pickerShown reports whether a date, time or number picker is on the screen: a widget of
// a picker class or one of the pickers' parts by its id.
func pickerShown(sc *Screen) bool {
	for _, e := range sc.Elements {
		if e.Role != "" {
			continue
		}
		if strings.Contains(shortClass(e.Class), "Picker") || pickerIDs[ShortID(e.ID)] {
			return true
		}
	}
	return false
}

// keyAct classifies a key: the keyboard's enter, done, go and send keys submit; back, home
// and search leave; the rest (next, a letter) say nothing.
func keyAct(k, what string) formAct {
	switch k {
	case "enter", "done", "go", "send":
		return formAct{Kind: actSubmit, What: what}
	case "back", "navigate up":
		return formAct{Kind: actLeave, What: what, Back: true}
	case "home", "search":
		return formAct{Kind: actLeave, What: what}
	}
	return formAct{Kind: actUnknown, What: what}
}

// imeSearch reports whether the keyboard's action key is a search key: the field it types
// into is a search box.
func imeSearch(sc *Screen) bool {
	for _, k := range sc.ActionKeys {
		if strings.EqualFold(strings.TrimSpace(firstNonEmpty(k.Text, k.Desc)), "search") {
			return true
		}
	}
	return false
}

// controlLabel is what a control says it is: its text, else its description, else its id.
func controlLabel(e Element) string {
	return screentext.Clip(firstNonEmpty(e.Text, e.Desc, strings.ReplaceAll(ShortID(e.ID), "_", " ")))
}

// controlKind says whether a control submits, leaves or cannot be told.
func controlKind(e Element, dialog bool) string {
	said := strings.ToLower(strings.TrimSpace(firstNonEmpty(e.Text, e.Desc)))
	if said == "" {
		id := strings.ToLower(ShortID(e.ID))
		if id == "" || strings.Contains(id, "obfuscated") {
			return actUnknown
		}
		said = strings.NewReplacer("_", " ", "-", " ", ".", " ").Replace(id)
	}
	words := strings.FieldsFunc(said, func(r rune) bool { return !screentext.IsWordRune(r) })
	if len(words) == 0 {
		return actUnknown
	}
	if leavePattern.MatchString(said) && words[0] != "save" { // "Save and close" saves
		return actLeave
	}
	if dialog {
		if words[0] == "save" {
			return actSubmit
		}
		return actLeave
	}
	if len(words) <= 3 && submitWords[words[0]] && !(words[0] == "add" && len(words) > 1 && formParts[words[1]]) {
		return actSubmit
	}
	// An id such as "btn_save", "menu_done" or "fab_confirm" names the control's job.
	if e.Text == "" && e.Desc == "" {
		for _, w := range words {
			if w == "save" || w == "done" || w == "confirm" || w == "submit" || w == "ok" {
				return actSubmit
			}
		}
	}
	// A control that shows a mode or a count as its text ("SMS" on a send button) says what
	// it does in its description ("Send").
	if d := strings.FieldsFunc(strings.ToLower(e.Desc), func(r rune) bool { return !screentext.IsWordRune(r) }); e.Text != "" && len(d) > 0 && len(d) <= 3 &&
		submitWords[d[0]] && !leavePattern.MatchString(e.Desc) && !(d[0] == "add" && len(d) > 1 && formParts[d[1]]) {
		return actSubmit
	}
	return actLeave
}

// tapTarget finds the control at a point: the smallest labelled element containing it that
// is not a whole-page container, the keyboard's action keys included.
func tapTarget(sc *Screen, x, y float64) (Element, bool) {
	width, height := 0, sc.Height
	for _, e := range sc.Elements {
		if e.HasBounds {
			width = max(width, e.X2)
		}
	}
	limit := width * height / maxTargetShare
	best, bestArea := Element{}, -1
	for _, e := range append(append([]Element{}, sc.Elements...), sc.ActionKeys...) {
		if !e.HasBounds || float64(e.X1) > x || x > float64(e.X2) || float64(e.Y1) > y || y > float64(e.Y2) {
			continue
		}
		area := (e.X2 - e.X1) * (e.Y2 - e.Y1)
		if limit > 0 && area > limit || controlLabel(e) == "" {
			continue
		}
		if bestArea < 0 || area < bestArea {
			best, bestArea = e, area
		}
	}
	return best, bestArea >= 0
}

// IsLauncher reports whether the screen is the home screen or the app drawer (or, with a
// hierarchy, nothing identifiable). A screenshot read by OCR has no package unless the
// frame names its activity: without one it is the launcher when the OCR layer recognised
// one (Launcher).
func (sc *Screen) IsLauncher() bool {
	pkg := strings.ToLower(sc.Package)
	if sc.OCR && pkg == "" {
		return sc.Launcher
	}
	return pkg == "" || strings.Contains(pkg, "launcher")
}
