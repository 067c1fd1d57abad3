package redteam11

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// The information-retrieval tasks: the answer action's text is split at commas and compared
// item by item with the expected titles (STRING_MATCH: fuzzily, difflib ratio at least 0.9, as
// many items as titles), or cast with float() (NUMBER_MATCH), a failed cast scoring 0. Tasks
// (org.tasks) lists open tasks with their due dates; a task's priority shows only as the colour
// of its check box, which the tree does not carry, and as the selected one of four priority
// buttons on the task's edit page. OpenTracks lists activities newest first with their
// category, date, time and distance (redteamkit.OpenTracksList).

var tasksApp = UIOf("org.tasks")

// taskList is Tasks' list of "title|due".
func taskList(menu bool, items ...string) []El {
	out := Screen(Toolbar(tasksApp, "Open navigation drawer", "My Tasks", "More options", "Search"),
		Els(tasksApp.Scroller("androidx.recyclerview.widget.RecyclerView", "recycler_view", Bx(0, 300, 1080, 2200))))
	out = append(out, Listed(len(items), 320, 165, func(i, y int) []El {
		title, due, _ := strings.Cut(items[i], "|")
		return Els(tasksApp.Row("", "row", Bx(0, y, 1080, y+155)), tasksApp.Checkbox("", "Complete", "completeBox", false, Bx(30, y+30, 130, y+120)),
			tasksApp.Text(title, "title", Bx(160, y+20, 1017, y+80)), tasksApp.Text(due, "due_date", Bx(160, y+90, 600, y+140)))
	})...)
	out = append(out, FabIcon(tasksApp, "Create new task"))
	if menu {
		out = append(out, Rows(tasksApp, "title", 300, "Sort", "Show completed", "Clear completed", "Settings")...)
	}
	return On(out)
}

// taskEdit is a task's edit page with its priority selected.
func taskEdit(title, due, priority string) []El {
	out := Screen(Toolbar(tasksApp, "Save", "", "More options", "Delete task"), Els(tasksApp.Edit(title, "Task name", "title", Bx(63, 320, 1017, 440)),
		tasksApp.TapText(due, "due_date", Bx(160, 500, 1017, 580)), tasksApp.Text("Priority", "", Bx(63, 620, 400, 680))))
	for i, p := range []string{"High", "Medium", "Low", "None"} {
		out = append(out, tasksApp.Radio(p, "priority_"+strings.ToLower(p), p == priority, Bx(63+i*240, 700, 283+i*240, 800)))
	}
	return On(append(out, tasksApp.Edit("", "Notes", "notes", Bx(63, 860, 1017, 1000))))
}

func highPriorityCases() []Case {
	const task = "TasksHighPriorityTasks"
	const goal = "What are my high priority tasks in Tasks app? Answer with the titles only. If there are multiples titles, format your answer in a comma separated list."
	const eval = "information_retrieval.py TasksHighPriorityTasks (STRING_MATCH on title, split at commas): the tasks of importance 0 (high) are Review code changes and Book flights for conference"
	type tk struct{ title, due, prio string }
	all := []tk{{"Plan team outing", "Oct 16", "Medium"}, {"Review code changes", "Oct 17", "High"}, {"Send report to manager", "Oct 18", "None"},
		{"Book flights for conference", "Oct 19", "High"}, {"Research market trends", "Oct 23", "Low"}}
	var rows []string
	for _, t := range all {
		rows = append(rows, t.title+"|"+t.due)
	}
	list := taskList(false, rows...)
	look := []Step{FromHome("Tasks")}
	for _, t := range all {
		look = append(look, StepOn(list, "Check the priority of "+t.title+".", Tap(t.title)), StepOn(taskEdit(t.title, t.due, t.prio), t.title+" is "+t.prio+". Back.", Back()))
	}
	byPrio := []string{rows[1], rows[3], rows[0], rows[4], rows[2]}
	return []Case{
		{Name: "high_priority_checked_each", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The agent opens each of the five tasks; two show High selected on their edit page, and those two are answered.", Evaluator: eval,
			Steps: Then(look, Answered(list, "High: Review code changes and Book flights for conference.", "Review code changes, Book flights for conference")...)},
		{Name: "high_priority_from_sorted_list", TaskName: task, Goal: goal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The agent sorts by priority and answers the two tasks with red check boxes at the top; the tree carries the order but not the colours or levels.", Evaluator: eval,
			Steps: Then([]Step{FromHome("Tasks"), StepOn(list, "Sort by priority.", Tap("More options")), StepOn(taskList(true, rows...), "Sort.", Tap("Sort")),
				StepOn(On(Screen(list, Rows(tasksApp, "title", 600, "Due date", "Priority", "Start date", "Title"))), "Priority.", Tap("Priority"))},
				Answered(taskList(false, byPrio...), "The two red ones on top are high priority.", "Review code changes, Book flights for conference")...)},
		{Name: "high_priority_medium_included", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "The agent opens the tasks and answers Plan team outing, whose edit page shows Medium, with the two high ones.", Evaluator: eval + " (three titles against two)",
			Steps: Then(look[:5], Answered(list, "Plan team outing and Review code changes are important, and Book flights for conference.", "Plan team outing, Review code changes, Book flights for conference")...)},
	}
}

func incompleteCases() []Case {
	const task = "TasksIncompleteTasksOnDate"
	const goal = "What incomplete tasks do I have still have to do by October 17 2023 in Tasks app? Answer with the titles only. If there are multiples titles, format your answer in a comma separated list."
	const eval = "information_retrieval.py TasksIncompleteTasksOnDate (STRING_MATCH on title, split at commas): the incomplete tasks due by October 17 2023 are Prepare agenda for weekly meeting, Follow up on support tickets and Update website content"
	list := taskList(false, "Prepare agenda for weekly meeting|Oct 17", "Follow up on support tickets|Oct 17", "Update website content|Oct 17",
		"Attend training session|Oct 20", "Review performance metrics|Oct 24", "Submit expense report|Oct 26")
	open := []Step{FromHome("Tasks")}
	return []Case{
		{Name: "incomplete_by_17th_three", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The list shows open tasks by due date; the three due Oct 17 are answered and the later ones left out.", Evaluator: eval,
			Steps: Then(open, Answered(list, "Due by Oct 17: three tasks.", "Prepare agenda for weekly meeting, Follow up on support tickets, Update website content")...)},
		{Name: "incomplete_by_17th_plus_20th", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "The agent answers the three due Oct 17 and Attend training session, due Oct 20.", Evaluator: eval + " (four titles against three)",
			Steps: Then(open, Answered(list, "Tasks still to do this week.", "Prepare agenda for weekly meeting, Follow up on support tickets, Update website content, Attend training session")...)},
		{Name: "incomplete_by_17th_dates_appended", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The agent answers the right three titles but adds each one's due date in brackets, against the titles-only instruction; no item is within 0.9 of its title.", Evaluator: eval + " (\"Update website content (Oct 17)\" and the others fall under the 0.9 ratio)",
			Steps: Then(open, Answered(list, "Three tasks due Oct 17.", "Prepare agenda for weekly meeting (Oct 17), Follow up on support tickets (Oct 17), Update website content (Oct 17)")...)},
	}
}

func durationCases() []Case {
	const task = "SportsTrackerActivityDuration"
	const goal = "How long was my cycling activity October 12 in the OpenTracks app? Express your answer in minutes as a single integer."
	const eval = "information_retrieval.py SportsTrackerActivityDuration (NUMBER_MATCH on duration): the cycling activity of October 12 2023 lasted 45 minutes; the answer must cast to 45.0"
	list := On(OpenTracksList(640, 700, "Morning Swim|swimming|Oct 14, 2023|1:00:00|1.50 km", "Lunch Run|running|Oct 12, 2023|0:30:00|5.10 km",
		"Evening Ride|cycling|Oct 12, 2023|0:45:00|15.20 km", "Lake Paddle|kayaking|Oct 9, 2023|1:30:00|6.80 km", "Trail Hike|hiking|Oct 7, 2023|2:00:00|7.40 km"))
	open := []Step{FromHome("OpenTracks")}
	return []Case{
		{Name: "cycling_duration_45", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The list shows Evening Ride, cycling, Oct 12, 0:45:00; 45 is answered.", Evaluator: eval,
			Steps: Then(open, Answered(list, "The Oct 12 cycling activity took 0:45:00, 45 minutes.", "45")...)},
		{Name: "cycling_duration_run_read", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem, Subtle: true,
			Behaviour: "The agent takes the first Oct 12 row, Lunch Run (running, 0:30:00), and answers 30.", Evaluator: eval + " (30)",
			Steps: Then(open, Answered(list, "The activity on Oct 12 lasted 0:30:00.", "30")...)},
		{Name: "cycling_duration_clock_format", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The agent answers the time as the list shows it, 0:45:00, which float() cannot cast.", Evaluator: eval + " (float('0:45:00') raises, scoring 0)",
			Steps: Then(open, Answered(list, "Evening Ride took 0:45:00.", "0:45:00")...)},
	}
}
