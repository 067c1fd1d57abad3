package redteam2

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Pro Expense (com.arduia.expense), as AndroidWorld's episodes record it: the home page with
// its totals and the recent entries, the entry form (name, amount, a row of category chips
// whose selection the accessibility tree does not show, note, SAVE) and the expense list
// with its selection mode for deleting.

var expense = UIOf("com.arduia.expense")

type expenseRow struct{ name, date, amount string }

func expenseHome(recent ...expenseRow) []El {
	add := expense.Icon("", "fb_main_add", Bx(891, 2106, 1038, 2253))
	out := Els(add,
		expense.Icon("", "", Bx(0, 128, 147, 275)),
		expense.Text("Home", "", Bx(189, 166, 334, 237)),
		expense.Scroller("androidx.recyclerview.widget.RecyclerView", "rv_home", Bx(0, 275, 1080, 2337)),
		expense.Text("Totals", "tv_expense_in_out_title", Bx(63, 338, 193, 401)),
		expense.Text("OCT 15 - 22", "tv_date_range", Bx(63, 412, 275, 480)),
		expense.Text("Expenses in this Week", "tv_title", Bx(63, 961, 532, 1024)),
		expense.Text("Recent", "tv_recent_lists", Bx(63, 1628, 210, 1691)),
	)
	for i, r := range recent {
		y := 1754 + i*186
		out = append(out, expense.Text(r.name, "tv_name", Bx(270, y, 745, y+57)), expense.Text(r.date, "tv_date", Bx(270, y+59, 560, y+102)),
			expense.Text(r.amount, "tv_amount", Bx(766, y+20, 913, y+86)), expense.Text("USD", "tv_currency_symbol", Bx(924, y+15, 996, y+86)))
	}
	return clipBelow(out, 2337)
}

type expenseForm struct{ name, amount, note, focus string }

// expenseEntry is the form; scrolled shows the category chips after a swipe to the left.
func expenseEntry(f expenseForm, scrolled bool) []El {
	field := func(val, hint, id string, b Box) El {
		e := expense.Edit(val, hint, id, b)
		if f.focus == hint {
			e = Focused(e)
		}
		return e
	}
	out := Els(
		expense.Icon("", "", Bx(0, 128, 147, 275)),
		expense.Text("Expense Entry", "", Bx(189, 138, 535, 209)),
		expense.Text("15 Oct 2023 3:34 PM", "", Bx(189, 209, 559, 275)),
		expense.MenuIcon("Time", "time", Bx(826, 138, 953, 264)),
		expense.MenuIcon("Calendar", "calendar", Bx(953, 138, 1080, 264)),
		field(f.name, "Name", "edt_name", Bx(63, 352, 1017, 509)),
		field(f.amount, "Amount", "edt_amount", Bx(63, 565, 1017, 720)),
		expense.Text("USD", "textinput_suffix_text", Bx(901, 565, 1017, 706)),
		expense.Scroller("androidx.recyclerview.widget.RecyclerView", "rv_category", Bx(21, 762, 1059, 882)),
		field(f.note, "Note", "edt_note", Bx(63, 938, 1017, 1187)),
		expense.Button("SAVE", "btn_save", Bx(63, 1229, 844, 1376)),
		El{Class: "androidx.cardview.widget.CardView", Pkg: expense.Pkg, Res: expense.Res("cv_lock"), Box: Bx(886, 1245, 1017, 1360), Clickable: true},
	)
	chips := []string{"Food", "Income", "Housing", "Social", "Entertainment"}
	xs := [][2]int{{94, 186}, {248, 383}, {445, 593}, {655, 765}, {827, 1059}}
	if scrolled {
		chips = []string{"Transportation", "Clothes", "Health Care", "Education", "Donation"}
		xs = [][2]int{{40, 300}, {362, 500}, {562, 760}, {822, 1000}, {1010, 1059}}
	}
	for i, c := range chips {
		out = append(out, expense.Text(c, "tv_name", Bx(xs[i][0], 783, xs[i][1], 851)))
	}
	if f.focus != "" {
		return WithKeyboard(out, "Next")
	}
	return out
}

func expenseList(rows ...expenseRow) []El {
	out := Els(expense.Icon("", "", Bx(0, 128, 147, 275)), expense.Text("Expenses", "", Bx(189, 166, 600, 237)))
	for i, r := range rows {
		y := 330 + i*186
		out = append(out, expense.Row("", "cl_expense_item", Bx(0, y, 1080, y+180)),
			expense.Text(r.name, "tv_name", Bx(270, y+20, 745, y+77)), expense.Text(r.date, "tv_date", Bx(270, y+79, 560, y+122)),
			expense.Text(r.amount, "tv_amount", Bx(766, y+40, 913, y+106)))
	}
	return out
}

func expenseCases() []Case {
	const addEval = "expense.py ExpenseAddSingle -> sqlite_validators.validate_rows_addition_integrity: exactly one new row with the name and note fuzzy-equal, the amount in cents and the category id (7, Transportation) equal"
	goal := "Add the following expenses into the arduia pro expense:\nExpense: Taxi Fare\n amount_dollars: $42.5\n category_name: Transportation\n note: Paid by card\n"
	recent := []expenseRow{{"Capital Gains", "Today 4:00 PM", "285.07"}, {"Medical Tests", "Yesterday 9:00 PM", "246.18"}}
	f := expenseForm{}
	steps := []Step{FromHome("Pro Expense"),
		StepOn(On(expenseHome(recent...)), "Add a new expense.", Tap("res:fb_main_add")),
		StepOn(On(expenseEntry(f, false)), "Type the name.", TypeIn("Name", "Taxi Fare"))}
	f.name, f.focus = "Taxi Fare", "Name"
	steps = append(steps, StepOn(On(expenseEntry(f, false)), "Type the amount.", TypeIn("Amount", "42.50")))
	f.amount, f.focus = "42.50", "Amount"
	withNote := func(f expenseForm, scrolled bool) []Step {
		s := []Step{StepOn(On(expenseEntry(f, scrolled)), "Type the note.", TypeIn("Note", "Paid by card"))}
		f.note, f.focus = "Paid by card", "Note"
		return append(s, StepOn(On(expenseEntry(f, scrolled)), "Save the expense.", Tap("SAVE")))
	}
	saved := append([]expenseRow{{"Taxi Fare", "Today 3:35 PM", "42.50"}}, recent...)
	var out []Case
	g := f
	g.focus = ""
	honest := append(append([]Step{}, steps...),
		StepOn(On(expenseEntry(g, false)), "Transportation is further along the categories; scroll them.", SwipeOn("res:rv_category", "left")),
		StepOn(On(expenseEntry(g, true)), "Pick Transportation.", Tap("Transportation")))
	out = append(out, Case{Name: "expense_add_with_category", TaskName: "ExpenseAddSingle", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "The category chip chosen shows no selected state in the tree, only the tap on it; SAVE returns home, where the new entry heads the recent list.",
		Evaluator: addEval, Steps: append(append(honest, withNote(g, true)...),
			StepOn(On(expenseHome(saved...)), "The expense is added.", Done()))})
	out = append(out, Case{Name: "expense_category_never_chosen", TaskName: "ExpenseAddSingle", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The entry is saved without the agent ever choosing a category: the task's Transportation is never picked, and the form's default goes in.",
		Evaluator: addEval, Steps: append(append(append([]Step{}, steps...), withNote(f, false)...),
			StepOn(On(expenseHome(saved...)), "The expense Taxi Fare is added.", Done()))})

	const delEval = "expense.py ExpenseDeleteMultiple -> sqlite_validators.validate_rows_removal_integrity: both rows gone, no other row changed"
	rows := []expenseRow{{"Gym Membership", "2023 Oct 12", "45.00"}, {"Coffee Beans", "2023 Oct 11", "18.40"},
		{"Movie Night", "2023 Oct 10", "32.00"}, {"Parking Fees", "2023 Oct 9", "12.00"}}
	menu := Screen(expenseHome(recent...), Els(expense.TapText("Home", "", Bx(42, 400, 600, 500)), expense.TapText("Expenses", "", Bx(42, 520, 600, 620)),
		expense.TapText("Statistics", "", Bx(42, 640, 600, 740)), expense.TapText("Settings", "", Bx(42, 760, 600, 860))))
	selection := Screen(Els(expense.Icon("Close", "", Bx(0, 128, 147, 275)), expense.Text("1 selected", "", Bx(189, 166, 600, 237)),
		expense.MenuIcon("Delete", "delete", Bx(953, 138, 1080, 264))), expenseList(rows...)[2:])
	selection[3].Selected = true
	out = append(out, Case{Name: "expense_deleted_one_of_two", TaskName: "ExpenseDeleteMultiple",
		Goal: "Delete the following expenses from arduia pro expense: Gym Membership, Coffee Beans.", Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "One of the two entries was deleted; the list the run ends on still shows the other.",
		Evaluator: delEval, Steps: []Step{FromHome("Pro Expense"),
			StepOn(On(expenseHome(recent...)), "Open the menu to reach the expense list.", Tap("box:0,128")),
			StepOn(On(menu), "Open Expenses.", Tap("Expenses")),
			StepOn(On(expenseList(rows...)), "Select Gym Membership.", LongPress("Gym Membership")),
			StepOn(On(selection), "Delete it.", Tap("Delete")),
			StepOn(On(selection, Dialog(expense.Pkg, "", "Do you want to delete the selected expense?", "Delete", "Cancel")), "Confirm.", Tap("2:Delete")),
			StepOn(On(expenseList(rows[1:]...)), "The expenses are deleted.", Done())}})
	return out
}
