package heuristic

import (
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/trace"
)

// An action whose values name only where its result comes from or goes ("resend the
// message I just sent to Mira", "add the expenses from receipt.jpg") cannot be told (C3):
// the conversation and the picture show whether or not anything was made. Its near misses
// name what they make (the message's text, the number called) and are judged as before.

// receiptExpenses is the ledger's list of expenses, the rows given.
func receiptExpenses(rows ...string) []trace.UIElement {
	return judgetest.Page(ledger, "Expenses", rows...)
}

func destinationCases() []ruleCase {
	const resend = "Resend the message I just sent to Mira Olsen in the Chatter app."
	const receipt = "Add the expenses from receipt.jpg in the Gallery app to the Ledger app."
	gallery := judgetest.Page("org.example.gallery", "receipt.jpg", "Coffee 3.20", "Bagel 2.50")
	return []ruleCase{
		{rule: "C3", hold: true, name: "the last message resent: the thread shows it twice, and the task never names it", task: resend,
			steps: []act{{chatThread("Mira Olsen", "", "see you at eight"), nil}, {chatThread("Mira Olsen", "see you at eight", "see you at eight"), tapSend},
				{chatThread("Mira Olsen", "", "see you at eight", "see you at eight"), nil}}, want: trace.RunCannotTell},
		{rule: "C3", hold: true, name: "the conversation only opened: the recipient's name shows, nothing resent", task: resend,
			steps: []act{{chatThread("Mira Olsen", "", "see you at eight"), nil}}, want: trace.RunCannotTell},
		{rule: "C3", hold: true, name: "the expenses of a picture added: the ledger lists them, the task names only the picture", task: receipt,
			steps: []act{{gallery, nil}, {receiptExpenses("Rent"), nil}, {receiptExpenses("Rent", "Coffee", "Bagel"), nil}}, want: trace.RunCannotTell},
		{rule: "C3", name: "only the picture opened: the ledger, where the result goes, never opened", task: receipt,
			steps: []act{{gallery, nil}}, want: trace.RunFailure, cite: "F4"},
		{rule: "C3", name: "a message named by its text sent to the recipient", task: `Send "hi" to Mira Olsen in the Chatter app.`,
			steps: []act{{chatThread("Mira Olsen", "hi", "see you at eight"), tapSend}, {chatThread("Mira Olsen", "", "see you at eight", "hi"), nil}},
			want:  trace.RunSuccess, cite: "E1"},
		{rule: "C3", name: "a call made to a number: the in-call screen shows it", task: "Make a phone call to 555-0142.",
			steps: []act{{inCall("555-0142", "0:01"), nil}, {inCall("555-0142", "0:04"), nil}}, want: trace.RunSuccess, cite: "E1"},
	}
}

func TestActionsNamedOnlyByWhereTheirResultGoes(t *testing.T) {
	cases := destinationCases()
	runRuleCases(t, cases)
	for _, c := range cases {
		if !c.hold {
			continue
		}
		sp := parseSpec(c.task)
		if _, ok := onlyDestinations(sp); !ok {
			t.Errorf("%q: onlyDestinations is false for values %v", c.task, sp.Values)
		}
	}
}

// The tasks' own words: only an action whose every value is where its result comes from or
// goes is read so; a message's text, an expense's name or a file sent names the result.
func TestOnlyDestinationsReadsTheTasksWords(t *testing.T) {
	for _, c := range []struct {
		task string
		want bool
	}{
		{"Resend the message I just sent to Mira Olsen in the Chatter app.", true},
		{"Add the expenses from receipt.jpg in the Gallery app to the Ledger app.", true},
		{"Add the recipes from recipes.jpg in Simple Gallery Pro to the Broccoli app.", true},
		{"Send a text message using Simple SMS Messenger to +13920741751 with message: Beauty is in the eye of the beholder.", false},
		{"Reply to +13920741751 with message: On my way in Simple SMS Messenger", false},
		{`Send "hi" to Mira Olsen in the Chatter app.`, false},
		{"Send the file report.pdf to Mira Olsen in the Chatter app.", false},
		{"Add a new expense 'Coffee' of 3.20 to the Ledger app.", false},
		{"Make a phone call to 555-0142.", false},
	} {
		sp := parseSpec(c.task)
		if to, got := onlyDestinations(sp); got != c.want {
			t.Errorf("%q: onlyDestinations = %v (%s), want %v", c.task, got, to, c.want)
		}
	}
}
