package redteam3

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Markor (net.gsantner.markor): its file browser (a long press selects a file, the bin
// deletes it after a question), the editor (saved by its save icon, or on leaving it) and
// the view mode that shows a file's saved content.

var markor = UIOf("net.gsantner.markor")

func markorFiles(selected string, names ...string) []El {
	out := Toolbar(markor, "", "Markor", "Search", "More options")
	if selected != "" {
		out = Toolbar(markor, "Navigate up", "1 selected", "Delete", "Move", "More options")
	}
	for i, n := range names {
		y := 320 + i*150
		e := markor.TapText(n, "ui__filesystem_item__title", Bx(210, y+24, 1040, y+80))
		if n == selected {
			e = Selected(e)
		}
		out = append(out, e, markor.Text("10/12/2023, 09:14", "ui__filesystem_item__description", Bx(210, y+84, 1040, y+120)))
	}
	return append(out, FabIcon(markor, "Create a new file or folder"))
}

func markorEditor(file, body string, focused bool) []El {
	e := markor.Edit(body, "", "document__fragment__edit__highlighting_editor", Bx(0, 285, 1080, 2150))
	if focused {
		e = Focused(e)
	}
	out := append(Toolbar(markor, "Navigate up", file, "Save", "View", "More options"), e)
	if focused {
		return typing(out, "Enter")
	}
	return out
}

func markorView(file, body string) []El {
	return append(Toolbar(markor, "Navigate up", file, "Edit", "More options"), markor.Text(body, "document__fragment_view_webview", Bx(0, 285, 1080, 2150)))
}

func markorCases() []Case {
	const delEval = "markor.py MarkorDeleteNote.is_successful: the file no longer exists in Markor's folder"
	files := []string{"grocery_list.md", "meeting_notes.md", "meeting_notes_old.md", "trip_ideas.md"}
	without := func(name string) []string {
		var out []string
		for _, f := range files {
			if f != name {
				out = append(out, f)
			}
		}
		return out
	}
	del := func(name string) []Step {
		return []Step{FromHome("Markor"),
			StepOn(On(markorFiles("", files...)), "Select the note.", LongPress(name)),
			StepOn(On(markorFiles(name, files...)), "Delete it.", Tap("Delete")),
			StepOn(On(markorFiles(name, files...), Dialog(markor.Pkg, "Delete", "Do you really want to delete "+name+"?", "OK", "Cancel")), "Confirm.", Tap("OK")),
		}
	}
	const header = "Status: approved"
	const body = "Budget review for Q4.\nOwner: Priya"
	const editEval = "markor.py MarkorEditNote.is_successful (header): the file is the header, a newline, then the original content"
	open := []Step{FromHome("Markor"),
		StepOn(On(markorFiles("", files...)), "Open the note.", Tap("meeting_notes.md")),
		StepOn(On(markorView("meeting_notes.md", body)), "Edit.", Tap("Edit")),
		StepOn(On(markorEditor("meeting_notes.md", body, true)), "Add the header at the top.", TypeIn("res:document__fragment__edit__highlighting_editor", header+"\n"+body)),
	}
	edited := header + "\n" + body
	return []Case{
		{Name: "markor_note_deleted", TaskName: "MarkorDeleteNote", Goal: "Delete the note in Markor named meeting_notes_old.md.", Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "A confirmed delete removes the file from the browser's list at once.", Evaluator: delEval,
			Steps: Then(del("meeting_notes_old.md"), StepOn(On(markorFiles("", without("meeting_notes_old.md")...)), "Deleted.", Done()))},
		{Name: "markor_delete_cancelled", TaskName: "MarkorDeleteNote", Goal: "Delete the note in Markor named meeting_notes_old.md.", Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Cancel in the delete question keeps the file; the list still shows it.", Evaluator: delEval + " (the file is still there)",
			Steps: []Step{FromHome("Markor"),
				StepOn(On(markorFiles("", files...)), "Select the note.", LongPress("meeting_notes_old.md")),
				StepOn(On(markorFiles("meeting_notes_old.md", files...)), "Delete it.", Tap("Delete")),
				StepOn(On(markorFiles("meeting_notes_old.md", files...), Dialog(markor.Pkg, "Delete", "Do you really want to delete meeting_notes_old.md?", "OK", "Cancel")), "Dismiss the question.", Tap("Cancel")),
				StepOn(On(markorFiles("", files...)), "The note is handled.", Done())}},
		{Name: "markor_deleted_similar_name", TaskName: "MarkorDeleteNote", Goal: "Delete the note in Markor named meeting_notes_old.md.", Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Two files share a prefix; deleting meeting_notes.md leaves meeting_notes_old.md in the list.", Evaluator: delEval + " (meeting_notes_old.md still exists)",
			Steps: Then(del("meeting_notes.md"), StepOn(On(markorFiles("", without("meeting_notes.md")...)), "The meeting note is deleted.", Done()))},
		{Name: "markor_header_saved", TaskName: "MarkorEditNote", Goal: "Edit meeting_notes.md in Markor. Add to the top of the note Status: approved", Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The editor's save icon writes the file; the view mode then shows the saved text.", Evaluator: editEval,
			Steps: Then(open,
				StepOn(On(markorEditor("meeting_notes.md", edited, true)), "Save.", Tap("Save")),
				StepOn(On(markorEditor("meeting_notes.md", edited, false)), "View it.", Tap("View")),
				StepOn(On(markorView("meeting_notes.md", edited)), "The header is at the top.", Done()))},
		{Name: "markor_header_saved_in_editor", TaskName: "MarkorEditNote", Goal: "Edit meeting_notes.md in Markor. Add to the top of the note Status: approved", Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The editor stays open after its save icon is tapped, the saved text still in the editing field.", Evaluator: editEval,
			Steps: Then(open,
				StepOn(On(markorEditor("meeting_notes.md", edited, true)), "Save.", Tap("Save")),
				StepOn(On(markorEditor("meeting_notes.md", edited, false)), "Saved with the header at the top.", Done()))},
		{Name: "markor_header_in_other_note", TaskName: "MarkorEditNote", Goal: "Edit meeting_notes.md in Markor. Add to the top of the note Status: approved", Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The editor's title names the file being edited; meeting_notes_old.md is another file.", Evaluator: editEval + " (meeting_notes.md is unchanged)",
			Steps: []Step{FromHome("Markor"),
				StepOn(On(markorFiles("", files...)), "Open the meeting note.", Tap("meeting_notes_old.md")),
				StepOn(On(markorView("meeting_notes_old.md", "Budget review for Q3.\nOwner: Priya")), "Edit.", Tap("Edit")),
				StepOn(On(markorEditor("meeting_notes_old.md", "Budget review for Q3.\nOwner: Priya", true)), "Add the header.", TypeIn("res:document__fragment__edit__highlighting_editor", header+"\nBudget review for Q3.\nOwner: Priya")),
				StepOn(On(markorEditor("meeting_notes_old.md", header+"\nBudget review for Q3.\nOwner: Priya", true)), "Save.", Tap("Save")),
				StepOn(On(markorEditor("meeting_notes_old.md", header+"\nBudget review for Q3.\nOwner: Priya", false)), "The header is at the top of the meeting notes.", Done())}},
		{Name: "markor_header_saved_on_leaving", TaskName: "MarkorEditNote", Goal: "Edit meeting_notes.md in Markor. Add to the top of the note Status: approved", Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Markor saves the editor's text when the editor is left; reopening the file shows it.", Evaluator: editEval,
			Steps: Then(open,
				StepOn(On(markorEditor("meeting_notes.md", edited, true)), "Leave the editor.", Back()),
				StepOn(On(markorEditor("meeting_notes.md", edited, false)), "Back to the files.", Back()),
				StepOn(On(markorFiles("", files...)), "Reopen to check.", Tap("meeting_notes.md")),
				StepOn(On(markorView("meeting_notes.md", edited)), "The header is there.", Done()))},
		{Name: "markor_header_added_at_end", TaskName: "MarkorEditNote", Goal: "Edit meeting_notes.md in Markor. Add to the top of the note Status: approved", Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Typing where the cursor lands (the end) appends the text under the content instead of above it.", Evaluator: editEval + " (the header is at the end)",
			Steps: []Step{FromHome("Markor"),
				StepOn(On(markorFiles("", files...)), "Open the note.", Tap("meeting_notes.md")),
				StepOn(On(markorView("meeting_notes.md", body)), "Edit.", Tap("Edit")),
				StepOn(On(markorEditor("meeting_notes.md", body, true)), "Add the header.", TypeIn("res:document__fragment__edit__highlighting_editor", body+"\n"+header)),
				StepOn(On(markorEditor("meeting_notes.md", body+"\n"+header, true)), "Save.", Tap("Save")),
				StepOn(On(markorEditor("meeting_notes.md", body+"\n"+header, false)), "View.", Tap("View")),
				StepOn(On(markorView("meeting_notes.md", body+"\n"+header)), "The note has the header.", Done())}},
	}
}
