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
		"How much time did I spend running?":                    "",
		"How many eggs are in the recipe?":                      "",
	} {
		if got := measuredThing(q); got != want {
			t.Errorf("measuredThing(%q) = %q, want %q", q, got, want)
		}
	}
}
