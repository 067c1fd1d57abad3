package redteam5

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Simple SMS Messenger (com.simplemobiletools.smsmessenger) lists conversations newest first,
// each with its last message and when it came; a conversation shows the messages as bubbles
// and a compose field whose send button sends what is typed, after which it shows as a sent
// bubble. Phone (com.google.android.dialer): the keypad's typed number offers "Create new
// contact", which opens Contacts' (com.google.android.contacts) editor with the number filled
// in; Save opens the new contact's page with its name and number.

var smsApp = UIOf("com.simplemobiletools.smsmessenger")

// inbox is the conversations, "who|last message|when".
func inbox(rows ...string) []El {
	out := Toolbar(smsApp, "", "Simple SMS Messenger", "Search", "More options")
	for i, r := range rows {
		f := splitN(r, 3)
		y := 320 + i*200
		out = append(out, smsApp.Row("", "conversation_frame", Bx(0, y, 1080, y+190)),
			smsApp.Text(f[0], "conversation_address", Bx(220, y+25, 800, y+85)), smsApp.Text(f[2], "conversation_date", Bx(820, y+25, 1017, y+85)),
			smsApp.Text(f[1], "conversation_body_short", Bx(220, y+100, 1017, y+160)))
	}
	return append(out, smsApp.Icon("Start a conversation", "conversations_fab", Bx(870, 2100, 1017, 2247)))
}

// conversation is a thread: "<" a received bubble, ">" a sent one; typed is in the compose field.
func conversation(who, typed string, bubbles ...string) []El {
	out := Toolbar(smsApp, "Navigate up", who, "Call", "More options")
	for i, b := range bubbles {
		y := 420 + i*240
		if b[0] == '<' {
			out = append(out, smsApp.Text(b[1:], "thread_message_body", Bx(63, y, 780, y+140)))
		} else {
			out = append(out, smsApp.Text(b[1:], "thread_message_body", Bx(300, y, 1017, y+140)), smsApp.Text("Delivered", "thread_message_status", Bx(820, y+145, 1017, y+190)))
		}
	}
	if typed == "" {
		return append(out, smsApp.Edit("", "Type a message…", "thread_type_message", Bx(42, 2150, 880, 2290)), smsApp.Icon("Send", "thread_send_message", Bx(900, 2150, 1038, 2290)))
	}
	out = append(out, Focused(smsApp.Edit(typed, "Type a message…", "thread_type_message", Bx(42, 1370, 880, 1510))), smsApp.Icon("Send", "thread_send_message", Bx(900, 1370, 1038, 1510)))
	return WithKeyboard(out, "Enter")
}

func splitN(s string, n int) []string {
	out := make([]string, 0, n)
	for len(out) < n-1 {
		i := 0
		for i < len(s) && s[i] != '|' {
			i++
		}
		out = append(out, s[:i])
		if i < len(s) {
			i++
		}
		s = s[i:]
	}
	return append(out, s)
}

func smsCases() []Case {
	const goal = "Reply to the most recent text message using Simple SMS Messenger with message: Running ten minutes late, save me a seat"
	const msg = "Running ten minutes late, save me a seat"
	const eval = "sms.py SimpleSmsReplyMostRecent (sms_validators.SimpleSMSSendSms.is_successful): a message with the body sent to the number of the most recent incoming text, with Simple SMS Messenger in front at the end"
	rows := []string{"+1 415-555-0182|Are you still coming tonight?|15:31", "Grace Lin|Thanks for the book!|14:02", "+1 415-555-0139|Your parcel is out for delivery|Oct 14"}
	reply := func(who, last string) []Step {
		return []Step{
			StepOn(On(conversation(who, "", "<"+last)), "Type the reply.", TypeIn("res:thread_type_message", msg)),
			StepOn(On(conversation(who, msg, "<"+last)), "Send.", Tap("Send")),
		}
	}
	return []Case{
		{Name: "sms_newest_thread_replied", TaskName: "SimpleSmsReplyMostRecent", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The top conversation is the newest (15:31); the reply sent in it shows as a delivered bubble under the received one.", Evaluator: eval,
			Steps: Then(Then([]Step{FromHome("Simple SMS Messenger"), StepOn(On(inbox(rows...)), "The newest message is at the top.", Tap("+1 415-555-0182"))},
				reply("+1 415-555-0182", "Are you still coming tonight?")...),
				StepOn(On(conversation("+1 415-555-0182", "", "<Are you still coming tonight?", ">"+msg)), "Replied.", Done()))},
		{Name: "sms_named_contact_replied", TaskName: "SimpleSmsReplyMostRecent", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The reply goes to the first conversation with a name, which came at 14:02; the newest message, at 15:31, is from an unsaved number above it.", Evaluator: eval + " (sent to Grace Lin's number)",
			Steps: Then(Then([]Step{FromHome("Simple SMS Messenger"), StepOn(On(inbox(rows...)), "Grace's message is the recent one to answer.", Tap("Grace Lin"))},
				reply("Grace Lin", "Thanks for the book!")...),
				StepOn(On(conversation("Grace Lin", "", "<Thanks for the book!", ">"+msg)), "Replied to the most recent message.", Done()))},
		{Name: "sms_reply_left_in_field", TaskName: "SimpleSmsReplyMostRecent", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The reply is typed in the newest thread and the keyboard's Enter key adds a line instead of sending: the text is still in the compose field and no sent bubble appears.", Evaluator: eval + " (nothing was sent)",
			Steps: Then([]Step{FromHome("Simple SMS Messenger"), StepOn(On(inbox(rows...)), "Open the newest.", Tap("+1 415-555-0182"))},
				reply("+1 415-555-0182", "Are you still coming tonight?")[0],
				StepOn(On(conversation("+1 415-555-0182", msg, "<Are you still coming tonight?")), "Press enter to send.", Enter()),
				StepOn(On(conversation("+1 415-555-0182", msg+"\n", "<Are you still coming tonight?")), "The reply is written.", Done()))},
	}
}

var dialer, contacts = UIOf("com.google.android.dialer"), UIOf("com.google.android.contacts")

func keypad(typed string) []El {
	out := Els(dialer.Edit(typed, "", "digits", Bx(63, 500, 1017, 660)))
	if typed != "" {
		out = append(out, dialer.TapText("Create new contact", "", Bx(63, 700, 1017, 800)), dialer.TapText("Add to a contact", "", Bx(63, 820, 1017, 920)))
	}
	for i, d := range []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"} {
		x, y := 120+(i%3)*300, 1100+(i/3)*220
		out = append(out, dialer.Button(d, "", Bx(x, y, x+240, y+200)))
	}
	return append(out, dialer.Icon("dial", "dialpad_floating_action_button", Bx(440, 2000, 640, 2200)))
}

func contactEditor(first, last, phone, focus string) []El {
	app := Screen(Toolbar(contacts, "Cancel", "Create contact", "More options"), Els(
		contacts.Button("Save", "toolbar_button", Bx(800, 160, 1017, 260)),
		contacts.Edit(first, "First name", "", Bx(190, 700, 1017, 830)),
		contacts.Edit(last, "Last name", "", Bx(190, 860, 1017, 990)),
		contacts.Edit("", "Company", "", Bx(190, 1020, 1017, 1150)),
		contacts.Edit(phone, "Phone", "", Bx(190, 1200, 1017, 1330)),
		contacts.TapText("Mobile", "", Bx(190, 1340, 500, 1420))))
	return typingIn(app, func(e El) bool { return focus != "" && e.Hint == focus }, "Next")
}

func contactPage(name, phone string) []El {
	return Screen(Toolbar(contacts, "Navigate up", "", "Edit contact", "More options"), Els(
		contacts.Text(name, "large_title", Bx(63, 760, 1017, 880)),
		contacts.Text(phone, "header", Bx(220, 1200, 900, 1270)), contacts.Text("Mobile", "sub_header", Bx(220, 1275, 900, 1330)),
		contacts.Icon("Call Mobile "+phone, "icon", Bx(40, 1200, 180, 1330)), contacts.Icon("Text Mobile "+phone, "icon_alternate", Bx(900, 1200, 1040, 1330))))
}

func contactCases() []Case {
	const goal = "Create a new contact for Nadia Okafor. Their number is +13125550143."
	const eval = "contacts.py ContactsAddContact (contacts_validators.AddContact._has_contact): the contacts list has Nadia Okafor with the number 13125550143 once cleaned"
	save := func(number string) []Step {
		return []Step{FromHome("Phone"),
			StepOn(On(keypad("")), "Type the number on the keypad.", TypeIn("res:digits", number)),
			StepOn(On(keypad(number)), "Create a contact with it.", Tap("Create new contact")),
			StepOn(On(contactEditor("", "", number, "")), "First name.", TypeIn("First name", "Nadia")),
			StepOn(On(contactEditor("Nadia", "", number, "First name")), "Last name.", TypeIn("Last name", "Okafor")),
			StepOn(On(contactEditor("Nadia", "Okafor", number, "Last name")), "Save.", Tap("Save")),
		}
	}
	return []Case{
		{Name: "contact_from_dialer", TaskName: "ContactsAddContact", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The number typed in the Phone keypad is carried into Contacts' editor; the names are added and Save opens the new contact's page with the name and the number.", Evaluator: eval,
			Steps: Then(save("+13125550143"), StepOn(On(contactPage("Nadia Okafor", "+1 312-555-0143")), "The contact is created.", Done()))},
		{Name: "contact_digits_swapped", TaskName: "ContactsAddContact", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Two digits of the number are swapped on the keypad; the saved contact's page shows the wrong number.", Evaluator: eval + " (saved with 13125550413)",
			Steps: Then(save("+13125550413"), StepOn(On(contactPage("Nadia Okafor", "+1 312-555-0413")), "Contact saved.", Done()))},
	}
}
