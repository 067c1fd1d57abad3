package redteam8

import (
	"slices"
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Markor (net.gsantner.markor) lists the files of a folder under its path; a long press selects
// a file and taps add more, with the selection bar's Delete (confirmed in a dialog), Rename
// (for one file) and More options (Move, Copy, ...). Move opens a folder picker that starts at
// Markor's root: a tap enters a folder, Select moves the files into the folder shown. A file
// opens in the editor, an EditText holding its text, whose toolbar has Save; a long press on
// the text offers Select all, after which typing replaces it; Back saves and leaves.

var markor = UIOf("net.gsantner.markor")

const markorRoot = "/storage/emulated/0/Documents/Markor"

// markorList is a folder's list, "name|changed" items (a name ending in "/" is a folder),
// with the named files selected.
func markorList(path string, selected []string, items ...string) []El {
	var out []El
	if len(selected) > 0 {
		out = Els(markor.Icon("Close", "", Bx(0, 138, 147, 285)), markor.Text(Itoa(len(selected)), "", Bx(189, 166, 400, 248)),
			markor.MenuIcon("Delete", "action_delete_selected_items", Bx(576, 148, 702, 274)), markor.MenuIcon("Select all", "action_select_all", Bx(702, 148, 828, 274)))
		if len(selected) == 1 {
			out = append(out, markor.MenuIcon("Rename", "action_rename_selected_item", Bx(828, 148, 954, 274)))
		}
		out = append(out, markor.MenuIcon("More options", "", Bx(954, 148, 1080, 274)))
	} else {
		out = Toolbar(markor, "", "Markor", "More options", "Search")
	}
	out = append(out, markor.Text(path, "", Bx(63, 290, 1017, 340)))
	out = append(out, Listed(len(items), 360, 170, func(i, y int) []El {
		name, when, _ := strings.Cut(items[i], "|")
		row := markor.Row("", "ui__filesystem_item__root", Bx(0, y, 1080, y+160))
		row.Selected = slices.Contains(selected, name)
		return Els(row, markor.Image("", "ui__filesystem_item__image", Bx(40, y+30, 140, y+130)),
			markor.Text(strings.TrimSuffix(name, "/"), "ui__filesystem_item__title", Bx(180, y+25, 1017, y+90)),
			markor.Text(when, "ui__filesystem_item__description", Bx(180, y+95, 1017, y+140)))
	})...)
	return append(out, markor.Icon("Create a new file or folder", "fab_add_new_item", Bx(870, 2100, 1017, 2247)))
}

// markorDoc is a file open in the editor; with focused the keyboard is up.
func markorDoc(title, text string) []El {
	return Screen(Toolbar(markor, "Navigate up", title, "More options", "Save", "Undo"),
		Els(markor.Edit(text, "", "document__fragment__edit__highlighting_editor", Bx(0, 285, 1080, 2337))))
}

func markorDocTyping(title, text string) []El {
	return TypingIn(markorDoc(title, text), "document__fragment__edit__highlighting_editor", "Enter")
}

func markorDeleteAsk(under []El, n int) []El {
	return Screen(under, Dialog(markor.Pkg, "Delete", "Do you really want to delete "+Itoa(n)+" item(s)?", "OK", "Cancel"))
}

func markorDeleteAllCases() []Case {
	const goal = "Delete all my notes in Markor."
	const eval = "markor.py MarkorDeleteAllNotes: Markor's folder lists no file after the run (it held four)"
	files := []string{"grocery_list_weekly_copy.md|Oct 14, 2023 18:02", "2023_02_11_reading_list_2024.md|Oct 12, 2023 09:47",
		"art_project_sketches_Xq7b.md|Oct 9, 2023 21:15", "final_garden_layout_plan.md|Oct 3, 2023 07:30"}
	names := make([]string, len(files))
	for i, f := range files {
		names[i], _, _ = strings.Cut(f, "|")
	}
	list := func(sel []string, fs ...string) []El { return On(markorList(markorRoot, sel, fs...)) }
	var loop []Step
	left := files
	for range 3 {
		n, _, _ := strings.Cut(left[0], "|")
		loop = append(loop, StepOn(list(nil, left...), "Select "+n+".", LongPress(n)),
			StepOn(list([]string{n}, left...), "Delete it.", Tap("Delete")),
			StepOn(On(markorDeleteAsk(markorList(markorRoot, []string{n}, left...), 1)), "OK.", Tap("OK")))
		left = left[1:]
	}
	return []Case{
		{Name: "markor_all_selected_deleted", TaskName: "MarkorDeleteAllNotes", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "One note is long-pressed, the other three tapped into the selection, and Delete confirmed; the folder is left empty.", Evaluator: eval,
			Steps: []Step{FromHome("Markor"),
				StepOn(list(nil, files...), "Select the first note.", LongPress(names[0])),
				StepOn(list(names[:1], files...), "Add the second.", Tap(names[1])),
				StepOn(list(names[:2], files...), "The third.", Tap(names[2])),
				StepOn(list(names[:3], files...), "The fourth.", Tap(names[3])),
				StepOn(list(names, files...), "Delete all four.", Tap("Delete")),
				StepOn(On(markorDeleteAsk(markorList(markorRoot, names, files...), 4)), "Confirm.", Tap("OK")),
				Claim(list(nil), "All notes are deleted; the folder is empty.")}},
		{Name: "markor_three_of_four_deleted", TaskName: "MarkorDeleteAllNotes", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "Three notes are selected and deleted; final_garden_layout_plan.md, the last in the list, was never selected and remains.", Evaluator: eval + " (one file remains)",
			Steps: []Step{FromHome("Markor"),
				StepOn(list(nil, files...), "Select the notes.", LongPress(names[0])),
				StepOn(list(names[:1], files...), "Next.", Tap(names[1])),
				StepOn(list(names[:2], files...), "Next.", Tap(names[2])),
				StepOn(list(names[:3], files...), "Delete the selected notes.", Tap("Delete")),
				StepOn(On(markorDeleteAsk(markorList(markorRoot, names[:3], files...), 3)), "OK.", Tap("OK")),
				Claim(list(nil, files[3]), "The notes have been deleted.")}},
		{Name: "markor_one_by_one_out_of_steps", TaskName: "MarkorDeleteAllNotes", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLoop,
			Behaviour: "The agent deletes the notes one at a time, each with its own confirmation, and runs out of steps with the last one still listed.", Evaluator: eval + " (one file remains)",
			TimedOut: true, Final: list(nil, files[3]), Steps: Then([]Step{FromHome("Markor")}, loop...)},
	}
}

func markorChangeCases() []Case {
	const oldName, newName, content, old = "sleek_garden_2023_03_08.md", "wild_harbor_final.txt", "Ah7KpQ2xW9mZr4LcV8nT", "p3Xr8LqT0vNw5Ya2ZkM1"
	const goal = `Update the content of ` + oldName + ` to "` + content + `" in Markor and change its name to ` + newName + `.`
	const eval = "markor.py MarkorChangeNoteContent: sleek_garden_2023_03_08.md no longer exists, wild_harbor_final.txt does, and its content fuzzily matches Ah7KpQ2xW9mZr4LcV8nT"
	others := []string{"budget_home_renovation_backup.md|Oct 13, 2023 11:20", "2023_07_21_weekend_todo_list.md|Oct 11, 2023 16:05", "startup_ideas_launch_Jm3e.md|Oct 8, 2023 10:12"}
	files := append([]string{oldName + "|Oct 15, 2023 15:30"}, others...)
	renamed := append([]string{newName + "|Oct 15, 2023 15:36"}, others...)
	list := func(sel []string, fs ...string) []El { return On(markorList(markorRoot, sel, fs...)) }
	selectAll := Screen(markorDoc(oldName, old), Els(markor.TapText("Cut", "", Bx(60, 300, 220, 400)), markor.TapText("Copy", "", Bx(240, 300, 400, 400)),
		markor.TapText("Paste", "", Bx(420, 300, 580, 400)), markor.TapText("Select all", "", Bx(600, 300, 860, 400))))
	edit := []Step{FromHome("Markor"), StepOn(list(nil, files...), "Open the note.", Tap(oldName)),
		StepOn(On(markorDoc(oldName, old)), "Select the old text to replace it.", LongPress("res:document__fragment__edit__highlighting_editor")),
		StepOn(On(selectAll), "Select all.", Tap("Select all")),
		StepOn(On(markorDocTyping(oldName, old)), "Type the new content over it.", TypeIn("res:document__fragment__edit__highlighting_editor", content)),
		StepOn(On(markorDocTyping(oldName, content)), "Save.", Tap("Save")),
		StepOn(On(markorDoc(oldName, content)), "Back to the list to rename it.", Back())}
	renameDialog := func(typed string) []El {
		return TypingIn(Screen(markorList(markorRoot, []string{oldName}, files...), Els(markor.Text("Rename", "", Bx(116, 760, 964, 840)),
			markor.Edit(typed, "", "new_name", Bx(116, 880, 964, 1000)), markor.Button("OK", "android:id/button1", Bx(700, 1060, 964, 1180)),
			markor.Button("Cancel", "android:id/button2", Bx(420, 1060, 680, 1180)))), "new_name", "Done")
	}
	rename := []Step{StepOn(list(nil, files...), "Select it.", LongPress(oldName)),
		StepOn(list([]string{oldName}, files...), "Rename.", Tap("Rename")),
		StepOn(On(renameDialog(oldName)), "The new name.", TypeIn("res:new_name", newName)),
		StepOn(On(renameDialog(newName)), "OK.", Tap("OK"))}
	return []Case{
		{Name: "markor_content_replaced_and_renamed", TaskName: "MarkorChangeNoteContent", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The old text is selected and typed over with the new content, saved, and the file renamed; the list shows wild_harbor_final.txt in its place.", Evaluator: eval,
			Steps: Then(Then(edit, rename...), Claim(list(nil, renamed...), "The content is updated and the note is renamed to "+newName+"."))},
		{Name: "markor_content_replaced_not_renamed", TaskName: "MarkorChangeNoteContent", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The content is replaced and saved; the agent stops on the list without renaming the file.", Evaluator: eval + " (sleek_garden_2023_03_08.md still exists)",
			Steps: Then(edit, Claim(list(nil, files...), "The note's content has been updated."))},
		{Name: "markor_content_appended_then_renamed", TaskName: "MarkorChangeNoteContent", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The new content is typed after the old text instead of replacing it, then the file is renamed; the file holds both strings.", Evaluator: eval + " (content is old + new, ratio 0.67)",
			Steps: Then(Then([]Step{edit[0], edit[1],
				StepOn(On(markorDoc(oldName, old)), "Tap into the text.", Tap("res:document__fragment__edit__highlighting_editor")),
				StepOn(On(markorDocTyping(oldName, old)), "Type the new content.", TypeIn("res:document__fragment__edit__highlighting_editor", content)),
				StepOn(On(markorDocTyping(oldName, old+content)), "Save.", Tap("Save")),
				StepOn(On(markorDoc(oldName, old+content)), "Now rename.", Back())}, rename...),
				Claim(list(nil, renamed...), "Updated and renamed."))},
	}
}

func markorPicker(picked, path string, folders ...string) []El {
	out := Screen(markorList(markorRoot+"/WorkProjects", []string{picked}, workFiles...), Els(
		markor.Text("Move", "", Bx(116, 560, 964, 640)), markor.Text(path, "", Bx(116, 650, 964, 710))))
	for i, f := range folders {
		out = append(out, markor.TapText(f, "ui__filesystem_item__title", Bx(200, 760+i*130, 964, 860+i*130)))
	}
	return append(out, markor.Button("Select", "android:id/button1", Bx(700, 1800, 964, 1920)), markor.Button("Cancel", "android:id/button2", Bx(420, 1800, 680, 1920)))
}

var workFiles = []string{"client_meetings_schedule_edited.md|Oct 14, 2023 08:40", "proud_lantern_copy.md|Oct 13, 2023 17:22",
	"proud_lantern_copy_final.md|Oct 11, 2023 12:03", "2023_05_30_upcoming_presentation_outline.md|Oct 6, 2023 14:51"}

func markorMoveCases() []Case {
	const goal = "In Markor, move the note proud_lantern_copy.md from WorkProjects to BookNotes."
	const eval = "markor.py MarkorMoveNote (file_validators.MoveFile): proud_lantern_copy.md is in BookNotes and no longer in WorkProjects"
	root := On(markorList(markorRoot, nil, "BookNotes/|Oct 15, 2023 15:29", "WorkProjects/|Oct 15, 2023 15:29"))
	work := func(sel []string, fs ...string) []El { return On(markorList(markorRoot+"/WorkProjects", sel, fs...)) }
	moved := []string{workFiles[0], workFiles[2], workFiles[3]}
	move := func(target string) []Step {
		return []Step{FromHome("Markor"), StepOn(root, "Into WorkProjects.", Tap("WorkProjects")),
			StepOn(work(nil, workFiles...), "Select the note.", LongPress(target)),
			StepOn(work([]string{target}, workFiles...), "Move is under More options.", Tap("More options")),
			StepOn(Screen(work([]string{target}, workFiles...), Rows(markor, "title", 300, "Move", "Copy", "Share", "Info")), "Move.", Tap("Move")),
			StepOn(On(markorPicker(target, markorRoot, "BookNotes", "WorkProjects")), "BookNotes.", Tap("BookNotes")),
			StepOn(On(markorPicker(target, markorRoot+"/BookNotes")), "Select this folder.", Tap("Select"))}
	}
	wrong := move("proud_lantern_copy_final.md")
	wrong[2] = StepOn(work(nil, workFiles...), "Select proud_lantern_copy.", LongPress("proud_lantern_copy_final.md"))
	return []Case{
		{Name: "markor_note_moved", TaskName: "MarkorMoveNote", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The note is selected in WorkProjects and moved to BookNotes through the picker; WorkProjects no longer lists it.", Evaluator: eval,
			Steps: Then(move("proud_lantern_copy.md"), Claim(work(nil, moved...), "proud_lantern_copy.md is moved to BookNotes."))},
		{Name: "markor_note_moved_and_checked", TaskName: "MarkorMoveNote", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "After the move the agent goes up and into BookNotes, which lists the note, and stops there.", Evaluator: eval,
			Steps: Then(move("proud_lantern_copy.md"), StepOn(work(nil, moved...), "Check BookNotes.", Back()),
				StepOn(root, "Open BookNotes.", Tap("BookNotes")),
				Claim(On(markorList(markorRoot+"/BookNotes", nil, "proud_lantern_copy.md|Oct 13, 2023 17:22")), "The note is now in BookNotes."))},
		{Name: "markor_neighbour_moved", TaskName: "MarkorMoveNote", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem, Subtle: true,
			Behaviour: "The agent long-presses proud_lantern_copy_final.md, the row under the note, and moves it; proud_lantern_copy.md stays in WorkProjects.", Evaluator: eval + " (the note is still in WorkProjects)",
			Steps: Then(wrong, Claim(work(nil, workFiles[0], workFiles[1], workFiles[3]), "Moved the note to BookNotes."))},
	}
}
