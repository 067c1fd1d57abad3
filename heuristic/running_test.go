package heuristic

import (
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/trace"
)

// A pause asks the thing not to run (E8): a stopwatch or timer never started (Start offered
// alone) shows it as a paused one does; one that offers Pause is running.

func pauseCases() []ruleCase {
	timerPause := "Pause the timer in the Clockwork app."
	return []ruleCase{
		{rule: "E8", name: "never started, the run ends on the home screen", task: pauseTask,
			steps: []act{{stopwatch("00:00.00", "Start"), pressHome}, {judgetest.Page(launcher, "", "Jotter", "Clock"), nil}}, want: trace.RunSuccess, cite: "L1"},
		{rule: "E8", hold: true, name: "never started, then started by the agent", task: pauseTask,
			steps: []act{{stopwatch("00:00.00", "Start"), tapFab}, {stopwatch("00:01.20", "Pause", "Lap"), nil}}, want: trace.RunFailure, cite: "L1"},
		{rule: "E8", hold: true, name: "paused, then resumed before the end", task: pauseTask,
			steps: []act{{stopwatch("01:12.07", "Pause", "Lap"), tapFab}, {stopwatch("01:12.93", "Start", "Reset"), tapFab}, {stopwatch("01:13.50", "Pause", "Lap"), nil}},
			want:  trace.RunFailure, cite: "L1"},
		{rule: "E8", name: "a timer never started: its setup offers Start alone", task: timerPause,
			steps: []act{{timerEntry("00h 05m 00s"), nil}}, want: trace.RunSuccess, cite: "L1"},
		{rule: "E8", hold: true, name: "a timer counting down offers Pause", task: timerPause,
			steps: []act{{timerRunning("04:59"), nil}}, want: trace.RunFailure, cite: "F3"},
	}
}

func TestPauseAsksNotToRun(t *testing.T) {
	runRuleCases(t, pauseCases())
}
