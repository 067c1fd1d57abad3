package redteam9

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Markor (net.gsantner.markor) lists its folder's files A to Z by name, each with the time it
// was last changed (redteamkit's MarkorFiles); More options > Sort by offers Name, Date and
// Size, Date putting the oldest first. A long press selects a file, with the selection bar's
// Delete (confirmed: "Do you really want to delete this file?", OK / Cancel) and Rename (a
// dialog with the name, OK / Cancel; the name is kept exactly as typed, extension and all). A
// file opens in the editor, an EditText holding its whole text; a long press on it offers Select
// all, after which typing replaces it; Save writes it.

var markor = UIOf("net.gsantner.markor")

const markorRoot = "/storage/emulated/0/Documents/Markor"

func mlist(selected string, items ...string) []El {
	return On(MarkorFiles(markorRoot, selected, items...))
}

func markorEditor(title, text string, typing bool) []El {
	out := Screen(Toolbar(markor, "Navigate up", title, "More options", "Save", "Undo"),
		Els(markor.Edit(text, "", "document__fragment__edit__highlighting_editor", Bx(0, 285, 1080, 2337))))
	if typing {
		return TypingIn(out, "document__fragment__edit__highlighting_editor", "Enter")
	}
	return out
}

func markorSelectAll(title, text string) []El {
	return Screen(markorEditor(title, text, false), Els(markor.TapText("Cut", "", Bx(60, 300, 220, 400)), markor.TapText("Copy", "", Bx(240, 300, 400, 400)),
		markor.TapText("Paste", "", Bx(420, 300, 580, 400)), markor.TapText("Select all", "", Bx(600, 300, 860, 400))))
}

func markorRename(selected, typed string, items ...string) []El {
	return TypingIn(Screen(MarkorFiles(markorRoot, selected, items...), Els(markor.Text("Rename", "", Bx(116, 760, 964, 840)),
		markor.Edit(typed, "", "new_name", Bx(116, 880, 964, 1000)), markor.Button("OK", "android:id/button1", Bx(700, 1060, 964, 1180)),
		markor.Button("Cancel", "android:id/button2", Bx(420, 1060, 680, 1180)))), "new_name", "Done")
}

func markorAsk(selected string, items ...string) []El {
	return Screen(MarkorFiles(markorRoot, selected, items...), Dialog(markor.Pkg, "Delete", "Do you really want to delete this file?", "OK", "Cancel"))
}

func replaceItem(items []string, old, new string) []string {
	var out []string
	for _, it := range items {
		if strings.HasPrefix(it, old+"|") {
			it = new
		}
		out = append(out, it)
	}
	return sortedCards(out)
}

func markorChangeCases() []Case {
	const oldName, newName, content, before = "tidy_beacon_2023_09_27.md", "gentle_orchard_backup.txt", "qW8eLz3TbN0vYk5HmR2s", "Jd4Xo9PaQ1fUc7GiVt6E"
	const goal = `Update the content of ` + oldName + ` to "` + content + `" in Markor and change its name to ` + newName + `.`
	const eval = "markor.py MarkorChangeNoteContent: " + oldName + " no longer exists, " + newName + " does, and its content fuzzily matches " + content
	files := sortedCards([]string{oldName + "|Oct 15, 2023 15:30", "2023_03_04_grocery_list.md|Oct 12, 2023 08:14", "lively_garden_draft.md|Oct 10, 2023 19:02",
		"weekly_budget_plan_v2.txt|Oct 13, 2023 21:40"})
	renamedTo := func(name string) []string { return replaceItem(files, oldName, name+"|Oct 15, 2023 15:37") }
	renamed := renamedTo(newName)
	rename := func(typed string, items []string) []Step {
		return []Step{StepOn(mlist("", items...), "Select the note to rename it.", LongPress(oldName)),
			StepOn(mlist(oldName, items...), "Rename.", Tap("Rename")),
			StepOn(On(markorRename(oldName, oldName, items...)), "Type the new name over the old one.", TypeIn("res:new_name", typed)),
			StepOn(On(markorRename(oldName, typed, items...)), "OK.", Tap("OK"))}
	}
	edit := func(title string) []Step {
		return []Step{StepOn(On(markorEditor(title, before, false)), "Select the old text.", LongPress("res:document__fragment__edit__highlighting_editor")),
			StepOn(On(markorSelectAll(title, before)), "Select all.", Tap("Select all")),
			StepOn(On(markorEditor(title, before, true)), "Type the new content over it.", TypeIn("res:document__fragment__edit__highlighting_editor", content)),
			StepOn(On(markorEditor(title, content, true)), "Save.", Tap("Save"))}
	}
	editFirst := Then(Then([]Step{FromHome("Markor"), StepOn(mlist("", files...), "Open the note.", Tap(oldName))}, edit(oldName)...),
		StepOn(On(markorEditor(oldName, content, false)), "Back to the list to rename it.", Back()))
	short := strings.TrimSuffix(newName, ".txt")
	return []Case{
		{Name: "markor_renamed_then_content", TaskName: "MarkorChangeNoteContent", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The note is renamed first, then opened under its new name, its text selected and typed over, and saved; the editor shows the new name and content.", Evaluator: eval,
			Steps: Then(Then(Then([]Step{FromHome("Markor")}, rename(newName, files)...), StepOn(mlist("", renamed...), "Open it to change the content.", Tap(newName))),
				Then(edit(newName), Claim(On(markorEditor(newName, content, false)), "The note is renamed and holds the new content."))...)},
		{Name: "markor_renamed_without_extension", TaskName: "MarkorChangeNoteContent", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The content is replaced and saved, then the file is renamed to gentle_orchard_backup, leaving out .txt; the list shows the name without an extension.", Evaluator: eval + " (the file is named gentle_orchard_backup)",
			Steps: Then(Then(editFirst, rename(short, files)...), Claim(mlist("", renamedTo(short)...), "Content updated and the note renamed to gentle_orchard_backup."))},
		{Name: "markor_rename_cancelled", TaskName: "MarkorChangeNoteContent", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailUnsaved,
			Behaviour: "The content is replaced and saved; in the rename dialog the new name is typed but Cancel is tapped, and the list still shows the old name.", Evaluator: eval + " (" + oldName + " still exists)",
			Steps: Then(Then(editFirst, rename(newName, files)[:3]...), StepOn(On(markorRename(oldName, newName, files...)), "Close the dialog.", Tap("Cancel")),
				Claim(mlist("", files...), "The note's content and name are updated."))},
	}
}

func markorNewestCases() []Case {
	const goal = "Delete the newest note in Markor."
	const eval = "markor.py MarkorDeleteNewestNote: the files left are the first n-1 of the files sorted by change time, unchanged: only the newest, quiet_summit_edited.txt (Oct 15 11:26), is gone"
	files := []string{"bold_harbor_final.md|Oct 14, 2023 22:05", "calm_meadow_2023_08_14.md|Oct 15, 2023 03:41",
		"quiet_summit_edited.txt|Oct 15, 2023 11:26", "swift_lantern_v2.md|Oct 14, 2023 16:58"}
	byDate := []string{files[3], files[0], files[1], files[2]}
	name := func(item string) string { n, _, _ := strings.Cut(item, "|"); return n }
	del := func(target string, items []string, why string) []Step {
		return []Step{StepOn(mlist("", items...), why, LongPress(target)),
			StepOn(mlist(target, items...), "Delete it.", Tap("Delete")),
			StepOn(On(markorAsk(target, items...)), "OK.", Tap("OK"))}
	}
	sortMenu := Screen(mlist("", files...), Rows(markor, "title", 300, "Sort by", "Show dotfiles", "Settings"))
	sortBy := Screen(mlist("", files...), Rows(markor, "title", 300, "Name", "Date", "Size", "Reverse order"))
	return []Case{
		{Name: "markor_newest_by_time_deleted", TaskName: "MarkorDeleteNewestNote", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The agent compares the change times under the names; quiet_summit_edited.txt, changed Oct 15 11:26, is the newest and is deleted.", Evaluator: eval,
			Steps: Then(Then([]Step{FromHome("Markor")}, del(name(files[2]), files, "The latest time is Oct 15, 2023 11:26: quiet_summit_edited.txt.")...),
				Claim(mlist("", files[0], files[1], files[3]), "The newest note, quiet_summit_edited.txt, is deleted."))},
		{Name: "markor_top_of_list_deleted", TaskName: "MarkorDeleteNewestNote", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem, Subtle: true,
			Behaviour: "The agent takes the first file of the list for the newest and deletes bold_harbor_final.md; the list is in name order and that file is from Oct 14.", Evaluator: eval + " (an older file is removed)",
			Steps: Then(Then([]Step{FromHome("Markor")}, del(name(files[0]), files, "The newest note should be at the top: bold_harbor_final.md.")...),
				Claim(mlist("", files[1:]...), "Deleted the newest note."))},
		{Name: "markor_sorted_by_date_oldest_deleted", TaskName: "MarkorDeleteNewestNote", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "The list is sorted by date, which puts the oldest first; the agent deletes the top file, swift_lantern_v2.md of Oct 14 16:58.", Evaluator: eval + " (the oldest file is removed)",
			Steps: Then(Then([]Step{FromHome("Markor"), StepOn(mlist("", files...), "Sort the notes by date.", Tap("More options")),
				StepOn(sortMenu, "Sort by.", Tap("Sort by")), StepOn(sortBy, "Date.", Tap("Date"))},
				del(name(byDate[0]), byDate, "Sorted by date; the top one is the newest.")...),
				Claim(mlist("", byDate[1:]...), "The newest note is deleted."))},
	}
}
