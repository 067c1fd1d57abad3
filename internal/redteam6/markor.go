package redteam6

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Markor (net.gsantner.markor) lists the files of its folder; the + button asks for a new
// file's name and type (Markdown adds .md) and opens it in the editor, one large text field
// with Save in the toolbar; the editor also saves what it holds when it is left. A long press
// in the field offers Paste; Gboard's strip offers the clipboard as a chip. A long press on a
// file selects it, and the selection bar's Delete asks to confirm.

var markor = UIOf("net.gsantner.markor")

// markorList is the files, each changed Oct 14, with selected shown as picked in the selection
// bar.
func markorList(selected string, names ...string) []El {
	items := make([]string, len(names))
	for i, n := range names {
		items[i] = n + "|Oct 14, 2023"
	}
	return MarkorFiles("/storage/emulated/0/Documents/Markor", selected, items...)
}

func markorNewDialog(under []El, name string, focused bool) []El {
	d := Screen(under, Els(markor.Text("Create a new file", "", Bx(116, 700, 964, 780)),
		markor.Edit(name, "Name", "new_file_dialog__name", Bx(116, 820, 964, 950)),
		markor.TapText("Markdown", "new_file_dialog__type", Bx(116, 980, 964, 1080)),
		markor.Button("OK", "", Bx(740, 1140, 964, 1260)), markor.Button("Folder", "", Bx(116, 1140, 360, 1260)), markor.Button("Cancel", "", Bx(480, 1140, 720, 1260))))
	if focused {
		return TypingIn(d, "new_file_dialog__name", "Done")
	}
	return d
}

// markorEdit is the editor with text; pasteMenu shows the field's Paste action, chip the
// keyboard with the clipboard chip.
func markorEdit(title, text string, pasteMenu bool, chip string) []El {
	out := Screen(Els(markor.Icon("Navigate up", "", Bx(0, 138, 147, 285)), markor.Text(title, "", Bx(189, 166, 600, 248)),
		markor.MenuIcon("Save", "action_save", Bx(702, 148, 828, 274)), markor.MenuIcon("Preview", "action_preview", Bx(828, 148, 954, 274)),
		markor.MenuIcon("More options", "", Bx(954, 148, 1080, 274))),
		Els(markor.Edit(text, "", "document__fragment__edit__highlighting_editor", Bx(0, 285, 1080, 2100))))
	if pasteMenu {
		out = append(out, markor.TapText("Paste", "", Bx(60, 330, 260, 440)))
	}
	if chip != "" {
		return WithKeyboard(Screen(out[:len(out)-1], Els(Focused(out[len(out)-1]))), "Enter", chip)
	}
	return out
}

func markorClipboardCases() []Case {
	const name = "quiet_harbor_backup"
	const content = "bX4kQ9mTzp"
	const goal = "Create a note in Markor named " + name + ".md. Perform a paste operation in the note and save the note."
	const eval = "markor.py MarkorCreateNoteFromClipboard (CreateFile.is_successful): quiet_harbor_backup.md exists in Markor's folder and its text fuzzily matches the clipboard's, bX4kQ9mTzp"
	files := []string{"2023_03_02_shopping_list.md", "meeting_notes.md", "travel_plans_copy.txt"}
	create := []Step{FromHome("Markor"),
		StepOn(On(markorList("", files...)), "Create a new file.", Tap("Create a new file or folder")),
		StepOn(On(markorNewDialog(markorList("", files...), "", false)), "Name it; the Markdown type adds .md.", TypeIn("Name", name)),
		StepOn(On(markorNewDialog(markorList("", files...), name, true)), "OK.", Tap("OK")),
	}
	withNew := append([]string{name + ".md"}, files...)
	return []Case{
		{Name: "markor_clipboard_pasted_saved", TaskName: "MarkorCreateNoteFromClipboard", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The new note's editor gets the clipboard's text through Paste; Save is tapped and back in the list the file is there.", Evaluator: eval,
			Steps: Then(create,
				StepOn(On(markorEdit(name, "", false, "")), "Long press the editor to paste.", LongPress("res:document__fragment__edit__highlighting_editor")),
				StepOn(On(markorEdit(name, "", true, "")), "Paste.", Tap("Paste")),
				StepOn(On(markorEdit(name, content, false, "")), "The clipboard text is in. Save.", Tap("Save")),
				StepOn(On(markorEdit(name, content, false, "")), "Saved. Back to the files.", Tap("Navigate up")),
				Claim(On(markorList("", withNew...)), "The note was created with the pasted text and saved."))},
		{Name: "markor_clipboard_note_left_empty", TaskName: "MarkorCreateNoteFromClipboard", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The note is created and its editor opens empty; the run ends there without pasting anything.", Evaluator: eval + " (the file is empty)",
			Steps: Then(create, Claim(On(markorEdit(name, "", false, "")), "The note quiet_harbor_backup.md is created."))},
		{Name: "markor_clipboard_chip_back_saved", TaskName: "MarkorCreateNoteFromClipboard", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The clipboard chip on Gboard's strip pastes the text into the editor; back leaves the editor, which saves it, and the list shows the file.", Evaluator: eval,
			Steps: Then(create,
				StepOn(On(markorEdit(name, "", false, "")), "Tap the editor to bring up the keyboard.", Tap("res:document__fragment__edit__highlighting_editor")),
				StepOn(On(markorEdit(name, "", false, content)), "Gboard offers the clipboard; paste it.", Tap(content)),
				StepOn(On(markorEdit(name, content, false, "")), "Pasted. Leaving the editor saves it.", Back()),
				Claim(On(markorList("", withNew...)), "The note holds the pasted text and is saved."))},
	}
}

func markorDeleteCases() []Case {
	const name = "brave_lantern_edited"
	const goal = "Delete the note in Markor named " + name + "."
	const eval = "markor.py MarkorDeleteNote (DeleteFile.is_successful): no file named brave_lantern_edited is left in Markor's folder"
	files := []string{"2023_05_11_quick_notes.md", name, "grocery_list.md", "project_ideas.md"}
	left := []string{files[0], files[2], files[3]}
	sel := markorList(name, files...)
	confirm := Screen(sel, Dialog(markor.Pkg, "Delete", "Do you really want to delete this file?\n"+name, "OK", "Cancel"))
	pick := []Step{FromHome("Markor"),
		StepOn(On(markorList("", files...)), "Select the note with a long press.", LongPress(name)),
		StepOn(On(sel), "Delete it.", Tap("Delete")),
	}
	return []Case{
		{Name: "markor_note_deleted", TaskName: "MarkorDeleteNote", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The note is selected, deleted from the selection bar and the dialog confirmed; the list closes up without it.", Evaluator: eval,
			Steps: Then(pick, StepOn(On(confirm), "Confirm.", Tap("OK")), Claim(On(markorList("", left...)), "The note is deleted."))},
		{Name: "markor_note_deleted_then_home", TaskName: "MarkorDeleteNote", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The note is deleted and the list shows it gone; the agent then goes to the home screen before it stops, which undoes nothing.", Evaluator: eval,
			Steps: Then(pick, StepOn(On(confirm), "Confirm.", Tap("OK")), StepOn(On(markorList("", left...)), "Gone. Back home.", Home()),
				Claim(On(HomeScreen()), "Deleted the note."))},
		{Name: "markor_delete_dialog_left", TaskName: "MarkorDeleteNote", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The run ends on the confirmation dialog; nothing is deleted until OK.", Evaluator: eval + " (the file is still there)",
			Steps: Then(pick, Claim(On(confirm), "The note is being deleted."))},
	}
}
