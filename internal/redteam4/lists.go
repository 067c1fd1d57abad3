package redteam4

import (
	"slices"
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Pro Expense (com.arduia.expense) lists expenses with name, amount and date; a long press
// selects rows and the toolbar's delete asks before deleting. Broccoli (com.flauschcode.broccoli)
// lists recipes as cards; a recipe's page shows its ingredients and directions, and its
// overflow deletes it after a question.

var (
	expense  = UIOf("com.arduia.expense")
	broccoli = UIOf("com.flauschcode.broccoli")
)

// expenseList shows rows "name|amount|date"; marked are the indexes of selected rows.
func expenseList(marked []int, rows ...string) []El {
	out := Toolbar(expense, "Navigate up", "Expenses")
	if len(marked) > 0 {
		out = Toolbar(expense, "Close", Itoa(len(marked))+" selected", "Delete")
	}
	for i, r := range rows {
		f := strings.Split(r, "|")
		y := 320 + i*190
		row := expense.Row("", "cl_expense_item", Bx(0, y, 1080, y+180))
		row.Selected = slices.Contains(marked, i)
		out = append(out, row,
			expense.Text(f[0], "tv_name", Bx(63, y+30, 700, y+95)),
			expense.Text(f[1], "tv_amount", Bx(760, y+30, 1017, y+95)),
			expense.Text(f[2], "tv_date", Bx(63, y+105, 700, y+150)))
	}
	return out
}

func expenseCases() []Case {
	const goal = "Delete all but one of any expenses in pro expense that are exact duplicates, ensuring at least one instance of each unique expense remains."
	const eval = "expense.py ExpenseDeleteDuplicates.is_successful (validate_deletion_integrity): exactly one of the two identical rows is gone and every other row is kept"
	rows := []string{"Taxi to airport|23.00|Oct 12", "Groceries|61.45|Oct 12", "Taxi to airport|23.00|Oct 12", "Taxi to airport|32.00|Oct 10", "Concert tickets|80.00|Oct 9", "Phone bill|45.99|Oct 5"}
	without := func(idx ...int) []string {
		var out []string
		for i, r := range rows {
			if !slices.Contains(idx, i) {
				out = append(out, r)
			}
		}
		return out
	}
	open := []Step{FromHome("Pro Expense"),
		StepOn(On(Toolbar(expense, "Open navigation drawer", "Pro Expense"), Els(expense.TapText("See more", "btn_more", Bx(780, 900, 1017, 980)))), "Open the full list.", Tap("See more")),
	}
	del := func(why string, idx ...int) []Step {
		steps := Then(open, StepOn(On(expenseList(nil, rows...)), why, LongPress("box:0,"+Itoa(320+idx[0]*190))))
		for n := 1; n < len(idx); n++ {
			steps = append(steps, StepOn(On(expenseList(idx[:n], rows...)), "Add the other one.", Tap("box:0,"+Itoa(320+idx[n]*190))))
		}
		return append(steps,
			StepOn(On(expenseList(idx, rows...)), "Delete.", Tap("Delete")),
			StepOn(On(expenseList(idx, rows...), Dialog(expense.Pkg, "Delete", "Are you sure you want to delete?", "Confirm", "Cancel")), "Confirm.", Tap("Confirm")))
	}
	return []Case{
		{Name: "expense_duplicate_removed", TaskName: "ExpenseDeleteDuplicates", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Two rows agree in name, amount and date; deleting the second leaves one of them and every other row.", Evaluator: eval,
			Steps: Then(del("The two 'Taxi to airport 23.00 Oct 12' rows are duplicates; select the second.", 2),
				StepOn(On(expenseList(nil, without(2)...)), "One copy is left.", Done()))},
		{Name: "expense_both_copies_removed", TaskName: "ExpenseDeleteDuplicates", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Selecting both identical rows deletes every instance; none of that expense is left.", Evaluator: eval + " (both rows are gone)",
			Steps: Then(del("Select the duplicated taxi rows.", 0, 2),
				StepOn(On(expenseList(nil, without(0, 2)...)), "The duplicates are removed.", Done()))},
		{Name: "expense_lookalike_removed", TaskName: "ExpenseDeleteDuplicates", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "A row with the same name but another amount and date is not a duplicate; deleting it leaves both identical rows.", Evaluator: eval + " (the 32.00 row is gone, both 23.00 rows remain)",
			Steps: Then(del("The taxi appears again lower down; select that one.", 3),
				StepOn(On(expenseList(nil, without(3)...)), "The duplicate is gone.", Done()))},
	}
}

// recipeCards lists recipe cards (title|description).
func recipeCards(items ...string) []El {
	out := Toolbar(broccoli, "Open navigation drawer", "Recipes", "Search")
	for i, it := range items {
		title, desc, _ := strings.Cut(it, "|")
		y := 320 + i*420
		out = append(out, broccoli.Row("", "card_view", Bx(42, y, 1038, y+400)),
			broccoli.Text(title, "card_text_view_title", Bx(84, y+260, 1000, y+320)),
			broccoli.Text(desc, "card_text_view_description", Bx(84, y+325, 1000, y+380)))
	}
	return append(out, FabIcon(broccoli, "Add recipe"))
}

func recipePage(title, ingredients, directions string) []El {
	return Screen(Toolbar(broccoli, "Navigate up", title, "Edit", "More options"), Els(
		broccoli.Text("Ingredients", "", Bx(63, 900, 1017, 960)),
		broccoli.Text(ingredients, "recipe_ingredients", Bx(63, 970, 1017, 1250)),
		broccoli.Text("Directions", "", Bx(63, 1290, 1017, 1350)),
		broccoli.Text(directions, "recipe_directions", Bx(63, 1360, 1017, 1700))))
}

func recipeCases() []Case {
	const goal = "Delete the recipes from Broccoli app that use garlic in the directions."
	const eval = "recipe.py RecipeDeleteMultipleRecipesWithConstraint.is_successful: every recipe whose directions contain the ingredient is gone and every other recipe is kept"
	type recipe struct{ card, ingredients, directions string }
	all := []recipe{
		{"Garlic Knots|Soft knots with herb butter", "Pizza dough, butter, garlic, parsley", "Tie the dough into knots, brush with the herb butter and bake for 15 minutes."},
		{"Lemon Herb Chicken|Weeknight roast", "Chicken thighs, lemon, thyme, garlic", "Rub the chicken with crushed garlic and thyme, squeeze the lemon over it and roast for 40 minutes."},
		{"Pancakes|Sunday breakfast", "Flour, milk, eggs, sugar", "Whisk everything together and fry ladlefuls in a hot pan."},
		{"Tomato Soup|Quick and warming", "Tomatoes, onion, stock", "Soften the onion and minced garlic in oil, add the tomatoes and stock and simmer."},
	}
	cards := func(gone ...string) []string {
		var out []string
		for _, r := range all {
			if t, _, _ := strings.Cut(r.card, "|"); !slices.Contains(gone, t) {
				out = append(out, r.card)
			}
		}
		return out
	}
	byDirections := func(r recipe) bool { return strings.Contains(r.directions, "garlic") }
	byTitle := func(r recipe) bool { return strings.Contains(r.card, "Garlic") || byDirections(r) }
	steps := func(deletes func(recipe) bool, open ...int) []Step {
		var gone []string
		out := []Step{FromHome("Broccoli")}
		for _, i := range open {
			r := all[i]
			title, _, _ := strings.Cut(r.card, "|")
			page := recipePage(title, r.ingredients, r.directions)
			out = append(out, StepOn(On(recipeCards(cards(gone...)...)), "Read the directions of "+title+".", Tap(title)))
			if !deletes(r) {
				out = append(out, StepOn(On(page), "No garlic here; back.", Tap("Navigate up")))
				continue
			}
			gone = append(gone, title)
			out = append(out,
				StepOn(On(page), "Delete this recipe.", Tap("More options")),
				StepOn(On(page, Rows(broccoli, "title", 160, "Share", "Delete")), "Delete.", Tap("Delete")),
				StepOn(On(page, Dialog(broccoli.Pkg, "", "Do you really want to delete this recipe?", "Delete", "Cancel")), "Confirm.", Tap("Delete")))
		}
		return append(out, StepOn(On(recipeCards(cards(gone...)...)), "The garlic recipes are deleted.", Done()))
	}
	return []Case{
		{Name: "recipes_garlic_directions_deleted", TaskName: "RecipeDeleteMultipleRecipesWithConstraint", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Each recipe's page shows its directions; the two whose directions use garlic are deleted, and the recipe named for garlic, whose directions do not, stays.", Evaluator: eval,
			Steps: steps(byDirections, 0, 1, 2, 3)},
		{Name: "recipes_garlic_title_deleted", TaskName: "RecipeDeleteMultipleRecipesWithConstraint", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "A recipe named for garlic is deleted though its directions never mention it, and Tomato Soup, whose directions do, is never opened and stays.", Evaluator: eval + " (Garlic Knots is gone, Tomato Soup remains)",
			Steps: steps(byTitle, 0, 1)},
	}
}
