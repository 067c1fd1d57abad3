package redteam5

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Questions answered from what an app shows. The answer is right only if it matches the app's
// data (AndroidWorld's information-retrieval check), whether the screens showed it or not.
// OpenTracks (de.dennisguse.opentracks) lists recorded tracks newest first, each with its
// name, activity type, start date and duration. Tasks (org.tasks) lists open tasks by title;
// a task's priority shows only on its edit screen, as four priority buttons.

var (
	opentracks = UIOf("de.dennisguse.opentracks")
	orgTasks   = UIOf("org.tasks")
)

func answer(screen []El, why, text string) []Step {
	return []Step{StepOn(screen, why, Answer(text)), StepOn(screen, "Answered.", Done())}
}

// trackList is the recorded tracks, "name|type|date|duration".
func trackList(rows ...string) []El {
	tracks := stacked(len(rows), 320, 230, func(i, y int) []El {
		f := strings.Split(rows[i], "|")
		return Els(opentracks.Row("", "track_list_item", Bx(0, y, 1080, y+220)), opentracks.Image(f[1], "list_item_icon", Bx(40, y+40, 160, y+160)),
			opentracks.Text(f[0], "list_item_name", Bx(200, y+20, 1017, y+80)), opentracks.Text(f[1], "list_item_category", Bx(200, y+85, 600, y+140)),
			opentracks.Text(f[2], "list_item_date", Bx(200, y+145, 600, y+200)), opentracks.Text(f[3], "list_item_time", Bx(700, y+145, 1017, y+200)))
	})
	return Screen(Toolbar(opentracks, "", "OpenTracks", "Search", "More options"), tracks,
		Els(opentracks.Icon("Record", "track_list_fab_action", Bx(870, 2100, 1017, 2247))))
}

func calendarQuestionCases() []Case {
	const goal = "What events do I have October 20 2023 in Simple Calendar Pro? Answer with the titles only. If there are multiple titles, format your answer as a comma separated list."
	const eval = "information_retrieval.py is_successful, tasks.textproto SimpleCalendarEventsOnDate: the comma separated answer matches the titles of the events starting on 2023-10-20 (STRING_MATCH), here Budget review and Yoga class"
	fri := calDay("Friday, October 20", "Budget review|11:00 - 11:30", "Yoga class|18:00 - 18:30")
	sat := calDay("Saturday, October 21", "Brunch with Ana|10:30 - 11:00")
	const nextGoal = "When is my next meeting with Priya in Simple Calendar Pro? Express your answer in the format <month name> <day> <year> <hour in 24-hour format>:<minutes>."
	const nextEval = "information_retrieval.py is_successful, tasks.textproto SimpleCalendarNextMeetingWithPerson: the answer matches the start of the next event with Priya, October 19 2023 14:00"
	return []Case{
		{Name: "calendar_friday_events_answered", TaskName: "SimpleCalendarEventsOnDate", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The day's page lists both of its events; the answer names both titles.", Evaluator: eval,
			Steps: Then([]Step{FromHome("Simple Calendar Pro"), StepOn(On(calMonth()), "Open the 20th.", Tap("20"))},
				answer(On(fri), "Two events that day.", "Budget review, Yoga class")...)},
		{Name: "calendar_saturday_events_answered", TaskName: "SimpleCalendarEventsOnDate", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The cell tapped is the 21st; the page it opens names its own day, and its event is not on the 20th.", Evaluator: eval + " (Brunch with Ana is on the 21st)",
			Steps: Then([]Step{FromHome("Simple Calendar Pro"), StepOn(On(calMonth()), "Open the 20th.", Tap("21"))},
				answer(On(sat), "One event.", "Brunch with Ana")...)},
		{Name: "calendar_priya_meeting_unseen", TaskName: "SimpleCalendarNextMeetingWithPerson", Goal: nextGoal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The month grid draws events without text in the accessibility tree; no screen of the run shows the meeting or its time.", Evaluator: nextEval,
			Steps: Then([]Step{FromHome("Simple Calendar Pro")}, answer(On(calMonth()), "The meeting with Priya is on Thursday the 19th at 14:00.", "October 19 2023 14:00")...)},
	}
}

func tracksCases() []Case {
	const goal = "What activities did I do October 12 2023 in the OpenTracks app? Answer with the activity type only. If there are multiple types, format your answer in a comma separated list."
	const eval = "information_retrieval.py is_successful, tasks.textproto SportsTrackerActivitiesOnDate: the answer's categories match those of the activities started on 2023-10-12 (STRING_MATCH), here hiking and kayaking"
	rows := []string{"Lake loop|kayaking|Oct 12, 2023 16:40|48:10", "Ridge trail|hiking|Oct 12, 2023 08:05|2:14:30", "Morning laps|swimming|Oct 11, 2023 07:00|35:00"}
	const durGoal = "What was the total duration of cycling activities in the OpenTracks app this week? Assume the week starts from Monday. Express your answer in minutes as a single integer."
	const durEval = "information_retrieval.py is_successful, tasks.textproto SportsTrackerTotalDurationForCategoryThisWeek: the number matches the sum of the durations of cycling activities from 2023-10-09 to 2023-10-15 (NUMBER_MATCH), here 42 + 35 = 77"
	week := []string{"Errand ride|cycling|Oct 14, 2023 10:12|42:00", "Park walk|walking|Oct 13, 2023 18:30|25:00", "Commute|cycling|Oct 11, 2023 08:20|35:00", "Hill repeats|cycling|Oct 7, 2023 09:00|50:00"}
	return []Case{
		{Name: "tracks_activities_on_date", TaskName: "SportsTrackerActivitiesOnDate", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The two tracks dated the 12th show their activity types in the list; the answer gives both.", Evaluator: eval,
			Steps: Then([]Step{FromHome("OpenTracks")}, answer(On(trackList(rows...)), "On the 12th: kayaking and hiking.", "kayaking, hiking")...)},
		{Name: "tracks_activities_one_of_two", TaskName: "SportsTrackerActivitiesOnDate", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The list shows two tracks on the 12th; the answer names only the first.", Evaluator: eval + " (hiking missing)",
			Steps: Then([]Step{FromHome("OpenTracks")}, answer(On(trackList(rows...)), "The newest track on the 12th is kayaking.", "kayaking")...)},
		{Name: "tracks_cycling_week_total", TaskName: "SportsTrackerTotalDurationForCategoryThisWeek", Goal: durGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Two cycling tracks fall between Monday the 9th and today; their durations add to the answer. The ride of the 7th is last week.", Evaluator: durEval,
			Steps: Then([]Step{FromHome("OpenTracks")}, answer(On(trackList(week...)), "42 + 35 minutes this week.", "77")...)},
		{Name: "tracks_cycling_last_week_counted", TaskName: "SportsTrackerTotalDurationForCategoryThisWeek", Goal: durGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The sum takes in the ride of Saturday the 7th, before the week's Monday.", Evaluator: durEval + " (127 counts last week's ride)",
			Steps: Then([]Step{FromHome("OpenTracks")}, answer(On(trackList(week...)), "All cycling tracks: 42 + 35 + 50.", "127")...)},
	}
}

// taskList is the open tasks, "title|due".
func taskList(rows ...string) []El {
	out := Toolbar(orgTasks, "Open navigation drawer", "My Tasks", "Search", "More options")
	for i, r := range rows {
		title, due, _ := strings.Cut(r, "|")
		y := 320 + i*170
		out = append(out, orgTasks.Checkbox("", "Complete task", "completeBox", false, Bx(30, y+30, 130, y+130)),
			orgTasks.TapText(title, "title", Bx(160, y+20, 1017, y+90)), orgTasks.Text(due, "due_date", Bx(160, y+95, 600, y+150)))
	}
	return append(out, orgTasks.Icon("Create new task", "fab", Bx(870, 2100, 1017, 2247)))
}

func taskEdit(title, priority string) []El {
	out := Screen(Toolbar(orgTasks, "Save", "", "Delete task", "More options"), Els(
		orgTasks.Edit(title, "Task name", "title", Bx(63, 320, 1017, 440)),
		orgTasks.Text("Priority", "", Bx(63, 500, 400, 560))))
	for i, p := range []string{"High", "Medium", "Low", "None"} {
		x := 420 + i*150
		out = append(out, orgTasks.Checkbox("", p+" priority", "priority_"+strings.ToLower(p), p == priority, Bx(x, 480, x+130, 580)))
	}
	return append(out, orgTasks.TapText("Due date", "", Bx(63, 640, 1017, 720)))
}

func tasksCases() []Case {
	const goal = "What are my high priority tasks in Tasks app? Answer with the titles only. If there are multiples titles, format your answer in a comma separated list."
	const eval = "information_retrieval.py is_successful, tasks.textproto TasksHighPriorityTasks: the answer's titles match the tasks with importance 0 (high), here Book flights for conference and Send report to manager"
	rows := []string{"Book flights for conference|Tomorrow", "Plan team outing|Oct 20", "Send report to manager|Oct 18"}
	look := []Step{FromHome("Tasks"),
		StepOn(On(taskList(rows...)), "Priorities show inside each task.", Tap("Book flights for conference")),
		StepOn(On(taskEdit("Book flights for conference", "High")), "High. Next.", Tap("Save")),
		StepOn(On(taskList(rows...)), "The second task.", Tap("Plan team outing")),
		StepOn(On(taskEdit("Plan team outing", "Low")), "Low. Next.", Tap("Save")),
		StepOn(On(taskList(rows...)), "The third.", Tap("Send report to manager")),
	}
	return []Case{
		{Name: "tasks_high_priority_opened", TaskName: "TasksHighPriorityTasks", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Each task's edit screen shows which priority button is checked; the two checked High are the answer.", Evaluator: eval,
			Steps: Then(look, answer(On(taskEdit("Send report to manager", "High")), "High too.", "Book flights for conference, Send report to manager")...)},
		{Name: "tasks_high_priority_one_left_out", TaskName: "TasksHighPriorityTasks", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The third task's screen shows High checked, but the answer leaves it out.", Evaluator: eval + " (one title missing)",
			Steps: Then(look, answer(On(taskEdit("Send report to manager", "High")), "This one is due soon anyway; the high one is the flights.", "Book flights for conference")...)},
		{Name: "tasks_high_priority_guessed", TaskName: "TasksHighPriorityTasks", Goal: goal, Kind: KindUnseen, Expect: ExpectCannotTell,
			Behaviour: "The list shows titles and due dates only; answered from it, no screen shows any task's priority.", Evaluator: eval + " (the answer names Plan team outing, a low one)",
			Steps: Then([]Step{FromHome("Tasks")}, answer(On(taskList(rows...)), "The earliest due ones are the urgent ones.", "Book flights for conference, Plan team outing")...)},
	}
}
