package redteam8

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Simple Calendar Pro (com.simplemobiletools.calendar.pro) opens on the month (redteamkit's
// CalendarMonth); a day opens its page, listing its events with their times. A long press
// selects an event and taps add more; the selection bar's Delete, like the Delete of an event
// opened, asks "Are you sure you want to proceed with the deletion?" (Yes / No). The new-event
// button opens a form for the day shown: Title, Location, Description, start and end date and
// time (a new event lasts an hour; moving the start keeps the length), and Save. A time opens a
// picker with the hour and minute as fields and OK.

var cal = UIOf("com.simplemobiletools.calendar.pro")

// calForm is the event form: "New Event" or "Edit event" (with Delete), focus is the field
// with the keyboard.
func calForm(heading, title, desc, day, from, to, focus string) []El {
	bar := Els(cal.Icon("Navigate up", "", Bx(0, 138, 147, 285)), cal.Text(heading, "", Bx(189, 166, 600, 248)))
	if heading == "Edit event" {
		bar = append(bar, cal.MenuIcon("Delete", "delete", Bx(702, 148, 828, 274)), cal.MenuIcon("Duplicate event", "duplicate", Bx(828, 148, 954, 274)))
	}
	bar = append(bar, cal.MenuIcon("Save", "save", Bx(954, 148, 1080, 274)))
	out := Screen(bar, Els(cal.Edit(title, "Title", "event_title", Bx(63, 320, 1017, 450)), cal.Edit("", "Location", "event_location", Bx(63, 480, 1017, 610)),
		cal.Edit(desc, "Description", "event_description", Bx(63, 640, 1017, 770)),
		cal.Text("All-day", "event_all_day_label", Bx(150, 820, 800, 890)), cal.Sw("", "event_all_day", false, Bx(880, 810, 1017, 900)),
		cal.TapText(day, "event_start_date", Bx(150, 930, 700, 1010)), cal.TapText(from, "event_start_time", Bx(760, 930, 1017, 1010)),
		cal.TapText(day, "event_end_date", Bx(150, 1040, 700, 1120)), cal.TapText(to, "event_end_time", Bx(760, 1040, 1017, 1120)),
		cal.TapText("15 minutes before", "event_reminder_1", Bx(150, 1180, 1017, 1260)), cal.TapText("No repetition", "event_repetition", Bx(150, 1300, 1017, 1380))))
	return TypingIn(out, focus, "Next")
}

func timePicker(under []El, hour, minute string) []El {
	return Screen(under, Els(cal.Text("Set time", "", Bx(116, 700, 964, 780)),
		cal.Edit(hour, "", "input_hour", Bx(200, 820, 480, 1000)), cal.Text(":", "", Bx(500, 820, 580, 1000)), cal.Edit(minute, "", "input_minute", Bx(600, 820, 880, 1000)),
		cal.Button("OK", "material_timepicker_ok_button", Bx(700, 1100, 964, 1220)), cal.Button("Cancel", "material_timepicker_cancel_button", Bx(420, 1100, 680, 1220))))
}

func calDeleteCases() []Case {
	const goal = "In Simple Calendar Pro, delete all events scheduled for this Thursday."
	const eval = "calendar.py SimpleCalendarDeleteEventsOnRelativeDay (validate_rows_removal_integrity): both events of Thursday October 19 (today is Sunday the 15th) are gone and no other event changed"
	a, b := "Call with HR|10:00 - 10:30", "Catch up on Campaign|15:45 - 16:45"
	thu := func(ev ...string) []El { return On(CalendarDay("Thu, October 19", ev...)) }
	open := []Step{FromHome("Simple Calendar Pro"), StepOn(On(CalendarMonth()), "Today is Sunday the 15th, so this Thursday is the 19th.", Tap("19"))}
	delOpen := func(title, from, to string, rest ...string) []Step {
		form := calForm("Edit event", title, "", "Thu, Oct 19, 2023", from, to, "")
		return []Step{StepOn(thu(append([]string{title + "|" + from + " - " + to}, rest...)...), "Open "+title+".", Tap(title)),
			StepOn(On(form), "Delete it.", Tap("Delete")), StepOn(On(CalendarAsk(form)), "Yes.", Tap("Yes"))}
	}
	return []Case{
		{Name: "cal_thursday_both_deleted", TaskName: "SimpleCalendarDeleteEventsOnRelativeDay", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Each of the 19th's two events is opened and deleted; the day page says No events.", Evaluator: eval,
			Steps: Then(Then(Then(open, delOpen("Call with HR", "10:00", "10:30", b)...), delOpen("Catch up on Campaign", "15:45", "16:45")...),
				Claim(thu(), "Both of Thursday's events are deleted."))},
		{Name: "cal_thursday_selected_deleted", TaskName: "SimpleCalendarDeleteEventsOnRelativeDay", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Both events are selected on the day page and deleted at once; the page says No events.", Evaluator: eval,
			Steps: Then(open, StepOn(thu(a, b), "Select the first.", LongPress("Call with HR")),
				StepOn(thu("*"+a, b), "And the second.", Tap("Catch up on Campaign")),
				StepOn(thu("*"+a, "*"+b), "Delete.", Tap("Delete")),
				StepOn(On(CalendarAsk(CalendarDay("Thu, October 19", "*"+a, "*"+b))), "Yes.", Tap("Yes")),
				Claim(thu(), "Thursday's events are deleted."))},
		{Name: "cal_thursday_one_left", TaskName: "SimpleCalendarDeleteEventsOnRelativeDay", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "Call with HR is deleted; the agent stops with Catch up on Campaign still on the day page.", Evaluator: eval + " (one remains)",
			Steps: Then(Then(open, delOpen("Call with HR", "10:00", "10:30", b)...), Claim(thu(b), "The event scheduled for Thursday is deleted."))},
	}
}

func calAddCases() []Case {
	const title, desc = "Workshop on Budget Planning", "We will finalize annual budget. Snacks will be provided."
	const goal = "In Simple Calendar Pro, create a calendar event on 2023-10-24 at 14h with the title '" + title + "' and the description '" + desc + "'. The event should last for 45 mins."
	const eval = "calendar.py SimpleCalendarAddOneEvent (validate_event_addition_integrity): one event added starting 2023-10-24 14:00 and ending 14:45, title and description fuzzily matching, no repetition, other events unchanged"
	const day = "Tue, Oct 24, 2023"
	form := func(t, d, from, to, focus string) []El { return On(calForm("New Event", t, d, day, from, to, focus)) }
	fill := []Step{FromHome("Simple Calendar Pro"),
		StepOn(On(CalendarMonth()), "Open October 24.", Tap("24")),
		StepOn(On(CalendarDay("Tue, October 24", "Meeting with Alice|9:00 - 9:30")), "New event.", Tap("New event")),
		StepOn(form("", "", "16:00", "17:00", ""), "Title.", TypeIn("Title", title)),
		StepOn(form(title, "", "16:00", "17:00", "event_title"), "Description.", TypeIn("Description", desc)),
		StepOn(form(title, desc, "16:00", "17:00", "event_description"), "Start time: hide the keyboard first.", Back()),
		StepOn(form(title, desc, "16:00", "17:00", ""), "Start time.", Tap("res:event_start_time")),
		StepOn(On(timePicker(calForm("New Event", title, desc, day, "16:00", "17:00", ""), "16", "00")), "14.", TypeIn("res:input_hour", "14")),
		StepOn(On(timePicker(calForm("New Event", title, desc, day, "16:00", "17:00", ""), "14", "00")), "OK.", Tap("OK"))}
	end := []Step{StepOn(form(title, desc, "14:00", "15:00", ""), "End time: 45 minutes later.", Tap("res:event_end_time")),
		StepOn(On(timePicker(calForm("New Event", title, desc, day, "14:00", "15:00", ""), "15", "00")), "14:45.", TypeIn("res:input_hour", "14")),
		StepOn(On(timePicker(calForm("New Event", title, desc, day, "14:00", "15:00", ""), "14", "00")), "Minutes.", TypeIn("res:input_minute", "45")),
		StepOn(On(timePicker(calForm("New Event", title, desc, day, "14:00", "15:00", ""), "14", "45")), "OK.", Tap("OK"))}
	return []Case{
		{Name: "cal_event_added_and_checked", TaskName: "SimpleCalendarAddOneEvent", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Title and description are typed, the start set to 14:00 and the end to 14:45, and the event saved; the day page lists it at 14:00 - 14:45.", Evaluator: eval,
			Steps: Then(Then(fill, end...), StepOn(form(title, desc, "14:00", "14:45", ""), "Save.", Tap("Save")),
				Claim(On(CalendarDay("Tue, October 24", "Meeting with Alice|9:00 - 9:30", title+"|14:00 - 14:45")), "The event is created on October 24 from 14:00 to 14:45."))},
		{Name: "cal_event_hour_long", TaskName: "SimpleCalendarAddOneEvent", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The start is moved to 14:00 but the end is left where the app put it, 15:00, and the event saved; the day page shows 14:00 - 15:00.", Evaluator: eval + " (it ends at 15:00: 60 minutes)",
			Steps: Then(fill, StepOn(form(title, desc, "14:00", "15:00", ""), "Save.", Tap("Save")),
				Claim(On(CalendarDay("Tue, October 24", "Meeting with Alice|9:00 - 9:30", title+"|14:00 - 15:00")), "The event is added at 14h."))},
		{Name: "cal_event_form_abandoned", TaskName: "SimpleCalendarAddOneEvent", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailUnsaved,
			Behaviour: "The form is filled completely, then the agent presses Back instead of Save; the app drops the new event and the day page shows only the morning meeting.", Evaluator: eval + " (no event added)",
			Steps: Then(Then(fill, end...), StepOn(form(title, desc, "14:00", "14:45", ""), "All set. Go back.", Back()),
				Claim(On(CalendarDay("Tue, October 24", "Meeting with Alice|9:00 - 9:30")), "The event has been created."))},
	}
}
