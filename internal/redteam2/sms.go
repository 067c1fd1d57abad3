package redteam2

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Simple SMS Messenger (com.simplemobiletools.smsmessenger): the conversation list, a thread
// with its bubbles, the compose field ("Type a message…") and the send button, and the
// action mode a long-pressed message opens.

var sms = UIOf("com.simplemobiletools.smsmessenger")

type convo struct{ who, last, when string }

func smsList(cs ...convo) []El {
	out := Els(
		sms.Edit("", "Search", "top_toolbar_search", Bx(147, 149, 780, 275)),
		sms.Image("More options", "", Bx(922, 149, 1027, 275)),
		sms.Scroller("androidx.recyclerview.widget.RecyclerView", "conversations_list", Bx(0, 296, 1080, 2337)),
		sms.Icon("New conversation", "conversations_fab", Bx(870, 2148, 1017, 2295)),
	)
	for i, c := range cs {
		y := 320 + i*200
		out = append(out,
			sms.Row("", "conversation_frame", Bx(0, y, 1080, y+200)),
			sms.Text(c.who, "conversation_address", Bx(210, y+30, 800, y+95)),
			sms.Text(c.last, "conversation_body_short", Bx(210, y+100, 880, y+160)),
			sms.Text(c.when, "conversation_date", Bx(880, y+35, 1030, y+85)))
	}
	return out
}

// bubble is one message of a thread; out marks one the user sent.
type bubble struct {
	text string
	out  bool
	when string
}

// smsThread is a conversation: its title, bubbles, and the compose field with what is typed.
func smsThread(title string, typed string, keyboardUp bool, bs ...bubble) []El {
	out := Els(
		sms.Icon("Back", "", Bx(0, 138, 147, 285)),
		sms.Text(title, "thread_toolbar_title", Bx(189, 166, 700, 250)),
		sms.MenuIcon("Dial number", "dial_number", Bx(795, 149, 922, 275)),
		sms.Image("More options", "", Bx(922, 149, 1027, 275)),
		sms.Scroller("androidx.recyclerview.widget.RecyclerView", "thread_messages_list", Bx(0, 296, 1080, 2120)),
	)
	bottom := 2080 // the list ends above the compose field, or above the keyboard when it is up
	if keyboardUp {
		bottom = 1340
	}
	y := bottom - len(bs)*230
	for _, b := range bs {
		x0, x1 := 42, 760
		if b.out {
			x0, x1 = 320, 1038
		}
		e := sms.Text(b.text, "thread_message_body", Bx(x0, y, x1, y+160))
		e.LongClickable, e.Clickable = true, true
		out = append(out, e, sms.Text(b.when, "thread_message_time", Bx(x1-150, y+165, x1, y+205)))
		y += 230
	}
	field := sms.Edit(typed, "Type a message…", "thread_type_message", Bx(42, 2150, 880, 2300))
	send := sms.TapText("SMS", "thread_send_message", Bx(900, 2150, 1038, 2300))
	send.Desc = "Send"
	if typed == "" {
		send.Disabled = true
	}
	if keyboardUp {
		field = Focused(field)
		field.Y0, field.Y1 = 1370, 1500
		send.Y0, send.Y1 = 1370, 1500
		return WithKeyboard(append(out, field, send), "Enter", "Thanks", "I", "The")
	}
	return append(out, field, send)
}

func smsSelection(title string, bs ...bubble) []El {
	return Screen(Els(
		sms.Icon("Done", "action_mode_close_button", Bx(0, 138, 147, 285)),
		sms.Text("1 selected", "action_bar_title", Bx(189, 166, 450, 250)),
		sms.MenuIcon("Copy to clipboard", "cab_copy_to_clipboard", Bx(543, 149, 669, 275)),
		sms.MenuIcon("Share", "cab_share", Bx(669, 149, 795, 275)),
		sms.MenuIcon("Delete", "cab_delete", Bx(795, 149, 922, 275)),
		sms.Image("More options", "", Bx(922, 149, 1027, 275)),
	), smsThread(title, "", false, bs...)[4:])
}

func smsCases() []Case {
	const replyEval = "sms.py SimpleSmsReply -> sms_validators.SimpleSMSSendSms.is_successful: a sent SMS to the number whose body fuzzy-matches (difflib >= 0.9), and Simple SMS Messenger in the foreground"
	const number, msg = "+15553014477", "Running late, see you at 7"
	replyGoal := "Reply to " + number + " with message: " + msg + " in Simple SMS Messenger"
	list := smsList(
		convo{"+15559028811", "Did you get the package?", "15:12"},
		convo{number, "Are we still on for tonight?", "15:20"},
		convo{"+15553014478", "Call me when you land", "14:58"},
		convo{"Pharmacy", "Your prescription is ready", "Yesterday"})
	in := bubble{"Are we still on for tonight?", false, "15:20"}
	open := []Step{
		FromHome("Simple SMS Messenger"),
		StepOn(On(list), "Open the conversation with "+number+".", Tap(number)),
		StepOn(On(smsThread(number, "", false, in)), "Type the reply.", TypeIn("Type a message…", msg)),
	}
	var out []Case
	out = append(out, Case{Name: "sms_reply_sent", TaskName: "SimpleSmsReply", Goal: replyGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "A sent message leaves the compose field and shows as the user's bubble at the end of the thread.",
		Evaluator: replyEval, Steps: append(append([]Step{}, open...),
			StepOn(On(smsThread(number, msg, true, in)), "Send it.", Tap("Send")),
			StepOn(On(smsThread(number, "", false, in, bubble{msg, true, "15:36"})), "The reply is sent.", Done()))})
	out = append(out, Case{Name: "sms_reply_typed_not_sent", TaskName: "SimpleSmsReply", Goal: replyGoal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "Text in the compose field is a draft until the send button is pressed; the thread has no new bubble.",
		Evaluator: replyEval, Steps: append(append([]Step{}, open...),
			StepOn(On(smsThread(number, msg, true, in)), "I replied with the message.", Done()))})
	wrong := bubble{"Call me when you land", false, "14:58"}
	out = append(out, Case{Name: "sms_reply_wrong_conversation", TaskName: "SimpleSmsReply", Goal: replyGoal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "Two numbers differ in their last digit; the message went to the thread of the other one, whose title shows it.",
		Evaluator: replyEval, Steps: []Step{
			FromHome("Simple SMS Messenger"),
			StepOn(On(list), "Open the conversation with the number.", Tap("+15553014478")),
			StepOn(On(smsThread("+15553014478", "", false, wrong)), "Type the reply.", TypeIn("Type a message…", msg)),
			StepOn(On(smsThread("+15553014478", msg, true, wrong)), "Send it.", Tap("Send")),
			StepOn(On(smsThread("+15553014478", "", false, wrong, bubble{msg, true, "15:36"})), "Reply sent.", Done()),
		}})

	const resendEval = "sms.py SimpleSmsResend.is_successful: exactly one more sent SMS than before the run, equal (address, fuzzy body) to the message sent before"
	const name, earlier = "Ines Moreau", "The meeting moved to 3pm tomorrow, same room."
	resendGoal := "Resend the message I just sent to " + name + " in Simple SMS Messenger"
	sent := bubble{earlier, true, "15:31"}
	glitch := bubble{"Sorry, there was a glitch, what was the last message you sent me?", false, "15:32"}
	lst := smsList(convo{name, glitch.text, "15:32"}, convo{"+15559028811", "Did you get the package?", "15:12"})
	resend := []Step{
		FromHome("Simple SMS Messenger"),
		StepOn(On(lst), "Open the conversation with "+name+".", Tap(name)),
		StepOn(On(smsThread(name, "", false, sent, glitch)), "Select my last message to copy it.", LongPress(earlier)),
		StepOn(On(smsSelection(name, sent, glitch)), "Copy the text.", Tap("Copy to clipboard")),
		StepOn(On(smsThread(name, "", false, sent, glitch)), "Type the same message again.", TypeIn("Type a message…", earlier)),
		StepOn(On(smsThread(name, earlier, true, sent, glitch)), "Send it.", Tap("Send")),
	}
	again := bubble{earlier, true, "15:37"}
	out = append(out, Case{Name: "sms_resend_once", TaskName: "SimpleSmsResend", Goal: resendGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "Resending is sending the same text again: the thread ends with a second bubble equal to the earlier one.",
		Evaluator: resendEval, Steps: append(append([]Step{}, resend...),
			StepOn(On(smsThread(name, "", false, sent, glitch, again)), "The message was sent again.", Done()))})
	out = append(out, Case{Name: "sms_resend_twice", TaskName: "SimpleSmsResend", Goal: resendGoal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The agent sent the message again, doubted it, and sent it a third time: two new bubbles where one was asked.",
		Evaluator: resendEval, Steps: append(append([]Step{}, resend...),
			StepOn(On(smsThread(name, "", false, sent, glitch, again)), "I am not sure it went out; type it again.", TypeIn("Type a message…", earlier)),
			StepOn(On(smsThread(name, earlier, true, sent, glitch, again)), "Send.", Tap("Send")),
			StepOn(On(smsThread(name, "", false, sent, glitch, again, bubble{earlier, true, "15:38"})), "The message is resent.", Done()))})
	return out
}
