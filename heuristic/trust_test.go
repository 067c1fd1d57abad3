package heuristic

import (
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// The tests in this file each build a small synthetic trace of AndroidWorld-style elements
// (apps, words and names of their own, none from the shared data) and check one rule of
// issue 12: the screen description tells the truth, and the heuristic judge counts only
// real evidence.

// Item 1: with the keyboard up, the keyboard's many keys outnumber the app's elements;
// the app is still the one in front, and the keyboard is labelled as such.
func TestKeyboardIsNotTheForegroundApp(t *testing.T) {
	const notes = "org.example.jotter"
	form := judgetest.Concat(judgetest.StatusBar(),
		[]trace.UIElement{
			judgetest.UI{Pkg: notes, Class: "android.widget.FrameLayout", Y1: 120, Y2: 1650}.Element(),
			judgetest.UI{Pkg: notes, Text: "New entry", Y1: 150, Y2: 230, X1: 40, X2: 600}.Element(),
			judgetest.UI{Pkg: notes, Class: "android.widget.EditText", Text: "Entry title", Hint: "Entry title", Editable: true, Focused: true, Y1: 300, Y2: 420}.Element(),
		},
		judgetest.Keyboard(judgetest.UI{Class: "android.widget.TextView", Text: "entries", ID: "suggestion_strip_word", Y1: 1550, Y2: 1650, X2: 300}))
	tr := judgetest.ElementsTrace(t, "Open the Jotter app", form)
	subs := &substate.List{Task: tr.Task, Nodes: []substate.Node{{ID: 0, Kind: substate.Page, Content: "The Jotter app is open"}}}

	j := heuristicRun(t, tr, subs)
	if !j.Complete {
		t.Fatalf("the app page was not seen with the keyboard up:\n%s", describeLog(t, j))
	}
	prompts := promptsOf(t, tr, subs)
	d := judgetest.Fenced(prompts[0])
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

// Item 2: text that merely echoes the task (a clipboard chip holding the goal sentence,
// the goal typed into a field, a search query, a notification) is no evidence of its result.
func TestEchoedTaskTextIsNoResult(t *testing.T) {
	const app = "org.example.jotter"
	task := `Create a note in the Jotter app titled "Bring the blue folder" with the text "Call Priya at 17:45"`
	echo := judgetest.Concat(judgetest.StatusBar(),
		[]trace.UIElement{
			judgetest.UI{Pkg: app, Class: "android.widget.FrameLayout", Y1: 120, Y2: 1650}.Element(),
			judgetest.UI{Pkg: app, Text: "New note", Y1: 150, Y2: 230, X2: 600}.Element(),
			judgetest.UI{Pkg: app, Class: "android.widget.EditText", Text: "Bring the blue folder", Hint: "Title", Editable: true, Y1: 300, Y2: 420}.Element(),
			judgetest.UI{Pkg: app, Class: "android.widget.EditText", Text: "Search notes", Hint: "Search notes", ID: "search_src_text", Editable: true, Y1: 450, Y2: 560}.Element(),
		},
		judgetest.Keyboard(judgetest.UI{Class: "android.widget.TextView", Desc: "Paste from clipboard: Call Priya at 17:45", ID: "clipboard_chip", Y1: 1550, Y2: 1650, X2: 800},
			// A chip whose id says nothing: its length says it is a clip, not a suggested word.
			judgetest.UI{Class: "android.widget.TextView", Text: "Bring the blue folder and call Priya at 17:45", ID: "0_resource_name_obfuscated", Y1: 1550, Y2: 1650, X1: 800}),
		[]trace.UIElement{judgetest.UI{Pkg: "com.android.systemui", Text: "Call Priya at 17:45", ID: "notification_text", Y1: 0, Y2: 120, X1: 300, X2: 900}.Element()})
	tr := judgetest.ElementsTrace(t, task, echo)
	j := heuristicRun(t, tr, nil)
	if j.Complete {
		t.Fatalf("echoed text counted as the result:\n%s", describeLog(t, j))
	}
	d := judgetest.Fenced(promptsOf(t, tr, DeriveSubstates(task, ""))[0])
	for _, want := range []string{`typed: "Bring the blue folder"`, `clipboard: desc "Paste from clipboard: Call Priya at 17:45"`,
		`clipboard: "Bring the blue folder and call Priya at 17:45"`, `notification: "Call Priya at 17:45"`} {
		if !strings.Contains(d, want) {
			t.Errorf("description lacks %s:\n%s", want, d)
		}
	}
	// The same values saved and listed are the result.
	saved := judgetest.Page(app, "All notes", "Bring the blue folder", "Call Priya at 17:45")
	tr = judgetest.ElementsTrace(t, task, echo, saved)
	if j := heuristicRun(t, tr, nil); !j.Complete {
		t.Fatalf("saved note not seen:\n%s", describeLog(t, j))
	}
}

// Item 3: a clause with several constraints needs each of them. "Move X from A to B" is
// not satisfied by a listing of A with X still in it.
func TestMoveNeedsEveryConstraint(t *testing.T) {
	const app = "org.example.filebox"
	task := "In the Filebox app, move the note trip_plan_final.txt from DraftNotes to ArchiveNotes."
	src := judgetest.Page(app, "DraftNotes", "budget.txt", "trip_plan_final.txt", "zoo_photos.txt")
	tr := judgetest.ElementsTrace(t, task, src)
	tr.App = "filebox"
	if j := heuristicRun(t, tr, nil); j.Complete {
		t.Fatalf("a listing of the source with the note still in it passed:\n%s", describeLog(t, j))
	}
	// A longer name that merely ends with the note's name is another note.
	other := judgetest.Page(app, "ArchiveNotes", "2021_trip_plan_final.txt")
	tr = judgetest.ElementsTrace(t, task, other)
	tr.App = "filebox"
	if j := heuristicRun(t, tr, nil); j.Complete {
		t.Fatalf("another note with a longer name passed:\n%s", describeLog(t, j))
	}
	// The note listed on the destination page may have been copied there: with its source
	// never shown again, the judge cannot tell.
	dst := judgetest.Page(app, "ArchiveNotes", "old_notes.txt", "trip_plan_final.txt")
	tr = judgetest.ElementsTrace(t, task, src, dst)
	tr.App = "filebox"
	if j := heuristicRun(t, tr, nil); j.Complete || j.RunVerdict().Verdict != trace.RunCannotTell {
		t.Fatalf("the note listed in the destination alone was taken for a move:\n%s", describeLog(t, j))
	}
	// Gone from its source and listed at the destination: the move done.
	srcAfter := judgetest.Page(app, "DraftNotes", "budget.txt", "zoo_photos.txt", "zz_last.txt")
	tr = judgetest.ElementsTrace(t, task, src, srcAfter, dst)
	tr.App = "filebox"
	if j := heuristicRun(t, tr, nil); !j.Complete {
		t.Fatalf("the note gone from its source and listed in the destination was not seen:\n%s", describeLog(t, j))
	}
}

// Item 4: evidence of absence. A file listed on its page before and gone from the same
// page afterwards is deleted (or moved away), which no single frame shows; the heuristic
// sees it from memory and the model judge is told it as remembered state.
func TestEvidenceOfAbsence(t *testing.T) {
	const app = "org.example.filebox"
	task := "Delete the file old_invoice.pdf from the Receipts folder."
	before := judgetest.Page(app, "Receipts", "march_rent.pdf", "old_invoice.pdf", "water_bill.pdf")
	selected := judgetest.Page(app, "1 selected", "march_rent.pdf", "old_invoice.pdf", "water_bill.pdf")
	after := judgetest.Page(app, "Receipts", "march_rent.pdf", "water_bill.pdf", "zinc_order.pdf")
	tr := judgetest.ElementsTrace(t, task, before, selected, after)
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
	scrolled := judgetest.Page(app, "Receipts", "water_bill.pdf", "zinc_order.pdf")
	tr = judgetest.ElementsTrace(t, task, before, scrolled)
	if j := heuristicRun(t, tr, nil); j.Complete {
		t.Fatalf("a scrolled list was taken for a deletion:\n%s", describeLog(t, j))
	}
	// Another page without the file says nothing about the file's own page.
	elsewhere := judgetest.Page(app, "Invoices", "march_rent.pdf", "water_bill.pdf")
	tr = judgetest.ElementsTrace(t, task, before, elsewhere)
	if j := heuristicRun(t, tr, nil); j.Complete {
		t.Fatalf("another page was taken for the file's page:\n%s", describeLog(t, j))
	}
}

// Item 4, moves: the source page lost the file and the destination was shown.
func TestMoveByAbsenceFromSource(t *testing.T) {
	const app = "org.example.filebox"
	task := "In the Filebox app, move the file trip_plan.txt from Drafts to Archive."
	src := judgetest.Page(app, "Drafts", "budget.txt", "trip_plan.txt", "zoo_photos.txt")
	picker := judgetest.Page(app, "Move to Archive", "..")
	after := judgetest.Page(app, "Drafts", "budget.txt", "zoo_photos.txt")
	tr := judgetest.ElementsTrace(t, task, src, picker, after)
	tr.App = "filebox"
	j := heuristicRun(t, tr, nil)
	if !j.Complete {
		t.Fatalf("the move was not seen:\n%s", describeLog(t, j))
	}
	// Without the destination ever shown, the file may have gone anywhere.
	tr = judgetest.ElementsTrace(t, task, src, after)
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
	detail := judgetest.Page(app, "Harvest dinner", "Guests invited: 7", "Venue: barn")
	tr := judgetest.ElementsTrace(t, task, judgetest.Page(app, "Events", "Harvest dinner", "Book club"), detail)
	seven := "7"
	tr.Frames[1].Action = &trace.Action{Type: "answer", Text: seven}
	subs := DeriveSubstates(task, "")
	units := 0
	for _, n := range subs.Nodes {
		if n.Kind == substate.Unit {
			units++
		}
		// The format stays with its question (it says the unit the answer is in): it is
		// never a substate of its own.
		if strings.Contains(strings.ToLower(n.Content), "express your answer") && !strings.HasPrefix(n.Content, derivedAnswer) {
			t.Fatalf("the format instruction became a substate: %q", n.Content)
		}
	}
	if units != 1 {
		t.Fatalf("%d units, want the answer's alone: %+v", units, subs.Nodes)
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
	tr := judgetest.ElementsTrace(t, task,
		judgetest.Page("org.example.jotter", "All notes", "shopping_list.md", "todo.md"),
		judgetest.Page("org.example.chatter", "555-0142", "eggs and flour", "Delivered"))
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
	tr := judgetest.ElementsTrace(t, task, judgetest.Page("org.example.jotter", "Reminders", "Don't forget the milk,", "I'm out of it"))
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
	tr := judgetest.WriteTrace(t, subs.Task, judgetest.ClockScreens()...)
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
	tr := judgetest.WriteTrace(t, subs.Task, judgetest.ClockScreens()[0])
	j := heuristicRun(t, tr, subs)
	if j.CompleteRequired || !j.NoRequired || !strings.Contains(describeLog(t, j), "undefined: every substate is optional (required only)") {
		t.Fatalf("required completion of an all-optional task: %+v\n%s", j, describeLog(t, j))
	}
}
