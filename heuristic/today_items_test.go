package heuristic

import (
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/trace"
)

// The day of a question's items (C5, E7): an item of a list is dated by the texts of its own
// list item (a task's title and its due date on separate lines, paired by their ids), a
// question about every item of the day breaks on an item of that day the answer leaves out,
// and a number answered is dated by the one date of the page it was worked out from. Today is
// Wednesday October 25 on the home screen, so "this Friday" is October 27. Apps and names are
// this test's own.

const trailbook = "org.example.trailbook"

var (
	fridayTask   = "What tasks are due this Friday in the Chores app? Answer with the titles only. If there are several, separate them with commas."
	fridayRide   = "How long was my cycling activity this Friday in the Trailbook app? Express your answer in minutes as a single integer."
	tapChoresApp = judgetest.TapOn(328, 1873, 501, 2068)
)

// dueList is a task list whose rows write the title on one line and the due date under it,
// each line an element of its own id.
func dueList(rows ...[2]string) []trace.UIElement {
	els := judgetest.Page(choresPkg, "My tasks")
	for i, r := range rows {
		y := 300 + i*180
		els = append(els,
			judgetest.UI{Pkg: choresPkg, Text: r[0], ID: "task_title", Y1: y, Y2: y + 70, X1: 150, X2: 1000}.Element(),
			judgetest.UI{Pkg: choresPkg, Text: r[1], ID: "task_due", Y1: y + 80, Y2: y + 140, X1: 150, X2: 600}.Element())
	}
	return els
}

// ridePage is an activity's own page: its kind, its date, its duration and its distance.
func ridePage(date string, more ...string) []trace.UIElement {
	return judgetest.Page(trailbook, "Hill ride", append([]string{"Cycling", date, "1:12:05", "31.0 km"}, more...)...)
}

func todayItemCases() []ruleCase {
	home := homeWithDate("Wed, Oct 25")
	week := dueList([2]string{"Pay rent", "Fri, Oct 27"}, [2]string{"Walk the dog", "Thu, Oct 26"}, [2]string{"Buy soap", "Fri, Oct 27"}, [2]string{"Call mom", "Sat, Oct 28"})
	fridayPage := judgetest.Page(choresPkg, "Fri, Oct 27", "Pay rent", "Buy soap")
	seen := func(page []trace.UIElement) []act { return []act{{home, tapChoresApp}, {page, nil}} }
	return []ruleCase{
		// Each task dated by the due date under its own title.
		{rule: "C5", name: "every task due this Friday named, tasks of other days left out", task: fridayTask,
			steps: seen(week), answer: "Pay rent, Buy soap", want: trace.RunSuccess, cite: "L1"},
		{rule: "C5", hold: true, name: "a task due this Friday left out of the answer", task: fridayTask,
			steps: seen(week), answer: "Pay rent", want: trace.RunCannotTell},
		{rule: "C5", hold: true, name: "a task of Thursday named with Friday's", task: fridayTask,
			steps: seen(week), answer: "Pay rent, Buy soap, Walk the dog", want: trace.RunCannotTell},
		{rule: "C5", name: "Friday's page: every task it lists named", task: fridayTask,
			steps: seen(fridayPage), answer: "Pay rent, Buy soap", want: trace.RunSuccess, cite: "L1"},
		{rule: "C5", hold: true, name: "Friday's page: one task it lists left out", task: fridayTask,
			steps: seen(fridayPage), answer: "Buy soap", want: trace.RunCannotTell},
		{rule: "C5", hold: true, name: "every task of Thursday's page named for Friday", task: fridayTask,
			steps: seen(judgetest.Page(choresPkg, "Thu, Oct 26", "Walk the dog")), answer: "Walk the dog", want: trace.RunCannotTell},

		// A number worked out from a page dated once.
		{rule: "C5", name: "the ride's minutes worked out from its page, dated this Friday", task: fridayRide,
			steps: seen(ridePage("Fri, Oct 27, 2023")), answer: "72", want: trace.RunSuccess, cite: "L1"},
		{rule: "C5", hold: true, name: "the ride's minutes worked out from a page dated Thursday", task: fridayRide,
			steps: seen(ridePage("Thu, Oct 26, 2023")), answer: "72", want: trace.RunCannotTell},
		{rule: "C5", hold: true, name: "a page writing two dates dates no number", task: fridayRide,
			steps: seen(ridePage("Fri, Oct 27, 2023", "Edited Oct 28")), answer: "72", want: trace.RunCannotTell},
		{rule: "C5", name: "another number than the page's duration", task: fridayRide,
			steps: seen(ridePage("Fri, Oct 27, 2023")), answer: "45", want: trace.RunFailure, cite: "F4"},
	}
}

func TestItemsOfADayNamedFromToday(t *testing.T) {
	runRuleCases(t, todayItemCases())
}
