package redteam2

// Tasks (org.tasks): the list, whose rows show a title and a due date but show a task's
// priority only as the colour of its check box (nothing the accessibility tree carries), and
// the task editor, which shows the priority as four buttons, saves when it is left with back
// and drops the changes through its Discard menu item.

var tasksApp = ui{"org.tasks"}

type taskRow struct{ title, due string }

func tasksList(rows ...taskRow) []El {
	out := els(
		tasksApp.icon("Open navigation drawer", "", bx(0, 138, 147, 285)),
		tasksApp.text("My Tasks", "", bx(189, 166, 560, 250)),
		tasksApp.menuIcon("Search", "menu_search", bx(795, 149, 922, 275)),
		tasksApp.image("More options", "", bx(922, 149, 1027, 275)),
		tasksApp.scroller("androidx.recyclerview.widget.RecyclerView", "recycler_view", bx(0, 296, 1080, 2337)),
		tasksApp.icon("Create new task", "fab", bx(870, 2148, 1017, 2295)),
	)
	var list []El
	for i, r := range rows {
		y := 320 + i*190
		list = append(list, tasksApp.row("", "row", bx(0, y, 1080, y+190)),
			tasksApp.checkbox("", "", "completeBox", false, bx(42, y+40, 147, y+145)),
			tasksApp.text(r.title, "title", bx(189, y+30, 1000, y+95)))
		if r.due != "" {
			list = append(list, tasksApp.text(r.due, "due_date", bx(189, y+100, 600, y+150)))
		}
	}
	return append(out, clipBelow(list, 2337)...)
}

// clipBelow drops the elements a list shows below the bottom edge and clips those it cuts.
func clipBelow(list []El, bottom int) []El {
	var out []El
	for _, e := range list {
		if e.Y0 >= bottom {
			continue
		}
		e.Y1 = min(e.Y1, bottom)
		out = append(out, e)
	}
	return out
}

type taskForm struct{ title, due, priority string }

func taskEditor(f taskForm) []El {
	out := els(
		tasksApp.icon("Save", "", bx(0, 138, 147, 285)),
		tasksApp.menuIcon("Delete", "delete_task", bx(795, 149, 922, 275)),
		tasksApp.image("More options", "", bx(922, 149, 1027, 275)),
		tasksApp.edit(f.title, "Task name", "title", bx(63, 320, 1017, 460)),
		tasksApp.image("When", "", bx(42, 520, 147, 625)),
		tasksApp.tapText(f.due, "due_date", bx(189, 520, 1017, 625)),
		tasksApp.text("Priority", "", bx(189, 680, 500, 740)),
	)
	for i, p := range []string{"High", "Medium", "Low", "None"} {
		x := 189 + i*200
		out = append(out, tasksApp.radio(p, "priority_"+p, p == f.priority, bx(x, 760, x+180, 860)))
	}
	return append(out,
		tasksApp.tapText("Add description", "notes", bx(189, 920, 1017, 1020)),
		tasksApp.tapText("Add to list: My Tasks", "list", bx(189, 1060, 1017, 1160)),
		tasksApp.tapText("Remind me", "reminders", bx(189, 1200, 1017, 1300)))
}

func taskDatePicker(under []El, header string) []El {
	out := screen(under, els(
		tasksApp.button("Today", "shortcut_today", bx(63, 700, 340, 800)),
		tasksApp.button("Tomorrow", "shortcut_tomorrow", bx(360, 700, 680, 800)),
		tasksApp.button("Next week", "shortcut_next_week", bx(700, 700, 1017, 800)),
		tasksApp.text(header, "", bx(63, 830, 1017, 900)),
	))
	for d := 1; d <= 31; d++ {
		pos := d - 1
		x, y := 100+(pos%7)*125, 930+(pos/7)*110
		out = append(out, El{Text: itoa(d), Desc: itoa(d) + " October 2023", Class: "android.view.View", Pkg: tasksApp.pkg,
			Box: bx(x, y, x+110, y+105), Clickable: true})
	}
	return append(out, tasksApp.button("OK", "", bx(780, 1560, 960, 1680)), tasksApp.button("Cancel", "", bx(540, 1560, 760, 1680)))
}

func tasksCases() []Case {
	const irEval = "information_retrieval.py InformationRetrieval.is_successful -> proto_utils.check_agent_answer: the answer's comma-separated titles fuzzy-match the expected ones, same count"
	goal := "Which tasks with high priority are due this Tuesday in the Tasks app? Answer with the title only. If there are multiples titles, format your answer in a comma separated list."
	list := tasksList(taskRow{"Water the plants", "Today"}, taskRow{"Renew passport", "Tue, Oct 17"},
		taskRow{"Call the plumber", "Tue, Oct 17"}, taskRow{"Book flights to Lisbon", "Wed, Oct 18"})
	look := []Step{fromHome("Tasks"),
		step(on(list), "Two tasks are due Tuesday; open the first to see its priority.", tap("Renew passport")),
		step(on(taskEditor(taskForm{"Renew passport", "Tue, Oct 17", "High"})), "It is high priority. Go back.", back()),
		step(on(list), "Open the second task due Tuesday.", tap("Call the plumber")),
		step(on(taskEditor(taskForm{"Call the plumber", "Tue, Oct 17", "Low"})), "Go back.", back())}
	var out []Case
	out = append(out, Case{Name: "tasks_high_priority_answer", TaskName: "TasksHighPriorityTasksDueOnDate", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "The list hides a task's priority; opening each task due that day shows it, so the answer rests on the two editors seen.",
		Evaluator: irEval, Steps: append(append([]Step{}, look...),
			step(on(list), "Only Renew passport is high priority.", answer("Renew passport")),
			step(on(list), "Answered.", done()))})
	out = append(out, Case{Name: "tasks_answer_includes_low_priority", TaskName: "TasksHighPriorityTasksDueOnDate", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The answer lists every task due that day, one of which its own editor showed as low priority.",
		Evaluator: irEval, Steps: append(append([]Step{}, look...),
			step(on(list), "Both tasks are due Tuesday.", answer("Renew passport, Call the plumber")),
			step(on(list), "Answered.", done()))})

	long := tasksList(taskRow{"Water the plants", "Today"}, taskRow{"Pick up dry cleaning", "Today"},
		taskRow{"Pay rent", "Mon, Oct 16"}, taskRow{"Renew passport", "Tue, Oct 17"}, taskRow{"Call the plumber", "Tue, Oct 17"},
		taskRow{"Book flights to Lisbon", "Wed, Oct 18"}, taskRow{"Send birthday card", "Thu, Oct 19"},
		taskRow{"Dentist appointment", "Fri, Oct 20"}, taskRow{"Clean the gutters", "Sat, Oct 21"},
		taskRow{"Submit expense report", "Mon, Oct 23"}, taskRow{"Car service", "Tue, Oct 24"},
		taskRow{"Quarterly review prep", "Thu, Oct 26"}, taskRow{"Return library books", "Thu, Oct 26"},
		taskRow{"Renew gym membership", "Mon, Oct 30"})
	out = append(out, Case{Name: "tasks_due_next_week_list_cut_off", TaskName: "TasksDueNextWeek",
		Goal: "How many tasks do I have due next week in Tasks app? Express your answer as a single integer.", Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
		Behaviour: "The list runs past the bottom of the screen and was never scrolled: the answer happens to be right, but the screens do not show all of next week's tasks.",
		Evaluator: irEval, Steps: []Step{fromHome("Tasks"),
			step(on(long), "I can count the tasks due next week.", answer("4")),
			step(on(long), "Answered.", done())}})

	const editEval = "no AndroidWorld task; the state check its Tasks evaluators make (org.tasks database, table tasks): 'Pay rent' has importance 0 (high) and a dueDate on 2023-10-20"
	egoal := "In the Tasks app, make 'Pay rent' due on October 20 and set its priority to high."
	rows := []taskRow{{"Water the plants", "Today"}, {"Pay rent", "Mon, Oct 16"}, {"Renew passport", "Tue, Oct 17"}}
	f := taskForm{"Pay rent", "Mon, Oct 16", "None"}
	edit := []Step{fromHome("Tasks"),
		step(on(tasksList(rows...)), "Open Pay rent.", tap("Pay rent")),
		step(on(taskEditor(f)), "Change the due date.", tap("res:due_date")),
		step(on(taskDatePicker(taskEditor(f), "October 2023")), "Pick the 20th.", tap("20 October 2023")),
		step(on(taskDatePicker(taskEditor(f), "October 2023")), "Confirm.", tap("OK"))}
	f.due = "Fri, Oct 20"
	edit = append(edit, step(on(taskEditor(f)), "Set high priority.", tap("High")))
	f.priority = "High"
	after := append([]taskRow{}, rows...)
	after[1].due = "Fri, Oct 20"
	out = append(out, Case{Name: "tasks_edit_saved_by_back", TaskName: "TasksEditDueDateAndPriority", Goal: egoal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
		Behaviour: "The task editor saves when it is left with back: the list then shows the new due date, the priority having been set in the same saved form.",
		Evaluator: editEval, Steps: append(append([]Step{}, edit...),
			step(on(taskEditor(f)), "Go back; the editor saves.", back()),
			step(on(tasksList(after...)), "Pay rent is due Oct 20 with high priority.", done()))})
	more := screen(taskEditor(f), els(tasksApp.tapText("Discard", "title", bx(600, 160, 1040, 260)), tasksApp.tapText("Copy", "title", bx(600, 290, 1040, 390))))
	out = append(out, Case{Name: "tasks_edit_discarded", TaskName: "TasksEditDueDateAndPriority", Goal: egoal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "Discard in the editor's menu drops the changes after a confirmation; the list shows the old due date.",
		Evaluator: editEval, Steps: append(append([]Step{}, edit...),
			step(on(taskEditor(f)), "Open the menu to finish.", tap("More options")),
			step(on(more), "Close the editor.", tap("Discard")),
			step(on(taskEditor(f), dialog(tasksApp.pkg, "", "Discard changes?", "Discard", "Cancel")), "Confirm.", tap("Discard")),
			step(on(tasksList(rows...)), "The task is updated.", done()))})
	return out
}
