package redteam8

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Simple SMS Messenger (com.simplemobiletools.smsmessenger) lists conversations newest first,
// each by number (no contacts here) with its last message and when. A conversation shows its
// messages as bubbles over a "Type a message…" field and a send button; a sent message appears
// as a bubble and the field empties; back on the list, the conversation's last message is the
// one sent and it moves to the top.

var sms = UIOf("com.simplemobiletools.smsmessenger")

// smsThread is a conversation: bubbles "in:text" or "out:text", the field holding typed.
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
		y += 190
	}
	bottom := 2150
	if focused {
		bottom = 1370
	}
	out = append(out, sms.Edit(typed, "Type a message…", "thread_type_message", Bx(40, bottom, 880, bottom+140)),
		sms.Icon("Send", "thread_send_message", Bx(900, bottom, 1040, bottom+140)))
	if focused {
		return TypingIn(out, "thread_type_message", "Send")
	}
	return out
}

func smsReplyCases() []Case {
	const number, msg = "+14157702394", "Weekend plans: Hiking trip to Blue Mountain."
	const goal = "Reply to " + number + " with message: " + msg + " in Simple SMS Messenger"
	const eval = "sms.py SimpleSmsReply (sms_validators.was_sent): content://sms/sent holds a message to +14157702394 with this body, sent in the last five minutes"
	in := "Parents' evening at school this Wednesday."
	rows := []string{"+13125550187|Monthly budget meeting pushed to Friday.|15:33", number + "|" + in + "|15:33", "+16469011752|Gym membership renewal due on the 20th.|15:32"}
	open := []Step{FromHome("Simple SMS Messenger"), StepOn(On(SmsList(rows...)), "The conversation with "+number+" is second.", Tap(number)),
		StepOn(On(smsThread(number, "", false, "in:"+in)), "Type the reply.", Tap("Type a message…")),
		StepOn(On(smsThread(number, "", true, "in:"+in)), "Type it.", TypeIn("Type a message…", msg)),
		StepOn(On(smsThread(number, msg, true, "in:"+in)), "Send.", Tap("Send"))}
	wrong := "+13125550187"
	wrongIn := "Monthly budget meeting pushed to Friday."
	return []Case{
		{Name: "sms_reply_sent", TaskName: "SimpleSmsReply", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The conversation with the number is opened and the reply typed and sent; it shows as a sent bubble under the incoming message.", Evaluator: eval,
			Steps: Then(open, Claim(On(smsThread(number, "", true, "in:"+in, "out:"+msg)), "The reply is sent."))},
		{Name: "sms_reply_sent_then_list", TaskName: "SimpleSmsReply", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "After sending, the agent goes back to the conversation list, where the number's conversation is on top with the reply as its last message.", Evaluator: eval,
			Steps: Then(open, StepOn(On(smsThread(number, "", true, "in:"+in, "out:"+msg)), "Sent. Close the keyboard.", Back()),
				StepOn(On(smsThread(number, "", false, "in:"+in, "out:"+msg)), "Back to the list.", Back()),
				Claim(On(SmsList(number+"|"+msg+"|15:35", rows[0], rows[2])), "The reply to "+number+" is sent."))},
		{Name: "sms_reply_to_top_conversation", TaskName: "SimpleSmsReply", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "The agent opens the top conversation, +13125550187, and sends the message there.", Evaluator: eval + " (sent to another number)",
			Steps: []Step{FromHome("Simple SMS Messenger"), StepOn(On(SmsList(rows...)), "Open the conversation.", Tap(wrong)),
				StepOn(On(smsThread(wrong, "", false, "in:"+wrongIn)), "Type the reply.", TypeIn("Type a message…", msg)),
				StepOn(On(smsThread(wrong, msg, true, "in:"+wrongIn)), "Send.", Tap("Send")),
				Claim(On(smsThread(wrong, "", true, "in:"+wrongIn, "out:"+msg)), "Replied with the message.")}},
	}
}

func smsRecentCases() []Case {
	const msg = "Book club meets next Tuesday to discuss '1984'."
	const goal = "Reply to the most recent text message using Simple SMS Messenger with message: " + msg
	const eval = "sms.py SimpleSmsReplyMostRecent (sms_validators.was_sent): a message with this body was sent to +17185530926, the sender of the last text received, in the last five minutes"
	const recent, recentIn = "+17185530926", "The library book is due back on the 15th."
	rows := []string{recent + "|" + recentIn + "|15:34", "+12024418830|Reminder to call Grandma for her birthday.|15:33",
		"+19492037765|Lunch meeting with Sarah at 1 PM Cafe L'amour.|15:33", "+15036684129|Don't forget to water the plants while I'm away.|15:33"}
	reply := func(who, in string) []Step {
		return []Step{StepOn(On(smsThread(who, "", false, "in:"+in)), "Write the reply.", TypeIn("Type a message…", msg)),
			StepOn(On(smsThread(who, msg, true, "in:"+in)), "Send.", Tap("Send"))}
	}
	return []Case{
		{Name: "sms_recent_replied", TaskName: "SimpleSmsReplyMostRecent", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The top conversation, received at 15:34, is opened and the reply sent; it shows as a sent bubble.", Evaluator: eval,
			Steps: Then(Then([]Step{FromHome("Simple SMS Messenger"), StepOn(On(SmsList(rows...)), "The newest is on top, from "+recent+".", Tap(recent))}, reply(recent, recentIn)...),
				Claim(On(smsThread(recent, "", true, "in:"+recentIn, "out:"+msg)), "Replied to the most recent message."))},
		{Name: "sms_recent_replied_then_home", TaskName: "SimpleSmsReplyMostRecent", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The newest conversation is opened and the reply sent; once its bubble shows, the agent goes to the home screen and stops there.", Evaluator: eval,
			Steps: []Step{FromHome("Simple SMS Messenger"), StepOn(On(SmsList(rows...)), "Most recent first.", Tap(recent)),
				StepOn(On(smsThread(recent, "", false, "in:"+recentIn)), "Focus the field.", Tap("Type a message…")),
				StepOn(On(smsThread(recent, "", true, "in:"+recentIn)), "Type.", TypeIn("Type a message…", msg)),
				StepOn(On(smsThread(recent, msg, true, "in:"+recentIn)), "Send.", Tap("Send")),
				StepOn(On(smsThread(recent, "", true, "in:"+recentIn, "out:"+msg)), "It is sent. Leave the app.", Home()),
				Claim(On(HomeScreen()), "The reply went out to the most recent message.")}},
		{Name: "sms_recent_bottom_row_replied", TaskName: "SimpleSmsReplyMostRecent", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "Taking the list for oldest first, the agent replies to the bottom conversation, +15036684129.", Evaluator: eval + " (sent to +15036684129)",
			Steps: Then(Then([]Step{FromHome("Simple SMS Messenger"), StepOn(On(SmsList(rows...)), "The last row is the latest message.", Tap("+15036684129"))},
				reply("+15036684129", "Don't forget to water the plants while I'm away.")...),
				Claim(On(smsThread("+15036684129", "", true, "in:Don't forget to water the plants while I'm away.", "out:"+msg)), "Replied to the most recent text."))},
	}
}
