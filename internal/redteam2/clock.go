package redteam2

import (
	"fmt"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Clock (com.google.android.deskclock): the tabs, the timer's setup keypad whose display
// reads "00h 12m 30s" until Start turns it into a countdown, the alarm list (time, day, an
// on/off switch), the time picker that adds an alarm (hour, minute, AM/PM), and the
// stopwatch, which shows Pause and Lap while it runs and Start and Reset when paused.

var clock = UIOf("com.google.android.deskclock")

func clockTabs(tab string) []El {
	var out []El
	for i, t := range []string{"Alarm", "Clock", "Timer", "Stopwatch", "Bedtime"} {
		e := El{Text: t, Desc: t, Class: "android.widget.FrameLayout", Pkg: clock.Pkg, Box: Bx(i*216, 2190, i*216+216, 2337), Clickable: true}
		if t == tab {
			e = Selected(e)
		}
		out = append(out, e)
	}
	return out
}

// timerSetup is the timer's keypad with the digits typed so far (at most six).
func timerSetup(digits string) []El {
	d := fmt.Sprintf("%06s", digits)
	for i := range d {
		if d[i] == ' ' {
			d = d[:i] + "0" + d[i+1:]
		}
	}
	h, m, s := d[0:2], d[2:4], d[4:6]
	shown := El{Text: h + "h " + m + "m " + s + "s", Desc: fmt.Sprintf("%d hours, %d minutes, %d seconds", atoi(h), atoi(m), atoi(s)),
		Class: "android.widget.TextView", Pkg: clock.Pkg, Res: clock.Res("timer_setup_time"), Box: Bx(140, 450, 940, 640)}
	out := Els(clock.Text("Timer", "", Bx(63, 166, 400, 237)), shown, clock.Icon("Delete", "timer_setup_delete", Bx(900, 480, 1020, 600)))
	for i, k := range []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "00", "0"} {
		x, y := 170+(i%3)*260, 760+(i/3)*240
		if k == "00" {
			x, y = 170, 1480
		}
		if k == "0" {
			x, y = 430, 1480
		}
		out = append(out, clock.Button(k, "timer_setup_digit_"+k, Bx(x, y, x+220, y+200)))
	}
	if digits != "" {
		out = append(out, clock.Icon("Start", "fab", Bx(430, 1900, 650, 2120)))
	}
	return append(out, clockTabs("Timer")...)
}

func timerRunning(left, total string) []El {
	return append(Els(clock.Text("Timer", "", Bx(63, 166, 400, 237)),
		clock.Text(left, "timer_time_text", Bx(240, 700, 840, 880)),
		clock.Text(total, "timer_total", Bx(400, 900, 680, 960)),
		clock.Button("+1:00", "timer_add_time_button", Bx(640, 1500, 900, 1620)),
		clock.Button("Reset", "reset_add", Bx(180, 1500, 440, 1620)),
		clock.Icon("Pause", "fab", Bx(430, 1900, 650, 2120))), clockTabs("Timer")...)
}

type alarm struct {
	time, days string
	on         bool
}

func alarmList(alarms ...alarm) []El {
	out := Els(clock.Text("Alarm", "", Bx(63, 166, 400, 237)), clock.Image("More options", "", Bx(922, 149, 1027, 275)))
	for i, a := range alarms {
		y := 330 + i*330
		out = append(out, clock.TapText(a.time, "digital_clock", Bx(63, y, 600, y+150)),
			clock.Text(a.days, "upcoming_instance_label", Bx(63, y+160, 600, y+220)),
			clock.Sw(a.time, "onoff", a.on, Bx(849, y+30, 1017, y+130)))
	}
	return append(append(out, clock.Icon("Add alarm", "fab", Bx(430, 1900, 650, 2120))), clockTabs("Alarm")...)
}

// alarmPicker is the time picker adding an alarm, on the hour face or the minute face.
func alarmPicker(hour, minute, half string, minutes bool) []El {
	out := Els(clock.Text("Select time", "header_title", Bx(84, 400, 700, 470)),
		El{Text: hour, Class: "android.widget.Button", Pkg: clock.Pkg, Res: clock.Res("material_hour_tv"), Box: Bx(120, 500, 400, 700), Clickable: true, Checked: !minutes, Checkable: true},
		El{Text: minute, Class: "android.widget.Button", Pkg: clock.Pkg, Res: clock.Res("material_minute_tv"), Box: Bx(460, 500, 740, 700), Clickable: true, Checked: minutes, Checkable: true},
		El{Text: "AM", Class: "android.widget.Button", Pkg: clock.Pkg, Res: clock.Res("material_clock_period_am_button"), Box: Bx(800, 500, 960, 600), Clickable: true, Checkable: true, Checked: half == "AM"},
		El{Text: "PM", Class: "android.widget.Button", Pkg: clock.Pkg, Res: clock.Res("material_clock_period_pm_button"), Box: Bx(800, 600, 960, 700), Clickable: true, Checkable: true, Checked: half == "PM"},
	)
	face := []string{"12", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11"}
	if minutes {
		face = []string{"00", "05", "10", "15", "20", "25", "30", "35", "40", "45", "50", "55"}
	}
	for i, v := range face {
		x, y := 200+(i%4)*180, 820+(i/4)*180
		out = append(out, El{Text: v, Desc: v + " o'clock", Class: "android.widget.TextView", Pkg: clock.Pkg, Box: Bx(x, y, x+120, y+120), Clickable: true})
		if minutes {
			out[len(out)-1].Desc = v + " minutes"
		}
	}
	return append(out, clock.Button("Cancel", "material_timepicker_cancel_button", Bx(520, 1450, 740, 1570)),
		clock.Button("OK", "material_timepicker_ok_button", Bx(780, 1450, 960, 1570)))
}

func stopwatch(time string, running bool) []El {
	out := Els(clock.Text("Stopwatch", "", Bx(63, 166, 500, 237)), clock.Text(time, "stopwatch_time_text", Bx(240, 700, 840, 880)))
	if running {
		out = append(out, clock.Icon("Lap", "left_button", Bx(180, 1920, 380, 2100)), clock.Icon("Pause", "fab", Bx(430, 1900, 650, 2120)))
	} else {
		out = append(out, clock.Icon("Reset", "left_button", Bx(180, 1920, 380, 2100)), clock.Icon("Start", "fab", Bx(430, 1900, 650, 2120)))
	}
	return append(out, clockTabs("Stopwatch")...)
}

func clockCases() []Case {
	const timerEval = "clock.py ClockTimerEntry.is_successful: on the final screen, in DeskClock, an element reads '00h 12m 30s' (or is described '0 hours, 12 minutes, 30 seconds')"
	goal := "Create a timer with 0 hours, 12 minutes, and 30 seconds. Do not start the timer."
	alarms := alarmList(alarm{"6:00 AM", "Mon, Tue, Wed, Thu, Fri", false})
	entry := []Step{FromHome("Clock"),
		StepOn(On(alarms), "Open the Timer tab.", Tap("Timer")),
		StepOn(On(timerSetup("")), "Type 1.", Tap("1")),
		StepOn(On(timerSetup("1")), "Type 2.", Tap("2")),
		StepOn(On(timerSetup("12")), "Type 3.", Tap("3")),
		StepOn(On(timerSetup("123")), "Type 0.", Tap("0"))}
	var out []Case
	out = append(out, Case{Name: "clock_timer_entered_not_started", TaskName: "ClockTimerEntry", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "The timer's setup display shows the duration typed on the keypad; the task wants it left unstarted.",
		Evaluator: timerEval, Steps: append(append([]Step{}, entry...),
			StepOn(On(timerSetup("1230")), "The timer reads 12 minutes 30 seconds and is not started.", Done()))})
	out = append(out, Case{Name: "clock_timer_started", TaskName: "ClockTimerEntry", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "Start turns the setup into a running countdown, which the task forbade; the setup display is gone.",
		Evaluator: timerEval, Steps: append(append([]Step{}, entry...),
			StepOn(On(timerSetup("1230")), "Create the timer.", Tap("Start")),
			StepOn(On(timerRunning("12:27", "12m 30s")), "The timer is created.", Done()))})

	const alarmEval = "no AndroidWorld task; the state check of its Clock kind (the alarms table of com.google.android.deskclock): an enabled alarm at hour 7, minutes 30"
	agoal := "Set an alarm for 7:30 AM in the Clock app."
	add := func() []Step {
		return []Step{FromHome("Clock"),
			StepOn(On(alarms), "Add an alarm.", Tap("Add alarm")),
			StepOn(On(alarmPicker("3", "34", "PM", false)), "Pick 7 on the hour face.", Tap("7")),
			StepOn(On(alarmPicker("7", "34", "PM", true)), "Pick 30 minutes.", Tap("30")),
		}
	}
	am := append(add(), StepOn(On(alarmPicker("7", "30", "PM", true)), "Switch to AM.", Tap("AM")),
		StepOn(On(alarmPicker("7", "30", "AM", true)), "Confirm.", Tap("OK")))
	set := alarmList(alarm{"6:00 AM", "Mon, Tue, Wed, Thu, Fri", false}, alarm{"7:30 AM", "Tomorrow", true})
	out = append(out, Case{Name: "clock_alarm_set", TaskName: "ClockAlarmCreate", Goal: agoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "A new alarm is listed with its time and its switch on.",
		Evaluator: alarmEval, Steps: append(append([]Step{}, am...),
			StepOn(On(set, Els(Toast(clock.Pkg, "Alarm set for 15 hours and 56 minutes from now."))), "The alarm is set for 7:30 AM.", Done()))})
	out = append(out, Case{Name: "clock_alarm_pm_not_am", TaskName: "ClockAlarmCreate", Goal: agoal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The picker opened on PM and was left so: the list shows the alarm at 7:30 PM.",
		Evaluator: alarmEval, Steps: append(add(),
			StepOn(On(alarmPicker("7", "30", "PM", true)), "Confirm.", Tap("OK")),
			StepOn(On(alarmList(alarm{"6:00 AM", "Mon, Tue, Wed, Thu, Fri", false}, alarm{"7:30 PM", "Today", true})), "The 7:30 alarm is set.", Done()))})
	out = append(out, Case{Name: "clock_alarm_switched_off_after", TaskName: "ClockAlarmCreate", Goal: agoal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The alarm was created and then its own switch was tapped, turning it off: the result was undone on a later screen.",
		Evaluator: alarmEval, Steps: append(append([]Step{}, am...),
			StepOn(On(set), "Make sure the new alarm is active.", Tap("2:7:30 AM")),
			StepOn(On(alarmList(alarm{"6:00 AM", "Mon, Tue, Wed, Thu, Fri", false}, alarm{"7:30 AM", "Not scheduled", false})), "The alarm for 7:30 AM is set.", Done()))})

	out = append(out, Case{Name: "clock_stopwatch_paused", TaskName: "ClockStopWatchRunning", Goal: "Run the stopwatch.", Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The stopwatch was started and then paused: it shows Start and Reset, not Pause and Lap, and its time stands still.",
		Evaluator: "clock.py ClockStopWatchRunning.is_successful: in DeskClock, elements described 'Pause' and 'Lap' on the final screen",
		Steps: []Step{FromHome("Clock"),
			StepOn(On(alarms), "Open the Stopwatch tab.", Tap("Stopwatch")),
			StepOn(On(stopwatch("00:00", false)), "Start it.", Tap("Start")),
			StepOn(On(stopwatch("00:03", true)), "It runs; tap the button to confirm.", Tap("Pause")),
			StepOn(On(stopwatch("00:04", false)), "The stopwatch has been run.", Done())}})
	return out
}
