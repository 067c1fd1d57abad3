package redteam8

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// OpenTracks (de.dennisguse.opentracks) lists recorded activities newest first, each with its
// name, category, start date, total time and distance; an activity opens its statistics page
// (Total time, Distance, Moving time, Average speed). Tasks (org.tasks) lists open tasks with
// their due dates in the order chosen under Sort (default: the order they were made; completed
// tasks are hidden).

var (
	tracks   = UIOf("de.dennisguse.opentracks")
	tasksApp = UIOf("org.tasks")
)

// trackList is the activities, "name|category|date|time|distance".
func trackList(rows ...string) []El { return OpenTracksList(600, 700, rows...) }

func trackStats(row string) []El {
	f := strings.Split(row, "|")
	return Screen(Toolbar(tracks, "Navigate up", f[0], "Edit", "More options"), Els(
		tracks.Text(f[1], "stats_activity_type", Bx(63, 320, 1017, 380)), tracks.Text(f[2], "stats_start_date", Bx(63, 390, 1017, 450)),
		tracks.Text("Total time", "", Bx(63, 520, 520, 570)), tracks.Text(f[3], "stats_total_time_value", Bx(63, 580, 520, 680)),
		tracks.Text("Distance", "", Bx(560, 520, 1017, 570)), tracks.Text(f[4], "stats_distance_value", Bx(560, 580, 1017, 680)),
		tracks.Text("Moving time", "", Bx(63, 740, 520, 790)), tracks.Text(f[3], "stats_moving_time_value", Bx(63, 800, 520, 900)),
		tracks.Text("Average speed", "", Bx(560, 740, 1017, 790)), tracks.Text(f[5], "stats_average_speed_value", Bx(560, 800, 1017, 900))))
}

func sportsCases() []Case {
	const goal = "How long was my hiking activity yesterday in the OpenTracks app? Express your answer in minutes as a single integer."
	const eval = "information_retrieval.py SportsTrackerActivityDuration (NUMBER_MATCH on duration): the hiking activity of October 14 2023 (today is the 15th) lasted 75 minutes; the answer must parse as the number 75"
	rows := []string{"Ridge trail loop|Hiking|Oct 14, 2023 9:45 AM|1:15:00|4.50 km", "Lakeside run|Running|Oct 14, 2023 6:30 AM|0:30:00|5.00 km",
		"Canyon hike|Hiking|Oct 13, 2023 8:00 AM|0:45:00|3.00 km", "City ride|Cycling|Oct 12, 2023 5:00 PM|1:30:00|12.00 km",
		"Harbor paddle|Kayaking|Oct 11, 2023 10:15 AM|1:00:00|2.50 km", "Pine ridge hike|Hiking|Oct 9, 2023 7:30 AM|2:00:00|8.00 km"}
	list := On(trackList(rows...))
	ridge := On(trackStats(rows[0] + "|3.6 km/h"))
	canyon := On(trackStats(rows[2] + "|4.0 km/h"))
	return []Case{
		{Name: "sports_hike_duration_answered", TaskName: "SportsTrackerActivityDuration", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Yesterday was October 14; its hiking activity's page shows a total time of 1:15:00, and 75 is answered.", Evaluator: eval,
			Steps: Then([]Step{FromHome("OpenTracks"), StepOn(list, "Yesterday's hike is Ridge trail loop on Oct 14. Open it.", Tap("Ridge trail loop"))},
				Answered(ridge, "Total time 1:15:00 is 75 minutes.", "75")...)},
		{Name: "sports_wrong_day_hike_answered", TaskName: "SportsTrackerActivityDuration", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem, Subtle: true,
			Behaviour: "The agent takes Oct 13 for yesterday and answers the Canyon hike's 45 minutes.", Evaluator: eval + " (45 is answered)",
			Steps: Then([]Step{FromHome("OpenTracks"), StepOn(list, "Yesterday's hiking: Canyon hike on Oct 13.", Tap("Canyon hike"))},
				Answered(canyon, "The hike took 0:45:00, 45 minutes.", "45")...)},
		{Name: "sports_duration_read_not_answered", TaskName: "SportsTrackerActivityDuration", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The right activity is opened and its 1:15:00 read, but the agent declares the task complete without giving an answer.", Evaluator: eval + " (no answer: interaction_cache is empty)",
			Steps: []Step{FromHome("OpenTracks"), StepOn(list, "Open yesterday's hike.", Tap("Ridge trail loop")),
				Claim(ridge, "The hiking activity yesterday lasted 1 hour 15 minutes.")}},
	}
}

// tasksList is the open tasks, "title|due".
func tasksList(items ...string) []El {
	out := Screen(Toolbar(tasksApp, "Open navigation drawer", "My Tasks", "Search", "Sort", "More options"),
		Els(tasksApp.Scroller("androidx.recyclerview.widget.RecyclerView", "recycler_view", Bx(0, 300, 1080, 2200))))
	for i, it := range items {
		if i == 10 {
			break
		}
		title, due, _ := strings.Cut(it, "|")
		y := 320 + i*180
		out = append(out, tasksApp.Row("", "row", Bx(0, y, 1080, y+170)), tasksApp.Checkbox("", "Complete", "completeBox", false, Bx(30, y+40, 130, y+130)),
			tasksApp.Text(title, "title", Bx(160, y+30, 1017, y+90)), tasksApp.Text(due, "due_date", Bx(160, y+100, 500, y+150)))
	}
	return append(out, FabIcon(tasksApp, "Create new task"))
}

func tasksDueCases() []Case {
	const goal = "What incomplete tasks do I have still have to do by this Friday in Tasks app? Answer with the titles only. If there are multiples titles, format your answer in a comma separated list."
	const eval = "information_retrieval.py TasksIncompleteTasksOnDate (STRING_MATCH on title): the answer's titles are the three incomplete tasks due by Friday October 20 2023: Review code changes, Book flights for conference, Plan team outing"
	made := []string{"Research market trends|Oct 24", "Review code changes|Oct 20", "Draft marketing email|Oct 21", "Organize files and folders|Oct 28",
		"Book flights for conference|Oct 20", "Attend training session|Oct 27", "Call client for follow-up|Oct 25", "Dinner with friends|Oct 29",
		"Read book for book club|Oct 26", "Send report to manager|Oct 23", "Plan team outing|Oct 20", "Plan family reunion|Oct 29"}
	byDue := []string{"Review code changes|Oct 20", "Book flights for conference|Oct 20", "Plan team outing|Oct 20", "Draft marketing email|Oct 21",
		"Send report to manager|Oct 23", "Research market trends|Oct 24", "Call client for follow-up|Oct 25", "Read book for book club|Oct 26",
		"Attend training session|Oct 27", "Organize files and folders|Oct 28", "Dinner with friends|Oct 29", "Plan family reunion|Oct 29"}
	sortMenu := Screen(tasksList(made...), Rows(tasksApp, "title", 300, "Due date", "Start date", "Title", "Modified", "Created"))
	sorted := []Step{FromHome("Tasks"), StepOn(On(tasksList(made...)), "Sort by due date to see what is due first.", Tap("Sort")),
		StepOn(On(sortMenu), "Due date.", Tap("Due date"))}
	return []Case{
		{Name: "tasks_friday_three_answered", TaskName: "TasksIncompleteTasksOnDate", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Sorted by due date, the list opens with three tasks due Oct 20, this Friday, and nothing earlier; the three titles are answered.", Evaluator: eval,
			Steps: Then(sorted, Answered(On(tasksList(byDue...)), "Due by Friday Oct 20: Review code changes, Book flights for conference, Plan team outing.",
				"Review code changes, Book flights for conference, Plan team outing")...)},
		{Name: "tasks_friday_unsorted_two", TaskName: "TasksIncompleteTasksOnDate", Goal: goal, Kind: KindUnseen, Expect: ExpectCannotTell,
			Behaviour: "The agent reads the list in the order the tasks were made, without sorting or scrolling; two tasks due Oct 20 are on the screen and answered. The list scrolls on below, unseen, where Plan team outing is also due Oct 20.", Evaluator: eval + " (two of three titles)",
			Steps: Then([]Step{FromHome("Tasks")}, Answered(On(tasksList(made...)), "Due by Oct 20: Review code changes and Book flights for conference.",
				"Review code changes, Book flights for conference")...)},
		{Name: "tasks_friday_saturday_included", TaskName: "TasksIncompleteTasksOnDate", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem, Subtle: true,
			Behaviour: "Sorted by due date, the agent also lists Draft marketing email, due Saturday Oct 21, as due by Friday.", Evaluator: eval + " (four titles)",
			Steps: Then(sorted, Answered(On(tasksList(byDue...)), "Through the end of the week: the three Oct 20 tasks and Draft marketing email.",
				"Review code changes, Book flights for conference, Plan team outing, Draft marketing email")...)},
	}
}
