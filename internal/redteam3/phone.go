package redteam3

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// The Phone app (com.google.android.dialer): its dial pad, the recents list and the in-call
// screen, whose Hold, Mute and End call buttons show while a call is up.

var dialer = UIOf("com.google.android.dialer")

const callEval = "phone_validators.MakeCall.is_successful: the call state is OFFHOOK and the in-call screen shows the expected number"

func dialPad(number string) []El {
	out := els(dialer.Edit(number, "", "digits", Bx(100, 700, 980, 860)),
		dialer.Icon("backspace", "deleteButton", Bx(900, 730, 1040, 830)))
	for i, k := range []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"} {
		x, y := 120+(i%3)*300, 960+(i/3)*220
		out = append(out, dialer.Button(k, "", Bx(x, y, x+240, y+200)))
	}
	return append(out, dialer.Icon("dial", "dialpad_floating_action_button", Bx(455, 1880, 625, 2050)))
}

func els(e ...El) []El { return Els(e...) }

func recents(calls ...string) []El {
	out := Toolbar(dialer, "", "Recents", "More options")
	for i, c := range calls {
		name, when, _ := strings.Cut(c, "|")
		y := 420 + i*200
		out = append(out, dialer.TapText(name, "primary_text", Bx(220, y, 800, y+70)),
			dialer.Text(when, "call_type_and_time", Bx(220, y+80, 800, y+130)),
			dialer.Icon("Call "+name, "call_button", Bx(900, y, 1040, y+140)))
	}
	return append(out, dialer.Text("Favorites", "", Bx(0, 2200, 270, 2300)), Selected(dialer.Text("Recents", "", Bx(270, 2200, 540, 2300))),
		dialer.Text("Contacts", "", Bx(540, 2200, 810, 2300)), dialer.Icon("key pad", "dialpad_fab", Bx(870, 1938, 1017, 2085)))
}

// inCall is the in-call screen: the number, the call's state or its timer, and the buttons.
func inCall(number, state string) []El {
	return els(dialer.Text(number, "contactgrid_contact_name", Bx(100, 400, 980, 500)),
		dialer.Text(state, "contactgrid_bottom_timer", Bx(300, 520, 780, 580)),
		dialer.Checkbox("", "Mute", "incall_first_button", false, Bx(120, 1400, 360, 1600)),
		dialer.Checkbox("", "Keypad", "incall_second_button", false, Bx(420, 1400, 660, 1600)),
		dialer.Checkbox("", "Speaker", "incall_third_button", false, Bx(720, 1400, 960, 1600)),
		dialer.Checkbox("", "Add call", "incall_fourth_button", false, Bx(120, 1650, 360, 1850)),
		dialer.Checkbox("", "Hold", "incall_fifth_button", false, Bx(420, 1650, 660, 1850)),
		dialer.Icon("End call", "incall_end_call", Bx(455, 1990, 625, 2160)))
}

func phoneCases() []Case {
	const number = "(555) 238-4417"
	dial := func() []Step {
		return []Step{FromHome("Phone"),
			StepOn(On(recents("(555) 901-2233|Missed · 2 days ago")), "Open the dial pad.", Tap("key pad")),
			StepOn(On(dialPad("")), "Type the number.", TypeIn("res:digits", "5552384417")),
		}
	}
	return []Case{
		{Name: "phone_call_number", TaskName: "PhoneMakeCall", Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Goal:      "Make a phone call to the number 5552384417 and ensure the In-Call UI is displayed with options like 'Hold'.",
			Behaviour: "The dialler formats the number it calls and shows the in-call screen, with its timer and Hold, while the call is up.", Evaluator: callEval,
			Steps: Then(dial(),
				StepOn(On(dialPad(number)), "Place the call.", Tap("dial")),
				StepOn(On(inCall(number, "0:04")), "The call is up and Hold is shown.", Done()))},
		{Name: "phone_number_dialled_not_called", TaskName: "PhoneMakeCall", Kind: KindNearMiss, Expect: ExpectFailure,
			Goal:      "Make a phone call to the number 5552384417 and ensure the In-Call UI is displayed with options like 'Hold'.",
			Behaviour: "A number typed on the dial pad is not a call: nothing happens until the call button is pressed.", Evaluator: callEval + " (the state is IDLE)",
			Steps: Then(dial(), StepOn(On(dialPad(number)), "The number is entered; the call is ready.", Done()))},
		{Name: "phone_call_ended_before_done", TaskName: "PhoneMakeCall", Kind: KindNearMiss, Expect: ExpectFailure,
			Goal:      "Make a phone call to the number 5552384417 and ensure the In-Call UI is displayed with options like 'Hold'.",
			Behaviour: "Ending a call takes the dialler back to its recents, where the call is a past entry; the in-call screen is gone.", Evaluator: callEval + " (the call was hung up: IDLE)",
			Steps: Then(dial(),
				StepOn(On(dialPad(number)), "Place the call.", Tap("dial")),
				StepOn(On(inCall(number, "Calling…")), "The call went through, I can hang up now.", Tap("End call")),
				StepOn(On(recents(number+"|Outgoing · Just now", "(555) 901-2233|Missed · 2 days ago")), "I called the number.", Done()))},
		{Name: "phone_redial_from_recents", TaskName: "PhoneRedialNumber", Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Goal:      "Re-dial the number I was just talking to and ensure the In-Call UI is displayed with options like 'Hold'.",
			Behaviour: "Recents' call button beside the last call dials it again straight away, without the dial pad.", Evaluator: callEval,
			Steps: []Step{FromHome("Phone"),
				StepOn(On(recents("(555) 610-7782|Outgoing · 1 min ago", "(555) 901-2233|Missed · 2 days ago")), "The last call is at the top; call it back.", Tap("Call (555) 610-7782")),
				StepOn(On(inCall("(555) 610-7782", "0:02")), "Redialled; the in-call screen shows Hold.", Done())}},
		{Name: "phone_called_back_from_messages", TaskName: "PhoneCallTextSender", Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Goal:      "Call the number that just texted me and ensure the In-Call UI is displayed with options like 'Hold'.",
			Behaviour: "A conversation's call icon in the messaging app hands the number to the dialler, which shows its in-call screen.", Evaluator: callEval,
			Steps: []Step{
				StepOn(On(HomeScreen()), "See who texted.", SwipeDownShade()),
				StepOn(shade("(555) 348-1290", "Hey give me a call"), "Open the message.", Tap("(555) 348-1290")),
				StepOn(On(thread("(555) 348-1290", "", "<Hey give me a call")), "Call the sender from the thread.", Tap("Call")),
				StepOn(On(dialPad("(555) 348-1290")), "The dialler has the number; call.", Tap("dial")),
				StepOn(On(inCall("(555) 348-1290", "0:02")), "The call to the sender is up; Hold is shown.", Done())}},
		{Name: "phone_called_wrong_sender", TaskName: "PhoneCallTextSender", Kind: KindNearMiss, Expect: ExpectFailure,
			Goal:      "Call the number that just texted me and ensure the In-Call UI is displayed with options like 'Hold'.",
			Behaviour: "Recents lists calls, not texts: its top entry is the last call, not the last sender of a message.", Evaluator: callEval + " (the number on the call screen is not the sender's)",
			Steps: []Step{
				StepOn(On(HomeScreen()), "See who texted.", SwipeDownShade()),
				StepOn(shade("(555) 348-1290", "Hey give me a call"), "A text came in; open the Phone app.", OpenApp("Phone")),
				StepOn(On(recents("(555) 901-2233|Missed · 2 days ago")), "Call the most recent number.", Tap("Call (555) 901-2233")),
				StepOn(On(inCall("(555) 901-2233", "0:03")), "Calling; Hold is displayed.", Done())}},
	}
}

// shade is the notification shade pulled down over a new message's notification.
func shade(from, text string) []El {
	return els(SysUI.Text("15:35", "clock", Bx(50, 0, 150, 126)), SysUI.Text("Sun, Oct 15", "date", Bx(171, 31, 481, 94)),
		SysUI.Text("Simple SMS Messenger", "app_name_text", Bx(179, 551, 605, 594)),
		SysUI.Text(from, "title", Bx(179, 610, 900, 670)), SysUI.Text(text, "text", Bx(179, 680, 1000, 740)),
		SysUI.Button("Reply", "action0", Bx(179, 780, 400, 880)), SysUI.Button("Mark as read", "action1", Bx(420, 780, 760, 880)))
}
