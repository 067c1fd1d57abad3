package heuristic

import (
	"reflect"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/trace"
)

// A question that picks items by a quality ("my high priority tasks") is answered right only
// when each answered item is shown with the quality as the app's state and, for all of them,
// every item of the list it picks from had its page read (E7). A list of titles shows no
// priority; a task's editor shows it as an option, checked or not. Apps and names are this
// test's own.

var priorityTask = "What are my high priority tasks in the Chores app? Answer with the titles only. If there are several, separate them with commas."

// choreList is the chores app's list of tasks, titles only.
func choreList() []trace.UIElement {
	return judgetest.Page(choresPkg, "My tasks", "Pay rent", "Walk the dog", "Buy soap")
}

// choreEditor is a task's own page: its title in the editor's first field and its priority
// as an option, checked or not.
func choreEditor(title string, high bool) []trace.UIElement {
	return judgetest.Concat(formScreen(choresPkg, "Edit task", field{"Title", title}), []trace.UIElement{
		judgetest.UI{Pkg: choresPkg, Class: "android.widget.CheckBox", Text: "High priority", ID: "priority_high", Checkable: true, Checked: high,
			Y1: 700, Y2: 800, X1: 40, X2: 1040}.Element(),
	})
}

// openRow taps the list's row i.
func openRow(i int) *trace.Action { return judgetest.TapOn(40, 300+i*150, 900, 420+i*150) }

// pagesRead opens each task's page from the list, in order, and goes back: high says which
// show the option checked.
func pagesRead(high map[string]bool, titles ...string) []act {
	rows := map[string]int{"Pay rent": 0, "Walk the dog": 1, "Buy soap": 2}
	var out []act
	for _, t := range titles {
		out = append(out, act{choreList(), openRow(rows[t])}, act{choreEditor(t, high[t]), pressBack})
	}
	return append(out, act{choreList(), nil})
}

func qualityCases() []ruleCase {
	onlyRent := map[string]bool{"Pay rent": true}
	all := []string{"Pay rent", "Walk the dog", "Buy soap"}
	return []ruleCase{
		{rule: "E7", hold: true, name: "each listed task's page read, the answered one's priority checked, the others' not", task: priorityTask,
			steps: pagesRead(onlyRent, all...), answer: "Pay rent", want: trace.RunSuccess},
		{rule: "E7", name: "the list of titles alone shows no priority", task: priorityTask,
			steps: []act{{choreList(), nil}}, answer: "Pay rent", want: trace.RunCannotTell, cite: "C4"},
		{rule: "E7", hold: true, name: "a task left out of the answer whose page shows its priority checked", task: priorityTask,
			steps: pagesRead(map[string]bool{"Pay rent": true, "Walk the dog": true}, all...), answer: "Pay rent", want: trace.RunFailure},
		{rule: "E7", name: "only the answered task's page read: the others may be high priority too", task: priorityTask,
			steps: pagesRead(onlyRent, "Pay rent"), answer: "Pay rent", want: trace.RunCannotTell, cite: "C4"},
		{rule: "E7", hold: true, name: "two tasks answered, each one's page checked, the third's not", task: priorityTask,
			steps: pagesRead(map[string]bool{"Pay rent": true, "Buy soap": true}, all...), answer: "Pay rent, Buy soap", want: trace.RunSuccess},
		{rule: "E7", name: "the answered task's page shows the option unchecked", task: priorityTask,
			steps: pagesRead(map[string]bool{}, all...), answer: "Pay rent", want: trace.RunCannotTell, cite: "C4"},
	}
}

func TestQualityAnswers(t *testing.T) {
	runRuleCases(t, qualityCases())
}

func TestQualityShownOnlyAsTheAppsState(t *testing.T) {
	page := func(high bool) *judge.Screen {
		return &judge.Screen{Package: choresPkg, Elements: []judge.Element{
			{Package: choresPkg, Text: "Pay rent", Editable: true, HasBounds: true, Y1: 400, Y2: 550, X2: 1000},
			{Package: choresPkg, Text: "High priority", Checkable: true, Checked: high, HasBounds: true, Y1: 700, Y2: 800, X2: 1000},
		}}
	}
	quality := []string{"high", "priority"}
	if !qualityOn(page(true), quality) {
		t.Error("the option checked does not show the quality")
	}
	if qualityOn(page(false), quality) {
		t.Error("the option shown unchecked is taken for the quality")
	}
	if got := itemOfPage(page(false)); got != "Pay rent" {
		t.Errorf("the page's item = %q, want the editor's first field", got)
	}
	plain := &judge.Screen{Package: choresPkg, Elements: []judge.Element{{Package: choresPkg, Text: "Pay rent · High priority", HasBounds: true, Y2: 100, X2: 1000}}}
	if !qualityOn(plain, quality) {
		t.Error("the quality written as plain text on the row is not shown")
	}
}

func TestAskedQuality(t *testing.T) {
	for _, c := range []struct {
		q    string
		want []string
	}{
		{"What are my high priority tasks in the Chores app?", []string{"high", "priority"}},
		{"Which tasks with high priority are due this week?", []string{"high", "priority"}},
		// Words of time and marks pick by date or by box, no quality.
		{"What are my next tasks in the Chores app?", nil},
		{"What are my incomplete tasks in the Chores app?", nil},
		{"What are the 3 tasks in the Chores app?", nil},
		{"What tasks do I have due November 6 2023 in the Chores app?", nil},
	} {
		if got := askedQuality(c.q); !reflect.DeepEqual(got, c.want) {
			t.Errorf("askedQuality(%q) = %q, want %q", c.q, got, c.want)
		}
	}
}

// F2: a form left by back is evidence against what it held only when it holds an item the
// task names; a question's run that opens each task's page to read it holds none.
func TestFormLeftWithBack(t *testing.T) {
	read := pagesRead(map[string]bool{"Pay rent": true}, "Pay rent", "Walk the dog", "Buy soap")
	tr := stepsTrace(t, priorityTask, read...)
	tr.Frames[len(tr.Frames)-1].Action = &trace.Action{Type: "answer", Text: "Pay rent"}
	j := heuristicRun(t, tr, nil)
	if o := j.RunVerdict(); o.Verdict != trace.RunSuccess || cited(j, "F2") {
		t.Errorf("the tasks' pages opened only to read them, then left with back: verdict %s (%s), want a success that never cites F2:\n%s", o.Verdict, o.Reason, describeLog(t, j))
	}

	rename := "Rename the task 'Pay rent' to 'Pay the rent' in the Chores app."
	tr = stepsTrace(t, rename, act{choreList(), openRow(0)}, act{choreEditor("Pay the rent", false), pressBack}, act{choreList(), nil})
	j = heuristicRun(t, tr, nil)
	if o := j.RunVerdict(); o.Verdict != trace.RunFailure || len(o.Rules) == 0 || o.Rules[0] != "F2" {
		t.Errorf("the task's item renamed in its form, then left with back: verdict %s %v (%s), want a failure on F2:\n%s", o.Verdict, o.Rules, o.Reason, describeLog(t, j))
	}
}
