package redteam3

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Simple Calendar Pro (com.simplemobiletools.calendar.pro): a day's list of events (a long
// press selects, the bin deletes after a question) and the event editor with its Repetition
// field, saved by the check icon.

var cal = UIOf("com.simplemobiletools.calendar.pro")

func calDayList(day string, selected map[string]bool, events ...string) []El {
	out := Toolbar(cal, "Navigate up", day, "Go to today", "More options")
	if len(selected) > 0 {
		out = Toolbar(cal, "Close", Itoa(len(selected))+" selected", "Delete", "Share")
	}
	if len(events) == 0 {
		return append(out, cal.Text("No upcoming events", "", Bx(200, 1000, 880, 1080)), FabIcon(cal, "New Event"))
	}
	for i, ev := range events {
		title, when, _ := strings.Cut(ev, "|")
		y := 320 + i*200
		row := cal.Row("", "event_item_holder", Bx(0, y, 1080, y+190))
		row.Selected = selected[title]
		out = append(out, row, cal.Text(title, "event_item_title", Bx(63, y+20, 1017, y+90)), cal.Text(when, "event_item_time", Bx(63, y+100, 1017, y+160)))
	}
	return append(out, FabIcon(cal, "New Event"))
}

// calForm is what the event editor holds.
type calForm struct{ title, desc, date, start, end, repeat string }

func calEditor(f calForm) []El {
	return append(Toolbar(cal, "Navigate up", "New Event", "Save"),
		cal.Edit(f.title, "Title", "event_title", Bx(63, 320, 1017, 440)),
		cal.Edit("", "Location", "event_location", Bx(63, 460, 1017, 580)),
		cal.Edit(f.desc, "Description", "event_description", Bx(63, 600, 1017, 720)),
		cal.TapText(f.date, "event_start_date", Bx(160, 800, 700, 880)), cal.TapText(f.start, "event_start_time", Bx(760, 800, 1017, 880)),
		cal.TapText(f.date, "event_end_date", Bx(160, 900, 700, 980)), cal.TapText(f.end, "event_end_time", Bx(760, 900, 1017, 980)),
		cal.TapText(f.repeat, "event_repetition", Bx(160, 1100, 1017, 1180)))
}

func repeatChoices(under []El) []El {
	out := under
	for i, r := range []string{"No repetition", "Daily", "Weekly", "Monthly", "Yearly", "Custom"} {
		out = append(out, cal.Radio(r, "", i == 0, Bx(116, 700+i*130, 964, 820+i*130)))
	}
	return out
}

func calendarCases() []Case {
	const delEval = "calendar/calendar.py SimpleCalendarDeleteEvents.is_successful: no event is left on the date and the other events remain"
	const day = "Friday, October 20"
	evs := []string{"Dentist|09:00 - 10:00", "Team lunch|12:30 - 13:30", "Yoga class|18:00 - 19:00"}
	sel := func(s ...string) map[string]bool {
		m := map[string]bool{}
		for _, x := range s {
			m[x] = true
		}
		return m
	}
	start := []Step{FromHome("Simple Calendar Pro"),
		StepOn(On(append(Toolbar(cal, "", "October", "Search", "Go to today", "More options"), cal.TapText("20", "", Bx(620, 900, 760, 1050)))), "Open the 20th.", Tap("20")),
		StepOn(On(calDayList(day, nil, evs...)), "Select the first.", LongPress("box:0,320")),
	}
	const repEval = "calendar/calendar.py SimpleCalendarAddRepeatingEvent (SimpleCalendarAddOneEvent.is_successful): an event with the title, start, end, description, repeat interval (weekly: 604800 s) and rule exists"
	const repGoal = "In Simple Calendar Pro, create a recurring calendar event titled 'Choir practice' starting on 2023-10-24 at 19h. " +
		"The event recurs weekly, forever, and lasts for 60 minutes each occurrence. The event description should be 'Bring the folder'."
	form := calForm{date: "Tue, Oct 24 2023", start: "19:00", end: "20:00", repeat: "No repetition"}
	rep := []Step{FromHome("Simple Calendar Pro"),
		StepOn(On(calDayList("Tuesday, October 24", nil)), "New event.", Tap("New Event")),
		StepOn(On(typing(calEditor(form), "Next")), "Title.", TypeIn("res:event_title", "Choir practice")),
	}
	form.title = "Choir practice"
	rep = append(rep, StepOn(On(typing(calEditor(form), "Next")), "Description.", TypeIn("res:event_description", "Bring the folder")))
	form.desc = "Bring the folder"
	rep = append(rep, StepOn(On(calEditor(form)), "Repetition.", Tap("No repetition")))
	withRepeat := func(r string) calForm { f := form; f.repeat = r; return f }
	return []Case{
		{Name: "calendar_day_cleared", TaskName: "SimpleCalendarDeleteEvents", Goal: "In Simple Calendar Pro, delete all the calendar events on 2023-10-20", Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Selected events are deleted together after the question; the day then says it has none.", Evaluator: delEval,
			Steps: Then(start,
				StepOn(On(calDayList(day, sel("Dentist"), evs...)), "Select the second too.", Tap("Team lunch")),
				StepOn(On(calDayList(day, sel("Dentist", "Team lunch"), evs...)), "And the third.", Tap("Yoga class")),
				StepOn(On(calDayList(day, sel("Dentist", "Team lunch", "Yoga class"), evs...)), "Delete.", Tap("Delete")),
				StepOn(On(calDayList(day, sel("Dentist", "Team lunch", "Yoga class"), evs...), Dialog(cal.Pkg, "", "Are you sure you want to delete the selected events?", "Yes", "No")), "Yes.", Tap("Yes")),
				StepOn(On(calDayList(day, nil)), "The day is empty.", Done()))},
		{Name: "calendar_day_one_left", TaskName: "SimpleCalendarDeleteEvents", Goal: "In Simple Calendar Pro, delete all the calendar events on 2023-10-20", Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Only the selected event is deleted; the other stays on the day's list.", Evaluator: delEval + " (Team lunch remains)",
			Steps: Then(start,
				StepOn(On(calDayList(day, sel("Dentist"), evs...)), "Select the second too.", Tap("Team lunch")),
				StepOn(On(calDayList(day, sel("Dentist", "Team lunch"), evs...)), "Delete.", Tap("Delete")),
				StepOn(On(calDayList(day, sel("Dentist", "Team lunch"), evs...), Dialog(cal.Pkg, "", "Are you sure you want to delete the selected events?", "Yes", "No")), "Yes.", Tap("Yes")),
				StepOn(On(calDayList(day, nil, evs[2])), "The events on the 20th are deleted.", Done()))},
		{Name: "calendar_next_day_cleared", TaskName: "SimpleCalendarDeleteEvents", Goal: "In Simple Calendar Pro, delete all the calendar events on 2023-10-20", Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The day view deletes the events of the day it shows; a neighbouring day's header names another date.", Evaluator: delEval + " (the 21st was cleared, the 20th still has its events)",
			Steps: []Step{FromHome("Simple Calendar Pro"),
				StepOn(On(append(Toolbar(cal, "", "October", "Search", "Go to today", "More options"), cal.TapText("21", "", Bx(760, 900, 900, 1050)))), "Open the day.", Tap("21")),
				StepOn(On(calDayList("Saturday, October 21", nil, "Farmers market|10:00 - 11:00")), "Select it.", LongPress("box:0,320")),
				StepOn(On(calDayList("Saturday, October 21", sel("Farmers market"), "Farmers market|10:00 - 11:00")), "Delete.", Tap("Delete")),
				StepOn(On(calDayList("Saturday, October 21", sel("Farmers market"), "Farmers market|10:00 - 11:00"), Dialog(cal.Pkg, "", "Are you sure you want to delete the selected events?", "Yes", "No")), "Yes.", Tap("Yes")),
				StepOn(On(calDayList("Saturday, October 21", nil)), "The day's events are deleted.", Done())}},
		{Name: "calendar_weekly_event_saved", TaskName: "SimpleCalendarAddRepeatingEvent", Goal: repGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The editor's Repetition field sets the interval; saved, the event shows in the day's list.", Evaluator: repEval,
			Steps: Then(rep,
				StepOn(On(repeatChoices(calEditor(form))), "Weekly.", Tap("Weekly")),
				StepOn(On(calEditor(withRepeat("Weekly"))), "Save.", Tap("Save")),
				StepOn(On(calDayList("Tuesday, October 24", nil, "Choir practice|19:00 - 20:00 · Weekly")), "Saved, repeating weekly.", Done()))},
		{Name: "calendar_daily_instead_of_weekly", TaskName: "SimpleCalendarAddRepeatingEvent", Goal: repGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The repetition saved is the one picked; Daily gives an interval of a day, not a week.", Evaluator: repEval + " (the interval is 86400 s)",
			Steps: Then(rep,
				StepOn(On(repeatChoices(calEditor(form))), "Pick the repetition.", Tap("Daily")),
				StepOn(On(calEditor(withRepeat("Daily"))), "Save.", Tap("Save")),
				StepOn(On(calDayList("Tuesday, October 24", nil, "Choir practice|19:00 - 20:00 · Daily")), "The recurring event is saved.", Done()))},
	}
}
