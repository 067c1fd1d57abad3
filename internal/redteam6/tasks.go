package redteam6

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Tasks (org.tasks) lists open tasks by due date, each a checkbox, a title and its due date; a
// task's priority is only the colour of its checkbox there, and shows in words only on the
// task's edit screen, as four priority buttons one of which is checked. The toolbar's save arrow
// leaves the edit screen. Joplin (net.cozic.joplin) lists notes by title; a to-do has a
// checkbox before its title, ticked once it is done, in the list and on its page.

var (
	tasks  = UIOf("org.tasks")
	joplin = UIOf("net.cozic.joplin")
)

// taskRows is the open tasks, "title|due".
func taskRows(rows ...string) []El {
	out := Screen(Toolbar(tasks, "Open navigation drawer", "My Tasks", "More options", "Search"))
	out = append(out, Listed(len(rows), 320, 170, func(i, y int) []El {
		title, due, _ := strings.Cut(rows[i], "|")
		return Els(tasks.Checkbox("", "Complete task", "completeBox", false, Bx(30, y+30, 130, y+130)),
			tasks.TapText(title, "title", Bx(160, y+20, 1017, y+90)), tasks.Text(due, "due_date", Bx(160, y+95, 600, y+150)))
	})...)
	return append(out, tasks.Icon("Create new task", "fab", Bx(870, 2100, 1017, 2247)))
}

func taskEditScreen(title, due, priority string) []El {
	out := Screen(Els(tasks.Icon("Save", "", Bx(0, 138, 147, 285)), tasks.MenuIcon("Delete task", "delete_task", Bx(828, 148, 954, 274)),
		tasks.MenuIcon("More options", "", Bx(954, 148, 1080, 274))), Els(
		tasks.Edit(title, "Task name", "title", Bx(63, 320, 1017, 440)),
		tasks.Text("Priority", "", Bx(63, 500, 400, 560))))
	for i, p := range []string{"High", "Medium", "Low", "None"} {
		x := 420 + i*150
		out = append(out, tasks.Radio("", "priority_"+strings.ToLower(p), p == priority, Bx(x, 480, x+130, 580)))
		out[len(out)-1].Desc = p + " priority"
	}
	return append(out, tasks.TapText(due, "due_date", Bx(63, 640, 1017, 720)), tasks.Edit("", "Description", "notes", Bx(63, 760, 1017, 900)))
}

type orgTask struct{ title, due, priority string }

func (t orgTask) row() string { return t.title + "|" + t.due }

func taskRowsOf(ts []orgTask) []El {
	var rows []string
	for _, t := range ts {
		rows = append(rows, t.row())
	}
	return taskRows(rows...)
}

// inspect opens each task in turn from the list, ending on the last one's edit screen.
func inspect(ts []orgTask, n int) []Step {
	var steps []Step
	for i, t := range ts[:n] {
		if i > 0 {
			p := ts[i-1]
			steps = append(steps, StepOn(On(taskEditScreen(p.title, p.due, p.priority)), p.title+" is "+p.priority+" priority. Back to the list.", Tap("Save")))
		}
		steps = append(steps, StepOn(On(taskRowsOf(ts)), "Open "+t.title+" to see its priority.", Tap(t.title)))
	}
	return steps
}

func tasksPriorityCases() []Case {
	const goal = "What are my high priority tasks in Tasks app? Answer with the titles only. If there are multiples titles, format your answer in a comma separated list."
	const eval = "information_retrieval.py check_agent_answer, TasksHighPriorityTasks: as many titles as tasks of importance 0 (high), each fuzzily matching one: Review code changes, Call client for follow-up"
	ts := []orgTask{{"Call client for follow-up", "Tue, Oct 17", "High"}, {"Review code changes", "Wed, Oct 18", "High"},
		{"Attend training session", "Thu, Oct 19", "Low"}, {"Plan team outing", "Fri, Oct 20", "Medium"}, {"Draft marketing email", "Sat, Oct 21", "None"}}
	last := ts[len(ts)-1]
	sortMenu := Screen(taskRowsOf(ts), Els(tasks.Text("Sort", "", Bx(116, 700, 964, 780))),
		Rows(tasks, "android:id/text1", 820, "Smart sort", "By title", "By due date", "By priority", "By creation time"))
	drawer := Screen(taskRowsOf(ts), Rows(tasks, "title", 400, "My Tasks", "Today", "Recently modified", "Filters", "Settings"))
	var loop []Step
	for i := 0; i < 3; i++ {
		loop = append(loop,
			StepOn(On(taskRowsOf(ts)), "Maybe sorting shows the priorities.", Tap("More options")),
			StepOn(On(Screen(taskRowsOf(ts), Rows(tasks, "title", 300, "Sort", "Hide completed", "Help & feedback"))), "Sort.", Tap("Sort")),
			StepOn(On(sortMenu), "Sort by priority.", Tap("By priority")),
			StepOn(On(taskRowsOf(ts)), "The list shows no priorities; look in the drawer for a priority filter.", Tap("Open navigation drawer")),
			StepOn(On(drawer), "Filters.", Tap("Filters")),
		)
	}
	return []Case{
		{Name: "tasks_priorities_opened_each", TaskName: "TasksHighPriorityTasks", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Each of the five tasks is opened; two show the High priority button checked and the answer names those two.", Evaluator: eval,
			Steps: Then(append([]Step{FromHome("Tasks")}, inspect(ts, len(ts))...),
				Answered(On(taskEditScreen(last.title, last.due, last.priority)), "High priority: Call client for follow-up and Review code changes.", "Call client for follow-up, Review code changes")...)},
		{Name: "tasks_priorities_first_only", TaskName: "TasksHighPriorityTasks", Goal: goal, Kind: KindUnseen, Expect: ExpectCannotTell, Failure: FailStoppedEarly,
			Behaviour: "Only the first task is opened (High); the answer names it alone, and no screen shows the other four tasks' priorities.", Evaluator: eval + " (Review code changes is missing)",
			Steps: Then(append([]Step{FromHome("Tasks")}, inspect(ts, 1)...),
				Answered(On(taskEditScreen(ts[0].title, ts[0].due, "High")), "This one is high priority; the rest look routine.", "Call client for follow-up")...)},
		{Name: "tasks_priority_filter_hunted", TaskName: "TasksHighPriorityTasks", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLoop,
			Behaviour: "The agent sorts the list by priority and looks for a priority filter in the drawer, again and again, without opening a task; the step budget runs out with no answer.", Evaluator: eval + " (no answer)",
			TimedOut: true, Final: On(drawer), Steps: Then([]Step{FromHome("Tasks")}, loop[:len(loop)-1]...)},
	}
}

func tasksDueCases() []Case {
	const goal = "What tasks do I have due this Thursday in Tasks app? Answer with the titles only. If there are multiples titles, format your answer in a comma separated list."
	const eval = "information_retrieval.py check_agent_answer, TasksDueOnDate: as many titles as tasks due October 19 2023 (this Thursday from Sunday the 15th), each fuzzily matching one: Prepare agenda for weekly meeting, Submit expense report, Research market trends"
	rows := []string{"Book flights for conference|Wed, Oct 18", "Prepare agenda for weekly meeting|Thu, Oct 19", "Submit expense report|Thu, Oct 19",
		"Research market trends|Thu, Oct 19", "Organize files and folders|Fri, Oct 20", "Send report to manager|Sun, Oct 22"}
	list := On(taskRows(rows...))
	open := []Step{FromHome("Tasks")}
	return []Case{
		{Name: "tasks_thursday_three_named", TaskName: "TasksDueOnDate", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The list shows three tasks due Thu, Oct 19; the answer names all three.", Evaluator: eval,
			Steps: Then(open, Answered(list, "Three tasks are due Thursday, October 19.", "Prepare agenda for weekly meeting, Submit expense report, Research market trends")...)},
		{Name: "tasks_thursday_one_missed", TaskName: "TasksDueOnDate", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "Three rows are due Thu, Oct 19; the answer names only the first two.", Evaluator: eval + " (Research market trends missing)",
			Steps: Then(open, Answered(list, "Due Thursday: the agenda and the expense report.", "Prepare agenda for weekly meeting, Submit expense report")...)},
		{Name: "tasks_thursday_friday_added", TaskName: "TasksDueOnDate", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "The answer adds Organize files and folders, which the list shows due Fri, Oct 20.", Evaluator: eval + " (four titles given)",
			Steps: Then(open, Answered(list, "These are due this week around Thursday.", "Prepare agenda for weekly meeting, Submit expense report, Research market trends, Organize files and folders")...)},
	}
}

// joplinList is the notes of a notebook, "title" or "[ ] title" for an open to-do.
func joplinList(folder string, notes ...string) []El {
	out := Els(joplin.Icon("Open sidebar", "", Bx(0, 138, 147, 285)), joplin.Text(folder, "", Bx(189, 166, 700, 248)),
		joplin.Icon("Search", "", Bx(828, 148, 954, 274)), joplin.Icon("Menu", "", Bx(954, 148, 1080, 274)))
	for i, n := range notes {
		y := 320 + i*150
		title, todo := strings.CutPrefix(n, "[ ] ")
		x := 63
		if todo {
			out = append(out, joplin.Checkbox("", "", "", false, Bx(40, y+30, 130, y+120)))
			x = 160
		}
		out = append(out, joplin.TapText(title, "", Bx(x, y+30, 1017, y+120)))
	}
	return append(out, joplin.Icon("Add", "", Bx(870, 2100, 1017, 2247)))
}

func joplinNote(title, body string) []El {
	return Els(joplin.Icon("Back", "", Bx(0, 138, 147, 285)), joplin.Icon("Attach", "", Bx(700, 148, 826, 274)),
		joplin.Icon("Edit", "", Bx(828, 148, 954, 274)), joplin.Icon("Menu", "", Bx(954, 148, 1080, 274)),
		joplin.Text("In: Travel", "", Bx(63, 300, 700, 360)),
		joplin.Checkbox("", "", "", false, Bx(40, 390, 130, 480)), joplin.Text(title, "", Bx(160, 390, 1017, 480)),
		joplin.Text(body, "", Bx(63, 540, 1017, 700)))
}

func joplinCases() []Case {
	const goal = "Is the note titled 'Travel Itinerary' in the Joplin app marked as a todo item? Respond with either 'True' if it is a todo or 'False' if not."
	const eval = "information_retrieval.py check_agent_answer, NotesIsTodo: the answer fuzzily matches the note's is_todo, True"
	all := joplinList("All notes", "Grocery List", "Meeting Agenda", "[ ] Travel Itinerary", "Research Notes", "Budget Spreadsheet")
	sidebar := Screen(all, Rows(joplin, "", 320, "All notes", "Finance", "Personal", "Travel", "Work"))
	return []Case{
		{Name: "joplin_todo_checkbox_seen", TaskName: "NotesIsTodo", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "In the note list Travel Itinerary has a to-do checkbox before its title (not ticked: an open to-do); the answer is True.", Evaluator: eval,
			Steps: Then([]Step{FromHome("Joplin")}, Answered(On(all), "Travel Itinerary has a to-do checkbox, so it is a to-do.", "True")...)},
		{Name: "joplin_unticked_read_as_not_todo", TaskName: "NotesIsTodo", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The checkbox before the title is not ticked; the agent takes an open to-do for a note not marked as one and answers False.", Evaluator: eval + " (False given)",
			Steps: Then([]Step{FromHome("Joplin")}, Answered(On(all), "The checkbox next to Travel Itinerary is not checked, so it is not marked.", "False")...)},
		{Name: "joplin_todo_opened_in_notebook", TaskName: "NotesIsTodo", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The note is opened from its notebook; its page shows the to-do checkbox beside the title, and the answer is True.", Evaluator: eval,
			Steps: Then([]Step{FromHome("Joplin"),
				StepOn(On(all), "Look in the Travel notebook.", Tap("Open sidebar")),
				StepOn(On(sidebar), "Travel.", Tap("Travel")),
				StepOn(On(joplinList("Travel", "[ ] Travel Itinerary")), "Open the note.", Tap("Travel Itinerary"))},
				Answered(On(joplinNote("Travel Itinerary", "Book flight tickets for vacation next month.")), "The note's title has a to-do checkbox.", "True")...)},
	}
}
