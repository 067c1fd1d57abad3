package groundtruth

// Tasks scored from the screen: the clock's timer and stopwatch, the browser games.

func uiCases() []awCase {
	const clock = "task_evals/single/clock.py"
	timer := Params{"hours": 1, "minutes": 2, "seconds": 3}
	cs := []awCase{
		{name: "timer text", task: "ClockTimerEntry", cite: clock + ` _is_timer_set: an element with text "01h 02m 03s" in DeskClock`, params: timer,
			after: newState().fg(deskClock).screen(clockUI(`<node text="01h 02m 03s" content-desc="" />`)), reward: 1},
		{name: "timer description", task: "ClockTimerEntry", cite: clock + ` _is_timer_set: or content description "1 hours, 2 minutes, 3 seconds"`, params: timer,
			after: newState().fg(deskClock).screen(clockUI(`<node text="" content-desc="1 hours, 2 minutes, 3 seconds" />`)), reward: 1},
		{name: "other time", task: "ClockTimerEntry", cite: clock + " _is_timer_set: no element shows the time", params: timer,
			after: newState().fg(deskClock).screen(clockUI(`<node text="01h 02m 04s" content-desc="" />`)), reward: 0},
		{name: "not in the clock", task: "ClockTimerEntry", cite: clock + ` _is_timer_set: "DeskClock" not in the activity`, params: timer,
			after: newState().screen(clockUI(`<node text="01h 02m 03s" content-desc="" />`)), reward: 0},
		{name: "running", task: "ClockStopWatchRunning", cite: clock + " _is_stopwatch_running: Pause and Lap descriptions",
			after: newState().fg(deskClock).screen(clockUI(`<node content-desc="Pause" text="" /><node content-desc="Lap" text="" />`)), reward: 1},
		{name: "no lap", task: "ClockStopWatchRunning", cite: clock + " _is_stopwatch_running: Lap missing",
			after: newState().fg(deskClock).screen(clockUI(`<node content-desc="Pause" text="" />`)), reward: 0},
		{name: "running elsewhere", task: "ClockStopWatchRunning", cite: clock + ` _is_stopwatch_running: "DeskClock" not in the activity`,
			after: newState().screen(clockUI(`<node content-desc="Pause" text="" /><node content-desc="Lap" text="" />`)), reward: 0},
		{name: "paused", task: "ClockStopWatchPausedVerify", cite: clock + " _is_stopwatch_paused: Start, and Stopwatch twice (tab and title)",
			after: newState().fg(deskClock).screen(clockUI(`<node content-desc="Start" text="" /><node content-desc="Stopwatch" text="" /><node text="Stopwatch" content-desc="" />`)), reward: 1},
		{name: "Stopwatch three times", task: "ClockStopWatchPausedVerify", cite: clock + " _is_stopwatch_paused: n_stopwatch >= 2",
			after: newState().fg(deskClock).screen(clockUI(`<node content-desc="Start" text="" /><node content-desc="Stopwatch" text="" /><node text="Stopwatch" content-desc="" /><node text="Stopwatch" content-desc="" />`)), reward: 1},
		{name: "timer text on a container", task: "ClockTimerEntry", cite: clock + " _is_timer_set over get_state().ui_elements: forest_to_ui_elements keeps leaves, described and scrollable nodes, not a container's text", params: timer,
			after: newState().fg(deskClock).screen(clockUI(`<node text="01h 02m 03s" content-desc=""><node text="Start" content-desc="" /></node>`)), reward: 0},
		{name: "Stopwatch title on a container", task: "ClockStopWatchPausedVerify", cite: clock + " _is_stopwatch_paused: the titled container is no element, so Stopwatch counts once",
			after: newState().fg(deskClock).screen(clockUI(`<node content-desc="Start" text="" /><node content-desc="Stopwatch" text="" /><node text="Stopwatch" content-desc=""><node text="00:00" /></node>`)), reward: 0},
		{name: "Stopwatch once", task: "ClockStopWatchPausedVerify", cite: clock + " _is_stopwatch_paused: n_stopwatch is 1",
			after: newState().fg(deskClock).screen(clockUI(`<node content-desc="Start" text="" /><node text="Stopwatch" content-desc="" />`)), reward: 0},
		{name: "no Start", task: "ClockStopWatchPausedVerify", cite: clock + " _is_stopwatch_paused: Start missing",
			after: newState().fg(deskClock).screen(clockUI(`<node content-desc="Pause" text="" /><node content-desc="Stopwatch" text="" /><node text="Stopwatch" content-desc="" />`)), reward: 0},
	}
	const br = "task_evals/single/browser.py BrowserTask.is_successful: com.android.chrome in front and an element with text Success!"
	chrome := ChromePackage + "/com.google.android.apps.chrome.Main"
	browser := []awCase{
		{name: "solved", cite: br, after: newState().fg(chrome).screen(clockUI(`<node text="Success!" content-desc="" />`)), reward: 1},
		{name: "not solved", cite: br + ": no Success!", after: newState().fg(chrome).screen(clockUI(`<node text="Submit" content-desc="" />`)), reward: 0},
		{name: "other browser", cite: br + ": another package in front", after: newState().fg("org.mozilla.firefox/.App").screen(clockUI(`<node text="Success!" content-desc="" />`)), reward: 0},
		{name: "Success! on a container", cite: br + ", among get_state().ui_elements: forest_to_ui_elements keeps leaves, described and scrollable nodes, not a container's text",
			after: newState().fg(chrome).screen(clockUI(`<node text="Success!" content-desc=""><node text="ok" /></node>`)), reward: 0},
		{name: "Success! on a scrollable container", cite: br + ": forest_to_ui_elements keeps scrollable nodes",
			after: newState().fg(chrome).screen(clockUI(`<node text="Success!" scrollable="true" content-desc=""><node text="ok" /></node>`)), reward: 1},
	}
	cs = append(cs, each([]string{"BrowserDraw", "BrowserMaze", "BrowserMultiply"}, browser)...)
	return cs
}
