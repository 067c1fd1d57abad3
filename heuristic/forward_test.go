package heuristic

import (
	"testing"

	"github.com/autoeval/autoeval/trace"
)

// A task that names what it sends by whom it came from ("the address ... that Mei Tanaka
// just sent me") is shown done by the recipient's conversation showing the whole of the
// message the sender's conversation showed (E6); part of it, the message sent back to the
// sender, or a run that never read the sender's message shows nothing (C3). Names and the
// address are this test's own.

var forwardTask = "Text the address of the event to Oliver Bennett that Mei Tanaka just sent me in the Chatter app"

const meisAddress = "1819 Birch Ct, Dover, DE, 19901"

func forwardCases() []ruleCase {
	readMei := act{chatThread("Mei Tanaka", "", meisAddress), pressBack}
	sendTo := func(who, text string) []act {
		return []act{{chatThread(who, text), tapSend}, {chatThread(who, "", text), nil}}
	}
	return []ruleCase{
		{rule: "E6", hold: true, name: "Mei's message read, then sent whole to Oliver", task: forwardTask,
			steps: append([]act{readMei}, sendTo("Oliver Bennett", meisAddress)...), want: trace.RunSuccess},
		{rule: "E6", name: "sent to Oliver without its postal code", task: forwardTask,
			steps: append([]act{readMei}, sendTo("Oliver Bennett", "1819 Birch Ct, Dover, DE")...), want: trace.RunCannotTell, cite: "C3"},
		{rule: "E6", name: "sent back into Mei's own conversation", task: forwardTask,
			steps: append([]act{readMei}, sendTo("Mei Tanaka", meisAddress)...), want: trace.RunCannotTell, cite: "C3"},
		{rule: "E6", name: "Mei's conversation never opened", task: forwardTask,
			steps: sendTo("Oliver Bennett", meisAddress), want: trace.RunCannotTell, cite: "C3"},
	}
}

func TestMessageNamedByItsSenderIsTheirMessageWhole(t *testing.T) {
	runRuleCases(t, forwardCases())
}
