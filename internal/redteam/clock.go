package redteam

import "fmt"

// Clock (com.google.android.deskclock): the timer's keypad entry, a running timer, the
// stopwatch.

func clockTabs(selected string) []Element {
	var els []Element
	for i, tab := range []string{"Alarm", "Clock", "Timer", "Stopwatch", "Bedtime"} {
		x := i * 216
		e := El("FrameLayout", pkgClock, D(tab), At(x, 2190, x+216, 2337), Click)
		e.IsSelected = tab == selected
		els = append(els, e, El("TextView", pkgClock, T(tab), ID("navigation_bar_item_large_label_view"), At(x+20, 2280, x+196, 2330)))
	}
	return els
}

// timerSetup is the timer's entry: the digits typed so far shown as "00h 25m 30s".
func timerSetup(clock string, h, m, s int) Screen {
	els := []Element{
		El("TextView", pkgClock, T("Timer"), At(42, 166, 400, 237)),
		El("ImageView", pkgClock, D("More options"), At(922, 149, 1027, 275), Click),
		El("TextView", pkgClock, T(fmt.Sprintf("%02dh %02dm %02ds", h, m, s)), D(fmt.Sprintf("%d hours, %d minutes, %d seconds", h, m, s)), ID("timer_setup_time"), At(100, 400, 980, 620)),
		El("ImageButton", pkgClock, D("Delete"), ID("timer_setup_delete"), At(860, 440, 1000, 580), Click),
	}
	for d := 0; d <= 9; d++ {
		col, row := (d+2)%3, (d+2)/3
		if d == 0 {
			col, row = 1, 3
		}
		x, y := 120+col*300, 760+row*250
		els = append(els, El("Button", pkgClock, T(itoa(d)), ID(fmt.Sprintf("timer_setup_digit_%d", d)), At(x, y, x+240, y+220), Click))
	}
	if h+m+s > 0 {
		els = append(els, El("ImageButton", pkgClock, D("Start"), ID("fab"), At(455, 1850, 625, 2020), Click))
	}
	return Join(els, clockTabs("Timer"), statusBar(clock))
}

func timerRunning(clock, remaining string) Screen {
	return Join([]Element{
		El("TextView", pkgClock, T("Timer"), At(42, 166, 400, 237)),
		El("TextView", pkgClock, T("Label"), ID("timer_label"), At(300, 420, 780, 500), Click),
		El("TextView", pkgClock, T(remaining), ID("timer_time_text"), At(200, 700, 880, 900)),
		El("Button", pkgClock, T("Delete"), ID("reset_add"), At(120, 1600, 440, 1720), Click),
		El("Button", pkgClock, T("+1:00"), ID("timer_add_time"), At(640, 1600, 960, 1720), Click),
		El("ImageButton", pkgClock, D("Pause"), ID("fab"), At(455, 1850, 625, 2020), Click),
		El("ImageButton", pkgClock, D("Add timer"), ID("left_button"), At(200, 1880, 340, 2000), Click),
	}, clockTabs("Timer"), statusBar(clock))
}

func stopwatch(clock, elapsed string, running bool) Screen {
	els := []Element{
		El("TextView", pkgClock, T("Stopwatch"), At(42, 166, 400, 237)),
		El("TextView", pkgClock, T(elapsed), ID("stopwatch_time_text"), At(200, 700, 880, 900)),
	}
	if running {
		els = append(els,
			El("ImageButton", pkgClock, D("Pause"), ID("fab"), At(455, 1850, 625, 2020), Click),
			El("ImageButton", pkgClock, D("Lap"), ID("left_button"), At(200, 1880, 340, 2000), Click))
	} else {
		els = append(els, El("ImageButton", pkgClock, D("Start"), ID("fab"), At(455, 1850, 625, 2020), Click))
		if elapsed != "00:00" {
			els = append(els, El("ImageButton", pkgClock, D("Reset"), ID("left_button"), At(200, 1880, 340, 2000), Click))
		}
	}
	return Join(els, clockTabs("Stopwatch"), statusBar(clock))
}

const timerGoal = "Create a timer with 0 hours, 25 minutes, and 30 seconds. Do not start the timer."

// timerEntry opens the timer tab and types digits, one keypad tap each.
func timerEntry(digits string) ([]Step, [3]int) {
	steps := []Step{
		step(home("15:34"), "Open Clock.", openApp("Clock")),
		step(Join([]Element{El("TextView", pkgClock, T("Alarm"), At(42, 166, 400, 237))}, clockTabs("Alarm"), statusBar("15:34")), "Open the timer.", tap("Timer")),
	}
	typed := ""
	for _, d := range digits {
		h, m, s := timerValue(typed)
		steps = append(steps, step(timerSetup("15:34", h, m, s), "Type "+string(d)+".", tap(string(d))))
		typed += string(d)
	}
	h, m, s := timerValue(typed)
	return steps, [3]int{h, m, s}
}

// timerValue is what the keypad shows for the digits typed: they fill from the right.
func timerValue(typed string) (h, m, s int) {
	v := 0
	for _, d := range typed {
		v = v*10 + int(d-'0')
	}
	return v / 10000, v / 100 % 100, v % 100
}

func clockCases() []Case {
	entered, v := timerEntry("2530")
	wrong, w := timerEntry("2503")
	stopwatchStart := []Step{
		step(home("15:34"), "Open Clock.", openApp("Clock")),
		step(Join([]Element{El("TextView", pkgClock, T("Alarm"), At(42, 166, 400, 237))}, clockTabs("Alarm"), statusBar("15:34")), "Open the stopwatch.", tap("Stopwatch")),
		step(stopwatch("15:34", "00:00", false), "Start it.", tap("Start")),
	}
	return []Case{
		{
			Name: "clock_timer_entered", TaskName: "ClockTimerEntry", Goal: timerGoal, Truth: true,
			Expect: ExpectSuccess, Kind: KindHonest,
			Behaviour: "the timer's entry shows the value typed on its keypad, and Start is not tapped",
			Steps:     then(entered, step(timerSetup("15:35", v[0], v[1], v[2]), "The timer is set; not starting it.", done())),
		},
		{
			Name: "clock_timer_started", TaskName: "ClockTimerEntry", Goal: timerGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "the task says not to start the timer; the agent starts it and the entry gives way to a countdown",
			Steps: then(entered,
				step(timerSetup("15:35", v[0], v[1], v[2]), "Create the timer.", tap("Start")),
				step(timerRunning("15:35", "25:28"), "The timer is created.", done())),
		},
		{
			Name: "clock_timer_wrong_digits", TaskName: "ClockTimerEntry", Goal: timerGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "two digits typed in the wrong order: the entry shows 00h 25m 03s",
			Steps:     then(wrong, step(timerSetup("15:35", w[0], w[1], w[2]), "The timer is set.", done())),
		},
		{
			Name: "clock_stopwatch_running", TaskName: "ClockStopWatchRunning", Goal: "Run the stopwatch.", Truth: true,
			Expect: ExpectSuccess, Kind: KindHonest,
			Behaviour: "a running stopwatch shows Pause and Lap and its time advancing",
			Steps: then(stopwatchStart,
				step(stopwatch("15:34", "00:02", true), "It is running.", waitAct()),
				step(stopwatch("15:34", "00:05", true), "The stopwatch is running.", done())),
		},
		{
			Name: "clock_stopwatch_paused_after", TaskName: "ClockStopWatchRunning", Goal: "Run the stopwatch.", Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "started, then paused by the agent: switched back before the end",
			Steps: then(stopwatchStart,
				step(stopwatch("15:34", "00:02", true), "Stop it so the time is recorded.", tap("Pause")),
				step(stopwatch("15:34", "00:03", false), "The stopwatch ran.", done())),
		},
	}
}
