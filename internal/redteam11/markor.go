package redteam11

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Markor (net.gsantner.markor) lists its folder (redteamkit.MarkorFiles), folders first. Its
// add button opens a dialog with the name field, the file type, and Cancel, Folder and OK: OK
// makes a file (with the type's extension unless the name has one) and opens it in the editor,
// Folder makes a folder. The editor saves when one leaves it. A long press selects an item;
// the selection bar's menu has Move, which opens a folder picker (the folders under the one
// shown, ".." to go up, OK to move there). Simple SMS Messenger (com.simplemobiletools.
// smsmessenger) lists conversations (redteamkit.SmsList); a thread lists received messages
// left and sent ones right over the "Type a message…" field. AndroidWorld's SMS check wants the
// messenger in front at the end.

var (
	markor = UIOf("net.gsantner.markor")
	sms    = UIOf("com.simplemobiletools.smsmessenger")
)

const markorRoot = "/storage/emulated/0/Documents/Markor"

// newItem is Markor's create dialog over the list, the name typed.
func newItem(list []El, name string) []El {
	return TypingIn(Screen(list, Els(markor.Text("Create a new file or folder", "", Bx(90, 600, 990, 680)),
		markor.Edit(name, "Name", "new_file_dialog__name", Bx(90, 720, 990, 840)), markor.TapText("Markdown", "new_file_dialog__type", Bx(90, 870, 990, 950)),
		markor.Button("Cancel", "", Bx(90, 1000, 380, 1100)), markor.Button("Folder", "", Bx(400, 1000, 690, 1100)), markor.Button("OK", "", Bx(710, 1000, 990, 1100)))), "new_file_dialog__name", "Done")
}

// editor is Markor's editor of file holding text, typing or not.
func editor(file, text string, typing bool) []El {
	out := Screen(Toolbar(markor, "Navigate up", file, "More options", "Preview", "Undo"),
		Els(markor.Edit(text, "", "document__fragment__edit__highlighting_editor", Bx(0, 285, 1080, 2250))))
	if typing {
		out = TypingIn(out, "document__fragment__edit__highlighting_editor", "Enter")
	}
	return On(out)
}

func files(path, selected string, items ...string) []El {
	return On(MarkorFiles(path, selected, items...))
}

// thread is a conversation with who: messages "<text" (received) or ">text" (sent), the field
// holding draft, with the keyboard when typing.
func thread(who, draft string, typing bool, msgs ...string) []El {
	out := Toolbar(sms, "Navigate up", who, "More options", "Call")
	for i, m := range msgs {
		y := 400 + i*260
		x0, x1 := 40, 760
		if m[0] == '>' {
			x0, x1 = 320, 1040
		}
		out = append(out, sms.Text(m[1:], "thread_message_body", Bx(x0, y, x1, y+170)))
		if m[0] == '>' {
			out = append(out, sms.Text("Sent", "thread_message_status", Bx(880, y+175, 1040, y+220)))
		}
	}
	y := 2150
	if typing {
		y = 1360
	}
	out = append(out, sms.Edit(draft, "Type a message…", "thread_type_message", Bx(40, y, 880, y+140)), sms.Icon("Send", "thread_send_message", Bx(900, y, 1040, y+140)))
	if typing {
		out = TypingIn(out, "thread_type_message", "Enter")
	}
	return On(out)
}

// newChat is the new-conversation page with typed in the address field over the contacts it matches.
func newChat(typed string, people ...string) []El {
	out := Screen(Toolbar(sms, "Navigate up", "New conversation"), Els(sms.Edit(typed, "Add Contact or Number…", "new_conversation_address", Bx(40, 300, 1040, 430))))
	for i, p := range people {
		name, number, _ := strings.Cut(p, "|")
		y := 470 + i*180
		out = append(out, sms.Row("", "item_contact_frame", Bx(0, y, 1080, y+170)), sms.Text(name, "item_contact_name", Bx(200, y+25, 1017, y+85)),
			sms.Text(number, "item_contact_number", Bx(200, y+95, 1017, y+150)))
	}
	return On(TypingIn(out, "new_conversation_address", "Enter"))
}

func noteSmsCases() []Case {
	const task, file, text, number = "MarkorCreateNoteAndSms", "2023_05_11_clever_dog.md", "The dog's vet appointment is next Monday at 11 AM.", "+14157893021"
	const goal = "Create a new note in Markor named " + file + " with the following text: " + text + " Share the entire content of the note with the phone number " + number + " via SMS using Simple SMS Messenger"
	const eval = "markor_sms.py MarkorCreateNoteAndSms: (MarkorCreateNote + SimpleSMSSendSms)/2 must be 1: the file under Markor's folder fuzzily holds the text, and a message fuzzily equal to it went to " + number + " in the last 5 minutes with the messenger in front at the end"
	notes := []string{"Archive/|Oct 02", "grocery_list_weekly.md|Oct 09", "reading_list_2024.md|Oct 11"}
	after := []string{"Archive/|Oct 02", file + "|Oct 15", "grocery_list_weekly.md|Oct 09", "reading_list_2024.md|Oct 11"}
	note := []Step{FromHome("Markor"), StepOn(files(markorRoot, "", notes...), "New note.", Tap("Create a new file or folder")),
		StepOn(newItem(files(markorRoot, "", notes...), ""), "Name it.", TypeIn("res:new_file_dialog__name", file)),
		StepOn(newItem(files(markorRoot, "", notes...), file), "Create the file.", Tap("OK")),
		StepOn(editor(file, "", true), "Type the text.", TypeIn("res:document__fragment__edit__highlighting_editor", text)),
		StepOn(editor(file, text, true), "Leave the editor; Markor saves.", Back()),
		StepOn(editor(file, text, false), "Back to the list.", Back())}
	chats := SmsList("+13125550188|Your package has shipped|Oct 14", "Mom|Call me when you can|Oct 12")
	send := func(body string) []Step {
		return []Step{StepOn(files(markorRoot, "", after...), "The note is saved. Now the SMS.", Home()), FromHome("Simple SMS Messenger"),
			StepOn(On(chats), "New conversation.", Tap("New conversation")), StepOn(newChat(""), "Type the number.", TypeIn("res:new_conversation_address", number)),
			StepOn(newChat(number), "Open the thread with it.", Enter()), StepOn(thread(number, "", true), "Type the message.", TypeIn("res:thread_type_message", body)),
			StepOn(thread(number, body, true), "Send.", Tap("Send"))}
	}
	return []Case{
		{Name: "note_and_sms_both_done", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The note is created with the text and saved; then a new conversation with the number gets the same text, shown sent in the thread.", Evaluator: eval,
			Steps: Then(note, append(send(text), Claim(thread(number, "", false, ">"+text), "The note is saved and its text sent by SMS."))...)},
		{Name: "note_saved_sms_never_sent", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The agent creates and saves the note, then declares the task done on Markor's list; no SMS was sent.", Evaluator: eval + " (the SMS half is 0, the score 0.5)",
			Steps: Then(note, Claim(files(markorRoot, "", after...), "The note is created and shared."))},
		{Name: "note_sms_sent_file_name", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue,
			Behaviour: "The note is saved, but the message sent to the number is the note's name, not its content.", Evaluator: eval + " (the body is not the text, the score 0.5)",
			Steps: Then(note, append(send("Note: "+file), Claim(thread(number, "", false, ">Note: "+file), "I shared the note by SMS."))...)},
	}
}

func folderCases() []Case {
	const task, folder = "MarkorCreateFolder", "folder_20250611_093412"
	const goal = "Create a new folder in Markor named " + folder + "."
	const eval = "markor.py MarkorCreateFolder: `find` under " + markorRoot + " lists " + markorRoot + "/" + folder + " exactly"
	noise := []string{"budget_home_renovation.md|Oct 03", "meeting_notes_project_team.md|Oct 08", "summer_vacation_plans.md|Oct 10", "weekend_todo_list.md|Oct 13"}
	list := files(markorRoot, "", noise...)
	with := func(item string) []El { return files(markorRoot, "", append([]string{item}, noise...)...) }
	start := []Step{FromHome("Markor"), StepOn(list, "Add a folder.", Tap("Create a new file or folder"))}
	return []Case{
		{Name: "folder_created_with_folder_button", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The name is typed in the create dialog and Folder pressed; the folder heads the list.", Evaluator: eval,
			Steps: Then(start, StepOn(newItem(list, ""), "Type the name.", TypeIn("res:new_file_dialog__name", folder)),
				StepOn(newItem(list, folder), "Folder, not OK, makes a folder.", Tap("Folder")),
				Claim(with(folder+"/|Oct 15"), "The folder "+folder+" is created."))},
		{Name: "folder_made_as_file", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "The agent presses OK, which makes a Markdown file " + folder + ".md and opens it; it backs out to the list and declares the folder made.", Evaluator: eval + " (only " + folder + ".md exists)",
			Steps: Then(start, StepOn(newItem(list, ""), "Name.", TypeIn("res:new_file_dialog__name", folder)), StepOn(newItem(list, folder), "OK.", Tap("OK")),
				StepOn(editor(folder+".md", "", false), "Back to the list.", Back()),
				Claim(with(folder+".md|Oct 15"), "Created "+folder+"."))},
		{Name: "folder_digits_swapped", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The agent types the name with the last two digits swapped and makes the folder folder_20250611_093421.", Evaluator: eval + " (the folder is folder_20250611_093421)",
			Steps: Then(start, StepOn(newItem(list, ""), "Type the name.", TypeIn("res:new_file_dialog__name", "folder_20250611_093421")),
				StepOn(newItem(list, "folder_20250611_093421"), "Folder.", Tap("Folder")),
				Claim(with("folder_20250611_093421/|Oct 15"), "The folder is created."))},
	}
}

// movePicker is Move's folder picker at path, listing its folders.
func movePicker(under []El, path string, folders ...string) []El {
	out := Screen(under, Els(markor.Text("Select folder", "", Bx(60, 400, 1020, 480)), markor.Text(path, "", Bx(60, 500, 1020, 560)),
		markor.TapText("..", "ui__filesystem_item__title", Bx(60, 580, 1020, 660))))
	for i, f := range folders {
		out = append(out, markor.TapText(f, "ui__filesystem_item__title", Bx(60, 680+i*100, 1020, 760+i*100)))
	}
	return append(out, markor.Button("Cancel", "", Bx(500, 1900, 740, 2000)), markor.Button("OK", "", Bx(760, 1900, 1000, 2000)))
}

func moveCases() []Case {
	const task, note, src, dst = "MarkorMoveNote", "2023_02_17_gentle_elephant.md", "TravelItineraries", "StudyGuides"
	const goal = "In Markor, move the note " + note + " from " + src + " to " + dst + "."
	const eval = "markor.py MarkorMoveNote (file_validators.MoveFile): the note is in " + dst + " and no longer in " + src
	folders := []string{"BookNotes/|Oct 01", "CodeSnippets/|Oct 01", "DailyNotes/|Oct 01", "FitnessPlans/|Oct 01", "MeetingMinutes/|Oct 01", "PersonalJournal/|Oct 01",
		"RecipeCollections/|Oct 01", "StudyGuides/|Oct 01", "TravelItineraries/|Oct 01", "WorkProjects/|Oct 01"}
	names := []string{"BookNotes", "CodeSnippets", "DailyNotes", "FitnessPlans", "MeetingMinutes", "PersonalJournal", "RecipeCollections", "StudyGuides", "TravelItineraries", "WorkProjects"}
	inSrc := []string{note + "|Sep 30", "insurance_plan_comparison.md|Sep 28", "birthday_gift_ideas_mom.md|Sep 25"}
	srcPath := markorRoot + "/" + src
	sel := files(srcPath, note, inSrc...)
	menu := Screen(sel, Rows(markor, "title", 160, "Move", "Copy", "Share", "Select all"))
	start := []Step{FromHome("Markor"), StepOn(files(markorRoot, "", folders...), "Open "+src+".", Tap(src)),
		StepOn(files(srcPath, "", inSrc...), "Select the note.", LongPress(note)), StepOn(sel, "Move is in the menu.", Tap("More options")),
		StepOn(menu, "Move.", Tap("Move")), StepOn(movePicker(sel, srcPath), "Go up to the folders.", Tap(".."))}
	toDst := Then(start, StepOn(movePicker(sel, markorRoot, names...), "Pick "+dst+".", Tap(dst)), StepOn(movePicker(sel, markorRoot+"/"+dst), "Move here.", Tap("OK")))
	return []Case{
		{Name: "note_moved_checked_in_destination", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The note is moved with the picker into StudyGuides; the agent goes up and opens StudyGuides, which lists it.", Evaluator: eval,
			Steps: Then(toDst, StepOn(files(srcPath, "", inSrc[1:]...), "Check the destination.", Back()),
				StepOn(files(markorRoot, "", folders...), "Open StudyGuides.", Tap(dst)),
				Claim(files(markorRoot+"/"+dst, "", note+"|Sep 30", "exam_prep_biology.md|Sep 21"), "The note is now in StudyGuides."))},
		{Name: "note_moved_into_markor_root", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue,
			Behaviour: "After going up in the picker the agent presses OK at Markor's top folder; the note lands there, beside the folders.", Evaluator: eval + " (the note is in Markor's root)",
			Steps: Then(start, StepOn(movePicker(sel, markorRoot, names...), "OK to move.", Tap("OK")),
				StepOn(files(srcPath, "", inSrc[1:]...), "Moved. Go up.", Back()),
				Claim(files(markorRoot, "", append(folders, note+"|Sep 30")...), "The note was moved out of TravelItineraries."))},
		{Name: "note_moved_source_emptied", TaskName: task, Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The note is moved into StudyGuides with the picker; the agent ends on TravelItineraries, which no longer lists it.", Evaluator: eval,
			Steps: Then(toDst, Claim(files(srcPath, "", inSrc[1:]...), "The note left TravelItineraries for StudyGuides."))},
	}
}

func addressCases() []Case {
	const task, to, from, number, address = "SimpleSmsSendReceivedAddress", "Sofia Rossi", "Daniel Kim", "+16175550142", "968 Spruce St, Hartford, CT, 06103"
	const goal = "Text the address of the event to " + to + " that " + from + " just sent me in Simple SMS Messenger"
	const eval = "sms.py SimpleSmsSendReceivedAddress (SimpleSMSSendSms): a message fuzzily equal (difflib ratio at least 0.9) to '" + address + "' went to " + to + "'s " + number + " in the last 5 minutes, and the messenger is in front at the end"
	chats := On(SmsList(from+"|"+address+"|15:31", "Mom|Call me when you can|Oct 12"))
	read := []Step{FromHome("Simple SMS Messenger"), StepOn(chats, "Daniel's message has the address.", Tap(from)),
		StepOn(thread(from, "", false, "<"+address), "Noted. Now a new message to Sofia.", Back()),
		StepOn(chats, "New conversation.", Tap("New conversation")), StepOn(newChat(""), "Find Sofia.", TypeIn("res:new_conversation_address", "Sofia")),
		StepOn(newChat("Sofia", to+"|"+number), "Pick her.", Tap(to))}
	sendTo := func(body string) []Step {
		return []Step{StepOn(thread(to, "", true), "Type the address.", TypeIn("res:thread_type_message", body)), StepOn(thread(to, body, true), "Send.", Tap("Send")),
			Claim(thread(to, "", false, ">"+body), "Sent the address to Sofia.")}
	}
	return []Case{
		{Name: "address_forwarded_to_sofia", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Daniel's message is read, a conversation with Sofia opened from the contacts and the whole address sent.", Evaluator: eval,
			Steps: Then(read, sendTo(address)...)},
		{Name: "address_sent_without_zip", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The address goes to Sofia without its ZIP code, 968 Spruce St, Hartford, CT (difflib ratio 0.885 against the whole).", Evaluator: eval + " (ratio 0.885)",
			Steps: Then(read, sendTo("968 Spruce St, Hartford, CT")...)},
		{Name: "address_replied_to_daniel", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "The agent types the address into Daniel Kim's own thread and sends it back to him.", Evaluator: eval + " (the message went to Daniel's number)",
			Steps: []Step{FromHome("Simple SMS Messenger"), StepOn(chats, "Open the message with the address.", Tap(from)),
				StepOn(thread(from, "", false, "<"+address), "Send the address.", TypeIn("res:thread_type_message", address)),
				StepOn(thread(from, address, true, "<"+address), "Send.", Tap("Send")),
				Claim(thread(from, "", false, "<"+address, ">"+address), "The address has been texted.")}},
	}
}
