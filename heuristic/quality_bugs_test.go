package heuristic

import (
	"testing"

	"github.com/autoeval/autoeval/trace"
)

// Runs about an item's quality that the heuristic judges wrongly today. Each test asserts the
// right behaviour and is skipped with the bug it shows, for the lead to fix.

// A yes/no question about a task the question names ("Is the task 'Pay rent' high
// priority?"), answered after opening that task's page to read it and leaving with back,
// the page never changed: lastDroppedOf exempts a form only when it names no item the task
// names, so this form (holding "Pay rent") is F2, evidence against the run, and the run
// fails, though nothing was edited or discarded (F2's statement in judge/evidence says the
// same, so the rule's text needs the case too: a form left as it was opened, on the way to
// an answer, held nothing the agent made).
func TestAFormOnlyReadForAYesNoAnswerIsNoF2(t *testing.T) {
	t.Skip(`bug: "Is the task 'Pay rent' in the Chores app high priority? Answer with True or False." answered True after opening Pay rent's page (High priority checked) and pressing back, the page unchanged: failure [F2] "the form "Edit task" ... was left at frame 3 without being saved"; an answer's run that only read a form is no F2`)
	tr := stepsTrace(t, "Is the task 'Pay rent' in the Chores app high priority? Answer with True or False.",
		act{choreList(), openRow(0)}, act{choreEditor("Pay rent", true), pressBack}, act{choreList(), &trace.Action{Type: "answer", Text: "True"}})
	j := heuristicRun(t, tr, nil)
	if o := j.RunVerdict(); o.Verdict == trace.RunFailure || cited(j, "F2") {
		t.Fatalf("verdict %s %v (%s): a form only read is no evidence against the answer:\n%s", o.Verdict, o.Rules, o.Reason, describeLog(t, j))
	}
}

// "Mark the task 'Pay rent' as high priority" (or "Set the priority of the task 'Pay rent'
// to high") is a success on a list that only shows the task's title, nothing done: the
// substate needs the value "Pay rent" alone, "high priority" being "descriptive words not
// required". The quality the task sets is a constraint of the result (E6) that a list of
// titles never shows; E7 already reads it as the app's state (a checked option) for
// questions. Not one of the rules of heuristic/v15, found while testing them.
func TestAQualitySetIsShownOnlyAsTheAppsState(t *testing.T) {
	t.Skip(`bug: "Mark the task 'Pay rent' as high priority in the Chores app." judged a success on the task list alone (titles only, nothing done): [L1][L2][L3] every required substate was reached by frame 1`)
	for _, task := range []string{"Mark the task 'Pay rent' as high priority in the Chores app.", "Set the priority of the task 'Pay rent' to high in the Chores app."} {
		j := heuristicRun(t, stepsTrace(t, task, act{choreList(), nil}), nil)
		if o := j.RunVerdict(); o.Verdict == trace.RunSuccess {
			t.Errorf("%q: a success on the list of titles, which shows no priority:\n%s", task, describeLog(t, j))
		}
	}
}
