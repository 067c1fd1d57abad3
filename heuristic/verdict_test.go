package heuristic

import (
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/trace"
)

// A page that sets the task and judges the attempt itself writes its verdict as an element's
// whole text: "Success!" reaches the task (E9) and covers what its words ask; "Wrong answer"
// or "Try again" on the run's last screen fails it (F7); a verdict left for the home screen
// cannot be told (L1); text that only mentions success, or a typed or system text, is none.

const quizzer = "org.example.quizzer"

var (
	starTask  = "In the Quizzer app, tap the star button three times, then submit."
	tapSubmit = tapSave
)

func verdictCases() []ruleCase {
	withEl := func(els []trace.UIElement, u judgetest.UI) []trace.UIElement {
		return judgetest.Concat(els, []trace.UIElement{u.Element()})
	}
	notification := judgetest.UI{Pkg: "com.android.systemui", Text: "Success!", ID: "notification_text", Y1: 0, Y2: 120, X1: 300, X2: 900}
	typed := judgetest.UI{Pkg: quizzer, Class: "android.widget.EditText", Text: "Success!", Editable: true, ID: "answer", Y1: 1500, Y2: 1600}
	icon := judgetest.UI{Pkg: quizzer, Class: "android.widget.ImageView", Desc: "Solved!", ID: "result_icon", Y1: 1500, Y2: 1600}
	return []ruleCase{
		{rule: "E9", hold: true, name: "the verdict in an image's description", task: quizTask,
			steps: []act{{quizPage("7", "5"), tapSubmit}, {withEl(quizPage("7", "5"), icon), nil}}, want: trace.RunSuccess},
		{rule: "E9", hold: true, name: "the verdict, then the page's next question under it", task: starTask,
			steps: []act{{quizPage("Tap the star"), tapSubmit}, {quizPage("Success!"), judgetest.TapOn(40, 450, 900, 570)}, {quizPage("Success!", "Next"), nil}},
			want:  trace.RunSuccess},
		{rule: "E9", name: "a count of correct answers is no verdict", task: quizTask,
			steps: []act{{quizPage("7", "5"), tapSubmit}, {quizPage("Correct answers: 3 of 5"), nil}}, want: trace.RunCannotTell, cite: "C3"},
		{rule: "E9", name: "the verdict's words typed into the answer field", task: quizTask,
			steps: []act{{withEl(quizPage("7", "5"), typed), nil}}, want: trace.RunCannotTell, cite: "C3"},
		{rule: "E9", name: "the verdict's words in a notification", task: quizTask,
			steps: []act{{quizPage("7", "5"), tapSubmit}, {withEl(quizPage("7", "5"), notification), nil}}, want: trace.RunCannotTell, cite: "C3"},
		{rule: "E9", name: "the verdict under a permission prompt left in front", task: quizTask,
			steps: []act{{quizPage("7", "5"), tapSubmit}, {judgetest.Concat(quizPage("Success!"), permissionPrompt("Quizzer")), nil}}, want: trace.RunCannotTell, cite: "C3"},

		{rule: "F7", hold: true, name: "Try again at the end", task: quizTask,
			steps: []act{{quizPage("7", "5"), tapSubmit}, {quizPage("Try again"), nil}}, want: trace.RunFailure},
		{rule: "F7", hold: true, name: "Incorrect. at the end", task: quizTask,
			steps: []act{{quizPage("7", "5"), tapSubmit}, {quizPage("Incorrect."), nil}}, want: trace.RunFailure},
		{rule: "F7", hold: true, name: "solved, then a second attempt judged wrong at the end", task: quizTask,
			steps: []act{{quizPage("7", "5"), tapSubmit}, {quizPage("Success!"), tapSubmit}, {quizPage("Wrong answer"), nil}}, want: trace.RunFailure},
		{rule: "F7", name: "Wrong answer, then left for the home screen", task: quizTask,
			steps: []act{{quizPage("7", "5"), tapSubmit}, {quizPage("Wrong answer"), pressHome}, {judgetest.Page(launcher, "", "Jotter", "Quizzer"), nil}},
			want:  trace.RunCannotTell, cite: "C3"},
	}
}

func TestPageVerdicts(t *testing.T) {
	runRuleCases(t, verdictCases())
}

// A to-do app's "Task completed" (its snackbar when one of its tasks is ticked) is the app
// reporting its own item, not a page judging the agent's attempt: no verdict.
func TestTaskCompletedIsNoPageVerdict(t *testing.T) {
	for _, text := range []string{"Task completed", "Task done"} {
		sc := &judge.Screen{Package: choresPkg, Elements: []judge.Element{
			{Package: choresPkg, Text: "Pay rent", HasBounds: true, Y1: 400, Y2: 480, X2: 1000},
			{Package: choresPkg, Text: text, HasBounds: true, Y1: 2100, Y2: 2200, X2: 1000},
		}}
		if v, got := pageVerdict(sc, nil); v != "" {
			t.Errorf("verdict %q from %q", v, got)
		}
	}
	sc := &judge.Screen{Package: choresPkg, Elements: []judge.Element{{Package: choresPkg, Text: "Success!", HasBounds: true, Y1: 400, Y2: 480, X2: 1000}}}
	if v, _ := pageVerdict(sc, nil); v != "success" {
		t.Errorf("Success! read as %q", v)
	}
}
