package heuristic

import (
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/trace"
)

// A deletion of exact duplicates is never shown done by a list alone: rows that look alike
// may differ in fields the list does not show (E5). But a row the page listed more than once
// that, the list not scrolled in between, it lists no more shows every copy deleted (F3); a
// scroll in between shows nothing. Apps and names are this test's own.

const recipeBox = "org.example.recipebox"

var dupTask = "In the Recipebox app, delete all but one of any recipes that are exact duplicates."

// recipeRows is the recipe list: each row's title and, under it, its servings.
func recipeRows(rows ...string) []trace.UIElement {
	els := judgetest.Page(recipeBox, "Recipes")
	for i, r := range rows {
		y := 300 + i*180
		els = append(els,
			judgetest.UI{Pkg: recipeBox, Text: r, ID: "recipe_title", Y1: y, Y2: y + 70, X1: 150, X2: 1000}.Element(),
			judgetest.UI{Pkg: recipeBox, Text: "Serves 2", ID: "recipe_servings", Y1: y + 80, Y2: y + 140, X1: 150, X2: 600}.Element())
	}
	return els
}

func duplicateCases() []ruleCase {
	before := recipeRows("Pancakes", "Pancakes", "Soup", "Stew")
	scroll := &trace.Action{Type: "scroll", Direction: "down"}
	return []ruleCase{
		{rule: "E5", hold: true, name: "one copy of the repeated recipe kept: the list alone cannot show the copies exact", task: dupTask,
			steps: []act{{before, nil}, {recipeRows("Pancakes", "Soup", "Stew"), nil}}, want: trace.RunCannotTell, cite: "C4"},
		{rule: "E5", hold: true, name: "a list with no repeated row, nothing deleted", task: dupTask,
			steps: []act{{recipeRows("Pancakes", "Soup", "Stew"), nil}}, want: trace.RunCannotTell, cite: "C4"},
		{rule: "F3", hold: true, name: "every copy of the repeated recipe gone, the list not scrolled", task: dupTask,
			steps: []act{{before, nil}, {recipeRows("Soup", "Stew"), nil}}, want: trace.RunFailure},
		{rule: "F3", name: "the repeated recipe gone after a scroll: not evidence", task: dupTask,
			steps: []act{{before, scroll}, {recipeRows("Soup", "Stew", "Tacos"), nil}}, want: trace.RunCannotTell, cite: "C4"},
		{rule: "F3", hold: true, name: "scrolled, then back at the top with every copy gone", task: dupTask,
			steps: []act{{recipeRows("Soup", "Stew", "Tacos"), &trace.Action{Type: "scroll", Direction: "up"}}, {before, nil}, {recipeRows("Soup", "Stew"), nil}},
			want:  trace.RunFailure},
		{rule: "F3", name: "the repeated recipe gone after a swipe up: not evidence", task: dupTask,
			steps: []act{{before, &trace.Action{Type: "swipe", Direction: "up"}}, {recipeRows("Soup", "Stew", "Tacos"), nil}}, want: trace.RunCannotTell, cite: "C3"},
		{rule: "F3", name: "one copy kept, then the list filtered by a search: not evidence", task: dupTask,
			steps: []act{{before, nil}, {recipeRows("Pancakes", "Soup", "Stew"), nil}, {judgetest.Concat(recipeRows("Soup"), []trace.UIElement{
				judgetest.UI{Pkg: recipeBox, Class: "android.widget.EditText", Text: "Soup", Hint: "Search recipes", ID: "search_src_text", Editable: true, Y1: 240, Y2: 290}.Element()}), nil}},
			want: trace.RunCannotTell, cite: "C3"},
	}
}

func TestDeletingDuplicates(t *testing.T) {
	runRuleCases(t, duplicateCases())
}
