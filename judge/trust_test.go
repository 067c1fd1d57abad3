package judge

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// The tests in this file each build a small synthetic trace of AndroidWorld-style elements
// (apps, words and names of their own, none from the shared data) and check one rule of
// issue 12: the screen description tells the truth, and the heuristic judge counts only
// real evidence.

// screenW and screenH are the synthetic screen's size.
const screenW, screenH = 1080, 2400

// ui is a compact element for tests.
type ui struct {
	pkg, class, text, desc, id, hint string
	y1, y2, x1, x2                   int
	editable, checkable, checked     bool
	focused                          bool
}

func (u ui) element() trace.UIElement {
	class := u.class
	if class == "" {
		class = "android.widget.TextView"
	}
	x2 := u.x2
	if x2 == 0 {
		x2 = screenW
	}
	id := u.id
	if id != "" && !strings.Contains(id, ":id/") {
		id = u.pkg + ":id/" + id
	}
	return trace.UIElement{Text: u.text, ContentDescription: u.desc, ClassName: class, ResourceName: id, HintText: u.hint,
		PackageName: u.pkg, IsEditable: u.editable, IsCheckable: u.checkable, IsChecked: u.checked, IsFocused: u.focused,
		IsEnabled: true, IsClickable: true,
		BBoxPixels: &trace.BBox{XMin: float64(u.x1), XMax: float64(x2), YMin: float64(u.y1), YMax: float64(u.y2)}}
}

// statusBar is the system UI's status bar, with a notification icon.
func statusBar() []trace.UIElement {
	return []trace.UIElement{
		ui{pkg: "com.android.systemui", text: "9:41", id: "clock", y1: 0, y2: 120, x2: 150}.element(),
		ui{pkg: "com.android.systemui", class: "android.widget.ImageView", desc: "Reminders notification: water the plants", y1: 0, y2: 120, x1: 160, x2: 220}.element(),
		ui{pkg: "com.android.systemui", class: "android.widget.LinearLayout", desc: "Battery 80 percent.", id: "battery", y1: 0, y2: 120, x1: 980}.element(),
	}
}

// page is an app page: the status bar, a title in the app bar and rows of a list sharing
// one resource id, as list items do.
func page(pkg, title string, rows ...string) []trace.UIElement {
	els := statusBar()
	els = append(els, ui{pkg: pkg, class: "android.widget.FrameLayout", y1: 120, y2: screenH}.element())
	els = append(els, ui{pkg: pkg, text: title, y1: 150, y2: 230, x1: 40, x2: 700}.element())
	for i, r := range rows {
		y := 300 + i*150
		els = append(els, ui{pkg: pkg, text: r, id: "row_name", y1: y, y2: y + 120, x1: 40, x2: 900}.element())
	}
	return els
}

// keyboard is an input method over the bottom half: many keys (more elements than most
// app pages) and any extra suggestion chips.
func keyboard(chips ...ui) []trace.UIElement {
	const ime = "org.example.inputmethod.keys"
	var els []trace.UIElement
	for i, k := range "qwertyuiopasdfghjklzxcvbnm" {
		y := 1700 + (i/10)*150
		x := (i % 10) * 108
		els = append(els, ui{pkg: ime, class: "android.widget.FrameLayout", desc: string(k), id: fmt.Sprintf("key_pos_%d", i), y1: y, y2: y + 140, x1: x, x2: x + 100}.element())
	}
	els = append(els, ui{pkg: ime, class: "android.widget.FrameLayout", desc: "Space", id: "key_pos_space", y1: 2150, y2: 2290, x1: 300, x2: 800}.element())
	for _, c := range chips {
		c.pkg = ime
		els = append(els, c.element())
	}
	return els
}

// elementsTrace is a trace of element frames; the last frame's action may be an answer.
func elementsTrace(t testing.TB, task string, frames ...[]trace.UIElement) *trace.Trace {
	t.Helper()
	tr := &trace.Trace{Version: 1, Task: task, Dir: t.TempDir(), Status: trace.StatusCompleted}
	for i, f := range frames {
		tr.Frames = append(tr.Frames, trace.Frame{Index: i + 1, ElementsData: f})
	}
	return tr
}

func concat(parts ...[]trace.UIElement) []trace.UIElement {
	var out []trace.UIElement
	for _, p := range parts {
		out = append(out, p...)
	}
	return out
}

// heuristicRun judges with the heuristic baseline, on the given substates or on those
// derived from the task.
func heuristicRun(t *testing.T, tr *trace.Trace, subs *substate.List) *trace.Judgment {
	t.Helper()
	if subs == nil {
		subs = DeriveSubstates(tr.Task, tr.App)
	}
	j, err := Run(context.Background(), Config{Kind: trace.JudgeHeuristic}, tr, subs)
	if err != nil {
		t.Fatal(err)
	}
	assertNoMissingWhenTicked(t, j)
	return j
}

// assertNoMissingWhenTicked: a substate is never ticked while its own analysis says
// something is missing (issue 12, item 8), on any frame.
func assertNoMissingWhenTicked(t *testing.T, j *trace.Judgment) {
	t.Helper()
	for _, f := range j.Frames {
		for _, v := range f.Verdicts {
			if v.Verdict == trace.VerdictTrue && strings.Contains(v.Analysis, "missing") {
				t.Errorf("frame %d: substate %d ticked while its analysis says something is missing: %s", f.Index, v.ID, v.Analysis)
			}
		}
	}
}

func describeLog(t *testing.T, j *trace.Judgment) string {
	var b strings.Builder
	WriteTree(&b, j)
	return b.String()
}

// promptsOf runs the model judge with a scripted model that never says "true" and returns
// every reasoner prompt it was sent.
func promptsOf(t *testing.T, tr *trace.Trace, subs *substate.List) []string {
	t.Helper()
	m := &fakeModel{handler: func(_ int, req llm.Request) (string, error) {
		return answer(askedIDs(req.Prompt), nil, ""), nil
	}}
	if _, err := Run(context.Background(), llmConfig(m), tr, subs); err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, r := range m.requests() {
		out = append(out, r.Prompt)
	}
	return out
}

// Item 1: with the keyboard up, the keyboard's many keys outnumber the app's elements;
// the app is still the one in front, and the keyboard is labelled as such.
func TestKeyboardIsNotTheForegroundApp(t *testing.T) {
	const notes = "org.example.jotter"
	form := concat(statusBar(),
		[]trace.UIElement{
			ui{pkg: notes, class: "android.widget.FrameLayout", y1: 120, y2: 1650}.element(),
			ui{pkg: notes, text: "New entry", y1: 150, y2: 230, x1: 40, x2: 600}.element(),
			ui{pkg: notes, class: "android.widget.EditText", text: "Entry title", hint: "Entry title", editable: true, focused: true, y1: 300, y2: 420}.element(),
		},
		keyboard(ui{class: "android.widget.TextView", text: "entries", id: "suggestion_strip_word", y1: 1550, y2: 1650, x2: 300}))
	tr := elementsTrace(t, "Open the Jotter app", form)
	subs := &substate.List{Task: tr.Task, Nodes: []substate.Node{{ID: 0, Kind: substate.Page, Content: "The Jotter app is open"}}}

	j := heuristicRun(t, tr, subs)
	if !j.Complete {
		t.Fatalf("the app page was not seen with the keyboard up:\n%s", describeLog(t, j))
	}
	prompts := promptsOf(t, tr, subs)
	d := fenced(prompts[0])
	if !strings.Contains(d, "App package: "+notes) || strings.Contains(d, "App package: org.example.inputmethod") {
		t.Fatalf("description names the wrong app:\n%s", d)
	}
	if !strings.Contains(d, "Keyboard on screen (input method org.example.inputmethod.keys, not part of the app; 27 keys not listed)") ||
		!strings.Contains(d, `keyboard: "entries"`) {
		t.Fatalf("keyboard not labelled:\n%s", d)
	}
	if !strings.Contains(d, "System UI (status bar, notifications; not part of the app)") || !strings.Contains(d, `notification: desc "Reminders notification`) {
		t.Fatalf("system UI not labelled:\n%s", d)
	}
}

// Item 1, other sources: the activity names the app outright; without one, the largest
// window that is neither the keyboard nor the system UI is the app.
func TestForegroundFromActivityAndLargestWindow(t *testing.T) {
	const a, b = "org.example.atlas", "org.example.banner"
	els := concat(statusBar(),
		[]trace.UIElement{
			ui{pkg: a, class: "android.widget.FrameLayout", y1: 120, y2: 2300}.element(),
			ui{pkg: a, text: "Atlas", y1: 150, y2: 230}.element(),
			ui{pkg: b, text: "Banner one", y1: 2300, y2: 2400, x2: 300}.element(),
			ui{pkg: b, text: "Banner two", y1: 2300, y2: 2400, x1: 300, x2: 600}.element(),
			ui{pkg: b, text: "Banner three", y1: 2300, y2: 2400, x1: 600, x2: 900}.element(),
		})
	sc := fromElements(els)
	if sc.Package != a || sc.PackageFrom != "largest window" {
		t.Fatalf("largest window: %s (%s)", sc.Package, sc.PackageFrom)
	}
	sc.setActivity(b + "/.Main")
	if sc.Package != b || sc.PackageFrom != "activity" {
		t.Fatalf("activity: %s (%s)", sc.Package, sc.PackageFrom)
	}
	// The notification shade alone on screen: the system UI is what is in front.
	shade := fromElements(concat(statusBar(), []trace.UIElement{
		ui{pkg: "com.android.systemui", class: "android.widget.Switch", text: "On", desc: "Flashlight", checkable: true, checked: true, y1: 130, y2: 280}.element()}))
	if shade.Package != "com.android.systemui" {
		t.Fatalf("shade: %s", shade.Package)
	}
}

// Item 2: text that merely echoes the task (a clipboard chip holding the goal sentence,
// the goal typed into a field, a search query, a notification) is no evidence of its result.
func TestEchoedTaskTextIsNoResult(t *testing.T) {
	const app = "org.example.jotter"
	task := `Create a note in the Jotter app titled "Bring the blue folder" with the text "Call Priya at 17:45"`
	echo := concat(statusBar(),
		[]trace.UIElement{
			ui{pkg: app, class: "android.widget.FrameLayout", y1: 120, y2: 1650}.element(),
			ui{pkg: app, text: "New note", y1: 150, y2: 230, x2: 600}.element(),
			ui{pkg: app, class: "android.widget.EditText", text: "Bring the blue folder", hint: "Title", editable: true, y1: 300, y2: 420}.element(),
			ui{pkg: app, class: "android.widget.EditText", text: "Search notes", hint: "Search notes", id: "search_src_text", editable: true, y1: 450, y2: 560}.element(),
		},
		keyboard(ui{class: "android.widget.TextView", desc: "Paste from clipboard: Call Priya at 17:45", id: "clipboard_chip", y1: 1550, y2: 1650, x2: 800},
			// A chip whose id says nothing: its length says it is a clip, not a suggested word.
			ui{class: "android.widget.TextView", text: "Bring the blue folder and call Priya at 17:45", id: "0_resource_name_obfuscated", y1: 1550, y2: 1650, x1: 800}),
		[]trace.UIElement{ui{pkg: "com.android.systemui", text: "Call Priya at 17:45", id: "notification_text", y1: 0, y2: 120, x1: 300, x2: 900}.element()})
	tr := elementsTrace(t, task, echo)
	j := heuristicRun(t, tr, nil)
	if j.Complete {
		t.Fatalf("echoed text counted as the result:\n%s", describeLog(t, j))
	}
	d := fenced(promptsOf(t, tr, DeriveSubstates(task, ""))[0])
	for _, want := range []string{`typed: "Bring the blue folder"`, `clipboard: desc "Paste from clipboard: Call Priya at 17:45"`,
		`clipboard: "Bring the blue folder and call Priya at 17:45"`, `notification: "Call Priya at 17:45"`} {
		if !strings.Contains(d, want) {
			t.Errorf("description lacks %s:\n%s", want, d)
		}
	}
	// The same values saved and listed are the result.
	saved := page(app, "All notes", "Bring the blue folder", "Call Priya at 17:45")
	tr = elementsTrace(t, task, echo, saved)
	if j := heuristicRun(t, tr, nil); !j.Complete {
		t.Fatalf("saved note not seen:\n%s", describeLog(t, j))
	}
}

// Item 2: a search query the agent typed is marked, and so is a search box's content.
func TestSearchQueryMarked(t *testing.T) {
	sc := fromElements([]trace.UIElement{
		ui{pkg: "org.example.atlas", class: "android.widget.EditText", text: "harbour", hint: "Search places", editable: true, y1: 150, y2: 260}.element(),
	})
	if sc.Elements[0].Mark != MarkSearch || sc.IsContent(sc.Elements[0]) {
		t.Fatalf("search query not marked: %+v", sc.Elements[0])
	}
}

// Item 3: a clause with several constraints needs each of them. "Move X from A to B" is
// not satisfied by a listing of A with X still in it.
func TestMoveNeedsEveryConstraint(t *testing.T) {
	const app = "org.example.filebox"
	task := "In the Filebox app, move the note trip_plan_final.txt from DraftNotes to ArchiveNotes."
	src := page(app, "DraftNotes", "budget.txt", "trip_plan_final.txt", "zoo_photos.txt")
	tr := elementsTrace(t, task, src)
	tr.App = "filebox"
	if j := heuristicRun(t, tr, nil); j.Complete {
		t.Fatalf("a listing of the source with the note still in it passed:\n%s", describeLog(t, j))
	}
	// A longer name that merely ends with the note's name is another note.
	other := page(app, "ArchiveNotes", "2021_trip_plan_final.txt")
	tr = elementsTrace(t, task, other)
	tr.App = "filebox"
	if j := heuristicRun(t, tr, nil); j.Complete {
		t.Fatalf("another note with a longer name passed:\n%s", describeLog(t, j))
	}
	// The note listed on the destination page is the move done.
	dst := page(app, "ArchiveNotes", "old_notes.txt", "trip_plan_final.txt")
	tr = elementsTrace(t, task, src, dst)
	tr.App = "filebox"
	if j := heuristicRun(t, tr, nil); !j.Complete {
		t.Fatalf("the note listed in the destination was not seen:\n%s", describeLog(t, j))
	}
}

// Item 4: evidence of absence. A file listed on its page before and gone from the same
// page afterwards is deleted (or moved away), which no single frame shows; the heuristic
// sees it from memory and the model judge is told it as remembered state.
func TestEvidenceOfAbsence(t *testing.T) {
	const app = "org.example.filebox"
	task := "Delete the file old_invoice.pdf from the Receipts folder."
	before := page(app, "Receipts", "march_rent.pdf", "old_invoice.pdf", "water_bill.pdf")
	selected := page(app, "1 selected", "march_rent.pdf", "old_invoice.pdf", "water_bill.pdf")
	after := page(app, "Receipts", "march_rent.pdf", "water_bill.pdf", "zinc_order.pdf")
	tr := elementsTrace(t, task, before, selected, after)
	j := heuristicRun(t, tr, nil)
	last := j.Substates[len(j.Substates)-1]
	if !j.Complete || last.Frame == nil || *last.Frame != 3 || !strings.Contains(last.Analysis, "evidence of absence") {
		t.Fatalf("the deletion was not seen at frame 3 from evidence of absence:\n%s\n%+v", describeLog(t, j), last)
	}
	prompts := promptsOf(t, tr, DeriveSubstates(task, ""))
	want := `(remembered) "old_invoice.pdf" was listed on page "Receipts" at frame 1 and is not listed there at frame 3`
	if !strings.Contains(prompts[len(prompts)-1], want) {
		t.Fatalf("the model judge was not told what it remembers:\n%s", prompts[len(prompts)-1])
	}

	// Scrolling moves items off screen without anything taking their place: no absence.
	scrolled := page(app, "Receipts", "water_bill.pdf", "zinc_order.pdf")
	tr = elementsTrace(t, task, before, scrolled)
	if j := heuristicRun(t, tr, nil); j.Complete {
		t.Fatalf("a scrolled list was taken for a deletion:\n%s", describeLog(t, j))
	}
	// Another page without the file says nothing about the file's own page.
	elsewhere := page(app, "Invoices", "march_rent.pdf", "water_bill.pdf")
	tr = elementsTrace(t, task, before, elsewhere)
	if j := heuristicRun(t, tr, nil); j.Complete {
		t.Fatalf("another page was taken for the file's page:\n%s", describeLog(t, j))
	}
}

// Item 4, moves: the source page lost the file and the destination was shown.
func TestMoveByAbsenceFromSource(t *testing.T) {
	const app = "org.example.filebox"
	task := "In the Filebox app, move the file trip_plan.txt from Drafts to Archive."
	src := page(app, "Drafts", "budget.txt", "trip_plan.txt", "zoo_photos.txt")
	picker := page(app, "Move to Archive", "..")
	after := page(app, "Drafts", "budget.txt", "zoo_photos.txt")
	tr := elementsTrace(t, task, src, picker, after)
	tr.App = "filebox"
	j := heuristicRun(t, tr, nil)
	if !j.Complete {
		t.Fatalf("the move was not seen:\n%s", describeLog(t, j))
	}
	// Without the destination ever shown, the file may have gone anywhere.
	tr = elementsTrace(t, task, src, after)
	tr.App = "filebox"
	if j := heuristicRun(t, tr, nil); j.Complete {
		t.Fatalf("a file gone without the destination shown passed:\n%s", describeLog(t, j))
	}
}

// Item 5: a question is judged by the agent's reported answer against what the screens
// showed; the answer's format instruction is no substate.
func TestQuestionJudgedByTheAgentsAnswer(t *testing.T) {
	const app = "org.example.planner"
	task := "How many guests are invited to the 'Harvest dinner' in the Planner app? Express your answer as a single number."
	detail := page(app, "Harvest dinner", "Guests invited: 7", "Venue: barn")
	tr := elementsTrace(t, task, page(app, "Events", "Harvest dinner", "Book club"), detail)
	seven := "7"
	tr.Frames[1].Action = &trace.Action{Type: "answer", Text: seven}
	subs := DeriveSubstates(task, "")
	for _, n := range subs.Nodes {
		if strings.Contains(strings.ToLower(n.Content), "express your answer") {
			t.Fatalf("the format instruction became a substate: %q", n.Content)
		}
	}
	j := heuristicRun(t, tr, subs)
	if !j.Complete {
		t.Fatalf("a right answer shown on screen did not pass:\n%s", describeLog(t, j))
	}
	// A wrong answer, or none, does not pass.
	tr.Frames[1].Action.Text = "9"
	if j := heuristicRun(t, tr, subs); j.Complete {
		t.Fatalf("a wrong answer passed:\n%s", describeLog(t, j))
	}
	tr.Frames[1].Action = nil
	if j := heuristicRun(t, tr, subs); j.Complete {
		t.Fatalf("no answer passed:\n%s", describeLog(t, j))
	}
	// The model judge sees the answer.
	tr.Frames[1].Action = &trace.Action{Type: "answer", Text: seven}
	p := promptsOf(t, tr, subs)
	if !strings.Contains(p[0], `The agent's reported answer to the task's question`) || !strings.Contains(p[0], `"7"`) {
		t.Fatalf("the prompt lacks the agent's answer:\n%s", p[0])
	}
}

// Item 6: a two-app task gives each clause the page of its own app.
func TestTwoAppTaskHangsEachClauseFromItsApp(t *testing.T) {
	task := "Create a note in the Jotter app named shopping_list.md, then send the text \"eggs and flour\" to 555-0142 in the Chatter app."
	subs := DeriveSubstates(task, "")
	pages := map[string]int{}
	for _, n := range subs.Nodes {
		if n.Kind == substate.Page {
			pages[n.Content] = n.ID
		}
	}
	jot, okJ := pages["The Jotter app is open"]
	chat, okC := pages["The Chatter app is open"]
	if !okJ || !okC {
		t.Fatalf("pages %v", pages)
	}
	for _, n := range subs.Nodes {
		switch {
		case strings.Contains(n.Content, "shopping_list.md") && n.ParentID() != jot,
			strings.Contains(n.Content, "555-0142") && n.ParentID() != chat:
			t.Fatalf("%q hangs from page %d; pages %v", n.Content, n.ParentID(), pages)
		}
	}
	tr := elementsTrace(t, task,
		page("org.example.jotter", "All notes", "shopping_list.md", "todo.md"),
		page("org.example.chatter", "555-0142", "eggs and flour", "Delivered"))
	if j := heuristicRun(t, tr, subs); !j.Complete {
		t.Fatalf("a two-app run that did both was not complete:\n%s", describeLog(t, j))
	}
}

// Item 7: apostrophes are not quotes: "Don't ... I'm" holds no quoted phrase.
func TestApostrophesAreNotQuotes(t *testing.T) {
	quoted := func(s string) []string {
		var out []string
		for _, q := range quotedSpans(s) {
			out = append(out, strings.ToLower(q.Text))
		}
		return out
	}
	task := "Add a reminder in the Jotter app: Don't forget the milk, I'm out of it."
	if q := quoted(task); len(q) != 0 {
		t.Fatalf("quoted phrases %q", q)
	}
	if q := quoted(`Rename it to 'Kim's list' and 'Plan B'`); len(q) != 2 || q[0] != "kim's list" || q[1] != "plan b" {
		t.Fatalf("single quotes: %q", q)
	}
	// The reminder saved on two lines is found.
	tr := elementsTrace(t, task, page("org.example.jotter", "Reminders", "Don't forget the milk,", "I'm out of it"))
	j := heuristicRun(t, tr, nil)
	for _, s := range j.Substates {
		if strings.Contains(s.Analysis, "t forget the milk, i") {
			t.Fatalf("apostrophes read as quotes: %s", s.Analysis)
		}
	}
}

// Item 8: in the clock example a substate was ticked while its analysis said "missing
// [exists]"; no substate is ever ticked while its analysis says something is missing.
func TestNoTickWithSomethingMissing(t *testing.T) {
	subs := &substate.List{Task: "Open the Clock app and set an alarm for 7:30 AM", Nodes: []substate.Node{
		{ID: 0, Kind: substate.Page, Content: "The Clock app is open"},
		{ID: 1, Kind: substate.Page, Content: "The Clock app's alarm list is visible", Parent: substate.IntPtr(0)},
		{ID: 2, Kind: substate.Unit, Content: "An alarm for 7:30 AM exists in the alarm list", Parent: substate.IntPtr(1)},
		{ID: 3, Kind: substate.Unit, Content: "The 7:30 AM alarm is switched on", Parent: substate.IntPtr(1)},
	}}
	tr := writeTrace(t, subs.Task, clockScreens()...)
	j := heuristicRun(t, tr, subs) // asserts the rule on every frame
	if !j.Complete {
		t.Fatalf("the clock run did not pass:\n%s", describeLog(t, j))
	}
}

// A task whose substates are all optional has no required completion: undefined, said so,
// never "complete over required substates".
func TestRequiredCompletionUndefinedWhenAllOptional(t *testing.T) {
	subs := &substate.List{Task: "Look around", Nodes: []substate.Node{
		{ID: 0, Kind: substate.Page, Content: "The Clock app is open", Optional: true}}}
	tr := writeTrace(t, subs.Task, clockScreens()[0])
	j := heuristicRun(t, tr, subs)
	if j.CompleteRequired || !j.NoRequired || !strings.Contains(describeLog(t, j), "undefined: every substate is optional (required only)") {
		t.Fatalf("required completion of an all-optional task: %+v\n%s", j, describeLog(t, j))
	}
}
