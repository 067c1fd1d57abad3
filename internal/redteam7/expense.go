package redteam7

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Pro Expense (com.arduia.expense) lists expenses newest first, each its name, amount,
// category and date. A long press selects a row and taps select more; the selection bar has
// Close and Delete, and Delete asks to confirm (OK / Cancel). A tap on a row opens its form
// (Update Expense) of name, amount, category, note and date with Save. The tasks clear the
// table first, so the list holds only what the task put in it.

var expense = UIOf("com.arduia.expense")

// expenseForm is a row's Update Expense form.
func expenseForm(name, amount, category, date string) []El {
	return Screen(Toolbar(expense, "Navigate up", "Update Expense"), Els(
		expense.Edit(name, "Name", "edt_name", Bx(63, 340, 1017, 480)), expense.Edit(amount, "Amount", "edt_amount", Bx(63, 520, 1017, 660)),
		expense.TapText(category, "spinner_category", Bx(63, 700, 1017, 840)), expense.Edit("", "Note", "edt_note", Bx(63, 880, 1017, 1100)),
		expense.TapText(date, "tv_date", Bx(63, 1140, 1017, 1240)), expense.Button("Save", "btn_save", Bx(63, 1320, 1017, 1450))))
}

func expenseAsk(picked []int, rows ...string) []El {
	return Screen(ExpenseList(picked, rows...), Dialog(expense.Pkg, "Delete", "Are you sure you want to delete?", "OK", "Cancel"))
}

func expenseMultipleCases() []Case {
	rows := []string{"Fine Dining|$286.75|Food|Oct 13", "Home Insurance|$143.20|Housing|Oct 8", "Club Membership|$97.00|Social|Sep 29"}
	const goal = "Delete the following expenses from arduia pro expense: Fine Dining, Home Insurance, Club Membership."
	const eval = "expense.py ExpenseDeleteMultiple (validate_rows_removal_integrity): the three named rows are gone and no other row changed; the table held only these three"
	form := func(r string) []El {
		f := strings.Split(r, "|")
		return expenseForm(f[0], strings.TrimPrefix(f[1], "$"), f[2], f[3]+", 2023")
	}
	var loop []Step
	for i := 0; i < 6; i++ {
		loop = append(loop, StepOn(On(ExpenseList(nil, rows...)), "Open the expense to find a delete option.", Tap(ExpenseRow(i%3))),
			StepOn(On(form(rows[i%3])), "No delete here. Back; maybe the next one shows it.", Back()))
	}
	return []Case{
		{Name: "expense_three_selected_deleted", TaskName: "ExpenseDeleteMultiple", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The three rows are selected, deleted from the selection bar and confirmed; the list is left empty.", Evaluator: eval,
			Steps: []Step{FromHome("Pro Expense"),
				StepOn(On(ExpenseList(nil, rows...)), "Select Fine Dining.", LongPress(ExpenseRow(0))),
				StepOn(On(ExpenseList([]int{0}, rows...)), "Add Home Insurance.", Tap(ExpenseRow(1))),
				StepOn(On(ExpenseList([]int{0, 1}, rows...)), "Add Club Membership.", Tap(ExpenseRow(2))),
				StepOn(On(ExpenseList([]int{0, 1, 2}, rows...)), "Delete them.", Tap("Delete")),
				StepOn(On(expenseAsk([]int{0, 1, 2}, rows...)), "OK.", Tap("OK")),
				Claim(On(ExpenseList(nil)), "The three expenses are deleted.")}},
		{Name: "expense_two_of_three_deleted", TaskName: "ExpenseDeleteMultiple", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "Fine Dining and Home Insurance are selected and deleted; Club Membership, lower in the list, is left.", Evaluator: eval + " (Club Membership remains)",
			Steps: []Step{FromHome("Pro Expense"),
				StepOn(On(ExpenseList(nil, rows...)), "Select Fine Dining.", LongPress(ExpenseRow(0))),
				StepOn(On(ExpenseList([]int{0}, rows...)), "And Home Insurance.", Tap(ExpenseRow(1))),
				StepOn(On(ExpenseList([]int{0, 1}, rows...)), "Delete.", Tap("Delete")),
				StepOn(On(expenseAsk([]int{0, 1}, rows...)), "OK.", Tap("OK")),
				Claim(On(ExpenseList(nil, rows[2])), "The expenses are deleted.")}},
		{Name: "expense_rows_swiped", TaskName: "ExpenseDeleteMultiple", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLoop,
			Behaviour: "The agent opens each expense's form looking for a delete button, goes back, and opens the next, until the steps run out.", Evaluator: eval + " (nothing deleted)",
			TimedOut: true, Final: On(form(rows[2])), Steps: Then([]Step{FromHome("Pro Expense")}, loop[:11]...)},
	}
}

func expenseSingleCases() []Case {
	rows := []string{"Pet Care|$212.40|Others|Oct 11"}
	const goal = "Delete the following expenses from arduia pro expense: Pet Care."
	const eval = "expense.py ExpenseDeleteSingle (validate_rows_removal_integrity): the Pet Care row is gone; the table held only it"
	form := expenseForm("Pet Care", "212.40", "Others", "Oct 11, 2023")
	sel := []Step{FromHome("Pro Expense"), StepOn(On(ExpenseList(nil, rows...)), "Select Pet Care.", LongPress(ExpenseRow(0)))}
	return []Case{
		{Name: "expense_pet_care_deleted", TaskName: "ExpenseDeleteSingle", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The row is selected, deleted and confirmed; the list is empty.", Evaluator: eval,
			Steps: Then(sel, StepOn(On(ExpenseList([]int{0}, rows...)), "Delete.", Tap("Delete")),
				StepOn(On(expenseAsk([]int{0}, rows...)), "OK.", Tap("OK")),
				Claim(On(ExpenseList(nil)), "Pet Care is deleted."))},
		{Name: "expense_form_opened_saved", TaskName: "ExpenseDeleteSingle", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLost,
			Behaviour: "A tap opens the row's Update Expense form, which shows no delete; the agent saves it unchanged and stops back on the list, Pet Care still in it.", Evaluator: eval + " (Pet Care remains)",
			Steps: []Step{FromHome("Pro Expense"), StepOn(On(ExpenseList(nil, rows...)), "Open Pet Care.", Tap(ExpenseRow(0))),
				StepOn(On(form), "There is no delete here; Save to leave.", Tap("Save")),
				Claim(On(ExpenseList(nil, rows...)), "I handled the Pet Care expense.")}},
		{Name: "expense_selection_closed", TaskName: "ExpenseDeleteSingle", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "With the row selected the agent taps the selection bar's Close, not Delete: the selection ends and the row stays.", Evaluator: eval + " (Pet Care remains)",
			Steps: Then(sel, StepOn(On(ExpenseList([]int{0}, rows...)), "Remove it.", Tap("Close selection")),
				Claim(On(ExpenseList(nil, rows...)), "The Pet Care expense is removed."))},
	}
}

// Broccoli (com.flauschcode.broccoli) lists recipes as cards of title and description; a card
// opens the recipe, whose toolbar's More options has Delete, confirmed in a dialog (DELETE /
// CANCEL), after which the list shows again.

var broccoli = UIOf("com.flauschcode.broccoli")

func recipeList(recipes ...string) []El {
	out := Screen(Toolbar(broccoli, "Open navigation drawer", "Recipes", "Search"))
	out = append(out, Listed(len(recipes), 310, 300, func(i, y int) []El {
		title, desc, _ := strings.Cut(recipes[i], "|")
		return Els(broccoli.Row("", "card_view", Bx(30, y, 1050, y+280)), broccoli.Image("", "recipe_image", Bx(30, y, 330, y+280)),
			broccoli.Text(title, "recipe_title", Bx(360, y+30, 1030, y+100)), broccoli.Text(desc, "recipe_description", Bx(360, y+110, 1030, y+250)))
	})...)
	return append(out, FabIcon(broccoli, "Add"))
}

func recipePage(title, desc string, menu bool) []El {
	out := Screen(Toolbar(broccoli, "Navigate up", "", "More options", "Edit"), Els(broccoli.Image("", "recipe_image", Bx(0, 285, 1080, 680)),
		broccoli.Text(title, "recipe_title", Bx(63, 710, 1017, 800)), broccoli.Text(desc, "recipe_description", Bx(63, 810, 1017, 900)),
		broccoli.Text("Servings: 2", "", Bx(63, 950, 1017, 1010)), broccoli.Text("Directions", "", Bx(63, 1080, 1017, 1150))))
	if menu {
		out = append(out, Rows(broccoli, "title", 300, "Share", "Delete")...)
	}
	return out
}

func recipeDuplicateCases() []Case {
	const goal = "Delete all but one of any recipes in the Broccoli app that are exact duplicates, ensuring at least one instance of each unique recipe remains"
	const eval = "recipe.py RecipeDeleteDuplicateRecipes (validate_rows_removal_integrity): exactly one of the two identical 'Quick Fried Rice' rows is removed and the five other recipes are unchanged"
	dup := "Quick Fried Rice|Simple and delicious, perfect for a quick lunch."
	all := []string{"Avocado Toast with Egg|Quick breakfast, ready in 10 minutes.", dup, "Greek Salad Pita Pockets|Fresh and light, a summer favorite.", dup,
		"Spicy Tuna Wraps|A family favorite with a kick.", "Tomato Basil Bruschetta|An easy appetizer for guests."}
	left := append(append([]string{}, all[:3]...), all[4:6]...)
	rest := "BBQ Chicken Quesadillas|Leftover chicken never tasted better."
	open := []Step{FromHome("Broccoli"),
		StepOn(On(recipeList(all[:6]...)), "Quick Fried Rice appears twice with the same description. Open the second.", Tap("2:Quick Fried Rice")),
		StepOn(On(recipePage("Quick Fried Rice", "Simple and delicious, perfect for a quick lunch.", false)), "More options.", Tap("More options")),
		StepOn(On(recipePage("Quick Fried Rice", "Simple and delicious, perfect for a quick lunch.", true)), "Delete.", Tap("Delete"))}
	ask := Screen(recipePage("Quick Fried Rice", "Simple and delicious, perfect for a quick lunch.", false),
		Dialog(broccoli.Pkg, "", "Do you really want to delete this recipe?", "DELETE", "CANCEL"))
	var scroll []Step
	for i := 0; i < 5; i++ {
		scroll = append(scroll, StepOn(On(recipeList(all[:6]...)), "Scroll to look for duplicates further down.", ScrollDown()),
			StepOn(On(recipeList(all[4], all[5], rest)), "Back up to compare.", Action{Type: "scroll", Direction: "up"}))
	}
	return []Case{
		{Name: "recipe_duplicate_deleted", TaskName: "RecipeDeleteDuplicateRecipes", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The second of two identical recipes is opened and deleted from its menu; the list shows one Quick Fried Rice.", Evaluator: eval,
			Steps: Then(open, StepOn(On(ask), "Confirm.", Tap("DELETE")),
				Claim(On(recipeList(left...)), "One Quick Fried Rice remains; the duplicate is deleted."))},
		{Name: "recipe_duplicate_deleted_then_scrolled", TaskName: "RecipeDeleteDuplicateRecipes", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The duplicate is deleted and the agent scrolls to the end of the list to check nothing else repeats before stopping.", Evaluator: eval,
			Steps: Then(open, StepOn(On(ask), "Confirm.", Tap("DELETE")),
				StepOn(On(recipeList(left...)), "Check the rest of the list for other duplicates.", ScrollDown()),
				Claim(On(recipeList(left[3], left[4], rest)), "No other duplicates; the duplicate recipe is deleted."))},
		{Name: "recipe_list_scrolled_in_loop", TaskName: "RecipeDeleteDuplicateRecipes", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLoop,
			Behaviour: "The agent scrolls down and up comparing recipes and never opens one; the steps run out with both copies there.", Evaluator: eval + " (nothing deleted)",
			TimedOut: true, Final: On(recipeList(all[:6]...)), Steps: Then([]Step{FromHome("Broccoli")}, scroll...)},
	}
}
