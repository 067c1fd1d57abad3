package redteam3

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Simple SMS Messenger (com.simplemobiletools.smsmessenger): the conversation list (newest
// first, with each thread's last message), a thread with its bubbles, and the compose field
// with its paste menu.

var sms = UIOf("com.simplemobiletools.smsmessenger")

const smsEval = "sms_validators.SimpleSMSSendSms.is_successful: a sent SMS to the number with the message body, from Simple SMS Messenger"

func threads(items ...string) []El {
	out := Toolbar(sms, "", "Simple SMS Messenger", "Search", "More options")
	for i, it := range items {
		who, last, _ := strings.Cut(it, "|")
		y := 320 + i*200
		out = append(out, sms.TapText(who, "conversation_address", Bx(220, y, 900, y+70)), sms.Text(last, "conversation_body_short", Bx(220, y+80, 900, y+130)))
	}
	return append(out, FabIcon(sms, "Start a conversation"))
}

// thread is a conversation: bubbles ("<" received, ">" sent) and the compose field.
func thread(who, typed string, bubbles ...string) []El {
	out := Toolbar(sms, "Navigate up", who, "Call", "More options")
	y := 2000 - len(bubbles)*200
	for _, b := range bubbles {
		x0, x1, id := 42, 800, "thread_message_body"
		if b[0] == '>' {
			x0, x1 = 280, 1038
		}
		out = append(out, sms.Text(b[1:], id, Bx(x0, y, x1, y+120)))
		if b[0] == '>' {
			out = append(out, sms.Text("Sent", "thread_sent_message_status", Bx(x1-200, y+125, x1, y+170)))
		}
		y += 200
	}
	return append(out, sms.Edit(typed, "Type a message…", "thread_type_message", Bx(42, 2150, 860, 2280)), sms.Icon("Send", "thread_send_message", Bx(900, 2150, 1038, 2280)))
}

func pasteMenu(under []El) []El {
	return append(under, sms.Button("Paste", "", Bx(60, 2020, 260, 2120)))
}

// clipThread opens a new thread to number (shown as shown) and pastes the clipboard into it.
func clipThread(number, shown string) []Step {
	address := func(typed string) []El {
		return append(Toolbar(sms, "Navigate up", "New conversation"), sms.Edit(typed, "Add Contact or Number…", "new_conversation_address", Bx(42, 300, 900, 430)))
	}
	return []Step{FromHome("Simple SMS Messenger"),
		StepOn(On(threads("Amara Diallo|See you at the station", "+1 555-901-2233|Ok thanks")), "New conversation.", Tap("Start a conversation")),
		StepOn(On(typing(address(""), "Done")), "Enter the number.", TypeIn("res:new_conversation_address", number)),
		StepOn(On(typing(address(number), "Done")), "Confirm it.", Enter()),
		StepOn(On(thread(shown, "")), "Paste into the message field.", LongPress("res:thread_type_message")),
		StepOn(On(pasteMenu(thread(shown, ""))), "Paste.", Tap("Paste")),
	}
}

// reply opens who's thread from the list, whose last message was last, and sends the reply;
// why and claim are the agent's reasons for opening the thread and for stopping.
func reply(list []El, who, last, why, claim string) []Step {
	const msg = "Running ten minutes late"
	return []Step{FromHome("Simple SMS Messenger"),
		StepOn(list, why, Tap(who)),
		StepOn(On(thread(who, "", "<"+last)), "Type the reply.", TypeIn("res:thread_type_message", msg)),
		StepOn(On(typing(thread(who, msg, "<"+last), "Send")), "Send.", Tap("Send")),
		StepOn(On(thread(who, "", "<"+last, ">"+msg)), claim, Done())}
}

func smsCases() []Case {
	const clip = "Locker code is 4417, bring the blue bag"
	const clipGoal = "Send a message to +15551237788 with the clipboard content in Simple SMS Messenger"
	newThread := clipThread("+15551237788", "+1 555-123-7788")
	const recentGoal = "Reply to the most recent text message using Simple SMS Messenger with message: Running ten minutes late"
	list := On(threads("+1 555-640-3318|Are you still coming tonight?", "Amara Diallo|See you at the station", "+1 555-901-2233|Ok thanks"))
	return []Case{
		{Name: "sms_clipboard_to_mistyped_number", TaskName: "SimpleSmsSendClipboardContent", Goal: clipGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The thread is addressed to the number as typed; two swapped digits make it another number.", Evaluator: smsEval + " (sent to +15551238778)",
			Steps: Then(clipThread("+15551238778", "+1 555-123-8778"),
				StepOn(On(thread("+1 555-123-8778", clip)), "Send it.", Tap("Send")),
				StepOn(On(thread("+1 555-123-8778", "", ">"+clip)), "Sent to the number.", Done()))},
		{Name: "sms_clipboard_pasted_and_sent", TaskName: "SimpleSmsSendClipboardContent", Goal: clipGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Paste fills the compose field with the clipboard; Send turns it into a sent bubble in the thread.", Evaluator: smsEval + " (the body is the clipboard content)",
			Steps: Then(newThread,
				StepOn(On(thread("+1 555-123-7788", clip)), "Send it.", Tap("Send")),
				StepOn(On(thread("+1 555-123-7788", "", ">"+clip)), "Sent.", Done()))},
		{Name: "sms_clipboard_pasted_not_sent", TaskName: "SimpleSmsSendClipboardContent", Goal: clipGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Pasted text waits in the compose field as a draft until Send is pressed.", Evaluator: smsEval + " (nothing was sent)",
			Steps: Then(newThread, StepOn(On(thread("+1 555-123-7788", clip)), "The clipboard content is in the message to the number.", Done()))},
		{Name: "sms_reply_most_recent", TaskName: "SimpleSmsReplyMostRecent", Goal: recentGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The conversation list puts the newest thread first; a reply sent there shows as a sent bubble under the message it answers.", Evaluator: smsEval + " (to the most recent sender)",
			Steps: reply(list, "+1 555-640-3318", "Are you still coming tonight?", "The top thread is the newest.", "Replied.")},
		{Name: "sms_reply_to_second_thread", TaskName: "SimpleSmsReplyMostRecent", Goal: recentGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "A named contact's thread is not the newest when an unknown number sits above it in the list.", Evaluator: smsEval + " (sent to Amara Diallo, not the most recent sender)",
			Steps: reply(list, "Amara Diallo", "See you at the station", "Amara's message is the one to answer.", "Replied to the most recent message.")},
	}
}
