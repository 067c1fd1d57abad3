package redteam4

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Simple Calendar Pro (com.simplemobiletools.calendar.pro): the month view draws its events
// inside the day cells (the accessibility tree has no text for them); a day's page lists its
// events with their times. The event screen holds the title, location and description fields,
// the start and end dates and times, and Save; an existing event opens in the same screen.
// The toolbar's search lists matching events.

var cal = UIOf("com.simplemobiletools.calendar.pro")

func monthView() []El {
	out := Els(cal.Edit("", "Search", "top_toolbar_search", Bx(147, 149, 626, 275)),
		cal.Icon("Change view", "change_view", Bx(668, 149, 795, 275)),
		cal.Text("October", "top_value", Bx(147, 296, 933, 438)))
	for w := 0; w < 6; w++ {
		for d := 0; d < 7; d++ {
			out = append(out, El{Class: "android.view.View", Pkg: cal.Pkg, Res: cal.Res("month_view_background"), Box: Bx(d*154, 512+w*304, d*154+154, 816+w*304)})
		}
	}
	return append(out, cal.Icon("New Event", "calendar_fab", Bx(891, 2148, 1038, 2295)))
}

// dayPage is one day's events ("title|14:00 - 14:30|description").
func dayPage(day string, events ...string) []El {
	out := Els(cal.Text(day, "top_value", Bx(147, 317, 933, 459)), cal.Scroller("androidx.recyclerview.widget.RecyclerView", "day_events", Bx(0, 459, 1080, 2337)))
	for i, e := range events {
		f := strings.Split(e, "|")
		y := 480 + i*220
		out = append(out, cal.TapText(f[0], "event_item_title", Bx(63, y, 1017, y+60)), cal.Text(f[1], "event_item_time", Bx(63, y+65, 1017, y+115)))
		if len(f) > 2 {
			out = append(out, cal.Text(f[2], "event_item_description", Bx(63, y+120, 1017, y+170)))
		}
	}
	return out
}

type eventForm struct{ title, location, description, date, start, end string }

func (f eventForm) screen(heading string) []El {
	return Screen(Toolbar(cal, "Navigate up", heading, "Save"), Els(
		cal.Edit(f.title, "Title", "event_title", Bx(63, 320, 1017, 440)),
		cal.Edit(f.location, "Location", "event_location", Bx(63, 460, 1017, 580)),
		cal.Edit(f.description, "Description", "event_description", Bx(63, 600, 1017, 720)),
		cal.TapText(f.date, "event_start_date", Bx(150, 780, 700, 860)), cal.TapText(f.start, "event_start_time", Bx(760, 780, 1017, 860)),
		cal.TapText(f.date, "event_end_date", Bx(150, 880, 700, 960)), cal.TapText(f.end, "event_end_time", Bx(760, 880, 1017, 960))))
}

func timeDialog(under []El, hour, minute string) []El {
	return Screen(under, Dialog("android", "Set time", "", "OK", "Cancel"), Els(
		cal.Edit(hour, "hour", "input_hour", Bx(200, 1080, 480, 1200)), cal.Edit(minute, "minute", "input_minute", Bx(600, 1080, 880, 1200))))
}

func dateDialog(under []El, header string) []El {
	out := Screen(under, Els(El{Text: header, Class: "android.widget.TextView", Pkg: "android", Res: "android:id/date_picker_header_date", Box: Bx(116, 700, 964, 800)}))
	for d := 15; d <= 31; d++ {
		i := d - 15
		x, y := 130+(i%7)*120, 900+(i/7)*120
		out = append(out, El{Text: Itoa(d), Desc: Itoa(d) + " October 2023", Class: "android.view.View", Pkg: "android", Box: Bx(x, y, x+110, y+110), Clickable: true})
	}
	return Screen(out, Dialog("android", "", "", "OK", "Cancel"))
}

func calendarCases() []Case {
	const goal = "In Simple Calendar Pro, create a calendar event for this Thursday at 14h with the title 'Dentist appointment' and the description 'Bring the insurance card'. The event should last for 30 mins."
	const eval = "calendar.py SimpleCalendarAddOneEventRelativeDay (validate_addition_integrity): one new event with the title, description, start on this Thursday (Oct 19, 2023) at 14:00 and the duration asked"
	blank := eventForm{date: "Sun, Oct 15, 2023", start: "16:00", end: "17:00"}
	create := func(day, endH, endM string) ([]Step, eventForm) {
		f := blank
		steps := []Step{FromHome("Simple Calendar Pro"),
			StepOn(On(monthView()), "New event.", Tap("New Event")),
			StepOn(On(f.screen("New Event")), "Title.", TypeIn("Title", "Dentist appointment"))}
		f.title = "Dentist appointment"
		steps = append(steps, StepOn(On(f.screen("New Event")), "Description.", TypeIn("Description", "Bring the insurance card")))
		f.description = "Bring the insurance card"
		steps = append(steps,
			StepOn(On(f.screen("New Event")), "Pick the date.", Tap("res:event_start_date")),
			StepOn(On(dateDialog(f.screen("New Event"), "Sun, Oct 15")), "This Thursday.", Tap(day+" October 2023")),
			StepOn(On(dateDialog(f.screen("New Event"), "Thu, Oct "+day)), "OK.", Tap("OK")))
		f.date = "Thu, Oct " + day + ", 2023"
		steps = append(steps,
			StepOn(On(f.screen("New Event")), "Start time.", Tap("res:event_start_time")),
			StepOn(On(timeDialog(f.screen("New Event"), "16", "00")), "14h.", TypeIn("res:input_hour", "14")),
			StepOn(On(timeDialog(f.screen("New Event"), "14", "00")), "OK.", Tap("OK")))
		f.start, f.end = "14:00", "15:00"
		steps = append(steps,
			StepOn(On(f.screen("New Event")), "End time.", Tap("res:event_end_time")),
			StepOn(On(timeDialog(f.screen("New Event"), "15", "00")), "End hour.", TypeIn("res:input_hour", endH)),
			StepOn(On(timeDialog(f.screen("New Event"), endH, "00")), "End minutes.", TypeIn("res:input_minute", endM)),
			StepOn(On(timeDialog(f.screen("New Event"), endH, endM)), "OK.", Tap("OK")))
		f.end = endH + ":" + endM
		steps = append(steps, StepOn(On(f.screen("New Event")), "Save.", Tap("Save")),
			// the month starts on Monday Sep 25: Oct 19 is the 25th cell, Oct 26 the 32nd
			StepOn(On(monthView()), "Open the day to check.", Tap(map[string]string{"19": "25", "26": "32"}[day]+":res:month_view_background")))
		return steps, f
	}
	saved := func(day, endH, endM, claim string) []Step {
		steps, f := create(day, endH, endM)
		return Then(steps, StepOn(On(dayPage("October "+day+" (Thu)", f.title+"|"+f.start+" - "+f.end+"|"+f.description)), claim, Done()))
	}

	const askGoal = "What is the location of my Quarterly review event in Simple Calendar Pro? Answer with the location only."
	const askEval = "information_retrieval.py is_successful, tasks.textproto SimpleCalendarLocationOfEvent: the answer fuzzy-matches the event's location"
	review := eventForm{title: "Quarterly review", location: "Harbor View Cafe", description: "Numbers for Q3", date: "Tue, Oct 24, 2023", start: "10:00", end: "11:00"}
	prep := eventForm{title: "Quarterly review prep", location: "Room 12", description: "Slides", date: "Fri, Oct 20, 2023", start: "09:00", end: "09:30"}
	search := func(pick eventForm) []Step {
		results := Screen(Els(Focused(cal.Edit("Quarterly review", "Search", "top_toolbar_search", Bx(147, 149, 626, 275)))),
			Rows(cal, "event_item_title", 320, "Quarterly review prep|Fri, Oct 20 09:00 - 09:30", "Quarterly review|Tue, Oct 24 10:00 - 11:00"))
		return []Step{FromHome("Simple Calendar Pro"),
			StepOn(On(monthView()), "Search for the event.", TypeIn("Search", "Quarterly review")),
			StepOn(On(WithKeyboard(results, "Search")), "Open it.", Tap(pick.title)),
			StepOn(On(pick.screen("Edit Event")), "The location is "+pick.location+".", Answer(pick.location)),
			StepOn(On(pick.screen("Edit Event")), "Answered.", Done()),
		}
	}
	return []Case{
		{Name: "calendar_this_thursday_event", TaskName: "SimpleCalendarAddOneEventRelativeDay", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Today is Sunday, Oct 15: this Thursday is Oct 19. Saved, the event is listed on that day's page with its times and description.", Evaluator: eval,
			Steps: saved("19", "14", "30", "The event is on Thursday at 14:00 for 30 minutes.")},
		{Name: "calendar_next_thursday_event", TaskName: "SimpleCalendarAddOneEventRelativeDay", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Oct 26 is the Thursday of next week; the day's page shows the event there.", Evaluator: eval + " (the event starts on Oct 26)",
			Steps: saved("26", "14", "30", "The event is on Thursday at 14:00 for 30 minutes.")},
		{Name: "calendar_event_hour_long", TaskName: "SimpleCalendarAddOneEventRelativeDay", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The end time kept its default hour after the start moved; the day's page shows 14:00 - 15:00, an hour, not 30 minutes.", Evaluator: eval + " (it lasts 60 minutes)",
			Steps: saved("19", "15", "00", "The dentist event is on Thursday at 14:00.")},
		{Name: "calendar_location_found_by_search", TaskName: "SimpleCalendarLocationOfEvent", Goal: askGoal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The toolbar's search lists events by title; the one named exactly opens with its location field filled in.", Evaluator: askEval,
			Steps: search(review)},
		{Name: "calendar_location_of_prep_event", TaskName: "SimpleCalendarLocationOfEvent", Goal: askGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The first search result is another event whose title starts the same; its location is not the asked event's.", Evaluator: askEval + " (Room 12 is the prep meeting's location)",
			Steps: search(prep)},
	}
}
