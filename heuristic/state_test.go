package heuristic

import (
	"reflect"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/trace"
)

// A state an edit sets its item to ("mark the task 'Pay rent' as high priority", "set its
// priority to high") holds only where the item shows in it as the app shows a state: the
// state's text with the item, a checked option, or, for done and not done, the box on the
// item's own row (E6). "Set the alarm to 7:30" and "add X to the playlist Y" set no state.

var (
	markHighTask = "Mark the task 'Pay rent' as high priority in the Chores app."
	setHighTask  = "Set the priority of 'Pay rent' to high in the Chores app."
	completeTask = "Mark the task 'Pay rent' as completed in the Chores app."
)

// boxedTasks is a task list with a checkbox at the start of each row, checked for the
// titles given.
func boxedTasks(checked ...string) []trace.UIElement {
	els := judgetest.Page(choresPkg, "My tasks")
	for i, t := range []string{"Pay rent", "Walk the dog", "Buy soap"} {
		y := 300 + i*150
		on := false
		for _, c := range checked {
			on = on || c == t
		}
		els = append(els,
			judgetest.UI{Pkg: choresPkg, Class: "android.widget.CheckBox", Checkable: true, Checked: on, ID: "task_done", Y1: y, Y2: y + 120, X1: 20, X2: 120}.Element(),
			judgetest.UI{Pkg: choresPkg, Text: t, ID: "task_title", Y1: y, Y2: y + 120, X1: 140, X2: 1000}.Element())
	}
	return els
}

// tapBoxOf taps the checkbox of the list's row i.
func tapBoxOf(i int) *trace.Action { return judgetest.TapOn(20, 300+i*150, 120, 420+i*150) }

func TestStateSetReadsTheStateAClauseSets(t *testing.T) {
	for task, want := range map[string][]string{
		markHighTask: {"high", "priority"},
		setHighTask:  {"high"},
		completeTask: {"completed"},
		"Set the task 'Pay rent' as incomplete in the Chores app.":          {"incomplete"},
		"Set the alarm to 7:30 in the Clockwork app.":                       nil,
		"Add 'Blue Moon' to the playlist 'Night drive' in the Tunebox app.": nil,
		"Set the wallpaper to 'Blue sky' in the Settings app.":              nil,
		"Move the note trip.md to the Archive folder in the Jotter app.":    nil,
	} {
		if got := parseSpec(task).SetState; !reflect.DeepEqual(got, want) && !(len(got) == 0 && len(want) == 0) {
			t.Errorf("%q sets %q, want %q", task, got, want)
		}
	}
}

func stateCases() []ruleCase {
	detail := func(priority string) []trace.UIElement {
		return judgetest.Page(choresPkg, "Pay rent", "Priority: "+priority, "Due Fri, Oct 27")
	}
	tapOption := judgetest.TapOn(40, 700, 1040, 800)
	saved := func(high bool) []act {
		return []act{{choreList(), openRow(0)}, {choreEditor("Pay rent", false), tapOption}, {choreEditor("Pay rent", high), tapSave}, {choreList(), nil}}
	}
	return []ruleCase{
		{rule: "E6", name: "high priority: the task's page writes the state", task: markHighTask,
			steps: []act{{choreList(), openRow(0)}, {detail("High"), nil}}, want: trace.RunSuccess, cite: "L1"},
		{rule: "E6", hold: true, name: "high priority: the task's page writes another priority", task: markHighTask,
			steps: []act{{choreList(), openRow(0)}, {detail("Low"), nil}}, want: trace.RunFailure, cite: "F4"},
		{rule: "E6", hold: true, name: "high priority: the option left unchecked and saved", task: markHighTask,
			steps: saved(false), want: trace.RunFailure, cite: "F4"},
		{rule: "E6", name: "priority set to high: the task's page writes it", task: setHighTask,
			steps: []act{{choreList(), openRow(0)}, {detail("High"), nil}}, want: trace.RunSuccess, cite: "L1"},
		{rule: "E6", hold: true, name: "priority set to high: the task's page writes Low", task: setHighTask,
			steps: []act{{choreList(), openRow(0)}, {detail("Low"), nil}}, want: trace.RunFailure, cite: "F4"},
		{rule: "E6", name: "completed: the box on the task's own row checked", task: completeTask,
			steps: []act{{boxedTasks(), tapBoxOf(0)}, {boxedTasks("Pay rent"), nil}}, want: trace.RunSuccess, cite: "L1"},
		{rule: "E6", hold: true, name: "completed: another row's box checked", task: completeTask,
			steps: []act{{boxedTasks(), tapBoxOf(1)}, {boxedTasks("Walk the dog"), nil}}, want: trace.RunFailure, cite: "F4"},
		{rule: "E6", hold: true, name: "completed: the list shown, no box checked", task: completeTask,
			steps: []act{{boxedTasks(), nil}}, want: trace.RunFailure, cite: "F4"},
		{rule: "E6", name: "an alarm set to a time is no state: the alarm listed", task: "Set the alarm to 7:30 in the Clockwork app.",
			steps: []act{{judgetest.Page(clockwork, "Alarm", "7:30 AM"), nil}}, want: trace.RunSuccess, cite: "L1"},
		{rule: "E6", name: "a song added to a playlist is no state: the playlist lists it", task: "Add 'Blue Moon' to the playlist 'Night drive' in the Tunebox app.",
			steps: []act{{judgetest.Page(tunebox, "Night drive", "Blue Moon", "Slow ride"), nil}}, want: trace.RunSuccess, cite: "L1"},
	}
}

func TestStatesAnEditSets(t *testing.T) {
	runRuleCases(t, stateCases())
}
