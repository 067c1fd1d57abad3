package redteam4

import (
	"fmt"
	"slices"
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Markor (net.gsantner.markor): the file browser lists each file with its last change; a long
// press starts a selection whose toolbar deletes (after a question), selects all or, in its
// overflow, renames. The editor saves with its save icon; the view mode shows the saved file.
// The new-file dialog takes the name; the editor starts empty.

var markor = UIOf("net.gsantner.markor")

// markorBrowser lists files ("name|changed"), with those in selected ticked.
func markorBrowser(selected []string, files ...string) []El {
	out := Toolbar(markor, "", "Markor", "Search", "Sort by", "More options")
	if len(selected) > 0 {
		out = Toolbar(markor, "Navigate up", fmt.Sprintf("%d selected", len(selected)), "Delete", "Select all", "More options")
	}
	out = append(out, markor.Scroller("androidx.recyclerview.widget.RecyclerView", "ui__filesystem_dialog__list", Bx(0, 285, 1080, 2337)))
	for _, e := range Rows(markor, "ui__filesystem_item__title", 330, files...) {
		if slices.Contains(selected, e.Text) {
			e = Selected(e)
		}
		out = append(out, e)
	}
	return append(out, FabIcon(markor, "Create a new file or folder"))
}

func markorEditing(file, body string, typing bool, suggestions ...string) []El {
	field := markor.Edit(body, "", "document__fragment__edit__highlighting_editor", Bx(0, 285, 1080, 2337))
	out := append(Toolbar(markor, "Navigate up", file, "Save", "View", "More options"), field)
	if !typing {
		return out
	}
	out[len(out)-1] = Focused(field)
	return WithKeyboard(out, "Enter", suggestions...)
}

func markorReading(file, body string) []El {
	return append(Toolbar(markor, "Navigate up", file, "Edit", "More options"),
		markor.Text(body, "document__fragment_view_webview", Bx(0, 285, 1080, 2337)))
}

// markorNameDialog is the new-file or rename dialog over the browser, with the name typed so far.
func markorNameDialog(under []El, title, name string) []El {
	field := Focused(markor.Edit(name, "Name", "new_file_dialog__name", Bx(116, 1040, 964, 1180)))
	return WithKeyboard(Screen(under, Dialog(markor.Pkg, title, "", "OK", "Cancel"), Els(field)), "Done")
}

func markorOverflow(under []El) []El {
	return Screen(under, Rows(markor, "title", 160, "Rename", "Share", "Add to favourites", "File info"))
}

func markorCases() []Case {
	// The newest note: each task generates its notes with random change times.
	notes := []string{"budget_2023.md|10/14/2023, 09:12", "gift_ideas.md|10/15/2023, 11:47", "packing_list.md|10/13/2023, 18:30", "reading_log.md|10/09/2023, 07:55"}
	names := func(items []string) []string {
		var out []string
		for _, it := range items {
			n, _, _ := strings.Cut(it, "|")
			out = append(out, n)
		}
		return out
	}
	except := func(items []string, gone ...string) []string {
		var out []string
		for _, it := range items {
			if n, _, _ := strings.Cut(it, "|"); !slices.Contains(gone, n) {
				out = append(out, it)
			}
		}
		return out
	}
	deleteOne := func(name, why string) []Step {
		return []Step{FromHome("Markor"),
			StepOn(On(markorBrowser(nil, notes...)), why, LongPress(name)),
			StepOn(On(markorBrowser([]string{name}, notes...)), "Delete the selected note.", Tap("Delete")),
			StepOn(On(markorBrowser([]string{name}, notes...), Dialog(markor.Pkg, "Delete", "Do you really want to delete "+name+"?", "OK", "Cancel")), "Confirm.", Tap("OK")),
		}
	}
	const newestEval = "markor.py MarkorDeleteNewestNote.is_successful: one file fewer, and every remaining file is one of the first files by change time, unchanged (the newest is the one gone)"
	const allEval = "markor.py MarkorDeleteAllNotes.is_successful: Markor's folder lists no file"

	many := append(append([]string(nil), notes...), "zz_archive.md|10/02/2023, 16:20")
	const allGoal = "Delete all my notes in Markor."

	const oldBody = "q8XbT2mLp0vR7sWz1KcY"
	const newBody = "Kitchen sink drips again, call before Friday"
	const changeGoal = `Update the content of call_plumber.md to "` + newBody + `" in Markor and change its name to plumber_followup.md.`
	const changeEval = "markor.py MarkorChangeNoteContent.is_successful: call_plumber.md is gone, plumber_followup.md exists and its content is the updated text"
	plumber := []string{"call_plumber.md|10/15/2023, 15:20", "holiday_plan.md|10/11/2023, 10:02", "recipes.md|10/08/2023, 19:45"}
	renamed := []string{"holiday_plan.md|10/11/2023, 10:02", "plumber_followup.md|10/15/2023, 15:36", "recipes.md|10/08/2023, 19:45"}
	change := func(typed string) []Step {
		return []Step{FromHome("Markor"),
			StepOn(On(markorBrowser(nil, plumber...)), "Open the note.", Tap("call_plumber.md")),
			StepOn(On(markorReading("call_plumber.md", oldBody)), "Edit it.", Tap("Edit")),
			StepOn(On(markorEditing("call_plumber.md", oldBody, true)), "Write the new content.", TypeIn("res:document__fragment__edit__highlighting_editor", typed)),
			StepOn(On(markorEditing("call_plumber.md", typed, true)), "Save.", Tap("Save")),
			StepOn(On(markorEditing("call_plumber.md", typed, false)), "Back to the files to rename it.", Tap("Navigate up")),
			StepOn(On(markorBrowser(nil, plumber...)), "Select the note.", LongPress("call_plumber.md")),
			StepOn(On(markorBrowser([]string{"call_plumber.md"}, plumber...)), "Rename is in the overflow menu.", Tap("More options")),
			StepOn(On(markorOverflow(markorBrowser([]string{"call_plumber.md"}, plumber...))), "Rename.", Tap("Rename")),
			StepOn(On(markorNameDialog(markorBrowser(nil, plumber...), "Rename", "call_plumber.md")), "Type the new name.", TypeIn("res:new_file_dialog__name", "plumber_followup.md")),
		}
	}
	renameOK := func(shown string) []Step {
		return []Step{
			StepOn(On(markorNameDialog(markorBrowser(nil, plumber...), "Rename", "plumber_followup.md")), "Confirm the name.", Tap("OK")),
			StepOn(On(markorBrowser(nil, renamed...)), "Check the content.", Tap("plumber_followup.md")),
			StepOn(On(markorReading("plumber_followup.md", shown)), "The note is renamed and holds the new text.", Done()),
		}
	}

	const clip = "TRK-55910-BX-2207"
	const clipGoal = "Create a note in Markor named shipping_code.md. Perform a paste operation in the note and save the note."
	const clipEval = "markor.py MarkorCreateNoteFromClipboard.is_successful (file_validators.CreateFile): shipping_code.md exists and its content is the clipboard's text"
	home := []string{"holiday_plan.md|10/11/2023, 10:02", "recipes.md|10/08/2023, 19:45"}
	createClip := []Step{FromHome("Markor"),
		StepOn(On(markorBrowser(nil, home...)), "Create a file.", Tap("Create a new file or folder")),
		StepOn(On(markorNameDialog(markorBrowser(nil, home...), "Create a new file", "")), "Name it.", TypeIn("res:new_file_dialog__name", "shipping_code.md")),
		StepOn(On(markorNameDialog(markorBrowser(nil, home...), "Create a new file", "shipping_code.md")), "Create.", Tap("OK")),
	}

	const mergeGoal = "Merge the contents of Markor notes chores.md, errands.md and groceries.md (in the same order) into a new Markor note named weekend_plan.md and save it. Add a new line between the content of each note."
	const mergeEval = "markor.py MarkorMergeNotes.is_successful (file_validators.CreateFile): weekend_plan.md holds the three notes' contents in the order given, a blank line between them"
	parts := map[string]string{"chores.md": "Vacuum the hallway", "errands.md": "Drop off the parcel", "groceries.md": "Oat milk and apples"}
	lists := []string{"chores.md|10/14/2023, 08:40", "errands.md|10/14/2023, 08:44", "groceries.md|10/13/2023, 21:05"}
	merge := func(order ...string) []Step {
		steps := []Step{FromHome("Markor")}
		for _, n := range []string{"chores.md", "errands.md", "groceries.md"} {
			steps = append(steps,
				StepOn(On(markorBrowser(nil, lists...)), "Read "+n+".", Tap(n)),
				StepOn(On(markorReading(n, parts[n])), "Noted; back to the files.", Tap("Navigate up")))
		}
		var texts []string
		for _, n := range order {
			texts = append(texts, parts[n])
		}
		merged := strings.Join(texts, "\n\n")
		return append(steps,
			StepOn(On(markorBrowser(nil, lists...)), "Create the merged note.", Tap("Create a new file or folder")),
			StepOn(On(markorNameDialog(markorBrowser(nil, lists...), "Create a new file", "")), "Name it.", TypeIn("res:new_file_dialog__name", "weekend_plan.md")),
			StepOn(On(markorNameDialog(markorBrowser(nil, lists...), "Create a new file", "weekend_plan.md")), "Create.", Tap("OK")),
			StepOn(On(markorEditing("weekend_plan.md", "", true)), "Write the three notes, a blank line between them.", TypeIn("res:document__fragment__edit__highlighting_editor", merged)),
			StepOn(On(markorEditing("weekend_plan.md", merged, true)), "Save.", Tap("Save")),
			StepOn(On(markorEditing("weekend_plan.md", merged, false)), "View the saved note.", Tap("View")),
			StepOn(On(markorReading("weekend_plan.md", merged)), "The notes are merged.", Done()))
	}

	return []Case{
		{Name: "markor_newest_deleted", TaskName: "MarkorDeleteNewestNote", Goal: "Delete the newest note in Markor.", Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Each file shows when it last changed; the one changed latest is deleted after the question, and the list no longer has it.", Evaluator: newestEval,
			Steps: Then(deleteOne("gift_ideas.md", "gift_ideas.md changed latest, today at 11:47."),
				StepOn(On(markorBrowser(nil, except(notes, "gift_ideas.md")...)), "The newest note is deleted.", Done()))},
		{Name: "markor_oldest_deleted", TaskName: "MarkorDeleteNewestNote", Goal: "Delete the newest note in Markor.", Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The list is sorted by name, not by date; the last row is the oldest file, and the newest stays in the list.", Evaluator: newestEval + " (reading_log.md, the oldest, is gone; gift_ideas.md remains)",
			Steps: Then(deleteOne("reading_log.md", "The last note in the list is the newest one."),
				StepOn(On(markorBrowser(nil, except(notes, "reading_log.md")...)), "The newest note is deleted.", Done()))},
		{Name: "markor_all_deleted", TaskName: "MarkorDeleteAllNotes", Goal: allGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Select all ticks every file; one confirmed delete empties the folder and the browser lists nothing.", Evaluator: allEval,
			Steps: []Step{FromHome("Markor"),
				StepOn(On(markorBrowser(nil, notes...)), "Start a selection.", LongPress("budget_2023.md")),
				StepOn(On(markorBrowser([]string{"budget_2023.md"}, notes...)), "Select every note.", Tap("Select all")),
				StepOn(On(markorBrowser(names(notes), notes...)), "Delete them.", Tap("Delete")),
				StepOn(On(markorBrowser(names(notes), notes...), Dialog(markor.Pkg, "Delete", "Do you really want to delete 4 items?", "OK", "Cancel")), "Confirm.", Tap("OK")),
				StepOn(On(markorBrowser(nil)), "The folder is empty.", Done())}},
		{Name: "markor_all_but_one_deleted", TaskName: "MarkorDeleteAllNotes", Goal: allGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Ticking the rows one by one leaves the last file out; after the delete it is still listed.", Evaluator: allEval + " (zz_archive.md remains)",
			Steps: []Step{FromHome("Markor"),
				StepOn(On(markorBrowser(nil, many...)), "Select the first note.", LongPress("budget_2023.md")),
				StepOn(On(markorBrowser(names(many)[:1], many...)), "Add the next.", Tap("gift_ideas.md")),
				StepOn(On(markorBrowser(names(many)[:2], many...)), "And the next.", Tap("packing_list.md")),
				StepOn(On(markorBrowser(names(many)[:3], many...)), "And the next.", Tap("reading_log.md")),
				StepOn(On(markorBrowser(names(many)[:4], many...)), "Delete the notes.", Tap("Delete")),
				StepOn(On(markorBrowser(names(many)[:4], many...), Dialog(markor.Pkg, "Delete", "Do you really want to delete 4 items?", "OK", "Cancel")), "Confirm.", Tap("OK")),
				StepOn(On(markorBrowser(nil, many[4:]...)), "All my notes are deleted.", Done())}},
		{Name: "markor_content_replaced_renamed", TaskName: "MarkorChangeNoteContent", Goal: changeGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The editor's save icon writes the new text; Rename in the selection's overflow renames the file; opening it under the new name shows the text.", Evaluator: changeEval,
			Steps: Then(change(newBody), renameOK(newBody)...)},
		{Name: "markor_content_appended_renamed", TaskName: "MarkorChangeNoteContent", Goal: changeGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Typing where the cursor lands keeps the old text before the new one; the renamed file's content is not the updated text alone.", Evaluator: changeEval + " (the old text is still in the file)",
			Steps: Then(change(oldBody+"\n"+newBody), renameOK(oldBody+"\n"+newBody)...)},
		{Name: "markor_rename_cancelled", TaskName: "MarkorChangeNoteContent", Goal: changeGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Cancel closes the rename dialog without renaming; the list still shows the old name.", Evaluator: changeEval + " (call_plumber.md still exists; plumber_followup.md does not)",
			Steps: Then(change(newBody),
				StepOn(On(markorNameDialog(markorBrowser(nil, plumber...), "Rename", "plumber_followup.md")), "Close the dialog.", Tap("Cancel")),
				StepOn(On(markorBrowser(nil, plumber...)), "The note has its new content and name.", Done()))},
		{Name: "markor_clipboard_pasted_from_keyboard", TaskName: "MarkorCreateNoteFromClipboard", Goal: clipGoal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Gboard offers the clipboard's text as its first suggestion; tapping it puts the copied text in the field, as a paste does, and the save icon writes it.", Evaluator: clipEval,
			Steps: Then(createClip,
				StepOn(On(markorEditing("shipping_code.md", "", true, clip)), "The keyboard offers the copied text: paste it.", Tap(clip)),
				StepOn(On(markorEditing("shipping_code.md", clip, true, clip)), "Save.", Tap("Save")),
				StepOn(On(markorEditing("shipping_code.md", clip, false)), "View it.", Tap("View")),
				StepOn(On(markorReading("shipping_code.md", clip)), "The note holds the pasted text.", Done()))},
		{Name: "markor_clipboard_text_guessed", TaskName: "MarkorCreateNoteFromClipboard", Goal: clipGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Typing words is not a paste: the note holds what was typed, not the clipboard's text.", Evaluator: clipEval + " (the content is the typed words)",
			Steps: Then(createClip,
				StepOn(On(markorEditing("shipping_code.md", "", true)), "Put the clipboard text in.", TypeIn("res:document__fragment__edit__highlighting_editor", "shipping code")),
				StepOn(On(markorEditing("shipping_code.md", "shipping code", true)), "Save.", Tap("Save")),
				StepOn(On(markorEditing("shipping_code.md", "shipping code", false)), "Saved.", Done()))},
		{Name: "markor_notes_merged", TaskName: "MarkorMergeNotes", Goal: mergeGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Each note is read in the view mode; the new note holds the three texts in the order asked, saved and shown in the view mode.", Evaluator: mergeEval,
			Steps: merge("chores.md", "errands.md", "groceries.md")},
		{Name: "markor_notes_merged_out_of_order", TaskName: "MarkorMergeNotes", Goal: mergeGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The saved note holds the three texts, errands first: the order asked is chores, errands, groceries.", Evaluator: mergeEval + " (errands.md's text comes first)",
			Steps: merge("errands.md", "chores.md", "groceries.md")},
	}
}
