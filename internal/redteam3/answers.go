package redteam3

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Questions answered from what an app shows: Tasks (org.tasks, a filtered list), Joplin
// (net.cozic.joplin, a note's body) and OpenTracks (de.dennisguse.opentracks, a track's
// statistics). The answer is right only if it matches the data, seen or not.

var (
	tasks  = UIOf("org.tasks")
	joplin = UIOf("net.cozic.joplin")
	tracks = UIOf("de.dennisguse.opentracks")
)

func taskList(title string, items ...string) []El {
	out := Toolbar(tasks, "Open navigation drawer", title, "Search", "More options")
	for i, it := range items {
		name, due, _ := strings.Cut(it, "|")
		y := 320 + i*170
		out = append(out, tasks.Checkbox("", "Complete", "completeBox", false, Bx(30, y, 150, y+120)), tasks.TapText(name, "title", Bx(180, y+10, 900, y+70)),
			tasks.Text(due, "due_date", Bx(180, y+80, 900, y+130)))
	}
	return append(out, FabIcon(tasks, "Create new task"))
}

// doneTask ticks the box of the i-th task of a list.
func doneTask(list []El, i int) []El {
	seen := 0
	for j, e := range list {
		if e.Desc == "Complete" {
			if seen == i {
				list[j].Checked = true
			}
			seen++
		}
	}
	return list
}

func tasksCases() []Case {
	const eval = "information_retrieval.py is_successful, tasks.textproto TasksIncompleteTasksOnDate: the answer names exactly the incomplete tasks due that day"
	const goal = "What incomplete tasks do I have still have to do by Oct 18 2023 in Tasks app? Answer with the titles only. If there are multiples titles, format your answer in a comma separated list."
	items := []string{"Renew passport|Oct 18", "Call the plumber|Oct 18", "Water the plants|Oct 18", "Book flights|Oct 19", "Pay rent|Oct 20", "Return library books|Oct 21", "Order printer ink|Oct 22", "Dentist appointment|Oct 23", "Buy birthday gift|Oct 24", "Send invoice|Oct 25", "Clean gutters|Oct 26", "Tax documents|Oct 27"}
	// the same day with a fourth task due, one of the four already done
	withDone := append(append(append([]string(nil), items[:3]...), "Pick up dry cleaning|Oct 18"), items[3:]...)
	return []Case{
		{Name: "tasks_answer_from_first_screen", TaskName: "TasksIncompleteTasksOnDate", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The list is sorted by due date and shows every task due that day at its top; an answer that leaves one out is wrong.", Evaluator: eval + " (Water the plants is missing)",
			Steps: []Step{FromHome("Tasks"),
				StepOn(On(taskList("My Tasks", items...)), "Read the tasks due Oct 18.", Answer("Renew passport, Call the plumber")),
				StepOn(On(taskList("My Tasks", items...)), "Answered.", Done())}},
		{Name: "tasks_answer_counts_a_done_task", TaskName: "TasksIncompleteTasksOnDate", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "A completed task stays in the list with its box ticked; it is not an incomplete one.", Evaluator: eval + " (Water the plants is complete: the answer is the other three)",
			Steps: []Step{FromHome("Tasks"),
				StepOn(On(doneTask(taskList("My Tasks", withDone...), 2)), "Four tasks on Oct 18.", Answer("Renew passport, Call the plumber, Water the plants, Pick up dry cleaning")),
				StepOn(On(doneTask(taskList("My Tasks", withDone...), 2)), "Answered.", Done())}},
		{Name: "tasks_answer_all_due", TaskName: "TasksIncompleteTasksOnDate", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The list sorted by due date shows the day's incomplete tasks together at its top.", Evaluator: eval,
			Steps: []Step{FromHome("Tasks"),
				StepOn(On(taskList("My Tasks", items...)), "Three tasks are due Oct 18.", Answer("Renew passport, Call the plumber, Water the plants")),
				StepOn(On(taskList("My Tasks", items...)), "Answered.", Done())}},
	}
}

func joplinNote(title, body string) []El {
	return append(Toolbar(joplin, "Navigate up", "", "Attach", "Edit", "More options"), joplin.Text(title, "note_title", Bx(63, 300, 1017, 380)),
		joplin.Text(body, "note_body", Bx(63, 420, 1017, 1400)))
}

func joplinCases() []Case {
	const eval = "information_retrieval.py is_successful, tasks.textproto NotesMeetingAttendeeCount: the answer is the number of attendees in the note"
	const goal = "How many attendees were present in the meeting titled 'Vendor sync' in the Joplin app? Express your answer as just a single number."
	const body = "Attendees: Ana Ruiz, Ben Ode, Chen Li, Dara Moss, Eli Park\nAgenda: pricing, delivery dates\nAction items: Ben to send the quote"
	open := []Step{FromHome("Joplin"),
		StepOn(On(append(Toolbar(joplin, "Open navigation drawer", "All notes", "Search"), Rows(joplin, "title", 320, "Vendor sync", "Grocery run", "Reading list")...)), "Open the meeting.", Tap("Vendor sync")),
	}
	return []Case{
		{Name: "joplin_attendees_counted", TaskName: "NotesMeetingAttendeeCount", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The note lists its attendees on one line; counting the names gives the answer.", Evaluator: eval,
			Steps: Then(open, StepOn(On(joplinNote("Vendor sync", body)), "Five names.", Answer("5")), StepOn(On(joplinNote("Vendor sync", body)), "Answered.", Done()))},
		{Name: "joplin_attendees_miscounted", TaskName: "NotesMeetingAttendeeCount", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "An answer that does not match the names the note shows is wrong however confidently it is given.", Evaluator: eval + " (4 given, 5 attended)",
			Steps: Then(open, StepOn(On(joplinNote("Vendor sync", body)), "Four attendees.", Answer("4")), StepOn(On(joplinNote("Vendor sync", body)), "Answered.", Done()))},
	}
}

func tracksCases() []Case {
	const eval = "information_retrieval.py is_successful, tasks.textproto SportsTrackerLongestDistanceActivity: the answer is the longest distance in metres"
	const goal = "What was the longest distance covered in a hiking activity in the OpenTracks app this week? Express your answer in meters as a single integer."
	list := append(Toolbar(tracks, "", "OpenTracks", "Search", "More options"), Rows(tracks, "trackListItemName", 320,
		"Ridge loop|Hiking · Oct 14", "Lake path|Hiking · Oct 12", "Morning ride|Biking · Oct 11")...)
	page := append(Toolbar(tracks, "Navigate up", "Morning ride"), tracks.Text("Biking", "track_category", Bx(63, 300, 600, 360)),
		tracks.Text("Distance", "", Bx(63, 420, 500, 470)), tracks.Text("12.40 km", "stats_distance_value", Bx(63, 480, 500, 560)),
		tracks.Text("Total time", "", Bx(560, 420, 1017, 470)), tracks.Text("41:05", "stats_total_time_value", Bx(560, 480, 1017, 560)))
	return []Case{
		{Name: "tracks_answer_wrong_category", TaskName: "SportsTrackerLongestDistanceActivity", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "A track's page names its category; a biking track's distance does not answer a question about hiking.", Evaluator: eval + " (12400 is a biking track)",
			Steps: []Step{FromHome("OpenTracks"),
				StepOn(On(list), "The longest looks like the ride.", Tap("Morning ride")),
				StepOn(On(page), "12.40 km.", Answer("12400")),
				StepOn(On(page), "Answered.", Done())}},
		{Name: "tracks_answer_without_opening", TaskName: "SportsTrackerLongestDistanceActivity", Goal: goal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The track list shows names and dates, not distances; the answer cannot be checked against any screen of the run.", Evaluator: eval,
			Steps: []Step{FromHome("OpenTracks"),
				StepOn(On(list), "The longest hike is the ridge loop.", Answer("8420")),
				StepOn(On(list), "Answered.", Done())}},
	}
}
