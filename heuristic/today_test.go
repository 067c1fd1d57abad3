package heuristic

import (
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/trace"
)

// A day named from today ("tomorrow", "this Thursday", "the Tuesday after next") is resolved
// against the date the home screen's date line shows, as AndroidWorld words its dates
// (information_retrieval/datetime_utils.py: with today Wednesday October 25 2023, "this
// Thursday" is October 26, "this Wednesday" November 1, "the Thursday after next" November
// 2). These tests read today off synthetic home screens and judge whole runs whose saved
// form, day page or answer shows the result on that day or another. Apps and names are this
// test's own.

// homeWithDate is a launcher's home screen: its date line (as the at-a-glance widget writes
// it, text and description alike) over a row of app labels.
func homeWithDate(date string) []trace.UIElement {
	return judgetest.Concat(judgetest.StatusBar(), []trace.UIElement{
		judgetest.UI{Pkg: launcher, Class: "android.widget.ScrollView", ID: "workspace", Y1: 0, Y2: judgetest.ScreenH}.Element(),
		judgetest.UI{Pkg: launcher, Text: date, Desc: date, ID: "date", Y1: 292, Y2: 354, X1: 99, X2: 1023}.Element(),
		judgetest.UI{Pkg: launcher, Text: "Diary", Desc: "Diary", Y1: 1873, Y2: 2068, X1: 76, X2: 249}.Element(),
		judgetest.UI{Pkg: launcher, Text: "Chores", Desc: "Chores", Y1: 1873, Y2: 2068, X1: 328, X2: 501}.Element(),
		judgetest.UI{Pkg: launcher, Text: "Clock", Desc: "Clock", Y1: 1873, Y2: 2068, X1: 580, X2: 753}.Element(),
	})
}

// tapDiaryIcon opens the diary from the home screen.
var tapDiaryIcon = judgetest.TapOn(76, 1873, 249, 2068)

// calendarEditor is an event editor as calendar apps lay it out: the title, then the start
// date and time on one row and the end date and time on the next, as the pickers set them.
func calendarEditor(title, date, start, end string) []trace.UIElement {
	return judgetest.Concat(formScreen(diary, "New event", field{"Title", title}), []trace.UIElement{
		judgetest.UI{Pkg: diary, Text: date, ID: "event_start_date", Y1: 700, Y2: 800, X1: 40, X2: 700}.Element(),
		judgetest.UI{Pkg: diary, Text: start, ID: "event_start_time", Y1: 700, Y2: 800, X1: 760, X2: 1040}.Element(),
		judgetest.UI{Pkg: diary, Text: date, ID: "event_end_date", Y1: 850, Y2: 950, X1: 40, X2: 700}.Element(),
		judgetest.UI{Pkg: diary, Text: end, ID: "event_end_time", Y1: 850, Y2: 950, X1: 760, X2: 1040}.Element(),
	})
}

// dayView is a calendar's page of one day: the day as its title and the day's events as rows
// of a list view (a RecyclerView holding each row's title and time), or the list empty.
func dayView(day string, events ...string) []trace.UIElement {
	els := judgetest.Concat(judgetest.StatusBar(), []trace.UIElement{
		judgetest.UI{Pkg: diary, Class: "android.widget.FrameLayout", Y1: 120, Y2: judgetest.ScreenH}.Element(),
		judgetest.UI{Pkg: diary, Text: day, ID: "day_title", Y1: 150, Y2: 230, X1: 40, X2: 800}.Element(),
		judgetest.UI{Pkg: diary, Class: "androidx.recyclerview.widget.RecyclerView", ID: "day_events", Y1: 300, Y2: 2300}.Element(),
	})
	for i, e := range events {
		y := 320 + i*200
		els = append(els,
			judgetest.UI{Pkg: diary, Class: "android.widget.LinearLayout", ID: "event_item_holder", Y1: y, Y2: y + 180}.Element(),
			judgetest.UI{Pkg: diary, Text: e, ID: "event_item_title", Y1: y + 20, Y2: y + 80, X1: 60, X2: 1000}.Element(),
			judgetest.UI{Pkg: diary, Text: "10:00 - 11:00", ID: "event_item_time", Y1: y + 90, Y2: y + 150, X1: 60, X2: 600}.Element())
	}
	return els
}

func wed25() calDate { return calDate{Month: 10, Day: 25, Weekday: time.Wednesday} }

func TestTodayReadOffTheHomeScreensDateLine(t *testing.T) {
	plain := func(pkg, text string) judge.Element {
		return judge.Element{Package: pkg, Text: text, HasBounds: true, Y1: 292, Y2: 354, X2: 1000}
	}
	for _, c := range []struct {
		name string
		sc   *judge.Screen
		want calDate
		ok   bool
	}{
		{"the at-a-glance line, abbreviated", &judge.Screen{Package: launcher, Elements: []judge.Element{plain(launcher, "Sun, Oct 15")}},
			calDate{10, 15, time.Sunday}, true},
		{"the line written out", &judge.Screen{Package: launcher, Elements: []judge.Element{plain(launcher, "Sunday, October 15")}},
			calDate{10, 15, time.Sunday}, true},
		{"the day before the month", &judge.Screen{Package: launcher, Elements: []judge.Element{plain(launcher, "Sun 15 Oct")}},
			calDate{10, 15, time.Sunday}, true},
		{"the same line on an app's page is no home screen's", &judge.Screen{Package: diary, Elements: []judge.Element{plain(diary, "Sun, Oct 15")}},
			calDate{}, false},
		{"the status bar's date over the home screen is system UI", &judge.Screen{Package: launcher, Elements: []judge.Element{
			{Package: "com.android.systemui", Text: "Sun, Oct 15", Role: judge.RoleSystem, HasBounds: true, Y2: 100, X2: 400}}},
			calDate{}, false},
		{"a notification writing a date", &judge.Screen{Package: launcher, Elements: []judge.Element{
			{Package: launcher, Text: "Sun, Oct 15", Mark: judge.MarkNotification, HasBounds: true, Y2: 100, X2: 400}}},
			calDate{}, false},
		{"a home screen without a date line", &judge.Screen{Package: launcher, Elements: []judge.Element{plain(launcher, "Diary"), plain(launcher, "Clock")}},
			calDate{}, false},
		{"a day past any month's end", &judge.Screen{Package: launcher, Elements: []judge.Element{plain(launcher, "Sun, Oct 32")}},
			calDate{}, false},
		{"no screen", nil, calDate{}, false},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, ok := todayOn(c.sc)
			if ok != c.ok || got != c.want {
				t.Fatalf("todayOn = %v, %v; want %v, %v", got, ok, c.want, c.ok)
			}
		})
	}
}

// The phrases as the task's constraint gives them (taskConstraints drops "the" before "...
// after next"), resolved as AndroidWorld's own table words its dates.
func TestResolveDayAsAndroidWorldWordsDates(t *testing.T) {
	for _, c := range []struct {
		task      string
		month     time.Month
		day       int
		weekday   time.Weekday
		unresolve bool
	}{
		{task: "Create an event for today titled Standup.", month: time.October, day: 25, weekday: time.Wednesday},
		{task: "Create an event for tomorrow titled Standup.", month: time.October, day: 26, weekday: time.Thursday},
		{task: "Create an event for this Thursday titled Standup.", month: time.October, day: 26, weekday: time.Thursday},
		{task: "Create an event for this Tuesday titled Standup.", month: time.October, day: 31, weekday: time.Tuesday},
		// Today's own weekday: a week on, never today.
		{task: "Create an event for this Wednesday titled Standup.", month: time.November, day: 1, weekday: time.Wednesday},
		{task: "Create an event the Thursday after next titled Standup.", month: time.November, day: 2, weekday: time.Thursday},
		{task: "Create an event the Wednesday after next titled Standup.", month: time.November, day: 8, weekday: time.Wednesday},
		{task: "Create an event in two weeks titled Standup.", month: time.November, day: 8, weekday: time.Wednesday},
		{task: "Create an event in two weeks from today at 9h titled Visa.", month: time.November, day: 8, weekday: time.Wednesday},
		{task: "Create an event in 3 days titled Standup.", month: time.October, day: 28, weekday: time.Saturday},
		// Phrases of another reading stay unresolved.
		{task: "Create an event for next Thursday titled Standup.", unresolve: true},
		{task: "Create an event for next week titled Standup.", unresolve: true},
		{task: "Create an event this weekend titled Standup.", unresolve: true},
		{task: "Create an event in two months titled Standup.", unresolve: true},
	} {
		t.Run(c.task, func(t *testing.T) {
			var phrase string
			for _, k := range taskConstraints(c.task) {
				if k.Kind == conDay {
					phrase = k.Phrase
				}
			}
			if phrase == "" {
				t.Fatalf("no day constraint read from %q", c.task)
			}
			got, ok := resolveDay(phrase, wed25())
			if c.unresolve {
				if ok {
					t.Fatalf("resolveDay(%q) = %v, want it unresolved", phrase, got)
				}
				return
			}
			want := calDate{Month: int(c.month), Day: c.day, Weekday: c.weekday}
			if !ok || got != want {
				t.Fatalf("resolveDay(%q) = %v, %v; want %v", phrase, got, ok, want)
			}
		})
	}
}

// The year is not on the date line: a move across the end of February (28 or 29 days) is
// refused rather than guessed, and so is one across the end of the year.
func TestResolveDayRefusesMovesItCannotKnow(t *testing.T) {
	feb27 := calDate{Month: 2, Day: 27, Weekday: time.Monday}
	if got, ok := resolveDay("tomorrow", feb27); !ok || got != (calDate{2, 28, time.Tuesday}) {
		t.Errorf("tomorrow from %v = %v, %v; want Tuesday February 28", feb27, got, ok)
	}
	for _, c := range []struct {
		phrase string
		today  calDate
	}{
		{"tomorrow", calDate{2, 28, time.Tuesday}},
		{"this Friday", calDate{2, 25, time.Saturday}},
		{"in two weeks", calDate{2, 20, time.Monday}},
		{"yesterday", calDate{3, 1, time.Wednesday}},
		{"tomorrow", calDate{12, 31, time.Sunday}},
	} {
		if got, ok := resolveDay(c.phrase, c.today); ok {
			t.Errorf("%q from %v resolved to %v; a move across the end of February or of the year must be refused", c.phrase, c.today, got)
		}
	}
}

func TestDatesInReadsTheWaysScreensWriteDates(t *testing.T) {
	for _, c := range []struct {
		text string
		want [][2]int
	}{
		{"Thu, Oct 19, 2023", [][2]int{{10, 19}}},
		{"October 19 (Thu)", [][2]int{{10, 19}}},
		{"19 October", [][2]int{{10, 19}}},
		{"2023-10-19", [][2]int{{10, 19}}},
		{"10/19/2023", [][2]int{{10, 19}}},
		{"Sept. 3", [][2]int{{9, 3}}},
		// Not dates: a year after a month, a day past any month's, a time.
		{"May 2023", nil},
		{"Oct 32", nil},
		{"14:00 - 15:00", nil},
		{"2023-13-05", nil},
	} {
		if got := datesIn(c.text); !sameDates(got, c.want) {
			t.Errorf("datesIn(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

func sameDates(a, b [][2]int) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

var (
	tomorrowTask = `Create an event titled "Harbour walk" for tomorrow at 14h in the Diary app.`
	thursdayTask = "What events do I have this Thursday in the Diary app? Answer with the titles only. If there are several, separate them with commas."
	tuesdayTask  = "Delete all events scheduled for this Tuesday in the Diary app."
)

// todayCases are whole runs whose verdict rests on a day named from today, today being
// Wednesday October 25 on the home screen.
func todayCases() []ruleCase {
	home := homeWithDate("Wed, Oct 25")
	saved := func(date string) []act {
		return []act{{home, tapDiaryIcon}, {dayView("Wednesday, October 25", "Dentist"), nil},
			{calendarEditor("Harbour walk", date, "14:00", "15:00"), tapSave}, {dayView("Wednesday, October 25", "Dentist"), nil}}
	}
	return []ruleCase{
		{rule: "C5", name: "an event for tomorrow saved with tomorrow's date, today read off the home screen", task: tomorrowTask,
			steps: saved("October 26, 2023"), want: trace.RunSuccess, cite: "L1"},
		{rule: "C5", hold: true, name: "an event for tomorrow saved with today's date", task: tomorrowTask,
			steps: saved("October 25, 2023"), want: trace.RunCannotTell},
		{rule: "C5", hold: true, name: "an event for tomorrow saved with tomorrow's date, no home screen in the run", task: tomorrowTask,
			steps: saved("October 26, 2023")[1:], want: trace.RunCannotTell},
		{rule: "C5", hold: true, name: "an event for next Thursday: a phrase of another reading, not resolved", task: `Create an event titled "Harbour walk" for next Thursday at 14h in the Diary app.`,
			steps: saved("November 2, 2023"), want: trace.RunCannotTell},

		{rule: "C5", name: "this Thursday's events answered from Thursday October 26's page", task: thursdayTask,
			steps: []act{{home, tapDiaryIcon}, {dayView("Thursday, October 26", "Dentist", "Yoga"), nil}}, answer: "Dentist, Yoga",
			want: trace.RunSuccess, cite: "L1"},
		{rule: "C5", hold: true, name: "this Thursday's events answered from the page of the Thursday after", task: thursdayTask,
			steps: []act{{home, tapDiaryIcon}, {dayView("Thursday, November 2", "Dentist", "Yoga"), nil}}, answer: "Dentist, Yoga",
			want: trace.RunCannotTell},

		{rule: "E5", name: "the events of the Tuesday after (November 7) deleted instead", task: tuesdayTask,
			steps: []act{{home, tapDiaryIcon}, {dayView("Tuesday, November 7", "Dentist", "Yoga"), nil}, {dayView("Tuesday, November 7"), nil}},
			want:  trace.RunFailure, cite: "F4"},
	}
}

func TestDaysNamedFromToday(t *testing.T) {
	runRuleCases(t, todayCases())
}
