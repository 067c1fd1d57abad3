package redteam3

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Deleting from lists: Pro Expense (com.arduia.expense: a long press selects an expense, the
// bin deletes it after a question) and Broccoli (com.flauschcode.broccoli: a recipe's menu
// deletes it after a question, and the list drops it).

var (
	expense  = UIOf("com.arduia.expense")
	broccoli = UIOf("com.flauschcode.broccoli")
)

func expenseRows(selected string, items ...string) []El {
	out := Toolbar(expense, "Navigate up", "Expenses")
	if selected != "" {
		out = Toolbar(expense, "Close", "1", "Delete")
	}
	for i, it := range items {
		name, amount, _ := strings.Cut(it, "|")
		y := 320 + i*190
		row := expense.Row("", "cl_expense_item", Bx(0, y, 1080, y+180))
		row.Selected = it == selected
		out = append(out, row, expense.Text(name, "tv_name", Bx(63, y+30, 700, y+100)), expense.Text(amount, "tv_amount", Bx(760, y+30, 1017, y+100)),
			expense.Text("Oct 12", "tv_date", Bx(63, y+110, 400, y+160)))
	}
	return out
}

func expenseCases() []Case {
	const eval = "expense.py ExpenseDeleteSingle.is_successful: the named expense is gone from the database and the others remain"
	const goal = "Delete the following expenses from arduia pro expense: Parking."
	items := []string{"Groceries|$64.20", "Parking|$12.00", "Parking meter|$3.50", "Gym|$40.00"}
	steps := func(pick string, crash bool) []Step {
		return []Step{FromHome("Pro Expense"),
			StepOn(On(append(Toolbar(expense, "Open navigation drawer", "Pro Expense"), expense.TapText("See more", "btn_more", Bx(800, 900, 1017, 980)))), "See all expenses.", Tap("See more")),
			StepOn(On(expenseRows("", items...)), "Select it.", LongPress("box:0,"+Itoa(320+190*index(items, pick)))),
			StepOn(On(expenseRows(pick, items...)), "Delete.", Tap("Delete")),
			StepOn(On(expenseRows(pick, items...), Dialog(expense.Pkg, "Delete", "Are you sure to delete?", "OK", "Cancel")), "Confirm.", Tap("OK")),
		}
	}
	remaining := func(gone string) []string {
		var out []string
		for _, it := range items {
			if it != gone {
				out = append(out, it)
			}
		}
		return out
	}
	return []Case{
		{Name: "expense_deleted", TaskName: "ExpenseDeleteSingle", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "A confirmed delete drops the expense from the list, the others stay.", Evaluator: eval,
			Steps: Then(steps("Parking|$12.00", false), StepOn(On(expenseRows("", remaining("Parking|$12.00")...)), "Parking is gone.", Done()))},
		{Name: "expense_deleted_lookalike", TaskName: "ExpenseDeleteSingle", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "A name that starts the same is another expense; deleting it leaves the one asked for.", Evaluator: eval + " (Parking remains, Parking meter was deleted)",
			Steps: Then(steps("Parking meter|$3.50", false), StepOn(On(expenseRows("", remaining("Parking meter|$3.50")...)), "The parking expense is deleted.", Done()))},
		{Name: "expense_delete_run_cut_off", TaskName: "ExpenseDeleteSingle", Goal: goal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The run stops right after OK is tapped in the question: the delete happened, but no screen after it was recorded.", Evaluator: eval,
			Crashed: true, Steps: steps("Parking|$12.00", true)},
	}
}

func index(items []string, s string) int {
	for i, it := range items {
		if it == s {
			return i
		}
	}
	return -1
}

func recipeList(titles ...string) []El {
	return recipeCards(Toolbar(broccoli, "Open navigation drawer", "Recipes", "Search"), titles)
}

// recipeSearch is the list under the search field, with what is typed in it.
func recipeSearch(query string, titles ...string) []El {
	return recipeCards(append(Toolbar(broccoli, "Collapse", ""), broccoli.Edit(query, "Search", "search_src_text", Bx(189, 166, 900, 248))), titles)
}

func recipeCards(out []El, titles []string) []El {
	for i, t := range titles {
		y := 320 + i*420
		out = append(out, broccoli.Image("", "card_image", Bx(42, y, 1038, y+260)), broccoli.TapText(t, "card_text_view_title", Bx(84, y+280, 1000, y+350)))
	}
	return append(out, FabIcon(broccoli, "Add"))
}

func recipePage(title string, menu bool) []El {
	out := append(Toolbar(broccoli, "Navigate up", "", "Edit", "More options"), broccoli.Text(title, "recipe_title", Bx(63, 800, 1017, 900)),
		broccoli.Text("Ingredients", "", Bx(63, 950, 1017, 1010)))
	if menu {
		out = append(out, Rows(broccoli, "title", 200, "Share", "Delete")...)
	}
	return out
}

func recipeCases() []Case {
	const eval = "recipe.py RecipeDeleteSingleRecipe / RecipeDeleteMultipleRecipes.is_successful: the named recipes are gone and the others remain"
	all := []string{"Lemon Garlic Pasta", "Chickpea Curry", "Shakshuka", "Banana Bread"}
	del := func(title string, list []El) []Step {
		return []Step{
			StepOn(On(list), "Open "+title+".", Tap(title)),
			StepOn(On(recipePage(title, false)), "Menu.", Tap("More options")),
			StepOn(On(recipePage(title, true)), "Delete.", Tap("Delete")),
			StepOn(On(recipePage(title, false), Dialog(broccoli.Pkg, "", "Do you really want to delete this recipe?", "Delete", "Cancel")), "Confirm.", Tap("Delete")),
		}
	}
	first := append([]Step{FromHome("Broccoli")}, del("Chickpea Curry", recipeList(all...))...)
	return []Case{
		{Name: "recipe_deleted", TaskName: "RecipeDeleteSingleRecipe", Goal: "Delete the following recipes from Broccoli app: Chickpea Curry.", Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Deleting a recipe closes its page and the list no longer has it.", Evaluator: eval,
			Steps: Then(first, StepOn(On(recipeList("Lemon Garlic Pasta", "Shakshuka", "Banana Bread")), "Deleted.", Done()))},
		{Name: "recipe_deleted_one_of_two", TaskName: "RecipeDeleteMultipleRecipes", Goal: "Delete the following recipes from Broccoli app: Chickpea Curry, Banana Bread.", Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Each recipe is deleted on its own; the second one named stays in the list.", Evaluator: eval + " (Banana Bread remains)",
			Steps: Then(first, StepOn(On(recipeList("Lemon Garlic Pasta", "Shakshuka", "Banana Bread")), "The recipes are deleted.", Done()))},
		{Name: "recipe_deleted_from_search", TaskName: "RecipeDeleteSingleRecipe", Goal: "Delete the following recipes from Broccoli app: Shakshuka.", Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Search narrows the list to the recipe; after the delete, the full list shows it gone.", Evaluator: eval,
			Steps: Then(append([]Step{FromHome("Broccoli"),
				StepOn(On(recipeList(all...)), "Search.", Tap("Search")),
				StepOn(On(typing(recipeSearch("", all...), "Search")), "Type the name.", TypeIn("res:search_src_text", "Shakshuka"))},
				del("Shakshuka", recipeSearch("Shakshuka", "Shakshuka"))...),
				StepOn(On(recipeSearch("Shakshuka")), "No match any more; clear the search.", Tap("Collapse")),
				StepOn(On(recipeList("Lemon Garlic Pasta", "Chickpea Curry", "Banana Bread")), "Shakshuka is gone.", Done()))},
	}
}
