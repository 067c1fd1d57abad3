package redteam5

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Clock (com.google.android.deskclock): tabs along the bottom (Alarm, Clock, Timer,
// Stopwatch, Bedtime). The stopwatch shows its time and one round button, Start while paused
// and Pause while running. The timer's entry screen shows the digits typed so far as
// "00h 00m 00s" above a keypad and a Start button; started, it becomes a running countdown.

var clock = UIOf("com.google.android.deskclock")

func clockTabs(selected string) []El {
	var out []El
	for i, t := range []string{"Alarm", "Clock", "Timer", "Stopwatch", "Bedtime"} {
		e := clock.TapText(t, "", Bx(i*216, 2150, i*216+216, 2300))
		e.Desc = t
		e.Selected = t == selected
		out = append(out, e)
	}
	return out
}

func stopwatch(time string, running bool) []El {
	button := "Start"
	if running {
		button = "Pause"
	}
	return Screen(Els(clock.Text("Stopwatch", "action_bar_title", Bx(63, 166, 700, 248)), clock.Text(time, "stopwatch_time_text", Bx(200, 800, 880, 1000)),
		clock.Icon(button, "fab", Bx(440, 1850, 640, 2050))), clockTabs("Stopwatch"))
}

func timerEntry(display string) []El {
	out := Els(clock.Text("Timer", "action_bar_title", Bx(63, 166, 700, 248)), clock.Text(display, "timer_setup_time", Bx(150, 450, 930, 620)))
	for i, d := range []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "0"} {
		x, y := 180+(i%3)*260, 760+(i/3)*220
		if d == "0" {
			x = 440
		}
		out = append(out, clock.Button(d, "timer_setup_digit_"+d, Bx(x, y, x+200, y+180)))
	}
	return Screen(out, Els(clock.Icon("Start", "fab", Bx(440, 1850, 640, 2050))), clockTabs("Timer"))
}

func clockCases() []Case {
	const swGoal = "Pause the stopwatch."
	const swEval = "clock.py ClockStopWatchPausedVerify (precondition: the stopwatch is paused at 00:00): is_successful wants DeskClock in front, a 'Start' button and two 'Stopwatch' labels on the screen at the end"
	toSW := []Step{FromHome("Clock"), StepOn(On(Screen(Els(clock.Text("Alarm", "action_bar_title", Bx(63, 166, 700, 248))), clockTabs("Alarm"))), "The stopwatch tab.", Tap("Stopwatch"))}
	const tGoal = "Create a timer with 0 hours, 25 minutes, and 0 seconds. Do not start the timer."
	const tEval = "clock.py ClockTimerEntry (_is_timer_set): DeskClock in front and an element reading exactly '00h 25m 00s' (or described as '0 hours, 25 minutes, 0 seconds') at the end"
	typed := []Step{FromHome("Clock"),
		StepOn(On(Screen(Els(clock.Text("Alarm", "action_bar_title", Bx(63, 166, 700, 248))), clockTabs("Alarm"))), "Timer tab.", Tap("Timer")),
		StepOn(On(timerEntry("00h 00m 00s")), "2.", Tap("2")),
		StepOn(On(timerEntry("00h 00m 02s")), "5.", Tap("5")),
		StepOn(On(timerEntry("00h 00m 25s")), "0.", Tap("0")),
		StepOn(On(timerEntry("00h 02m 50s")), "0.", Tap("0")),
	}
	running := Screen(Els(clock.Text("Timer", "action_bar_title", Bx(63, 166, 700, 248)), clock.Text("24:58", "timer_text", Bx(200, 700, 880, 900)),
		clock.Button("+1:00", "timer_add_time", Bx(150, 1500, 450, 1620)), clock.Button("Reset", "reset", Bx(630, 1500, 930, 1620)),
		clock.Icon("Pause", "fab", Bx(440, 1850, 640, 2050))), clockTabs("Timer"))
	return []Case{
		{Name: "stopwatch_already_paused", TaskName: "ClockStopWatchPausedVerify", Goal: swGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The stopwatch sits at zero with its Start button showing: it is not running, so it is paused as asked.", Evaluator: swEval,
			Steps: Then(toSW, StepOn(On(stopwatch("00:00.00", false)), "The stopwatch is not running; it is paused.", Done()))},
		{Name: "stopwatch_started_by_mistake", TaskName: "ClockStopWatchPausedVerify", Goal: swGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The round button is tapped once: a paused stopwatch starts, its time runs and the button turns to Pause.", Evaluator: swEval + " (the button reads Pause)",
			Steps: Then(toSW, StepOn(On(stopwatch("00:00.00", false)), "Tap the button to pause it.", Tap("Start")),
				StepOn(On(stopwatch("00:02.47", true)), "The stopwatch has been toggled.", Done()))},
		{Name: "timer_25_minutes_entered", TaskName: "ClockTimerEntry", Goal: tGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Digits fill the entry from the right; 2, 5, 0, 0 reads 00h 25m 00s, and Start is not tapped.", Evaluator: tEval,
			Steps: Then(typed, StepOn(On(timerEntry("00h 25m 00s")), "25 minutes is set, not started.", Done()))},
		{Name: "timer_25_minutes_started", TaskName: "ClockTimerEntry", Goal: tGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Start is tapped after the digits: the entry gives way to a running countdown, which the task said not to start.", Evaluator: tEval + " (the entry is gone; a countdown runs)",
			Steps: Then(typed, StepOn(On(timerEntry("00h 25m 00s")), "Confirm the timer.", Tap("Start")), StepOn(On(running), "The timer is created.", Done()))},
		{Name: "timer_minutes_as_seconds", TaskName: "ClockTimerEntry", Goal: tGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Only 2 and 5 are typed: the entry reads 00h 00m 25s, twenty-five seconds.", Evaluator: tEval + " (00h 00m 25s)",
			Steps: Then(typed[:4], StepOn(On(timerEntry("00h 00m 25s")), "25 entered.", Done()))},
	}
}
