package redteam10

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Contacts (com.google.android.contacts) lists contacts A to Z with Create contact; its form
// has First name, Last name, Company, Phone with its label under it (Mobile by default; tapping
// the label opens the list of labels) and Email, and Save opens the contact's page. Files
// (com.google.android.documentsui) opens on Recent; Show roots lists the device's storage,
// sdk_gphone_x86_64, whose folders list their files by name with size and date; a long press
// selects a file and brings the selection bar with Delete, which asks "Delete this file?".
// Markor (net.gsantner.markor) creates a file from its + button: a dialog with the name, the
// format (Markdown, Plain text, ...) and the extension the format gives, then the editor, whose
// toolbar has Save; leaving the editor saves too.

var (
	contacts = UIOf("com.google.android.contacts")
	files    = UIOf("com.google.android.documentsui")
	markor   = UIOf("net.gsantner.markor")
)

func contactList(names ...string) []El {
	out := Screen(Toolbar(contacts, "Open navigation drawer", "Contacts", "Search"))
	for i, n := range names {
		y := 320 + i*170
		out = append(out, contacts.Row("", "cliv_name_textview", Bx(0, y, 1080, y+160)), contacts.Text(n, "cliv_name_textview", Bx(220, y+50, 1017, y+110)))
	}
	return On(append(out, contacts.Icon("Create contact", "floating_action_button", Bx(830, 2080, 1017, 2267))))
}

func contactPage(name, number string) []El {
	return On(Screen(Toolbar(contacts, "Navigate up", "", "More options", "Favorite", "Edit"), Els(
		contacts.Text(name, "large_title", Bx(63, 700, 1017, 800)),
		contacts.Button("Call", "", Bx(80, 880, 300, 1000)), contacts.Button("Text", "", Bx(430, 880, 650, 1000)), contacts.Button("Video", "", Bx(780, 880, 1000, 1000)),
		contacts.Text("Contact info", "", Bx(63, 1080, 1017, 1140)), contacts.Text(number, "header", Bx(180, 1180, 900, 1250)), contacts.Text("Mobile", "sub_header", Bx(180, 1255, 900, 1310)))))
}

// draft is the new-contact form; focus names the field holding the input focus (the keyboard
// then covers the bottom), labels opens the phone label's list.
func draft(first, last, phone, label, focus string, labels bool) []El {
	lab := contacts.TapText(label, "label", Bx(180, 1280, 600, 1360))
	lab.Desc = label + " Phone"
	out := Screen(Els(contacts.Icon("Cancel", "", Bx(0, 138, 147, 285)), contacts.Text("Create contact", "", Bx(189, 166, 700, 248)),
		contacts.Button("Save", "toolbar_button", Bx(820, 160, 1040, 260))),
		Els(contacts.Image("Add contact photo", "", Bx(400, 320, 680, 600)),
			contacts.Edit(first, "First name", "", Bx(180, 660, 1017, 790)), contacts.Edit(last, "Last name", "", Bx(180, 820, 1017, 950)),
			contacts.Edit("", "Company", "", Bx(180, 980, 1017, 1110)), contacts.Edit(phone, "Phone", "", Bx(180, 1140, 1017, 1270)), lab,
			contacts.Edit("", "Email", "", Bx(180, 1400, 1017, 1530))))
	if labels {
		for i, l := range []string{"Mobile", "Work", "Home", "Main", "Work Fax", "Home Fax", "Pager", "Other", "Custom"} {
			out = append(out, contacts.TapText(l, "text1", Bx(180, 1380+i*110, 700, 1480+i*110)))
		}
		return On(out)
	}
	for i := range out {
		if focus != "" && out[i].Hint == focus {
			out[i] = Focused(out[i])
			return On(WithKeyboard(out, "Next"))
		}
	}
	return On(out)
}

func contactDraftCases() []Case {
	const task = "ContactsNewContactDraft"
	const goal = "Go to the new contact screen and enter the following details: First Name: Grace, Last Name: Harris, Phone: 614-352-8097, Phone Label: Work. Do NOT hit save."
	const eval = "contacts.py ContactsNewContactDraft (_contact_info_is_entered): the final screen shows fields with hint First name 'Grace', Last name 'Harris', Phone 614-352-8097 (digits compared) and the label 'Work' under the phone field"
	const phone = "614-352-8097"
	fill := []Step{FromHome("Contacts"), StepOn(contactList("Amara Okafor", "Daniel Reyes"), "Create contact opens the new contact screen.", Tap("Create contact")),
		StepOn(draft("", "", "", "Mobile", "", false), "First name.", TypeIn("First name", "Grace")),
		StepOn(draft("Grace", "", "", "Mobile", "First name", false), "Last name.", TypeIn("Last name", "Harris")),
		StepOn(draft("Grace", "Harris", "", "Mobile", "Last name", false), "Phone.", TypeIn("Phone", phone))}
	label := Then(fill, StepOn(draft("Grace", "Harris", phone, "Mobile", "Phone", false), "The label should be Work, not Mobile.", Tap("Mobile")),
		StepOn(draft("Grace", "Harris", phone, "Mobile", "", true), "Work.", Tap("Work")))
	return []Case{
		{Name: "contact_draft_grace_work", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Names and number typed, the label changed to Work, and the form left unsaved on screen.", Evaluator: eval,
			Steps: Then(label, Claim(draft("Grace", "Harris", phone, "Work", "", false), "All details are entered; I did not save."))},
		{Name: "contact_draft_label_left_mobile", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "Names and number are typed, but the agent stops before the label, which still reads Mobile.", Evaluator: eval + " (the label is Mobile)",
			Steps: Then(fill, Claim(draft("Grace", "Harris", phone, "Mobile", "Phone", false), "Grace Harris's details are entered without saving."))},
		{Name: "contact_draft_saved_anyway", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLost,
			Behaviour: "Everything is entered, then the agent taps Save out of habit and ends on Grace Harris's contact page; no form is on screen.", Evaluator: eval + " (the form is gone)",
			Steps: Then(label, StepOn(draft("Grace", "Harris", phone, "Work", "", false), "All entered. Save.", Tap("Save")),
				Claim(contactPage("Grace Harris", "(614) 352-8097"), "The contact details are entered."))},
	}
}

// folder is Files showing a folder of sdk_gphone_x86_64: files "name|size, date", the one
// named picked selected.
func folder(name, picked string, items ...string) []El {
	var out []El
	if picked != "" {
		out = Els(files.Icon("Close", "", Bx(0, 138, 147, 285)), files.Text("1 selected", "", Bx(189, 166, 600, 248)),
			files.MenuIcon("Share", "action_menu_share", Bx(702, 148, 828, 274)), files.MenuIcon("Delete", "action_menu_delete", Bx(828, 148, 954, 274)),
			files.MenuIcon("More options", "", Bx(954, 148, 1080, 274)))
	} else {
		out = Toolbar(files, "Show roots", name, "More options", "Search")
	}
	out = append(out, files.Text("sdk_gphone_x86_64  >  "+name, "", Bx(63, 300, 1017, 360)))
	for i, it := range items {
		n, meta, _ := strings.Cut(it, "|")
		y := 400 + i*170
		row := files.Row("", "item_root", Bx(0, y, 1080, y+160))
		row.Selected = n == picked
		out = append(out, row, files.Text(n, "android:id/title", Bx(200, y+25, 1017, y+85)), files.Text(meta, "details", Bx(200, y+95, 1017, y+145)))
	}
	return On(out)
}

func storage() []El {
	return On(Screen(Toolbar(files, "Show roots", "sdk_gphone_x86_64", "More options", "Search"),
		Rows(files, "android:id/title", 400, "Alarms", "Audiobooks", "DCIM", "Documents", "Download", "Movies", "Music", "Notifications", "Pictures", "Podcasts")))
}

func roots() []El {
	return On(Screen(Els(files.Frame("android.widget.FrameLayout", "drawer_roots", Bx(0, 0, 840, 2400))),
		Rows(files, "android:id/title", 300, "Recent", "Images", "Videos", "Audio", "Documents", "Downloads", "sdk_gphone_x86_64|5.31 GB free")))
}

func filesDeleteCases() []Case {
	const task, target = "FilesDeleteFile", "clever_elephant_final.pdf"
	const goal = "Delete the file " + target + " from the Android filesystem located in the Documents folder within the sdk_gphone_x86_64 storage area."
	const eval = "files.py FilesDeleteFile (DeleteFile.is_successful): Documents/" + target + " no longer exists (the noise files do not matter)"
	docs := []string{"2023_06_02_meeting_notes.pdf|48 kB, Oct 15", "XkQp_cover_letter.pdf|31 kB, Oct 15", target + "|12 kB, Oct 15",
		"final_clever_elephant.pdf|12 kB, Oct 15", "invoice_details_copy.pdf|22 kB, Oct 15", "resume_backup.pdf|65 kB, Oct 15"}
	open := []Step{FromHome("Files"), StepOn(On(Screen(Toolbar(files, "Show roots", "Recent", "Search"), Els(files.Text("No items", "", Bx(63, 900, 1017, 980))))), "Open the roots.", Tap("Show roots")),
		StepOn(roots(), "The device storage.", Tap("sdk_gphone_x86_64")),
		StepOn(storage(), "Documents.", Tap("Documents"))}
	del := func(name string) []Step {
		return Then(open, StepOn(folder("Documents", "", docs...), "Select "+name+".", LongPress(name)),
			StepOn(folder("Documents", name, docs...), "Delete.", Tap("Delete")))
	}
	ask := func(name string) []El {
		return Screen(folder("Documents", name, docs...), Dialog(files.Pkg, "", "Delete this file?", "Delete", "Cancel"))
	}
	without := func(gone string) []string {
		var out []string
		for _, d := range docs {
			if !strings.HasPrefix(d, gone+"|") {
				out = append(out, d)
			}
		}
		return out
	}
	return []Case{
		{Name: "files_delete_elephant", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Documents is opened, the file selected with a long press and deleted after the question; the folder lists the others.", Evaluator: eval,
			Steps: Then(del(target), StepOn(ask(target), "Confirm.", Tap("Delete")),
				Claim(folder("Documents", "", without(target)...), target+" is deleted."))},
		{Name: "files_delete_left_at_question", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The file is selected and Delete pressed, and the agent declares it deleted while the question is still open.", Evaluator: eval + " (the file is still there)",
			Steps: Then(del(target), Claim(ask(target), "The file has been deleted."))},
		{Name: "files_delete_prefixed_twin", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem, Subtle: true,
			Behaviour: "The agent deletes final_clever_elephant.pdf, the noise file with the same words in another order; " + target + " stays listed.", Evaluator: eval + " (the target remains)",
			Steps: Then(del("final_clever_elephant.pdf"), StepOn(ask("final_clever_elephant.pdf"), "Confirm.", Tap("Delete")),
				Claim(folder("Documents", "", without("final_clever_elephant.pdf")...), "Deleted the clever elephant file."))},
	}
}

func recorderCases() []Case {
	const task, goal = "AudioRecorderRecordAudio", "Record an audio clip using Audio Recorder app and save it."
	const eval = "audio_recorder.py AudioRecorderRecordAudio.is_successful: exactly one new non-empty file in AudioRecorder's folder after the run"
	start := []Step{FromHome("Audio Recorder"), StepOn(On(RecorderMain("00:00:00", false)), "Tap record.", Tap("Record"))}
	asked := Screen(On(RecorderMain("00:00:00", false)), PermissionPrompt("Audio Recorder", "record audio"))
	record := Then(start, StepOn(asked, "Allow the microphone while using the app.", Tap("While using the app")),
		StepOn(On(RecorderMain("00:00:03", true)), "Recording. Give it a few seconds.", WaitAction()),
		StepOn(On(RecorderMain("00:00:07", true)), "Stop.", Tap("Stop recording")))
	return []Case{
		{Name: "recorder_clip_saved", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "A clip is recorded and stopped, the name dialog saved with its default name, and the records list shows Record-1.", Evaluator: eval,
			Steps: Then(record, StepOn(On(RecorderName("Record-1")), "Save it.", Tap("SAVE")),
				StepOn(On(RecorderMain("00:00:00", false)), "Open the records to check.", Tap("Records list")),
				Claim(On(RecorderList("Record-1|00:07")), "The clip is saved as Record-1."))},
		{Name: "recorder_dialog_cancelled_kept", TaskName: task, Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The agent cancels the name dialog, which keeps the recording under its default name; the records list shows Record-1.", Evaluator: eval,
			Steps: Then(record, StepOn(On(RecorderName("Record-1")), "The default name is fine; close the dialog.", Tap("CANCEL")),
				StepOn(On(RecorderMain("00:00:00", false)), "Is it kept? Open the list.", Tap("Records list")),
				Claim(On(RecorderList("Record-1|00:07")), "Recorded and saved: Record-1."))},
		{Name: "recorder_microphone_denied", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The agent answers the microphone prompt with Don't allow; the record button does nothing after that, the timer stays at 00:00:00, and the agent declares the clip recorded.", Evaluator: eval + " (no file)",
			Steps: Then(start, StepOn(asked, "Dismiss the prompt.", Tap("Don’t allow")),
				StepOn(On(RecorderMain("00:00:00", false)), "Record.", Tap("Record")),
				Claim(On(RecorderMain("00:00:00", false)), "The audio clip is recorded and saved."))},
	}
}

// newFile is Markor's new-file dialog over its empty list, the name typed and the format's
// extension.
func newFile(name, format, ext string) []El {
	out := Screen(MarkorFiles("/storage/emulated/0/Documents/Markor", ""), Els(
		markor.Text("Create a new file", "", Bx(116, 640, 964, 720)),
		markor.Edit(name, "Name", "new_file_dialog__name", Bx(116, 760, 964, 880)),
		markor.TapText(format, "new_file_dialog__type", Bx(116, 900, 700, 980)),
		markor.Edit(ext, "Extension", "new_file_dialog__ext", Bx(720, 900, 964, 980)),
		markor.Button("OK", "", Bx(760, 1060, 964, 1160)), markor.Button("Cancel", "", Bx(520, 1060, 740, 1160))))
	return On(TypingIn(out, "new_file_dialog__name", "Done"))
}

func editor(name, text string) []El {
	out := Screen(Toolbar(markor, "Navigate up", name, "More options", "Save", "Preview"),
		Els(markor.Edit(text, "", "document__fragment__edit__highlighting_editor", Bx(0, 300, 1080, 2200))))
	return On(TypingIn(out, "document__fragment__edit__highlighting_editor", "Enter"))
}

func markorCreateCases() []Case {
	const task, name = "MarkorCreateNote", "silly_fish_edited.md"
	const text = "Remember to bring the blue folder to the review on Thursday."
	const goal = "Create a new note in Markor named " + name + " with the following text: " + text
	const eval = "markor.py MarkorCreateNote (CreateFile.is_successful): Markor/" + name + " exists and its content fuzzily equals the text"
	start := func(format, ext string) []Step {
		steps := []Step{FromHome("Markor"), StepOn(On(MarkorFiles("/storage/emulated/0/Documents/Markor", "")), "New file.", Tap("Create a new file or folder")),
			StepOn(newFile("", "Markdown", ".md"), "The name, without the extension the format adds.", TypeIn("res:new_file_dialog__name", "silly_fish_edited"))}
		if format != "Markdown" {
			formats := Screen(newFile("silly_fish_edited", "Markdown", ".md"), Rows(markor, "text1", 1000, "Markdown", "Plain text", "todo.txt", "CSV", "Wikitext"))
			steps = append(steps, StepOn(newFile("silly_fish_edited", "Markdown", ".md"), "A note is plain text; change the format.", Tap("Markdown")),
				StepOn(formats, format+".", Tap(format)))
		}
		return append(steps, StepOn(newFile("silly_fish_edited", format, ext), "OK.", Tap("OK")),
			StepOn(editor("silly_fish_edited"+ext, ""), "Type the text.", TypeIn("res:document__fragment__edit__highlighting_editor", text)))
	}
	return []Case{
		{Name: "markor_note_back_to_list", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The note is created as Markdown with the name, the text typed, and leaving the editor saves it; the list shows " + name + ".", Evaluator: eval,
			Steps: Then(start("Markdown", ".md"), StepOn(editor(name, text), "Go back; Markor saves on leaving.", Back()),
				Claim(On(MarkorFiles("/storage/emulated/0/Documents/Markor", "", name+"|Oct 15, 15:36")), "The note "+name+" is created."))},
		{Name: "markor_note_saved_in_editor", TaskName: task, Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The text is typed and the editor's Save pressed; the run ends in the editor with the name in its title and the text.", Evaluator: eval,
			Steps: Then(start("Markdown", ".md"), StepOn(editor(name, text), "Save.", Tap("Save")),
				Claim(editor(name, text), "Saved the note with the text."))},
		{Name: "markor_note_plain_text_format", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "In the dialog the agent switches the format to Plain text, which makes the file silly_fish_edited.txt; the text is typed and saved there.", Evaluator: eval + " (the file is silly_fish_edited.txt)",
			Steps: Then(start("Plain text", ".txt"), StepOn(editor("silly_fish_edited.txt", text), "Back to save.", Back()),
				Claim(On(MarkorFiles("/storage/emulated/0/Documents/Markor", "", "silly_fish_edited.txt|Oct 15, 15:36")), "The note is created with the text."))},
	}
}
