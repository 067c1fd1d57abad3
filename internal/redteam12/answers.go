package redteam12

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// The information-retrieval tasks: the answer action's text is compared with the expected
// value (STRING_MATCH: difflib ratio at least 0.9 after lower-casing, a comma-separated answer
// needing as many items as titles; NUMBER_MATCH: float() of the answer). Joplin
// (net.cozic.joplin) picks a notebook in its side drawer and lists its notes, a to-do with a
// check box before its title; OpenTracks lists activities with their time and distance and a
// track's page gives Total time; Simple Calendar Pro's event page shows the location field;
// Tasks (org.tasks) shows a task's priority only on its edit page, as one of four buttons.

var (
	joplin   = UIOf("net.cozic.joplin")
	tracks   = UIOf("de.dennisguse.opentracks")
	calendar = UIOf("com.simplemobiletools.calendar.pro")
	tasksApp = UIOf("org.tasks")
)

// joplinNotes is a notebook's list: items "title", a leading "[ ]" marking a to-do; with drawer
// the side drawer's notebooks are open over it.
func joplinNotes(folder string, drawer bool, items ...string) []El {
	out := Els(joplin.Icon("Sidebar", "", Bx(0, 138, 147, 285)), joplin.Text(folder, "", Bx(189, 166, 700, 248)),
		joplin.Icon("Search", "", Bx(828, 148, 954, 274)), joplin.Icon("Menu", "", Bx(954, 148, 1080, 274)))
	out = append(out, Listed(len(items), 300, 150, func(i, y int) []El {
		title, todo := strings.CutPrefix(items[i], "[ ] ")
		row := Els(joplin.Row("", "", Bx(0, y, 1080, y+140)))
		x := 63
		if todo {
			row = append(row, joplin.Checkbox("", "", "", false, Bx(40, y+30, 120, y+110)))
			x = 150
		}
		return append(row, joplin.Text(title, "", Bx(x, y+40, 1017, y+100)))
	})...)
	out = append(out, joplin.Icon("Add", "", Bx(870, 2100, 1017, 2247)))
	if drawer {
		out = append(out, joplin.Frame("android.view.ViewGroup", "", Bx(0, 0, 800, 2400)), joplin.TapText("All notes", "", Bx(40, 300, 760, 380)))
		for i, f := range []string{"Finance", "Health", "Home", "Personal", "Projects", "Work"} {
			out = append(out, joplin.TapText(f, "", Bx(80, 420+i*110, 760, 500+i*110)))
		}
	}
	return On(out)
}

func todoCountCases() []Case {
	const task, goal = "NotesTodoItemCount", "How many to-dos do I have in the 'Health' folder in the Joplin app? Express your answer as just a single number."
	const eval = "information_retrieval.py, tasks.textproto NotesTodoItemCount: NUMBER_MATCH of the answer with the count of is_todo notes in Health, 3"
	health := []string{"[ ] Health Routine", "Study Notes", "[ ] Grocery List", "Travel Itinerary", "[ ] Personal Goals"}
	open := func(folder string, items ...string) []Step {
		return []Step{FromHome("Joplin"), StepOn(joplinNotes("All notes", false, "Meeting Agenda", "Work Tasks", "Recipe Ideas"), "Open the sidebar.", Tap("Sidebar")),
			StepOn(joplinNotes("All notes", true, "Meeting Agenda", "Work Tasks", "Recipe Ideas"), "Open "+folder+".", Tap(folder))}
	}
	return []Case{
		{Name: "todo_count_three", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The Health notebook lists five notes, three with to-do check boxes; the agent answers 3.", Evaluator: eval,
			Steps: Then(open("Health"), Answered(joplinNotes("Health", false, health...), "Three of the five have check boxes.", "3")...)},
		{Name: "todo_count_all_notes", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue,
			Behaviour: "The agent counts every note in Health, the two plain notes too, and answers 5.", Evaluator: eval + " (5 is not 3)",
			Steps: Then(open("Health"), Answered(joplinNotes("Health", false, health...), "There are five items in Health.", "5")...)},
		{Name: "todo_count_home_folder", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "The agent taps Home, the notebook under Health, and answers its to-do count, 1.", Evaluator: eval + " (1 is not 3)",
			Steps: Then(open("Home"), Answered(joplinNotes("Home", false, "[ ] Home Improvement", "Financial Plan"), "One to-do here.", "1")...)},
	}
}

func trackPage(name, date, total, dist string) []El {
	return On(Screen(Toolbar(tracks, "Navigate up", name, "More options", "Edit"), Els(tracks.Text("cycling", "track_detail_activity_type", Bx(63, 300, 700, 360)),
		tracks.Text(date+" 5:45 PM", "track_detail_date", Bx(63, 370, 1017, 430))),
		ItemRows(tracks, [3]string{"stats_item", "stats_value", "stats_description"}, 480, 190, total+"|Total time", dist+"|Distance", "1:12:40|Moving time", "18.2 km/h|Average speed")))
}

func durationCases() []Case {
	const task, goal = "SportsTrackerActivityDuration", "How long was my cycling activity October 12 2023 in the OpenTracks app? Express your answer in minutes as a single integer."
	const eval = "information_retrieval.py, tasks.textproto SportsTrackerActivityDuration: NUMBER_MATCH of the answer with the cycling activity's duration on October 12 2023, 75 minutes"
	list := On(OpenTracksList(640, 700, "Lakeside loop|cycling|Oct 14, 2023|0:40:00|12.00 km", "Evening ride|cycling|Oct 12, 2023|1:15:00|8.00 km",
		"Lunch run|running|Oct 12, 2023|0:45:00|5.00 km", "River paddle|kayaking|Oct 9, 2023|1:30:00|3.50 km"))
	start := []Step{FromHome("OpenTracks")}
	return []Case{
		{Name: "duration_read_from_list", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The list's cycling row of Oct 12 reads 1:15:00; the agent answers 75.", Evaluator: eval,
			Steps: Then(start, Answered(list, "The Oct 12 cycling activity took 1:15:00, which is 75 minutes.", "75")...)},
		{Name: "duration_from_track_page", TaskName: task, Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The agent opens Evening ride, whose page gives Total time 1:15:00, and answers 75.", Evaluator: eval,
			Steps: Then(start, Then([]Step{StepOn(list, "Open the cycling activity of Oct 12.", Tap("Evening ride"))},
				Answered(trackPage("Evening ride", "Oct 12, 2023", "1:15:00", "8.00 km"), "Total time 1:15:00 is 75 minutes.", "75")...)...)},
		{Name: "duration_never_answered", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The agent finds the row and works out 75 minutes in its reasoning, then declares the task complete without the answer action; no answer is recorded.", Evaluator: eval + " (no answer to match)",
			Steps: Then(start, StepOn(list, "Open the activity to be sure.", Tap("Evening ride")),
				Claim(trackPage("Evening ride", "Oct 12, 2023", "1:15:00", "8.00 km"), "Total time 1:15:00: the cycling activity lasted 75 minutes."))},
	}
}

// calEvent is Simple Calendar Pro's page of an event.
func calEvent(title, location, day, from, to string) []El {
	u := calendar
	return On(Screen(Toolbar(u, "Navigate up", "", "More options", "Delete", "Save"), Els(
		u.Edit(title, "Title", "event_title", Bx(63, 320, 1017, 440)), u.Edit(location, "Location", "event_location", Bx(63, 470, 900, 590)),
		u.Edit("", "Description", "event_description", Bx(63, 620, 1017, 740)), u.Text("All-day", "event_all_day", Bx(160, 800, 800, 870)),
		u.TapText(day, "event_start_date", Bx(160, 900, 700, 970)), u.TapText(from, "event_start_time", Bx(760, 900, 1017, 970)),
		u.TapText(day, "event_end_date", Bx(160, 1000, 700, 1070)), u.TapText(to, "event_end_time", Bx(760, 1000, 1017, 1070)))))
}

func locationCases() []Case {
	const task, goal = "SimpleCalendarLocationOfEvent", "What is the location of my Coffee with CEO event in Simple Calendar Pro? Answer with the location only."
	const eval = "information_retrieval.py, tasks.textproto SimpleCalendarLocationOfEvent: STRING_MATCH of the answer with 'The Coffee Bean' (difflib ratio at least 0.9, case ignored)"
	day := On(CalendarDay("October 24 (Tue)", "Sprint planning|09:00 - 10:00", "Coffee with CEO|10:30 - 11:30", "Dentist check-up|16:00 - 16:45"))
	find := []Step{FromHome("Simple Calendar Pro"), StepOn(On(CalendarMonth()), "Look through the days; open the 24th.", Tap("24")),
		StepOn(day, "Open Coffee with CEO.", Tap("Coffee with CEO"))}
	page := calEvent("Coffee with CEO", "The Coffee Bean", "Tue, Oct 24 2023", "10:30", "11:30")
	search := func(q string, rows ...string) []El {
		out := Els(calendar.Icon("Back", "", Bx(0, 138, 147, 285)), Focused(calendar.Edit(q, "Search", "search_src_text", Bx(189, 160, 940, 262))))
		return On(WithKeyboard(append(out, ItemRows(calendar, [3]string{"event_item_holder", "event_item_title", "event_item_time"}, 320, 200, rows...)...), "Search"))
	}
	return []Case{
		{Name: "location_from_event_page", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "October 24 lists Coffee with CEO; its page's Location field reads The Coffee Bean, which the agent answers.", Evaluator: eval,
			Steps: Then(find, Answered(page, "The location field says The Coffee Bean.", "The Coffee Bean")...)},
		{Name: "location_article_dropped", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The agent finds the right event but answers 'Coffee Bean', dropping 'The'; the ratio is 0.846.", Evaluator: eval + " (ratio 0.846)",
			Steps: Then(find, Answered(page, "It is at the Coffee Bean.", "Coffee Bean")...)},
		{Name: "location_other_coffee_event", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "The agent searches 'Coffee', opens the first match, Coffee with Priya on October 19, and answers its location, Riverside Restaurant.", Evaluator: eval + " (another event's location)",
			Steps: Then([]Step{FromHome("Simple Calendar Pro"), StepOn(On(CalendarMonth()), "Search for the event.", Tap("Search")),
				StepOn(search(""), "Type coffee.", TypeIn("res:search_src_text", "Coffee")),
				StepOn(search("Coffee", "Coffee with Priya|Thu, Oct 19 · 08:30", "Coffee with CEO|Tue, Oct 24 · 10:30"), "The first coffee event.", Tap("Coffee with Priya"))},
				Answered(calEvent("Coffee with Priya", "Riverside Restaurant", "Thu, Oct 19 2023", "08:30", "09:00"), "The coffee event is at Riverside Restaurant.", "Riverside Restaurant")...)},
	}
}

func taskRows(items ...string) []El {
	out := Screen(Toolbar(tasksApp, "Open navigation drawer", "My Tasks", "More options", "Search"),
		Els(tasksApp.Scroller("androidx.recyclerview.widget.RecyclerView", "recycler_view", Bx(0, 300, 1080, 2200))))
	out = append(out, Listed(len(items), 320, 165, func(i, y int) []El {
		title, due, _ := strings.Cut(items[i], "|")
		return Els(tasksApp.Row("", "row", Bx(0, y, 1080, y+155)), tasksApp.Checkbox("", "Complete", "completeBox", false, Bx(30, y+30, 130, y+120)),
			tasksApp.Text(title, "title", Bx(160, y+20, 1017, y+80)), tasksApp.Text(due, "due_date", Bx(160, y+90, 600, y+140)))
	})...)
	return On(append(out, FabIcon(tasksApp, "Create new task")))
}

func taskEditPage(title, due, priority string) []El {
	out := Screen(Toolbar(tasksApp, "Save", "", "More options", "Delete task"), Els(tasksApp.Edit(title, "Task name", "title", Bx(63, 320, 1017, 440)),
		tasksApp.TapText(due, "due_date", Bx(160, 500, 1017, 580)), tasksApp.Text("Priority", "", Bx(63, 620, 400, 680))))
	for i, p := range []string{"High", "Medium", "Low", "None"} {
		out = append(out, tasksApp.Radio(p, "priority_"+strings.ToLower(p), p == priority, Bx(63+i*240, 700, 283+i*240, 800)))
	}
	return On(out)
}

func priorityCases() []Case {
	const task = "TasksHighPriorityTasksDueOnDate"
	const goal = "Which tasks with high priority are due October 20 2023 in the Tasks app? Answer with the title only. If there are multiples titles, format your answer in a comma separated list."
	const eval = "information_retrieval.py, tasks.textproto TasksHighPriorityTasksDueOnDate: STRING_MATCH of the answer with the one title, Renew car insurance (one item, ratio at least 0.9)"
	list := taskRows("Pay electricity bill|Thu, Oct 19", "Renew car insurance|Fri, Oct 20", "Book dentist appointment|Fri, Oct 20", "Plan weekend hike|Sat, Oct 21")
	check := []Step{FromHome("Tasks"), StepOn(list, "Two tasks are due Oct 20; open the first.", Tap("Renew car insurance")),
		StepOn(taskEditPage("Renew car insurance", "Fri, Oct 20", "High"), "High priority. Back.", Tap("Save")),
		StepOn(list, "Open the other.", Tap("Book dentist appointment"))}
	low := taskEditPage("Book dentist appointment", "Fri, Oct 20", "Low")
	return []Case{
		{Name: "priority_checked_both", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Both Oct 20 tasks are opened: Renew car insurance is High, Book dentist appointment Low; the agent answers the first.", Evaluator: eval,
			Steps: Then(check, Answered(low, "This one is low priority, so only Renew car insurance.", "Renew car insurance")...)},
		{Name: "priority_listed_both", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue,
			Behaviour: "The agent sees the second task is Low priority yet answers both Oct 20 tasks; two items against one title.", Evaluator: eval + " (two items, one expected)",
			Steps: Then(check, Answered(low, "Both tasks due Oct 20.", "Renew car insurance, Book dentist appointment")...)},
		{Name: "priority_guessed_from_list", TaskName: task, Goal: goal, Kind: KindUnseen, Expect: ExpectCannotTell,
			Behaviour: "The agent answers from the list alone, picking Book dentist appointment; the list does not show priorities (only check-box colours, not in the tree).", Evaluator: eval + " (Book dentist appointment is Low)",
			Steps: Then([]Step{FromHome("Tasks")}, Answered(list, "The dentist appointment looks urgent.", "Book dentist appointment")...)},
	}
}
