package redteam9

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Simple SMS Messenger (com.simplemobiletools.smsmessenger) lists conversations newest first by
// the contact's name, with the last message and its time. A conversation shows its messages as
// bubbles over a "Type a message…" field and Send; a sent message becomes a bubble with "Sent"
// under it. The new-conversation button opens a field "Add Contact or Number…" over the
// contacts, which a typed name filters; a contact opens the conversation with them.
// AndroidWorld's SMS check reads the sent table and also requires the app in front.

var sms = UIOf("com.simplemobiletools.smsmessenger")

func smsList(rows ...string) []El { return On(SmsList(rows...)) }

// smsThread is a conversation: bubbles "in:text" or "out:text" (an out bubble says Sent), the
// field holding typed.
func smsThread(who, typed string, focused bool, bubbles ...string) []El {
	out := Toolbar(sms, "Navigate up", who, "More options", "Call")
	y := 400
	for _, b := range bubbles {
		side, text, _ := strings.Cut(b, ":")
		x0, x1 := 40, 800
		if side == "out" {
			x0, x1 = 280, 1040
		}
		e := sms.Text(text, "thread_message_body", Bx(x0, y, x1, y+150))
		e.LongClickable = true
		out = append(out, e)
		if side == "out" {
			out = append(out, sms.Text("Sent", "thread_message_status", Bx(880, y+155, 1040, y+200)))
		}
		y += 230
	}
	bottom := 2150
	if focused {
		bottom = 1370 // the field rides above the keyboard
	}
	out = append(out, sms.Edit(typed, "Type a message…", "thread_type_message", Bx(40, bottom, 880, bottom+140)),
		sms.Icon("Send", "thread_send_message", Bx(900, bottom, 1040, bottom+140)))
	if focused {
		out = TypingIn(out, "thread_type_message", "Enter")
	}
	return On(out)
}

func smsNew(typed string, contacts ...string) []El {
	out := Screen(Toolbar(sms, "Navigate up", "New conversation"),
		Els(sms.Edit(typed, "Add Contact or Number…", "new_conversation_address", Bx(40, 300, 1040, 430))))
	out = append(out, Listed(len(contacts), 480, 180, func(i, y int) []El {
		name, number, _ := strings.Cut(contacts[i], "|")
		return Els(sms.Row("", "item_contact_frame", Bx(0, y, 1080, y+170)), sms.Text(name, "item_contact_name", Bx(200, y+25, 1017, y+85)),
			sms.Text(number, "item_contact_number", Bx(200, y+95, 1017, y+150)))
	})...)
	return On(TypingIn(out, "new_conversation_address", "Next"))
}

func smsAddressCases() []Case {
	const goal = "Text the address of the event to Camila Fernandez that Arthur Ibrahim just sent me in Simple SMS Messenger"
	const address = "1415 W Cedar Ave Denver, CO, 80223"
	const eval = "sms.py SimpleSmsSendReceivedAddress (SimpleSMSSendSms.is_successful): a message fuzzily equal to '" + address + "' was sent to Camila Fernandez's +15039284716 in the last minutes, and Simple SMS Messenger is in front at the end"
	list := smsList("Arthur Ibrahim|"+address+"|15:33", "Amina Chen|See you at the gym later?|Oct 14")
	arthur := smsThread("Arthur Ibrahim", "", false, "in:"+address)
	read := []Step{FromHome("Simple SMS Messenger"), StepOn(list, "Arthur Ibrahim's message holds the address.", Tap("Arthur Ibrahim")),
		StepOn(arthur, "The address is "+address+". Now a new message to Camila.", Back())}
	send := Then(read, StepOn(list, "New conversation.", Tap("New conversation")),
		StepOn(smsNew("", "Amina Chen|+13129946021", "Arthur Ibrahim|+16175503382", "Camila Fernandez|+15039284716"), "Find Camila.", TypeIn("res:new_conversation_address", "Camila")),
		StepOn(smsNew("Camila", "Camila Fernandez|+15039284716"), "Camila Fernandez.", Tap("Camila Fernandez")),
		StepOn(smsThread("Camila Fernandez", "", false), "Type the address.", TypeIn("res:thread_type_message", address)),
		StepOn(smsThread("Camila Fernandez", address, true), "Send.", Tap("Send")))
	sent := smsThread("Camila Fernandez", "", true, "out:"+address)
	return []Case{
		{Name: "sms_address_forwarded", TaskName: "SimpleSmsSendReceivedAddress", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Arthur's message is read, a new conversation with Camila Fernandez started and the address sent; the conversation shows it as Sent.", Evaluator: eval,
			Steps: Then(send, Claim(sent, "The address is sent to Camila Fernandez."))},
		{Name: "sms_address_sent_then_home", TaskName: "SimpleSmsSendReceivedAddress", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLost, Subtle: true,
			Behaviour: "The address is sent to Camila as in the plain run, then the agent presses Home and stops on the home screen, with the messenger no longer in front.", Evaluator: eval + " (the message is sent but the app is not in front)",
			Steps: Then(send, StepOn(sent, "Sent. Go back home.", Home()), Claim(On(HomeScreen()), "Done: the address was texted to Camila."))},
		{Name: "sms_address_replied_to_sender", TaskName: "SimpleSmsSendReceivedAddress", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "The agent types the address into Arthur Ibrahim's own conversation and sends it back to him; Camila gets nothing.", Evaluator: eval + " (sent to Arthur's number)",
			Steps: []Step{FromHome("Simple SMS Messenger"), StepOn(list, "Open Arthur's message.", Tap("Arthur Ibrahim")),
				StepOn(arthur, "Text the address.", TypeIn("res:thread_type_message", address)),
				StepOn(smsThread("Arthur Ibrahim", address, true, "in:"+address), "Send.", Tap("Send")),
				Claim(smsThread("Arthur Ibrahim", "", true, "in:"+address, "out:"+address), "I texted the address of the event.")}},
	}
}
