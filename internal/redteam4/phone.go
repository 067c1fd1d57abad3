package redteam4

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// The Phone app (com.google.android.dialer): Recents lists calls newest first, each with what
// it was and a call-back button; the in-call screen shows the number, the call's state (a timer
// once it is up, "Call ended" after) and its buttons, Hold among them; an incoming call shows as
// a heads-up notification with Answer and Decline.

var dialer = UIOf("com.google.android.dialer")

func recents(calls ...string) []El {
	out := Els(dialer.Edit("", "Search contacts & places", "open_search_bar_text_view", Bx(42, 160, 1038, 290)))
	for i, c := range calls {
		who, what, _ := strings.Cut(c, "|")
		y := 340 + i*200
		out = append(out, dialer.Row("", "call_log_entry", Bx(0, y, 900, y+190)),
			dialer.Text(who, "primary_text", Bx(220, y+30, 880, y+90)),
			dialer.Text(what, "secondary_text", Bx(220, y+100, 880, y+150)),
			dialer.Icon("Call "+who, "call_button", Bx(900, y+30, 1040, y+160)))
	}
	return append(out, Selected(dialer.TapText("Recents", "tab_recents", Bx(360, 2200, 720, 2337))),
		dialer.TapText("Favorites", "tab_favorites", Bx(0, 2200, 360, 2337)), dialer.TapText("Contacts", "tab_contacts", Bx(720, 2200, 1080, 2337)))
}

// inCall is the in-call screen; state is the timer, "Calling…" or "Call ended".
func inCall(number, state string) []El {
	out := Els(dialer.Text(number, "contactgrid_contact_name", Bx(63, 380, 1017, 480)),
		dialer.Text(state, "contactgrid_bottom_timer", Bx(63, 500, 1017, 560)))
	if state == "Call ended" {
		return out
	}
	for i, b := range []string{"Mute", "Keypad", "Speaker", "Add call", "Hold"} {
		x, y := 90+(i%3)*300, 1300+(i/3)*300
		e := dialer.Checkbox(b, "", "incall_button", false, Bx(x, y, x+300, y+260))
		out = append(out, e)
	}
	return append(out, dialer.Icon("End call", "incall_end_call", Bx(450, 2000, 630, 2180)))
}

// incomingHeadsUp is the incoming call's notification over the home screen.
func incomingHeadsUp(number string) []El {
	ph := UIOf(SysUI.Pkg)
	return Screen(HomeScreen(), Els(
		ph.Text("Phone", "app_name_text", Bx(179, 180, 405, 230)),
		ph.Text("Incoming call", "title", Bx(179, 240, 700, 300)),
		ph.Text(number, "text", Bx(179, 300, 900, 360)),
		ph.Button("Decline", "action0", Bx(100, 400, 520, 500)),
		ph.Button("Answer", "action1", Bx(560, 400, 980, 500))))
}

func phoneCases() []Case {
	const missedGoal = "Return the call I just missed and ensure the In-Call UI is displayed with options like 'Hold'."
	const answerGoal = "Answer the incoming phone call and ensure the In-Call UI is displayed with options like 'Hold'."
	const eval = "phone_validators.MakeCall.is_successful: the call state is OFFHOOK and the number called is the task's"
	const missed, older = "(555) 014-3392", "(555) 207-6618"
	log := []string{missed + "|Missed call · 2 min. ago", older + "|Outgoing call · Yesterday", "Mom|Incoming call · Oct 13"}
	openRecents := []Step{FromHome("Phone")}
	const caller = "(555) 480-2291"
	answered := []Step{
		StepOn(On(incomingHeadsUp(caller)), "A call is ringing: answer it.", Tap("Answer")),
		StepOn(On(inCall(caller, "0:04")), "The call is up.", WaitAction()),
	}
	return []Case{
		{Name: "phone_missed_call_returned", TaskName: "PhoneReturnMissedCall", Goal: missedGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The call-back button of the missed call in Recents dials its number; the in-call screen then shows the number, a running timer and Hold.", Evaluator: eval,
			Steps: Then(openRecents,
				StepOn(On(recents(log...)), "The missed call is at the top of Recents; call it back.", Tap("Call "+missed)),
				StepOn(On(inCall(missed, "0:03")), "The call is up with Hold shown.", Done()))},
		{Name: "phone_returned_wrong_entry", TaskName: "PhoneReturnMissedCall", Goal: missedGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The second row of Recents is an outgoing call from yesterday; calling it back calls another number.", Evaluator: eval + " (the number called is not the missed caller's)",
			Steps: Then(openRecents,
				StepOn(On(recents(log...)), "Call back the last number in Recents.", Tap("Call "+older)),
				StepOn(On(inCall(older, "0:03")), "The call is up with Hold shown.", Done()))},
		{Name: "phone_incoming_answered", TaskName: "PhoneAnswerCall", Goal: answerGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Answer on the incoming call's notification opens the in-call screen with a running timer and Hold.", Evaluator: eval,
			Steps: Then(answered, StepOn(On(inCall(caller, "0:09")), "The call is answered.", Done()))},
		{Name: "phone_incoming_declined", TaskName: "PhoneAnswerCall", Goal: answerGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Decline rejects the call; the phone goes back to the home screen and Recents lists it as missed.", Evaluator: eval + " (IDLE)",
			Steps: []Step{
				StepOn(On(incomingHeadsUp(caller)), "Take the call.", Tap("Decline")),
				StepOn(On(HomeScreen()), "Check the call.", OpenApp("Phone")),
				StepOn(On(recents(caller+"|Missed call · Just now", older+"|Outgoing call · Yesterday")), "The call was handled.", Done())}},
		{Name: "phone_answered_then_ended", TaskName: "PhoneAnswerCall", Goal: answerGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "End call hangs up an answered call; the in-call screen says Call ended, and the call state is idle at the end.", Evaluator: eval + " (IDLE after the hang-up)",
			Steps: Then(answered,
				StepOn(On(inCall(caller, "0:12")), "The call was answered; hang up.", Tap("End call")),
				StepOn(On(inCall(caller, "Call ended")), "Done with the call.", Done()))},
	}
}
