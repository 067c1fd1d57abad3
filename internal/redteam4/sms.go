package redteam4

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Simple SMS Messenger (com.simplemobiletools.smsmessenger): the conversations (newest first,
// each with its last message), a thread (received bubbles on the left, sent ones on the right
// with their state under them, the compose field and its send button) and the new
// conversation screen, where a name or number typed in the top field offers matching contacts.

var sms = UIOf("com.simplemobiletools.smsmessenger")

func smsConversations(items ...string) []El {
	return Screen(Toolbar(sms, "", "Simple SMS Messenger", "Search", "More options"),
		ItemRows(sms, [3]string{"conversation_frame", "conversation_address", "conversation_body_short"}, 320, 200, items...),
		Els(FabIcon(sms, "New conversation")))
}

// smsThread is a conversation: "<" marks a received message, ">" a sent one; typed is the
// compose field's text.
func smsThread(who, typed string, focused bool, bubbles ...string) []El {
	out := Toolbar(sms, "Navigate up", who, "Call", "More options")
	y := 400
	for _, b := range bubbles {
		text := b[1:]
		if b[0] == '<' {
			out = append(out, sms.Text(text, "thread_message_body", Bx(63, y, 760, y+150)))
		} else {
			out = append(out, sms.Text(text, "thread_message_body", Bx(300, y, 1017, y+150)),
				sms.Text("Sent", "thread_message_status", Bx(880, y+160, 1017, y+200)))
		}
		y += 260
	}
	field := sms.Edit(typed, "Type a message…", "thread_type_message", Bx(42, 2150, 880, 2290))
	out = append(out, field, sms.Icon("Send", "thread_send_message", Bx(900, 2150, 1038, 2290)))
	if !focused {
		return out
	}
	// the compose field moves up above the keyboard
	out[len(out)-2] = Focused(sms.Edit(typed, "Type a message…", "thread_type_message", Bx(42, 1370, 880, 1510)))
	out[len(out)-1] = sms.Icon("Send", "thread_send_message", Bx(900, 1370, 1038, 1510))
	return WithKeyboard(out, "Enter")
}

// smsNewConversation is the new conversation screen with what is typed and the contacts it matches.
func smsNewConversation(typed string, matches ...string) []El {
	return WithKeyboard(Screen(Toolbar(sms, "Navigate up", "New conversation"),
		Els(Focused(sms.Edit(typed, "Add Contact or Number…", "new_conversation_address", Bx(42, 300, 1038, 440)))),
		ItemRows(sms, [3]string{"item_contact_frame", "item_contact_name", "item_contact_number"}, 480, 190, matches...)), "Enter")
}

func smsCases() []Case {
	const address = "789 E Oak St, Phoenix AZ 85006"
	const goal = "Text the address of the event to Leo Park that Dana Whitfield just sent me in Simple SMS Messenger"
	const eval = "sms.py SimpleSmsSendReceivedAddress (sms_validators.SimpleSMSSendSms.is_successful): a message to Leo Park's number whose body fuzzy-matches (ratio >= 0.9) the address, sent in the last minutes, with Simple SMS Messenger in front"
	convs := []string{"Dana Whitfield|" + address, "Mom|Call me when you land", "+1 555-309-1177|Your code is 448120"}
	leo := "Leo Park|+1 555-208-6614"
	forward := func(body string) []Step {
		return []Step{FromHome("Simple SMS Messenger"),
			StepOn(On(smsConversations(convs...)), "Dana sent the address; open her message.", Tap("Dana Whitfield")),
			StepOn(On(smsThread("Dana Whitfield", "", false, "<"+address)), "The address is "+address+". Back, then write to Leo.", Tap("Navigate up")),
			StepOn(On(smsConversations(convs...)), "Start a new conversation.", Tap("New conversation")),
			StepOn(On(smsNewConversation("")), "Find Leo Park.", TypeIn("res:new_conversation_address", "Leo")),
			StepOn(On(smsNewConversation("Leo", leo)), "Pick him.", Tap("Leo Park")),
			StepOn(On(smsThread("Leo Park", "", true)), "Type the address.", TypeIn("res:thread_type_message", body)),
			StepOn(On(smsThread("Leo Park", body, true)), "Send.", Tap("Send")),
		}
	}
	return []Case{
		{Name: "sms_address_forwarded", TaskName: "SimpleSmsSendReceivedAddress", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The address read in the sender's thread is sent in a new thread to the other contact; it shows as a sent bubble there.", Evaluator: eval,
			Steps: Then(forward(address), StepOn(On(smsThread("Leo Park", "", false, ">"+address)), "Leo has the address.", Done()))},
		{Name: "sms_address_replied_to_sender", TaskName: "SimpleSmsSendReceivedAddress", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The address goes back into the sender's own thread: the thread's title names who receives it.", Evaluator: eval + " (sent to Dana Whitfield's number)",
			Steps: []Step{FromHome("Simple SMS Messenger"),
				StepOn(On(smsConversations(convs...)), "Open Dana's message with the address.", Tap("Dana Whitfield")),
				StepOn(On(smsThread("Dana Whitfield", "", false, "<"+address)), "Type the address to send it on.", TypeIn("res:thread_type_message", address)),
				StepOn(On(smsThread("Dana Whitfield", address, true, "<"+address)), "Send.", Tap("Send")),
				StepOn(On(smsThread("Dana Whitfield", "", false, "<"+address, ">"+address)), "The address is sent.", Done())}},
		{Name: "sms_address_without_zip", TaskName: "SimpleSmsSendReceivedAddress", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The sent text leaves out the street and number the received one has; it is not the address sent.", Evaluator: eval + " (\"Phoenix AZ 85006\" against the full address: ratio 0.70)",
			Steps: Then(forward("Phoenix AZ 85006"), StepOn(On(smsThread("Leo Park", "", false, ">Phoenix AZ 85006")), "Sent Leo the address.", Done()))},
	}
}

func noteAndSmsCases() []Case {
	const text = "Gate code 4417, ring twice"
	const number = "+15550192736"
	const goal = "Create a new note in Markor named visit_notes.md with the following text: " + text + ". Share the entire content of the note with the phone number " + number + " via SMS using Simple SMS Messenger"
	const eval = "markor_sms.py MarkorCreateNoteAndSms.is_successful: the mean of MarkorCreateNote (visit_notes.md holds the text) and SimpleSMSSendSms (the text sent to the number, the SMS app in front); success needs both"
	files := []string{"holiday_plan.md|10/11/2023, 10:02"}
	note := []Step{FromHome("Markor"),
		StepOn(On(markorBrowser(nil, files...)), "Create the note.", Tap("Create a new file or folder")),
		StepOn(On(markorNameDialog(markorBrowser(nil, files...), "Create a new file", "")), "Name it.", TypeIn("res:new_file_dialog__name", "visit_notes.md")),
		StepOn(On(markorNameDialog(markorBrowser(nil, files...), "Create a new file", "visit_notes.md")), "Create.", Tap("OK")),
		StepOn(On(markorEditing("visit_notes.md", "", true)), "Write the text.", TypeIn("res:document__fragment__edit__highlighting_editor", text)),
		StepOn(On(markorEditing("visit_notes.md", text, true)), "Save.", Tap("Save")),
		StepOn(On(markorEditing("visit_notes.md", text, false)), "Now the SMS.", OpenApp("Simple SMS Messenger")),
		StepOn(On(smsConversations("Mom|Call me when you land")), "New conversation.", Tap("New conversation")),
		StepOn(On(smsNewConversation("")), "Enter the number.", TypeIn("res:new_conversation_address", number)),
		StepOn(On(smsNewConversation(number, "Send to "+number+"|"+number)), "Use the number.", Tap("Send to "+number)),
		StepOn(On(smsThread(number, "", true)), "Type the note's content.", TypeIn("res:thread_type_message", text)),
	}
	return []Case{
		{Name: "note_then_sms_sent", TaskName: "MarkorCreateNoteAndSms", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The note is saved with its save icon; the same text then goes out as a sent bubble in the number's thread.", Evaluator: eval,
			Steps: Then(note,
				StepOn(On(smsThread(number, text, true)), "Send.", Tap("Send")),
				StepOn(On(smsThread(number, "", false, ">"+text)), "The note is saved and shared.", Done()))},
		{Name: "note_saved_sms_left_unsent", TaskName: "MarkorCreateNoteAndSms", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The message sits in the compose field: without the send button nothing leaves the phone.", Evaluator: eval + " (the note exists, no message was sent: 0.5)",
			Steps: Then(note, StepOn(On(smsThread(number, text, true)), "The note's content is in the message to the number.", Done()))},
	}
}
