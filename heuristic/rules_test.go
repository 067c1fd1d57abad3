package heuristic

import (
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/judge/evidence"
	"github.com/autoeval/autoeval/trace"
)

// Every evidence rule (package judge/evidence, the text the model judge reads too) has
// synthetic runs here: at least one where the rule applies and the heuristic cites it, and a
// near miss that must come out otherwise. The runs are built as uiautomator dumps of real
// apps look (resource ids, classes, editable and checked flags, packages), in apps and words
// of this test's own. TestEveryRuleHasCases fails when a rule of the table has no case of
// either kind, so the heuristic and the prompt cannot drift apart unnoticed.

const (
	diary    = "org.example.diary"
	jotter   = "org.example.jotter"
	book     = "org.example.phonebook"
	chatter  = "org.example.chatter"
	settings = "org.example.settings"
	launcher = "org.example.launcher"
)

// docEditor is a note editor: a toolbar with the note's name (and a save icon when asked),
// and the note's body in one large text field.
func docEditor(pkg, name, body string, saveIcon bool, extra ...trace.UIElement) []trace.UIElement {
	els := judgetest.Concat(judgetest.StatusBar(), []trace.UIElement{
		judgetest.UI{Pkg: pkg, Class: "android.widget.FrameLayout", Y1: 120, Y2: judgetest.ScreenH}.Element(),
		judgetest.UI{Pkg: pkg, Class: "android.widget.ImageButton", Desc: "Navigate up", Y1: 140, Y2: 250, X1: 0, X2: 140}.Element(),
		judgetest.UI{Pkg: pkg, Text: name, ID: "toolbar_title", Y1: 150, Y2: 230, X1: 160, X2: 700}.Element(),
	})
	if saveIcon {
		els = append(els, judgetest.UI{Pkg: pkg, Class: "android.widget.ImageButton", Desc: "Save", ID: "action_save", Y1: 140, Y2: 250, X1: 920, X2: 1040}.Element())
	}
	els = append(els, judgetest.UI{Pkg: pkg, Class: "android.widget.EditText", Text: body, ID: "note_body", Editable: true, Y1: 300, Y2: 2200, X1: 0, X2: 1080}.Element())
	return append(els, extra...)
}

var tapSaveIcon = judgetest.TapOn(920, 140, 1040, 250)

// chatThread is a conversation with a compose box holding draft and a send button.
func chatThread(title, draft string, lines ...string) []trace.UIElement {
	return judgetest.Concat(judgetest.Page(chatter, title, lines...), []trace.UIElement{
		judgetest.UI{Pkg: chatter, Class: "android.widget.EditText", Text: draft, Hint: "Message", ID: "compose", Editable: true, Y1: 2150, Y2: 2280, X1: 0, X2: 900}.Element(),
		judgetest.UI{Pkg: chatter, Class: "android.widget.ImageButton", Desc: "Send", ID: "send_button", Y1: 2150, Y2: 2280, X1: 920, X2: 1060}.Element(),
	})
}

// contactForm is the phonebook's form with a first, middle (when given) and last name.
func contactForm(first, middle, last, phone string) []trace.UIElement {
	fields := []field{{"First name", first}}
	if middle != "" {
		fields = append(fields, field{"Middle name", middle})
	}
	fields = append(fields, field{"Last name", last}, field{"Phone", phone})
	return formScreen(book, "Create contact", fields...)
}

// rowOf puts texts side by side on one row at y.
func rowOf(pkg string, y int, texts ...string) []trace.UIElement {
	var out []trace.UIElement
	for i, t := range texts {
		out = append(out, judgetest.UI{Pkg: pkg, Text: t, ID: "header_part", Y1: y, Y2: y + 100, X1: 40 + i*330, X2: 40 + i*330 + 300}.Element())
	}
	return out
}

type ruleCase struct {
	rule  string // the rule the case is about
	hold  bool   // the rule applies (and is cited); false: a near miss
	name  string
	task  string
	steps []act
	// status is the trace's status (completed unless given); answer the agent's answer.
	status, answer string
	// want is the run's verdict; cite a rule the judgment must cite (the case's rule when
	// it holds, unless given).
	want, cite string
}

var (
	entryTask   = `Create an entry titled "Harbour walk" in the Diary app.`
	noteTask    = `Create a note named "Packing list" in the Jotter app with the text "socks and a torch".`
	contactTask = "Create a contact for Odile Brandt in the Phonebook app. Their number is +14155550199."
	deleteTask  = "Delete the entry Zoo trip from the Agenda in the Diary app."
	pressHome   = &trace.Action{Type: "key", Text: "home"}
)

func ruleCases() []ruleCase {
	agenda := func(rows ...string) []trace.UIElement { return judgetest.Page(diary, "Agenda", rows...) }
	entryForm := func(title string) []trace.UIElement { return formScreen(diary, "New entry", field{"Title", title}) }
	notes := judgetest.Page(jotter, "All notes", "Packing list", "Groceries")
	detail := judgetest.Page(book, "Contact", "Odile", "Brandt", "+1 415-555-0199")
	home := judgetest.Page(launcher, "", "Jotter", "Diary", "Clock")
	radio := func(on bool) []trace.UIElement {
		return judgetest.Concat(judgetest.Page(settings, "Connections"), settingsRow(settings, "Radio silence", 400, on))
	}
	withText := func(els []trace.UIElement, pkg, text, id string) []trace.UIElement {
		return judgetest.Concat(els, []trace.UIElement{judgetest.UI{Pkg: pkg, Text: text, ID: id, Y1: 2200, Y2: 2300}.Element()})
	}
	return []ruleCase{
		// E1: the app's own content shows the effect.
		{rule: "E1", hold: true, name: "the entry listed", task: entryTask, steps: []act{{agenda("Dentist", "Harbour walk"), nil}}, want: trace.RunSuccess},
		{rule: "E1", name: "another entry listed", task: entryTask, steps: []act{{agenda("Dentist", "Harbour walks"), nil}}, want: trace.RunFailure, cite: "F4"},

		// E2: text in a field counts once the app committed it.
		{rule: "E2", hold: true, name: "a document editor left with back saves as it is left", task: noteTask,
			steps: []act{{docEditor(jotter, "Packing list", "socks and a torch", true), pressBack}, {notes, nil}}, want: trace.RunSuccess},
		{rule: "E2", hold: true, name: "a save the app confirms, the editor still open", task: noteTask,
			steps: []act{{docEditor(jotter, "Packing list", "socks and a torch", true), tapSaveIcon},
				{withText(docEditor(jotter, "Packing list", "socks and a torch", true), jotter, "Note saved", "snackbar_text"), nil}}, want: trace.RunSuccess},
		{rule: "E2", hold: true, name: "a save whose control then goes away, the editor still open", task: noteTask,
			steps: []act{{docEditor(jotter, "Packing list", "socks and a torch", true), tapSaveIcon}, {docEditor(jotter, "Packing list", "socks and a torch", false), nil}}, want: trace.RunSuccess},
		{rule: "E2", name: "a save tapped and nothing changed on screen", task: noteTask,
			steps: []act{{docEditor(jotter, "Packing list", "socks and a torch", true), tapSaveIcon}, {docEditor(jotter, "Packing list", "socks and a torch", true), nil}},
			want:  trace.RunCannotTell, cite: "C2"},
		{rule: "E2", name: "a message's compose box left with back is a draft, not sent", task: `Send "see you at eight" to Mira in the Chatter app.`,
			steps: []act{{chatThread("Mira", "see you at eight", "Hello"), pressBack}, {judgetest.Page(chatter, "Chats", "Mira", "Tom"), nil}}, want: trace.RunFailure, cite: "F2"},
		{rule: "E2", name: "a document editor left with a discard", task: noteTask,
			steps: []act{{docEditor(jotter, "Packing list", "socks and a torch", true), pressBack},
				{dialog(jotter, "Discard changes?", "Keep editing", "Discard"), tapDialogRight}, {notes, nil}}, want: trace.RunFailure, cite: "F2"},

		// E3: a value assembled from adjacent fields of one committed form, or one row.
		{rule: "E3", hold: true, name: "first and last name of one saved form", task: contactTask,
			steps: []act{{contactForm("Odile", "", "Brandt", "+1 415-555-0199"), tapSave}, {detail, nil}}, want: trace.RunSuccess},
		{rule: "E3", hold: true, name: "first and last name side by side on one row", task: contactTask,
			steps: []act{{judgetest.Concat(judgetest.Page(book, "Contact", "+1 415-555-0199"), rowOf(book, 900, "Odile", "Brandt")), nil}}, want: trace.RunSuccess},
		{rule: "E3", name: "a middle name between them", task: contactTask,
			steps: []act{{contactForm("Odile", "Marie", "Brandt", "+1 415-555-0199"), tapSave}, {detail, nil}}, want: trace.RunFailure, cite: "F4"},
		{rule: "E3", name: "the two names in two forms", task: contactTask,
			steps: []act{{formScreen(book, "Create contact", field{"First name", "Odile"}, field{"Phone", "+1 415-555-0199"}), tapSave}, {detail, nil},
				{formScreen(book, "Edit contact", field{"Last name", "Brandt"}), tapSave}, {judgetest.Page(book, "Contact", "Brandt"), nil}}, want: trace.RunFailure, cite: "F4"},
		{rule: "E3", name: "the names on two rows", task: contactTask,
			steps: []act{{detail, nil}}, want: trace.RunFailure, cite: "F4"},

		// E4: apps by their package, named only when the task names them as the app.
		{rule: "E4", hold: true, name: "their phone number names no phone app", task: `Send the text "on my way" to their phone number 555-0142.`,
			steps: []act{{judgetest.Page(chatter, "555-0142", "on my way", "Delivered"), nil}}, want: trace.RunSuccess},
		{rule: "E4", name: "the app named is never in front", task: entryTask,
			steps: []act{{judgetest.Page(jotter, "All notes", "Harbour walk"), nil}}, want: trace.RunFailure, cite: "F4"},

		// E5: gone when the page shows its place taken.
		{rule: "E5", hold: true, name: "the entry's place taken by the next", task: deleteTask,
			steps: []act{{agenda("Dentist", "Zoo trip", "Yoga"), nil}, {agenda("Dentist", "Yoga", "Walk"), nil}}, want: trace.RunSuccess},
		{rule: "E5", name: "the list scrolled past the entry", task: deleteTask,
			steps: []act{{agenda("Dentist", "Zoo trip", "Yoga"), nil}, {agenda("Yoga", "Walk"), nil}}, want: trace.RunFailure, cite: "F4"},

		// E6: every constraint.
		{rule: "E6", hold: true, name: "a move needs the item at the destination", task: "In the Jotter app, move the note trip_plan.txt from Drafts to Archive.",
			steps: []act{{judgetest.Page(jotter, "Drafts", "budget.txt", "trip_plan.txt"), nil}}, want: trace.RunFailure},
		{rule: "E6", name: "the item at the destination", task: "In the Jotter app, move the note trip_plan.txt from Drafts to Archive.",
			steps: []act{{judgetest.Page(jotter, "Archive", "old.txt", "trip_plan.txt"), nil}}, want: trace.RunSuccess, cite: "E1"},

		// E7: an answer shown on a screen.
		{rule: "E7", hold: true, name: "the answer shown", task: "How many guests are invited to the 'Harvest dinner' in the Diary app?",
			steps: []act{{judgetest.Page(diary, "Harvest dinner", "Guests invited: 7"), nil}}, answer: "7", want: trace.RunSuccess},
		{rule: "E7", name: "an answer never shown", task: "How many guests are invited to the 'Harvest dinner' in the Diary app?",
			steps: []act{{judgetest.Page(diary, "Harvest dinner", "Guests invited: 7"), nil}}, answer: "9", want: trace.RunFailure, cite: "E7"},

		// N1: text being typed.
		{rule: "N1", hold: true, name: "the title only typed into the form", task: entryTask, steps: []act{{entryForm("Harbour walk"), nil}}, want: trace.RunFailure},
		{rule: "N1", name: "the form saved and the entry listed", task: entryTask, steps: []act{{entryForm("Harbour walk"), tapSave}, {agenda("Harbour walk"), nil}},
			want: trace.RunSuccess, cite: "E1"},

		// N2: a search box and its hits.
		{rule: "N2", hold: true, name: "the search's hits", task: "Add a bookmark for Lisbon in the Diary app.",
			steps: []act{{judgetest.Concat(judgetest.Page(diary, "Search"), []trace.UIElement{
				judgetest.UI{Pkg: diary, Class: "android.widget.EditText", Text: "Lisbon", Hint: "Search places", ID: "search_src_text", Editable: true, Y1: 250, Y2: 330}.Element(),
				judgetest.UI{Pkg: diary, Text: "Lisbon, Portugal", ID: "suggestion", Y1: 400, Y2: 500}.Element()}), nil}}, want: trace.RunFailure},
		{rule: "N2", name: "the bookmark listed", task: "Add a bookmark for Lisbon in the Diary app.",
			steps: []act{{judgetest.Page(diary, "Bookmarks", "Lisbon", "Oslo"), nil}}, want: trace.RunSuccess, cite: "E1"},

		// N3: the keyboard.
		{rule: "N3", hold: true, name: "the title only on the keyboard's suggestion strip", task: entryTask,
			steps: []act{{judgetest.Concat(agenda("Dentist", "Yoga"), judgetest.Keyboard(judgetest.UI{Class: "android.widget.TextView", Text: "Harbour walk", ID: "suggestion_strip_word", Y1: 1550, Y2: 1650, X2: 500})), nil}},
			want:  trace.RunFailure},
		{rule: "N3", name: "the title in the list above the keyboard", task: entryTask,
			steps: []act{{judgetest.Concat(agenda("Dentist", "Harbour walk"), judgetest.Keyboard()), nil}}, want: trace.RunSuccess, cite: "E1"},

		// N4: notifications.
		{rule: "N4", hold: true, name: "the title only in a notification", task: entryTask,
			steps: []act{{judgetest.Concat(agenda("Dentist"), []trace.UIElement{judgetest.UI{Pkg: "com.android.systemui", Text: "Harbour walk", ID: "notification_text", Y1: 0, Y2: 120, X1: 300, X2: 900}.Element()}), nil}},
			want:  trace.RunFailure},
		{rule: "N4", name: "the title in the app under a notification", task: entryTask,
			steps: []act{{judgetest.Concat(agenda("Harbour walk"), []trace.UIElement{judgetest.UI{Pkg: "com.android.systemui", Text: "Harbour walk", ID: "notification_text", Y1: 0, Y2: 120, X1: 300, X2: 900}.Element()}), nil}},
			want:  trace.RunSuccess, cite: "E1"},

		// N5: the launcher.
		{rule: "N5", hold: true, name: "the app's label on the home screen", task: "Open the Jotter app.", steps: []act{{home, nil}}, want: trace.RunFailure},
		{rule: "N5", name: "the app itself", task: "Open the Jotter app.", steps: []act{{home, nil}, {notes, nil}}, want: trace.RunSuccess, cite: "E4"},

		// F1: an error after the attempt.
		{rule: "F1", hold: true, name: "the save refused with an error", task: contactTask,
			steps: []act{{contactForm("Odile", "", "Brandt", "+1 415"), tapSave},
				{judgetest.Concat(contactForm("Odile", "", "Brandt", "+1 415"), []trace.UIElement{judgetest.UI{Pkg: book, Text: "Phone number is invalid", ID: "textinput_error", Y1: 1100, Y2: 1150}.Element()}), nil}},
			want: trace.RunFailure},
		{rule: "F1", name: "no error, the agent stopped on the list", task: contactTask,
			steps: []act{{judgetest.Page(book, "People", "Pavel Ng"), nil}}, want: trace.RunFailure, cite: "F4"},

		// F2: a form left without being committed.
		{rule: "F2", hold: true, name: "the form left with back", task: entryTask,
			steps: []act{{entryForm("Harbour walk"), pressBack}, {agenda("Dentist"), nil}}, want: trace.RunFailure},
		{rule: "F2", name: "left with back, then filled again and saved", task: entryTask,
			steps: []act{{entryForm("Harbour walk"), pressBack}, {agenda("Dentist"), nil}, {entryForm("Harbour walk"), tapSave}, {agenda("Dentist", "Harbour walk"), nil}},
			want:  trace.RunSuccess, cite: "E1"},

		// F3: the page where the result must show, without it.
		{rule: "F3", hold: true, name: "the entry still listed at the end", task: deleteTask,
			steps: []act{{agenda("Dentist", "Zoo trip", "Yoga"), nil}}, want: trace.RunFailure},
		{rule: "F3", name: "another page at the end", task: deleteTask,
			steps: []act{{agenda("Dentist", "Zoo trip", "Yoga"), nil}, {judgetest.Page(diary, "Settings", "Theme"), nil}}, want: trace.RunFailure, cite: "F4"},
		{rule: "F3", hold: true, name: "the switch in the other state at the end", task: "Turn radio silence off.",
			steps: []act{{radio(true), nil}}, want: trace.RunFailure},

		// F4: ended elsewhere.
		{rule: "F4", hold: true, name: "the agent stopped on the home screen", task: entryTask, steps: []act{{agenda("Dentist"), nil}, {home, nil}}, want: trace.RunFailure},
		{rule: "F4", name: "the recording timed out there", task: entryTask, steps: []act{{agenda("Dentist"), nil}, {home, nil}}, status: trace.StatusTimeout,
			want: trace.RunCannotTell, cite: "C1"},

		// C1: the recording ended before the run.
		{rule: "C1", hold: true, name: "the device was lost", task: entryTask, steps: []act{{entryForm("Harbour walk"), nil}}, status: trace.StatusDeviceLost, want: trace.RunCannotTell},
		{rule: "C1", name: "a lost device after the result", task: entryTask, steps: []act{{agenda("Harbour walk"), nil}}, status: trace.StatusDeviceLost,
			want: trace.RunSuccess, cite: "E1"},

		// C2: the last action's outcome never shown.
		{rule: "C2", hold: true, name: "the recording ends on the save tap", task: entryTask, steps: []act{{entryForm("Harbour walk"), tapSave}}, want: trace.RunCannotTell},
		{rule: "C2", name: "the recording ends on a tap on the form's title", task: entryTask,
			steps: []act{{entryForm("Harbour walk"), judgetest.TapOn(160, 150, 600, 230)}}, want: trace.RunFailure, cite: "F4"},

		// C3: what the rules cannot read.
		{rule: "C3", hold: true, name: "a yes/no answer", task: "Is the entry 'Harbour walk' marked as done in the Diary app? Answer with True or False.",
			steps: []act{{judgetest.Page(diary, "Harbour walk", "Done"), nil}}, answer: "True", want: trace.RunCannotTell},
		{rule: "C3", hold: true, name: "an action with nothing to identify its result", task: "Start the stopwatch in the Diary app.",
			steps: []act{{judgetest.Page(diary, "Stopwatch", "00:05", "Lap"), nil}}, want: trace.RunCannotTell},
		{rule: "C3", name: "a named answer", task: "Which entry is first in the Agenda in the Diary app?",
			steps: []act{{agenda("Harbour walk", "Dentist"), nil}}, answer: "Harbour walk", want: trace.RunSuccess, cite: "E7"},

		// L1: not undone later.
		{rule: "L1", hold: true, name: "switched off, then on again", task: "Turn radio silence off.",
			steps: []act{{radio(true), nil}, {radio(false), nil}, {radio(true), nil}}, want: trace.RunFailure},
		{rule: "L1", hold: true, name: "listed, then deleted", task: entryTask,
			steps: []act{{agenda("Dentist", "Harbour walk", "Zoo trip"), nil}, {agenda("Dentist", "Zoo trip", "Yoga"), nil}}, want: trace.RunFailure},
		{rule: "L1", hold: true, name: "deleted, then listed again (undo)", task: deleteTask,
			steps: []act{{agenda("Dentist", "Zoo trip", "Yoga"), nil}, {agenda("Dentist", "Yoga", "Walk"), nil}, {agenda("Dentist", "Zoo trip", "Yoga"), nil}}, want: trace.RunFailure},
		{rule: "L1", name: "switched off, then another page", task: "Turn radio silence off.",
			steps: []act{{radio(true), nil}, {radio(false), nil}, {judgetest.Page(settings, "Display", "Brightness"), nil}}, want: trace.RunSuccess, cite: "L1"},

		// L2: the form the result rests on discarded afterwards.
		{rule: "L2", hold: true, name: "a confirmed save, then its changes discarded", task: noteTask,
			steps: []act{{docEditor(jotter, "Packing list", "socks and a torch", true), tapSaveIcon},
				{withText(docEditor(jotter, "Packing list", "socks and a torch", true), jotter, "Note saved", "snackbar_text"), pressBack},
				{dialog(jotter, "Discard changes?", "Keep editing", "Discard"), tapDialogRight}, {judgetest.Page(jotter, "All notes", "Groceries"), nil}},
			want: trace.RunFailure},
		{rule: "L2", name: "an edit form opened after the result and left", task: entryTask,
			steps: []act{{agenda("Harbour walk"), judgetest.TapOn(40, 300, 900, 420)}, {formScreen(diary, "Edit entry", field{"Title", "Harbour walk"}), pressBack}, {agenda("Harbour walk"), nil}},
			want:  trace.RunSuccess, cite: "L2"},

		// L3: no error after.
		{rule: "L3", hold: true, name: "an error after the entry was listed", task: entryTask,
			steps: []act{{agenda("Harbour walk", "Dentist"), nil}, {withText(agenda("Harbour walk", "Dentist"), diary, "Couldn't sync the entry", "snackbar_text"), nil}}, want: trace.RunFailure},
		{rule: "L3", name: "a message that is no error after it", task: entryTask,
			steps: []act{{agenda("Harbour walk", "Dentist"), nil}, {withText(agenda("Harbour walk", "Dentist"), diary, "Entry synced", "snackbar_text"), nil}}, want: trace.RunSuccess, cite: "L3"},
	}
}

func TestEvidenceRules(t *testing.T) {
	for _, c := range ruleCases() {
		t.Run(c.rule+" "+c.name, func(t *testing.T) {
			tr := stepsTrace(t, c.task, c.steps...)
			if c.status != "" {
				tr.Status = c.status
			}
			if c.answer != "" {
				tr.Frames[len(tr.Frames)-1].Action = &trace.Action{Type: "answer", Text: c.answer}
			}
			j := heuristicRun(t, tr, nil)
			o := j.RunVerdict()
			if o.Verdict != c.want {
				t.Fatalf("verdict %s (%s), want %s:\n%s", o.Verdict, o.Reason, c.want, describeLog(t, j))
			}
			want := c.cite
			if want == "" {
				want = c.rule
			}
			if !cited(j, want) {
				t.Fatalf("the judgment never cites %s:\n%s", want, describeLog(t, j))
			}
			if !c.hold && c.cite == "" {
				t.Fatalf("a near miss must name the rule it is decided by instead")
			}
		})
	}
}

// cited reports whether the judgment cites a rule: in its verdict, or in an analysis of a
// substate on some frame.
func cited(j *trace.Judgment, id string) bool {
	mark := evidence.Cite(id)
	if strings.Contains(j.RunVerdict().Reason, mark) {
		return true
	}
	for _, f := range j.Frames {
		for _, v := range f.Verdicts {
			if strings.Contains(v.Analysis, mark) {
				return true
			}
		}
	}
	return false
}

func TestEveryRuleHasCases(t *testing.T) {
	holds, misses := map[string]int{}, map[string]int{}
	for _, c := range ruleCases() {
		evidence.Get(c.rule) // panics on an id the table does not have
		if c.hold {
			holds[c.rule]++
		} else {
			misses[c.rule]++
		}
	}
	for _, r := range evidence.Rules {
		if holds[r.ID] == 0 || misses[r.ID] == 0 {
			t.Errorf("rule %s has %d case(s) where it applies and %d near miss(es); it needs both", r.ID, holds[r.ID], misses[r.ID])
		}
	}
}

// A form of several fields left with back is no document editor, however large one of its
// fields: forms of that kind (a recipe's, an event's) may discard on back without asking.
func TestFormWithALargeFieldIsNoDocument(t *testing.T) {
	recipe := judgetest.Concat(docEditor(jotter, "New recipe", "two eggs and flour", true),
		[]trace.UIElement{judgetest.UI{Pkg: jotter, Class: "android.widget.EditText", Text: "Pancakes", Hint: "Title", Editable: true, Y1: 2210, Y2: 2300}.Element()})
	tr := stepsTrace(t, `Create a recipe named "Pancakes" in the Jotter app with the text "two eggs and flour".`,
		act{recipe, pressBack}, act{judgetest.Page(jotter, "Recipes", "Pancakes", "Soup"), nil})
	j := heuristicRun(t, tr, nil)
	if o := j.RunVerdict(); o.Verdict != trace.RunFailure || o.Rules[0] != "F2" {
		t.Fatalf("verdict %+v:\n%s", o, describeLog(t, j))
	}
}
