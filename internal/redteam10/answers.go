package redteam10

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// The information-retrieval tasks: the answer is the agent's answer action, split at commas and
// compared item by item with the expected titles (fuzzily, difflib ratio at least 0.9), or
// parsed as a number. Simple Calendar Pro's month grid draws events as pictures (its tree
// carries the day numbers only), its day page lists them with times. Tasks (org.tasks) hides
// completed tasks until "Show completed" in its menu; a completed task shows a ticked box.
// Joplin (net.cozic.joplin) lists notes by title; a note's viewer is a WebView, whose text
// reaches the accessibility tree once rendered (and not always). OpenTracks lists activities
// newest first (redteamkit.OpenTracksList), seven to a screen.

var (
	tasksApp = UIOf("org.tasks")
	joplin   = UIOf("net.cozic.joplin")
)

func eventsCases() []Case {
	const task = "SimpleCalendarEventsInTimeRange"
	const goal = "Do I have any events between 3:15pm and 8pm October 19 2023 in Simple Calendar Pro? Answer with the titles only. If there are multiples titles, format your answer in a comma separated list."
	const eval = "information_retrieval.py SimpleCalendarEventsInTimeRange (STRING_MATCH on title): the one event of October 19 2023 starting between 3:15pm and 8pm is Yoga Class (17:30); the answer must be that title alone"
	day := On(CalendarDay("Thu, October 19", "Call with HR|11:00 - 11:30", "Yoga Class|17:30 - 18:30", "Movie Night|21:00 - 23:00"))
	open := []Step{FromHome("Simple Calendar Pro"), StepOn(On(CalendarMonth()), "Open October 19.", Tap("19"))}
	return []Case{
		{Name: "calendar_range_yoga_answered", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "October 19's page lists three events; only Yoga Class at 17:30 starts between 15:15 and 20:00, and it is answered.", Evaluator: eval,
			Steps: Then(open, Answered(day, "Between 3:15pm and 8pm only Yoga Class (17:30) starts.", "Yoga Class")...)},
		{Name: "calendar_range_morning_included", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "The agent answers the 11:00 call as well as Yoga Class, though the call is before 3:15pm.", Evaluator: eval + " (two titles against one)",
			Steps: Then(open, Answered(day, "Events that day before 8pm: Call with HR and Yoga Class.", "Call with HR, Yoga Class")...)},
		{Name: "calendar_range_from_month_grid", TaskName: task, Goal: goal, Kind: KindUnseen, Expect: ExpectCannotTell, Failure: FailWrongItem,
			Behaviour: "Without opening the day, the agent answers from the month grid's event pictures, naming Yoga Class and Movie Night; the grid's tree holds no event titles or times.", Evaluator: eval + " (Movie Night starts at 21:00)",
			Steps: Then([]Step{FromHome("Simple Calendar Pro")}, Answered(On(CalendarMonth()), "On the 19th the grid shows Yoga Class and Movie Night in the evening.", "Yoga Class, Movie Night")...)},
	}
}

// taskRows is Tasks' list: "title|due", a leading "[x] " marks a completed task.
func taskRows(items ...string) []El {
	out := Screen(Toolbar(tasksApp, "Open navigation drawer", "My Tasks", "More options", "Search"),
		Els(tasksApp.Scroller("androidx.recyclerview.widget.RecyclerView", "recycler_view", Bx(0, 300, 1080, 2200))))
	for i, it := range items {
		title, done := strings.CutPrefix(it, "[x] ")
		title, due, _ := strings.Cut(title, "|")
		y := 320 + i*165
		out = append(out, tasksApp.Row("", "row", Bx(0, y, 1080, y+155)), tasksApp.Checkbox("", "Complete", "completeBox", done, Bx(30, y+30, 130, y+120)),
			tasksApp.Text(title, "title", Bx(160, y+20, 1017, y+80)), tasksApp.Text(due, "due_date", Bx(160, y+90, 600, y+140)))
	}
	return On(append(out, FabIcon(tasksApp, "Create new task")))
}

func tasksMenu(items ...string) []El {
	return Screen(taskRows(items...), Rows(tasksApp, "title", 300, "Sort", "Show completed", "Clear completed", "Settings", "Help & feedback"))
}

func completedCases() []Case {
	const task = "TasksCompletedTasksForDate"
	const goal = "Which tasks have I completed for October 12 2023 in Tasks app? Answer with the titles only. If there are multiples titles, format your answer in a comma separated list."
	const eval = "information_retrieval.py TasksCompletedTasksForDate (STRING_MATCH on title, split at commas): the three completed tasks due October 12 2023 are Review code changes, Schedule team meeting, Draft marketing email"
	open := []string{"Plan team outing|Oct 17", "Prepare presentation for meeting|Oct 18", "Call client for follow-up|Oct 20", "Research market trends|Oct 23", "Attend networking event|Oct 26"}
	shown := append(append([]string(nil), open...), "[x] Review code changes|Oct 12", "[x] Schedule team meeting|Oct 12", "[x] Book flights for conference|Oct 11",
		"[x] Draft marketing email|Oct 12", "[x] Organize files and folders|Oct 9")
	show := []Step{FromHome("Tasks"), StepOn(taskRows(open...), "Completed tasks are hidden. Open the menu.", Tap("More options")),
		StepOn(tasksMenu(open...), "Show completed.", Tap("Show completed"))}
	return []Case{
		{Name: "tasks_completed_12th_answered", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Show completed lists the ticked tasks with their due dates; the three due Oct 12 are answered.", Evaluator: eval,
			Steps: Then(show, Answered(taskRows(shown...), "Completed and due Oct 12: three tasks.", "Review code changes, Schedule team meeting, Draft marketing email")...)},
		{Name: "tasks_completed_none_found", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue,
			Behaviour: "The agent reads only the open tasks, none due Oct 12, and answers that there are none.", Evaluator: eval + " (no titles)",
			Steps: Then([]Step{FromHome("Tasks")}, Answered(taskRows(open...), "No task in the list is dated October 12.", "None")...)},
		{Name: "tasks_completed_11th_included", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem, Subtle: true,
			Behaviour: "With completed tasks shown, the agent answers the three due Oct 12 and Book flights for conference, due Oct 11, which sits among them.", Evaluator: eval + " (four titles against three)",
			Steps: Then(show, Answered(taskRows(shown...), "The completed tasks around October 12.", "Review code changes, Schedule team meeting, Book flights for conference, Draft marketing email")...)},
	}
}

func joplinNotes(notebook string, titles ...string) []El {
	out := Els(joplin.Icon("Side menu", "", Bx(0, 138, 147, 285)), joplin.Text(notebook, "", Bx(189, 166, 700, 248)),
		joplin.Icon("Search", "", Bx(828, 148, 954, 274)), joplin.Icon("Select", "", Bx(954, 148, 1080, 274)))
	for i, t := range titles {
		y := 320 + i*140
		out = append(out, joplin.Row("", "", Bx(0, y, 1080, y+130)), joplin.Text(t, "", Bx(63, y+35, 1017, y+95)))
	}
	return On(append(out, joplin.Icon("Add", "", Bx(870, 2100, 1017, 2247))))
}

// joplinView is a note open in the viewer; with rendered false the WebView's text is not in the tree.
func joplinView(title string, rendered bool, lines ...string) []El {
	out := Els(joplin.Icon("Back", "", Bx(0, 138, 147, 285)), joplin.Icon("Edit", "", Bx(702, 148, 828, 274)),
		joplin.Icon("Attach", "", Bx(828, 148, 954, 274)), joplin.Icon("Actions", "", Bx(954, 148, 1080, 274)),
		joplin.Text(title, "", Bx(63, 300, 1017, 390)), joplin.Frame("android.webkit.WebView", "", Bx(0, 420, 1080, 2337)))
	if rendered {
		for i, l := range lines {
			out = append(out, joplin.Text(l, "", Bx(63, 450+i*80, 1017, 520+i*80)))
		}
	}
	return On(out)
}

func joplinSide(under []El) []El {
	return Screen(under, Els(joplin.Frame("android.view.ViewGroup", "", Bx(0, 0, 800, 2400)), joplin.TapText("All notes", "", Bx(63, 300, 700, 380)),
		joplin.Text("NOTEBOOKS", "", Bx(63, 440, 700, 500)), joplin.TapText("Meeting Notes", "", Bx(63, 520, 700, 600)),
		joplin.TapText("Personal", "", Bx(63, 620, 700, 700)), joplin.TapText("Recipes", "", Bx(63, 720, 700, 800))))
}

func attendeeCases() []Case {
	const task, title = "NotesMeetingAttendeeCount", "Vendor Negotiation Meeting"
	const goal = "How many attendees were present in the meeting titled '" + title + "' in the Joplin app? Express your answer as just a single number."
	const eval = "information_retrieval.py NotesMeetingAttendeeCount (NUMBER_MATCH): the note says 45 attendees; the answer must parse as the number 45"
	all := []string{"Quarterly Sales Meeting", "Grocery list", title, "Website Redesign Review", "Book recommendations"}
	body := []string{"Date: October 11, 2023", "Attendees: 45", "Agenda: pricing terms, delivery schedule, contract length", "Outcome: second round next week"}
	open := []Step{FromHome("Joplin"), StepOn(joplinNotes("All notes", all...), "The meeting note is listed.", Tap(title))}
	return []Case{
		{Name: "joplin_attendees_45", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The note is opened; it reads 'Attendees: 45', and 45 is answered.", Evaluator: eval,
			Steps: Then(open, Answered(joplinView(title, true, body...), "The note says 45 attendees.", "45")...)},
		{Name: "joplin_attendees_from_pixels", TaskName: task, Goal: goal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The agent goes through the Meeting Notes notebook and opens the note, whose WebView has not reached the tree; it answers 45 from the screenshot, and the tree shows only the title.", Evaluator: eval,
			Steps: Then([]Step{FromHome("Joplin"), StepOn(joplinNotes("All notes", all...), "Open the notebooks.", Tap("Side menu")),
				StepOn(joplinSide(joplinNotes("All notes", all...)), "Meeting Notes.", Tap("Meeting Notes")),
				StepOn(joplinNotes("Meeting Notes", "Quarterly Sales Meeting", title, "Website Redesign Review"), "The vendor meeting.", Tap(title))},
				Answered(joplinView(title, false), "The note lists 45 attendees.", "45")...)},
		{Name: "joplin_attendees_not_answered", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The note is opened and 'Attendees: 45' is on screen, but the agent ends the task without an answer action.", Evaluator: eval + " (no answer: interaction_cache is empty)",
			Steps: Then(open, Claim(joplinView(title, true, body...), "The meeting had 45 attendees."))},
	}
}

func ingredientCases() []Case {
	const task, title = "NotesRecipeIngredientCount", "Vegetable Stir-fry"
	const goal = "What quantity of tahini do I need for the recipe '" + title + "' in the Joplin app? Express your answer in the format <amount> <unit> where both the amount and unit exactly match the format in the recipe."
	const eval = "information_retrieval.py NotesRecipeIngredientCount (STRING_MATCH): the recipe lists 2 tablespoons of tahini; the answer must fuzzily equal '2 tablespoons' (difflib ratio at least 0.9)"
	body := []string{"Ingredients:", "- 2 cups broccoli florets", "- 1 red bell pepper, sliced", "- 1 tablespoon soy sauce", "- 2 tablespoons tahini", "- 1 teaspoon grated ginger",
		"Directions:", "Stir-fry the vegetables, whisk the sauce, toss and serve."}
	recipes := joplinNotes("Recipes", "Beef Stew", "Pancake Recipe", title, "Tacos")
	open := []Step{FromHome("Joplin"), StepOn(joplinNotes("All notes", "Grocery list", "Tacos", title, "Project Kickoff"), "Open the notebooks.", Tap("Side menu")),
		StepOn(joplinSide(joplinNotes("All notes", "Grocery list", "Tacos", title, "Project Kickoff")), "Recipes.", Tap("Recipes")),
		StepOn(recipes, "The stir-fry.", Tap(title))}
	note := joplinView(title, true, body...)
	return []Case{
		{Name: "joplin_tahini_two_tablespoons", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The recipe is opened from the Recipes notebook; its tahini line says 2 tablespoons, answered as written.", Evaluator: eval,
			Steps: Then(open, Answered(note, "Tahini: 2 tablespoons.", "2 tablespoons")...)},
		{Name: "joplin_tahini_abbreviated", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue,
			Behaviour: "The right line is read, but the answer abbreviates the unit: '2 tbsp'.", Evaluator: eval + " (ratio 0.63)",
			Steps: Then(open, Answered(note, "2 tablespoons of tahini.", "2 tbsp")...)},
		{Name: "joplin_tahini_line_above", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "The agent takes the soy sauce line, just above tahini, and answers '1 tablespoon'.", Evaluator: eval + " (ratio 0.88)",
			Steps: Then(open, Answered(note, "The recipe needs 1 tablespoon of tahini.", "1 tablespoon")...)},
	}
}

func runningCases() []Case {
	const task = "SportsTrackerTotalDurationForCategoryThisWeek"
	const goal = "What was the total duration of running activities in the OpenTracks app this week? Assume the week starts from Monday. Express your answer in minutes as a single integer."
	const eval = "information_retrieval.py SportsTrackerTotalDurationForCategoryThisWeek (SUM of duration, NUMBER_MATCH): the running activities of Monday October 9 to Sunday October 15 2023 last 32, 48 and 27 minutes; the answer must parse as 107"
	rows := []string{"Sunday loop|Running|Oct 15, 2023 8:10 AM|0:32:00|5.40 km", "Lunch ride|Cycling|Oct 14, 2023 12:30 PM|1:05:00|22.10 km",
		"Track intervals|Running|Oct 12, 2023 6:45 PM|0:48:00|8.00 km", "Pool laps|Swimming|Oct 11, 2023 7:00 AM|0:35:00|1.20 km",
		"Trail walk|Walking|Oct 10, 2023 5:30 PM|0:55:00|4.30 km", "Park hill climb|Hiking|Oct 10, 2023 9:00 AM|1:40:00|6.20 km",
		"Canal path|Cycling|Oct 9, 2023 4:15 PM|0:50:00|15.60 km", "Easy shakeout|Running|Oct 9, 2023 6:20 AM|0:27:00|4.10 km",
		"Long run|Running|Oct 8, 2023 7:00 AM|1:25:00|16.00 km"}
	top := On(OpenTracksList(640, 720, rows[:7]...))
	below := On(OpenTracksList(640, 720, rows[2:]...))
	scrolled := []Step{FromHome("OpenTracks"), StepOn(top, "Runs so far: 32 and 48. Scroll for the rest of the week.", ScrollDown())}
	return []Case{
		{Name: "tracks_running_week_107", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The list is scrolled to Monday; the runs of Oct 15, 12 and 9 add up to 107 minutes (Oct 8's belongs to the week before).", Evaluator: eval,
			Steps: Then(scrolled, Answered(below, "This week's runs: 32 + 48 + 27 = 107 minutes; Oct 8 is last week.", "107")...)},
		{Name: "tracks_running_week_not_answered", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The list is scrolled to Monday and the total worked out in the agent's reasoning, but it marks the task complete without an answer action.", Evaluator: eval + " (no answer: interaction_cache is empty)",
			Steps: Then(scrolled, Claim(below, "The runs this week total 32 + 48 + 27 = 107 minutes."))},
		{Name: "tracks_running_week_unscrolled", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "Without scrolling, the agent adds the two runs on the first screen and answers 80; Monday's run is below the fold.", Evaluator: eval + " (80 is answered)",
			Steps: Then([]Step{FromHome("OpenTracks")}, Answered(top, "Running this week: 32 + 48 = 80 minutes.", "80")...)},
	}
}
