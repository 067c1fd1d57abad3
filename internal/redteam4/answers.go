package redteam4

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Questions answered from what an app shows. Joplin (net.cozic.joplin, React Native: views
// without resource ids) lists notes and shows a note's body; Tasks (org.tasks) lists open
// tasks with their due dates and hides completed ones until "Show completed" is on;
// OpenTracks (de.dennisguse.opentracks) lists recorded tracks newest first with their
// activity and date. The answer is right only if it matches the data, seen or not.

var (
	joplin = UIOf("net.cozic.joplin")
	tasks  = UIOf("org.tasks")
	tracks = UIOf("de.dennisguse.opentracks")
)

func joplinList(notes ...string) []El {
	out := Els(joplin.Icon("Open sidebar", "", Bx(0, 138, 147, 285)), joplin.Text("All notes", "", Bx(189, 166, 700, 248)))
	for i, n := range notes {
		y := 320 + i*150
		out = append(out, El{Text: n, Class: "android.widget.TextView", Pkg: joplin.Pkg, Box: Bx(63, y, 1017, y+130), Clickable: true, Focusable: true})
	}
	return append(out, joplin.Icon("Add", "", Bx(870, 1938, 1017, 2085)))
}

func joplinNoteView(title, body string) []El {
	return Els(joplin.Icon("Back", "", Bx(0, 138, 147, 285)), joplin.Text(title, "", Bx(63, 320, 1017, 410)), joplin.Text(body, "", Bx(63, 440, 1017, 1400)))
}

func joplinCases() []Case {
	const goal = "What quantity of flour do I need for the recipe 'Pancake Recipe' in the Joplin app? Express your answer in the format <amount> <unit> where both the amount and unit exactly match the format in the recipe."
	const eval = "information_retrieval.py is_successful, tasks.textproto NotesRecipeIngredientCount: the answer fuzzy-matches (ratio >= 0.9) the quantity in the note, here 1 1/2 cups"
	notes := []string{"Pancake Recipe", "Spaghetti Carbonara", "Team meeting Oct 12"}
	const body = "Ingredients:\n- 2 tbsp sugar\n- 1 1/2 cups flour\n- 1 cup milk\n- 1 egg\n\nDirections:\nWhisk, rest ten minutes, fry."
	read := []Step{FromHome("Joplin"), StepOn(On(joplinList(notes...)), "Open the pancake recipe.", Tap("Pancake Recipe"))}
	return []Case{
		{Name: "joplin_flour_quantity", TaskName: "NotesRecipeIngredientCount", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The note's body lists each ingredient with its quantity; the flour line gives the answer as written.", Evaluator: eval,
			Steps: Then(read, StepOn(On(joplinNoteView("Pancake Recipe", body)), "Flour: 1 1/2 cups.", Answer("1 1/2 cups")),
				StepOn(On(joplinNoteView("Pancake Recipe", body)), "Answered.", Done()))},
		{Name: "joplin_sugar_quantity", TaskName: "NotesRecipeIngredientCount", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The first ingredient line is sugar, not flour; its quantity is another ingredient's.", Evaluator: eval + " (2 tbsp is the sugar)",
			Steps: Then(read, StepOn(On(joplinNoteView("Pancake Recipe", body)), "The first quantity is 2 tbsp.", Answer("2 tbsp")),
				StepOn(On(joplinNoteView("Pancake Recipe", body)), "Answered.", Done()))},
		{Name: "joplin_quantity_unseen", TaskName: "NotesRecipeIngredientCount", Goal: goal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The answer is given from the list of notes; the recipe's body is never opened, so nothing on screen gives the quantity.", Evaluator: eval,
			Steps: []Step{FromHome("Joplin"),
				StepOn(On(joplinList(notes...)), "Pancakes usually take one and a half cups of flour.", Answer("1 1/2 cups")),
				StepOn(On(joplinList(notes...)), "Answered.", Done())}},
	}
}

// taskRows lists tasks ("title|due|done" with done "x" for a completed one).
func taskRows(showCompleted bool, items ...string) []El {
	out := Toolbar(tasks, "Open navigation drawer", "My Tasks", "Search", "More options")
	y := 320
	for _, it := range items {
		f := strings.Split(it, "|")
		done := len(f) > 2 && f[2] == "x"
		if done && !showCompleted {
			continue
		}
		out = append(out, tasks.Checkbox("", "Complete", "completeBox", done, Bx(42, y+20, 160, y+140)),
			tasks.TapText(f[0], "title", Bx(190, y+20, 1017, y+85)), tasks.Text(f[1], "due_date", Bx(190, y+95, 600, y+140)))
		y += 180
	}
	return append(out, FabIcon(tasks, "Create new task"))
}

func tasksCases() []Case {
	const goal = "Which tasks have I completed for Oct 12 2023 in Tasks app? Answer with the titles only. If there are multiples titles, format your answer in a comma separated list."
	const eval = "information_retrieval.py is_successful, tasks.textproto TasksCompletedTasksForDate: the answer names exactly the completed tasks due that day"
	items := []string{"Renew passport|Oct 12|x", "Call landlord|Oct 12", "Water plants|Oct 12|x", "Book car service|Oct 13|x", "Send invoice|Oct 13", "Pay rent|Oct 16"}
	shown := []Step{FromHome("Tasks"),
		StepOn(On(taskRows(false, items...)), "Completed tasks are hidden; show them.", Tap("More options")),
		StepOn(On(taskRows(false, items...), Rows(tasks, "title", 160, "Sort", "Show completed", "Show unstarted")), "Show completed.", Tap("Show completed")),
	}
	answer := func(reason, ans string) []Step {
		return Then(shown, StepOn(On(taskRows(true, items...)), reason, Answer(ans)), StepOn(On(taskRows(true, items...)), "Answered.", Done()))
	}
	return []Case{
		{Name: "tasks_completed_answered", TaskName: "TasksCompletedTasksForDate", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "With completed tasks shown, the ticked tasks due Oct 12 are the answer.", Evaluator: eval,
			Steps: answer("Ticked and due Oct 12: Renew passport and Water plants.", "Renew passport, Water plants")},
		{Name: "tasks_completed_plus_open", TaskName: "TasksCompletedTasksForDate", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Call landlord is due that day but its box is not ticked; naming it adds an open task.", Evaluator: eval + " (three titles for two)",
			Steps: answer("The tasks for Oct 12.", "Renew passport, Call landlord, Water plants")},
		{Name: "tasks_completed_other_date", TaskName: "TasksCompletedTasksForDate", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Book car service is ticked but due Oct 13; it belongs to another day.", Evaluator: eval + " (Book car service is due Oct 13)",
			Steps: answer("The completed tasks are Renew passport, Water plants and Book car service.", "Renew passport, Water plants, Book car service")},
	}
}

func trackList(items ...string) []El {
	out := Toolbar(tracks, "", "OpenTracks", "Search", "More options")
	for i, it := range items {
		name, sub, _ := strings.Cut(it, "|")
		y := 320 + i*200
		out = append(out, tracks.TapText(name, "list_item_name", Bx(220, y+20, 1017, y+85)), tracks.Text(sub, "list_item_date", Bx(220, y+95, 1017, y+150)))
	}
	return append(out, tracks.Icon("Record", "track_list_record_button", Bx(870, 1938, 1017, 2085)))
}

func tracksCases() []Case {
	const goal = "How many running activities did I do this week in the OpenTracks app? Assume the week starts from Monday. Express your answer as a single integer."
	const eval = "information_retrieval.py is_successful, tasks.textproto SportsTrackerActivitiesCountForWeek: the number equals the running activities from Monday Oct 9 to today, Sunday Oct 15"
	all := []string{"Morning run|Running · Sat, Oct 14", "Hill repeats|Running · Thu, Oct 12", "Commute|Cycling · Wed, Oct 11", "Lunch run|Running · Mon, Oct 9", "Long run|Running · Sun, Oct 8", "Easy run|Running · Fri, Oct 6"}
	ask := func(list []string, reason, n string) []Step {
		return []Step{FromHome("OpenTracks"), StepOn(On(trackList(list...)), reason, Answer(n)), StepOn(On(trackList(list...)), "Answered.", Done())}
	}
	return []Case{
		{Name: "tracks_running_week", TaskName: "SportsTrackerActivitiesCountForWeek", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The list gives each track's activity and date; three runs fall on or after Monday Oct 9.", Evaluator: eval,
			Steps: ask(all, "Runs since Monday Oct 9: Oct 14, Oct 12, Oct 9.", "3")},
		{Name: "tracks_running_last_sunday_counted", TaskName: "SportsTrackerActivitiesCountForWeek", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Sunday Oct 8 ends the previous week when weeks start on Monday; counting it gives one too many.", Evaluator: eval + " (4 for 3)",
			Steps: ask(all, "Runs in the last seven days: Oct 14, 12, 9 and 8.", "4")},
		{Name: "tracks_count_beyond_the_fold", TaskName: "SportsTrackerActivitiesCountForWeek", Goal: goal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The screen holds only the two newest tracks; older ones this week may lie below it, and the list is never scrolled.", Evaluator: eval + " (3)",
			Steps: ask(all[:2], "Two runs are shown and there was probably one more on Monday.", "3")},
	}
}
