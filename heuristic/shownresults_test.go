package heuristic

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/trace"
)

// How apps show a committed result the task's words do not spell: a message whose text the
// task names by where it is ("the content of the note"), a screen the task names by what
// it is ("the Call Screen") and shows by its controls, a clause's first word capitalised
// by its sentence. Each has the shown success and near misses that must stay failures.
// Apps and words are this test's own.

const dialer = "org.example.dialer"

// inCall is a dialler's in-call screen: the number as the app formats it, the call's
// timer, its buttons and the hang-up control (a description, no text).
func inCall(number, timer string) []trace.UIElement {
	return judgetest.Concat(judgetest.StatusBar(), []trace.UIElement{
		judgetest.UI{Pkg: dialer, Text: number, ID: "contact_name", Y1: 380, Y2: 480, X1: 60, X2: 1020}.Element(),
		judgetest.UI{Pkg: dialer, Text: timer, ID: "call_timer", Y1: 500, Y2: 560, X1: 60, X2: 1020}.Element(),
		judgetest.UI{Pkg: dialer, Class: "android.widget.CheckBox", Text: "Mute", ID: "incall_button", Y1: 1300, Y2: 1560, X1: 90, X2: 390}.Element(),
		judgetest.UI{Pkg: dialer, Class: "android.widget.CheckBox", Text: "Hold", ID: "incall_button", Y1: 1300, Y2: 1560, X1: 690, X2: 990}.Element(),
		judgetest.UI{Pkg: dialer, Class: "android.widget.ImageButton", Desc: "End call", ID: "end_call", Y1: 1900, Y2: 2100, X1: 440, X2: 640}.Element(),
	})
}

// recents is the dialler's call history, where it returns once a call ends.
func recents(rows ...string) []trace.UIElement { return judgetest.Page(dialer, "Recents", rows...) }

var tapEndCall = judgetest.TapOn(440, 1900, 640, 2100)

// A screen named by what it is ("ensure the Call Screen is displayed with options like
// 'Hold'") shows by what the task says it holds, never by the task's name for it (E1), and
// a screen the task asks to be displayed must still be displayed when the run ends (L1).
func TestScreenNamedByWhatItIsShowsByItsControls(t *testing.T) {
	const task = "Make a phone call to 5550142 and ensure the Call Screen is displayed with options like 'Hold'."
	runCommittedCases(t, []committedCase{
		{name: "in-call screen at the end", task: task, want: trace.RunSuccess,
			steps: []act{{inCall("555-0142", "0:01"), nil}, {inCall("555-0142", "0:04"), nil}}},
		{name: "call ended before the end", task: task, want: trace.RunFailure, cite: "L1",
			steps: []act{{inCall("555-0142", "0:01"), tapEndCall}, {recents("555-0142", "Outgoing call, 0:03"), nil}}},
		{name: "another number called", task: task, want: trace.RunFailure,
			steps: []act{{inCall("555-0199", "0:01"), nil}, {inCall("555-0199", "0:04"), nil}}},
		{name: "dialling, no options yet", task: task, want: trace.RunFailure,
			steps: []act{{judgetest.Page(dialer, "555-0142", "Calling…"), nil}}},
	})
}

// A send that names its message by where the text is ("share the entire content of the
// note") sends the text the task gave the note: only a message holding that text shows it
// (E6). The label's text ends where a sentence starting with an action names the app to
// use: that sentence is the task's next step, not more of the text.
func TestMessageNamedByWhereItsTextIs(t *testing.T) {
	const text = "Gate code 4417, ring twice"
	const task = "Create a note in the Jotter app named gate.md with the following text: " + text + ". Share the entire content of the note with the phone number 5550142 using the Chatter app."
	if got, want := unitValues(task), [][]string{{text, "gate.md"}, {text, "5550142"}}; !reflect.DeepEqual(got, want) {
		t.Fatalf("values %q, want %q", got, want)
	}
	note := []act{{docEditor(jotter, "gate.md", text, true), tapSaveIcon}, {docEditor(jotter, "gate.md", text, true), nil}}
	then := func(steps ...act) []act { return append(append([]act{}, note...), steps...) }
	runCommittedCases(t, []committedCase{
		{name: "the note's text sent", task: task, want: trace.RunSuccess,
			steps: then(act{chatThread("555-0142", text), tapSend}, act{chatThread("555-0142", "", text), nil})},
		{name: "typed, never sent", task: task, want: trace.RunFailure,
			steps: then(act{chatThread("555-0142", text), nil})},
		{name: "other text sent", task: task, want: trace.RunFailure,
			steps: then(act{chatThread("555-0142", "Gate code"), tapSend}, act{chatThread("555-0142", "", "Gate code"), nil})},
		{name: "sent to another number", task: task, want: trace.RunFailure,
			steps: then(act{chatThread("555-0199", text), tapSend}, act{chatThread("555-0199", "", text), nil})},
	})
	// A text with full stops of its own, and no app named after them, stays one value.
	if got := unitValues("Create a note in the Jotter app named a.md with the following text: Pack light. Send postcards."); !reflect.DeepEqual(got, [][]string{{"Pack light. Send postcards", "a.md"}}) {
		t.Fatalf("values %q", got)
	}
}

// A clause that borrows the verb of the clause before ("(create) Name it x.png") keeps its
// own first word as its sentence wrote it: capitalised by the sentence, not a name.
func TestBorrowedVerbLeavesTheFirstWordInitial(t *testing.T) {
	got := unitValues("Draw a sketch in the Sketcher app. Name it dolor_sit.png. Perform a paste in the note.")
	want := [][]string{{"dolor_sit.png"}, nil}
	if len(got) < 2 || !reflect.DeepEqual(got[len(got)-2:], want) {
		t.Fatalf("values %q, want the last two %q", got, want)
	}
}

// noteBrowser is a file browser's page: its list view, a row per note with its date under
// it, and a "new note" button floating over the list.
func noteBrowser(title string, notes ...string) []trace.UIElement {
	els := judgetest.Concat(judgetest.StatusBar(), []trace.UIElement{
		judgetest.UI{Pkg: jotter, Text: title, ID: "toolbar_title", Y1: 160, Y2: 250, X1: 60, X2: 700}.Element(),
		judgetest.UI{Pkg: jotter, Class: "androidx.recyclerview.widget.RecyclerView", ID: "file_list", Y1: 285, Y2: 2330, X1: 0, X2: 1080}.Element(),
	})
	for i, n := range notes {
		y := 330 + i*180
		els = append(els,
			judgetest.UI{Pkg: jotter, Text: n, ID: "item_title", Y1: y, Y2: y + 70, X1: 60, X2: 1020}.Element(),
			judgetest.UI{Pkg: jotter, Text: fmt.Sprintf("10/1%d/2023", i), ID: "item_date", Y1: y + 78, Y2: y + 130, X1: 60, X2: 1020}.Element())
	}
	return append(els, judgetest.UI{Pkg: jotter, Class: "android.widget.ImageButton", Desc: "New note", ID: "fab", Y1: 1940, Y2: 2085, X1: 870, X2: 1020}.Element())
}

// deleteAsked is the browser with its delete question in front.
func deleteAsked(under []trace.UIElement) []trace.UIElement {
	return append(append([]trace.UIElement{}, under...),
		judgetest.UI{Pkg: jotter, Text: "Delete these notes?", ID: "message", Y1: 1000, Y2: 1080, X1: 100, X2: 980}.Element(),
		judgetest.UI{Pkg: jotter, Class: "android.widget.Button", Text: "Cancel", ID: "button2", Y1: 1150, Y2: 1250, X1: 500, X2: 740}.Element(),
		judgetest.UI{Pkg: jotter, Class: "android.widget.Button", Text: "OK", ID: "button1", Y1: 1150, Y2: 1250, X1: 760, X2: 980}.Element())
}

var (
	tapDeleteOK     = judgetest.TapOn(760, 1150, 980, 1250)
	tapDeleteCancel = judgetest.TapOn(500, 1150, 740, 1250)
)

// A deletion of every item of a kind ("delete all my notes") names no item: it shows done
// when the page that listed them later lists none of them, every one seen gone from its
// list (E5), a button floating over the emptied list being no row of it. One note left, a
// delete cancelled, another page seen without the notes, notes still listed beside others
// seen gone, or another folder than the one the task names emptied, is no such evidence.
func TestEveryItemGoneFromItsPage(t *testing.T) {
	const task = "Delete all my notes in the Jotter app."
	const inArchive = "Delete all my notes in the Archive folder in the Jotter app."
	all := noteBrowser("Jotter", "groceries.md", "ideas.md", "trip.md")
	four := noteBrowser("Jotter", "groceries.md", "ideas.md", "trip.md", "zoo.md")
	runCommittedCases(t, []committedCase{
		{name: "the list emptied", task: task, want: trace.RunSuccess,
			steps: []act{{all, nil}, {deleteAsked(all), tapDeleteOK}, {noteBrowser("Jotter"), nil}}},
		{name: "one note left", task: task, want: trace.RunFailure,
			steps: []act{{all, nil}, {deleteAsked(all), tapDeleteOK}, {noteBrowser("Jotter", "trip.md"), nil}}},
		{name: "delete cancelled", task: task, want: trace.RunFailure,
			steps: []act{{all, nil}, {deleteAsked(all), tapDeleteCancel}, {all, nil}}},
		{name: "another folder, empty", task: task, want: trace.RunFailure,
			steps: []act{{all, nil}, {noteBrowser("Archive"), nil}}},
		{name: "two of four notes left, two seen gone", task: task, want: trace.RunFailure,
			steps: []act{{four, nil}, {deleteAsked(four), tapDeleteOK}, {noteBrowser("Jotter", "ideas.md", "trip.md"), nil}}},
		{name: "the folder named emptied", task: inArchive, want: trace.RunSuccess,
			steps: []act{{noteBrowser("Archive", "groceries.md", "ideas.md"), nil}, {deleteAsked(noteBrowser("Archive", "groceries.md", "ideas.md")), tapDeleteOK}, {noteBrowser("Archive"), nil}}},
		{name: "another folder than the one named emptied", task: inArchive, want: trace.RunFailure,
			steps: []act{{all, nil}, {deleteAsked(all), tapDeleteOK}, {noteBrowser("Jotter"), nil}}},
	})
	// A deletion that picks some of the items is not one of every item; one of every item
	// on a day is one of every item of that day's page, whose title must name the day.
	for _, c := range []string{"Delete all but one note in the Jotter app.", "Delete all events on October 12 in the Planner app."} {
		sp := parseSpec(DeriveSubstates(c, "").Nodes[1].Content)
		if sp.All && (len(sp.Places) != 1 || !sp.Places[0].In("thursday, october 12")) {
			t.Errorf("%q read as a deletion of every item", c)
		}
	}
}
