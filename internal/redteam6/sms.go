package redteam6

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Simple SMS Messenger (com.simplemobiletools.smsmessenger) lists conversations by contact name
// or number with the last message; the + button opens a new conversation, whose field takes a
// number. A conversation shows its messages as bubbles over a "Type a message…" field and a
// send button; a sent message appears as a bubble and the field empties. A long press on the
// field offers Paste; a long press on a bubble selects it, with Copy to clipboard in the bar.
// Clipper (ca.zgrs.clipper) shows what the clipboard holds. Google's Messages
// (com.google.android.apps.messaging) is another SMS app on the device.

var (
	sms     = UIOf("com.simplemobiletools.smsmessenger")
	clipper = UIOf("ca.zgrs.clipper")
	gmsg    = UIOf("com.google.android.apps.messaging")
)

// smsList is the conversations, "who|last message|when".
func smsList(rows ...string) []El {
	out := Screen(Toolbar(sms, "", "Simple SMS Messenger", "More options", "Search"))
	if len(rows) == 0 {
		out = append(out, sms.Text("No stored conversations have been found", "no_conversations_placeholder", Bx(63, 900, 1017, 980)),
			sms.TapText("Start a conversation", "no_conversations_placeholder_2", Bx(240, 1010, 840, 1090)))
	}
	out = append(out, Listed(len(rows), 320, 200, func(i, y int) []El {
		f := strings.Split(rows[i], "|")
		return Els(sms.Row("", "conversation_frame", Bx(0, y, 1080, y+190)), sms.Image("", "conversation_image", Bx(40, y+35, 160, y+155)),
			sms.Text(f[0], "conversation_address", Bx(200, y+30, 800, y+90)), sms.Text(f[1], "conversation_body_short", Bx(200, y+100, 1017, y+160)),
			sms.Text(f[2], "conversation_date", Bx(820, y+30, 1017, y+90)))
	})...)
	return append(out, sms.Icon("New conversation", "conversations_fab", Bx(870, 2100, 1017, 2247)))
}

// smsThread is a conversation: bubbles "in:text" or "out:text", the field holding typed; a
// pasteMenu shows the field's Paste action, selected marks the bubble picked with a long press.
func smsThread(who, typed string, focused, pasteMenu bool, selected string, bubbles ...string) []El {
	var out []El
	if selected != "" {
		out = Els(sms.Icon("Close", "", Bx(0, 138, 147, 285)), sms.Text("1 selected", "", Bx(189, 166, 600, 248)),
			sms.MenuIcon("Copy to clipboard", "cab_copy_to_clipboard", Bx(702, 148, 828, 274)), sms.MenuIcon("Share", "cab_share", Bx(828, 148, 954, 274)),
			sms.MenuIcon("Delete", "cab_delete", Bx(954, 148, 1080, 274)))
	} else {
		out = Toolbar(sms, "Navigate up", who, "More options", "Call")
	}
	y := 400
	for _, b := range bubbles {
		side, text, _ := strings.Cut(b, ":")
		x0, x1 := 40, 800
		if side == "out" {
			x0, x1 = 280, 1040
		}
		e := sms.Text(text, "thread_message_body", Bx(x0, y, x1, y+150))
		e.Selected = text == selected
		e.LongClickable = true
		out = append(out, e)
		y += 190
	}
	bottom := 2150 // the field sits over the keyboard while it is open
	if focused {
		bottom = 1370
	}
	field := sms.Edit(typed, "Type a message…", "thread_type_message", Bx(40, bottom, 880, bottom+140))
	out = append(out, field, sms.Icon("Send", "thread_send_message", Bx(900, bottom, 1040, bottom+140)))
	if pasteMenu {
		out = append(out, sms.TapText("Paste", "", Bx(60, bottom-130, 260, bottom-20)), sms.TapText("Select all", "", Bx(280, bottom-130, 560, bottom-20)))
	}
	if focused {
		return TypingIn(out, "thread_type_message", "Send")
	}
	return out
}

func smsNew(typed string, suggestion string) []El {
	out := Screen(Toolbar(sms, "Navigate up", "New conversation"),
		Els(sms.Edit(typed, "Add Contact or Number…", "new_conversation_address", Bx(40, 300, 1040, 430))))
	if suggestion != "" {
		out = append(out, sms.TapText(suggestion, "new_conversation_confirm", Bx(40, 470, 1040, 570)))
	}
	return TypingIn(out, "new_conversation_address", "Done")
}

func smsClipboardCases() []Case {
	const num = "+15127463920"
	const msg = "Book club meets next Tuesday to discuss '1984'."
	const goal = "Send a message to " + num + " with the clipboard content in Simple SMS Messenger"
	const eval = "sms.py SimpleSmsSendClipboardContent (SimpleSMSSendSms.is_successful): a message to +15127463920 whose body fuzzily matches the clipboard's text was sent in the last 5 minutes, and Simple SMS Messenger is the foreground app"
	list := smsList() // the task clears every message first
	start := []Step{FromHome("Simple SMS Messenger"),
		StepOn(On(list), "Start a new conversation.", Tap("New conversation")),
		StepOn(On(smsNew("", "")), "Type the number.", TypeIn("Add Contact or Number…", num)),
		StepOn(On(smsNew(num, "Add "+num)), "Use this number.", Tap("Add "+num))}
	paste := []Step{
		StepOn(On(smsThread(num, "", false, false, "")), "Long press the message field to paste.", LongPress("Type a message…")),
		StepOn(On(smsThread(num, "", true, true, "")), "Paste.", Tap("Paste")),
	}
	clip := Screen(Toolbar(clipper, "", "Clipper"), Els(clipper.Text("Clipboard content", "", Bx(63, 320, 1017, 390)),
		clipper.Text(msg, "clip_text", Bx(63, 410, 1017, 560)), clipper.Button("Copy", "", Bx(63, 600, 400, 720))))
	return []Case{
		{Name: "sms_clipboard_pasted_sent", TaskName: "SimpleSmsSendClipboardContent", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "With no conversation yet, the clipboard's text is pasted into a new conversation with the number and sent; it shows as a sent bubble and the field is empty.", Evaluator: eval,
			Steps: Then(start, append(paste,
				StepOn(On(smsThread(num, msg, true, false, "")), "The clipboard text is in the field. Send it.", Tap("Send")),
				Claim(On(smsThread(num, "", false, false, "", "out:"+msg)), "The clipboard content was sent."))...)},
		{Name: "sms_clipboard_pasted_not_sent", TaskName: "SimpleSmsSendClipboardContent", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The text is pasted into the message field and the run ends there: it was never sent.", Evaluator: eval + " (no message sent)",
			Steps: Then(start, append(paste, Claim(On(smsThread(num, msg, true, false, "")), "The message with the clipboard content is ready to the number."))...)},
		{Name: "sms_clipboard_read_in_clipper_typed", TaskName: "SimpleSmsSendClipboardContent", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Clipper shows the clipboard's text; it is typed into the new conversation and sent, and shows as a sent bubble.", Evaluator: eval,
			Steps: Then([]Step{StepOn(On(HomeScreen()), "First see what the clipboard holds in Clipper.", OpenApp("Clipper")),
				StepOn(On(clip), "The clipboard holds the book club text. Now Simple SMS Messenger.", OpenApp("Simple SMS Messenger"))}, append(start[1:],
				StepOn(On(smsThread(num, "", false, false, "")), "Type the clipboard text.", TypeIn("Type a message…", msg)),
				StepOn(On(smsThread(num, msg, true, false, "")), "Send.", Tap("Send")),
				Claim(On(smsThread(num, "", false, false, "", "out:"+msg)), "Sent the clipboard content."))...)},
	}
}

func smsReplyCases() []Case {
	const num = "+17025318846"
	const msg = "Parents' evening at school this Wednesday."
	const goal = "Reply to " + num + " with message: " + msg + " in Simple SMS Messenger"
	const eval = "sms.py SimpleSmsReply (SimpleSMSSendSms.is_successful): a message to +17025318846 whose body fuzzily matches the given one was sent in the last 5 minutes, and Simple SMS Messenger is the foreground app"
	list := smsList("+13108274455|Monthly budget meeting pushed to Friday.|10:42", num+"|Don't forget to water the plants while I'm away.|10:41",
		"+16463091172|Lunch meeting with Sarah at 1 PM Cafe L'amour.|10:41")
	reply := func(who, before string) []Step {
		return []Step{
			StepOn(On(smsThread(who, "", false, false, "", "in:"+before)), "Type the reply.", TypeIn("Type a message…", msg)),
			StepOn(On(smsThread(who, msg, true, false, "", "in:"+before)), "Send it.", Tap("Send")),
			Claim(On(smsThread(who, "", false, false, "", "in:"+before, "out:"+msg)), "The reply was sent."),
		}
	}
	msgs := Screen(Toolbar(gmsg, "", "Messages", "Search messages", "More options"),
		Els(gmsg.TapText(num, "conversation_name", Bx(200, 380, 800, 440)), gmsg.Text("Don't forget to water the plants while I'm away.", "conversation_snippet", Bx(200, 450, 1017, 500)),
			gmsg.Button("Start chat", "start_chat_fab", Bx(640, 2100, 1017, 2247))))
	gthread := func(typed string, sent, focused bool) []El {
		bottom := 2150
		if focused {
			bottom = 1370
		}
		out := Screen(Toolbar(gmsg, "Navigate up", num, "Call", "More options"),
			Els(gmsg.Text("Don't forget to water the plants while I'm away.", "message_text", Bx(40, 500, 800, 640))))
		if sent {
			out = append(out, gmsg.Text(msg, "message_text", Bx(280, 700, 1040, 840)), gmsg.Text("Now · SMS", "message_status", Bx(700, 850, 1040, 900)))
		}
		out = append(out, gmsg.Edit(typed, "Text message", "compose_message_text", Bx(140, bottom, 880, bottom+140)), gmsg.Icon("Send SMS", "send_message_button_icon", Bx(900, bottom, 1040, bottom+140)))
		if focused {
			return TypingIn(out, "compose_message_text", "Send")
		}
		return out
	}
	return []Case{
		{Name: "sms_reply_sent_in_thread", TaskName: "SimpleSmsReply", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The number's conversation is opened from the list and the reply sent; it shows as a sent bubble under the number's message.", Evaluator: eval,
			Steps: Then([]Step{FromHome("Simple SMS Messenger"), StepOn(On(list), "Open the conversation with "+num+".", Tap(num))},
				reply(num, "Don't forget to water the plants while I'm away.")...)},
		{Name: "sms_reply_sent_to_top_conversation", TaskName: "SimpleSmsReply", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem, Subtle: true,
			Behaviour: "The conversation opened is the top one, +13108274455; the reply is sent there, not to the number the task names.", Evaluator: eval + " (sent to +13108274455)",
			Steps: Then([]Step{FromHome("Simple SMS Messenger"), StepOn(On(list), "Open the most recent conversation to reply.", Tap("+13108274455"))},
				reply("+13108274455", "Monthly budget meeting pushed to Friday.")...)},
		{Name: "sms_reply_sent_from_google_messages", TaskName: "SimpleSmsReply", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLost,
			Behaviour: "The reply is sent from Google's Messages, the app on the home screen, not from Simple SMS Messenger, which the evaluator needs in front.", Evaluator: eval + " (Messages is in front)",
			Steps: []Step{
				StepOn(On(HomeScreen()), "Messages is the SMS app on the home screen.", Tap("Messages")),
				StepOn(On(msgs), "Open the conversation with the number.", Tap(num)),
				StepOn(On(gthread("", false, false)), "Type the reply.", TypeIn("Text message", msg)),
				StepOn(On(gthread(msg, false, true)), "Send.", Tap("Send SMS")),
				Claim(On(gthread("", true, false)), "Replied to the number.")}},
	}
}

func smsResendCases() []Case {
	const name = "Nadia Okafor"
	const msg = "Pick up groceries: Milk and Bread and Apples."
	const glitch = "Sorry, there was a glitch, what was the last message you sent me?"
	const goal = "Resend the message I just sent to " + name + " in Simple SMS Messenger"
	const eval = "sms.py SimpleSmsResend.is_successful: exactly one message was sent since the task began and it equals (same address, fuzzily the same body) the message sent to Nadia Okafor before it"
	list := smsList(name + "|" + glitch + "|10:45") // the task clears every message, then sends one and gets the reply
	before := []string{"out:" + msg, "in:" + glitch}
	open := []Step{FromHome("Simple SMS Messenger"), StepOn(On(list), "Open the conversation with "+name+".", Tap(name))}
	thread := func(typed string, focused, menu bool, selected string, extra ...string) []El {
		return smsThread(name, typed, focused, menu, selected, append(append([]string(nil), before...), extra...)...)
	}
	send := []Step{
		StepOn(On(thread(msg, true, false, "")), "Send it again.", Tap("Send")),
		Claim(On(thread("", false, false, "", "out:"+msg)), "The message was sent again."),
	}
	return []Case{
		{Name: "sms_resend_copied_pasted", TaskName: "SimpleSmsResend", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The sent message is copied from its bubble, pasted into the field and sent; the conversation shows it twice, the second after Nadia's question.", Evaluator: eval,
			Steps: Then(open, append([]Step{
				StepOn(On(thread("", false, false, "")), "Select my last sent message.", LongPress(msg)),
				StepOn(On(thread("", false, false, msg)), "Copy it.", Tap("Copy to clipboard")),
				StepOn(On(thread("", false, false, "")), "Long press the field to paste.", LongPress("Type a message…")),
				StepOn(On(thread("", true, true, "")), "Paste.", Tap("Paste"))}, send...)...)},
		{Name: "sms_resend_typed_again", TaskName: "SimpleSmsResend", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The message is typed again word for word and sent; it shows as a new sent bubble.", Evaluator: eval,
			Steps: Then(open, append([]Step{StepOn(On(thread("", false, false, "")), "Type the same message again.", TypeIn("Type a message…", msg))}, send...)...)},
		{Name: "sms_resend_typed_not_sent", TaskName: "SimpleSmsResend", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The message is typed into the field and the run ends without sending it.", Evaluator: eval + " (nothing sent)",
			Steps: Then(open, StepOn(On(thread("", false, false, "")), "Type the same message again.", TypeIn("Type a message…", msg)),
				Claim(On(thread(msg, true, false, "")), "The message to Nadia is resent."))},
	}
}
