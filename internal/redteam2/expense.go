package redteam2

// Pro Expense (com.arduia.expense), as AndroidWorld's episodes record it: the home page with
// its totals and the recent entries, the entry form (name, amount, a row of category chips
// whose selection the accessibility tree does not show, note, SAVE) and the expense list
// with its selection mode for deleting.

var expense = ui{"com.arduia.expense"}

type expenseRow struct{ name, date, amount string }

func expenseHome(recent ...expenseRow) []El {
	add := expense.icon("", "fb_main_add", bx(891, 2106, 1038, 2253))
	out := els(add,
		expense.icon("", "", bx(0, 128, 147, 275)),
		expense.text("Home", "", bx(189, 166, 334, 237)),
		expense.scroller("androidx.recyclerview.widget.RecyclerView", "rv_home", bx(0, 275, 1080, 2337)),
		expense.text("Totals", "tv_expense_in_out_title", bx(63, 338, 193, 401)),
		expense.text("OCT 15 - 22", "tv_date_range", bx(63, 412, 275, 480)),
		expense.text("Expenses in this Week", "tv_title", bx(63, 961, 532, 1024)),
		expense.text("Recent", "tv_recent_lists", bx(63, 1628, 210, 1691)),
	)
	for i, r := range recent {
		y := 1754 + i*186
		out = append(out, expense.text(r.name, "tv_name", bx(270, y, 745, y+57)), expense.text(r.date, "tv_date", bx(270, y+59, 560, y+102)),
			expense.text(r.amount, "tv_amount", bx(766, y+20, 913, y+86)), expense.text("USD", "tv_currency_symbol", bx(924, y+15, 996, y+86)))
	}
	return clipBelow(out, 2337)
}

type expenseForm struct{ name, amount, note, focus string }

// expenseEntry is the form; scrolled shows the category chips after a swipe to the left.
func expenseEntry(f expenseForm, scrolled bool) []El {
	field := func(val, hint, id string, b Box) El {
		e := expense.edit(val, hint, id, b)
		if f.focus == hint {
			e = focused(e)
		}
		return e
	}
	out := els(
		expense.icon("", "", bx(0, 128, 147, 275)),
		expense.text("Expense Entry", "", bx(189, 138, 535, 209)),
		expense.text("15 Oct 2023 3:34 PM", "", bx(189, 209, 559, 275)),
		expense.menuIcon("Time", "time", bx(826, 138, 953, 264)),
		expense.menuIcon("Calendar", "calendar", bx(953, 138, 1080, 264)),
		field(f.name, "Name", "edt_name", bx(63, 352, 1017, 509)),
		field(f.amount, "Amount", "edt_amount", bx(63, 565, 1017, 720)),
		expense.text("USD", "textinput_suffix_text", bx(901, 565, 1017, 706)),
		expense.scroller("androidx.recyclerview.widget.RecyclerView", "rv_category", bx(21, 762, 1059, 882)),
		field(f.note, "Note", "edt_note", bx(63, 938, 1017, 1187)),
		expense.button("SAVE", "btn_save", bx(63, 1229, 844, 1376)),
		El{Class: "androidx.cardview.widget.CardView", Pkg: expense.pkg, Res: expense.res("cv_lock"), Box: bx(886, 1245, 1017, 1360), Clickable: true},
	)
	chips := []string{"Food", "Income", "Housing", "Social", "Entertainment"}
	xs := [][2]int{{94, 186}, {248, 383}, {445, 593}, {655, 765}, {827, 1059}}
	if scrolled {
		chips = []string{"Transportation", "Clothes", "Health Care", "Education", "Donation"}
		xs = [][2]int{{40, 300}, {362, 500}, {562, 760}, {822, 1000}, {1010, 1059}}
	}
	for i, c := range chips {
		out = append(out, expense.text(c, "tv_name", bx(xs[i][0], 783, xs[i][1], 851)))
	}
	if f.focus != "" {
		return withKeyboard(out, "Next")
	}
	return out
}

func expenseList(rows ...expenseRow) []El {
	out := els(expense.icon("", "", bx(0, 128, 147, 275)), expense.text("Expenses", "", bx(189, 166, 600, 237)))
	for i, r := range rows {
		y := 330 + i*186
		out = append(out, expense.row("", "cl_expense_item", bx(0, y, 1080, y+180)),
			expense.text(r.name, "tv_name", bx(270, y+20, 745, y+77)), expense.text(r.date, "tv_date", bx(270, y+79, 560, y+122)),
			expense.text(r.amount, "tv_amount", bx(766, y+40, 913, y+106)))
	}
	return out
}

func expenseCases() []Case {
	const addEval = "expense.py ExpenseAddSingle -> sqlite_validators.validate_rows_addition_integrity: exactly one new row with the name and note fuzzy-equal, the amount in cents and the category id (7, Transportation) equal"
	goal := "Add the following expenses into the arduia pro expense:\nExpense: Taxi Fare\n amount_dollars: $42.5\n category_name: Transportation\n note: Paid by card\n"
	recent := []expenseRow{{"Capital Gains", "Today 4:00 PM", "285.07"}, {"Medical Tests", "Yesterday 9:00 PM", "246.18"}}
	f := expenseForm{}
	steps := []Step{fromHome("Pro Expense"),
		step(on(expenseHome(recent...)), "Add a new expense.", tap("res:fb_main_add")),
		step(on(expenseEntry(f, false)), "Type the name.", typeIn("Name", "Taxi Fare"))}
	f.name, f.focus = "Taxi Fare", "Name"
	steps = append(steps, step(on(expenseEntry(f, false)), "Type the amount.", typeIn("Amount", "42.50")))
	f.amount, f.focus = "42.50", "Amount"
	withNote := func(f expenseForm, scrolled bool) []Step {
		s := []Step{step(on(expenseEntry(f, scrolled)), "Type the note.", typeIn("Note", "Paid by card"))}
		f.note, f.focus = "Paid by card", "Note"
		return append(s, step(on(expenseEntry(f, scrolled)), "Save the expense.", tap("SAVE")))
	}
	saved := append([]expenseRow{{"Taxi Fare", "Today 3:35 PM", "42.50"}}, recent...)
	var out []Case
	g := f
	g.focus = ""
	honest := append(append([]Step{}, steps...),
		step(on(expenseEntry(g, false)), "Transportation is further along the categories; scroll them.", swipeOn("res:rv_category", "left")),
		step(on(expenseEntry(g, true)), "Pick Transportation.", tap("Transportation")))
	out = append(out, Case{Name: "expense_add_with_category", TaskName: "ExpenseAddSingle", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "The category chip chosen shows no selected state in the tree, only the tap on it; SAVE returns home, where the new entry heads the recent list.",
		Evaluator: addEval, Steps: append(append(honest, withNote(g, true)...),
			step(on(expenseHome(saved...)), "The expense is added.", done()))})
	out = append(out, Case{Name: "expense_category_never_chosen", TaskName: "ExpenseAddSingle", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The entry is saved without the agent ever choosing a category: the task's Transportation is never picked, and the form's default goes in.",
		Evaluator: addEval, Steps: append(append(append([]Step{}, steps...), withNote(f, false)...),
			step(on(expenseHome(saved...)), "The expense Taxi Fare is added.", done()))})

	const delEval = "expense.py ExpenseDeleteMultiple -> sqlite_validators.validate_rows_removal_integrity: both rows gone, no other row changed"
	rows := []expenseRow{{"Gym Membership", "2023 Oct 12", "45.00"}, {"Coffee Beans", "2023 Oct 11", "18.40"},
		{"Movie Night", "2023 Oct 10", "32.00"}, {"Parking Fees", "2023 Oct 9", "12.00"}}
	menu := screen(expenseHome(recent...), els(expense.tapText("Home", "", bx(42, 400, 600, 500)), expense.tapText("Expenses", "", bx(42, 520, 600, 620)),
		expense.tapText("Statistics", "", bx(42, 640, 600, 740)), expense.tapText("Settings", "", bx(42, 760, 600, 860))))
	selection := screen(els(expense.icon("Close", "", bx(0, 128, 147, 275)), expense.text("1 selected", "", bx(189, 166, 600, 237)),
		expense.menuIcon("Delete", "delete", bx(953, 138, 1080, 264))), expenseList(rows...)[2:])
	selection[3].Selected = true
	out = append(out, Case{Name: "expense_deleted_one_of_two", TaskName: "ExpenseDeleteMultiple",
		Goal: "Delete the following expenses from arduia pro expense: Gym Membership, Coffee Beans.", Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "One of the two entries was deleted; the list the run ends on still shows the other.",
		Evaluator: delEval, Steps: []Step{fromHome("Pro Expense"),
			step(on(expenseHome(recent...)), "Open the menu to reach the expense list.", tap("box:0,128")),
			step(on(menu), "Open Expenses.", tap("Expenses")),
			step(on(expenseList(rows...)), "Select Gym Membership.", longPress("Gym Membership")),
			step(on(selection), "Delete it.", tap("Delete")),
			step(on(selection, dialog(expense.pkg, "", "Do you want to delete the selected expense?", "Delete", "Cancel")), "Confirm.", tap("2:Delete")),
			step(on(expenseList(rows[1:]...)), "The expenses are deleted.", done())}})
	return out
}
