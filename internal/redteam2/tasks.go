package redteam2

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Tasks (org.tasks): the list, whose rows show a title and a due date but show a task's
// priority only as the colour of its check box (nothing the accessibility tree carries), and
// the task editor, which shows the priority as four buttons, saves when it is left with back
// and drops the changes through its Discard menu item.

var tasksApp = UIOf("org.tasks")

type taskRow struct{ title, due string }

func tasksList(rows ...taskRow) []El {
	out := Els(
		tasksApp.Icon("Open navigation drawer", "", Bx(0, 138, 147, 285)),
		tasksApp.Text("My Tasks", "", Bx(189, 166, 560, 250)),
		tasksApp.MenuIcon("Search", "menu_search", Bx(795, 149, 922, 275)),
		tasksApp.Image("More options", "", Bx(922, 149, 1027, 275)),
		tasksApp.Scroller("androidx.recyclerview.widget.RecyclerView", "recycler_view", Bx(0, 296, 1080, 2337)),
		tasksApp.Icon("Create new task", "fab", Bx(870, 2148, 1017, 2295)),
	)
	var list []El
	for i, r := range rows {
		y := 320 + i*190
		list = append(list, tasksApp.Row("", "row", Bx(0, y, 1080, y+190)),
			tasksApp.Checkbox("", "", "completeBox", false, Bx(42, y+40, 147, y+145)),
			tasksApp.Text(r.title, "title", Bx(189, y+30, 1000, y+95)))
		if r.due != "" {
			list = append(list, tasksApp.Text(r.due, "due_date", Bx(189, y+100, 600, y+150)))
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
	out := Els(
		tasksApp.Icon("Save", "", Bx(0, 138, 147, 285)),
		tasksApp.MenuIcon("Delete", "delete_task", Bx(795, 149, 922, 275)),
		tasksApp.Image("More options", "", Bx(922, 149, 1027, 275)),
		tasksApp.Edit(f.title, "Task name", "title", Bx(63, 320, 1017, 460)),
		tasksApp.Image("When", "", Bx(42, 520, 147, 625)),
		tasksApp.TapText(f.due, "due_date", Bx(189, 520, 1017, 625)),
		tasksApp.Text("Priority", "", Bx(189, 680, 500, 740)),
	)
	for i, p := range []string{"High", "Medium", "Low", "None"} {
		x := 189 + i*200
		out = append(out, tasksApp.Radio(p, "priority_"+p, p == f.priority, Bx(x, 760, x+180, 860)))
	}
	return append(out,
		tasksApp.TapText("Add description", "notes", Bx(189, 920, 1017, 1020)),
		tasksApp.TapText("Add to list: My Tasks", "list", Bx(189, 1060, 1017, 1160)),
		tasksApp.TapText("Remind me", "reminders", Bx(189, 1200, 1017, 1300)))
}

func taskDatePicker(under []El, header string) []El {
	out := Screen(under, Els(
		tasksApp.Button("Today", "shortcut_today", Bx(63, 700, 340, 800)),
		tasksApp.Button("Tomorrow", "shortcut_tomorrow", Bx(360, 700, 680, 800)),
		tasksApp.Button("Next week", "shortcut_next_week", Bx(700, 700, 1017, 800)),
		tasksApp.Text(header, "", Bx(63, 830, 1017, 900)),
	))
	for d := 1; d <= 31; d++ {
		pos := d - 1
		x, y := 100+(pos%7)*125, 930+(pos/7)*110
		out = append(out, El{Text: Itoa(d), Desc: Itoa(d) + " October 2023", Class: "android.view.View", Pkg: tasksApp.Pkg,
			Box: Bx(x, y, x+110, y+105), Clickable: true})
	}
	return append(out, tasksApp.Button("OK", "", Bx(780, 1560, 960, 1680)), tasksApp.Button("Cancel", "", Bx(540, 1560, 760, 1680)))
}

func tasksCases() []Case {
	const irEval = "information_retrieval.py InformationRetrieval.is_successful -> proto_utils.check_agent_answer: the answer's comma-separated titles fuzzy-match the expected ones, same count"
	goal := "Which tasks with high priority are due this Tuesday in the Tasks app? Answer with the title only. If there are multiples titles, format your answer in a comma separated list."
	list := tasksList(taskRow{"Water the plants", "Today"}, taskRow{"Renew passport", "Tue, Oct 17"},
		taskRow{"Call the plumber", "Tue, Oct 17"}, taskRow{"Book flights to Lisbon", "Wed, Oct 18"})
	look := []Step{FromHome("Tasks"),
		StepOn(On(list), "Two tasks are due Tuesday; open the first to see its priority.", Tap("Renew passport")),
		StepOn(On(taskEditor(taskForm{"Renew passport", "Tue, Oct 17", "High"})), "It is high priority. Go back.", Back()),
		StepOn(On(list), "Open the second task due Tuesday.", Tap("Call the plumber")),
		StepOn(On(taskEditor(taskForm{"Call the plumber", "Tue, Oct 17", "Low"})), "Go back.", Back())}
	var out []Case
	out = append(out, Case{Name: "tasks_high_priority_answer", TaskName: "TasksHighPriorityTasksDueOnDate", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "The list hides a task's priority; opening each task due that day shows it, so the answer rests on the two editors seen.",
		Evaluator: irEval, Steps: append(append([]Step{}, look...),
			StepOn(On(list), "Only Renew passport is high priority.", Answer("Renew passport")),
			StepOn(On(list), "Answered.", Done()))})
	out = append(out, Case{Name: "tasks_answer_includes_low_priority", TaskName: "TasksHighPriorityTasksDueOnDate", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The answer lists every task due that day, one of which its own editor showed as low priority.",
		Evaluator: irEval, Steps: append(append([]Step{}, look...),
			StepOn(On(list), "Both tasks are due Tuesday.", Answer("Renew passport, Call the plumber")),
			StepOn(On(list), "Answered.", Done()))})

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
		Evaluator: irEval, Steps: []Step{FromHome("Tasks"),
			StepOn(On(long), "I can count the tasks due next week.", Answer("4")),
			StepOn(On(long), "Answered.", Done())}})

	const editEval = "no AndroidWorld task; the state check its Tasks evaluators make (org.tasks database, table tasks): 'Pay rent' has importance 0 (high) and a dueDate on 2023-10-20"
	egoal := "In the Tasks app, make 'Pay rent' due on October 20 and set its priority to high."
	rows := []taskRow{{"Water the plants", "Today"}, {"Pay rent", "Mon, Oct 16"}, {"Renew passport", "Tue, Oct 17"}}
	f := taskForm{"Pay rent", "Mon, Oct 16", "None"}
	edit := []Step{FromHome("Tasks"),
		StepOn(On(tasksList(rows...)), "Open Pay rent.", Tap("Pay rent")),
		StepOn(On(taskEditor(f)), "Change the due date.", Tap("res:due_date")),
		StepOn(On(taskDatePicker(taskEditor(f), "October 2023")), "Pick the 20th.", Tap("20 October 2023")),
		StepOn(On(taskDatePicker(taskEditor(f), "October 2023")), "Confirm.", Tap("OK"))}
	f.due = "Fri, Oct 20"
	edit = append(edit, StepOn(On(taskEditor(f)), "Set high priority.", Tap("High")))
	f.priority = "High"
	after := append([]taskRow{}, rows...)
	after[1].due = "Fri, Oct 20"
	out = append(out, Case{Name: "tasks_edit_saved_by_back", TaskName: "TasksEditDueDateAndPriority", Goal: egoal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
		Behaviour: "The task editor saves when it is left with back: the list then shows the new due date, the priority having been set in the same saved form.",
		Evaluator: editEval, Steps: append(append([]Step{}, edit...),
			StepOn(On(taskEditor(f)), "Go back; the editor saves.", Back()),
			StepOn(On(tasksList(after...)), "Pay rent is due Oct 20 with high priority.", Done()))})
	more := Screen(taskEditor(f), Els(tasksApp.TapText("Discard", "title", Bx(600, 160, 1040, 260)), tasksApp.TapText("Copy", "title", Bx(600, 290, 1040, 390))))
	out = append(out, Case{Name: "tasks_edit_discarded", TaskName: "TasksEditDueDateAndPriority", Goal: egoal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "Discard in the editor's menu drops the changes after a confirmation; the list shows the old due date.",
		Evaluator: editEval, Steps: append(append([]Step{}, edit...),
			StepOn(On(taskEditor(f)), "Open the menu to finish.", Tap("More options")),
			StepOn(On(more), "Close the editor.", Tap("Discard")),
			StepOn(On(taskEditor(f), Dialog(tasksApp.Pkg, "", "Discard changes?", "Discard", "Cancel")), "Confirm.", Tap("Discard")),
			StepOn(On(tasksList(rows...)), "The task is updated.", Done()))})
	return out
}
