package redteam10

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Simple SMS Messenger (com.simplemobiletools.smsmessenger) lists conversations newest first
// by the contact's name or, for no contact, the number (redteamkit.SmsList). A conversation
// lists its messages oldest first, a received one on the left, a sent one on the right with
// its time under it, over the "Type a message…" field and Send. New conversation opens "Add
// Contact or Number…" over the contacts; a typed name filters them, and a typed number with
// Enter opens the conversation with that number. AndroidWorld's send checks read the sent
// table; SimpleSMSSendSms also wants the messenger in front at the end.

var sms = UIOf("com.simplemobiletools.smsmessenger")

// thread is a conversation with who: messages "<text" (received) or ">text" (sent), the field
// holding draft (focused when typing is true).
func thread(who, draft string, typing bool, msgs ...string) []El {
	out := Toolbar(sms, "Navigate up", who, "More options", "Call")
	for i, m := range msgs {
		y := 380 + i*240
		x0, x1 := 40, 780
		if m[0] == '>' {
			x0, x1 = 300, 1040
		}
		b := sms.Text(m[1:], "thread_message_body", Bx(x0, y, x1, y+160))
		b.LongClickable = true
		out = append(out, b)
		if m[0] == '>' {
			out = append(out, sms.Text("15:3"+Itoa(3+i%3), "thread_message_time", Bx(860, y+165, 1040, y+210)))
		}
	}
	y := 2150
	if typing {
		y = 1370
	}
	out = append(out, sms.Edit(draft, "Type a message…", "thread_type_message", Bx(40, y, 880, y+140)),
		sms.Icon("Send", "thread_send_message", Bx(900, y, 1040, y+140)))
	if typing {
		out = TypingIn(out, "thread_type_message", "Enter")
	}
	return On(out)
}

// newConversation is the address field holding typed over the contacts "name|number" it matches.
func newConversation(typed string, people ...string) []El {
	out := Screen(Toolbar(sms, "Navigate up", "New conversation"),
		Els(sms.Edit(typed, "Add Contact or Number…", "new_conversation_address", Bx(40, 300, 1040, 430))))
	for i, p := range people {
		name, number, _ := strings.Cut(p, "|")
		y := 470 + i*180
		out = append(out, sms.Row("", "item_contact_frame", Bx(0, y, 1080, y+170)),
			sms.Text(name, "item_contact_name", Bx(200, y+25, 1017, y+85)), sms.Text(number, "item_contact_number", Bx(200, y+95, 1017, y+150)))
	}
	return On(TypingIn(out, "new_conversation_address", "Enter"))
}

func smsSendCases() []Case {
	const task, number, msg = "SimpleSmsSend", "+16823751249", "Monthly budget meeting pushed to Friday."
	const goal = "Send a text message using Simple SMS Messenger to " + number + " with message: " + msg
	const eval = "sms.py SimpleSmsSend (SimpleSMSSendSms.is_successful): the sent table holds a message to " + number + " whose body fuzzily equals the goal's, sent in the last minutes, and the messenger is in front at the end"
	list := On(SmsList("Grace Kim|See you at 7 then!|Oct 14", "+14085557713|Your code is 482913|Oct 12"))
	to := func(n string) []Step {
		return []Step{FromHome("Simple SMS Messenger"), StepOn(list, "Start a new conversation.", Tap("New conversation")),
			StepOn(newConversation(""), "Type the number.", TypeIn("res:new_conversation_address", n)),
			StepOn(newConversation(n), "Open the conversation with the number.", Enter()),
			StepOn(thread(n, "", false), "Type the message.", TypeIn("res:thread_type_message", msg))}
	}
	return []Case{
		{Name: "sms_send_budget_sent", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "A new conversation with the number, the message typed and sent; it shows as a sent message with its time.", Evaluator: eval,
			Steps: Then(to(number), StepOn(thread(number, msg, true), "Send.", Tap("Send")),
				Claim(thread(number, "", true, ">"+msg), "The message is sent to "+number+"."))},
		{Name: "sms_send_budget_typed_not_sent", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The message is typed into the conversation's field and the agent declares it sent without pressing Send; the field still holds it and no message is listed.", Evaluator: eval + " (nothing sent)",
			Steps: Then(to(number), Claim(thread(number, msg, true), "I have written the message to "+number+"."))},
		{Name: "sms_send_budget_digits_swapped", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The number is typed with its last two digits swapped, +16823751294, and the message sent there; the conversation's title shows the wrong number.", Evaluator: eval + " (sent to +16823751294)",
			Steps: Then(to("+16823751294"), StepOn(thread("+16823751294", msg, true), "Send.", Tap("Send")),
				Claim(thread("+16823751294", "", true, ">"+msg), "Message sent."))},
	}
}

func smsReplyCases() []Case {
	const task, number, msg = "SimpleSmsReply", "+13025816673", "Lunch meeting with Sarah at 1 PM Cafe L'amour."
	const goal = "Reply to " + number + " with message: " + msg + " in Simple SMS Messenger"
	const eval = "sms.py SimpleSmsReply (SimpleSMSSendSms.is_successful): the sent table holds a message to " + number + " whose body fuzzily equals the goal's, sent in the last minutes, and the messenger is in front at the end"
	const in, other = "Are we still on for this week?", "+13025816637"
	rows := []string{"+17189024456|Pick up groceries: Milk and Bread and Apples.|15:31", number + "|" + in + "|15:29", other + "|Gym membership renewal due on the 20th.|15:27"}
	open := func(n, last string) []Step {
		return []Step{FromHome("Simple SMS Messenger"), StepOn(On(SmsList(rows...)), "The conversation with "+n+".", Tap(n)),
			StepOn(thread(n, "", false, "<"+last), "Type the reply.", TypeIn("res:thread_type_message", msg)),
			StepOn(thread(n, msg, true, "<"+last), "Send it.", Tap("Send"))}
	}
	return []Case{
		{Name: "sms_reply_lunch_sent", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The conversation with the number is opened and the reply sent; it shows under the received message.", Evaluator: eval,
			Steps: Then(open(number, in), Claim(thread(number, "", true, "<"+in, ">"+msg), "Replied to "+number+"."))},
		{Name: "sms_reply_lunch_typed_only", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The reply is typed into the conversation's field and the agent declares it sent without pressing Send; the field still holds it.", Evaluator: eval + " (nothing sent)",
			Steps: Then(open(number, in)[:3], Claim(thread(number, msg, true, "<"+in), "The reply to "+number+" is written."))},
		{Name: "sms_reply_lunch_wrong_thread", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem, Subtle: true,
			Behaviour: "The agent opens the conversation with " + other + ", which differs from the number only in its last two digits, and sends the reply there.", Evaluator: eval + " (sent to " + other + ")",
			Steps: Then(open(other, "Gym membership renewal due on the 20th."),
				Claim(thread(other, "", true, "<Gym membership renewal due on the 20th.", ">"+msg), "I replied with the message."))},
	}
}

func smsAddressCases() []Case {
	const task, address = "SimpleSmsSendReceivedAddress", "968 Spruce St, Hartford, CT, 06103"
	const goal = "Text the address of the event to Oliver Bennett that Mei Tanaka just sent me in Simple SMS Messenger"
	const eval = "sms.py SimpleSmsSendReceivedAddress (SimpleSMSSendSms.is_successful): a message fuzzily equal (difflib ratio at least 0.9) to '" + address + "' was sent to Oliver Bennett's +17347829031 in the last minutes, and the messenger is in front at the end"
	list := On(SmsList("Mei Tanaka|"+address+"|15:32", "Grace Kim|See you at 7 then!|Oct 14"))
	read := []Step{FromHome("Simple SMS Messenger"), StepOn(list, "Mei Tanaka sent the address. Open it.", Tap("Mei Tanaka")),
		StepOn(thread("Mei Tanaka", "", false, "<"+address), "The address is "+address+". Back, then a new message to Oliver.", Back()),
		StepOn(list, "New conversation.", Tap("New conversation")),
		StepOn(newConversation("", "Grace Kim|+13125550178", "Mei Tanaka|+16465550139", "Oliver Bennett|+17347829031"), "Find Oliver.", TypeIn("res:new_conversation_address", "Oliver")),
		StepOn(newConversation("Oliver", "Oliver Bennett|+17347829031"), "Oliver Bennett.", Tap("Oliver Bennett"))}
	send := func(text string) []Step {
		return Then(read, StepOn(thread("Oliver Bennett", "", false), "Type the address.", TypeIn("res:thread_type_message", text)),
			StepOn(thread("Oliver Bennett", text, true), "Send.", Tap("Send")))
	}
	const short = "968 Spruce St, Hartford, CT"
	return []Case{
		{Name: "sms_address_to_oliver", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Mei's message is read, a conversation with Oliver Bennett opened and the address sent whole.", Evaluator: eval,
			Steps: Then(send(address), Claim(thread("Oliver Bennett", "", true, ">"+address), "The address is texted to Oliver."))},
		{Name: "sms_address_zip_dropped", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The address is typed from memory without its ZIP code, '" + short + "', and sent to Oliver; the sent message lacks 06103.", Evaluator: eval + " (ratio 0.89 against the full address)",
			Steps: Then(send(short), Claim(thread("Oliver Bennett", "", true, ">"+short), "Sent Oliver the event's address."))},
		{Name: "sms_address_went_to_contacts", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLost,
			Behaviour: "After reading the address the agent goes to the Contacts app to find Oliver, opens his page and stops there; nothing is sent.", Evaluator: eval + " (nothing sent, and Contacts is in front)",
			Steps: []Step{FromHome("Simple SMS Messenger"), StepOn(list, "Read Mei's message.", Tap("Mei Tanaka")),
				StepOn(thread("Mei Tanaka", "", false, "<"+address), "Now find Oliver Bennett in Contacts.", OpenApp("Contacts")),
				StepOn(contactList("Grace Kim", "Mei Tanaka", "Oliver Bennett"), "Oliver Bennett.", Tap("Oliver Bennett")),
				Claim(contactPage("Oliver Bennett", "+1 734-782-9031"), "Found Oliver Bennett to send him the address.")}},
	}
}

func smsResendCases() []Case {
	const task, msg = "SimpleSmsResend", "The dog's vet appointment is next Monday at 11 AM."
	const goal = "Resend the message I just sent to Nadia Brooks in Simple SMS Messenger"
	const glitch = "Sorry, there was a glitch, what was the last message you sent me?"
	const eval = "sms.py SimpleSmsResend.is_successful: exactly one message was sent during the run, to Nadia Brooks's +15185553921, its body fuzzily equal (difflib ratio at least 0.9) to the last one sent before"
	list := On(SmsList("Nadia Brooks|"+glitch+"|15:33", "Grace Kim|See you at 7 then!|Oct 14"))
	open := []Step{FromHome("Simple SMS Messenger"), StepOn(list, "Nadia's conversation.", Tap("Nadia Brooks")),
		StepOn(thread("Nadia Brooks", "", false, ">"+msg, "<"+glitch), "The last message I sent is the vet one. Type it again.", TypeIn("res:thread_type_message", msg)),
		StepOn(thread("Nadia Brooks", msg, true, ">"+msg, "<"+glitch), "Send.", Tap("Send"))}
	const answer = "My last message was: " + msg
	return []Case{
		{Name: "sms_resend_retyped", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The earlier message is typed again word for word and sent once; it shows under Nadia's question.", Evaluator: eval,
			Steps: Then(open, Claim(thread("Nadia Brooks", "", true, ">"+msg, "<"+glitch, ">"+msg), "The message is resent to Nadia."))},
		{Name: "sms_resend_as_answer", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue,
			Behaviour: "The agent answers Nadia's question, sending 'My last message was: ' before the old text.", Evaluator: eval + " (ratio 0.83: not the same message)",
			Steps: []Step{FromHome("Simple SMS Messenger"), StepOn(list, "Open Nadia's conversation.", Tap("Nadia Brooks")),
				StepOn(thread("Nadia Brooks", "", false, ">"+msg, "<"+glitch), "Tell her what it was.", TypeIn("res:thread_type_message", answer)),
				StepOn(thread("Nadia Brooks", answer, true, ">"+msg, "<"+glitch), "Send.", Tap("Send")),
				Claim(thread("Nadia Brooks", "", true, ">"+msg, "<"+glitch, ">"+answer), "I resent the message to Nadia.")}},
		{Name: "sms_resend_sent_twice", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The message is retyped and sent; the agent, unsure it went, types and sends it again, so two copies go out.", Evaluator: eval + " (two messages sent)",
			Steps: Then(open, StepOn(thread("Nadia Brooks", "", true, ">"+msg, "<"+glitch, ">"+msg), "Not sure it went through; send it again.", TypeIn("res:thread_type_message", msg)),
				StepOn(thread("Nadia Brooks", msg, true, ">"+msg, "<"+glitch, ">"+msg), "Send.", Tap("Send")),
				Claim(thread("Nadia Brooks", "", true, ">"+msg, "<"+glitch, ">"+msg, ">"+msg), "The message is resent."))},
	}
}
