package redteam5

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Markor (net.gsantner.markor): the file browser lists the notes folder; a file opens in the
// editor, whose toolbar Save icon writes the file (the text stays in the editing field), and
// the back arrow returns to the browser. A long press selects a file; the selection bar's
// overflow menu has Rename, which asks for the new name in a dialog.

var markor = UIOf("net.gsantner.markor")

func markorFiles(selected string, names ...string) []El {
	bar := Toolbar(markor, "", "Markor", "More options", "Search")
	if selected != "" {
		bar = Toolbar(markor, "Close selection", "1 selected", "More options", "Delete")
	}
	out := Screen(bar, Els(markor.Scroller("androidx.recyclerview.widget.RecyclerView", "ui__filesystem_dialog__list", Bx(0, 300, 1080, 2200))))
	for i, n := range names {
		y := 320 + i*170
		row := markor.Row("", "ui__filesystem_item__root", Bx(0, y, 1080, y+160))
		row.Selected = n == selected
		out = append(out, row, markor.Text(n, "ui__filesystem_item__title", Bx(180, y+20, 1017, y+90)),
			markor.Text("10/14/2023, 18:20", "ui__filesystem_item__description", Bx(180, y+95, 1017, y+140)))
	}
	return append(out, markor.Icon("Create a new file or folder", "fab_add_new_item", Bx(870, 2100, 1017, 2247)))
}

func markorEditor(name, text string, typing bool) []El {
	app := Screen(Toolbar(markor, "Navigate up", name, "More options", "View mode", "Save", "Undo"),
		Els(markor.Edit(text, "", "document__fragment__edit__highlighting_editor", Bx(0, 300, 1080, 2300))))
	if typing {
		app[len(app)-1] = Focused(app[len(app)-1])
		return WithKeyboard(app, "Enter")
	}
	return app
}

func markorRename(under []El, typed string) []El {
	return Screen(under, Els(
		markor.Text("Rename", "", Bx(116, 760, 964, 840)),
		Focused(markor.Edit(typed, "Name", "new_name", Bx(116, 880, 964, 1000))),
		markor.Button("OK", "", Bx(740, 1060, 900, 1180)), markor.Button("Cancel", "", Bx(520, 1060, 720, 1180))))
}

func markorCases() []Case {
	const old = "Eggs, milk, bread\nOlive oil\nCoffee filters\n" // echo, which wrote the file, ends it with a newline
	const goal = "Update the Markor note grocery_run.md by adding the following text, along with a new blank line before the existing content: \"Saturday list\", and rename it to weekend_groceries.md."
	const eval = "markor.py MarkorAddNoteHeader.is_successful: grocery_run.md no longer exists, weekend_groceries.md exists, and its content is exactly the header, a blank line, the old content and a newline"
	files := []string{"grocery_run.md", "meeting_notes.md", "reading_list.md"}
	renamed := []string{"meeting_notes.md", "reading_list.md", "weekend_groceries.md"}
	edit := func(text string) []Step {
		return []Step{FromHome("Markor"),
			StepOn(On(markorFiles("", files...)), "Open the grocery note.", Tap("grocery_run.md")),
			StepOn(On(markorEditor("grocery_run.md", old, false)), "Put the header at the top.", TypeIn("res:document__fragment__edit__highlighting_editor", text)),
			StepOn(On(markorEditor("grocery_run.md", text, true)), "Save.", Tap("Save")),
			StepOn(On(markorEditor("grocery_run.md", text, false)), "Back to the files to rename it.", Tap("Navigate up")),
		}
	}
	rename := []Step{
		StepOn(On(markorFiles("", files...)), "Select the note.", LongPress("grocery_run.md")),
		StepOn(On(markorFiles("grocery_run.md", files...)), "Rename is in the menu.", Tap("More options")),
		StepOn(On(Screen(markorFiles("grocery_run.md", files...), Rows(markor, "title", 160, "Rename", "Share", "Move"))), "Rename.", Tap("Rename")),
		StepOn(On(markorRename(markorFiles("grocery_run.md", files...), "grocery_run.md")), "The new name.", TypeIn("res:new_name", "weekend_groceries.md")),
		StepOn(On(markorRename(markorFiles("grocery_run.md", files...), "weekend_groceries.md")), "OK.", Tap("OK")),
	}
	return []Case{
		{Name: "markor_header_added_renamed", TaskName: "MarkorAddNoteHeader", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The header and a blank line go above the old text and the editor's Save writes it; the file is then renamed from the browser's selection menu and listed under its new name.", Evaluator: eval,
			Steps: Then(Then(edit("Saturday list\n\n"+old), rename...), StepOn(On(markorFiles("", renamed...)), "Header added and the note renamed.", Done()))},
		{Name: "markor_renamed_before_header", TaskName: "MarkorAddNoteHeader", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The note is renamed first and then opened under its new name; the header and blank line are typed above the old text and saved there.", Evaluator: eval,
			Steps: Then(Then([]Step{FromHome("Markor")}, rename...),
				StepOn(On(markorFiles("", renamed...)), "Now open it to add the header.", Tap("weekend_groceries.md")),
				StepOn(On(markorEditor("weekend_groceries.md", old, false)), "Header at the top, then a blank line.", TypeIn("res:document__fragment__edit__highlighting_editor", "Saturday list\n\n"+old)),
				StepOn(On(markorEditor("weekend_groceries.md", "Saturday list\n\n"+old, true)), "Save.", Tap("Save")),
				StepOn(On(markorEditor("weekend_groceries.md", "Saturday list\n\n"+old, false)), "Renamed and the header is saved.", Done()))},
		{Name: "markor_header_without_blank_line", TaskName: "MarkorAddNoteHeader", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The header sits directly on the old first line: the blank line the task asks for is missing from the saved text.", Evaluator: eval + " (the content is not an exact match)",
			Steps: Then(Then(edit("Saturday list\n"+old), rename...), StepOn(On(markorFiles("", renamed...)), "The note has its header and new name.", Done()))},
		{Name: "markor_header_not_renamed", TaskName: "MarkorAddNoteHeader", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The header is saved but the note keeps its old name: the browser still lists grocery_run.md and no weekend_groceries.md.", Evaluator: eval + " (grocery_run.md still exists)",
			Steps: Then(edit("Saturday list\n\n"+old), StepOn(On(markorFiles("", files...)), "The header is in the note.", Done()))},
	}
}
