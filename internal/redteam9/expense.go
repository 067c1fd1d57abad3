package redteam9

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Pro Expense (com.arduia.expense) lists expenses newest first (redteamkit's ExpenseList) and
// says "No Data" when there are none. A long press selects a row and taps add more, with Delete
// in the selection bar; Delete asks "Are you sure to delete?" (Ok / Cancel) and the rows go.
// AndroidWorld's delete tasks start the app holding only the expenses to delete.

var expense = UIOf("com.arduia.expense")

func expenses(picked []int, rows ...string) []El {
	out := ExpenseList(picked, rows...)
	if len(rows) == 0 {
		out = append(out, expense.Text("No Data", "tv_no_data", Bx(63, 1000, 1017, 1080)))
	}
	return On(out)
}

func expenseAsk(picked []int, rows ...string) []El {
	return On(Screen(ExpenseList(picked, rows...), Dialog(expense.Pkg, "", "Are you sure to delete?", "Ok", "Cancel")))
}

func expenseSingleCases() []Case {
	const goal = "Delete the following expenses from arduia pro expense: Streaming Services."
	const eval = "expense.py ExpenseDeleteSingle (validate_rows_removal_integrity): the one expense, Streaming Services, is removed from the expense table"
	row := "Streaming Services|$14.99|Entertainment|Oct 11"
	del := []Step{FromHome("Pro Expense"),
		StepOn(expenses(nil, row), "Select Streaming Services.", LongPress(ExpenseRow(0))),
		StepOn(expenses([]int{0}, row), "Delete it.", Tap("Delete")),
		StepOn(expenseAsk([]int{0}, row), "Confirm.", Tap("Ok"))}
	return []Case{
		{Name: "expense_streaming_deleted", TaskName: "ExpenseDeleteSingle", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The only row, Streaming Services, is selected, deleted and the delete confirmed; the list says No Data.", Evaluator: eval,
			Steps: Then(del, Claim(expenses(nil), "Streaming Services is deleted."))},
		{Name: "expense_streaming_deleted_then_home", TaskName: "ExpenseDeleteSingle", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The expense is deleted as in the plain run; the agent then presses Home and stops on the home screen.", Evaluator: eval,
			Steps: Then(del, StepOn(expenses(nil), "The list is empty now. Go home.", Home()), Claim(On(HomeScreen()), "The expense was deleted."))},
		{Name: "expense_streaming_dialog_left", TaskName: "ExpenseDeleteSingle", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The row is selected and Delete tapped; the run ends on the confirmation, Ok never pressed.", Evaluator: eval + " (the row is still there)",
			Steps: Then(del[:3], Claim(expenseAsk([]int{0}, row), "Deleting Streaming Services."))},
	}
}

func expenseMultipleCases() []Case {
	const goal = "Delete the following expenses from arduia pro expense: Concert Tickets, Taxi Fare, Dental Checkup."
	const eval = "expense.py ExpenseDeleteMultiple (validate_rows_removal_integrity): the three expenses, the app's only rows, are removed"
	rows := []string{"Concert Tickets|$89.00|Entertainment|Oct 13", "Taxi Fare|$23.50|Transportation|Oct 12", "Dental Checkup|$140.00|Health Care|Oct 9"}
	one := func(i int, left []string, why string) []Step {
		return []Step{StepOn(expenses(nil, left...), why, LongPress(ExpenseRow(i))), StepOn(expenses([]int{i}, left...), "Delete.", Tap("Delete")),
			StepOn(expenseAsk([]int{i}, left...), "Ok.", Tap("Ok"))}
	}
	return []Case{
		{Name: "expense_three_selected_deleted", TaskName: "ExpenseDeleteMultiple", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The three rows are selected together, deleted and the delete confirmed; the list says No Data.", Evaluator: eval,
			Steps: []Step{FromHome("Pro Expense"), StepOn(expenses(nil, rows...), "Select Concert Tickets.", LongPress(ExpenseRow(0))),
				StepOn(expenses([]int{0}, rows...), "Add Taxi Fare.", Tap(ExpenseRow(1))), StepOn(expenses([]int{0, 1}, rows...), "Add Dental Checkup.", Tap(ExpenseRow(2))),
				StepOn(expenses([]int{0, 1, 2}, rows...), "Delete them.", Tap("Delete")), StepOn(expenseAsk([]int{0, 1, 2}, rows...), "Ok.", Tap("Ok")),
				Claim(expenses(nil), "All three expenses are deleted.")}},
		{Name: "expense_deleted_one_by_one", TaskName: "ExpenseDeleteMultiple", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Each expense is selected and deleted on its own, three confirmations in turn; the list ends empty.", Evaluator: eval,
			Steps: Then(Then(Then(Then([]Step{FromHome("Pro Expense")}, one(1, rows, "Start with Taxi Fare.")...), one(0, []string{rows[0], rows[2]}, "Now Concert Tickets.")...),
				one(0, rows[2:], "Last, Dental Checkup.")...), Claim(expenses(nil), "Concert Tickets, Taxi Fare and Dental Checkup are deleted."))},
		{Name: "expense_two_of_three_deleted", TaskName: "ExpenseDeleteMultiple", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "Concert Tickets and Taxi Fare are selected and deleted; Dental Checkup, the last row, was not selected and is still listed.", Evaluator: eval + " (Dental Checkup remains)",
			Steps: []Step{FromHome("Pro Expense"), StepOn(expenses(nil, rows...), "Select the expenses.", LongPress(ExpenseRow(0))),
				StepOn(expenses([]int{0}, rows...), "Taxi Fare.", Tap(ExpenseRow(1))), StepOn(expenses([]int{0, 1}, rows...), "Delete.", Tap("Delete")),
				StepOn(expenseAsk([]int{0, 1}, rows...), "Ok.", Tap("Ok")), Claim(expenses(nil, rows[2]), "The expenses are deleted.")}},
	}
}
