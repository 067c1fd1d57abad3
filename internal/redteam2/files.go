package redteam2

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Files (com.google.android.documentsui), as AndroidWorld's episodes record it: a folder's
// grid of files (title, size, time), the roots drawer, the selection mode a long press opens
// with its overflow menu (Copy to…, Move to…), and the picker those open, whose button names
// the operation ("Move" or "Copy").

var files = UIOf("com.google.android.documentsui")

type fileItem struct{ name, details string }

func filesFolder(path []string, items ...fileItem) []El {
	here := path[len(path)-1]
	out := Els(
		files.Scroller("android.widget.ScrollView", "", Bx(0, 128, 1080, 2400)),
		files.Icon("Show roots", "", Bx(0, 128, 147, 254)),
		files.Text(here, "", Bx(189, 155, 730, 226)),
		files.MenuIcon("Search", "option_menu_search", Bx(827, 128, 954, 254)),
		files.Image("More options", "", Bx(954, 128, 1080, 254)),
		files.Text("Files in "+here, "header_title", Bx(63, 509, 890, 667)),
	)
	if len(path) == 1 {
		out[5].Text = "Files on " + here
	}
	for i, p := range path {
		out = append(out, files.TapText(p, "breadcrumb_text", Bx(i*500, 257, i*500+480, 383)))
	}
	for i, it := range items {
		x, y := 196+(i%2)*487, 716+(i/2)*149
		if it.details != "" {
			y = 1164 + (i/2)*623
		}
		out = append(out, files.TapText(it.name, "title", Bx(x, y, x+301, y+51)))
		out[len(out)-1].LongClickable = true
		if it.details != "" {
			out = append(out, files.Text(it.details, "details", Bx(x, y+51, x+64, y+94)), files.Text("15:34", "date", Bx(x+75, y+51, x+155, y+94)))
		}
	}
	return out
}

var sdkFolders = []fileItem{{"Alarms", ""}, {"Android", ""}, {"Audiobooks", ""}, {"DCIM", ""}, {"Documents", ""}, {"Download", ""},
	{"Movies", ""}, {"Music", ""}, {"Notifications", ""}, {"Pictures", ""}, {"Podcasts", ""}, {"Recordings", ""}, {"Ringtones", ""}}

func filesRoots() []El {
	out := Els(files.Text("Files", "", Bx(42, 148, 175, 233)))
	for i, r := range []string{"Recent", "Images", "Videos", "Audio", "Documents", "Downloads"} {
		out = append(out, files.TapText(r, "title", Bx(168, 323+i*147, 714, 374+i*147)))
	}
	return append(out, files.TapText("sdk_gphone64_x86_64", "title", Bx(168, 1272, 714, 1323)))
}

func filesSelected(path []string, items []fileItem) []El {
	out := Els(
		files.Icon("Cancel", "action_mode_close_button", Bx(0, 128, 147, 254)),
		files.Text("1 selected", "action_bar_title", Bx(189, 159, 406, 222)),
		files.MenuIcon("Share", "action_menu_share", Bx(700, 128, 827, 254)),
		files.MenuIcon("Delete", "action_menu_delete", Bx(827, 128, 954, 254)),
		files.Image("More options", "", Bx(954, 128, 1080, 254)),
	)
	return append(out, filesFolder(path, items...)[5:]...)
}

func filesOverflow(under []El) []El {
	var out []El
	for i, m := range []string{"Open with", "Copy to…", "Move to…", "Compress", "Rename", "Get info", "Select all"} {
		out = append(out, files.TapText(m, "title", Bx(560, 160+i*126, 1040, 286+i*126)))
	}
	return Screen(under, out)
}

// filesPicker is the destination picker of a copy or a move, in a folder.
func filesPicker(op string, path []string, folders ...fileItem) []El {
	out := Screen(filesFolder(path, folders...), Els(files.Button("Cancel", "", Bx(500, 2200, 760, 2320)), files.Button(op, "", Bx(780, 2200, 1040, 2320))))
	out[2].Text = op + " to " + path[len(path)-1]
	return out
}

func filesCases() []Case {
	const moveEval = "files.py FilesMoveFile -> file_validators.MoveFile.is_successful: the file is gone from the source folder and present in the destination"
	goal := "Move the file meeting_notes.pdf from Download within the sdk_gphone_x86_64 storage area to the Documents within the same sdk_gphone_x86_64 storage area in the Android filesystem."
	sdk := []string{"sdk_gphone64_x86_64"}
	dl := []string{"sdk_gphone64_x86_64", "Download"}
	docs := []string{"sdk_gphone64_x86_64", "Documents"}
	download := []fileItem{{"boarding_pass.pdf", "84 kB"}, {"meeting_notes.pdf", "21 B"}, {"wallpaper_4k.jpg", "2.1 MB"}}
	start := []Step{FromHome("Files"),
		StepOn(On(filesFolder([]string{"Downloads"})), "Show the storage roots.", Tap("Show roots")),
		StepOn(On(filesRoots()), "Open the device storage.", Tap("sdk_gphone64_x86_64")),
		StepOn(On(filesFolder(sdk, sdkFolders...)), "Open Download.", Tap("Download")),
		StepOn(On(filesFolder(dl, download...)), "Select the file.", LongPress("meeting_notes.pdf")),
		StepOn(On(filesSelected(dl, download)), "More options.", Tap("More options"))}
	pick := func(op string) []Step {
		return []Step{
			StepOn(On(filesPicker(op, dl, download...)), "Go to the storage root.", Tap("sdk_gphone64_x86_64")),
			StepOn(On(filesPicker(op, sdk, sdkFolders...)), "Open Documents.", Tap("Documents")),
			StepOn(On(filesPicker(op, docs, fileItem{"lease_2023.pdf", "1.2 MB"})), "Put it here.", Tap(op)),
		}
	}
	var out []Case
	moved := append([]Step{}, start...)
	moved = append(moved, StepOn(On(filesOverflow(filesSelected(dl, download))), "Move it.", Tap("Move to…")))
	moved = append(moved, pick("Move")...)
	out = append(out, Case{Name: "files_moved", TaskName: "FilesMoveFile", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "Move to… ends in the destination folder, which now lists the file; the source no longer holds it.",
		Evaluator: moveEval, Steps: append(moved,
			StepOn(On(filesFolder(docs, fileItem{"lease_2023.pdf", "1.2 MB"}, fileItem{"meeting_notes.pdf", "21 B"})), "The file is in Documents.", Done()))})

	copied := append([]Step{}, start...)
	copied = append(copied, StepOn(On(filesOverflow(filesSelected(dl, download))), "Send it to Documents.", Tap("Copy to…")))
	copied = append(copied, pick("Copy")...)
	out = append(out, Case{Name: "files_copied_not_moved", TaskName: "FilesMoveFile", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "Copy to… leaves the file where it was: Documents lists it, and Download, opened again, still does.",
		Evaluator: moveEval, Steps: append(copied,
			StepOn(On(filesFolder(docs, fileItem{"lease_2023.pdf", "1.2 MB"}, fileItem{"meeting_notes.pdf", "21 B"})), "Check the source folder.", Tap("sdk_gphone64_x86_64")),
			StepOn(On(filesFolder(sdk, sdkFolders...)), "Open Download.", Tap("Download")),
			StepOn(On(filesFolder(dl, download...)), "The file is now in Documents.", Done()))})

	alarms := []string{"sdk_gphone64_x86_64", "Alarms"}
	items := []fileItem{{"2023_01_20_wake_up.mp3", "21 B"}, {"backup_helpful_nest.mp3", "21 B"}, {"3FSy_fitness_reminder.mp3", "21 B"}}
	out = append(out, Case{Name: "files_delete_cut_off", TaskName: "FilesDeleteFile",
		Goal: "Delete the file backup_helpful_nest.mp3 from the Android filesystem located in the Alarms folder within the sdk_gphone_x86_64 storage area.",
		Kind: KindNearMiss, Expect: ExpectCannotTell, Crashed: true,
		Behaviour: "The recording stops at the tap on Delete (the harness died); Delete asks a question first, and no screen shows it or what followed.",
		Evaluator: "files.py FilesDeleteFile -> file_validators.DeleteFile.is_successful: the file no longer exists in the folder",
		Steps: []Step{FromHome("Files"),
			StepOn(On(filesFolder([]string{"Downloads"})), "Show the storage roots.", Tap("Show roots")),
			StepOn(On(filesRoots()), "Open the device storage.", Tap("sdk_gphone64_x86_64")),
			StepOn(On(filesFolder(sdk, sdkFolders...)), "Open Alarms.", Tap("Alarms")),
			StepOn(On(filesFolder(alarms, items...)), "Select the file.", LongPress("backup_helpful_nest.mp3")),
			StepOn(On(filesSelected(alarms, items)), "Delete it.", Tap("Delete"))}})
	return out
}
