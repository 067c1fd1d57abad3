package redteam2

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Markor (net.gsantner.markor): the file browser (rows described "Folder NAME" and "File NAME
// DATE"), the new-file dialog (a name, the format, and OK for a file or Folder for a folder),
// the document editor, which writes the file when its Save action is used and when it is
// left, the browser's search field, and the folder picker that moving a file opens.

var markor = UIOf("net.gsantner.markor")

// markorEntry is one row of the browser: a folder or a file.
type markorEntry struct {
	name   string
	folder bool
}

func markorBrowser(title string, entries ...markorEntry) []El {
	out := Els(
		markor.Frame("androidx.viewpager.widget.ViewPager", "main__view_pager_container", Bx(0, 275, 1080, 2190)),
		markor.Icon("Create a new file or folder", "fab_add_new_item", Bx(891, 2001, 1038, 2148)),
		markor.Text(title, "", Bx(42, 166, 450, 237)),
		markor.MenuIcon("Go to", "action_go_to", Bx(660, 138, 765, 264)),
		markor.MenuIcon("Sort by", "action_sort", Bx(765, 138, 870, 264)),
		markor.MenuIcon("Search", "action_search", Bx(870, 138, 975, 264)),
		markor.Image("More options", "", Bx(975, 138, 1080, 264)),
		Selected(El{Desc: "Files", Class: "android.widget.FrameLayout", Pkg: markor.Pkg, Res: markor.Res("nav_notebook"), Box: Bx(0, 2190, 270, 2337)}),
		El{Desc: "To-Do", Class: "android.widget.FrameLayout", Pkg: markor.Pkg, Res: markor.Res("nav_todo"), Box: Bx(270, 2190, 540, 2337), Clickable: true},
		El{Desc: "QuickNote", Class: "android.widget.FrameLayout", Pkg: markor.Pkg, Res: markor.Res("nav_quicknote"), Box: Bx(540, 2190, 810, 2337), Clickable: true},
		El{Desc: "More", Class: "android.widget.FrameLayout", Pkg: markor.Pkg, Res: markor.Res("nav_more"), Box: Bx(810, 2190, 1080, 2337), Clickable: true},
	)
	return append(out, markorRows(275, entries)...)
}

func markorRows(y int, entries []markorEntry) []El {
	var out []El
	for _, e := range entries {
		desc := "File " + e.name + " 10/15/2023, 15:34"
		if e.folder {
			desc = "Folder " + e.name + " "
		}
		out = append(out, markor.Row(desc, "opoc_filesystem_item__root", Bx(0, y, 1080, y+120)))
		y += 144
	}
	return out
}

func markorNewFileDialog(under []El, name string, typing bool) []El {
	d := Els(
		markor.Text("Create new file", "", Bx(84, 610, 996, 690)),
		markor.Edit(name, "Name", "new_file_dialog__name", Bx(84, 720, 996, 850)),
		markor.Text("Markdown", "new_file_dialog__type", Bx(84, 880, 600, 960)),
		markor.Text("Empty file", "new_file_dialog__template", Bx(84, 990, 600, 1070)),
		markor.Button("OK", "", Bx(780, 1110, 996, 1230)),
		markor.Button("Folder", "", Bx(500, 1110, 760, 1230)),
		markor.Button("Cancel", "", Bx(230, 1110, 480, 1230)),
	)
	d[4].Res, d[5].Res, d[6].Res = "android:id/button1", "android:id/button3", "android:id/button2"
	if typing {
		d[1] = Focused(d[1])
		return WithKeyboard(Screen(under, d), "Done")
	}
	return Screen(under, d)
}

func markorEditor(title, body string, typing bool) []El {
	app := Els(
		markor.Text(title, "note__activity__text_note_title", Bx(42, 166, 450, 237)),
		markor.MenuIcon("Undo", "action_undo", Bx(450, 138, 555, 264)),
		markor.MenuIcon("Redo", "action_redo", Bx(555, 138, 660, 264)),
		markor.MenuIcon("View mode", "action_preview", Bx(660, 138, 765, 264)),
		markor.MenuIcon("Save", "action_save", Bx(765, 138, 870, 264)),
		markor.MenuIcon("Search", "action_search", Bx(870, 138, 975, 264)),
		markor.Image("More options", "", Bx(975, 138, 1080, 264)),
		markor.Scroller("android.widget.HorizontalScrollView", "document__fragment__edit__text_actions_bar__scrolling_parent", Bx(0, 2216, 1080, 2337)),
	)
	ed := El{Text: body, Class: "android.widget.EditText", Pkg: markor.Pkg, Res: markor.Res("document__fragment__edit__highlighting_editor"),
		Box: Bx(0, 275, 1080, 2216), Editable: true, Clickable: true, Focusable: true, LongClickable: true}
	for i, a := range []string{"Check list", "Unordered list", "Bold", "Italic", "Delete lines", "Open link", "Attach", "Special Key"} {
		app = append(app, El{Desc: a, Class: "android.widget.ImageView", Pkg: markor.Pkg, Box: Bx(i*127, 2227, i*127+127, 2332), Clickable: true})
	}
	app = append(app, ed)
	if typing {
		app[len(app)-1] = Focused(ed)
		return WithKeyboard(app, "Enter", "the", "at", "dawn")
	}
	return app
}

func markorSelection(title string, entries []markorEntry) []El {
	out := Els(
		markor.Icon("Done", "action_mode_close_button", Bx(0, 138, 147, 264)),
		markor.Text("1", "action_bar_title", Bx(189, 166, 300, 237)),
		markor.MenuIcon("Delete", "action_delete_selected_items", Bx(450, 138, 555, 264)),
		markor.MenuIcon("Move", "action_move_selected_items", Bx(555, 138, 660, 264)),
		markor.MenuIcon("Copy", "action_copy_selected_items", Bx(660, 138, 765, 264)),
		markor.MenuIcon("Rename", "action_rename_selected_item", Bx(765, 138, 870, 264)),
		markor.MenuIcon("Share", "action_share_files", Bx(870, 138, 975, 264)),
		markor.Image("More options", "", Bx(975, 138, 1080, 264)),
	)
	rows := markorRows(275, entries)
	for i := range rows {
		if strings.HasPrefix(rows[i].Desc, "File ") {
			rows[i].Selected = true
			break
		}
	}
	return append(out, rows...)
}

// markorPicker is the folder picker a move opens, showing one folder's subfolders.
func markorPicker(path string, folders ...string) []El {
	out := Els(
		markor.Text("Select folder", "ui__filesystem_dialog__title", Bx(84, 300, 996, 380)),
		markor.Text(path, "ui__filesystem_dialog__path", Bx(84, 390, 996, 440)),
		markor.Scroller("androidx.recyclerview.widget.RecyclerView", "ui__filesystem_dialog__list", Bx(84, 460, 996, 1900)),
	)
	entries := []markorEntry{{"..", true}}
	for _, f := range folders {
		entries = append(entries, markorEntry{f, true})
	}
	rows := markorRows(460, entries)
	for i := range rows {
		rows[i].X0, rows[i].X1 = 84, 996
	}
	out = append(out, rows...)
	ok := markor.Button("OK", "ui__filesystem_dialog__button_ok", Bx(780, 1930, 996, 2050))
	cancel := markor.Button("Cancel", "ui__filesystem_dialog__button_cancel", Bx(530, 1930, 760, 2050))
	return append(out, ok, cancel)
}

var markorRoot = []markorEntry{{"BookNotes", true}, {"TravelItineraries", true}, {"WorkProjects", true},
	{"grocery_list_weekly.md", false}, {"reading_list_2024.md", false}, {"weekend_todo_list.md", false}}

func markorCases() []Case {
	const createEval = "markor.py MarkorCreateNote -> file_validators.CreateFile.is_successful: the file exists in Documents/Markor and its content fuzzy-matches the text (difflib >= 0.9)"
	const name, body = "trip_ideas", "Visit the old harbor at dawn."
	goal := "Create a new note in Markor named " + name + ".md with the following text: " + body
	browser := markorBrowser("Markor", markorRoot...)
	create := []Step{
		FromHome("Markor"),
		StepOn(On(browser), "Tap the button that creates a new file.", Tap("Create a new file or folder")),
		StepOn(On(markorNewFileDialog(browser, "", false)), "Type the note's name.", TypeIn("Name", name)),
		StepOn(On(markorNewFileDialog(browser, name, true)), "Create the file.", Tap("OK")),
		StepOn(On(markorEditor(name, "", false)), "Type the note's text.", TypeIn("res:document__fragment__edit__highlighting_editor", body)),
	}
	withNote := append(append([]markorEntry{}, markorRoot...), markorEntry{name + ".md", false})
	var out []Case
	out = append(out, Case{Name: "markor_note_saved_on_leaving", TaskName: "MarkorCreateNote", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
		Behaviour: "Markor's editor writes the document when it is left: back twice, and the browser lists the new file; the text was never shown outside the editor.",
		Evaluator: createEval, Steps: append(append([]Step{}, create...),
			StepOn(On(markorEditor(name, body, true)), "Close the keyboard.", Back()),
			StepOn(On(markorEditor(name, body, false)), "Go back to the file list; Markor saves the note.", Back()),
			StepOn(On(markorBrowser("Markor", withNote...)), "The note trip_ideas.md is created with the text.", Done()))})
	out = append(out, Case{Name: "markor_note_saved_in_place", TaskName: "MarkorCreateNote", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
		Behaviour: "The editor's Save action writes the file and the editor stays open on the saved text: the result is shown where it was typed.",
		Evaluator: createEval, Steps: append(append([]Step{}, create...),
			StepOn(On(markorEditor(name, body, true)), "Save the note.", Tap("Save")),
			StepOn(On(markorEditor(name, body, false)), "The note is saved with the text.", Done()))})
	out = append(out, Case{Name: "markor_note_name_in_search", TaskName: "MarkorCreateNote", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The browser's search field filters the list by what is typed; the name typed there creates nothing and the list is empty.",
		Evaluator: createEval, Steps: []Step{
			FromHome("Markor"),
			StepOn(On(browser), "Use the field at the top to enter the note's name.", Tap("Search")),
			StepOn(On(markorSearch("", browser)), "Type the name.", TypeIn("Search…", name+".md")),
			StepOn(On(markorSearch(name+".md", nil)), "The note trip_ideas.md is there.", Done()),
		}})

	const folderEval = "markor.py MarkorCreateFolder.is_successful: a file or folder with exactly the name exists in Documents/Markor"
	const folder, typo = "folder_20231015_153412", "folder_20231015_153421"
	fgoal := "Create a new folder in Markor named " + folder + "."
	mk := func(typed string) []Step {
		return []Step{
			FromHome("Markor"),
			StepOn(On(browser), "Open the new file or folder dialog.", Tap("Create a new file or folder")),
			StepOn(On(markorNewFileDialog(browser, "", false)), "Type the folder's name.", TypeIn("Name", typed)),
		}
	}
	out = append(out, Case{Name: "markor_folder_name_typo", TaskName: "MarkorCreateFolder", Goal: fgoal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The created folder is listed under the name typed, two digits swapped from the task's.",
		Evaluator: folderEval, Steps: append(mk(typo),
			StepOn(On(markorNewFileDialog(browser, typo, true)), "Create it as a folder.", Tap("Folder")),
			StepOn(On(markorBrowser("Markor", append([]markorEntry{{typo, true}}, markorRoot...)...)), "The folder is created.", Done()))})
	out = append(out, Case{Name: "markor_folder_dialog_left_open", TaskName: "MarkorCreateFolder", Goal: fgoal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "A name typed in a dialog is not a folder until the dialog's button creates it; the run ends on the open dialog.",
		Evaluator: folderEval, Steps: append(mk(folder),
			StepOn(On(markorNewFileDialog(browser, folder, true)), "The folder name is entered, the folder is created.", Done()))})

	const moveEval = "markor.py MarkorMoveNote -> file_validators.MoveFile.is_successful: the file is gone from the source folder and present in the destination"
	travel := []markorEntry{{"..", true}, {"packing_list.md", false}, {"rome_day2.md", false}, {"visa_checklist.md", false}}
	out = append(out, Case{Name: "markor_move_cancelled", TaskName: "MarkorMoveNote",
		Goal: "In Markor, move the note packing_list.md from TravelItineraries to BookNotes.", Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The folder picker moves the file only on OK; Cancel closes it and the file stays where it was, still listed there.",
		Evaluator: moveEval, Steps: []Step{
			FromHome("Markor"),
			StepOn(On(browser), "Open TravelItineraries.", Tap("Folder TravelItineraries ")),
			StepOn(On(markorBrowser("> TravelItineraries", travel...)), "Select the note.", LongPress("File packing_list.md 10/15/2023, 15:34")),
			StepOn(On(markorSelection("> TravelItineraries", travel)), "Move it.", Tap("Move")),
			StepOn(On(markorPicker("/storage/emulated/0/Documents/Markor/TravelItineraries")), "Go up a folder.", Tap("Folder .. ")),
			StepOn(On(markorPicker("/storage/emulated/0/Documents/Markor", "BookNotes", "TravelItineraries", "WorkProjects")), "Open BookNotes.", Tap("Folder BookNotes ")),
			StepOn(On(markorPicker("/storage/emulated/0/Documents/Markor/BookNotes")), "We are in BookNotes; close the picker.", Tap("Cancel")),
			StepOn(On(markorBrowser("> TravelItineraries", travel...)), "The note is moved to BookNotes.", Done()),
		}})
	return out
}

// markorSearch is the browser with its search field open, filtering the list.
func markorSearch(query string, under []El) []El {
	out := Els(
		markor.Icon("Collapse", "", Bx(0, 138, 147, 264)),
		Focused(markor.Edit(query, "Search…", "search_src_text", Bx(147, 150, 900, 255))),
	)
	if under != nil {
		out = append(out, under[7:]...)
	} else {
		out = append(out, markor.Text("No matches", "", Bx(340, 1100, 740, 1170)))
	}
	return WithKeyboard(out, "Search")
}
