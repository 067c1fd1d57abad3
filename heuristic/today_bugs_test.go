package heuristic

import (
	"testing"
	"time"

	"github.com/autoeval/autoeval/trace"
)

// Runs on days named from today that the heuristic judges wrongly today. Each test asserts
// the right behaviour and is skipped with the bug it shows, for the lead to fix.

// "Delete all events scheduled for this Tuesday": the day's page is emptied and the
// deletion's substate is reached (E5, goneOnDay), but C5's gate for the task's "all events"
// (conEvery) asks everyGoneReached, which reads parseSpec(content).All: a day named from
// today sets All only while reasoning (goneOnDay) and in the last look (onNotedDay), never in
// parseSpec, so the run is always "cannot tell" ([C5] the task asks for every item of a
// kind ("all events"); the screens were not checked ...). The same run with the date given
// whole ("October 31 2023") is a success.
func TestEveryEventOfADayNamedFromTodayDeleted(t *testing.T) {
	t.Skip(`bug: "delete all events scheduled for this Tuesday" with that day's page emptied is cannot tell [C5 "all events"], never success: everyGoneReached reads parseSpec(content).All, which a day named from today never sets`)
	tr := stepsTrace(t, tuesdayTask, act{homeWithDate("Wed, Oct 25"), tapDiaryIcon},
		act{dayView("Tuesday, October 31", "Dentist", "Yoga"), nil}, act{dayView("Tuesday, October 31"), nil})
	j := heuristicRun(t, tr, nil)
	if o := j.RunVerdict(); o.Verdict != trace.RunSuccess || !cited(j, "E5") {
		t.Fatalf("verdict %s (%s), want a success on E5:\n%s", o.Verdict, o.Reason, describeLog(t, j))
	}
}

// A saved form's fields are joined with " \n " and read for dates (savedOnDay), and datesIn's
// day-before-month pattern ("19 October") reads the minutes of a time followed by a field
// that starts with a month's name as a day: an event editor's start time "10:15" before its
// end date "October 19, 2023" gives October 15 as well as October 19. So an event for
// "tomorrow" (October 15, today being Saturday October 14) saved on October 19 at 10:15 is a
// success.
func TestATimesMinutesAreNoDay(t *testing.T) {
	t.Skip(`bug: datesIn("10:15 \n October 19, 2023") = [[10 19] [10 15]]: the minutes of a time before a month's name read as a day, so an event for tomorrow (Oct 15) saved on Oct 19 at 10:15-11:15 is judged a success`)
	if got := datesIn("Harbour walk \n October 19, 2023 \n 10:15 \n October 19, 2023 \n 11:15"); !sameDates(got, [][2]int{{10, 19}, {10, 19}}) {
		t.Errorf("datesIn of an event form's fields = %v, want October 19 twice", got)
	}
	tr := stepsTrace(t, `Create an event titled "Harbour walk" for tomorrow in the Diary app.`,
		act{homeWithDate("Sat, Oct 14"), tapDiaryIcon}, act{dayView("Saturday, October 14", "Dentist"), nil},
		act{calendarEditor("Harbour walk", "October 19, 2023", "10:15", "11:15"), tapSave}, act{dayView("Saturday, October 14", "Dentist"), nil})
	j := heuristicRun(t, tr, nil)
	if o := j.RunVerdict(); o.Verdict == trace.RunSuccess {
		t.Fatalf("an event for tomorrow saved five days on is a success:\n%s", describeLog(t, j))
	}
}

// calDate.add builds today in 2001, a year without February 29: time.Date normalises
// February 29 to March 1, so on a leap day (the date line "Thu, Feb 29") "today" resolves to
// March 1 and "tomorrow" to March 2, neither refused. An event for tomorrow saved on March 2
// is then a success.
func TestLeapDayIsNotMarchFirst(t *testing.T) {
	t.Skip(`bug: with today "Thu, Feb 29", resolveDay("today") = March 1 and resolveDay("tomorrow") = March 2 (calDate.add normalises Feb 29 in a non-leap year), so an event for tomorrow saved on March 2 is judged a success`)
	feb29 := calDate{Month: 2, Day: 29, Weekday: time.Thursday}
	for phrase, right := range map[string]calDate{"today": feb29, "tomorrow": {3, 1, time.Friday}} {
		if got, ok := resolveDay(phrase, feb29); ok && got != right {
			t.Errorf("%q from %v = %v; want %v or refused", phrase, feb29, got, right)
		}
	}
	tr := stepsTrace(t, `Create an event titled "Harbour walk" for tomorrow in the Diary app.`,
		act{homeWithDate("Thu, Feb 29"), tapDiaryIcon}, act{dayView("Thursday, February 29", "Dentist"), nil},
		act{calendarEditor("Harbour walk", "March 2, 2024", "14:00", "15:00"), tapSave}, act{dayView("Thursday, February 29", "Dentist"), nil})
	j := heuristicRun(t, tr, nil)
	if o := j.RunVerdict(); o.Verdict == trace.RunSuccess {
		t.Fatalf("an event for tomorrow (March 1) saved on March 2 is a success:\n%s", describeLog(t, j))
	}
}

// A task's "in N days" takes any run of digits (dayPhrase's \d+); resolveDay reads a number
// that does not fit an int as 0 (strconv.Atoi fails and the fallback to number words gives
// 0), and multiplies weeks without checking for overflow: "in 99999999999999999999 days"
// resolves to today, "in 2635249153387078803 weeks" to five days on. A number that does
// not fit must leave the day unresolved.
func TestResolveDayRefusesNumbersThatDoNotFit(t *testing.T) {
	t.Skip(`bug: resolveDay("in 99999999999999999999 days", Wed Oct 25) = Wednesday October 25 (Atoi overflow read as 0) and "in 2635249153387078803 weeks" = Monday October 30 (n*7 overflows)`)
	for _, p := range []string{"in 99999999999999999999 days", "in 2635249153387078803 weeks"} {
		if got, ok := resolveDay(p, wed25()); ok {
			t.Errorf("%q resolved to %v", p, got)
		}
	}
}
