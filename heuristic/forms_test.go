package heuristic

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/trace"
)

// Forms: text typed into a field is no result (issue 12), but a form the agent submitted
// saved its values, and apps often return to a list showing only the new item's title. These
// synthetic runs (apps, fields and wording of this test's own) check each way a form is
// committed, and each way it is not, on the heuristic judge; the model judge is told the
// same as remembered state.

// field is an editable field of a test form: its hint and the text it holds ("" empty).
type field struct{ hint, text string }

// formScreen is a form page: the status bar, a toolbar with a "Cancel" icon, the title and
// a "Save" button, then the fields, one under the other.
func formScreen(pkg, title string, fields ...field) []trace.UIElement {
	els := judgetest.StatusBar()
	els = append(els,
		judgetest.UI{Pkg: pkg, Class: "android.widget.FrameLayout", Y1: 120, Y2: judgetest.ScreenH}.Element(),
		judgetest.UI{Pkg: pkg, Class: "android.widget.ImageButton", Desc: "Cancel", Y1: 140, Y2: 250, X1: 0, X2: 140}.Element(),
		judgetest.UI{Pkg: pkg, Text: title, Y1: 150, Y2: 230, X1: 160, X2: 600}.Element(),
		judgetest.UI{Pkg: pkg, Class: "android.widget.Button", Text: "Save", ID: "toolbar_action", Y1: 140, Y2: 250, X1: 780, X2: 1040}.Element())
	for i, f := range fields {
		y := 400 + i*200
		els = append(els, judgetest.UI{Pkg: pkg, Class: "android.widget.EditText", Text: f.text, Hint: f.hint, Editable: true, Y1: y, Y2: y + 150, X1: 40, X2: 1040}.Element())
	}
	return els
}

var (
	tapSave   = judgetest.TapOn(780, 140, 1040, 250)
	tapCancel = judgetest.TapOn(0, 140, 140, 250)
	pressBack = &trace.Action{Type: "key", Text: "back"}
)

// dialog is a question over the app with two buttons, left and right.
func dialog(pkg, question, left, right string) []trace.UIElement {
	return judgetest.Concat(judgetest.StatusBar(), []trace.UIElement{
		judgetest.UI{Pkg: pkg, Class: "android.widget.FrameLayout", Y1: 900, Y2: 1400, X1: 80, X2: 1000}.Element(),
		judgetest.UI{Pkg: pkg, Text: question, ID: "message", Y1: 950, Y2: 1100, X1: 120, X2: 960}.Element(),
		judgetest.UI{Pkg: pkg, Class: "android.widget.Button", Text: left, ID: "button2", Y1: 1250, Y2: 1350, X1: 400, X2: 650}.Element(),
		judgetest.UI{Pkg: pkg, Class: "android.widget.Button", Text: right, ID: "button1", Y1: 1250, Y2: 1350, X1: 700, X2: 950}.Element(),
	})
}

var (
	tapDialogLeft  = judgetest.TapOn(400, 1250, 650, 1350)
	tapDialogRight = judgetest.TapOn(700, 1250, 950, 1350)
)

// chips is a row of options in the ledger's form, the one named chosen selected.
func chips(a, b, chosen string) []trace.UIElement {
	var out []trace.UIElement
	for i, c := range []string{a, b} {
		e := judgetest.UI{Pkg: "org.example.ledger", Text: c, ID: "chip", Y1: 1100, Y2: 1200, X1: 40 + i*300, X2: 300 + i*300}.Element()
		e.IsSelected = c == chosen
		out = append(out, e)
	}
	return out
}

// act is a frame and the agent's action on it.
type act struct {
	screen []trace.UIElement
	act    *trace.Action
}

func stepsTrace(t *testing.T, task string, steps ...act) *trace.Trace {
	t.Helper()
	var frames [][]trace.UIElement
	for _, s := range steps {
		frames = append(frames, s.screen)
	}
	tr := judgetest.ElementsTrace(t, task, frames...)
	for i, s := range steps {
		tr.Frames[i].Action = s.act
	}
	return tr
}

func TestFormCommitted(t *testing.T) {
	const (
		book   = "org.example.phonebook"
		ledger = "org.example.ledger"
		diary  = "org.example.diary"
		caller = "org.example.calls" // an app that opens the phonebook's editor
	)
	person := "Create a new contact in the Phonebook app for Odile Brandt. Their number is +14155550199."
	filled := formScreen(book, "New person", field{"Name", "Odile Brandt"}, field{"Phone", "+1 415-555-0199"})
	empty := formScreen(book, "New person", field{"Name", ""}, field{"Phone", ""})
	people := judgetest.Page(book, "People", "Odile Brandt", "Pavel Ng")
	peopleBefore := judgetest.Page(book, "People", "Pavel Ng")

	spend := "In the Ledger app, add a payment 'Bike repair' of 42.50 with the note 'new chain'."
	// The ledger's form submits with an "Add" button under its fields, no toolbar save.
	spendForm := func(name, amount, note string) []trace.UIElement {
		return judgetest.Concat(judgetest.StatusBar(), []trace.UIElement{
			judgetest.UI{Pkg: ledger, Class: "android.widget.FrameLayout", Y1: 120, Y2: judgetest.ScreenH}.Element(),
			judgetest.UI{Pkg: ledger, Text: "Expense entry", Y1: 150, Y2: 230, X1: 40, X2: 600}.Element(),
			judgetest.UI{Pkg: ledger, Class: "android.widget.EditText", Text: name, Hint: "Name", ID: "edt_name", Editable: true, Y1: 300, Y2: 450}.Element(),
			judgetest.UI{Pkg: ledger, Class: "android.widget.EditText", Text: amount, Hint: "Amount", ID: "edt_amount", Editable: true, Y1: 500, Y2: 650}.Element(),
			judgetest.UI{Pkg: ledger, Class: "android.widget.EditText", Text: note, Hint: "Note", ID: "edt_note", Editable: true, Y1: 700, Y2: 850}.Element(),
			judgetest.UI{Pkg: ledger, Class: "android.widget.Button", Text: "Add", ID: "btn_submit", Y1: 900, Y2: 1050, X1: 40, X2: 1040}.Element(),
		})
	}
	tapAdd := judgetest.TapOn(40, 900, 1040, 1050)
	expenses := judgetest.Page(ledger, "Expenses", "Bike repair", "Groceries")

	event := "In the Diary app, add an entry titled 'Harbour walk' with the description 'bring the kite'."
	// The diary saves with an unlabelled check icon whose id says what it does.
	entryForm := func(title, desc string) []trace.UIElement {
		return judgetest.Concat(judgetest.StatusBar(), []trace.UIElement{
			judgetest.UI{Pkg: diary, Class: "android.widget.FrameLayout", Y1: 120, Y2: judgetest.ScreenH}.Element(),
			judgetest.UI{Pkg: diary, Text: "Entry", Y1: 150, Y2: 230, X1: 160, X2: 600}.Element(),
			judgetest.UI{Pkg: diary, Class: "android.widget.ImageButton", ID: "menu_done", Y1: 140, Y2: 250, X1: 920, X2: 1040}.Element(),
			judgetest.UI{Pkg: diary, Class: "android.widget.EditText", Text: title, Hint: "Title", Editable: true, Y1: 300, Y2: 450}.Element(),
			judgetest.UI{Pkg: diary, Class: "android.widget.EditText", Text: desc, Hint: "Description", Editable: true, Y1: 500, Y2: 650}.Element(),
		})
	}
	agenda := judgetest.Page(diary, "Agenda", "Harbour walk", "Dentist")

	cases := []struct {
		name  string
		task  string
		steps []act
		// at is the frame the last substate must be reached at (the commit).
		at int
	}{
		{"a contact saved from the toolbar; the list shows only the name", person, []act{
			{peopleBefore, judgetest.TapOn(40, 300, 900, 420)}, {empty, nil}, {filled, tapSave}, {people, nil}}, 4},
		{"a payment added with the form's own button", spend, []act{
			{spendForm("Bike repair", "42.50", "new chain"), tapAdd}, {expenses, nil}}, 2},
		{"an option chosen on the form is saved with it", "In the Ledger app, add a payment 'Bike repair' of 42.50 in the category Transport.", []act{
			{judgetest.Concat(spendForm("Bike repair", "42.50", ""), chips("Food", "Transport", "Transport")), tapAdd}, {expenses, nil}}, 2},
		{"an entry saved with an icon named by its id", event, []act{
			{entryForm("Harbour walk", "bring the kite"), judgetest.TapOn(920, 140, 1040, 250)}, {agenda, nil}}, 2},
		{"the keyboard's enter key submits", event, []act{
			{judgetest.Concat(entryForm("Harbour walk", "bring the kite"), judgetest.Keyboard()), &trace.Action{Type: "key", Text: "enter"}}, {agenda, nil}}, 2},
		{"a tap on the keyboard's done key submits", event, []act{
			{judgetest.Concat(entryForm("Harbour walk", "bring the kite"), judgetest.Keyboard(judgetest.UI{Class: "android.widget.FrameLayout", Desc: "Done", ID: "key_pos_ime_action", Y1: 2150, Y2: 2290, X1: 850, X2: 1040})),
				judgetest.TapOn(850, 2150, 1040, 2290)}, {agenda, nil}}, 2},
		{"no action recorded, the new name then listed", person, []act{
			{peopleBefore, nil}, {filled, nil}, {people, nil}}, 3},
		{"back, then 'Save changes?' answered with Save", person, []act{
			{filled, pressBack}, {dialog(book, "Save changes?", "Discard", "Save"), tapDialogRight}, {people, nil}}, 3},
		{"an editor another app opened saves back to that app", "Create a new contact for Odile Brandt. Their number is +14155550199.", []act{
			{judgetest.Page(caller, "Contacts", "Pavel Ng"), judgetest.TapOn(40, 300, 900, 420)}, {filled, tapSave}, {judgetest.Page(caller, "Contacts", "Odile Brandt", "Pavel Ng"), nil}}, 3},
		{"a scroll moved the name out of view before the save", person, []act{
			{formScreen(book, "New person", field{"Name", "Odile Brandt"}, field{"Company", ""}), &trace.Action{Type: "scroll", Direction: "down"}},
			{formScreen(book, "New person", field{"Company", ""}, field{"Phone", "+1 415-555-0199"}), tapSave}, {people, nil}}, 3},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := stepsTrace(t, c.task, c.steps...)
			j := heuristicRun(t, tr, nil)
			last := j.Substates[len(j.Substates)-1]
			if !j.Complete || last.Frame == nil || *last.Frame != c.at || !strings.Contains(last.Analysis, "saved form") {
				t.Fatalf("the committed form was not the evidence at frame %d:\n%s", c.at, describeLog(t, j))
			}
		})
	}

	// An option shown but not chosen is no value of the form.
	tr := stepsTrace(t, "In the Ledger app, add a payment 'Bike repair' of 42.50 in the category Transport.",
		act{judgetest.Concat(spendForm("Bike repair", "42.50", ""), chips("Food", "Transport", "Food")), tapAdd}, act{expenses, nil})
	if j := heuristicRun(t, tr, nil); j.Complete {
		t.Fatalf("an option not chosen counted as saved:\n%s", describeLog(t, j))
	}

	// The model judge is told the saved values as remembered state, from the commit on.
	tr = stepsTrace(t, person, act{filled, tapSave}, act{people, nil})
	p := promptsOf(t, tr, DeriveSubstates(person, ""))
	want := `(remembered) saved form: the agent submitted the form "New person" of org.example.phonebook at frame 1 (it tapped "Save") and frame 2 shows the app left it without an error; its values as submitted: Name = "Odile Brandt"; Phone = "+1 415-555-0199"`
	if !strings.Contains(p[len(p)-1], want) {
		t.Fatalf("the model judge was not told the saved form:\n%s", p[len(p)-1])
	}
	if strings.Contains(p[0], "saved form:") {
		t.Fatalf("the saved form was told before it was committed:\n%s", p[0])
	}
}

func TestFormNotCommitted(t *testing.T) {
	const book, caller = "org.example.phonebook", "org.example.calls"
	person := "Create a new contact in the Phonebook app for Odile Brandt. Their number is +14155550199."
	filled := formScreen(book, "New person", field{"Name", "Odile Brandt"}, field{"Phone", "+1 415-555-0199"})
	people := judgetest.Page(book, "People", "Odile Brandt", "Pavel Ng")
	peopleBefore := judgetest.Page(book, "People", "Pavel Ng")
	oldPeople := judgetest.Page(book, "People", "Odile Brandt", "Pavel Ng")
	launcher := judgetest.Page("org.example.launcher", "", "Phonebook", "Clock")
	withError := judgetest.Concat(filled, []trace.UIElement{judgetest.UI{Pkg: book, Text: "Phone number is invalid", ID: "textinput_error", Y1: 760, Y2: 800}.Element()})
	search := judgetest.Concat(judgetest.Page(book, "People"), []trace.UIElement{
		judgetest.UI{Pkg: book, Class: "android.widget.EditText", Text: "+1 415-555-0199", Hint: "Search people", ID: "search_src_text", Editable: true, Y1: 250, Y2: 330}.Element()})
	nameOnly := formScreen(book, "New person", field{"Name", "Odile Brandt"}, field{"Phone", ""})
	chip := judgetest.Concat(nameOnly, judgetest.Keyboard(judgetest.UI{Class: "android.widget.TextView", Desc: "Paste from clipboard: +1 415-555-0199", ID: "clipboard_chip", Y1: 1550, Y2: 1650, X2: 800}))
	wrong := formScreen(book, "New person", field{"Name", "Odile Brandt"}, field{"Phone", "+1 415-555-0100"})
	editOld := formScreen(book, "Edit person", field{"Name", "Odile Brandt"}, field{"Phone", "+1 415-555-0199"})

	cases := []struct {
		name  string
		steps []act
	}{
		// The list seen without the person before the form and with it after back would show
		// an editor that saves as it is left (TestFormSavedWhenLeftShowsInItsList); here the
		// list was never seen before the form.
		{"left by the back key", []act{{filled, pressBack}, {people, nil}}},
		{"left by the back key, the list unchanged", []act{{peopleBefore, nil}, {filled, pressBack}, {peopleBefore, nil}}},
		{"left by the cancel icon", []act{{peopleBefore, nil}, {filled, tapCancel}, {people, nil}}},
		{"'Discard changes?' answered with Discard", []act{{filled, pressBack}, {dialog(book, "Discard changes?", "Keep editing", "Discard"), tapDialogRight}, {people, nil}}},
		{"'Discard changes?' answered with OK", []act{{filled, tapCancel}, {dialog(book, "Discard changes?", "Cancel", "OK"), tapDialogRight}, {people, nil}}},
		{"the save answered with a discard question", []act{{filled, tapSave}, {dialog(book, "Discard this draft?", "Cancel", "Discard"), tapDialogLeft}, {people, nil}}},
		{"the form still open after the save", []act{{filled, tapSave}, {filled, nil}}},
		{"the save shows an error on the form", []act{{filled, tapSave}, {withError, pressBack}, {people, nil}}},
		{"the save shows an error on the next page", []act{{filled, tapSave}, {judgetest.Concat(people, []trace.UIElement{
			judgetest.UI{Pkg: book, Text: "Couldn't save the contact", ID: "snackbar_text", Y1: 2200, Y2: 2300}.Element()}), nil}}},
		{"the save leaves the app", []act{{filled, tapSave}, {launcher, nil}}},
		{"back from an editor another app opened", []act{{judgetest.Page(caller, "Contacts", "Pavel Ng"), nil}, {filled, pressBack},
			{judgetest.Page(caller, "Contacts", "Odile Brandt", "Pavel Ng"), nil}}},
		{"no action recorded, then another app", []act{{judgetest.Page(caller, "Contacts", "Pavel Ng"), nil}, {filled, nil},
			{judgetest.Page(caller, "Contacts", "Odile Brandt", "Pavel Ng"), nil}}},
		{"a search query submitted with enter", []act{{judgetest.Concat(search, judgetest.Keyboard()), &trace.Action{Type: "key", Text: "enter"}}, {judgetest.Page(book, "Results", "Odile Brandt"), nil}}},
		{"a field the keyboard searches from", []act{{judgetest.Concat(judgetest.Page(book, "People"), []trace.UIElement{
			judgetest.UI{Pkg: book, Class: "android.widget.EditText", Text: "+1 415-555-0199", Hint: "Who", Editable: true, Focused: true, Y1: 250, Y2: 330}.Element()},
			judgetest.Keyboard(judgetest.UI{Class: "android.widget.FrameLayout", Desc: "Search", ID: "key_pos_ime_action", Y1: 2150, Y2: 2290, X1: 850, X2: 1040})),
			&trace.Action{Type: "key", Text: "enter"}}, {judgetest.Page(book, "Results", "Odile Brandt"), nil}}},
		{"the number only in a clipboard chip", []act{{chip, tapSave}, {people, nil}}},
		{"the number changed after the submit and left by back", []act{{wrong, tapSave}, {people, nil},
			{editOld, pressBack}, {oldPeople, nil}}},
		{"no action recorded, nothing new shown", []act{{peopleBefore, nil}, {filled, nil}, {peopleBefore, nil}}},
		{"no action recorded, an edit form left for the old name", []act{{oldPeople, nil}, {editOld, nil}, {oldPeople, nil}}},
		{"a tap on a control that is no submit", []act{{filled, judgetest.TapOn(160, 150, 600, 230)}, {people, nil}}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := stepsTrace(t, person, c.steps...)
			j := heuristicRun(t, tr, nil)
			if j.Complete {
				t.Fatalf("an uncommitted form counted:\n%s", describeLog(t, j))
			}
			for _, s := range j.Substates {
				if s.Satisfied && strings.Contains(s.Analysis, "saved form") {
					t.Fatalf("substate %d reached from a form never committed: %s", s.ID, s.Analysis)
				}
			}
			// Nor is the model judge told, on any frame, of the number saved.
			for i, p := range promptsOf(t, tr, DeriveSubstates(person, "")) {
				for _, line := range strings.Split(p, "\n") {
					if strings.Contains(line, "saved form:") && strings.Contains(line, "555-0199") {
						t.Fatalf("prompt %d tells of the number saved: %s", i, line)
					}
				}
			}
		})
	}
}

// The open form and what the agent did on it are part of the saved progress: a run killed
// between the submit and the page that shows the form left still finds the commit.
func TestFormSurvivesResume(t *testing.T) {
	const book, caller = "org.example.phonebook", "org.example.calls"
	person := "Create a new contact in the Phonebook app for Odile Brandt. Their number is +14155550199."
	tr := stepsTrace(t, person,
		act{formScreen(book, "New person", field{"Name", "Odile Brandt"}, field{"Phone", "+1 415-555-0199"}), tapSave},
		act{judgetest.Page(book, "People", "Odile Brandt", "Pavel Ng"), nil})
	subs := DeriveSubstates(person, "")
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	m := &judgetest.Model{Handler: func(_ int, req llm.Request) (string, error) {
		return judgetest.Answer(judgetest.AskedIDs(req.Prompt), nil, ""), nil
	}}
	cfg := llmConfig(m)
	cfg.Store = db
	kctx, kill := context.WithCancel(context.Background())
	cfg.OnFrame = func(f trace.FrameResult) {
		if f.Index == 1 {
			kill()
		}
	}
	if _, err := judge.Run(kctx, cfg, tr, subs); !errors.Is(err, context.Canceled) {
		t.Fatalf("killed run: %v", err)
	}
	cfg.OnFrame = nil
	if _, err := judge.Run(context.Background(), cfg, tr, subs); err != nil {
		t.Fatal(err)
	}
	reqs := m.Requests()
	if last := reqs[len(reqs)-1].Prompt; len(reqs) != 2 || !strings.Contains(last, `saved form: the agent submitted the form "New person"`) {
		t.Fatalf("%d requests; the resumed run lost the form:\n%s", len(reqs), last)
	}
}
