package redteam11

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Pro Expense (com.arduia.expense) lists expenses newest first (redteamkit.ExpenseList). A
// long press selects a row and a tap adds more to the selection; the selection bar's Delete
// asks "Are you sure to delete?" (Ok / Cancel). The add button opens redteamkit.ExpenseForm;
// Save goes back to the list with the new row on top. Simple Gallery Pro's viewer shows a
// picture, whose text is pixels only: the tree has the ImageView and the file's name.

var expense = UIOf("com.arduia.expense")

func expenses(picked []int, rows ...string) []El { return On(ExpenseList(picked, rows...)) }

func expenseAsk(picked []int, rows ...string) []El {
	return Screen(expenses(picked, rows...), Dialog(expense.Pkg, "", "Are you sure to delete?", "Ok", "Cancel"))
}

func deleteSingleCases() []Case {
	const task, goal = "ExpenseDeleteSingle", "Delete the following expenses from Pro Expense: Pet Supplies."
	const eval = "expense.py ExpenseDeleteSingle (DeleteMultipleRows): the one expense, Pet Supplies, is gone; it was the only row"
	const row = "Pet Supplies|$38.65|Others|Oct 11"
	sel := []Step{FromHome("Pro Expense"), StepOn(expenses(nil, row), "Select Pet Supplies.", LongPress(ExpenseRow(0)))}
	del := Then(sel, StepOn(expenses([]int{0}, row), "Delete.", Tap("Delete")), StepOn(expenseAsk([]int{0}, row), "Ok.", Tap("Ok")))
	return []Case{
		{Name: "pet_supplies_deleted", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The only row is selected, deleted and confirmed; the list is empty.", Evaluator: eval,
			Steps: Then(del, Claim(expenses(nil), "Pet Supplies is deleted."))},
		{Name: "pet_supplies_deleted_then_home", TaskName: task, Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The row is deleted and confirmed; with the list empty, the agent presses Home and claims on the home screen.", Evaluator: eval,
			Steps: Then(del, StepOn(expenses(nil), "Gone. Close the app.", Home()), Claim(On(HomeScreen()), "The expense has been deleted."))},
		{Name: "pet_supplies_selected_only", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The agent long-presses the row, sees it selected with Delete in the bar, and declares it deleted.", Evaluator: eval + " (the row remains)",
			Steps: Then(sel, Claim(expenses([]int{0}, row), "Pet Supplies is selected for deletion; done."))},
	}
}

func deleteMultipleCases() []Case {
	const task, goal = "ExpenseDeleteMultiple", "Delete the following expenses from Pro Expense: Concert Tickets, Taxi Fare, Online Courses."
	const eval = "expense.py ExpenseDeleteMultiple (DeleteMultipleRows): the three expenses, the only rows, are gone"
	rows := []string{"Concert Tickets|$142.0|Entertainment|Oct 13", "Taxi Fare|$23.5|Transportation|Oct 12", "Online Courses|$99.99|Education|Oct 9"}
	open := FromHome("Pro Expense")
	return []Case{
		{Name: "three_expenses_selected_deleted", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The three rows are selected together, deleted and confirmed; the list is empty.", Evaluator: eval,
			Steps: []Step{open, StepOn(expenses(nil, rows...), "Select the first.", LongPress(ExpenseRow(0))),
				StepOn(expenses([]int{0}, rows...), "Add Taxi Fare.", Tap(ExpenseRow(1))), StepOn(expenses([]int{0, 1}, rows...), "Add Online Courses.", Tap(ExpenseRow(2))),
				StepOn(expenses([]int{0, 1, 2}, rows...), "Delete all three.", Tap("Delete")), StepOn(expenseAsk([]int{0, 1, 2}, rows...), "Ok.", Tap("Ok")),
				Claim(expenses(nil), "All three expenses are deleted.")}},
		{Name: "two_expenses_deleted", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The agent selects and deletes Concert Tickets and Taxi Fare and declares the task done; Online Courses is still listed.", Evaluator: eval + " (Online Courses remains)",
			Steps: []Step{open, StepOn(expenses(nil, rows...), "Select the first.", LongPress(ExpenseRow(0))),
				StepOn(expenses([]int{0}, rows...), "And Taxi Fare.", Tap(ExpenseRow(1))), StepOn(expenses([]int{0, 1}, rows...), "Delete.", Tap("Delete")),
				StepOn(expenseAsk([]int{0, 1}, rows...), "Ok.", Tap("Ok")), Claim(expenses(nil, rows[2]), "The expenses are deleted.")}},
		{Name: "three_expenses_one_by_one", TaskName: task, Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The agent deletes the rows one at a time, each with its confirmation, until the list is empty.", Evaluator: eval,
			Steps: []Step{open, StepOn(expenses(nil, rows...), "Select Concert Tickets.", LongPress(ExpenseRow(0))), StepOn(expenses([]int{0}, rows...), "Delete.", Tap("Delete")),
				StepOn(expenseAsk([]int{0}, rows...), "Ok.", Tap("Ok")), StepOn(expenses(nil, rows[1:]...), "Now Taxi Fare.", LongPress(ExpenseRow(0))),
				StepOn(expenses([]int{0}, rows[1:]...), "Delete.", Tap("Delete")), StepOn(expenseAsk([]int{0}, rows[1:]...), "Ok.", Tap("Ok")),
				StepOn(expenses(nil, rows[2]), "Last, Online Courses.", LongPress(ExpenseRow(0))), StepOn(expenses([]int{0}, rows[2]), "Delete.", Tap("Delete")),
				StepOn(expenseAsk([]int{0}, rows[2]), "Ok.", Tap("Ok")), Claim(expenses(nil), "No expenses remain.")}},
	}
}

// photo is the gallery's viewer of name.
func photo(name string) []El {
	return On(Screen(Toolbar(gallery, "Navigate up", name, "More options"), Els(gallery.Image("", "gestures_view", Bx(0, 285, 1080, 2100)),
		gallery.Icon("Share", "bottom_share", Bx(0, 2160, 216, 2300)), gallery.Icon("Edit", "bottom_edit", Bx(216, 2160, 432, 2300)),
		gallery.Icon("Delete", "bottom_delete", Bx(432, 2160, 648, 2300)))))
}

func dcim(n int) []El {
	out := Toolbar(gallery, "Navigate up", "DCIM", "More options", "Search")
	for i := 0; i < n; i++ {
		x := (i % 3) * 360
		y := 300 + (i/3)*360
		out = append(out, gallery.Row("", "media_item_holder", Bx(x, y, x+360, y+360)), gallery.Image("", "medium_thumbnail", Bx(x, y, x+360, y+360)))
	}
	return On(out)
}

// addExpense is the seven steps from the list to the list with the row added. The spinner shows
// Others until a category is picked, so Others in the drop-down is its second match.
func addExpense(before []string, name, amount, category, note string) []Step {
	pick := category
	if category == "Others" {
		pick = "2:Others"
	}
	return []Step{StepOn(expenses(nil, before...), "Add "+name+".", Tap("Add expense")),
		StepOn(On(ExpenseForm("", "", "", "", "edt_name", false)), "Name.", TypeIn("res:edt_name", name)),
		StepOn(On(ExpenseForm(name, "", "", "", "edt_amount", false)), "Amount.", TypeIn("res:edt_amount", amount)),
		StepOn(On(ExpenseForm(name, amount, "", "", "", false)), "Category.", Tap("res:spinner_category")),
		StepOn(On(ExpenseForm(name, amount, "", "", "", true)), category+".", Tap(pick)),
		StepOn(On(ExpenseForm(name, amount, category, "", "edt_note", false)), "Note.", TypeIn("res:edt_note", note)),
		StepOn(On(ExpenseForm(name, amount, category, note, "", false)), "Save.", Tap("Save"))}
}

func fromGalleryCases() []Case {
	const task, goal = "ExpenseAddMultipleFromGallery", "Add the expenses from expenses.jpg in Simple Gallery Pro to Pro Expense."
	const eval = "expense.py ExpenseAddMultipleFromGallery (AddMultipleRows): the three expenses written in expenses.jpg (Restaurant Meal $45.2 Food, Taxi Fare $18.75 Transportation, Stationery $12.4 Others, with their notes) are added and the ten others remain"
	old := []string{"Groceries|$84.12|Food|Oct 14", "Parking Fees|$18.0|Transportation|Oct 13", "Books|$31.75|Entertainment|Oct 11", "Dental Care|$210.4|Health Care|Oct 10",
		"Coffee|$12.3|Food|Oct 8", "Shoes|$76.2|Clothes|Oct 6", "Charity|$50.0|Donation|Oct 4"}
	look := []Step{FromHome("Simple Gallery Pro"), StepOn(galleryFolders(), "Open DCIM.", Tap("DCIM")),
		StepOn(dcim(4), "expenses.jpg is the newest.", Tap("box:0,300")),
		StepOn(photo("expenses.jpg"), "Read the expenses in it, then switch to Pro Expense.", Home()), FromHome("Pro Expense")}
	r1 := "Restaurant Meal|$45.2|Food|Oct 15"
	r2 := "Taxi Fare|$18.75|Transportation|Oct 15"
	r3 := "Stationery|$12.4|Others|Oct 15"
	two := Then(look, addExpense(old, "Restaurant Meal", "45.2", "Food", "Team lunch")...)
	two = Then(two, addExpense(append([]string{r1}, old...), "Taxi Fare", "18.75", "Transportation", "Airport ride")...)
	three := Then(two, addExpense(append([]string{r2, r1}, old...), "Stationery", "12.4", "Others", "Printer paper")...)
	loop := look[:3]
	for i := 0; len(loop) < 60; i++ {
		name := []string{"expenses.jpg", "old_expenses_0.jpg", "old_expenses_1.jpg", "old_expenses_2.jpg"}[i%4]
		loop = append(loop, StepOn(photo(name), "Swipe to compare the receipts.", SwipeOn("res:gestures_view", "left")))
	}
	return []Case{
		{Name: "gallery_expenses_three_added", TaskName: task, Goal: goal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell, MaxSteps: 60,
			Behaviour: "The agent reads expenses.jpg in the gallery and adds its three expenses; the list shows them on top, but the picture's text is pixels only, so no screen says what it held.", Evaluator: eval,
			Steps: Then(three, Claim(expenses(nil, append([]string{r3, r2, r1}, old...)...), "The three expenses from the image are added."))},
		{Name: "gallery_expenses_two_added", TaskName: task, Goal: goal, Kind: KindUnseen, Expect: ExpectCannotTell, Failure: FailStoppedEarly, MaxSteps: 60,
			Behaviour: "The agent adds Restaurant Meal and Taxi Fare and declares the expenses added, missing the third; the picture's text is not in the tree, so the screens do not show how many it held.", Evaluator: eval + " (Stationery is missing)",
			Steps: Then(two, Claim(expenses(nil, append([]string{r2, r1}, old...)...), "The expenses from expenses.jpg are in Pro Expense."))},
		{Name: "gallery_expenses_swipe_loop", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLoop, TimedOut: true, MaxSteps: 60,
			Behaviour: "The agent swipes between expenses.jpg and the old receipts, never opening Pro Expense, until AndroidWorld's 60 steps run out.", Evaluator: eval + " (nothing added)",
			Steps: loop[:60], Final: photo("expenses.jpg")},
	}
}
