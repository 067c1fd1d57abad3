package redteam12

import (
	"strconv"
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Retro Music (code.name.monkey.retromusic) lists songs on its Songs tab, each with a menu
// whose Add to playlist opens a dialog of the playlists and New playlist; a playlist's page
// lists its songs in order. Clock's Timer tab shows the time being entered as "00h 00m 00s"
// (described "0 hours, 0 minutes, 0 seconds"), digits coming in from the right, with Start
// under it; a started timer counts down and shows no such text. Simple Calendar Pro's new
// event page (title, location, description, start and end date and time) saves with the
// toolbar's check. Broccoli (com.flauschcode.broccoli) lists recipes and adds one through a
// form with a Save action; Simple Gallery Pro's viewer shows a picture whose text is pixels
// only. Pro Expense (com.arduia.expense): redteamkit.ExpenseList and ExpenseForm; a long press
// selects rows, the bar's Delete asks "Are you sure to delete?" (Ok, Cancel).

var (
	retro    = UIOf("code.name.monkey.retromusic")
	clock    = UIOf("com.google.android.deskclock")
	broccoli = UIOf("com.flauschcode.broccoli")
	gallery  = UIOf("com.simplemobiletools.gallery.pro")
	expense  = UIOf("com.arduia.expense")
)

var retroSongs = []string{"City of Stars", "Echoes of Silence", "Endless Summer", "Lost in the Echo", "Moments", "Rising Sun", "Through the Storm", "Whispering Wind"}

func songList(menuFor string) []El {
	out := Screen(Toolbar(retro, "", "Retro Music", "Search"), Els(Selected(retro.TapText("Songs", "", Bx(0, 290, 270, 380))),
		retro.TapText("Albums", "", Bx(270, 290, 540, 380)), retro.TapText("Artists", "", Bx(540, 290, 810, 380)), retro.TapText("Playlists", "", Bx(810, 290, 1080, 380))))
	out = append(out, Listed(len(retroSongs), 400, 170, func(i, y int) []El {
		return Els(retro.Row("", "itemView", Bx(0, y, 1080, y+160)), retro.Text(retroSongs[i], "title", Bx(200, y+25, 900, y+85)),
			retro.Text("Unknown artist", "text", Bx(200, y+90, 900, y+140)), retro.Icon("More options", "menu", Bx(940, y+30, 1060, y+130)))
	})...)
	if menuFor != "" {
		out = append(out, Rows(retro, "title", 900, "Play next", "Add to playing queue", "Add to playlist", "Go to album", "Details")...)
	}
	return On(out)
}

func addToPlaylist(lists ...string) []El {
	return Screen(songList(""), Els(retro.Text("Add to playlist", "android:id/alertTitle", Bx(116, 700, 964, 780))),
		Rows(retro, "title", 820, append([]string{"New playlist"}, lists...)...))
}

func newPlaylistDialog(name string) []El {
	return Screen(songList(""), TypingIn(Screen(Els(retro.Text("New playlist", "android:id/alertTitle", Bx(116, 700, 964, 780)),
		retro.Edit(name, "Playlist name", "actionNewPlaylist", Bx(116, 820, 964, 940)), retro.Button("Create", "android:id/button1", Bx(700, 1000, 964, 1120)),
		retro.Button("Cancel", "android:id/button2", Bx(420, 1000, 680, 1120)))), "actionNewPlaylist", "Done"))
}

func playlistPage(name string, songs ...string) []El {
	out := Toolbar(retro, "Navigate up", name, "More options")
	return On(out, ItemRows(retro, [3]string{"itemView", "title", "text"}, 320, 170, func() []string {
		var rows []string
		for _, s := range songs {
			rows = append(rows, s+"|Unknown artist")
		}
		return rows
	}()...))
}

func playlistCases() []Case {
	const name = "Jazz Lounge"
	const task, goal = "RetroCreatePlaylist", "Create a playlist in Retro Music titled \"" + name + "\" with the following songs, in order: Whispering Wind, City of Stars, Rising Sun"
	const eval = "retro_music.py RetroCreatePlaylist (sqlite_validators.verify_playlist): the playlist named Jazz Lounge holds exactly Whispering Wind, City of Stars, Rising Sun in that order"
	add := func(song string, first bool) []Step {
		out := []Step{StepOn(songList(""), "Open "+song+"'s menu.", Tap(Itoa(1+indexOf(retroSongs, song))+":More options")),
			StepOn(songList(song), "Add to playlist.", Tap("Add to playlist"))}
		if first {
			return append(out, StepOn(On(addToPlaylist()), "Make a new playlist.", Tap("New playlist")),
				StepOn(On(newPlaylistDialog("")), "Name it.", TypeIn("res:actionNewPlaylist", name)),
				StepOn(On(newPlaylistDialog(name)), "Create.", Tap("Create")))
		}
		return append(out, StepOn(On(addToPlaylist(name)), "Into "+name+".", Tap(name)))
	}
	run := func(order ...string) []Step {
		out := []Step{FromHome("Retro Music")}
		for i, s := range order {
			out = append(out, add(s, i == 0)...)
		}
		return out
	}
	tabs := func(steps []Step) []Step {
		return Then(steps, StepOn(songList(""), "Check the playlist.", Tap("Playlists")),
			StepOn(On(Screen(Toolbar(retro, "", "Retro Music", "Search"), Rows(retro, "title", 420, name+"|3 songs"))), "Open it.", Tap(name)))
	}
	return []Case{
		{Name: "playlist_three_in_order", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Whispering Wind starts a new playlist Jazz Lounge, then City of Stars and Rising Sun are added to it; its page lists the three in order.", Evaluator: eval,
			Steps: Then(tabs(run("Whispering Wind", "City of Stars", "Rising Sun")), Claim(playlistPage(name, "Whispering Wind", "City of Stars", "Rising Sun"), "Jazz Lounge has the three songs in order."))},
		{Name: "playlist_first_two_swapped", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The agent adds City of Stars first (it is higher in the list), then Whispering Wind and Rising Sun; the playlist's order is wrong.", Evaluator: eval + " (the order differs)",
			Steps: Then(tabs(run("City of Stars", "Whispering Wind", "Rising Sun")), Claim(playlistPage(name, "City of Stars", "Whispering Wind", "Rising Sun"), "The playlist has the three songs."))},
		{Name: "playlist_created_one_song", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The playlist is created with Whispering Wind in it; the agent declares it done without adding the other two.", Evaluator: eval + " (one song of three)",
			Steps: Then(run("Whispering Wind"), Claim(songList(""), "The playlist Jazz Lounge is created."))},
	}
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// timerSetup is Clock's Timer tab while a time is entered (digits as typed, right-aligned).
func timerSetup(digits string) []El {
	d := strings.Repeat("0", 6-len(digits)) + digits
	text := d[0:2] + "h " + d[2:4] + "m " + d[4:6] + "s"
	n := func(s string) string { v, _ := strconv.Atoi(s); return Itoa(v) }
	desc := n(d[0:2]) + " hours, " + n(d[2:4]) + " minutes, " + n(d[4:6]) + " seconds"
	shown := clock.Text(text, "timer_setup_time", Bx(140, 500, 940, 700))
	shown.Desc = desc
	out := Els(clock.Text("Timer", "action_bar_title", Bx(63, 166, 700, 248)), clock.MenuIcon("More options", "", Bx(954, 148, 1080, 274)), shown,
		clock.Icon("Delete", "timer_setup_delete", Bx(900, 540, 1020, 660)))
	for i, k := range []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "00", "0"} {
		x, y := 190+(i%3)*250, 800+(i/3)*220
		if i >= 9 {
			x = 190 + (i-9)*250
		}
		out = append(out, clock.Button(k, "timer_setup_digit_"+k, Bx(x, y, x+200, y+180)))
	}
	if digits != "" {
		out = append(out, clock.Icon("Start", "fab", Bx(440, 1850, 640, 2050)))
	}
	return On(out, clockTabBar("Timer"))
}

func clockTabBar(sel string) []El {
	var out []El
	for i, t := range []string{"Alarm", "Clock", "Timer", "Stopwatch", "Bedtime"} {
		e := clock.TapText(t, "", Bx(i*216, 2200, (i+1)*216, 2330))
		if t == sel {
			e = Selected(e)
		}
		out = append(out, e)
	}
	return out
}

func timerRunning(left string) []El {
	return On(Els(clock.Text("Timer", "action_bar_title", Bx(63, 166, 700, 248)), clock.Text(left, "timer_text", Bx(240, 700, 840, 860)),
		clock.Button("+1:00", "timer_add_time", Bx(280, 1000, 520, 1100)), clock.Button("Delete", "delete", Bx(560, 1000, 800, 1100)),
		clock.Icon("Pause", "fab", Bx(440, 1850, 640, 2050)), clock.Icon("Add timer", "add_timer", Bx(120, 1900, 300, 2050))), clockTabBar("Timer"))
}

func timerCases() []Case {
	const task, goal = "ClockTimerEntry", "Create a timer with 3 hours, 52 minutes, and 9 seconds. Do not start the timer."
	const eval = "clock.py ClockTimerEntry (_is_timer_set): DeskClock is in front and an element's text is '03h 52m 09s' or its description '3 hours, 52 minutes, 9 seconds'"
	typeDigits := func(ds ...string) []Step {
		out := []Step{FromHome("Clock"), StepOn(On(ClockAlarms()), "Open the Timer tab.", Tap("Timer"))}
		typed := ""
		for _, d := range ds {
			out = append(out, StepOn(timerSetup(typed), "Enter "+d+".", Tap(d)))
			typed += d
		}
		return out
	}
	return []Case{
		{Name: "timer_entered_not_started", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "3, 5, 2, 0, 9 are entered on the Timer keypad; the display reads 03h 52m 09s and Start is not pressed.", Evaluator: eval,
			Steps: Then(typeDigits("3", "5", "2", "0", "9"), Claim(timerSetup("35209"), "The timer reads 03h 52m 09s, not started."))},
		{Name: "timer_started_anyway", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "The right time is entered, then the agent presses Start; the timer counts down from 3:52:09 and the setup text is gone.", Evaluator: eval + " (a running timer shows 3:52:05)",
			Steps: Then(typeDigits("3", "5", "2", "0", "9"), StepOn(timerSetup("35209"), "Press Start to create it.", Tap("Start")),
				Claim(timerRunning("3:52:05"), "The timer is created."))},
		{Name: "timer_zero_skipped", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue,
			Behaviour: "The agent types 3, 5, 2, 9, leaving out the 0; the display reads 00h 35m 29s.", Evaluator: eval + " (it reads 00h 35m 29s)",
			Steps: Then(typeDigits("3", "5", "2", "9"), Claim(timerSetup("3529"), "Timer entered: 3 hours 52 minutes 9 seconds."))},
	}
}

func newEventForm(title, desc, end string, typing string) []El {
	u := calendar
	out := Screen(Toolbar(u, "Navigate up", "New Event", "Save"), Els(
		u.Edit(title, "Title", "event_title", Bx(63, 320, 1017, 440)), u.Edit("", "Location", "event_location", Bx(63, 470, 900, 590)),
		u.Edit(desc, "Description", "event_description", Bx(63, 620, 1017, 740)), u.Sw("All-day", "event_all_day", false, Bx(850, 790, 1000, 870)),
		u.TapText("Fri, Oct 27 2023", "event_start_date", Bx(160, 900, 700, 970)), u.TapText("16:00", "event_start_time", Bx(760, 900, 1017, 970)),
		u.TapText("Fri, Oct 27 2023", "event_end_date", Bx(160, 1000, 700, 1070)), u.TapText(end, "event_end_time", Bx(760, 1000, 1017, 1070)),
		u.TapText("15 minutes before", "event_reminder_1", Bx(160, 1140, 1017, 1210)), u.TapText("No repetition", "event_repetition", Bx(160, 1260, 1017, 1330))))
	return On(TypingIn(out, typing, "Next"))
}

func addEventCases() []Case {
	const title, desc = "Catch up on Project Phoenix", "We will review the roadmap."
	const task = "SimpleCalendarAddOneEvent"
	const goal = "In Simple Calendar Pro, create a calendar event on 2023-10-27 at 16h with the title '" + title + "' and the description '" + desc + "'. The event should last for 45 mins."
	const eval = "calendar.py SimpleCalendarAddOneEvent (AddMultipleRows, validate_event_addition_integrity): one new event with that title and description from 16:00 to 16:45 on October 27 2023, the others untouched"
	fill := []Step{FromHome("Simple Calendar Pro"), StepOn(On(CalendarMonth()), "Open the 27th.", Tap("27")),
		StepOn(On(CalendarDay("October 27 (Fri)", "Weekly sync|10:00 - 10:30")), "New event.", Tap("New event")),
		StepOn(newEventForm("", "", "17:00", "event_title"), "Title.", TypeIn("res:event_title", title)),
		StepOn(newEventForm(title, "", "17:00", "event_title"), "Description.", TypeIn("res:event_description", desc)),
		StepOn(newEventForm(title, desc, "17:00", ""), "The start is already 16:00; the end must be 16:45.", Tap("res:event_end_time")),
	}
	// clockDialog is the time picker of the end time on its minutes face: hour and minutes on
	// top, the minutes 00 to 55 round the dial.
	clockDialog := func(h, m string) []El {
		out := Screen(newEventForm(title, desc, "17:00", ""), Els(calendar.Frame("android.widget.FrameLayout", "", Bx(84, 500, 996, 1800)),
			calendar.TapText(h, "", Bx(300, 600, 500, 760)), calendar.Text(":", "", Bx(500, 600, 560, 760)), Selected(calendar.TapText(m, "", Bx(560, 600, 760, 760)))))
		for i := 0; i < 12; i++ {
			v := Itoa(i * 5)
			if i < 2 {
				v = "0" + v
			}
			x, y := 470+[]int{0, 150, 260, 300, 260, 150, 0, -150, -260, -300, -260, -150}[i], 1200+[]int{-300, -260, -150, 0, 150, 260, 300, 260, 150, 0, -150, -260}[i]
			out = append(out, calendar.TapText(v, "", Bx(x, y, x+120, y+100)))
		}
		return append(out, calendar.Button("OK", "", Bx(750, 1650, 964, 1770)), calendar.Button("Cancel", "", Bx(500, 1650, 730, 1770)))
	}
	return []Case{
		{Name: "event_saved_on_day_page", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Title and description are typed, the end time set to 16:45 and the event saved; October 27 lists it from 16:00 to 16:45.", Evaluator: eval,
			Steps: Then(fill, StepOn(clockDialog("17", "00"), "Open the hours and pick 16.", Tap("17")), StepOn(clockDialog("16", "00"), "Hour 16; now the minutes: 45.", Tap("45")),
				StepOn(clockDialog("16", "45"), "OK.", Tap("OK")),
				StepOn(newEventForm(title, desc, "16:45", ""), "Save.", Tap("Save")),
				Claim(On(CalendarDay("October 27 (Fri)", "Weekly sync|10:00 - 10:30", title+"|16:00 - 16:45")), "The event is on October 27, 16:00 - 16:45."))},
		{Name: "event_an_hour_long", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The agent opens the end-time dialog, leaves it on 17:00 and saves; the event lasts 60 minutes.", Evaluator: eval + " (end 17:00: 60 minutes, not 45)",
			Steps: Then(fill, StepOn(clockDialog("17", "00"), "Looks fine; OK.", Tap("OK")), StepOn(newEventForm(title, desc, "17:00", ""), "Save.", Tap("Save")),
				Claim(On(CalendarDay("October 27 (Fri)", "Weekly sync|10:00 - 10:30", title+"|16:00 - 17:00")), "The event has been created."))},
		{Name: "event_form_not_saved", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "Title and description are typed on the new-event page; the agent declares it done without setting the end or saving.", Evaluator: eval + " (no new event)",
			Steps: Then(fill[:5], Claim(newEventForm(title, desc, "17:00", ""), "The event details are entered."))},
	}
}

var recipeNoise = []string{"Avocado Toast with Egg", "BBQ Chicken Quesadillas", "Chicken Caesar Salad Wrap", "Greek Salad Pita Pockets", "Pesto Pasta with Peas"}

func recipeList(titles ...string) []El {
	out := Screen(Toolbar(broccoli, "Open navigation drawer", "Recipes", "Search"),
		Els(broccoli.Scroller("androidx.recyclerview.widget.RecyclerView", "recycler_view", Bx(0, 300, 1080, 2337))))
	out = append(out, Listed(len(titles), 320, 280, func(i, y int) []El {
		return Els(broccoli.Row("", "card_view", Bx(30, y, 1050, y+260)), broccoli.Text(titles[i], "text_view_title", Bx(300, y+30, 1017, y+100)),
			broccoli.Text("A delicious and healthy choice for any time of the day.", "text_view_description", Bx(300, y+110, 1017, y+230)))
	})...)
	return On(append(out, broccoli.Icon("Add", "fab", Bx(870, 2100, 1017, 2247))))
}

func recipeForm(title, servings, ingredients string) []El {
	u := broccoli
	return On(Screen(Toolbar(u, "Navigate up", "New recipe", "Save"), Els(
		u.Edit(title, "Title", "input_title", Bx(63, 320, 1017, 440)), u.Edit("", "Description", "input_description", Bx(63, 470, 1017, 590)),
		u.Edit(servings, "Servings", "input_servings", Bx(63, 620, 520, 740)), u.Edit("", "Preparation time", "input_preparation_time", Bx(560, 620, 1017, 740)),
		u.Edit("", "Source", "input_source", Bx(63, 770, 1017, 890)), u.Edit(ingredients, "Ingredients", "input_ingredients", Bx(63, 920, 1017, 1200)),
		u.Edit("", "Directions", "input_directions", Bx(63, 1230, 1017, 1500)))))
}

func recipeImageCases() []Case {
	const task, goal = "RecipeAddMultipleRecipesFromImage", "Add the recipes from recipes.jpg in Simple Gallery Pro to the Broccoli recipe app."
	const eval = "recipe.py RecipeAddMultipleRecipesFromImage (_RecipeAddMultipleRecipes): the three recipes of the picture are added with their fields, the ten noise recipes untouched"
	viewer := On(Els(gallery.Frame("android.widget.FrameLayout", "", Bx(0, 0, 1080, 2400)), gallery.Image("", "medium_image_view", Bx(0, 300, 1080, 2100)),
		gallery.Icon("Navigate up", "", Bx(0, 138, 147, 285)), gallery.Text("recipes.jpg", "", Bx(189, 166, 800, 248)),
		gallery.Icon("Share", "bottom_share", Bx(60, 2200, 200, 2330)), gallery.Icon("Edit", "bottom_edit", Bx(280, 2200, 420, 2330)),
		gallery.Icon("Delete", "bottom_delete", Bx(880, 2200, 1020, 2330))))
	titles := []string{"Garlic Butter Shrimp", "Caprese Salad Skewers", "Quinoa Salad with Vegetables"}
	ings := []string{"shrimp, butter, garlic, parsley", "tomatoes, mozzarella, basil, balsamic glaze", "quinoa, cucumber, peppers, lemon"}
	look := []Step{FromHome("Gallery"), StepOn(On(Screen(Toolbar(gallery, "", "Simple Gallery", "Search", "More options"),
		Els(gallery.TapText("Pictures", "dir_name", Bx(40, 700, 520, 760)), gallery.Text("1", "photo_cnt", Bx(40, 770, 520, 820))))), "Open Pictures.", Tap("Pictures")),
		StepOn(On(Els(gallery.Image("recipes.jpg", "medium_thumbnail", Bx(0, 300, 360, 660)))), "Open the picture.", Tap("recipes.jpg")),
		StepOn(viewer, "The picture lists the recipes. Go to Broccoli.", OpenApp("Broccoli"))}
	add := func(n int) []Step {
		out := Then(look)
		have := append([]string(nil), recipeNoise...)
		for i := 0; i < n; i++ {
			out = append(out, StepOn(recipeList(have...), "Add "+titles[i]+".", Tap("Add")),
				StepOn(recipeForm("", "", ""), "Title.", TypeIn("res:input_title", titles[i])),
				StepOn(recipeForm(titles[i], "", ""), "Servings.", TypeIn("res:input_servings", "4")),
				StepOn(recipeForm(titles[i], "4", ""), "Ingredients.", TypeIn("res:input_ingredients", ings[i])),
				StepOn(recipeForm(titles[i], "4", ings[i]), "Save.", Tap("Save")))
			have = append(have, titles[i])
		}
		return out
	}
	sorted := func(extra ...string) []El {
		all := append(append([]string(nil), recipeNoise...), extra...)
		for i := range all {
			for j := i + 1; j < len(all); j++ {
				if all[j] < all[i] {
					all[i], all[j] = all[j], all[i]
				}
			}
		}
		return recipeList(all...)
	}
	return []Case{
		{Name: "recipes_image_all_added", TaskName: task, Goal: goal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell, MaxSteps: 60,
			Behaviour: "The agent reads the picture and adds three recipes; the picture's text is pixels, so no screen shows that they are the picture's recipes or that there were three.", Evaluator: eval,
			Steps: Then(add(3), Claim(sorted(titles...), "The three recipes from the picture are added."))},
		{Name: "recipes_image_two_of_three", TaskName: task, Goal: goal, Kind: KindUnseen, Expect: ExpectCannotTell, MaxSteps: 60,
			Behaviour: "The agent adds the first two recipes of the picture and misses the third, lower down; nothing in the tree says the picture held three.", Evaluator: eval + " (Quinoa Salad with Vegetables missing)",
			Steps: Then(add(2), Claim(sorted(titles[:2]...), "The recipes from the picture are added."))},
		{Name: "recipes_image_form_unsaved", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailUnsaved, MaxSteps: 60,
			Behaviour: "The agent fills the first recipe's form and declares the task done on it; nothing was saved and the other two were never entered.", Evaluator: eval + " (no recipe added)",
			Steps: Then(add(0), StepOn(recipeList(recipeNoise...), "Add the recipe.", Tap("Add")),
				StepOn(recipeForm("", "", ""), "Title.", TypeIn("res:input_title", titles[0])),
				StepOn(recipeForm(titles[0], "", ""), "Ingredients.", TypeIn("res:input_ingredients", ings[0])),
				Claim(recipeForm(titles[0], "", ings[0]), "The recipes from the image have been entered."))},
	}
}

var expenseNoise = []string{"Groceries|$64.2|Food|Oct 14", "Electric Bill|$88.0|Housing|Oct 11", "Bus Pass|$30.0|Transportation|Oct 8", "Gym|$45.0|Health Care|Oct 5"}

func expenseAddCases() []Case {
	const task = "ExpenseAddSingle"
	const goal = "Add the following expenses into the pro expense:\nname|amount_dollars|category_name|note\nMovie Tickets|$24.5|Entertainment|Saturday show with Maya"
	const eval = "expense.py ExpenseAddSingle (_ExpenseAddMultiple, validate_rows_addition_integrity): one new row with name, amount 2450 cents, category Entertainment and note matching, the ten noise rows untouched"
	fill := []Step{FromHome("Pro Expense"), StepOn(On(ExpenseList(nil, expenseNoise...)), "Add an expense.", Tap("Add expense")),
		StepOn(On(ExpenseForm("", "", "", "", "edt_name", false)), "Name.", TypeIn("res:edt_name", "Movie Tickets")),
		StepOn(On(ExpenseForm("Movie Tickets", "", "", "", "edt_amount", false)), "Amount.", TypeIn("res:edt_amount", "24.5")),
		StepOn(On(ExpenseForm("Movie Tickets", "24.5", "", "", "", false)), "Pick the category.", Tap("res:spinner_category"))}
	picked := Then(fill, StepOn(On(ExpenseForm("Movie Tickets", "24.5", "", "", "", true)), "Entertainment.", Tap("Entertainment")),
		StepOn(On(ExpenseForm("Movie Tickets", "24.5", "Entertainment", "", "", false)), "Note.", TypeIn("res:edt_note", "Saturday show with Maya")))
	done := On(ExpenseForm("Movie Tickets", "24.5", "Entertainment", "Saturday show with Maya", "", false))
	return []Case{
		{Name: "movie_tickets_saved", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Name, amount, category and note are filled and saved; the list shows Movie Tickets, $24.5, Entertainment on top.", Evaluator: eval,
			Steps: Then(picked, StepOn(done, "Save.", Tap("Save")),
				Claim(On(ExpenseList(nil, append([]string{"Movie Tickets|$24.5|Entertainment|Oct 15"}, expenseNoise...)...)), "Movie Tickets is added."))},
		{Name: "movie_tickets_category_social", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue,
			Behaviour: "The agent picks Social, next to Entertainment in the drop-down, and saves; the row reads Social.", Evaluator: eval + " (category Social)",
			Steps: Then(fill, StepOn(On(ExpenseForm("Movie Tickets", "24.5", "", "", "", true)), "Entertainment.", Tap("Social")),
				StepOn(On(ExpenseForm("Movie Tickets", "24.5", "Social", "", "", false)), "Note.", TypeIn("res:edt_note", "Saturday show with Maya")),
				StepOn(On(ExpenseForm("Movie Tickets", "24.5", "Social", "Saturday show with Maya", "", false)), "Save.", Tap("Save")),
				Claim(On(ExpenseList(nil, append([]string{"Movie Tickets|$24.5|Social|Oct 15"}, expenseNoise...)...)), "The expense is added."))},
		{Name: "movie_tickets_form_full", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "Every field is filled and the agent declares the expense added without tapping Save.", Evaluator: eval + " (no new row)",
			Steps: Then(picked, Claim(done, "All the details of the expense are entered."))},
	}
}

func expenses(picked []int, rows ...string) []El { return On(ExpenseList(picked, rows...)) }

func expenseAsk(picked []int, rows ...string) []El {
	return Screen(expenses(picked, rows...), Dialog(expense.Pkg, "", "Are you sure to delete?", "Ok", "Cancel"))
}

func expenseDeleteOneCases() []Case {
	const task, goal = "ExpenseDeleteSingle", "Delete the following expenses from Pro Expense: Streaming Subscription."
	const eval = "expense.py ExpenseDeleteSingle (DeleteMultipleRows): the one expense, Streaming Subscription, is gone; it was the only row"
	const row = "Streaming Subscription|$15.99|Entertainment|Oct 7"
	sel := []Step{FromHome("Pro Expense"), StepOn(expenses(nil, row), "Select it.", LongPress(ExpenseRow(0))),
		StepOn(expenses([]int{0}, row), "Delete.", Tap("Delete"))}
	return []Case{
		{Name: "streaming_deleted_confirmed", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The row is selected, Delete tapped and Ok confirmed; the list is empty.", Evaluator: eval,
			Steps: Then(sel, StepOn(expenseAsk([]int{0}, row), "Ok.", Tap("Ok")), Claim(expenses(nil), "Streaming Subscription is deleted."))},
		{Name: "streaming_confirm_cancelled", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailUnsaved,
			Behaviour: "At the confirmation the agent taps Cancel, taking it for closing the dialog, and the row stays listed.", Evaluator: eval + " (the row remains)",
			Steps: Then(sel, StepOn(expenseAsk([]int{0}, row), "Close the dialog.", Tap("Cancel")), Claim(expenses(nil, row), "The expense has been removed."))},
		{Name: "streaming_opened_not_deleted", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLost,
			Behaviour: "The agent taps the row, which opens its edit page, looks for a delete button there, and declares the task done on it.", Evaluator: eval + " (the row remains)",
			Steps: []Step{FromHome("Pro Expense"), StepOn(expenses(nil, row), "Open the expense.", Tap(ExpenseRow(0))),
				StepOn(On(ExpenseForm("Streaming Subscription", "15.99", "Entertainment", "", "", false)), "Go back to delete it.", Back()),
				StepOn(expenses(nil, row), "Open it again.", Tap(ExpenseRow(0))),
				Claim(On(ExpenseForm("Streaming Subscription", "15.99", "Entertainment", "", "", false)), "The expense is handled.")}},
	}
}

func expenseDeleteManyCases() []Case {
	const task, goal = "ExpenseDeleteMultiple", "Delete the following expenses from Pro Expense: Yoga Class, Phone Bill, Book Purchase."
	const eval = "expense.py ExpenseDeleteMultiple (DeleteMultipleRows): the three expenses, the only rows, are gone"
	rows := []string{"Phone Bill|$52.3|Housing|Oct 13", "Yoga Class|$20.0|Health Care|Oct 10", "Book Purchase|$18.75|Education|Oct 4"}
	return []Case{
		{Name: "three_deleted_one_by_one", TaskName: task, Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The rows are deleted one at a time, each confirmed; the list ends empty.", Evaluator: eval,
			Steps: []Step{FromHome("Pro Expense"), StepOn(expenses(nil, rows...), "Select Phone Bill.", LongPress(ExpenseRow(0))),
				StepOn(expenses([]int{0}, rows...), "Delete.", Tap("Delete")), StepOn(expenseAsk([]int{0}, rows...), "Ok.", Tap("Ok")),
				StepOn(expenses(nil, rows[1:]...), "Select Yoga Class.", LongPress(ExpenseRow(0))),
				StepOn(expenses([]int{0}, rows[1:]...), "Delete.", Tap("Delete")), StepOn(expenseAsk([]int{0}, rows[1:]...), "Ok.", Tap("Ok")),
				StepOn(expenses(nil, rows[2:]...), "Select Book Purchase.", LongPress(ExpenseRow(0))),
				StepOn(expenses([]int{0}, rows[2:]...), "Delete.", Tap("Delete")), StepOn(expenseAsk([]int{0}, rows[2:]...), "Ok.", Tap("Ok")),
				Claim(expenses(nil), "All three are deleted.")}},
		{Name: "two_selected_third_missed", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "Yoga Class and Phone Bill are selected and deleted; Book Purchase, at the bottom, stays in the list.", Evaluator: eval + " (Book Purchase remains)",
			Steps: []Step{FromHome("Pro Expense"), StepOn(expenses(nil, rows...), "Select Phone Bill.", LongPress(ExpenseRow(0))),
				StepOn(expenses([]int{0}, rows...), "And Yoga Class.", Tap(ExpenseRow(1))), StepOn(expenses([]int{0, 1}, rows...), "Delete.", Tap("Delete")),
				StepOn(expenseAsk([]int{0, 1}, rows...), "Ok.", Tap("Ok")), Claim(expenses(nil, rows[2]), "The expenses are deleted.")}},
		{Name: "three_selected_not_deleted", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "All three rows are selected, the bar reads 3 selected, and the agent declares them deleted without tapping Delete.", Evaluator: eval + " (all three remain)",
			Steps: []Step{FromHome("Pro Expense"), StepOn(expenses(nil, rows...), "Select Phone Bill.", LongPress(ExpenseRow(0))),
				StepOn(expenses([]int{0}, rows...), "Yoga Class.", Tap(ExpenseRow(1))), StepOn(expenses([]int{0, 1}, rows...), "Book Purchase.", Tap(ExpenseRow(2))),
				Claim(expenses([]int{0, 1, 2}, rows...), "The three expenses are selected and removed.")}},
	}
}
