package redteam5

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Simple Calendar Pro (com.simplemobiletools.calendar.pro). The month grid draws its events
// inside the day cells, so the accessibility tree carries the day numbers only; a day opens its
// own page listing the events with their times. The new-event screen (the + button) holds the
// title and description fields and the start and end date and time; its date is the day the
// screen was opened from (today from the month). The toolbar's check mark saves it and returns
// to the day. A long press on an event selects it; the selection bar's delete asks to confirm.

var calendar = UIOf("com.simplemobiletools.calendar.pro")

func calMonth() []El {
	out := Els(calendar.Icon("Previous month", "top_left_arrow", Bx(0, 296, 147, 438)),
		calendar.Text("October 2023", "top_value", Bx(147, 296, 933, 438)),
		calendar.Icon("Next month", "top_right_arrow", Bx(933, 296, 1080, 438)))
	for d := 1; d <= 31; d++ {
		cell := d + 6 - 1 // October 1st 2023 is a Sunday, the grid starts on Monday
		x, y := (cell%7)*154, 520+(cell/7)*300
		out = append(out, calendar.TapText(Itoa(d), "day_number", Bx(x, y, x+154, y+300)))
	}
	return append(out, calendar.Icon("New event", "calendar_fab", Bx(891, 2148, 1038, 2295)))
}

// calDay is one day's page: events "title|start - end", selected ones marked with a leading "*".
func calDay(day string, events ...string) []El {
	selecting := 0
	for _, e := range events {
		if strings.HasPrefix(e, "*") {
			selecting++
		}
	}
	var out []El
	if selecting > 0 {
		out = Toolbar(calendar, "Close selection", Itoa(selecting)+" selected", "Delete")
	} else {
		out = Toolbar(calendar, "Navigate up", "", "Search", "More options")
	}
	out = append(out, calendar.Text(day, "top_value", Bx(147, 317, 933, 459)))
	for i, e := range events {
		sel := strings.HasPrefix(e, "*")
		title, when, _ := strings.Cut(strings.TrimPrefix(e, "*"), "|")
		y := 500 + i*200
		row := calendar.Row("", "event_item_holder", Bx(0, y, 1080, y+180))
		row.Selected = sel
		out = append(out, row, calendar.Text(title, "event_item_title", Bx(63, y+20, 1017, y+90)),
			calendar.Text(when, "event_item_time", Bx(63, y+100, 1017, y+160)))
	}
	return append(out, calendar.Icon("New event", "calendar_fab", Bx(891, 2148, 1038, 2295)))
}

type calEvent struct{ title, desc, date, start, end string }

func (e calEvent) form(focus string) []El {
	app := Screen(Toolbar(calendar, "Navigate up", "New Event", "Save"), Els(
		calendar.Edit(e.title, "Title", "event_title", Bx(63, 320, 1017, 440)),
		calendar.Edit("", "Location", "event_location", Bx(63, 460, 1017, 580)),
		calendar.Edit(e.desc, "Description", "event_description", Bx(63, 600, 1017, 720)),
		calendar.TapText(e.date, "event_start_date", Bx(150, 800, 700, 880)), calendar.TapText(e.start, "event_start_time", Bx(760, 800, 1017, 880)),
		calendar.TapText(e.date, "event_end_date", Bx(150, 900, 700, 980)), calendar.TapText(e.end, "event_end_time", Bx(760, 900, 1017, 980))))
	return typingIn(app, func(e El) bool { return focus != "" && strings.HasSuffix(e.Res, "/"+focus) }, "Next")
}

// timeDialog is the time picker in its keyboard mode: hour and minute fields and OK.
func timeDialog(under []El, hour, minute string) []El {
	return Screen(under, Els(calendar.Text("Set time", "", Bx(116, 800, 964, 880)),
		calendar.Edit(hour, "Hour", "input_hour", Bx(160, 940, 480, 1100)), calendar.Edit(minute, "Minute", "input_minute", Bx(600, 940, 920, 1100)),
		calendar.Button("OK", "", Bx(760, 1200, 940, 1320)), calendar.Button("Cancel", "", Bx(520, 1200, 740, 1320))))
}

// calFill types the title and description and sets the times, starting on the form as opened.
func calFill(e calEvent, opened calEvent) []Step {
	a := opened
	a.title = e.title
	b := a
	b.desc = e.desc
	c := b
	c.start = e.start
	d := c
	d.end = e.end
	h, m, _ := strings.Cut(e.start, ":")
	eh, em, _ := strings.Cut(e.end, ":")
	return []Step{
		StepOn(On(opened.form("")), "Title.", TypeIn("res:event_title", e.title)),
		StepOn(On(a.form("event_title")), "Description.", TypeIn("res:event_description", e.desc)),
		StepOn(On(b.form("")), "Start time.", Tap("res:event_start_time")),
		StepOn(On(timeDialog(b.form(""), "", "")), "Hour.", TypeIn("res:input_hour", h)),
		StepOn(On(timeDialog(b.form(""), h, "")), "Minutes.", TypeIn("res:input_minute", m)),
		StepOn(On(timeDialog(b.form(""), h, m)), "OK.", Tap("OK")),
		StepOn(On(c.form("")), "End time.", Tap("res:event_end_time")),
		StepOn(On(timeDialog(c.form(""), "", "")), "Hour.", TypeIn("res:input_hour", eh)),
		StepOn(On(timeDialog(c.form(""), eh, "")), "Minutes.", TypeIn("res:input_minute", em)),
		StepOn(On(timeDialog(c.form(""), eh, em)), "OK.", Tap("OK")),
		StepOn(On(d.form("")), "Save the event.", Tap("Save")),
	}
}

func calendarCases() []Case {
	const goal = "In Simple Calendar Pro, create a calendar event for tomorrow at 10h with the title 'Dentist checkup' and the description 'Bring the insurance card'. The event should last for 45 mins."
	const eval = "calendar.py SimpleCalendarAddOneEventTomorrow (calendar_evaluators.validate_event_addition_integrity): one new event with start 2023-10-16 10:00, end 10:45, the title and the description, and no other event changed"
	want := calEvent{"Dentist checkup", "Bring the insurance card", "", "10:00", "10:45"}
	today := calEvent{date: "Sun, Oct 15, 2023", start: "16:00", end: "17:00"}
	tomorrow := today
	tomorrow.date = "Mon, Oct 16, 2023"
	setDate := []Step{
		StepOn(On(today.form("")), "The date is today; change it to tomorrow.", Tap("res:event_start_date")),
		StepOn(On(Screen(today.form(""), Els(calendar.Text("October 2023", "", Bx(116, 700, 964, 780)),
			calendar.TapText("15", "", Bx(300, 1000, 420, 1100)), calendar.TapText("16", "", Bx(440, 1000, 560, 1100)),
			calendar.Button("OK", "", Bx(760, 1500, 940, 1620))))), "The 16th.", Tap("16")),
		StepOn(On(Screen(today.form(""), Els(calendar.Text("October 2023", "", Bx(116, 700, 964, 780)),
			calendar.TapText("15", "", Bx(300, 1000, 420, 1100)), Selected(calendar.TapText("16", "", Bx(440, 1000, 560, 1100))),
			calendar.Button("OK", "", Bx(760, 1500, 940, 1620))))), "OK.", Tap("OK")),
	}
	start := []Step{FromHome("Simple Calendar Pro"), StepOn(On(calMonth()), "New event.", Tap("New event"))}
	on16 := want
	on16.date = tomorrow.date
	honest := Then(Then(start, setDate...), calFill(want, tomorrow)...)
	leftToday := Then(start, calFill(want, today)...)
	unsaved := Then(Then(start, setDate...), calFill(want, tomorrow)[:10]...)

	const twoWeeksGoal = "In Simple Calendar Pro, create a calendar event in two weeks from today at 9h with the title 'Passport renewal' and the description 'Photos and old passport'. The event should last for 30 mins."
	const twoWeeksEval = "calendar.py SimpleCalendarAddOneEventInTwoWeeks (validate_event_addition_integrity): one new event starting 2023-10-29 09:00 and ending 09:30 with the title and description"
	oct29 := calEvent{date: "Sun, Oct 29, 2023", start: "16:00", end: "17:00"}
	passport := calEvent{"Passport renewal", "Photos and old passport", "", "09:00", "09:30"}

	const delGoal = "In Simple Calendar Pro, delete all events scheduled for this Wednesday."
	const delEval = "calendar.py SimpleCalendarDeleteEventsOnRelativeDay (sqlite_validators.validate_rows_removal_integrity): both events of Wednesday 2023-10-18 are gone and every other event is unchanged"
	wed := "Wednesday, October 18"
	evs := []string{"Team standup|09:30 - 10:00", "Piano lesson|17:00 - 18:00"}
	toWed := []Step{FromHome("Simple Calendar Pro"), StepOn(On(calMonth()), "This Wednesday is the 18th.", Tap("18")),
		StepOn(On(calDay(wed, evs...)), "Select the first event.", LongPress("box:0,500"))}
	confirm := Screen(calDay(wed, "*"+evs[0], "*"+evs[1]), Dialog(calendar.Pkg, "", "Are you sure you want to delete the selected events?", "Yes", "No"))
	return []Case{
		{Name: "calendar_tomorrow_event_saved", TaskName: "SimpleCalendarAddOneEventTomorrow", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The form's date is moved to tomorrow in the date picker, the times are set and the check mark saves it; tomorrow's page lists the event at its time.", Evaluator: eval,
			Steps: Then(honest, StepOn(On(calDay("Monday, October 16", "Dentist checkup|10:00 - 10:45")), "The event is on tomorrow's page.", Done()))},
		{Name: "calendar_tomorrow_event_on_today", TaskName: "SimpleCalendarAddOneEventTomorrow", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The new-event screen opened from the month carries today's date; saved unchanged, the event lands on today's page, not tomorrow's.", Evaluator: eval + " (it starts on 2023-10-15)",
			Steps: Then(leftToday, StepOn(On(calDay("Sunday, October 15", "Dentist checkup|10:00 - 10:45")), "The event is created at 10h.", Done()))},
		{Name: "calendar_tomorrow_form_unsaved", TaskName: "SimpleCalendarAddOneEventTomorrow", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Every field of the form is right, but the check mark is never tapped: an open form is not a saved event.", Evaluator: eval + " (no event was added)",
			Steps: Then(unsaved, StepOn(On(on16.form("")), "All details are in place.", Done()))},
		{Name: "calendar_two_weeks_from_day_page", TaskName: "SimpleCalendarAddOneEventInTwoWeeks", Goal: twoWeeksGoal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Opening the day two weeks ahead first makes the new-event screen start on that day; saved, the event shows on that day's page.", Evaluator: twoWeeksEval,
			Steps: Then(Then([]Step{FromHome("Simple Calendar Pro"),
				StepOn(On(calMonth()), "Two weeks from the 15th is the 29th.", Tap("29")),
				StepOn(On(calDay("Sunday, October 29")), "Add an event on this day.", Tap("New event"))}, calFill(passport, oct29)...),
				StepOn(On(calDay("Sunday, October 29", "Passport renewal|09:00 - 09:30")), "Created.", Done()))},
		{Name: "calendar_thirteen_days_ahead", TaskName: "SimpleCalendarAddOneEventInTwoWeeks", Goal: twoWeeksGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The day opened is Saturday the 28th, a day short of two weeks from Sunday the 15th; the event is saved on that day's page.", Evaluator: twoWeeksEval + " (it starts on 2023-10-28)",
			Steps: Then(Then([]Step{FromHome("Simple Calendar Pro"),
				StepOn(On(calMonth()), "Two weeks ahead is the 28th.", Tap("28")),
				StepOn(On(calDay("Saturday, October 28")), "Add an event on this day.", Tap("New event"))}, calFill(passport, calEvent{date: "Sat, Oct 28, 2023", start: "16:00", end: "17:00"})...),
				StepOn(On(calDay("Saturday, October 28", "Passport renewal|09:00 - 09:30")), "Created two weeks out.", Done()))},
		{Name: "calendar_wednesday_cleared", TaskName: "SimpleCalendarDeleteEventsOnRelativeDay", Goal: delGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Both events of the day are selected and deleted after the confirmation; the day's page is left empty.", Evaluator: delEval,
			Steps: Then(toWed,
				StepOn(On(calDay(wed, "*"+evs[0], evs[1])), "And the second.", Tap("box:0,700")),
				StepOn(On(calDay(wed, "*"+evs[0], "*"+evs[1])), "Delete.", Tap("Delete")),
				StepOn(On(confirm), "Yes.", Tap("Yes")),
				StepOn(On(calDay(wed)), "Wednesday has no events left.", Done()))},
		{Name: "calendar_wednesday_one_left", TaskName: "SimpleCalendarDeleteEventsOnRelativeDay", Goal: delGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Only the selected event is deleted; the second stays on the day's page.", Evaluator: delEval + " (Piano lesson remains)",
			Steps: Then(toWed,
				StepOn(On(calDay(wed, "*"+evs[0], evs[1])), "Delete.", Tap("Delete")),
				StepOn(On(Screen(calDay(wed, "*"+evs[0], evs[1]), Dialog(calendar.Pkg, "", "Are you sure you want to delete the selected events?", "Yes", "No"))), "Yes.", Tap("Yes")),
				StepOn(On(calDay(wed, evs[1])), "The events are deleted.", Done()))},
	}
}
