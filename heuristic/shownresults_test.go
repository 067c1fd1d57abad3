package heuristic

import (
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

// A clause that borrows the verb of the clause before ("(create) Name it x.png") keeps its
// own first word as its sentence wrote it: capitalised by the sentence, not a name.
func TestBorrowedVerbLeavesTheFirstWordInitial(t *testing.T) {
	got := unitValues("Draw a sketch in the Sketcher app. Name it dolor_sit.png. Perform a paste in the note.")
	want := [][]string{{"dolor_sit.png"}, nil}
	if len(got) < 2 || !reflect.DeepEqual(got[len(got)-2:], want) {
		t.Fatalf("values %q, want the last two %q", got, want)
	}
}
