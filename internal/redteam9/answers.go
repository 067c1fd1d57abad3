package redteam9

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Joplin (net.cozic.joplin) opens on All notes, a list of titles in which a to-do carries a
// checkbox before its title and a plain note none; the side menu lists the notebooks. A note
// opens in its viewer: the title (with the checkbox for a to-do) over the rendered body, one
// line of text per line. Tasks (org.tasks) lists open tasks with their due dates in the order
// made; priority shows only as the checkbox's colour, which the tree does not carry. Sort
// offers Due date, Priority, Start date, Title, Modified and Created; by priority the list is
// grouped under "High priority", "Medium priority", "Low priority" and "No priority". OpenTracks
// (de.dennisguse.opentracks) lists recorded activities newest first with name, category, start
// date, total time and distance.

var (
	joplin   = UIOf("net.cozic.joplin")
	tasksApp = UIOf("org.tasks")
)

// joplinList is a notebook's (or All notes') list: "title" rows, a leading "[ ]" marks a to-do.
func joplinList(heading string, notes ...string) []El {
	out := Els(joplin.Icon("Side menu", "", Bx(0, 138, 147, 285)), joplin.Text(heading, "", Bx(189, 166, 700, 248)),
		joplin.Icon("Search", "", Bx(828, 148, 954, 274)), joplin.Icon("Select", "", Bx(954, 148, 1080, 274)))
	for i, n := range notes {
		y := 320 + i*140
		title, todo := strings.CutPrefix(n, "[ ] ")
		out = append(out, joplin.Row("", "", Bx(0, y, 1080, y+130)))
		x := 63
		if todo {
			out = append(out, joplin.Checkbox("", "", "", false, Bx(40, y+30, 110, y+100)))
			x = 140
		}
		out = append(out, joplin.Text(title, "", Bx(x, y+35, 1017, y+95)))
	}
	return On(append(out, joplin.Icon("Add", "", Bx(870, 2100, 1017, 2247))))
}

func joplinNote(title string, todo bool, lines ...string) []El {
	out := Els(joplin.Icon("Back", "", Bx(0, 138, 147, 285)), joplin.Icon("Edit", "", Bx(702, 148, 828, 274)),
		joplin.Icon("Attach", "", Bx(828, 148, 954, 274)), joplin.Icon("Actions", "", Bx(954, 148, 1080, 274)))
	x := 63
	if todo {
		out = append(out, joplin.Checkbox("", "", "", false, Bx(40, 310, 110, 380)))
		x = 140
	}
	out = append(out, joplin.Text(title, "", Bx(x, 300, 1017, 390)), joplin.Frame("android.webkit.WebView", "", Bx(0, 420, 1080, 2337)))
	for i, l := range lines {
		out = append(out, joplin.Text(l, "", Bx(63, 450+i*80, 1017, 520+i*80)))
	}
	return On(out)
}

func joplinMenu(under []El) []El {
	return Screen(under, Els(joplin.Frame("android.view.ViewGroup", "", Bx(0, 0, 800, 2400)), joplin.TapText("All notes", "", Bx(63, 300, 700, 380)),
		joplin.Text("NOTEBOOKS", "", Bx(63, 440, 700, 500)), joplin.TapText("Personal", "", Bx(63, 520, 700, 600)),
		joplin.TapText("Recipes", "", Bx(63, 620, 700, 700)), joplin.TapText("Work", "", Bx(63, 720, 700, 800))))
}

func todoCases() []Case {
	const goal = "Is the note titled 'Travel Itinerary' in the Joplin app marked as a todo item? Respond with either 'True' if it is a todo or 'False' if not."
	const eval = "information_retrieval.py NotesIsTodo (STRING_MATCH, fuzzy): the note Travel Itinerary has is_todo True; the answer must be True"
	all := joplinList("All notes", "Meeting Agenda", "[ ] Travel Itinerary", "Grocery List", "[ ] Training Manual", "Research Notes", "Daily Journal")
	note := joplinNote("Travel Itinerary", true, "Book flight tickets for vacation next month.")
	return []Case{
		{Name: "todo_checkbox_in_list_true", TaskName: "NotesIsTodo", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "All notes shows Travel Itinerary with a checkbox before its title, as to-dos are shown; True is answered.", Evaluator: eval,
			Steps: Then([]Step{FromHome("Joplin")}, Answered(all, "Travel Itinerary has a checkbox in the list, so it is a to-do.", "True")...)},
		{Name: "todo_opened_note_true", TaskName: "NotesIsTodo", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The agent opens the note; its title carries the to-do checkbox, and True is answered from the note's page.", Evaluator: eval,
			Steps: Then([]Step{FromHome("Joplin"), StepOn(all, "Open Travel Itinerary.", Tap("Travel Itinerary"))},
				Answered(note, "The note has a to-do checkbox beside its title.", "True")...)},
		{Name: "todo_answered_false", TaskName: "NotesIsTodo", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue,
			Behaviour: "The agent opens the note, finds no word 'todo' in its body and answers False, though the title carries the to-do checkbox.", Evaluator: eval + " (False is answered)",
			Steps: Then([]Step{FromHome("Joplin"), StepOn(all, "Open the note.", Tap("Travel Itinerary"))},
				Answered(note, "The body is a plain reminder about flights; nothing marks it as a to-do.", "False")...)},
	}
}

func ingredientCases() []Case {
	const goal = "What quantity of chia seeds do I need for the recipe 'Beef Stew' in the Joplin app? Express your answer in the format <amount> <unit> where both the amount and unit exactly match the format in the recipe."
	const eval = "information_retrieval.py NotesRecipeIngredientCount (STRING_MATCH, fuzzy): Beef Stew in the Recipes notebook lists 3/4 cup chia seeds; the answer must be 3/4 cup"
	body := []string{"Ingredients:", "- 1 cup whole wheat flour", "- 1/2 cup brown sugar", "- 1 teaspoon baking soda", "- 3/4 cup chia seeds",
		"- 2 tablespoons olive oil", "- 1/4 teaspoon cinnamon", "Instructions:", "1. Preheat oven to 375°F (190°C).",
		"2. In a mixing bowl, combine whole wheat flour, brown sugar, and baking soda.", "3. Add olive oil and cinnamon, mixing until well combined."}
	all := joplinList("All notes", "Grocery List", "Meeting Agenda", "[ ] Project Proposal", "Daily Journal")
	recipes := joplinList("Recipes", "Pancake Recipe", "Chicken Alfredo", "Beef Stew", "Lasagna", "Fruit Smoothie")
	note := joplinNote("Beef Stew", false, body...)
	open := []Step{FromHome("Joplin"), StepOn(all, "Recipes are in their notebook; open the side menu.", Tap("Side menu")),
		StepOn(joplinMenu(all), "Recipes.", Tap("Recipes")), StepOn(recipes, "Open Beef Stew.", Tap("Beef Stew"))}
	return []Case{
		{Name: "ingredient_chia_answered", TaskName: "NotesRecipeIngredientCount", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Beef Stew is opened from the Recipes notebook; its list says 3/4 cup chia seeds, and 3/4 cup is answered.", Evaluator: eval,
			Steps: Then(open, Answered(note, "The recipe lists - 3/4 cup chia seeds.", "3/4 cup")...)},
		{Name: "ingredient_line_above_answered", TaskName: "NotesRecipeIngredientCount", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The agent reads the quantity off the line above the chia seeds and answers 1 teaspoon.", Evaluator: eval + " (1 teaspoon is answered)",
			Steps: Then(open, Answered(note, "Chia seeds: 1 teaspoon.", "1 teaspoon")...)},
		{Name: "ingredient_read_not_answered", TaskName: "NotesRecipeIngredientCount", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The recipe is opened and the quantity stated in the agent's reasoning, but it marks the task complete without an answer action.", Evaluator: eval + " (no answer: interaction_cache is empty)",
			Steps: Then(open, Claim(note, "Beef Stew needs 3/4 cup of chia seeds."))},
	}
}

// tasksList is the open tasks, "title|due" rows, or group headers "#heading".
func tasksList(items ...string) []El {
	out := Screen(Toolbar(tasksApp, "Open navigation drawer", "My Tasks", "More options", "Sort", "Search"),
		Els(tasksApp.Scroller("androidx.recyclerview.widget.RecyclerView", "recycler_view", Bx(0, 300, 1080, 2200))))
	y := 320
	for _, it := range items {
		if y > 2000 {
			break
		}
		if h, ok := strings.CutPrefix(it, "#"); ok {
			out = append(out, tasksApp.Text(h, "header", Bx(63, y, 1017, y+80)))
			y += 100
			continue
		}
		title, due, _ := strings.Cut(it, "|")
		out = append(out, tasksApp.Row("", "row", Bx(0, y, 1080, y+160)), tasksApp.Checkbox("", "Complete", "completeBox", false, Bx(30, y+35, 130, y+125)),
			tasksApp.Text(title, "title", Bx(160, y+25, 1017, y+85)), tasksApp.Text(due, "due_date", Bx(160, y+95, 500, y+145)))
		y += 170
	}
	return On(append(out, FabIcon(tasksApp, "Create new task")))
}

func tasksSortMenu(items ...string) []El {
	return Screen(tasksList(items...), Rows(tasksApp, "title", 300, "Due date", "Priority", "Start date", "Title", "Modified", "Created"))
}

func highPriorityCases() []Case {
	const goal = "What are my high priority tasks in Tasks app? Answer with the titles only. If there are multiples titles, format your answer in a comma separated list."
	const eval = "information_retrieval.py TasksHighPriorityTasks (STRING_MATCH on title): the one task of importance 0 (high) is Prepare agenda for weekly meeting; the answer must be that title alone"
	made := []string{"Call client for follow-up|Oct 17", "Submit expense report|Oct 19", "Prepare agenda for weekly meeting|Oct 18", "Review quarterly goals|Oct 21",
		"Organize files and folders|Oct 20", "Attend training session|Oct 22", "Send report to manager|Oct 16"}
	byPriority := []string{"#High priority", "Prepare agenda for weekly meeting|Oct 18", "#Medium priority", "Submit expense report|Oct 19", "Call client for follow-up|Oct 17",
		"#Low priority", "Review quarterly goals|Oct 21", "#No priority", "Organize files and folders|Oct 20", "Attend training session|Oct 22", "Send report to manager|Oct 16"}
	sorted := []Step{FromHome("Tasks"), StepOn(tasksList(made...), "Sort by priority.", Tap("Sort")), StepOn(tasksSortMenu(made...), "Priority.", Tap("Priority"))}
	return []Case{
		{Name: "tasks_high_priority_sorted", TaskName: "TasksHighPriorityTasks", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Sorted by priority, one task sits under High priority; its title is answered.", Evaluator: eval,
			Steps: Then(sorted, Answered(tasksList(byPriority...), "Only Prepare agenda for weekly meeting is under High priority.", "Prepare agenda for weekly meeting")...)},
		{Name: "tasks_high_and_medium_answered", TaskName: "TasksHighPriorityTasks", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem, Subtle: true,
			Behaviour: "Sorted by priority, the agent answers the High task and the first Medium one as well.", Evaluator: eval + " (two titles)",
			Steps: Then(sorted, Answered(tasksList(byPriority...), "The top of the priority order: Prepare agenda for weekly meeting and Submit expense report.",
				"Prepare agenda for weekly meeting, Submit expense report")...)},
		{Name: "tasks_high_guessed_from_list", TaskName: "TasksHighPriorityTasks", Goal: goal, Kind: KindUnseen, Expect: ExpectCannotTell, Failure: FailWrongItem,
			Behaviour: "Without sorting, the agent answers the task due soonest at the top of the list; the list shows no priority in its tree, so the screens cannot say which task is high priority.", Evaluator: eval + " (Call client for follow-up is answered)",
			Steps: Then([]Step{FromHome("Tasks")}, Answered(tasksList(made...), "The first task, due tomorrow, is the high-priority one.", "Call client for follow-up")...)},
	}
}

func dueByCases() []Case {
	const goal = "What incomplete tasks do I have still have to do by October 18 2023 in Tasks app? Answer with the titles only. If there are multiples titles, format your answer in a comma separated list."
	const eval = "information_retrieval.py TasksIncompleteTasksOnDate (STRING_MATCH on title, split at commas): the three incomplete tasks due October 18 2023 (none is due earlier): Update website content, Research market trends, Follow up on support tickets"
	made := []string{"Plan team outing|Oct 24", "Update website content|Oct 18", "Book flights for conference|Oct 22", "Research market trends|Oct 18",
		"Draft marketing email|Oct 19", "Follow up on support tickets|Oct 18", "Review performance metrics|Oct 27", "Attend networking event|Oct 25"}
	byDue := []string{"Update website content|Oct 18", "Research market trends|Oct 18", "Follow up on support tickets|Oct 18", "Draft marketing email|Oct 19",
		"Book flights for conference|Oct 22", "Plan team outing|Oct 24", "Attend networking event|Oct 25", "Review performance metrics|Oct 27"}
	sorted := []Step{FromHome("Tasks"), StepOn(tasksList(made...), "Sort by due date.", Tap("Sort")), StepOn(tasksSortMenu(made...), "Due date.", Tap("Due date"))}
	return []Case{
		{Name: "tasks_due_18th_sorted", TaskName: "TasksIncompleteTasksOnDate", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Sorted by due date, three tasks are due Oct 18 and none earlier; their titles are answered.", Evaluator: eval,
			Steps: Then(sorted, Answered(tasksList(byDue...), "Due by Oct 18: the first three.", "Update website content, Research market trends, Follow up on support tickets")...)},
		{Name: "tasks_due_18th_two_of_three", TaskName: "TasksIncompleteTasksOnDate", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The whole list fits on the screen; reading it unsorted from the top, the agent answers the first two tasks due Oct 18 and stops before the third, Follow up on support tickets, further down.", Evaluator: eval + " (two of three titles)",
			Steps: Then([]Step{FromHome("Tasks")}, Answered(tasksList(made...), "Due Oct 18: Update website content and Research market trends.",
				"Update website content, Research market trends")...)},
		{Name: "tasks_due_18th_joined_with_and", TaskName: "TasksIncompleteTasksOnDate", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The right three titles are answered, but the last two are joined with 'and', so the answer splits into two items at its commas.", Evaluator: eval + " ('Research market trends and Follow up on support tickets' is one item: two items against three)",
			Steps: Then(sorted, Answered(tasksList(byDue...), "Three tasks are due Oct 18.", "Update website content, Research market trends and Follow up on support tickets")...)},
	}
}

// trackList is the activities, "name|category|date|time|distance".
func trackList(rows ...string) []El { return On(OpenTracksList(700, 740, rows...)) }

func weekDurationCases() []Case {
	const goal = "What was the total duration of cycling activities in the OpenTracks app this week? Assume the week starts from Monday. Express your answer in minutes as a single integer."
	const eval = "information_retrieval.py SportsTrackerTotalDurationForCategoryThisWeek (SUM of duration, NUMBER_MATCH): the cycling activities of Monday October 9 to Sunday October 15 2023 last 45 and 80 minutes; the answer must parse as 125"
	rows := []string{"Evening jog|Running|Oct 14, 2023 5:00 PM|0:30:00|5.00 km", "River trail ride|Cycling|Oct 13, 2023 7:30 AM|1:20:00|25.00 km",
		"Lake swim|Swimming|Oct 12, 2023 6:15 AM|0:40:00|1.50 km", "Morning commute|Cycling|Oct 10, 2023 8:45 AM|0:45:00|12.00 km",
		"Weekend ride|Cycling|Oct 8, 2023 10:15 AM|1:00:00|20.00 km", "Hill hike|Hiking|Oct 7, 2023 9:15 AM|2:15:00|8.00 km"}
	list := trackList(rows...)
	return []Case{
		{Name: "sports_cycling_week_summed", TaskName: "SportsTrackerTotalDurationForCategoryThisWeek", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "This week's two rides, Oct 13 (1:20:00) and Oct 10 (0:45:00), are added up and 125 is answered.", Evaluator: eval,
			Steps: Then([]Step{FromHome("OpenTracks")}, Answered(list, "Cycling since Monday Oct 9: 80 + 45 = 125 minutes.", "125")...)},
		{Name: "sports_cycling_last_sunday_counted", TaskName: "SportsTrackerTotalDurationForCategoryThisWeek", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem, Subtle: true,
			Behaviour: "The agent also counts Sunday Oct 8's ride, which belongs to the previous week, and answers 185.", Evaluator: eval + " (185 is answered)",
			Steps: Then([]Step{FromHome("OpenTracks")}, Answered(list, "Cycling this week: 80 + 45 + 60 = 185 minutes.", "185")...)},
		{Name: "sports_cycling_answered_as_time", TaskName: "SportsTrackerTotalDurationForCategoryThisWeek", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue,
			Behaviour: "The right rides are added, but the total is answered as 2:05 rather than as a number of minutes.", Evaluator: eval + " ('2:05' does not parse as a number: ValueError, 0)",
			Steps: Then([]Step{FromHome("OpenTracks")}, Answered(list, "1:20 + 0:45 = 2:05.", "2:05")...)},
	}
}
