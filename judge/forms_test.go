package judge

import (
	"context"
	"errors"
	"path/filepath"
	"strings"
	"testing"

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
	els := statusBar()
	els = append(els,
		ui{pkg: pkg, class: "android.widget.FrameLayout", y1: 120, y2: screenH}.element(),
		ui{pkg: pkg, class: "android.widget.ImageButton", desc: "Cancel", y1: 140, y2: 250, x1: 0, x2: 140}.element(),
		ui{pkg: pkg, text: title, y1: 150, y2: 230, x1: 160, x2: 600}.element(),
		ui{pkg: pkg, class: "android.widget.Button", text: "Save", id: "toolbar_action", y1: 140, y2: 250, x1: 780, x2: 1040}.element())
	for i, f := range fields {
		y := 400 + i*200
		els = append(els, ui{pkg: pkg, class: "android.widget.EditText", text: f.text, hint: f.hint, editable: true, y1: y, y2: y + 150, x1: 40, x2: 1040}.element())
	}
	return els
}

// tapOn is a tap at the centre of a box, as importers record taps on an element.
func tapOn(x1, y1, x2, y2 int) *trace.Action {
	x, y := float64(x1+x2)/2, float64(y1+y2)/2
	return &trace.Action{Type: "tap", X: &x, Y: &y}
}

var (
	tapSave   = tapOn(780, 140, 1040, 250)
	tapCancel = tapOn(0, 140, 140, 250)
	pressBack = &trace.Action{Type: "key", Text: "back"}
)

// dialog is a question over the app with two buttons, left and right.
func dialog(pkg, question, left, right string) []trace.UIElement {
	return concat(statusBar(), []trace.UIElement{
		ui{pkg: pkg, class: "android.widget.FrameLayout", y1: 900, y2: 1400, x1: 80, x2: 1000}.element(),
		ui{pkg: pkg, text: question, id: "message", y1: 950, y2: 1100, x1: 120, x2: 960}.element(),
		ui{pkg: pkg, class: "android.widget.Button", text: left, id: "button2", y1: 1250, y2: 1350, x1: 400, x2: 650}.element(),
		ui{pkg: pkg, class: "android.widget.Button", text: right, id: "button1", y1: 1250, y2: 1350, x1: 700, x2: 950}.element(),
	})
}

var (
	tapDialogLeft  = tapOn(400, 1250, 650, 1350)
	tapDialogRight = tapOn(700, 1250, 950, 1350)
)

// chips is a row of options in the ledger's form, the one named chosen selected.
func chips(a, b, chosen string) []trace.UIElement {
	var out []trace.UIElement
	for i, c := range []string{a, b} {
		e := ui{pkg: "org.example.ledger", text: c, id: "chip", y1: 1100, y2: 1200, x1: 40 + i*300, x2: 300 + i*300}.element()
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
	tr := elementsTrace(t, task, frames...)
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
	people := page(book, "People", "Odile Brandt", "Pavel Ng")
	peopleBefore := page(book, "People", "Pavel Ng")

	spend := "In the Ledger app, add a payment 'Bike repair' of 42.50 with the note 'new chain'."
	// The ledger's form submits with an "Add" button under its fields, no toolbar save.
	spendForm := func(name, amount, note string) []trace.UIElement {
		return concat(statusBar(), []trace.UIElement{
			ui{pkg: ledger, class: "android.widget.FrameLayout", y1: 120, y2: screenH}.element(),
			ui{pkg: ledger, text: "Expense entry", y1: 150, y2: 230, x1: 40, x2: 600}.element(),
			ui{pkg: ledger, class: "android.widget.EditText", text: name, hint: "Name", id: "edt_name", editable: true, y1: 300, y2: 450}.element(),
			ui{pkg: ledger, class: "android.widget.EditText", text: amount, hint: "Amount", id: "edt_amount", editable: true, y1: 500, y2: 650}.element(),
			ui{pkg: ledger, class: "android.widget.EditText", text: note, hint: "Note", id: "edt_note", editable: true, y1: 700, y2: 850}.element(),
			ui{pkg: ledger, class: "android.widget.Button", text: "Add", id: "btn_submit", y1: 900, y2: 1050, x1: 40, x2: 1040}.element(),
		})
	}
	tapAdd := tapOn(40, 900, 1040, 1050)
	expenses := page(ledger, "Expenses", "Bike repair", "Groceries")

	event := "In the Diary app, add an entry titled 'Harbour walk' with the description 'bring the kite'."
	// The diary saves with an unlabelled check icon whose id says what it does.
	entryForm := func(title, desc string) []trace.UIElement {
		return concat(statusBar(), []trace.UIElement{
			ui{pkg: diary, class: "android.widget.FrameLayout", y1: 120, y2: screenH}.element(),
			ui{pkg: diary, text: "Entry", y1: 150, y2: 230, x1: 160, x2: 600}.element(),
			ui{pkg: diary, class: "android.widget.ImageButton", id: "menu_done", y1: 140, y2: 250, x1: 920, x2: 1040}.element(),
			ui{pkg: diary, class: "android.widget.EditText", text: title, hint: "Title", editable: true, y1: 300, y2: 450}.element(),
			ui{pkg: diary, class: "android.widget.EditText", text: desc, hint: "Description", editable: true, y1: 500, y2: 650}.element(),
		})
	}
	agenda := page(diary, "Agenda", "Harbour walk", "Dentist")

	cases := []struct {
		name  string
		task  string
		steps []act
		// at is the frame the last substate must be reached at (the commit).
		at int
	}{
		{"a contact saved from the toolbar; the list shows only the name", person, []act{
			{peopleBefore, tapOn(40, 300, 900, 420)}, {empty, nil}, {filled, tapSave}, {people, nil}}, 4},
		{"a payment added with the form's own button", spend, []act{
			{spendForm("Bike repair", "42.50", "new chain"), tapAdd}, {expenses, nil}}, 2},
		{"an option chosen on the form is saved with it", "In the Ledger app, add a payment 'Bike repair' of 42.50 in the category Transport.", []act{
			{concat(spendForm("Bike repair", "42.50", ""), chips("Food", "Transport", "Transport")), tapAdd}, {expenses, nil}}, 2},
		{"an entry saved with an icon named by its id", event, []act{
			{entryForm("Harbour walk", "bring the kite"), tapOn(920, 140, 1040, 250)}, {agenda, nil}}, 2},
		{"the keyboard's enter key submits", event, []act{
			{concat(entryForm("Harbour walk", "bring the kite"), keyboard()), &trace.Action{Type: "key", Text: "enter"}}, {agenda, nil}}, 2},
		{"a tap on the keyboard's done key submits", event, []act{
			{concat(entryForm("Harbour walk", "bring the kite"), keyboard(ui{class: "android.widget.FrameLayout", desc: "Done", id: "key_pos_ime_action", y1: 2150, y2: 2290, x1: 850, x2: 1040})),
				tapOn(850, 2150, 1040, 2290)}, {agenda, nil}}, 2},
		{"no action recorded, the new name then listed", person, []act{
			{peopleBefore, nil}, {filled, nil}, {people, nil}}, 3},
		{"back, then 'Save changes?' answered with Save", person, []act{
			{filled, pressBack}, {dialog(book, "Save changes?", "Discard", "Save"), tapDialogRight}, {people, nil}}, 3},
		{"an editor another app opened saves back to that app", "Create a new contact for Odile Brandt. Their number is +14155550199.", []act{
			{page(caller, "Contacts", "Pavel Ng"), tapOn(40, 300, 900, 420)}, {filled, tapSave}, {page(caller, "Contacts", "Odile Brandt", "Pavel Ng"), nil}}, 3},
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
		act{concat(spendForm("Bike repair", "42.50", ""), chips("Food", "Transport", "Food")), tapAdd}, act{expenses, nil})
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
	people := page(book, "People", "Odile Brandt", "Pavel Ng")
	peopleBefore := page(book, "People", "Pavel Ng")
	oldPeople := page(book, "People", "Odile Brandt", "Pavel Ng")
	launcher := page("org.example.launcher", "", "Phonebook", "Clock")
	withError := concat(filled, []trace.UIElement{ui{pkg: book, text: "Phone number is invalid", id: "textinput_error", y1: 760, y2: 800}.element()})
	search := concat(page(book, "People"), []trace.UIElement{
		ui{pkg: book, class: "android.widget.EditText", text: "+1 415-555-0199", hint: "Search people", id: "search_src_text", editable: true, y1: 250, y2: 330}.element()})
	nameOnly := formScreen(book, "New person", field{"Name", "Odile Brandt"}, field{"Phone", ""})
	chip := concat(nameOnly, keyboard(ui{class: "android.widget.TextView", desc: "Paste from clipboard: +1 415-555-0199", id: "clipboard_chip", y1: 1550, y2: 1650, x2: 800}))
	wrong := formScreen(book, "New person", field{"Name", "Odile Brandt"}, field{"Phone", "+1 415-555-0100"})
	editOld := formScreen(book, "Edit person", field{"Name", "Odile Brandt"}, field{"Phone", "+1 415-555-0199"})

	cases := []struct {
		name  string
		steps []act
	}{
		{"left by the back key", []act{{peopleBefore, nil}, {filled, pressBack}, {people, nil}}},
		{"left by the cancel icon", []act{{peopleBefore, nil}, {filled, tapCancel}, {people, nil}}},
		{"'Discard changes?' answered with Discard", []act{{filled, pressBack}, {dialog(book, "Discard changes?", "Keep editing", "Discard"), tapDialogRight}, {people, nil}}},
		{"'Discard changes?' answered with OK", []act{{filled, tapCancel}, {dialog(book, "Discard changes?", "Cancel", "OK"), tapDialogRight}, {people, nil}}},
		{"the save answered with a discard question", []act{{filled, tapSave}, {dialog(book, "Discard this draft?", "Cancel", "Discard"), tapDialogLeft}, {people, nil}}},
		{"the form still open after the save", []act{{filled, tapSave}, {filled, nil}}},
		{"the save shows an error on the form", []act{{filled, tapSave}, {withError, pressBack}, {people, nil}}},
		{"the save shows an error on the next page", []act{{filled, tapSave}, {concat(people, []trace.UIElement{
			ui{pkg: book, text: "Couldn't save the contact", id: "snackbar_text", y1: 2200, y2: 2300}.element()}), nil}}},
		{"the save leaves the app", []act{{filled, tapSave}, {launcher, nil}}},
		{"back from an editor another app opened", []act{{page(caller, "Contacts", "Pavel Ng"), nil}, {filled, pressBack},
			{page(caller, "Contacts", "Odile Brandt", "Pavel Ng"), nil}}},
		{"no action recorded, then another app", []act{{page(caller, "Contacts", "Pavel Ng"), nil}, {filled, nil},
			{page(caller, "Contacts", "Odile Brandt", "Pavel Ng"), nil}}},
		{"a search query submitted with enter", []act{{concat(search, keyboard()), &trace.Action{Type: "key", Text: "enter"}}, {page(book, "Results", "Odile Brandt"), nil}}},
		{"a field the keyboard searches from", []act{{concat(page(book, "People"), []trace.UIElement{
			ui{pkg: book, class: "android.widget.EditText", text: "+1 415-555-0199", hint: "Who", editable: true, focused: true, y1: 250, y2: 330}.element()},
			keyboard(ui{class: "android.widget.FrameLayout", desc: "Search", id: "key_pos_ime_action", y1: 2150, y2: 2290, x1: 850, x2: 1040})),
			&trace.Action{Type: "key", Text: "enter"}}, {page(book, "Results", "Odile Brandt"), nil}}},
		{"the number only in a clipboard chip", []act{{chip, tapSave}, {people, nil}}},
		{"the number changed after the submit and left by back", []act{{wrong, tapSave}, {people, nil},
			{editOld, pressBack}, {oldPeople, nil}}},
		{"no action recorded, nothing new shown", []act{{peopleBefore, nil}, {filled, nil}, {peopleBefore, nil}}},
		{"no action recorded, an edit form left for the old name", []act{{oldPeople, nil}, {editOld, nil}, {oldPeople, nil}}},
		{"a tap on a control that is no submit", []act{{filled, tapOn(160, 150, 600, 230)}, {people, nil}}},
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
		act{page(book, "People", "Odile Brandt", "Pavel Ng"), nil})
	subs := DeriveSubstates(person, "")
	db, err := store.Open(context.Background(), filepath.Join(t.TempDir(), "p.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer db.Close()
	m := &fakeModel{handler: func(_ int, req llm.Request) (string, error) { return answer(askedIDs(req.Prompt), nil, ""), nil }}
	cfg := llmConfig(m)
	cfg.Store = db
	kctx, kill := context.WithCancel(context.Background())
	cfg.OnFrame = func(f trace.FrameResult) {
		if f.Index == 1 {
			kill()
		}
	}
	if _, err := Run(kctx, cfg, tr, subs); !errors.Is(err, context.Canceled) {
		t.Fatalf("killed run: %v", err)
	}
	cfg.OnFrame = nil
	if _, err := Run(context.Background(), cfg, tr, subs); err != nil {
		t.Fatal(err)
	}
	reqs := m.requests()
	if last := reqs[len(reqs)-1].Prompt; len(reqs) != 2 || !strings.Contains(last, `saved form: the agent submitted the form "New person"`) {
		t.Fatalf("%d requests; the resumed run lost the form:\n%s", len(reqs), last)
	}
}

// What a tap on a form's control does, by what the control says it is.
func TestFormControls(t *testing.T) {
	const app = "org.example.forms"
	cases := []struct {
		control ui
		dialog  bool
		want    string
	}{
		{ui{class: "android.widget.Button", text: "Save"}, false, actSubmit},
		{ui{class: "android.widget.Button", text: "Save and close"}, false, actSubmit},
		{ui{class: "android.widget.Button", text: "Create event"}, false, actSubmit},
		{ui{class: "android.widget.Button", text: "OK"}, false, actSubmit},
		{ui{class: "android.widget.Button", text: "Add"}, false, actSubmit},
		{ui{class: "android.widget.ImageButton", desc: "Done"}, false, actSubmit},
		{ui{class: "android.widget.ImageButton", id: "fab_confirm"}, false, actSubmit},
		{ui{class: "android.widget.Button", text: "Add photo"}, false, actLeave},
		{ui{class: "android.widget.Button", text: "Don't save"}, false, actLeave},
		{ui{class: "android.widget.Button", text: "OK, discard"}, false, actLeave},
		{ui{class: "android.widget.ImageButton", desc: "Navigate up"}, false, actLeave},
		{ui{class: "android.widget.ImageButton", id: "btn_cancel"}, false, actLeave},
		{ui{class: "android.widget.TextView", text: "Reminders"}, false, actLeave},
		{ui{class: "android.widget.EditText", text: "Save the date", hint: "Title", editable: true}, false, actLeave},
		{ui{class: "android.widget.Button", text: "Save"}, true, actSubmit},
		{ui{class: "android.widget.Button", text: "OK"}, true, actLeave},
		{ui{class: "android.widget.Button", text: "Discard"}, true, actLeave},
	}
	for _, c := range cases {
		c.control.pkg, c.control.y1, c.control.y2, c.control.x1, c.control.x2 = app, 1000, 1150, 300, 700
		sc := fromElements([]trace.UIElement{
			ui{pkg: app, class: "android.widget.FrameLayout", y1: 0, y2: screenH}.element(),
			c.control.element()})
		got := classifyAct(tapOn(300, 1000, 700, 1150), sc, c.dialog)
		if got.Kind != c.want {
			t.Errorf("%+v (dialog %v): %s (%s), want %s", c.control, c.dialog, got.Kind, got.What, c.want)
		}
	}
	// A tap where no control names itself says nothing either way.
	sc := fromElements([]trace.UIElement{ui{pkg: app, text: "Title", y1: 100, y2: 200}.element()})
	if got := classifyAct(tapOn(0, 1000, 100, 1100), sc, false); got.Kind != actUnknown {
		t.Errorf("a tap on nothing: %+v", got)
	}
}
