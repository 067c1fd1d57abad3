package heuristic

import (
	"os"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/trace"
)

// Runs the rules of heuristic/v19 (recency, the day of items, page verdicts, states, pauses) and
// the describer got wrong. Each test states the right verdict. Those fixed in v20 run
// (fixedBug, each failed before); the ones left are skipped with the bug they show
// (HEURISTIC_BUGS=1 runs them).

// fixedBug marks a test of a bug fixed since: it runs, its text saying what was wrong.
func fixedBug(t *testing.T, what string) { t.Helper() }

func bug(t *testing.T, what string) {
	t.Helper()
	if os.Getenv("HEURISTIC_BUGS") == "" {
		t.Skip("bug: " + what)
	}
}

// mustNotSucceed judges a run the screens show done wrong or cannot show done.
func mustNotSucceed(t *testing.T, task string, steps []act) {
	t.Helper()
	j := heuristicRun(t, stepsTrace(t, task, steps...), nil)
	if o := j.RunVerdict(); o.Verdict == trace.RunSuccess {
		t.Fatalf("a false success: %s\n%s", o.Reason, describeLog(t, j))
	}
}

func TestBugRecencyWordNowInARowsTextIsNoTime(t *testing.T) {
	fixedBug(t, `rowAge reads the word "now" anywhere in a row as "just now": Chats lists Tom "9:00" "come over now" and Mira "15:34" "see you"; `+
		`the agent replies to Tom (the older) and the run is judged a success (rowRelative matches \bnow\b in the message text)`)
	mustNotSucceed(t, recentTask, replyFrom(chatList(chatRow{"Tom", "9:00", "come over now"}, chatRow{"Mira", "15:34", "see you"}), 0, "Tom"))
}

func TestBugRecencyFourDigitsInARowsTextAreNoYear(t *testing.T) {
	fixedBug(t, `rowAge takes any four digits in a row as the year of its date: Chats lists Tom "Oct 10" "flight 2099" and Mira "Oct 12" "see you"; `+
		`Tom's row reads as October 10 2099, newer than Mira's, and the reply to Tom is judged a success (rowYear searches the whole row)`)
	mustNotSucceed(t, recentTask, replyFrom(chatList(chatRow{"Tom", "Oct 10", "flight 2099"}, chatRow{"Mira", "Oct 12", "see you"}), 0, "Tom"))
}

func TestBugRecencyItemIsMatchedByItsWholeName(t *testing.T) {
	fixedBug(t, `recencyHolds matches the result page's item to the newest row by substring: Chats lists Anastasia "15:34" and Ana "Yesterday"; `+
		`the reply sent in Ana's thread is judged a success because "anastasia" contains "ana"`)
	mustNotSucceed(t, recentTask, replyFrom(chatList(chatRow{"Anastasia", "15:34", "hi"}, chatRow{"Ana", "Yesterday", "see you"}), 1, "Ana"))
}

func TestBugRecencyAScrolledListDoesNotOverrideTheNewestSeen(t *testing.T) {
	fixedBug(t, `the newest row of a list scrolled down overrides the newest seen before: Chats shows Mira "15:34" and Tom "Yesterday", the agent scrolls, `+
		`the list shows Ana "Oct 12" and Bob "Oct 10", and the reply sent to Ana is judged a success (recencyHolds takes the latest note, not the newest row of all notes)`)
	mustNotSucceed(t, recentTask, replyFrom(chatList(chatRow{"Ana", "Oct 12", "hi"}, chatRow{"Bob", "Oct 10", "yo"}), 0, "Ana",
		act{chatList(chatRow{"Mira", "15:34", "hi"}, chatRow{"Tom", "Yesterday", "yo"}), &trace.Action{Type: "scroll", Direction: "down"}}))
}

func TestBugOpeningTheNewestNoteIsNoFailure(t *testing.T) {
	fixedBug(t, `"Open the newest note in the Jotter app.": the list's rows "File trip.md 10/14/2023, 18:00", "File budget.md 10/15/2023, 15:34", `+
		`"File ideas.md 10/13/2023, 09:00"; the agent opens budget.md (the newest) and stops in its editor: judged a failure [F4] "substate 1 was never shown" `+
		`(an item named only by its age is never reached, so C5 is never compared); a success or cannot tell is right`)
	rows := []noteRow{{"trip.md", "10/14/2023, 18:00"}, {"budget.md", "10/15/2023, 15:34"}, {"ideas.md", "10/13/2023, 09:00"}}
	tr := stepsTrace(t, "Open the newest note in the Jotter app.",
		act{datedNotes(rows...), judgetest.TapOn(0, 450, 1080, 590)}, act{docEditor(jotter, "budget.md", "flights and hotel", true), nil})
	j := heuristicRun(t, tr, nil)
	if o := j.RunVerdict(); o.Verdict == trace.RunFailure {
		t.Fatalf("a false failure: %s\n%s", o.Reason, describeLog(t, j))
	}
}

func TestBugAnUndatedTaskIsNotDatedByTheTaskAboveIt(t *testing.T) {
	fixedBug(t, `datedAt dates a list item that writes no date by the previous item's date, read as a heading: home "Wed, Oct 25"; My tasks lists `+
		`"Pay rent" / "Fri, Oct 27", "Walk the dog" (no due date), "Buy soap" / "Thu, Oct 26" (titles id task_title, dates id task_due); `+
		`"What tasks are due this Friday ...?" answered "Pay rent, Walk the dog" is judged a success (Walk the dog is due no day)`)
	list := judgetest.Concat(judgetest.Page(choresPkg, "My tasks"), []trace.UIElement{
		judgetest.UI{Pkg: choresPkg, Text: "Pay rent", ID: "task_title", Y1: 300, Y2: 370, X1: 150, X2: 1000}.Element(),
		judgetest.UI{Pkg: choresPkg, Text: "Fri, Oct 27", ID: "task_due", Y1: 380, Y2: 440, X1: 150, X2: 600}.Element(),
		judgetest.UI{Pkg: choresPkg, Text: "Walk the dog", ID: "task_title", Y1: 480, Y2: 550, X1: 150, X2: 1000}.Element(),
		judgetest.UI{Pkg: choresPkg, Text: "Buy soap", ID: "task_title", Y1: 600, Y2: 670, X1: 150, X2: 1000}.Element(),
		judgetest.UI{Pkg: choresPkg, Text: "Thu, Oct 26", ID: "task_due", Y1: 680, Y2: 740, X1: 150, X2: 600}.Element(),
	})
	tr := stepsTrace(t, fridayTask, act{homeWithDate("Wed, Oct 25"), tapChoresApp}, act{list, nil})
	tr.Frames[1].Action = &trace.Action{Type: "answer", Text: "Pay rent, Walk the dog"}
	j := heuristicRun(t, tr, nil)
	if o := j.RunVerdict(); o.Verdict == trace.RunSuccess {
		t.Fatalf("a false success: %s\n%s", o.Reason, describeLog(t, j))
	}
}

func TestBugAPagesVerdictOnTheLastFrameCoversTheTasksCount(t *testing.T) {
	fixedBug(t, `"In the Quizzer app, tap the star button three times, then submit.": quiz page "Tap the star", a tap, then the page writes "Success!" on the run's last frame: `+
		`judged cannot tell [C5] "three times ... not counted", though E9 says the verdict covers the counts; judgedByPage reads ReviewInput.End, which is empty when the `+
		`result is reached on the last frame (with one more frame after it the run is a success)`)
	j := heuristicRun(t, stepsTrace(t, starTask, act{quizPage("Tap the star"), tapSubmit}, act{quizPage("Success!"), nil}), nil)
	if o := j.RunVerdict(); o.Verdict != trace.RunSuccess {
		t.Fatalf("verdict %s (%s), want success [E9]\n%s", o.Verdict, o.Reason, describeLog(t, j))
	}
}

func TestBugBothVerdictWordsOnOneScreenAreNone(t *testing.T) {
	bug(t, `a quiz page writing both "Success!" and "Try again" (each an element's whole text) on the run's last screen is judged a failure [F1] `+
		`"shows the error Try again": pageVerdict reads both words as no verdict, but the error rule reads "Try again" alone as the app's error`)
	j := heuristicRun(t, stepsTrace(t, quizTask, act{quizPage("7", "5"), tapSubmit}, act{quizPage("Success!", "Try again"), nil}), nil)
	if o := j.RunVerdict(); o.Verdict != trace.RunCannotTell {
		t.Fatalf("verdict %s (%s), want cannot tell: the page's words are no verdict\n%s", o.Verdict, o.Reason, describeLog(t, j))
	}
}

func TestBugMarkedAsDoneNeedsItsBoxChecked(t *testing.T) {
	fixedBug(t, `"Mark the task 'Pay rent' as done in the Chores app.": stateSet reads no state ("done" is a stop word), so a task list showing Pay rent with its `+
		`row's box unchecked is judged a success; with "as completed" the same run is a failure [F4]`)
	j := heuristicRun(t, stepsTrace(t, "Mark the task 'Pay rent' as done in the Chores app.", act{boxedTasks(), nil}), nil)
	if o := j.RunVerdict(); o.Verdict == trace.RunSuccess {
		t.Fatalf("a false success: %s\n%s", o.Reason, describeLog(t, j))
	}
}

func TestBugAPriorityCheckedInTheTasksSavedEditorIsShown(t *testing.T) {
	bug(t, `"Mark the task 'Pay rent' as high priority in the Chores app.": the task's editor (title field "Pay rent", checkbox "High priority") has the option `+
		`checked and saved, then is opened again showing it checked; judged a failure [F4] "substate 1 was never shown": the item's name is in an editable field, `+
		`so the saved editor never shows the item with its state (E7's quality reads the same editor as the item's page)`)
	tr := stepsTrace(t, markHighTask, act{choreList(), openRow(0)}, act{choreEditor("Pay rent", false), judgetest.TapOn(40, 700, 1040, 800)},
		act{choreEditor("Pay rent", true), tapSave}, act{choreList(), openRow(0)}, act{choreEditor("Pay rent", true), nil})
	j := heuristicRun(t, tr, nil)
	if o := j.RunVerdict(); o.Verdict == trace.RunFailure {
		t.Fatalf("a false failure: %s\n%s", o.Reason, describeLog(t, j))
	}
}

func TestBugAnotherTabsPauseIsNotTheStopwatchs(t *testing.T) {
	bug(t, `"Pause the stopwatch in the Clockwork app.": the stopwatch page offers Start alone (never started), then the agent opens the Timer tab, `+
		`where a timer counts down offering Pause; judged a failure [L1] "the controls offered (Pause) show [stopwatch] running": the bottom tab label `+
		`"Stopwatch" names the stopwatch on the timer's page`)
	j := heuristicRun(t, stepsTrace(t, pauseTask, act{stopwatch("00:00.00", "Start"), nil}, act{timerRunning("04:59"), nil}), nil)
	if o := j.RunVerdict(); o.Verdict == trace.RunFailure {
		t.Fatalf("a false failure: %s\n%s", o.Reason, describeLog(t, j))
	}
}

func TestBugDeletingTheFirstRowUnderAnIconAppBar(t *testing.T) {
	fixedBug(t, `"Delete the note Groceries in the Jotter app.": a notes list under an app bar with no title text lists Groceries, Packing, Ideas (rows from 300 px), `+
		`then Packing, Ideas; judged a failure [F4] (with the app bar titled "All notes" it is a success [E5]): the describer takes the first row for the page's `+
		`title (judge TestBugAListsFirstRowUnderAnIconAppBarIsNoTitle), so the page after the delete is another page`)
	task := "Delete the note Groceries in the Jotter app."
	j := heuristicRun(t, stepsTrace(t, task, act{judgetest.Page(jotter, "", "Groceries", "Packing", "Ideas"), nil}, act{judgetest.Page(jotter, "", "Packing", "Ideas"), nil}), nil)
	if o := j.RunVerdict(); o.Verdict != trace.RunSuccess {
		t.Fatalf("verdict %s (%s), want success [E5]\n%s", o.Verdict, o.Reason, describeLog(t, j))
	}
}
