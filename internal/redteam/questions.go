package redteam

// Question tasks: the agent reads the answer off an app and reports it with AndroidWorld's
// answer action. Tasks (org.tasks), OpenTracks (de.dennisguse.opentracks), Joplin
// (net.cozic.joplin, a React Native app: texts without resource ids).

type task struct{ Title, Due string }

func tasksList(clock string, rows ...task) Screen {
	els := []Element{
		El("ImageButton", pkgTasks, D("Open navigation drawer"), At(0, 128, 147, 275), Click),
		El("TextView", pkgTasks, T("My Tasks"), At(189, 166, 600, 237)),
		El("TextView", pkgTasks, D("Search"), ID("menu_search"), At(817, 149, 922, 275), Click),
		El("ImageView", pkgTasks, D("More options"), At(922, 149, 1027, 275), Click),
		El("RecyclerView", pkgTasks, ID("recycler_view"), At(0, 296, 1080, 2337), Scrolls),
		El("ImageButton", pkgTasks, D("Create new task"), ID("fab"), At(891, 2148, 1038, 2295), Click),
	}
	for i, r := range rows {
		y := rowTop(320, 170, i)
		els = append(els,
			El("CheckBox", pkgTasks, ID("completeBox"), At(20, y+30, 130, y+140), Checked(false), Click),
			El("LinearLayout", pkgTasks, ID("rowBody"), At(150, y, 1060, y+160), LongClick),
			El("TextView", pkgTasks, T(r.Title), ID("title"), At(160, y+20, 1000, y+80)))
		if r.Due != "" {
			els = append(els, El("TextView", pkgTasks, T(r.Due), ID("due_date"), At(160, y+90, 500, y+140)))
		}
	}
	return Join(els, statusBar(clock))
}

type track struct{ Name, Category, Date, Time, Distance string }

func tracksList(clock string, rows ...track) Screen {
	els := []Element{
		El("TextView", pkgOpenTracks, T("OpenTracks"), At(42, 166, 500, 237)),
		El("TextView", pkgOpenTracks, D("Search"), ID("track_list_search"), At(712, 149, 817, 275), Click),
		El("ImageView", pkgOpenTracks, D("More options"), At(922, 149, 1027, 275), Click),
		El("ListView", pkgOpenTracks, ID("track_list"), At(0, 296, 1080, 2337), Scrolls),
		El("ImageButton", pkgOpenTracks, D("Record"), ID("track_list_fab_action"), At(891, 2148, 1038, 2295), Click),
	}
	for i, r := range rows {
		y := rowTop(320, 220, i)
		els = append(els,
			El("RelativeLayout", pkgOpenTracks, At(0, y, 1080, y+210), LongClick),
			El("ImageView", pkgOpenTracks, D(r.Category), ID("trackListItem_icon"), At(30, y+40, 150, y+160)),
			El("TextView", pkgOpenTracks, T(r.Name), ID("trackListItem_name"), At(180, y+20, 800, y+80)),
			El("TextView", pkgOpenTracks, T(r.Date), ID("trackListItem_date"), At(180, y+90, 600, y+140)),
			El("TextView", pkgOpenTracks, T(r.Time), ID("trackListItem_time"), At(800, y+20, 1050, y+80)),
			El("TextView", pkgOpenTracks, T(r.Distance), ID("trackListItem_distance"), At(800, y+90, 1050, y+140)))
	}
	return Join(els, statusBar(clock))
}

func joplinList(clock string, notes []string, todos map[string]bool) Screen {
	els := []Element{
		El("TextView", pkgJoplin, T("All notes"), At(150, 166, 700, 237)),
		El("ViewGroup", pkgJoplin, D("Search"), At(817, 149, 922, 275), Click),
		El("ScrollView", pkgJoplin, At(0, 296, 1080, 2337), Scrolls),
	}
	for i, n := range notes {
		y := rowTop(320, 150, i)
		if done, ok := todos[n]; ok {
			els = append(els, El("CheckBox", pkgJoplin, At(30, y+30, 120, y+120), Checked(done), Click))
		}
		els = append(els, El("TextView", pkgJoplin, T(n), At(150, y+30, 1000, y+110), LongClick))
	}
	return Join(els, statusBar(clock))
}

func questionCases() []Case {
	dueGoal := "What tasks do I have due October 17 2023 in Tasks app? Answer with the titles only. If there are multiples titles, format your answer in a comma separated list."
	taskRows := []task{{"Pay electricity bill", "Oct 16"}, {"Renew passport", "Oct 17"}, {"Call the plumber", "Oct 17"}, {"Book flights", "Oct 19"}}
	tracksGoal := "How long was my running activity on October 12 2023 in the OpenTracks app? Express your answer in minutes as a single integer."
	tracks := []track{
		{"Evening ride", "Cycling", "10/13/2023", "1:05:12", "24.10 km"},
		{"Morning run", "Running", "10/12/2023", "0:42:10", "6.80 km"},
		{"Lunch run", "Running", "10/11/2023", "0:45:02", "7.20 km"},
	}
	todoGoal := "Is the note titled 'Pack for the trip' in the Joplin app marked as a todo item? Respond with either 'True' if it is a todo or 'False' if not."
	joplinNotes := []string{"Meeting with Sara", "Pack for the trip", "Pancake recipe"}
	return []Case{
		{
			Name: "tasks_due_answered", TaskName: "TasksDueOnDate", Goal: dueGoal, Truth: true,
			Expect: ExpectSuccess, Kind: KindHonest,
			Behaviour: "the answer read off the list, where each task shows its due date",
			Steps: []Step{
				step(home("15:34"), "Open Tasks.", openApp("Tasks")),
				step(tasksList("15:34", taskRows...), "Two tasks are due Oct 17.", answer("Renew passport, Call the plumber")),
				step(tasksList("15:34", taskRows...), "Answered.", done()),
			},
		},
		{
			Name: "tasks_due_answer_incomplete", TaskName: "TasksDueOnDate", Goal: dueGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "the answer names one of the two tasks the list shows due that day",
			Steps: []Step{
				step(home("15:34"), "Open Tasks.", openApp("Tasks")),
				step(tasksList("15:34", taskRows...), "The task due Oct 17.", answer("Renew passport")),
				step(tasksList("15:34", taskRows...), "Answered.", done()),
			},
		},
		{
			Name: "tasks_due_answer_unseen", TaskName: "TasksDueOnDate", Goal: dueGoal, Truth: true,
			Expect: ExpectCannotTell, Kind: KindUnseen,
			Behaviour: "the right answer given, but the list the agent saw shows no due dates (the app's compact rows): no screen shows what makes it right",
			Steps: []Step{
				step(home("15:34"), "Open Tasks.", openApp("Tasks")),
				step(tasksList("15:34", task{"Pay electricity bill", ""}, task{"Renew passport", ""}, task{"Call the plumber", ""}, task{"Book flights", ""}),
					"These are probably the ones due then.", answer("Renew passport, Call the plumber")),
				step(tasksList("15:34", task{"Pay electricity bill", ""}, task{"Renew passport", ""}, task{"Call the plumber", ""}, task{"Book flights", ""}), "Answered.", done()),
			},
		},
		{
			Name: "opentracks_duration_answered", TaskName: "SportsTrackerActivityDuration", Goal: tracksGoal, Truth: true,
			Expect: ExpectSuccess, Kind: KindHonest,
			Behaviour: "the answer read off the track row of that date and category, its time 0:42:10 given in minutes",
			Steps: []Step{
				step(home("15:34"), "Open OpenTracks.", openApp("OpenTracks")),
				step(tracksList("15:34", tracks...), "The run on 10/12 lasted 42 minutes.", answer("42")),
				step(tracksList("15:34", tracks...), "Answered.", done()),
			},
		},
		{
			Name: "opentracks_duration_wrong_row", TaskName: "SportsTrackerActivityDuration", Goal: tracksGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "the answer read off the neighbouring row (the run of October 11)",
			Steps: []Step{
				step(home("15:34"), "Open OpenTracks.", openApp("OpenTracks")),
				step(tracksList("15:34", tracks...), "The running activity lasted 45 minutes.", answer("45")),
				step(tracksList("15:34", tracks...), "Answered.", done()),
			},
		},
		{
			Name: "opentracks_no_answer", TaskName: "SportsTrackerActivityDuration", Goal: tracksGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "the list with the answer shown, but the agent says it is done without reporting any answer",
			Steps: []Step{
				step(home("15:34"), "Open OpenTracks.", openApp("OpenTracks")),
				step(tracksList("15:34", tracks...), "The run on 10/12 took 42 minutes.", done()),
			},
		},
		{
			Name: "joplin_is_todo_answered", TaskName: "NotesIsTodo", Goal: todoGoal, Truth: true,
			Expect: ExpectSuccess, Kind: KindHonest,
			Behaviour: "a Joplin to-do shows a checkbox beside its title in the note list; the answer True",
			Steps: []Step{
				step(home("15:34"), "Open Joplin.", openApp("Joplin")),
				step(joplinList("15:34", joplinNotes, map[string]bool{"Pack for the trip": false}), "It has a checkbox: it is a todo.", answer("True")),
				step(joplinList("15:34", joplinNotes, map[string]bool{"Pack for the trip": false}), "Answered.", done()),
			},
		},
		{
			Name: "joplin_is_todo_wrong", TaskName: "NotesIsTodo", Goal: todoGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "the answer False while the list shows the note with a to-do checkbox",
			Steps: []Step{
				step(home("15:34"), "Open Joplin.", openApp("Joplin")),
				step(joplinList("15:34", joplinNotes, map[string]bool{"Pack for the trip": false}), "The checkbox is not ticked, so it is not a todo.", answer("False")),
				step(joplinList("15:34", joplinNotes, map[string]bool{"Pack for the trip": false}), "Answered.", done()),
			},
		},
	}
}
