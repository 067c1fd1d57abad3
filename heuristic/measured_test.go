package heuristic

import (
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/trace"
)

// A question for a quantity of a thing ("what quantity of tahini do I need for the recipe
// X") is answered by the amount written with that thing, on its line: a recipe lists one
// ingredient a line, and the amount on the line above is another ingredient's (E7). The
// note's title names the recipe; the app and recipe are this test's own.

const notesPkg = "org.example.notes"

var quantityTask = "What quantity of tahini do I need for the recipe 'Green Bowl' in the Notes app? Express your answer in the format <amount> <unit>."

// recipeNote is the recipe's note: its title, then one ingredient a line.
func recipeNote() []trace.UIElement {
	return judgetest.Page(notesPkg, "Green Bowl", "Ingredients:", "- 1 tablespoon soy sauce", "- 2 tablespoons tahini", "- 1 teaspoon grated ginger")
}

func measuredCases() []ruleCase {
	return []ruleCase{
		{rule: "E7", hold: true, name: "the amount on the tahini line", task: quantityTask,
			steps: []act{{recipeNote(), nil}}, answer: "2 tablespoons", want: trace.RunSuccess},
		{rule: "E7", name: "the amount on the line above, another ingredient's", task: quantityTask,
			steps: []act{{recipeNote(), nil}}, answer: "1 tablespoon", want: trace.RunFailure, cite: "F3"},
		{rule: "E7", name: "the amount on the line below, another ingredient's", task: quantityTask,
			steps: []act{{recipeNote(), nil}}, answer: "1 teaspoon", want: trace.RunFailure, cite: "F3"},
	}
}

func TestQuantityIsReadOnItsThingsLine(t *testing.T) {
	runRuleCases(t, measuredCases())
	// The note's body as one text of several lines, as an editor's view holds it.
	body := judgetest.Page(notesPkg, "Green Bowl", "Ingredients:\n- 1 tablespoon soy sauce\n- 2 tablespoons tahini\n- 1 teaspoon grated ginger")
	runRuleCases(t, []ruleCase{
		{rule: "E7", hold: true, name: "one body: the amount on the tahini line", task: quantityTask,
			steps: []act{{body, nil}}, answer: "2 tablespoons", want: trace.RunSuccess},
		{rule: "E7", name: "one body: the amount on the line above", task: quantityTask,
			steps: []act{{body, nil}}, answer: "1 tablespoon", want: trace.RunFailure, cite: "F3"},
	})
}

func TestMeasuredThing(t *testing.T) {
	for q, want := range map[string]string{
		"What quantity of tahini do I need for the recipe 'X'?": "tahini",
		"How much sugar does the cake need?":                    "sugar",
		"What is the amount of flour in the bread recipe?":      "flour",
		"How much did I spend on groceries this week?":          "",
		"How much time did I spend running?":                    "kind:running",
		"How long was my cycling activity October 12?":          "kind:cycling",
		"How many eggs are in the recipe?":                      "",
	} {
		got, kind := measuredThing(q)
		if kind {
			got = "kind:" + got // a kind of item, written so in the table
		}
		if got != want {
			t.Errorf("measuredThing(%q) = %q, want %q", q, got, want)
		}
	}
}

// A question for one kind of activity ("my cycling activity October 12") is answered by the
// row of that kind: on a list of activities, the running row of the same day holds another
// duration. An answer asked "as a single integer" is a number, never "0:45:00" (AndroidWorld
// reads it as a number and fails it).
func TestActivityKindAndNumberAnswers(t *testing.T) {
	const trail = "org.example.trailbook"
	task := "How long was my cycling activity October 12 in the Trailbook app? Express your answer in minutes as a single integer."
	row := func(y int, name, kind, date, dur string) []trace.UIElement {
		return []trace.UIElement{
			judgetest.UI{Pkg: trail, Text: name, ID: "item_name", Y1: y, Y2: y + 60, X1: 200, X2: 1000}.Element(),
			judgetest.UI{Pkg: trail, Text: kind, ID: "item_kind", Y1: y + 65, Y2: y + 120, X1: 200, X2: 600}.Element(),
			judgetest.UI{Pkg: trail, Text: dur, ID: "item_time", Y1: y + 65, Y2: y + 120, X1: 700, X2: 1000}.Element(),
			judgetest.UI{Pkg: trail, Text: date, ID: "item_date", Y1: y + 125, Y2: y + 180, X1: 200, X2: 640}.Element(),
		}
	}
	list := judgetest.Concat(judgetest.Page(trail, "Trailbook"), row(340, "Lunch Run", "running", "Oct 12, 2023", "0:30:00"),
		row(570, "Evening Ride", "cycling", "Oct 12, 2023", "0:45:00"), row(800, "Lake Paddle", "kayaking", "Oct 9, 2023", "1:30:00"))
	runRuleCases(t, []ruleCase{
		{rule: "E7", hold: true, name: "the cycling row's minutes", task: task, steps: []act{{list, nil}}, answer: "45", want: trace.RunSuccess},
		{rule: "E7", name: "the running row of the same day", task: task, steps: []act{{list, nil}}, answer: "30", want: trace.RunFailure, cite: "F3"},
		{rule: "E7", name: "the duration as the list writes it", task: task, steps: []act{{list, nil}}, answer: "0:45:00", want: trace.RunFailure, cite: "F3"},
	})
}
