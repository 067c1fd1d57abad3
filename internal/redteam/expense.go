package redteam

// Pro Expense (com.arduia.expense): a home page with totals and recent expenses, an entry
// form (name, amount, category chips, note, SAVE) and an expense list reached from the
// drawer.

type expense struct{ Name, Date, Amount string }

var expenseRecent = []expense{
	{"Capital Gains", "Today 4:00 PM", "285.07"},
	{"Taxi Fare", "Yesterday 9:00 PM", "38.50"},
	{"Train Ticket", "Yesterday 7:15 AM", "12.40"},
	{"Home Insurance", "2023 Oct 10", "392.66"},
}

func expenseRows(y0 int, rows []expense) []Element {
	var els []Element
	for i, r := range rows {
		y := rowTop(y0, 186, i)
		els = append(els,
			El("LinearLayout", pkgExpense, ID("cl_root"), At(42, y, 1038, y+176), LongClick),
			El("TextView", pkgExpense, T(r.Name), ID("tv_name"), At(270, y+20, 745, y+77)),
			El("TextView", pkgExpense, T(r.Date), ID("tv_date"), At(270, y+79, 554, y+122)),
			El("TextView", pkgExpense, T(r.Amount), ID("tv_amount"), At(766, y+40, 913, y+106)),
			El("TextView", pkgExpense, T("USD"), ID("tv_currency_symbol"), At(924, y+35, 996, y+106)))
	}
	return els
}

func expenseHome(clock string, rows ...expense) Screen {
	els := []Element{
		El("ImageButton", pkgExpense, ID("fb_main_add"), At(891, 2106, 1038, 2253), Click),
		El("ImageButton", pkgExpense, D("Open navigation drawer"), At(0, 128, 147, 275), Click),
		El("TextView", pkgExpense, T("Home"), At(189, 166, 334, 237)),
		El("RecyclerView", pkgExpense, ID("rv_home"), At(0, 275, 1080, 2337), Scrolls),
		El("TextView", pkgExpense, T("Totals"), ID("tv_expense_in_out_title"), At(63, 338, 193, 401)),
		El("TextView", pkgExpense, T("OCT 15 - 22"), ID("tv_date_range"), At(63, 412, 275, 480)),
		El("TextView", pkgExpense, T("Expenses in this Week"), ID("tv_title"), At(63, 961, 532, 1024)),
		El("TextView", pkgExpense, T("Recent"), ID("tv_recent_lists"), At(63, 1628, 210, 1691)),
	}
	return Join(els, expenseRows(1730, rows), statusBar(clock))
}

func expenseList(clock string, selected int, rows ...expense) Screen {
	els := []Element{
		El("ImageButton", pkgExpense, ID("fb_expense_add"), At(891, 2106, 1038, 2253), Click),
		El("ImageButton", pkgExpense, D("Open navigation drawer"), At(0, 128, 147, 275), Click),
		El("TextView", pkgExpense, T("Expenses"), At(189, 166, 500, 237)),
		El("RecyclerView", pkgExpense, ID("rv_expense"), At(0, 275, 1080, 2337), Scrolls),
	}
	if selected >= 0 {
		els = append(els,
			El("TextView", pkgExpense, T("1 selected"), At(189, 166, 500, 237)),
			El("TextView", pkgExpense, D("Delete"), ID("delete"), At(922, 149, 1027, 275), Click))
	}
	rs := expenseRows(320, rows)
	if selected >= 0 {
		rs[selected*5].IsSelected = true
	}
	return Join(els, rs, statusBar(clock))
}

type expenseForm struct{ Name, Amount, Category, Note string }

var expenseCategories = []string{"Food", "Income", "Housing", "Social", "Entertainment"}

func expenseEntry(clock string, f expenseForm, kb bool) Screen {
	els := []Element{
		El("ImageButton", pkgExpense, D("Navigate up"), At(0, 128, 147, 275), Click),
		El("TextView", pkgExpense, T("Expense Entry"), At(189, 138, 535, 209)),
		El("TextView", pkgExpense, T("15 Oct 2023 3:34 PM"), At(189, 209, 559, 275)),
		El("EditText", pkgExpense, T(f.Name), ID("edt_name"), Edit("Name"), At(63, 352, 1017, 509)),
		El("EditText", pkgExpense, T(f.Amount), ID("edt_amount"), Edit("Amount"), At(63, 565, 1017, 720)),
		El("TextView", pkgExpense, T("USD"), ID("textinput_suffix_text"), At(901, 565, 1017, 706)),
		El("RecyclerView", pkgExpense, ID("rv_category"), At(21, 762, 1059, 882), Scrolls),
		El("EditText", pkgExpense, T(f.Note), ID("edt_note"), Edit("Note"), At(63, 938, 1017, 1187)),
		El("Button", pkgExpense, T("SAVE"), ID("btn_save"), At(63, 1229, 844, 1376), Click),
		El("CardView", pkgExpense, ID("cv_lock"), At(886, 1245, 1017, 1360), Click),
	}
	for i, c := range expenseCategories {
		x := 94 + i*190
		e := El("TextView", pkgExpense, T(c), ID("tv_name"), At(x, 783, x+180, 851), Click)
		e.IsSelected = c == f.Category
		els = append(els, e)
	}
	if kb {
		els = append(els, keyboard()...)
	}
	return Join(els, statusBar(clock))
}

const expenseGoal = "Add the following expenses into the arduia pro expense: Expense: Office Chair\n amount_dollars: $149.99\n category_name: Housing\n note: Ergonomic model\n"

// expenseFill opens the entry form from the home page and fills it, choosing category.
func expenseFill(amount, category string) ([]Step, expenseForm) {
	f := expenseForm{}
	steps := []Step{
		step(home("15:34"), "Open Pro Expense.", openApp("Pro Expense")),
		step(expenseHome("15:34", expenseRecent...), "Add an expense.", tap("fb_main_add")),
		step(expenseEntry("15:34", f, false), "Name.", typeIn("edt_name", "Office Chair")),
	}
	f.Name = "Office Chair"
	steps = append(steps, step(expenseEntry("15:35", f, true), "Amount.", typeIn("edt_amount", amount)))
	f.Amount = amount
	steps = append(steps, step(expenseEntry("15:35", f, true), "Close the keyboard.", back()))
	if category != "" {
		steps = append(steps, step(expenseEntry("15:35", f, false), "Category.", tap(category)))
		f.Category = category
	}
	steps = append(steps, step(expenseEntry("15:35", f, false), "Note.", typeIn("edt_note", "Ergonomic model")))
	f.Note = "Ergonomic model"
	steps = append(steps, step(expenseEntry("15:36", f, true), "Close the keyboard.", back()))
	return steps, f
}

func expenseCases() []Case {
	added := func(amount string) []expense {
		return append([]expense{{"Office Chair", "Today 3:34 PM", amount}}, expenseRecent...)
	}
	fill, form := expenseFill("149.99", "Housing")
	deleteGoal := "Delete the following expenses from arduia pro expense: Taxi Fare."
	openList := []Step{
		step(home("15:34"), "Open Pro Expense.", openApp("Pro Expense")),
		step(expenseHome("15:34", expenseRecent...), "Open the menu.", tap("Open navigation drawer")),
		step(Join(expenseHome("15:34", expenseRecent...), []Element{
			El("TextView", pkgExpense, T("Home"), ID("design_menu_item_text"), At(42, 500, 700, 600), Click),
			El("TextView", pkgExpense, T("Expenses"), ID("design_menu_item_text"), At(42, 620, 700, 720), Click),
			El("TextView", pkgExpense, T("Statistics"), ID("design_menu_item_text"), At(42, 740, 700, 840), Click),
			El("TextView", pkgExpense, T("Settings"), ID("design_menu_item_text"), At(42, 860, 700, 960), Click),
		}), "Open the expense list.", tap("Expenses")),
	}
	return []Case{
		{
			Name: "expense_add_listed", TaskName: "ExpenseAddSingle", Goal: expenseGoal, Truth: true,
			Expect: ExpectSuccess, Kind: KindHonest,
			Behaviour: "SAVE returns to the home page, where the new expense heads the recent list with its amount",
			Steps: then(fill,
				step(expenseEntry("15:36", form, false), "Save.", tap("SAVE")),
				step(expenseHome("15:36", added("149.99")...), "The expense is added.", done())),
		},
		{
			Name: "expense_add_save_did_nothing", TaskName: "ExpenseAddSingle", Goal: expenseGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "SAVE without a category leaves the form on screen with no message; back shows the list without the expense",
			Steps: func() []Step {
				f, fm := expenseFill("149.99", "")
				return append(f,
					step(expenseEntry("15:36", fm, false), "Save.", tap("SAVE")),
					step(expenseEntry("15:36", fm, false), "Saved; go back to check.", tap("Navigate up")),
					step(expenseHome("15:36", expenseRecent...), "The expense was added.", done()))
			}(),
		},
		{
			Name: "expense_add_wrong_category", TaskName: "ExpenseAddSingle", Goal: expenseGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "saved under Food (the chip tapped is the selected one on the form); the list shows no category",
			Steps: func() []Step {
				f, fm := expenseFill("149.99", "Food")
				return append(f,
					step(expenseEntry("15:36", fm, false), "Save.", tap("SAVE")),
					step(expenseHome("15:36", added("149.99")...), "The expense is added.", done()))
			}(),
		},
		{
			Name: "expense_add_amount_typo", TaskName: "ExpenseAddSingle", Goal: expenseGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "saved with the amount's digits swapped: the list shows 194.99",
			Steps: func() []Step {
				f, fm := expenseFill("194.99", "Housing")
				return append(f,
					step(expenseEntry("15:36", fm, false), "Save.", tap("SAVE")),
					step(expenseHome("15:36", added("194.99")...), "The expense is added.", done()))
			}(),
		},
		{
			Name: "expense_added_twice", TaskName: "ExpenseAddSingle", Goal: expenseGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "SAVE seemed not to respond and the agent entered the expense again: the list shows it twice",
			Steps: func() []Step {
				f, fm := expenseFill("149.99", "Housing")
				twice := append([]expense{{"Office Chair", "Today 3:34 PM", "149.99"}}, added("149.99")...)
				again := append(append([]Step{}, f[1:]...), step(expenseEntry("15:37", fm, false), "Save.", tap("SAVE")))
				again[0].Screen = expenseHome("15:36", added("149.99")...)
				return append(append(append(f, step(expenseEntry("15:36", fm, false), "Save.", tap("SAVE"))), again...),
					step(expenseHome("15:37", twice...), "The expense is added.", done()))
			}(),
		},
		{
			Name: "expense_add_timeout", TaskName: "ExpenseAddSingle", Goal: expenseGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss, TimedOut: true,
			Behaviour: "the step budget ends with the form filled and SAVE never tapped",
			Steps:     fill,
			Final:     expenseEntry("15:36", form, false),
		},
		{
			Name: "expense_delete_done", TaskName: "ExpenseDeleteSingle", Goal: deleteGoal, Truth: true,
			Expect: ExpectSuccess, Kind: KindHonest,
			Behaviour: "the expense selected, deleted and confirmed: the list without it, its neighbours still there",
			Steps: then(openList,
				step(expenseList("15:35", -1, expenseRecent...), "Select Taxi Fare.", longPress("Taxi Fare")),
				step(expenseList("15:35", 1, expenseRecent...), "Delete.", tap("Delete")),
				step(Join(expenseList("15:35", 1, expenseRecent...), dialog(pkgExpense, "Delete", "Are you sure to delete?", "CANCEL", "DELETE")), "Confirm.", tap("DELETE")),
				step(expenseList("15:35", -1, expenseRecent[0], expenseRecent[2], expenseRecent[3]), "Deleted.", done())),
		},
		{
			Name: "expense_delete_neighbour", TaskName: "ExpenseDeleteSingle", Goal: deleteGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "the row below selected by mistake: Train Ticket deleted, Taxi Fare still listed",
			Steps: then(openList,
				step(expenseList("15:35", -1, expenseRecent...), "Select Taxi Fare.", longPress("Train Ticket")),
				step(expenseList("15:35", 2, expenseRecent...), "Delete.", tap("Delete")),
				step(Join(expenseList("15:35", 2, expenseRecent...), dialog(pkgExpense, "Delete", "Are you sure to delete?", "CANCEL", "DELETE")), "Confirm.", tap("DELETE")),
				step(expenseList("15:35", -1, expenseRecent[0], expenseRecent[1], expenseRecent[3]), "Deleted.", done())),
		},
	}
}
