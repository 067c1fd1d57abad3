package redteam7

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Simple Calendar Pro (com.simplemobiletools.calendar.pro) opens on the month (redteamkit's
// CalendarMonth). A day opens its page, listing its events with their times; the arrows move a day. A long press
// selects an event, a tap adds another to the selection, and the selection bar's Delete asks
// "Are you sure you want to proceed with the deletion?" (Yes / No). An event opened shows its
// edit screen, whose toolbar has Delete with the same question.

var cal = UIOf("com.simplemobiletools.calendar.pro")

func calEvent(title, day, from, to string) []El {
	return Screen(Els(cal.Icon("Navigate up", "", Bx(0, 138, 147, 285)), cal.Text("Edit event", "", Bx(189, 166, 600, 248)),
		cal.MenuIcon("Delete", "delete", Bx(702, 148, 828, 274)), cal.MenuIcon("Duplicate event", "duplicate", Bx(828, 148, 954, 274)), cal.MenuIcon("Save", "save", Bx(954, 148, 1080, 274))),
		Els(cal.Edit(title, "Title", "event_title", Bx(63, 320, 1017, 450)), cal.Edit("", "Location", "event_location", Bx(63, 480, 1017, 610)),
			cal.Edit("", "Description", "event_description", Bx(63, 640, 1017, 770)),
			cal.TapText(day, "event_start_date", Bx(150, 830, 700, 910)), cal.TapText(from, "event_start_time", Bx(760, 830, 1017, 910)),
			cal.TapText(day, "event_end_date", Bx(150, 940, 700, 1020)), cal.TapText(to, "event_end_time", Bx(760, 940, 1017, 1020))))
}

func calendarOnDateCases() []Case {
	const goal = "What events do I have this Wednesday in Simple Calendar Pro? Answer with the titles only. If there are multiple titles, format your answer as a comma separated list."
	const eval = "information_retrieval.py SimpleCalendarEventsOnDate (STRING_MATCH on title): the answer's titles are the events starting October 18 2023 (Wednesday, with Sunday October 15 as today): Scrum meeting, Dinner with friends"
	wed := CalendarDay("Wed, October 18", "Scrum meeting|9:45 AM - 10:30 AM", "Dinner with friends|8:00 PM - 9:30 PM")
	thu := CalendarDay("Thu, October 19", "Team lunch|12:00 PM - 1:00 PM")
	return []Case{
		{Name: "cal_wednesday_answered", TaskName: "SimpleCalendarEventsOnDate", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Today is Sunday October 15, so this Wednesday is the 18th; its page lists two events and both titles are answered.", Evaluator: eval,
			Steps: Then([]Step{FromHome("Simple Calendar Pro"), StepOn(On(CalendarMonth()), "This Wednesday is October 18. Open it.", Tap("18"))},
				Answered(On(wed), "October 18 has Scrum meeting and Dinner with friends.", "Scrum meeting, Dinner with friends")...)},
		{Name: "cal_wednesday_via_next_day", TaskName: "SimpleCalendarEventsOnDate", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The agent opens the 17th by mistake, steps one day on with the arrow to Wednesday the 18th, and answers its two titles.", Evaluator: eval,
			Steps: Then([]Step{FromHome("Simple Calendar Pro"), StepOn(On(CalendarMonth()), "Open the week's Wednesday.", Tap("17")),
				StepOn(On(CalendarDay("Tue, October 17", "Dentist appointment|3:15 PM - 4:00 PM")), "This is Tuesday; next day.", Tap("Next day"))},
				Answered(On(wed), "Wednesday October 18: Scrum meeting and Dinner with friends.", "Scrum meeting, Dinner with friends")...)},
		{Name: "cal_thursday_answered", TaskName: "SimpleCalendarEventsOnDate", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem, Subtle: true,
			Behaviour: "The agent counts the month grid's columns wrong, opens Thursday the 19th and answers its one event.", Evaluator: eval + " (Team lunch is on the 19th)",
			Steps: Then([]Step{FromHome("Simple Calendar Pro"), StepOn(On(CalendarMonth()), "Wednesday of this week.", Tap("19"))},
				Answered(On(thu), "The only event is Team lunch.", "Team lunch")...)},
	}
}

func calendarDeleteCases() []Case {
	const goal = "In Simple Calendar Pro, delete all the calendar events on 2023-10-27"
	const eval = "calendar.py SimpleCalendarDeleteEvents (validate_event_removal_integrity): the three events of October 27 are gone and the 20 on other days are all still there"
	day := "Fri, October 27"
	evs := []string{"Board meeting|10:00 AM - 11:00 AM", "Coding challenge|1:30 PM - 3:30 PM", "Volunteer cleanup|5:20 PM - 6:20 PM"}
	open := []Step{FromHome("Simple Calendar Pro"), StepOn(On(CalendarMonth()), "Open October 27.", Tap("27"))}
	one := func(i int, left []string) []Step {
		title, when, _ := strings.Cut(evs[i], "|")
		from, to, _ := strings.Cut(when, " - ")
		ev := calEvent(title, "October 27, 2023", from, to)
		return []Step{StepOn(On(CalendarDay(day, left...)), "Open "+title+".", Tap(title)),
			StepOn(On(ev), "Delete it.", Tap("Delete")),
			StepOn(On(CalendarAsk(ev)), "Yes.", Tap("Yes"))}
	}
	sel := CalendarDay(day, "*"+evs[0], "*"+evs[1], "*"+evs[2])
	return []Case{
		{Name: "cal_day_cleared_one_by_one", TaskName: "SimpleCalendarDeleteEvents", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Each of the day's three events is opened and deleted from its edit screen; the day's page then says No events.", Evaluator: eval,
			Steps: Then(open, append(append(append(one(0, evs), one(1, evs[1:])...), one(2, evs[2:])...),
				Claim(On(CalendarDay(day)), "All events on October 27 are deleted."))...)},
		{Name: "cal_day_cleared_by_selection", TaskName: "SimpleCalendarDeleteEvents", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The three events are selected together on the day's page and deleted from the selection bar; the agent goes back to the month.", Evaluator: eval,
			Steps: Then(open, StepOn(On(CalendarDay(day, evs...)), "Select the first event.", LongPress("Board meeting")),
				StepOn(On(CalendarDay(day, "*"+evs[0], evs[1], evs[2])), "Add the second.", Tap("Coding challenge")),
				StepOn(On(CalendarDay(day, "*"+evs[0], "*"+evs[1], evs[2])), "And the third.", Tap("Volunteer cleanup")),
				StepOn(On(sel), "Delete the three.", Tap("Delete")),
				StepOn(On(CalendarAsk(sel)), "Yes.", Tap("Yes")),
				StepOn(On(CalendarDay(day)), "The day is empty. Back to the month.", Tap("Navigate up")),
				Claim(On(CalendarMonth()), "Deleted every event on 2023-10-27."))},
		{Name: "cal_day_two_of_three_deleted", TaskName: "SimpleCalendarDeleteEvents", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "Two events are deleted one by one; the run stops with Volunteer cleanup still on the day's page.", Evaluator: eval + " (Volunteer cleanup remains)",
			Steps: Then(open, append(append(one(0, evs), one(1, evs[1:])...), Claim(On(CalendarDay(day, evs[2])), "The events on October 27 are deleted."))...)},
	}
}
