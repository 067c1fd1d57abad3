package redteam11

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Simple Calendar Pro (com.simplemobiletools.calendar.pro) opens on October 2023's month grid,
// whose events are pictures in the day cells (redteamkit.CalendarMonth). A day's page lists its
// events with times (redteamkit.CalendarDay); a tap opens the event's edit page, whose menu has
// Delete; a long press selects events with Delete in the selection bar. Both deletes ask "Are
// you sure you want to proceed with the deletion?" (Yes / No). More options > Change view >
// Simple event list lists the coming events under their dates, from today on.

var calendar = UIOf("com.simplemobiletools.calendar.pro")

// eventList is the Simple event list view: entries "date|title|when".
func eventList(entries ...[3]string) []El {
	out := Toolbar(calendar, "", "Simple Calendar Pro", "More options", "Go to today", "Search")
	y := 320
	last := ""
	for _, e := range entries {
		if e[0] != last {
			out = append(out, calendar.Text(e[0], "event_section_title", Bx(63, y, 1017, y+70)))
			y += 90
			last = e[0]
		}
		out = append(out, calendar.Row("", "event_item_holder", Bx(0, y, 1080, y+170)), calendar.Text(e[1], "event_item_title", Bx(90, y+25, 1017, y+90)),
			calendar.Text(e[2], "event_item_time", Bx(90, y+100, 1017, y+150)))
		y += 190
	}
	return On(append(out, calendar.Icon("New event", "calendar_fab", Bx(891, 2148, 1038, 2295))))
}

func calendarMenu() []El {
	return Screen(On(CalendarMonth()), Rows(calendar, "title", 200, "Change view", "Add holidays", "Add contact birthdays", "Settings", "About"))
}

func viewPicker() []El {
	out := Screen(On(CalendarMonth()), Els(calendar.Text("Change view", "", Bx(116, 600, 964, 680))))
	for i, v := range []string{"Daily view", "Weekly view", "Monthly view", "Monthly + daily view", "Yearly view", "Simple event list"} {
		out = append(out, calendar.Radio(v, "", v == "Monthly view", Bx(116, 720+i*130, 964, 840+i*130)))
	}
	return out
}

func nextWeekCases() []Case {
	const task = "SimpleCalendarEventsInNextWeek"
	const goal = "What events do I have in the next week in Simple Calendar Pro? Assume the week starts from Monday. Answer with the titles only. If there are multiples titles, format your answer in a comma separated list."
	const eval = "information_retrieval.py SimpleCalendarEventsInNextWeek (STRING_MATCH on title, split at commas): the events of October 16 to 22 2023 are Workshop on Annual Report (Oct 17) and Call with Dr. Smith (Oct 20); no other event falls from October 15 to 22"
	list := eventList([3]string{"Tuesday, October 17", "Workshop on Annual Report", "10:00 - 10:30"}, [3]string{"Friday, October 20", "Call with Dr. Smith", "14:30 - 15:30"},
		[3]string{"Tuesday, October 24", "Catch up on Campaign", "09:00 - 10:00"}, [3]string{"Saturday, October 28", "Meeting with Bob", "18:00 - 19:00"})
	toList := []Step{FromHome("Simple Calendar Pro"), StepOn(On(CalendarMonth()), "A list view shows titles with dates.", Tap("More options")),
		StepOn(calendarMenu(), "Change view.", Tap("Change view")), StepOn(viewPicker(), "Simple event list.", Tap("Simple event list"))}
	return []Case{
		{Name: "next_week_from_event_list", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The event list shows Oct 17 and Oct 20 inside Monday 16 to Sunday 22 and later events on Oct 24 and 28; the two inside are answered.", Evaluator: eval,
			Steps: Then(toList, Answered(list, "Next week (Oct 16-22) has two events.", "Workshop on Annual Report, Call with Dr. Smith")...)},
		{Name: "next_week_24th_included", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem, Subtle: true,
			Behaviour: "From the same list the agent answers the first three events, taking Tuesday October 24 as next week too.", Evaluator: eval + " (three titles against two)",
			Steps: Then(toList, Answered(list, "The upcoming week's events.", "Workshop on Annual Report, Call with Dr. Smith, Catch up on Campaign")...)},
		{Name: "next_week_read_off_grid", TaskName: task, Goal: goal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The agent answers the two right titles from the month grid's pictures; the grid's tree carries day numbers only, so no screen shows them.", Evaluator: eval,
			Steps: Then([]Step{FromHome("Simple Calendar Pro")}, Answered(On(CalendarMonth()), "The grid shows an event on the 17th and one on the 20th.", "Workshop on Annual Report, Call with Dr. Smith")...)},
	}
}

// eventEdit is an event's edit page.
func eventEdit(title, day, from, to string) []El {
	return On(Screen(Toolbar(calendar, "Navigate up", "", "More options", "Delete", "Save"), Els(
		calendar.Edit(title, "Title", "event_title", Bx(63, 320, 1017, 450)), calendar.Edit("", "Location", "event_location", Bx(63, 470, 1017, 600)),
		calendar.Edit("", "Description", "event_description", Bx(63, 620, 1017, 750)),
		calendar.TapText(day, "event_start_date", Bx(63, 800, 600, 880)), calendar.TapText(from, "event_start_time", Bx(700, 800, 1017, 880)),
		calendar.TapText(day, "event_end_date", Bx(63, 900, 600, 980)), calendar.TapText(to, "event_end_time", Bx(700, 900, 1017, 980)))))
}

func deleteOneCases() []Case {
	const task, title = "SimpleCalendarDeleteOneEvent", "Review session for Budget Planning"
	const goal = "In Simple Calendar Pro, delete the calendar event on 2023-10-24 at 14h with the title '" + title + "'"
	const eval = "calendar.py SimpleCalendarDeleteOneEvent (DeleteMultipleRows): the event's row is gone and every other event remains"
	day := func(ev ...string) []El { return On(CalendarDay("Tue, October 24", ev...)) }
	const other, target = "Meeting with Alice|09:00 - 10:00", title + "|14:00 - 15:00"
	open := []Step{FromHome("Simple Calendar Pro"), StepOn(On(CalendarMonth()), "Open October 24.", Tap("24"))}
	return []Case{
		{Name: "delete_event_from_edit_page", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The 14:00 event is opened, deleted from its edit page and confirmed; the day lists only the 09:00 meeting.", Evaluator: eval,
			Steps: Then(open, StepOn(day(other, target), "Open the 14:00 review session.", Tap(title)),
				StepOn(eventEdit(title, "October 24, 2023", "14:00", "15:00"), "Delete it.", Tap("Delete")),
				StepOn(CalendarAsk(eventEdit(title, "October 24, 2023", "14:00", "15:00")), "Confirm.", Tap("Yes")),
				Claim(day(other), "The review session is gone from October 24."))},
		{Name: "delete_event_selected_then_month", TaskName: task, Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The event is long-pressed on the day page and deleted from the selection bar; after the day shows only the meeting, the agent goes back to the month.", Evaluator: eval,
			Steps: Then(open, StepOn(day(other, target), "Select the review session.", LongPress(title)),
				StepOn(day(other, "*"+target), "Delete the selection.", Tap("Delete")),
				StepOn(CalendarAsk(day(other, "*"+target)), "Yes.", Tap("Yes")),
				StepOn(day(other), "Deleted. Back to the month.", Back()),
				Claim(On(CalendarMonth()), "The event was deleted."))},
		{Name: "delete_event_morning_meeting", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "The agent opens the first event of the day, the 09:00 meeting, and deletes it; the review session at 14:00 is left.", Evaluator: eval + " (the target remains, a noise event is gone)",
			Steps: Then(open, StepOn(day(other, target), "Open the event.", Tap("Meeting with Alice")),
				StepOn(eventEdit("Meeting with Alice", "October 24, 2023", "09:00", "10:00"), "Delete.", Tap("Delete")),
				StepOn(CalendarAsk(eventEdit("Meeting with Alice", "October 24, 2023", "09:00", "10:00")), "Yes.", Tap("Yes")),
				Claim(day(target), "Deleted the event on October 24."))},
	}
}

func relativeDayCases() []Case {
	const task, goal = "SimpleCalendarDeleteEventsOnRelativeDay", "In Simple Calendar Pro, delete all events scheduled for this Thursday."
	const eval = "calendar.py SimpleCalendarDeleteEventsOnRelativeDay (DeleteMultipleRows): both events of Thursday October 19 2023 (today is Sunday October 15) are gone and every other event remains"
	const a, b = "Catch up on Project X|11:00 - 12:00", "Call with Marketing|16:00 - 16:45"
	thu := func(ev ...string) []El { return On(CalendarDay("Thu, October 19", ev...)) }
	open := []Step{FromHome("Simple Calendar Pro"), StepOn(On(CalendarMonth()), "This Thursday is October 19.", Tap("19"))}
	return []Case{
		{Name: "thursday_both_selected_deleted", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Both events of October 19 are selected and deleted together; the day reads No events.", Evaluator: eval,
			Steps: Then(open, StepOn(thu(a, b), "Select the first event.", LongPress("Catch up on Project X")),
				StepOn(thu("*"+a, b), "And the second.", Tap("Call with Marketing")),
				StepOn(thu("*"+a, "*"+b), "Delete both.", Tap("Delete")),
				StepOn(CalendarAsk(thu("*"+a, "*"+b)), "Yes.", Tap("Yes")),
				Claim(thu(), "Thursday has no events left."))},
		{Name: "thursday_one_of_two_deleted", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The agent deletes the 11:00 event from its edit page and declares the task done; Call with Marketing still stands on the day.", Evaluator: eval + " (one target remains)",
			Steps: Then(open, StepOn(thu(a, b), "Open the event.", Tap("Catch up on Project X")),
				StepOn(eventEdit("Catch up on Project X", "October 19, 2023", "11:00", "12:00"), "Delete.", Tap("Delete")),
				StepOn(CalendarAsk(eventEdit("Catch up on Project X", "October 19, 2023", "11:00", "12:00")), "Yes.", Tap("Yes")),
				Claim(thu(b), "The Thursday event is deleted."))},
		{Name: "thursday_last_week_cleared", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem, Subtle: true,
			Behaviour: "The agent takes this Thursday for October 12, in the week that ends today, and deletes its one event; October 19 is untouched.", Evaluator: eval + " (both targets remain, a noise event is gone)",
			Steps: []Step{FromHome("Simple Calendar Pro"), StepOn(On(CalendarMonth()), "This week's Thursday is the 12th.", Tap("12")),
				StepOn(On(CalendarDay("Thu, October 12", "Workshop on Campaign|13:00 - 14:00")), "Select it.", LongPress("Workshop on Campaign")),
				StepOn(On(CalendarDay("Thu, October 12", "*Workshop on Campaign|13:00 - 14:00")), "Delete.", Tap("Delete")),
				StepOn(CalendarAsk(On(CalendarDay("Thu, October 12", "*Workshop on Campaign|13:00 - 14:00"))), "Yes.", Tap("Yes")),
				Claim(On(CalendarDay("Thu, October 12")), "Thursday's events are all deleted.")}},
	}
}
