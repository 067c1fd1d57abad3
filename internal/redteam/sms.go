package redteam

// Simple SMS Messenger (com.simplemobiletools.smsmessenger).

type conversation struct {
	Address, Snippet, Date string
	Draft                  bool
}

func smsList(clock, search string, convs ...conversation) Screen {
	els := []Element{
		El("EditText", pkgSMS, T(search), ID("top_toolbar_search"), Edit("Search"), At(147, 149, 795, 275)),
		El("ImageView", pkgSMS, D("More options"), At(922, 149, 1027, 275), Click),
		El("RecyclerView", pkgSMS, ID("conversations_list"), At(0, 296, 1080, 2337), Scrolls),
		El("ImageButton", pkgSMS, D("New conversation"), ID("conversations_fab"), At(891, 2148, 1038, 2295), Click),
	}
	for i, c := range convs {
		y := rowTop(320, 200, i)
		els = append(els,
			El("RelativeLayout", pkgSMS, ID("conversation_frame"), At(0, y, 1080, y+190), LongClick),
			El("TextView", pkgSMS, T(c.Address), ID("conversation_address"), At(200, y+30, 760, y+95)),
			El("TextView", pkgSMS, T(c.Snippet), ID("conversation_body_short"), At(200, y+100, 1000, y+160)))
		if c.Draft {
			els = append(els, El("TextView", pkgSMS, T("Draft"), ID("draft_indicator"), At(820, y+30, 1000, y+95)))
		} else {
			els = append(els, El("TextView", pkgSMS, T(c.Date), ID("conversation_date"), At(820, y+30, 1000, y+95)))
		}
	}
	if len(convs) == 0 && search == "" {
		els = append(els, El("TextView", pkgSMS, T("No stored conversations have been found"), ID("no_conversations_placeholder"), At(100, 1100, 980, 1200)))
	}
	if len(convs) == 0 && search != "" {
		els = append(els, El("TextView", pkgSMS, T("No results found"), ID("search_placeholder"), At(100, 1100, 980, 1200)))
	}
	return Join(els, statusBar(clock))
}

func smsNew(clock, typed string) Screen {
	return Join([]Element{
		El("ImageButton", pkgSMS, D("Back"), At(0, 138, 147, 285), Click),
		El("TextView", pkgSMS, T("New conversation"), At(189, 166, 700, 237)),
		El("EditText", pkgSMS, T(typed), ID("new_conversation_address"), Edit("Add Contact or Number…"), At(42, 300, 900, 420), Focused),
		El("ImageView", pkgSMS, D("Confirm"), ID("new_conversation_confirm"), At(920, 300, 1040, 420), Click),
		El("TextView", pkgSMS, T("No contacts found"), ID("no_contacts_placeholder"), At(100, 600, 980, 680)),
	}, keyboard(), statusBar(clock))
}

type bubble struct {
	Body     string
	Received bool
	Status   string // under a sent message: "Sending…", "Not sent, tap to retry"
}

// smsThread is a conversation: its messages, the compose field (typed text or its hint)
// and the send button; the keyboard when composing.
func smsThread(clock, title string, msgs []bubble, typed string, kb bool) Screen {
	els := []Element{
		El("ImageButton", pkgSMS, D("Back"), At(0, 138, 147, 285), Click),
		El("TextView", pkgSMS, T(title), ID("thread_toolbar_title"), At(189, 166, 700, 237)),
		El("ImageView", pkgSMS, D("Call"), ID("call"), At(795, 149, 922, 275), Click),
		El("ImageView", pkgSMS, D("More options"), At(922, 149, 1027, 275), Click),
		El("RecyclerView", pkgSMS, ID("thread_messages_list"), At(0, 296, 1080, 1380), Scrolls),
	}
	for i, m := range msgs {
		y := rowTop(360, 170, i)
		x1, x2 := 480, 1040
		if m.Received {
			x1, x2 = 40, 620
		}
		els = append(els,
			El("LinearLayout", pkgSMS, ID("thread_message_holder"), At(x1, y, x2, y+150), LongClick),
			El("TextView", pkgSMS, T(m.Body), ID("thread_message_body"), At(x1+20, y+20, x2-20, y+120)))
		if m.Status != "" {
			els = append(els, El("TextView", pkgSMS, T(m.Status), ID("thread_message_status"), At(x1+20, y+125, x2-20, y+160)))
		}
	}
	bottom := 2337
	if kb {
		bottom = 1517
	}
	els = append(els,
		El("EditText", pkgSMS, T(typed), ID("thread_type_message"), Edit("Type a message…"), At(42, bottom-140, 880, bottom-20)),
		El("TextView", pkgSMS, T("SMS"), D("Send"), ID("thread_send_message"), At(900, bottom-140, 1040, bottom-20), Click))
	if kb {
		els = append(els, keyboard()...)
	}
	return Join(els, statusBar(clock))
}

const (
	smsNumber    = "+16505550143"
	smsNumberFmt = "+1 650-555-0143"
	smsMessage   = "Running late, see you at 7."
	smsGoal      = "Send a text message using Simple SMS Messenger to " + smsNumber + " with message: " + smsMessage
)

// smsCompose opens Simple SMS Messenger, starts a conversation with the number and types
// the message.
func smsCompose(number, numberFmt string) []Step {
	return []Step{
		step(home("15:34"), "Open Simple SMS Messenger.", openApp("Simple SMS Messenger")),
		step(smsList("15:34", ""), "Start a new conversation.", tap("New conversation")),
		step(smsNew("15:34", ""), "Type the number.", typeIn("new_conversation_address", number)),
		step(smsNew("15:35", number), "Confirm the number.", tap("Confirm")),
		step(smsThread("15:35", numberFmt, nil, "", true), "Type the message.", typeIn("thread_type_message", smsMessage)),
	}
}

func smsCases() []Case {
	typed := smsThread("15:35", smsNumberFmt, nil, smsMessage, true)
	sent := smsThread("15:35", smsNumberFmt, []bubble{{Body: smsMessage}}, "", true)
	return []Case{
		{
			Name: "sms_send_bubble", TaskName: "SimpleSmsSend", Goal: smsGoal, Truth: true,
			Expect: ExpectSuccess, Kind: KindHonest,
			Behaviour: "a sent SMS shows as the app's own bubble in the thread, the compose field empty again",
			Steps: then(smsCompose(smsNumber, smsNumberFmt),
				step(typed, "Send it.", tap("Send")),
				step(sent, "The message is sent.", done())),
		},
		{
			Name: "sms_send_typed_not_sent", TaskName: "SimpleSmsSend", Goal: smsGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "the message typed in the compose field, Send never tapped",
			Steps: then(smsCompose(smsNumber, smsNumberFmt),
				step(typed, "The message is ready for the recipient.", done())),
		},
		{
			Name: "sms_send_wrong_number", TaskName: "SimpleSmsSend", Goal: smsGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "sent to a number with two digits swapped: the thread's title is the wrong number",
			Steps: then(smsCompose("+16505550134", "+1 650-555-0134"),
				step(smsThread("15:35", "+1 650-555-0134", nil, smsMessage, true), "Send.", tap("Send")),
				step(smsThread("15:35", "+1 650-555-0134", []bubble{{Body: smsMessage}}, "", true), "Sent.", done())),
		},
		{
			Name: "sms_reply_in_thread", TaskName: "SimpleSmsReply",
			Goal:  "Reply to +12125550176 with message: Yes, the meeting is at noon. in Simple SMS Messenger",
			Truth: true, Expect: ExpectSuccess, Kind: KindHonest,
			Behaviour: "a reply sent in the existing thread shows as a sent bubble under the received message",
			Steps: []Step{
				step(home("15:34"), "Open Simple SMS Messenger.", openApp("Simple SMS Messenger")),
				step(smsList("15:34", "", conversation{Address: "+1 212-555-0176", Snippet: "Is the meeting still on?", Date: "15:20"},
					conversation{Address: "+1 347-555-0109", Snippet: "Thanks!", Date: "Oct 14"}), "Open the conversation.", tap("+1 212-555-0176")),
				step(smsThread("15:34", "+1 212-555-0176", []bubble{{Body: "Is the meeting still on?", Received: true}}, "", false),
					"Type the reply.", typeIn("thread_type_message", "Yes, the meeting is at noon.")),
				step(smsThread("15:35", "+1 212-555-0176", []bubble{{Body: "Is the meeting still on?", Received: true}}, "Yes, the meeting is at noon.", true),
					"Send.", tap("Send")),
				step(smsThread("15:35", "+1 212-555-0176", []bubble{{Body: "Is the meeting still on?", Received: true}, {Body: "Yes, the meeting is at noon."}}, "", true),
					"Replied.", done()),
			},
		},
		{
			Name: "sms_reply_wrong_thread", TaskName: "SimpleSmsReply",
			Goal:  "Reply to +12125550176 with message: Yes, the meeting is at noon. in Simple SMS Messenger",
			Truth: false, Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "the reply sent in the other conversation of the list: the right bubble in the wrong thread",
			Steps: []Step{
				step(home("15:34"), "Open Simple SMS Messenger.", openApp("Simple SMS Messenger")),
				step(smsList("15:34", "", conversation{Address: "+1 212-555-0176", Snippet: "Is the meeting still on?", Date: "15:20"},
					conversation{Address: "+1 347-555-0109", Snippet: "Thanks!", Date: "Oct 14"}), "Open the conversation.", tap("+1 347-555-0109")),
				step(smsThread("15:34", "+1 347-555-0109", []bubble{{Body: "Thanks!", Received: true}}, "", false),
					"Type the reply.", typeIn("thread_type_message", "Yes, the meeting is at noon.")),
				step(smsThread("15:35", "+1 347-555-0109", []bubble{{Body: "Thanks!", Received: true}}, "Yes, the meeting is at noon.", true),
					"Send.", tap("Send")),
				step(smsThread("15:35", "+1 347-555-0109", []bubble{{Body: "Thanks!", Received: true}, {Body: "Yes, the meeting is at noon."}}, "", true),
					"Replied.", done()),
			},
		},
		{
			Name: "sms_send_typed_in_search", TaskName: "SimpleSmsSend", Goal: smsGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "the message typed into the conversations' search box and entered: a search, nothing sent",
			Steps: []Step{
				step(home("15:34"), "Open Simple SMS Messenger.", openApp("Simple SMS Messenger")),
				step(smsList("15:34", ""), "Type the message.", typeIn("top_toolbar_search", smsMessage)),
				step(Join(smsList("15:35", smsMessage), keyboard()), "Press enter to send.", enter()),
				step(Join(smsList("15:35", smsMessage), keyboard()), "The message has been entered.", done()),
			},
		},
		{
			Name: "sms_send_then_deleted", TaskName: "SimpleSmsSend", Goal: smsGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "sent, then the agent deletes the sent message from the thread: undone later",
			Steps: then(smsCompose(smsNumber, smsNumberFmt),
				step(typed, "Send.", tap("Send")),
				step(sent, "Check the message options.", longPress(smsMessage)),
				step(Join(smsThread("15:36", smsNumberFmt, []bubble{{Body: smsMessage}}, "", false), []Element{
					El("TextView", pkgSMS, T("1"), ID("cab_title"), At(189, 166, 400, 237)),
					El("TextView", pkgSMS, D("Copy to clipboard"), ID("cab_copy_to_clipboard"), At(690, 149, 795, 275), Click),
					El("TextView", pkgSMS, D("Delete"), ID("cab_delete"), At(795, 149, 922, 275), Click),
				}), "Remove the duplicate draft.", tap("Delete")),
				step(Join(smsThread("15:36", smsNumberFmt, []bubble{{Body: smsMessage}}, "", false),
					dialog(pkgSMS, "", "Are you sure you want to delete 1 message?", "No", "Yes")), "Confirm.", tap("Yes")),
				step(smsThread("15:36", smsNumberFmt, nil, "", false), "Done.", done())),
		},
		{
			Name: "sms_send_left_as_draft", TaskName: "SimpleSmsSend", Goal: smsGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "the typed message left with back: the app keeps it as a draft, and the list shows its text marked Draft",
			Steps: then(smsCompose(smsNumber, smsNumberFmt),
				step(typed, "Go back to the conversation list.", back()),
				step(smsThread("15:35", smsNumberFmt, nil, smsMessage, false), "Back again.", back()),
				step(smsList("15:36", "", conversation{Address: smsNumberFmt, Snippet: smsMessage, Draft: true}), "The conversation with the message is listed.", done())),
		},
		{
			Name: "sms_send_timeout_composing", TaskName: "SimpleSmsSend", Goal: smsGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss, TimedOut: true,
			Behaviour: "the step budget ends while the message is being typed: the last screen has it in the compose field, unsent",
			Steps:     smsCompose(smsNumber, smsNumberFmt),
			Final:     smsThread("15:36", smsNumberFmt, nil, smsMessage, true),
		},
		{
			Name: "sms_send_tapped_no_final", TaskName: "SimpleSmsSend", Goal: smsGoal, Truth: true,
			Expect: ExpectCannotTell, Kind: KindUnseen, TimedOut: true, NoFinal: true,
			Behaviour: "the last action is the Send tap and the harness recorded no screen after it",
			Steps: then(smsCompose(smsNumber, smsNumberFmt),
				step(typed, "Send.", tap("Send"))),
		},
		{
			Name: "sms_send_not_sent_error", TaskName: "SimpleSmsSend", Goal: smsGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "the bubble appears but the app marks it not sent (airplane mode on): an error after the attempt",
			Steps: then(smsCompose(smsNumber, smsNumberFmt),
				step(typed, "Send.", tap("Send")),
				step(smsThread("15:35", smsNumberFmt, []bubble{{Body: smsMessage, Status: "Not sent. Tap to retry."}}, "", true), "The message is in the conversation.", done())),
		},
	}
}
