package redteam7

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Tasks (org.tasks) lists My Tasks with each task's title and its due date as a chip; the
// toolbar's sort menu orders them by due date. A task opened shows its edit screen with the
// due date among its rows.

var tasksApp = UIOf("org.tasks")

// tasksList is the list from "title|due" items.
func tasksList(items ...string) []El {
	out := Screen(Toolbar(tasksApp, "Open navigation drawer", "My Tasks", "Search", "Sort", "More options"),
		Els(tasksApp.Scroller("androidx.recyclerview.widget.RecyclerView", "recycler_view", Bx(0, 300, 1080, 2200))))
	out = append(out, Listed(len(items), 320, 180, func(i, y int) []El {
		title, due, _ := strings.Cut(items[i], "|")
		return Els(tasksApp.Row("", "row", Bx(0, y, 1080, y+170)), tasksApp.Checkbox("", "Complete", "completeBox", false, Bx(30, y+40, 130, y+130)),
			tasksApp.Text(title, "title", Bx(160, y+30, 1017, y+90)), tasksApp.Text(due, "due_date", Bx(160, y+100, 500, y+150)))
	})...)
	return append(out, FabIcon(tasksApp, "Create new task"))
}

func taskEdit(title, due string) []El {
	return Screen(Toolbar(tasksApp, "Save", "", "Delete task", "More options"), Els(
		tasksApp.Edit(title, "Task name", "title", Bx(150, 320, 1017, 450)),
		tasksApp.Text(due, "due_date", Bx(150, 520, 1017, 590)), tasksApp.Text("Start date", "", Bx(150, 650, 1017, 720)),
		tasksApp.Text("Add reminder", "", Bx(150, 780, 1017, 850)), tasksApp.Text("Add tags", "", Bx(150, 910, 1017, 980))))
}

func tasksWeekCases() []Case {
	const goal = "How many tasks do I have due next week in Tasks app? Assume the week starts from Monday. Express your answer as a single integer."
	const eval = "information_retrieval.py TasksDueNextWeek (COUNT, NUMBER_MATCH): tasks due from Monday October 16 to Sunday October 22 2023 (today is Sunday the 15th): 3"
	items := []string{"Call the insurance company|Oct 15", "Schedule team meeting|Oct 17", "Complete project proposal|Oct 19", "Update budget spreadsheet|Oct 22",
		"Plan offsite agenda|Oct 24", "Renew gym membership|Oct 29", "Review code changes|Nov 2"}
	sortMenu := Screen(tasksList(items...), Rows(tasksApp, "title", 300, "Due date", "Start date", "Title", "Modified", "Created"))
	var loop []Step
	for i, it := range items[:4] {
		title, due, _ := strings.Cut(it, "|")
		loop = append(loop, StepOn(On(tasksList(items...)), "Open "+title+" to check when it is due.", Tap("box:0,"+Itoa(320+i*180))),
			StepOn(On(taskEdit(title, "Due "+due+", 2023")), "Noted. Back to the list.", Back()))
	}
	return []Case{
		{Name: "tasks_next_week_counted", TaskName: "TasksDueNextWeek", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The list sorted by due date shows three tasks due Oct 17, 19 and 22, the Monday-to-Sunday week after today, and 3 is answered.", Evaluator: eval,
			Steps: Then([]Step{FromHome("Tasks"), StepOn(On(tasksList(items...)), "Sort by due date to be sure.", Tap("Sort")),
				StepOn(On(sortMenu), "Due date.", Tap("Due date"))},
				Answered(On(tasksList(items...)), "Next week runs Oct 16 to Oct 22: Oct 17, Oct 19 and Oct 22. That is 3.", "3")...)},
		{Name: "tasks_next_week_sunday_left_out", TaskName: "TasksDueNextWeek", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The agent ends the week on Saturday the 21st and leaves out the task due Sunday the 22nd, answering 2.", Evaluator: eval + " (2 is answered)",
			Steps: Then([]Step{FromHome("Tasks")},
				Answered(On(tasksList(items...)), "Next week is Oct 16-21: Schedule team meeting and Complete project proposal.", "2")...)},
		{Name: "tasks_opened_one_by_one", TaskName: "TasksDueNextWeek", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLoop,
			Behaviour: "The agent opens each task to read its due date, going back and forth, and runs out of steps without answering.", Evaluator: eval + " (no answer)",
			TimedOut: true, Final: On(taskEdit("Update budget spreadsheet", "Due Oct 22, 2023")),
			Steps: Then([]Step{FromHome("Tasks")}, loop[:7]...)},
	}
}

// Joplin (net.cozic.joplin) lists a notebook's notes by title; a note opened shows its body
// rendered in a web view whose text the tree carries line by line.

var joplin = UIOf("net.cozic.joplin")

func joplinList(titles ...string) []El {
	out := Screen(Els(joplin.Icon("Open menu", "", Bx(0, 138, 147, 285)), joplin.Text("Meeting Notes", "", Bx(189, 166, 700, 248)),
		joplin.MenuIcon("Search", "", Bx(828, 148, 954, 274)), joplin.MenuIcon("More options", "", Bx(954, 148, 1080, 274))))
	out = append(out, Listed(len(titles), 300, 150, func(i, y int) []El {
		return Els(joplin.Checkbox("", "", "", false, Bx(20, y+40, 100, y+110)), joplin.TapText(titles[i], "", Bx(120, y, 1017, y+140)))
	})...)
	return append(out, joplin.Icon("Add", "", Bx(870, 2100, 1017, 2247)))
}

func joplinNote(title string, lines ...string) []El {
	out := Screen(Els(joplin.Icon("Back", "", Bx(0, 138, 147, 285)), joplin.MenuIcon("Edit", "", Bx(702, 148, 828, 274)),
		joplin.MenuIcon("Attach", "", Bx(828, 148, 954, 274)), joplin.MenuIcon("More options", "", Bx(954, 148, 1080, 274)),
		joplin.Edit(title, "", "", Bx(40, 300, 1040, 400)), joplin.Frame("android.webkit.WebView", "", Bx(0, 420, 1080, 2337))))
	return append(out, Listed(len(lines), 450, 80, func(i, y int) []El {
		return Els(El{Text: lines[i], Class: "android.view.View", Pkg: joplin.Pkg, Box: Bx(40, y, 1040, y+70)})
	})...)
}

func joplinCases() []Case {
	const title = "Product Launch Preparation"
	const goal = "How many attendees were present in the meeting titled '" + title + "' in the Joplin app? Express your answer as just a single number."
	const eval = "information_retrieval.py NotesMeetingAttendeeCount (NUMBER_MATCH): the note 'Product Launch Preparation' in Meeting Notes says 35 people were present; the answer must be 35"
	titles := []string{"Budget Planning Session", "Customer Feedback Session", "Product Launch Preparation", "Project Kickoff Meeting", "Team Weekly Sync"}
	note := joplinNote(title, "Meeting Summary:", "- Reviewed quarterly goals", "- Evaluated team performance", "- Identified areas for improvement", "- 35 people were present")
	other := joplinNote("Project Kickoff Meeting", "Meeting Recap:", "- Analyzed customer feedback", "- Proposed product feature enhancements", "- Scheduled follow-up meetings", "- 20 individuals attended")
	return []Case{
		{Name: "joplin_attendees_read", TaskName: "NotesMeetingAttendeeCount", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The note is opened and its last line says 35 people were present; 35 is answered.", Evaluator: eval,
			Steps: Then([]Step{FromHome("Joplin"), StepOn(On(joplinList(titles...)), "Open the meeting's note.", Tap(title))},
				Answered(On(note), "35 people were present.", "35")...)},
		{Name: "joplin_kickoff_note_read", TaskName: "NotesMeetingAttendeeCount", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "The agent opens Project Kickoff Meeting, the row under the asked one, and answers its 20.", Evaluator: eval + " (20 is answered)",
			Steps: Then([]Step{FromHome("Joplin"), StepOn(On(joplinList(titles...)), "Open the product meeting note.", Tap("Project Kickoff Meeting"))},
				Answered(On(other), "20 individuals attended.", "20")...)},
		{Name: "joplin_answered_from_list", TaskName: "NotesMeetingAttendeeCount", Goal: goal, Kind: KindUnseen, Expect: ExpectCannotTell, Failure: FailStoppedEarly,
			Behaviour: "The agent answers from the list of titles without opening the note, guessing 10; the screens never show the note's text.", Evaluator: eval + " (10 is answered)",
			Steps: Then([]Step{FromHome("Joplin")}, Answered(On(joplinList(titles...)), "The Product Launch Preparation meeting is listed; it had 10 attendees.", "10")...)},
	}
}
