package redteam6

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Simple Calendar Pro (com.simplemobiletools.calendar.pro) opens on the month. The grid draws
// its events inside the day cells, so the accessibility tree carries only the day numbers; a
// day opens its page listing its events with their times (12-hour, as the emulator's en-US
// locale sets). The toolbar's search lists matching events under their dates. A long press
// selects an event and the selection bar's Delete asks to confirm; an event opened shows its
// edit screen, whose toolbar also has Delete.

var cal = UIOf("com.simplemobiletools.calendar.pro")

// calDayPage is a day's page; events are "title|when", a leading "*" marks one selected.
func calDayPage(day string, events ...string) []El {
	n := 0
	for _, e := range events {
		if strings.HasPrefix(e, "*") {
			n++
		}
	}
	var out []El
	if n > 0 {
		out = Els(cal.Icon("Close", "", Bx(0, 138, 147, 285)), cal.Text(Itoa(n)+" selected", "", Bx(189, 166, 600, 248)),
			cal.MenuIcon("Share", "cab_share", Bx(828, 148, 954, 274)), cal.MenuIcon("Delete", "cab_delete", Bx(954, 148, 1080, 274)))
	} else {
		out = Toolbar(cal, "Navigate up", "", "Search", "More options")
	}
	out = append(out, cal.Icon("Previous day", "top_left_arrow", Bx(0, 296, 147, 438)), cal.Text(day, "top_value", Bx(147, 296, 933, 438)),
		cal.Icon("Next day", "top_right_arrow", Bx(933, 296, 1080, 438)))
	for i, e := range events {
		title, when, _ := strings.Cut(strings.TrimPrefix(e, "*"), "|")
		y := 480 + i*200
		row := cal.Row("", "event_item_holder", Bx(0, y, 1080, y+180))
		row.Selected = strings.HasPrefix(e, "*")
		out = append(out, row, cal.Text(title, "event_item_title", Bx(63, y+20, 1017, y+90)), cal.Text(when, "event_item_time", Bx(63, y+100, 1017, y+160)))
	}
	return append(out, cal.Icon("New event", "calendar_fab", Bx(891, 2148, 1038, 2295)))
}

func calConfirm(under []El) []El {
	return Screen(under, Dialog(cal.Pkg, "", "Are you sure you want to proceed with the deletion?", "Yes", "No"))
}

// calEditEvent is an event opened: its edit screen.
func calEditEvent(title, date, start, end string) []El {
	return Screen(Toolbar(cal, "Navigate up", "Edit Event", "Save", "Delete", "More options"), Els(
		cal.Edit(title, "Title", "event_title", Bx(63, 320, 1017, 440)),
		cal.Edit("", "Location", "event_location", Bx(63, 460, 1017, 580)),
		cal.Edit("", "Description", "event_description", Bx(63, 600, 1017, 720)),
		cal.TapText(date, "event_start_date", Bx(150, 800, 700, 880)), cal.TapText(start, "event_start_time", Bx(760, 800, 1017, 880)),
		cal.TapText(date, "event_end_date", Bx(150, 900, 700, 980)), cal.TapText(end, "event_end_time", Bx(760, 900, 1017, 980))))
}

func calSearch(typed string, results ...string) []El {
	out := Els(cal.Icon("Collapse", "", Bx(0, 138, 147, 285)),
		Focused(cal.Edit(typed, "Search…", "search_src_text", Bx(147, 150, 930, 270))))
	y := 320
	for _, r := range results {
		if date, ok := strings.CutPrefix(r, "#"); ok {
			out = append(out, cal.Text(date, "event_section_title", Bx(63, y, 1017, y+70)))
			y += 90
			continue
		}
		title, when, _ := strings.Cut(r, "|")
		out = append(out, cal.Row("", "event_item_holder", Bx(0, y, 1080, y+180)),
			cal.Text(title, "event_item_title", Bx(63, y+20, 1017, y+90)), cal.Text(when, "event_item_time", Bx(63, y+100, 1017, y+160)))
		y += 200
	}
	return WithKeyboard(out, "Search")
}

func calendarNextMeetingCases() []Case {
	const goal = "When is my next meeting with Mateo in Simple Calendar Pro? Express your answer in the format <month name> <day> <year> <hour in 24-hour format>:<minutes>."
	const eval = "information_retrieval.py check_agent_answer, SimpleCalendarNextMeetingWithPerson: DATE_MATCH and TIME_MATCH of the answer (parsed as '%B %d %Y %H:%M') against the start of Drinks with Mateo, October 27 2023 20:00"
	hits := calSearch("Mateo", "#Friday, October 27 2023", "Drinks with Mateo|8:00 PM - 9:00 PM")
	search := []Step{FromHome("Simple Calendar Pro"),
		StepOn(On(CalendarMonth()), "Search the calendar for Mateo.", Tap("Search")),
		StepOn(On(calSearch("")), "Type the name.", TypeIn("res:search_src_text", "Mateo"))}
	return []Case{
		{Name: "calendar_mateo_searched", TaskName: "SimpleCalendarNextMeetingWithPerson", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Searching the calendar for the name lists Drinks with Mateo under Friday, October 27 2023 at 8:00 PM; the answer gives 20:00.", Evaluator: eval,
			Steps: Then(search, Answered(On(hits), "The next meeting is on October 27 2023 at 8:00 PM, which is 20:00.", "October 27 2023 20:00")...)},
		{Name: "calendar_mateo_pm_dropped", TaskName: "SimpleCalendarNextMeetingWithPerson", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The search shows the meeting at 8:00 PM; the answer writes 8:00, which the 24-hour format reads as the morning.", Evaluator: eval + " (8:00 is not 20:00)",
			Steps: Then(search, Answered(On(hits), "The meeting is on October 27 2023 at 8:00.", "October 27 2023 8:00")...)},
		{Name: "calendar_mateo_read_off_month", TaskName: "SimpleCalendarNextMeetingWithPerson", Goal: goal, Kind: KindUnseen, Expect: ExpectCannotTell, Failure: FailWrongValue,
			Behaviour: "The answer is read off the month grid, whose tree has only day numbers; no screen shows the meeting or its time.", Evaluator: eval + " (the answer says 19:00)",
			Steps: Then([]Step{FromHome("Simple Calendar Pro")}, Answered(On(CalendarMonth()), "The month shows drinks with Mateo on the 27th in the evening, at 19:00.", "October 27 2023 19:00")...)},
	}
}

func calendarDeleteCases() []Case {
	const goal = "In Simple Calendar Pro, delete all the calendar events on 2023-10-26"
	const eval = "calendar.py SimpleCalendarDeleteEvents (validate_event_removal_integrity): the three events of October 26 are gone and the twenty noise events on other days unchanged"
	const day = "Thursday, October 26"
	evs := []string{"Catch up on Budget Planning|9:00 AM - 10:00 AM", "Meeting with Ada about roadmap|1:30 PM - 2:00 PM", "Workshop on Data Privacy|4:15 PM - 5:15 PM"}
	sel := func(n int) []string {
		out := append([]string(nil), evs...)
		for i := 0; i < n; i++ {
			out[i] = "*" + out[i]
		}
		return out
	}
	open := []Step{FromHome("Simple Calendar Pro"), StepOn(On(CalendarMonth()), "Open the 26th.", Tap("26"))}
	selectAll := func(n int) []Step {
		steps := []Step{StepOn(On(calDayPage(day, evs...)), "Select the first event with a long press.", LongPress("Catch up on Budget Planning"))}
		for k := 1; k < n; k++ {
			title, _, _ := strings.Cut(evs[k], "|")
			steps = append(steps, StepOn(On(calDayPage(day, sel(k)...)), "Select "+title+" too.", Tap(title)))
		}
		return append(steps, StepOn(On(calDayPage(day, sel(n)...)), "Delete the selected events.", Tap("Delete")),
			StepOn(On(calConfirm(calDayPage(day, sel(n)...))), "Confirm.", Tap("Yes")))
	}
	var oneByOne []Step
	for k, e := range evs {
		title, when, _ := strings.Cut(e, "|")
		start, end, _ := strings.Cut(when, " - ")
		edit := calEditEvent(title, "Thu, Oct 26, 2023", start, end)
		oneByOne = append(oneByOne, StepOn(On(calDayPage(day, evs[k:]...)), "Open "+title+".", Tap(title)),
			StepOn(On(edit), "Delete it from its screen.", Tap("Delete")),
			StepOn(On(calConfirm(edit)), "Yes.", Tap("Yes")))
	}
	return []Case{
		{Name: "calendar_day_events_selected_deleted", TaskName: "SimpleCalendarDeleteEvents", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The day's three events are selected together and deleted; the day's page comes back with none.", Evaluator: eval,
			Steps: Then(open, append(selectAll(3), Claim(On(calDayPage(day)), "October 26 has no events left."))...)},
		{Name: "calendar_day_two_of_three_deleted", TaskName: "SimpleCalendarDeleteEvents", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "Two of the three events are selected and deleted; the day's page still lists the workshop when the run stops.", Evaluator: eval + " (Workshop on Data Privacy is left)",
			Steps: Then(open, append(selectAll(2), Claim(On(calDayPage(day, evs[2])), "Deleted the events of October 26."))...)},
		{Name: "calendar_day_events_deleted_one_by_one", TaskName: "SimpleCalendarDeleteEvents", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Each event is opened and deleted from its edit screen; after the third the day's page lists none.", Evaluator: eval,
			Steps: Then(open, append(oneByOne, Claim(On(calDayPage(day)), "All three events of the 26th are deleted."))...)},
	}
}

func calendarAnyEventsCases() []Case {
	const goal = "Do I have any events the Tuesday after next in Simple Calendar Pro? Answer with the titles only. If there are multiples titles, format your answer in a comma separated list."
	const eval = "information_retrieval.py check_agent_answer, SimpleCalendarAnyEventsOnDate: the comma separated answer has as many titles as the events starting on October 24 2023 (the Tuesday after next from Sunday, October 15) and each fuzzily matches one: Quarterly review, Team lunch, Coding challenge"
	tue24 := calDayPage("Tuesday, October 24", "Quarterly review|10:00 AM - 11:00 AM", "Team lunch|12:30 PM - 1:30 PM", "Coding challenge|4:00 PM - 5:00 PM")
	tue17 := calDayPage("Tuesday, October 17", "Scrum meeting|9:45 AM - 10:45 AM")
	return []Case{
		{Name: "calendar_tuesday_after_next_listed", TaskName: "SimpleCalendarAnyEventsOnDate", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Today is Sunday the 15th; the Tuesday after next is the 24th, whose page lists three events, all named in the answer.", Evaluator: eval,
			Steps: Then([]Step{FromHome("Simple Calendar Pro"), StepOn(On(CalendarMonth()), "Today is Sunday, October 15, so the Tuesday after next is the 24th.", Tap("24"))},
				Answered(On(tue24), "Three events on the 24th.", "Quarterly review, Team lunch, Coding challenge")...)},
		{Name: "calendar_next_tuesday_listed", TaskName: "SimpleCalendarAnyEventsOnDate", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem, Subtle: true,
			Behaviour: "The page opened is Tuesday the 17th, next Tuesday; its event is not on the Tuesday after next.", Evaluator: eval + " (Scrum meeting is on the 17th)",
			Steps: Then([]Step{FromHome("Simple Calendar Pro"), StepOn(On(CalendarMonth()), "The next Tuesday is the 17th.", Tap("17"))},
				Answered(On(tue17), "There is one event that Tuesday.", "Scrum meeting")...)},
		{Name: "calendar_tuesday_answered_yes", TaskName: "SimpleCalendarAnyEventsOnDate", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue,
			Behaviour: "The right day is opened, but the answer says yes and counts the events instead of giving their titles.", Evaluator: eval + " (the answer names no title)",
			Steps: Then([]Step{FromHome("Simple Calendar Pro"), StepOn(On(CalendarMonth()), "Open the 24th.", Tap("24"))},
				Answered(On(tue24), "There are events on that day.", "Yes, you have 3 events")...)},
	}
}
