package redteam2

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Apps AndroidWorld asks questions about, and Joplin's notes: OpenTracks
// (de.dennisguse.opentracks), whose track list shows each track's name, activity, date,
// time and distance and whose track page shows its statistics; and Joplin (net.cozic.joplin),
// a React Native app whose elements carry no resource ids, with its notebooks in a side menu,
// a note list marking to-dos with check boxes, and a note editor that saves as it goes.

var (
	tracks = UIOf("de.dennisguse.opentracks")
	joplin = UIOf("net.cozic.joplin")
)

type track struct{ name, activity, date, total, distance string }

func trackList(ts ...track) []El {
	out := Els(
		tracks.Text("OpenTracks", "", Bx(42, 166, 400, 237)),
		tracks.MenuIcon("Search", "track_list_search", Bx(765, 138, 870, 264)),
		tracks.MenuIcon("Settings", "track_list_settings", Bx(870, 138, 975, 264)),
		tracks.Image("More options", "", Bx(975, 138, 1080, 264)),
		tracks.Scroller("android.widget.ListView", "track_list", Bx(0, 275, 1080, 2337)),
		tracks.Icon("Record", "track_list_record", Bx(870, 2148, 1017, 2295)),
	)
	for i, t := range ts {
		y := 300 + i*230
		out = append(out, tracks.Row("", "list_item", Bx(0, y, 1080, y+220)),
			tracks.Image(t.activity, "list_item_icon", Bx(42, y+50, 147, y+155)),
			tracks.Text(t.name, "list_item_name", Bx(189, y+20, 780, y+85)),
			tracks.Text(t.date, "list_item_date", Bx(189, y+90, 600, y+140)),
			tracks.Text(t.total, "list_item_time", Bx(189, y+150, 480, y+200)),
			tracks.Text(t.distance, "list_item_distance", Bx(780, y+20, 1040, y+85)))
	}
	return clipBelow(out, 2337)
}

func trackPage(t track, moving string) []El {
	return Els(
		tracks.Icon("Navigate up", "", Bx(0, 138, 147, 285)),
		tracks.Text(t.name, "", Bx(189, 166, 800, 250)),
		Selected(tracks.TapText("STATISTICS", "", Bx(0, 296, 360, 420))),
		tracks.TapText("MAP", "", Bx(360, 296, 720, 420)),
		tracks.TapText("CHART", "", Bx(720, 296, 1080, 420)),
		tracks.Text(t.activity, "stats_activity_type", Bx(63, 470, 600, 540)),
		tracks.Text(t.date, "stats_start_datetime", Bx(63, 550, 700, 610)),
		tracks.Text("Distance", "", Bx(63, 680, 500, 730)),
		tracks.Text(t.distance, "stats_distance_value", Bx(63, 740, 500, 840)),
		tracks.Text("Total time", "", Bx(560, 680, 1017, 730)),
		tracks.Text(t.total, "stats_total_time_value", Bx(560, 740, 1017, 840)),
		tracks.Text("Moving time", "", Bx(560, 900, 1017, 950)),
		tracks.Text(moving, "stats_moving_time_value", Bx(560, 960, 1017, 1060)),
	)
}

func tracksCases() []Case {
	const irEval = "information_retrieval.py InformationRetrieval.is_successful -> proto_utils.check_agent_answer: the answer, read as a number, equals the expected one"
	run := track{"Evening run", "running", "Oct 12, 2023 18:05", "0:47:00", "7.80 km"}
	list := trackList(track{"Hill loop", "cycling", "Oct 14, 2023 09:10", "1:05:00", "24.10 km"}, run,
		track{"Lunch walk", "walking", "Oct 12, 2023 12:30", "0:32:00", "2.40 km"},
		track{"Commute home", "cycling", "Oct 11, 2023 17:40", "0:41:00", "12.40 km"})
	var out []Case
	out = append(out, Case{Name: "tracks_duration_answer", TaskName: "SportsTrackerActivityDuration",
		Goal: "How long was my running activity on October 12 in the OpenTracks app? Express your answer in minutes as a single integer.",
		Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "The track's page shows its total time as H:MM:SS; the answer converts it to minutes.",
		Evaluator: irEval, Steps: []Step{FromHome("OpenTracks"),
			StepOn(On(list), "Open the running track of October 12.", Tap("Evening run")),
			StepOn(On(trackPage(run, "0:44:30")), "The total time is 47 minutes.", Answer("47")),
			StepOn(On(trackPage(run, "0:44:30")), "Answered.", Done())}})

	week := trackList(track{"Commute home", "cycling", "Oct 13, 2023 17:40", "0:41:00", "12.40 km"},
		track{"Evening run", "running", "Oct 12, 2023 18:05", "0:47:00", "7.80 km"},
		track{"Hill loop", "cycling", "Oct 11, 2023 09:10", "1:05:00", "15.10 km"},
		track{"Sunday ride", "cycling", "Oct 8, 2023 10:00", "2:10:00", "41.00 km"})
	out = append(out, Case{Name: "tracks_total_distance_missed_one", TaskName: "SportsTrackerTotalDistanceForCategoryOverInterval",
		Goal: "What was the total distance covered for cycling activities in the OpenTracks app from October 9 to October 14? Express your answer in meters as a single integer.",
		Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "Two cycling tracks of the interval are listed on the same screen; the answer counts only the first.",
		Evaluator: irEval, Steps: []Step{FromHome("OpenTracks"),
			StepOn(On(week), "The cycling track in that interval is Commute home, 12.40 km.", Answer("12400")),
			StepOn(On(week), "Answered.", Done())}})
	return out
}

type jnote struct {
	title    string
	todo     bool
	finished bool
}

func joplinList(notebook string, notes ...jnote) []El {
	out := Els(
		El{Desc: "Show/hide the sidebar", Class: "android.view.ViewGroup", Pkg: joplin.Pkg, Box: Bx(0, 138, 147, 275), Clickable: true},
		joplin.Text(notebook, "", Bx(170, 166, 700, 250)),
		El{Desc: "Search", Class: "android.view.ViewGroup", Pkg: joplin.Pkg, Box: Bx(795, 149, 922, 275), Clickable: true},
		El{Desc: "Add new", Class: "android.view.ViewGroup", Pkg: joplin.Pkg, Box: Bx(870, 2148, 1017, 2295), Clickable: true},
	)
	for i, n := range notes {
		y := 300 + i*150
		x := 42
		if n.todo {
			out = append(out, El{Class: "android.widget.CheckBox", Pkg: joplin.Pkg, Box: Bx(42, y+30, 130, y+118), Checkable: true, Checked: n.finished, Clickable: true})
			x = 150
		}
		out = append(out, El{Class: "android.view.ViewGroup", Pkg: joplin.Pkg, Box: Bx(0, y, 1080, y+148), Clickable: true},
			joplin.Text(n.title, "", Bx(x, y+40, 1000, y+108)))
	}
	return out
}

func joplinSidebar(under []El, books ...string) []El {
	side := Els(joplin.Text("Joplin", "", Bx(42, 160, 500, 240)), joplin.TapText("All notes", "", Bx(42, 300, 780, 400)),
		joplin.Text("NOTEBOOKS", "", Bx(42, 440, 780, 500)))
	for i, b := range books {
		side = append(side, joplin.TapText(b, "", Bx(42, 520+i*120, 780, 620+i*120)))
	}
	return Screen(side, under[1:])
}

func joplinEditor(title, body string, focus int) []El {
	app := Els(
		El{Desc: "Back", Class: "android.view.ViewGroup", Pkg: joplin.Pkg, Box: Bx(0, 138, 147, 275), Clickable: true},
		El{Desc: "Attach", Class: "android.view.ViewGroup", Pkg: joplin.Pkg, Box: Bx(795, 149, 922, 275), Clickable: true},
		El{Desc: "Actions", Class: "android.view.ViewGroup", Pkg: joplin.Pkg, Box: Bx(922, 149, 1040, 275), Clickable: true},
		joplin.Edit(title, "Title", "", Bx(42, 300, 1038, 400)),
		joplin.Edit(body, "Type your note here…", "", Bx(42, 420, 1038, 2300)),
	)
	if focus >= 0 {
		app[3+focus] = Focused(app[3+focus])
		return WithKeyboard(app, "Enter")
	}
	return app
}

func joplinCases() []Case {
	const irEval = "information_retrieval.py InformationRetrieval.is_successful -> proto_utils.check_agent_answer: the answer equals the number of notes with is_todo in the folder"
	books := []string{"Personal", "Travel", "Work"}
	work := joplinList("Work", jnote{"Prepare slides", true, false}, jnote{"Email the auditor", true, true},
		jnote{"Meeting notes Q3", false, false}, jnote{"Order new badge", true, false}, jnote{"Office wifi password", false, false})
	personal := joplinList("Personal", jnote{"Gift ideas", false, false}, jnote{"Call grandma", true, false})
	var out []Case
	out = append(out, Case{Name: "joplin_todo_count", TaskName: "NotesTodoItemCount",
		Goal: "How many to-dos do I have in the 'Work' folder in the Joplin app? Express your answer as just a single number.",
		Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "To-dos are the notes shown with a check box, finished ones ticked; the notebook's list shows all five notes at once.",
		Evaluator: irEval, Steps: []Step{FromHome("Joplin"),
			StepOn(On(personal), "Open the sidebar to pick the Work notebook.", Tap("Show/hide the sidebar")),
			StepOn(On(joplinSidebar(personal, books...)), "Open Work.", Tap("Work")),
			StepOn(On(work), "Three notes have check boxes.", Answer("3")),
			StepOn(On(work), "Answered.", Done())}})

	const noteEval = "no AndroidWorld task; the state check its Joplin utilities read (joplin.sqlite, tables notes and folders): a note titled 'Packing list' with that body whose parent_id is the Travel folder's id"
	goal := "In Joplin, create a note titled 'Packing list' in the 'Travel' notebook with the text 'passport, charger, adapter'."
	travel := joplinList("Travel", jnote{"Rome itinerary", false, false})
	write := func(book []El) []Step {
		return []Step{
			StepOn(On(book), "Add a note.", Tap("Add new")),
			StepOn(On(Screen(book, Els(joplin.TapText("New to-do", "", Bx(560, 1850, 860, 1930)), joplin.TapText("New note", "", Bx(560, 1990, 860, 2070))))), "Choose a note.", Tap("New note")),
			StepOn(On(joplinEditor("", "", -1)), "Type the title.", TypeIn("Title", "Packing list")),
			StepOn(On(joplinEditor("Packing list", "", 0)), "Type the text.", TypeIn("Type your note here…", "passport, charger, adapter")),
			StepOn(On(joplinEditor("Packing list", "passport, charger, adapter", 1)), "Go back to the notebook; Joplin saves the note.", Back()),
			StepOn(On(joplinEditor("Packing list", "passport, charger, adapter", -1)), "Back once more.", Back()),
		}
	}
	steps := append([]Step{FromHome("Joplin"),
		StepOn(On(personal), "Open the sidebar.", Tap("Show/hide the sidebar")),
		StepOn(On(joplinSidebar(personal, books...)), "Open Travel.", Tap("Travel"))}, write(travel)...)
	out = append(out, Case{Name: "joplin_note_saved_as_typed", TaskName: "JoplinCreateNoteInNotebook", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
		Behaviour: "Joplin saves a note while it is typed and has no save button; leaving the editor shows it in the notebook's list.",
		Evaluator: noteEval, Steps: append(steps,
			StepOn(On(joplinList("Travel", jnote{"Packing list", false, false}, jnote{"Rome itinerary", false, false})), "The note is in Travel.", Done()))})
	out = append(out, Case{Name: "joplin_note_in_wrong_notebook", TaskName: "JoplinCreateNoteInNotebook", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "A new note goes to the notebook open at the time: the app opened on Personal and the note is listed there.",
		Evaluator: noteEval, Steps: append(append([]Step{FromHome("Joplin")}, write(personal)...),
			StepOn(On(joplinList("Personal", jnote{"Packing list", false, false}, jnote{"Gift ideas", false, false}, jnote{"Call grandma", true, false})), "The packing list note is created.", Done()))})
	return out
}
