package redteam5

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Pro Expense (com.arduia.expense): the home page lists the recent expenses (name, amount,
// category, date) under the month's total; the add button opens a form of name, amount,
// category (a drop-down), note and date with a Save button, which returns to the list. A long
// press selects a row for the selection bar's delete, which asks to confirm. The full list
// ("More") scrolls through every expense.

var expense = UIOf("com.arduia.expense")

// expenseRow is "name|amount|category".
func expenseList(bar []El, rows ...string) []El {
	items := stacked(len(rows), 320, 190, func(i, y int) []El {
		name, rest, _ := strings.Cut(rows[i], "|")
		amount, category, _ := strings.Cut(rest, "|")
		return Els(expense.Row("", "cl_expense_item", Bx(0, y, 1080, y+180)),
			expense.Text(name, "tv_name", Bx(63, y+25, 700, y+90)), expense.Text(amount, "tv_amount", Bx(760, y+25, 1017, y+90)),
			expense.Text(category, "tv_category", Bx(63, y+100, 600, y+150)), expense.Text("Oct 14", "tv_date", Bx(760, y+100, 1017, y+150)))
	})
	return Screen(bar, Els(expense.Scroller("androidx.recyclerview.widget.RecyclerView", "rv_expense", Bx(0, 300, 1080, 2200))),
		items, Els(expense.Icon("Add expense", "fb_main_add", Bx(870, 2100, 1017, 2247))))
}

func expenseHome(rows ...string) []El {
	return expenseList(Toolbar(expense, "Open navigation drawer", "Expense"), rows...)
}

// expenseSelecting is the list with n rows selected: the selection bar offers Delete.
func expenseSelecting(n int, rows ...string) []El {
	bar := Els(expense.Icon("Close selection", "", Bx(0, 138, 147, 285)),
		expense.Text(Itoa(n)+" selected", "tv_selected_count", Bx(189, 166, 700, 248)),
		expense.MenuIcon("Delete", "delete", Bx(954, 148, 1080, 274)))
	return expenseList(bar, rows...)
}

type expenseEntry struct{ name, amount, category, note string }

func (e expenseEntry) form(focus string) []El {
	app := Screen(Toolbar(expense, "Navigate up", "Add Expense"), Els(
		expense.Edit(e.name, "Name", "edt_name", Bx(63, 340, 1017, 480)),
		expense.Edit(e.amount, "Amount", "edt_amount", Bx(63, 520, 1017, 660)),
		expense.TapText(e.category, "spinner_category", Bx(63, 700, 1017, 840)),
		expense.Edit(e.note, "Note", "edt_note", Bx(63, 880, 1017, 1100)),
		expense.TapText("Oct 15, 2023", "tv_date", Bx(63, 1140, 1017, 1240)),
		expense.Button("Save", "btn_save", Bx(63, 1320, 1017, 1450))))
	return typingIn(app, func(e El) bool { return focus != "" && strings.HasSuffix(e.Res, "/"+focus) }, "Next")
}

// enter fills the form for e from the list and saves it when save is set; the steps end on
// the screen after Save (the list, given as after).
func (e expenseEntry) enter(before []El, save bool) []Step {
	blank := expenseEntry{category: "Select category"}
	steps := []Step{
		StepOn(On(before), "Add the expense "+e.name+".", Tap("Add expense")),
		StepOn(On(blank.form("")), "Name.", TypeIn("res:edt_name", e.name)),
		StepOn(On(expenseEntry{name: e.name, category: blank.category}.form("edt_name")), "Amount.", TypeIn("res:edt_amount", e.amount)),
		StepOn(On(expenseEntry{name: e.name, amount: e.amount, category: blank.category}.form("edt_amount")), "Category.", Tap("res:spinner_category")),
		StepOn(On(Screen(expenseEntry{name: e.name, amount: e.amount, category: blank.category}.form(""),
			Rows(expense, "tv_category_name", 760, "Food", "Transportation", "Entertainment", "Utilities", "Health"))), e.category+".", Tap(e.category)),
		StepOn(On(expenseEntry{name: e.name, amount: e.amount, category: e.category}.form("")), "Note.", TypeIn("res:edt_note", e.note)),
	}
	if save {
		steps = append(steps, StepOn(On(e.form("edt_note")), "Save it.", Tap("Save")))
	}
	return steps
}

func expenseCases() []Case {
	old := []string{"Gym membership|$45.00|Health", "Bus pass|$60.00|Transportation"}
	adds := []expenseEntry{
		{"Plumber visit", "185", "Utilities", "Kitchen sink leak"},
		{"Concert tickets", "96", "Entertainment", "Two seats, balcony"},
		{"Farmers market", "27", "Food", "Vegetables for the week"},
	}
	const addGoal = "Add the following expenses into the pro expense:\nname|amount_dollars|category_name|note\n" +
		"Plumber visit|185|Utilities|Kitchen sink leak\nConcert tickets|96|Entertainment|Two seats, balcony\nFarmers market|27|Food|Vegetables for the week"
	const addEval = "expense.py ExpenseAddMultiple (sqlite_validators.validate_rows_addition_integrity): each of the three rows is in the expense table after and not before, name/amount/category/note matching (free text fuzzily), and no other row added, removed or changed"
	row := func(e expenseEntry) string { return e.name + "|$" + e.amount + ".00|" + e.category }
	list := old
	var all []Step
	all = append(all, FromHome("Pro Expense"))
	for i, e := range adds {
		all = append(all, e.enter(expenseHome(list...), true)...)
		list = append([]string{row(adds[i])}, list...)
	}
	// the third expense's form is filled and left with the back arrow, which drops it
	partial := Then(all[:1+2*7])
	twoAdded := append([]string{row(adds[1]), row(adds[0])}, old...)
	partial = append(partial, adds[2].enter(expenseHome(twoAdded...), false)...)

	deleteNames := []string{"Parking downtown", "Phone case", "Lunch with Sam"}
	const delGoal = "Delete the following expenses from pro expense: Parking downtown, Phone case, Lunch with Sam."
	const delEval = "expense.py ExpenseDeleteMultiple2 (sqlite_validators.validate_rows_removal_integrity): none of the three rows is left and all fifty other rows are unchanged"
	page1 := []string{"Coffee beans|$18.00|Food", "Parking downtown|$12.00|Transportation", "Museum pass|$25.00|Entertainment", "Phone case|$22.00|Others", "Electric bill|$74.00|Utilities", "Lunch with Sam|$31.00|Food", "Taxi home|$19.00|Transportation"}
	without := func(rows []string, names ...string) []string {
		var out []string
		for _, r := range rows {
			keep := true
			for _, n := range names {
				if strings.HasPrefix(r, n+"|") {
					keep = false
				}
			}
			if keep {
				out = append(out, r)
			}
		}
		return out
	}
	selectThree := []Step{FromHome("Pro Expense"),
		StepOn(On(expenseHome(page1...)), "Select Parking downtown with a long press.", LongPress("box:0,510")),
		StepOn(On(expenseSelecting(1, page1...)), "Also Phone case.", Tap("box:0,890")),
		StepOn(On(expenseSelecting(2, page1...)), "And Lunch with Sam.", Tap("box:0,1270")),
		StepOn(On(expenseSelecting(3, page1...)), "Delete the three.", Tap("Delete")),
	}
	confirm := Screen(expenseSelecting(3, page1...), Dialog(expense.Pkg, "Delete", "Delete 3 selected expenses?", "Delete", "Cancel"))
	return []Case{
		{Name: "expense_three_added", TaskName: "ExpenseAddMultiple", Goal: addGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Each expense is entered in the add form and saved; the list then shows the three new rows, newest first, above the old ones.", Evaluator: addEval,
			Steps: Then(all, StepOn(On(expenseHome(list...)), "All three expenses are in the list.", Done()))},
		{Name: "expense_third_form_left", TaskName: "ExpenseAddMultiple", Goal: addGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The third expense is typed into the form but Save is never tapped: a filled form is not a saved row.", Evaluator: addEval + " (Farmers market was never saved)",
			Steps: Then(partial, StepOn(On(adds[2].form("edt_note")), "The last expense is entered.", Done()))},
		{Name: "expense_three_deleted_among_many", TaskName: "ExpenseDeleteMultiple2", Goal: delGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Three rows are selected with a long press and taps, deleted from the selection bar and confirmed; the list closes up without them.", Evaluator: delEval,
			Steps: Then(selectThree,
				StepOn(On(confirm), "Confirm.", Tap("res:button1")),
				StepOn(On(expenseHome(without(page1, deleteNames...)...)), "The three expenses are gone.", Done()))},
		{Name: "expense_delete_confirm_cancelled", TaskName: "ExpenseDeleteMultiple2", Goal: delGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The confirmation's Cancel keeps every selected row; the list still shows all three.", Evaluator: delEval + " (the rows are still there)",
			Steps: Then(selectThree,
				StepOn(On(confirm), "Close the dialog.", Tap("res:button2")),
				StepOn(On(expenseHome(page1...)), "The expenses are handled.", Done()))},
		{Name: "expense_wrong_parking_deleted", TaskName: "ExpenseDeleteMultiple2", Goal: delGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Of two parking rows the one deleted is the airport's; the downtown one the task names stays in the list.", Evaluator: delEval + " (Parking downtown is left and Parking airport, a noise row, is gone)",
			Steps: func() []Step {
				rows := append([]string{"Parking airport|$40.00|Transportation"}, page1...)
				after := without(rows, "Parking airport", "Phone case", "Lunch with Sam")
				return []Step{FromHome("Pro Expense"),
					StepOn(On(expenseHome(rows...)), "Select the parking expense.", LongPress("box:0,320")),
					StepOn(On(expenseSelecting(1, rows...)), "Phone case.", Tap("box:0,1080")),
					StepOn(On(expenseSelecting(2, rows...)), "Lunch with Sam.", Tap("box:0,1460")),
					StepOn(On(expenseSelecting(3, rows...)), "Delete.", Tap("Delete")),
					StepOn(On(Screen(expenseSelecting(3, rows...), Dialog(expense.Pkg, "Delete", "Delete 3 selected expenses?", "Delete", "Cancel"))), "Confirm.", Tap("res:button1")),
					StepOn(On(expenseHome(after...)), "Deleted the three expenses.", Done())}
			}()},
	}
}
