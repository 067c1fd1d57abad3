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

	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/judge/evidence"
	"github.com/autoeval/autoeval/judge/screentext"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// Version names the rule set of the heuristic baseline; bump it when a rule changes
// so saved progress of the old rules is not resumed.
const Version = "heuristic/v5"

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
	for _, n := range in.Query.Asked() { // ids ascend and parents precede children
		ok, why := h.verdict(n, in, ev)
		if ok && n.Kind == substate.Unit && n.Parent != nil && !got[*n.Parent] {
			ok, why = false, fmt.Sprintf("%s; but its page %d is not seen on this screen (parent rule)", why, *n.Parent)
		}
		got[n.ID] = ok
		v := trace.VerdictUncertain
		if ok {
			v = trace.VerdictTrue
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
	switch sp.Kind {
	case kindAnswer:
		return judgeAnswer(sp, in.Answer, ev, why)
	case kindGone:
		return judgeGone(sp, sc, ev, in.Listings, why)
	case kindMove, kindCopy:
		return judgeMoveCopy(sp, sc, ev, in.Listings, why)
	case kindLevel:
		return judgeLevel(sp, sc, why)
	}
	var found, fromForms, joined []string
	saved := in.Forms.SavedAt(in.Frame, sc.Package)
	for _, v := range sp.Values {
		if !ev.has(v) && !(sp.Kind == kindToggle && ev.hasWord(screentext.Squeeze(v.Text))) {
			if parts, ok := ev.joined(v); ok && sp.Kind != kindToggle {
				joined = append(joined, fmt.Sprintf("%q as the adjacent texts %s on one row", v.Text, parts))
				continue
			}
			// A form committed on this frame saved its values, as they were submitted,
			// though the page it returned to may show only the item's title.
			s, f, rule, ok := savedValue(saved, v)
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
	return true, strings.Join(why, "; ")
}

// savedValue finds a value among the values of the forms committed on this frame: in one
// field (evidence rule E2), else, for a value of several words, assembled from adjacent
// typed fields of one form (E3: a first and a last name).
func savedValue(saved []judge.SavedForm, v value) (judge.SavedForm, string, string, bool) {
	for _, s := range saved {
		for _, f := range s.Fields {
			if v.In(strings.ToLower(f.Value)) {
				name := strconv.Quote(f.Value)
				switch {
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
	}
	return judge.SavedForm{}, "", "", false
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
	for _, e := range sc.Elements {
		if e.Mark == judge.MarkSearch {
			ev.queries = append(ev.queries, strings.ToLower(e.Text))
		}
		if !sc.IsContent(e) {
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

// has reports whether a value shows as a whole in one element's text.
func (ev *shown) has(v value) bool {
	for _, t := range ev.texts {
		if v.In(t) {
			return true
		}
	}
	return false
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
		if !ev.words[w] {
			return false
		}
	}
	return true
}

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
	if len(sp.Objects) == 0 {
		return false, strings.Join(append(why, cite("C3", "nothing named to be gone: which items a clause like this removes cannot be told from the screens")), "; ")
	}
	var proofs []string
	for _, o := range sp.Objects {
		if ev.has(o) {
			return false, strings.Join(append(why, cite("E5", fmt.Sprintf("%q still shows on this screen", o.Text))), "; ")
		}
		g, ok := findGone(mem, o, sc.Package, sp.Places)
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

// judgeMoveCopy: a move needs its object gone from the source page with the destination
// shown, or its object listed on the destination page; a copy needs the object listed on
// the destination page.
func judgeMoveCopy(sp spec, sc *judge.Screen, ev *shown, mem *judge.Listings, why []string) (bool, string) {
	if len(sp.Objects) == 0 || sp.To == nil {
		return false, strings.Join(append(why, cite("C3", fmt.Sprintf("a %s needs a named item and a destination; this clause names %d item(s) and destination %v", sp.Kind, len(sp.Objects), sp.To != nil))), "; ")
	}
	to := *sp.To
	title := strings.ToLower(sc.Title)
	onDest := title != "" && to.In(title)
	var proofs []string
	for _, o := range sp.Objects {
		if onDest && ev.has(o) {
			proofs = append(proofs, cite("E1", fmt.Sprintf("%q is listed on the destination page %q", o.Text, sc.Title)))
			continue
		}
		if sp.Kind == kindCopy {
			if onDest {
				return false, strings.Join(append(why, cite("E6", fmt.Sprintf("the destination page %q does not list %q", sc.Title, o.Text))), "; ")
			}
			return false, strings.Join(append(why, cite("E6", fmt.Sprintf("this page (%q) is not the destination %q listing %q", sc.Title, to.Text, o.Text))), "; ")
		}
		var places []value
		if sp.From != nil {
			places = []value{*sp.From}
		}
		g, ok := findGone(mem, o, sc.Package, places)
		if !ok {
			return false, strings.Join(append(why, cite("E6", fmt.Sprintf("%q neither listed on the destination %q here nor seen leaving its source page", o.Text, to.Text))), "; ")
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
			m := percent.FindStringSubmatch(o.Text)
			if m == nil || !(beside || under) {
				continue
			}
			if m[1]+"%" == sp.Level {
				return true, strings.Join(append(why, cite("E1", fmt.Sprintf("%q shows %s", cmp.Or(e.Text, e.Desc), o.Text))), "; ")
			}
			return false, strings.Join(append(why, cite("E6", fmt.Sprintf("%q shows %s, not %s", cmp.Or(e.Text, e.Desc), o.Text, sp.Level))), "; ")
		}
	}
	return false, strings.Join(append(why, cite("E6", fmt.Sprintf("no setting naming %v shows a level as a percentage on this screen", sp.Words))), "; ")
}

func placeList(ps []value) string {
	var s []string
	for _, p := range ps {
		s = append(s, strconv.Quote(p.Text))
	}
	return strings.Join(s, " or ")
}

// findGone finds an item that left a page of the app: its label holds the value as a whole
// name, and, when places are given, the page's title names one of them.
func findGone(m *judge.Listings, v value, pkg string, places []value) (judge.GoneItem, bool) {
	if m == nil {
		return judge.GoneItem{}, false
	}
	for i := len(m.Gone) - 1; i >= 0; i-- {
		g := m.Gone[i]
		if pkg != "" && !strings.HasPrefix(g.Page, pkg+"\x00") {
			continue
		}
		if !v.In(strings.ToLower(g.Label)) {
			continue
		}
		if len(places) > 0 {
			inPlace := false
			for _, p := range places {
				inPlace = inPlace || g.Title != "" && p.In(strings.ToLower(g.Title))
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

// judgeAnswer: a question is answered when the agent reported an answer and a screen of
// the app shows every part of it (and, for a bare small number, the question's subject
// too, so that a stray digit on some screen does not count).
func judgeAnswer(sp spec, answer string, ev *shown, why []string) (bool, string) {
	answer = strings.TrimSpace(answer)
	if answer == "" {
		return false, strings.Join(append(why, cite("E7", "the agent reported no answer")), "; ")
	}
	parts := answerParts(answer)
	if len(parts) == 0 {
		return false, strings.Join(append(why, cite("C3", fmt.Sprintf("the answer %q has nothing a screen could show (a yes/no or an empty list cannot be checked)", screentext.Clip(answer)))), "; ")
	}
	smallNumber := false
	for _, p := range parts {
		if !ev.has(p) && !ev.hasEveryWord(p) {
			return false, strings.Join(append(why, cite("E7", fmt.Sprintf("the agent's answer %q: %q is not on this screen", screentext.Clip(answer), p.Text))), "; ")
		}
		smallNumber = smallNumber || p.Number && len(screentext.Digits(p.Text)) <= 2
	}
	if smallNumber {
		for _, v := range sp.Values {
			if !ev.has(v) {
				return false, strings.Join(append(why, cite("E7", fmt.Sprintf("the answer %q shows, but not beside %q, the subject of the question", screentext.Clip(answer), v.Text))), "; ")
			}
		}
	}
	return true, strings.Join(append(why, cite("E7", fmt.Sprintf("every part of the agent's answer %q is on this screen", screentext.Clip(answer)))), "; ")
}

// answerItems separates the entries of a listed answer: commas, semicolons, lines, "and".
var answerItems = regexp.MustCompile(`\s*(?:[,;\n]|\band\b)\s*`)

// answerParts splits an answer into the items a screen must show: a list's entries, or the
// answer whole. Yes/no answers and "none" give nothing to check.
func answerParts(answer string) []value {
	a := strings.TrimSpace(answer)
	for _, p := range []string{"answer:", "the answer is", "final answer:"} {
		if strings.HasPrefix(strings.ToLower(a), p) {
			a = strings.TrimSpace(a[len(p):])
		}
	}
	var out []value
	for _, item := range answerItems.Split(a, -1) {
		item = strings.Trim(item, " .\"'“”‘’")
		switch strings.ToLower(item) {
		case "", "true", "false", "yes", "no", "none", "nothing", "n/a":
			continue
		}
		out = append(out, makeValue(item))
	}
	return out
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
