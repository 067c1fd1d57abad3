package redteam10

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Pro Expense (com.arduia.expense) lists expenses newest first (redteamkit.ExpenseList), nine
// rows to a screen. A long press selects a row, with Delete in the selection bar; Delete asks
// "Are you sure to delete?" (Ok / Cancel). The add button opens redteamkit.ExpenseForm; Save
// goes back to the list with the new row on top.

var expense = UIOf("com.arduia.expense")

// ledger is ExpenseDeleteDuplicates2's 43 rows, newest first: 38 others, Gym Membership twice
// (rows 22 and 23, the exact duplicates) and three Gym Membership rows with other amounts and
// dates (rows 2, 4 and 31).
func ledger() []string {
	others := []string{"Groceries|$84.12|Food", "Taxi Fare|$23.50|Transportation", "Concert Tickets|$142.0|Entertainment", "Rent Payment|$455.3|Housing",
		"Books|$31.75|Entertainment", "Dental Care|$210.4|Health Care", "Online Courses|$99.99|Education", "Shoes|$76.2|Clothes",
		"Charity|$50.0|Donation", "Pet Supplies|$38.65|Others", "Coffee|$12.3|Food", "Parking Fees|$18.0|Transportation", "Birthday Present|$64.9|Social"}
	var rows []string
	day := 14
	for i := 0; len(rows) < 43; i++ {
		date := "Oct " + Itoa(day)
		if day < 1 {
			date = "Sep " + Itoa(30+day)
		}
		switch len(rows) {
		case 2:
			rows = append(rows, "Gym Membership|$62.15|Health Care|"+date)
		case 4:
			rows = append(rows, "Gym Membership|$59.80|Health Care|"+date)
		case 22, 23:
			rows = append(rows, "Gym Membership|$54.65|Health Care|Sep 28")
		case 31:
			rows = append(rows, "Gym Membership|$61.2|Health Care|"+date)
		default:
			rows = append(rows, others[i%len(others)]+"|"+date)
		}
		if len(rows)%2 == 0 {
			day--
		}
	}
	return rows
}

// page is the list scrolled to show rows from first on, nine of them.
func page(picked []int, rows []string, first int) []El {
	return On(ExpenseList(picked, rows[first:min(first+9, len(rows))]...))
}

func pageAsk(picked []int, rows []string, first int) []El {
	return Screen(page(picked, rows, first), Dialog(expense.Pkg, "", "Are you sure to delete?", "Ok", "Cancel"))
}

func without(rows []string, i int) []string {
	return append(append([]string(nil), rows[:i]...), rows[i+1:]...)
}

func expenseDuplicatesCases() []Case {
	const task = "ExpenseDeleteDuplicates2"
	const goal = "Delete all but one of any expenses in pro expense that are exact duplicates, ensuring at least one instance of each unique expense remains."
	const eval = "expense.py ExpenseDeleteDuplicates2 (validate_deletion_integrity): exactly one of the two identical Gym Membership $54.65 rows is gone and the other 41 rows (three Gym Membership rows of other amounts among them) are untouched"
	rows := ledger()
	scroll := []Step{FromHome("Pro Expense"), StepOn(page(nil, rows, 0), "Look for identical rows; scroll down.", ScrollDown()),
		StepOn(page(nil, rows, 8), "Nothing identical yet. Scroll.", ScrollDown()),
		StepOn(page(nil, rows, 16), "Rows 22 and 23: Gym Membership $54.65, Health Care, Sep 28, twice. Select the second.", LongPress(ExpenseRow(7)))}
	var loop []Step
	loop = append(loop, FromHome("Pro Expense"))
	for len(loop) < 18 {
		first := []int{0, 8, 16, 24, 32, 24, 16, 8}[len(loop)%8]
		dir := "down"
		if len(loop)%8 >= 5 || len(loop)%8 == 0 {
			dir = "up"
		}
		loop = append(loop, StepOn(page(nil, rows, first), "Compare every row with the others; scroll "+dir+" to check again.", Action{Type: "scroll", Direction: dir}))
	}
	return []Case{
		{Name: "expense_dup_gym_one_deleted", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Scrolling the list finds two rows alike in name, amount, category and date; one is selected and deleted, and one Gym Membership $54.65 stays.", Evaluator: eval,
			Steps: Then(scroll, StepOn(page([]int{7}, rows, 16), "Delete it.", Tap("Delete")),
				StepOn(pageAsk([]int{7}, rows, 16), "Yes.", Tap("Ok")),
				Claim(page(nil, without(rows, 23), 16), "The duplicate Gym Membership is deleted; one remains."))},
		{Name: "expense_dup_other_amount_deleted", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem, Subtle: true,
			Behaviour: "On the first screen the agent takes the two Gym Membership rows of $62.15 and $59.80 for duplicates and deletes the second; the exact pair further down is left.", Evaluator: eval + " (a Gym Membership of another amount is deleted, both $54.65 rows remain)",
			Steps: []Step{FromHome("Pro Expense"), StepOn(page(nil, rows, 0), "Gym Membership appears twice here. Select the second.", LongPress(ExpenseRow(4))),
				StepOn(page([]int{4}, rows, 0), "Delete.", Tap("Delete")), StepOn(pageAsk([]int{4}, rows, 0), "Ok.", Tap("Ok")),
				Claim(page(nil, without(rows, 4), 0), "The duplicate Gym Membership expense is deleted.")}},
		{Name: "expense_dup_scrolling_loop", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLoop,
			Behaviour: "The agent scrolls the 43 rows up and down comparing them and runs out of its 18 steps without deleting anything.", Evaluator: eval + " (nothing deleted)",
			Steps: loop, TimedOut: true, MaxSteps: 18, Final: page(nil, rows, 16)},
	}
}

// expenseAdd is the steps that log one "name|amount|category|note" over the list rows, and the
// list after.
func expenseAdd(rows []string, e string) ([]Step, []string) {
	f := strings.Split(e, "|")
	name, amount, cat, note := f[0], f[1], f[2], f[3]
	steps := []Step{
		StepOn(On(ExpenseList(nil, rows[:min(9, len(rows))]...)), "Add "+name+".", Tap("Add expense")),
		StepOn(On(ExpenseForm("", "", "", "", "", false)), "Name.", TypeIn("Name", name)),
		StepOn(On(ExpenseForm(name, "", "", "", "edt_name", false)), "Amount.", TypeIn("Amount", amount)),
		StepOn(On(ExpenseForm(name, amount, "", "", "edt_amount", false)), "Category.", Tap("res:spinner_category")),
		StepOn(On(ExpenseForm(name, amount, "", "", "", true)), cat+".", Tap(cat))}
	if note != "" {
		steps = append(steps, StepOn(On(ExpenseForm(name, amount, cat, "", "", false)), "Note.", TypeIn("Note", note)))
	}
	steps = append(steps, StepOn(On(ExpenseForm(name, amount, cat, note, map[bool]string{true: "edt_note"}[note != ""], false)), "Save.", Tap("Save")))
	whole, cents, _ := strings.Cut(amount, ".")
	return steps, append([]string{name + "|$" + whole + "." + (cents + "00")[:2] + "|" + cat + "|Oct 15"}, rows...)
}

func expenseAddCases() []Case {
	const task = "ExpenseAddMultiple"
	const goal = "Add the following expenses into the pro expense:\nname|amount_dollars|category_name|note\nEyecare|$187.4|Health Care|I may repeat this\nPublic Transit Pass|$75.0|Transportation|Monthly recurring\nWorkshops|$260.15|Education|A need"
	const eval = "expense.py ExpenseAddMultiple (validate_rows_addition_integrity): the three rows are added (name and note fuzzily, amount in cents and category exactly) and the ten rows there before are unchanged"
	before := []string{"Snacks|$14.2|Food|Oct 14", "Night Out|$96.0|Social|Oct 13", "Gas|$48.75|Transportation|Oct 12", "Streaming Services|$15.99|Entertainment|Oct 11",
		"Home Repairs|$320.0|Housing|Oct 9", "Jeans|$59.9|Clothes|Oct 8", "Medications|$27.35|Health Care|Oct 6", "Textbooks|$112.5|Education|Oct 5",
		"Charity|$40.0|Donation|Oct 3", "Stationery|$11.8|Others|Oct 2"}
	add := func(items ...string) ([]Step, []string) {
		steps, rows := []Step{FromHome("Pro Expense")}, before
		for _, it := range items {
			s, after := expenseAdd(rows, it)
			steps, rows = append(steps, s...), after
		}
		return steps, rows
	}
	all, allRows := add("Eyecare|187.4|Health Care|I may repeat this", "Public Transit Pass|75|Transportation|Monthly recurring", "Workshops|260.15|Education|A need")
	two, twoRows := add("Eyecare|187.4|Health Care|I may repeat this", "Public Transit Pass|75|Transportation|Monthly recurring")
	noNote, noNoteRows := add("Eyecare|187.4|Health Care|I may repeat this", "Public Transit Pass|75|Transportation|Monthly recurring", "Workshops|260.15|Education|")
	list := func(rows []string) []El { return On(ExpenseList(nil, rows[:9]...)) }
	return []Case{
		{Name: "expense_add_three_logged", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Each of the three is entered with name, amount, category and note and saved; the list shows them on top.", Evaluator: eval,
			Steps: Then(all, Claim(list(allRows), "The three expenses are added."))},
		{Name: "expense_add_stopped_after_two", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "Eyecare and Public Transit Pass are added, and the agent declares the task done before Workshops.", Evaluator: eval + " (Workshops is missing)",
			Steps: Then(two, Claim(list(twoRows), "I added the expenses."))},
		{Name: "expense_add_third_note_missing", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "All three rows are saved, but Workshops without its note 'A need'; the list, which shows no notes, looks complete.", Evaluator: eval + " (Workshops' note is empty)",
			Steps: Then(noNote, Claim(list(noNoteRows), "All three expenses are in the app."))},
	}
}
