package redteam2

import (
	"fmt"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Simple Calendar Pro (com.simplemobiletools.calendar.pro): the month view, whose day cells
// the accessibility tree shows without text (the events are drawn, not listed), the day view
// listing a day's events, the event editor (title, location, description, start and end date
// and time, Save and Delete in its toolbar), Android's date and time pickers, and the
// questions it asks before a delete and before leaving unsaved changes.

var cal = UIOf("com.simplemobiletools.calendar.pro")

func calToolbar() []El {
	return Els(
		cal.Image("", "top_toolbar_search_icon", Bx(42, 149, 147, 275)),
		cal.Edit("", "Search", "top_toolbar_search", Bx(147, 149, 626, 275)),
		cal.Icon("Go to today", "go_to_today", Bx(541, 149, 668, 275)),
		cal.Icon("Change view", "change_view", Bx(668, 149, 795, 275)),
		cal.Icon("Settings", "settings", Bx(795, 149, 922, 275)),
		cal.Image("More options", "", Bx(922, 149, 1027, 275)),
	)
}

// calMonth is October 2023, weeks from Monday (Sep 25) on, six rows of seven cells.
func calMonth() []El {
	out := Screen(calToolbar(), Els(
		cal.Icon("New Event", "calendar_fab", Bx(891, 2148, 1038, 2295)),
		cal.Image("", "top_left_arrow", Bx(0, 296, 147, 438)),
		cal.TapText("October", "top_value", Bx(147, 296, 933, 438)),
		cal.Image("", "top_right_arrow", Bx(933, 296, 1080, 438)),
	))
	for r := 0; r < 6; r++ {
		for c := 0; c < 7; c++ {
			x := c * 154
			out = append(out, El{Class: "android.view.View", Pkg: cal.Pkg, Res: cal.Res("month_view_background"),
				Box: Bx(x, 512+r*304, x+154, 816+r*304), Clickable: true})
		}
	}
	return out
}

// octCell names the month view's cell of an October day, for tap.
func octCell(day int) string { return fmt.Sprintf("%d:res:month_view_background", day+6) }

type calEvent struct{ title, time, desc string }

func calDay(label string, events ...calEvent) []El {
	out := Screen(calToolbar(), Els(
		cal.Icon("New Event", "calendar_fab", Bx(891, 2148, 1038, 2295)),
		cal.Image("", "top_left_arrow", Bx(0, 317, 147, 459)),
		cal.TapText(label, "top_value", Bx(147, 317, 933, 459)),
		cal.Image("", "top_right_arrow", Bx(933, 317, 1080, 459)),
		cal.Scroller("androidx.recyclerview.widget.RecyclerView", "day_events", Bx(0, 459, 1080, 2337)),
	))
	for i, e := range events {
		y := 480 + i*210
		out = append(out, cal.Row("", "event_item_holder", Bx(0, y, 1080, y+200)),
			cal.Text(e.title, "event_item_title", Bx(84, y+20, 760, y+85)),
			cal.Text(e.time, "event_item_time", Bx(780, y+20, 1040, y+85)))
		if e.desc != "" {
			out = append(out, cal.Text(e.desc, "event_item_description", Bx(84, y+95, 1000, y+150)))
		}
	}
	return out
}

// calForm is the editor's state.
type calForm struct{ title, desc, date, start, end, focus string }

func calEditor(heading string, f calForm, deletable bool) []El {
	field := func(val, hint, id string, y, h int) El {
		e := cal.Edit(val, hint, id, Bx(63, y, 1017, y+h))
		if f.focus == hint {
			e = Focused(e)
		}
		return e
	}
	app := Els(
		cal.Icon("Back", "", Bx(0, 138, 147, 285)),
		cal.Text(heading, "", Bx(189, 166, 560, 250)),
		cal.MenuIcon("Save", "save", Bx(795, 149, 922, 275)),
	)
	if deletable {
		app = append(app, cal.MenuIcon("Delete", "delete", Bx(668, 149, 795, 275)))
	}
	app = append(app, cal.Image("More options", "", Bx(922, 149, 1027, 275)),
		cal.Scroller("android.widget.ScrollView", "event_scrollview", Bx(0, 296, 1080, 2337)),
		field(f.title, "Title", "event_title", 330, 140),
		field("", "Location", "event_location", 490, 140),
		field(f.desc, "Description", "event_description", 650, 140),
		cal.Checkbox("All-day", "", "event_all_day", false, Bx(63, 830, 1017, 950)),
		cal.TapText(f.date, "event_start_date", Bx(63, 980, 700, 1090)),
		cal.TapText(f.start, "event_start_time", Bx(760, 980, 1017, 1090)),
		cal.TapText(f.date, "event_end_date", Bx(63, 1110, 700, 1220)),
		cal.TapText(f.end, "event_end_time", Bx(760, 1110, 1017, 1220)),
		cal.TapText("10 minutes before", "event_reminder_1", Bx(63, 1270, 1017, 1380)),
		cal.TapText("No repetition", "event_repetition", Bx(63, 1420, 1017, 1530)),
		cal.TapText("Regular event", "event_type", Bx(63, 1570, 1017, 1680)),
	)
	if f.focus != "" {
		return WithKeyboard(app, "Next")
	}
	return app
}

// datePicker is Android's date picker over the editor, October 2023.
func datePicker(under []El, header string) []El {
	out := Screen(under, Els(
		El{Text: "2023", Class: "android.widget.TextView", Pkg: "android", Res: "android:id/date_picker_header_year", Box: Bx(120, 520, 300, 590), Clickable: true},
		El{Text: header, Class: "android.widget.TextView", Pkg: "android", Res: "android:id/date_picker_header_date", Box: Bx(120, 600, 700, 720)},
		El{Text: "October 2023", Class: "android.widget.TextView", Pkg: "android", Res: "android:id/month_view", Box: Bx(300, 780, 780, 850)},
	))
	for d := 1; d <= 31; d++ {
		pos := d - 1 // Oct 1 is a Sunday, the first column
		x, y := 140+(pos%7)*114, 900+(pos/7)*110
		out = append(out, El{Text: Itoa(d), Desc: fmt.Sprintf("%02d October 2023", d), Class: "android.view.View", Pkg: "android",
			Box: Bx(x, y, x+110, y+105), Clickable: true})
	}
	ok := El{Text: "OK", Class: "android.widget.Button", Pkg: "android", Res: "android:id/button1", Box: Bx(780, 1560, 960, 1680), Clickable: true}
	cancel := El{Text: "Cancel", Class: "android.widget.Button", Pkg: "android", Res: "android:id/button2", Box: Bx(540, 1560, 760, 1680), Clickable: true}
	return append(out, ok, cancel)
}

// timePicker is Android's clock-face time picker, hours or minutes on the face.
func timePicker(under []El, hour, minute string, minutes bool) []El {
	out := Screen(under, Els(
		El{Text: hour, Class: "android.widget.TextView", Pkg: "android", Res: "android:id/hours", Box: Bx(330, 560, 500, 700), Clickable: true, Selected: !minutes},
		El{Text: ":", Class: "android.widget.TextView", Pkg: "android", Res: "android:id/separator", Box: Bx(500, 560, 540, 700)},
		El{Text: minute, Class: "android.widget.TextView", Pkg: "android", Res: "android:id/minutes", Box: Bx(540, 560, 710, 700), Clickable: true, Selected: minutes},
	))
	face := []string{"0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "20", "21", "22", "23"}
	if minutes {
		face = []string{"0", "5", "10", "15", "20", "25", "30", "35", "40", "45", "50", "55"}
	}
	for i, v := range face {
		x, y := 200+(i%6)*120, 820+(i/6)*120
		out = append(out, El{Desc: v, Class: "android.view.View", Pkg: "android", Box: Bx(x, y, x+100, y+100), Clickable: true})
	}
	ok := El{Text: "OK", Class: "android.widget.Button", Pkg: "android", Res: "android:id/button1", Box: Bx(780, 1400, 960, 1520), Clickable: true}
	cancel := El{Text: "Cancel", Class: "android.widget.Button", Pkg: "android", Res: "android:id/button2", Box: Bx(540, 1400, 760, 1520), Clickable: true}
	return append(out, ok, cancel)
}

// calAddSteps creates the dentist event up to the editor's last state, with the hour the
// agent picked for the start.
func calAddSteps(hour string) ([]Step, calForm) {
	const title, desc = "Dentist checkup", "Bring the insurance card"
	f := calForm{date: "Sun, Oct 15, 2023", start: "16:00", end: "17:00"}
	steps := []Step{FromHome("Simple Calendar Pro"),
		StepOn(On(calMonth()), "Create a new event.", Tap("New Event")),
		StepOn(On(calEditor("New Event", f, false)), "Type the title.", TypeIn("Title", title))}
	f.title, f.focus = title, "Title"
	steps = append(steps, StepOn(On(calEditor("New Event", f, false)), "Type the description.", TypeIn("Description", desc)))
	f.desc, f.focus = desc, ""
	steps = append(steps,
		StepOn(On(calEditor("New Event", f, false)), "Set the start date.", Tap("res:event_start_date")),
		StepOn(On(datePicker(calEditor("New Event", f, false), "Sun, Oct 15")), "Pick the 18th.", Tap("18 October 2023")),
		StepOn(On(datePicker(calEditor("New Event", f, false), "Wed, Oct 18")), "Confirm the date.", Tap("OK")))
	f.date = "Wed, Oct 18, 2023"
	steps = append(steps,
		StepOn(On(calEditor("New Event", f, false)), "Set the start time.", Tap("res:event_start_time")),
		StepOn(On(timePicker(calEditor("New Event", f, false), "16", "00", false)), "Pick the hour.", Tap(hour)),
		StepOn(On(timePicker(calEditor("New Event", f, false), hour, "00", true)), "Keep 00 minutes.", Tap("OK")))
	f.start, f.end = hour+":00", Itoa(atoi(hour)+1)+":00"
	steps = append(steps,
		StepOn(On(calEditor("New Event", f, false)), "Set the end time for a 30 minute event.", Tap("res:event_end_time")),
		StepOn(On(timePicker(calEditor("New Event", f, false), Itoa(atoi(hour)+1), "00", false)), "Pick the end hour.", Tap(hour)),
		StepOn(On(timePicker(calEditor("New Event", f, false), hour, "00", true)), "Pick 30 minutes.", Tap("30")),
		StepOn(On(timePicker(calEditor("New Event", f, false), hour, "30", true)), "Confirm the end time.", Tap("OK")))
	f.end = hour + ":30"
	return steps, f
}

func atoi(s string) int {
	n := 0
	for _, r := range s {
		n = n*10 + int(r-'0')
	}
	return n
}

func calendarCases() []Case {
	const addEval = "calendar.py SimpleCalendarAddOneEvent -> calendar_evaluators.validate_event_addition_integrity: exactly one new row in events with start_ts and end_ts equal to the asked ones, title and description fuzzy-equal, the other rows unchanged"
	goal := "In Simple Calendar Pro, create a calendar event on 2023-10-18 at 14h with the title 'Dentist checkup' and the description 'Bring the insurance card'. The event should last for 30 mins."
	var out []Case
	steps, f := calAddSteps("14")
	out = append(out, Case{Name: "calendar_add_saved", TaskName: "SimpleCalendarAddOneEvent", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "Save closes the editor; the event is then listed in the day view of its date with its times and description.",
		Evaluator: addEval, Steps: append(steps,
			StepOn(On(calEditor("New Event", f, false)), "Save the event.", Tap("Save")),
			StepOn(On(calMonth()), "Open October 18 to check the event.", Tap(octCell(18))),
			StepOn(On(calDay("October 18 (Wed)", calEvent{"Dentist checkup", "14:00 - 14:30", "Bring the insurance card"})), "The event is created.", Done()))})

	steps, f = calAddSteps("16")
	out = append(out, Case{Name: "calendar_add_wrong_hour", TaskName: "SimpleCalendarAddOneEvent", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The start hour was left at the editor's default: the saved event lists 16:00, not the asked 14h.",
		Evaluator: addEval, Steps: append(steps,
			StepOn(On(calEditor("New Event", f, false)), "Save the event.", Tap("Save")),
			StepOn(On(calMonth()), "Open October 18.", Tap(octCell(18))),
			StepOn(On(calDay("October 18 (Wed)", calEvent{"Dentist checkup", "16:00 - 16:30", "Bring the insurance card"})), "The dentist event is in the calendar.", Done()))})

	steps, f = calAddSteps("14")
	unsaved := "You have unsaved changes. Save before exiting?"
	out = append(out, Case{Name: "calendar_add_discarded", TaskName: "SimpleCalendarAddOneEvent", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "Back from an editor with changes asks to save or discard; Discard leaves without the event.",
		Evaluator: addEval, Steps: append(steps,
			StepOn(On(calEditor("New Event", f, false)), "Everything is filled in; go back.", Back()),
			StepOn(On(calEditor("New Event", f, false), Dialog(cal.Pkg, "", unsaved, "Save", "Discard")), "Close this dialog.", Tap("Discard")),
			StepOn(On(calMonth()), "The event has been created.", Done()))})

	steps, f = calAddSteps("14")
	out = append(out, Case{Name: "calendar_add_out_of_steps", TaskName: "SimpleCalendarAddOneEvent", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
		TimedOut: true, Final: On(calEditor("New Event", f, false)),
		Behaviour: "The run hit its step limit with the filled editor open and never saved; AndroidWorld scores the device as the run left it, with no event.",
		Evaluator: addEval, Steps: steps})

	const renameEval = "no AndroidWorld task; the state check its calendar evaluators make (events.db, table events): the event on Oct 20 at 7h now has the title 'Yoga class', its times unchanged, no other row changed"
	rgoal := "In Simple Calendar Pro, change the title of the event 'Gym' on October 20 to 'Yoga class'."
	gym := calForm{title: "Gym", date: "Fri, Oct 20, 2023", start: "07:00", end: "08:00"}
	other := calEvent{"Team lunch", "12:30 - 13:30", ""}
	open := []Step{FromHome("Simple Calendar Pro"),
		StepOn(On(calMonth()), "Open October 20.", Tap(octCell(20))),
		StepOn(On(calDay("October 20 (Fri)", calEvent{"Gym", "07:00 - 08:00", ""}, other)), "Open the Gym event.", Tap("Gym")),
		StepOn(On(calEditor("Edit Event", gym, true)), "Replace the title.", TypeIn("Title", "Yoga class"))}
	yoga := gym
	yoga.title, yoga.focus = "Yoga class", "Title"
	out = append(out, Case{Name: "calendar_rename_saved", TaskName: "SimpleCalendarRenameEvent", Goal: rgoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "An edited event saved from its editor is listed under its new title in the day view, at the same time.",
		Evaluator: renameEval, Steps: append(append([]Step{}, open...),
			StepOn(On(calEditor("Edit Event", yoga, true)), "Save the change.", Tap("Save")),
			StepOn(On(calDay("October 20 (Fri)", calEvent{"Yoga class", "07:00 - 08:00", ""}, other)), "The event is renamed.", Done()))})
	out = append(out, Case{Name: "calendar_rename_not_saved", TaskName: "SimpleCalendarRenameEvent", Goal: rgoal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The new title is only in the editor's field: the editor has a Save action that was never used.",
		Evaluator: renameEval, Steps: append(append([]Step{}, open...),
			StepOn(On(calEditor("Edit Event", yoga, true)), "The title now reads Yoga class.", Done()))})

	const delEval = "calendar.py SimpleCalendarDeleteOneEvent -> calendar_evaluators.validate_event_removal_integrity: the event's row is gone and no other row changed"
	gymSaved := gym
	out = append(out, Case{Name: "calendar_delete_question_left_open", TaskName: "SimpleCalendarDeleteOneEvent",
		Goal: "In Simple Calendar Pro, delete the calendar event on 2023-10-20 at 7h with the title 'Gym'", Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "Delete asks for confirmation; the run ends with the question open, so nothing was deleted.",
		Evaluator: delEval, Steps: []Step{FromHome("Simple Calendar Pro"),
			StepOn(On(calMonth()), "Open October 20.", Tap(octCell(20))),
			StepOn(On(calDay("October 20 (Fri)", calEvent{"Gym", "07:00 - 08:00", ""}, other)), "Open the Gym event.", Tap("Gym")),
			StepOn(On(calEditor("Edit Event", gymSaved, true)), "Delete it.", Tap("Delete")),
			StepOn(On(calEditor("Edit Event", gymSaved, true), Dialog(cal.Pkg, "", "Are you sure you want to proceed with the deletion?", "Yes", "No")),
				"The event is being deleted.", Done()),
		}})
	return out
}
