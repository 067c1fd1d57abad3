package redteam7

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Markor (net.gsantner.markor) lists its folder: folders first, then files, each with the time
// it was last changed, sorted by name unless More options > Sort by says otherwise. + asks for a
// new file's name and type (Markdown adds .md) and opens the editor, one large field with Save
// in the toolbar; leaving the editor saves it too. A long press selects an item; the selection
// bar has Delete (which asks to confirm) and, under More options, Move, which opens a folder
// picker whose Select moves the file there.

var markor = UIOf("net.gsantner.markor")

const markorRoot = "/storage/emulated/0/Documents/Markor"

func markorNew(under []El, name string, focused bool) []El {
	return markorNewOf(under, name, "Markdown", ".md", focused)
}

// markorNewOf is the new file dialog with its type drop-down set to kind and the extension
// field (which the type fills in: .md for Markdown, .txt for Plain Text) holding ext.
func markorNewOf(under []El, name, kind, ext string, focused bool) []El {
	d := Screen(under, Els(markor.Text("Create a new file", "", Bx(116, 700, 964, 780)),
		markor.Edit(name, "Name", "new_file_dialog__name", Bx(116, 820, 700, 950)),
		markor.Edit(ext, "Extension", "new_file_dialog__ext", Bx(720, 820, 964, 950)),
		markor.TapText(kind, "new_file_dialog__type", Bx(116, 980, 964, 1080)),
		markor.Button("OK", "", Bx(740, 1140, 964, 1260)), markor.Button("Folder", "", Bx(116, 1140, 360, 1260)), markor.Button("Cancel", "", Bx(480, 1140, 720, 1260))))
	if focused {
		return TypingIn(d, "new_file_dialog__name", "Done")
	}
	return d
}

func markorEditor(title, text string, focused bool) []El {
	out := Screen(Els(markor.Icon("Navigate up", "", Bx(0, 138, 147, 285)), markor.Text(title, "", Bx(189, 166, 600, 248)),
		markor.MenuIcon("Save", "action_save", Bx(702, 148, 828, 274)), markor.MenuIcon("Preview", "action_preview", Bx(828, 148, 954, 274)),
		markor.MenuIcon("More options", "", Bx(954, 148, 1080, 274))),
		Els(markor.Edit(text, "", "document__fragment__edit__highlighting_editor", Bx(0, 285, 1080, 2100))))
	if focused {
		return TypingIn(out, "document__fragment__edit__highlighting_editor", "Enter")
	}
	return out
}

// newNote makes a note named name from the list shown and opens its editor.
func newNote(list []El, name string) []Step {
	return []Step{
		StepOn(On(list), "Create a new file.", Tap("Create a new file or folder")),
		StepOn(On(markorNew(list, "", false)), "Name it.", TypeIn("Name", name)),
		StepOn(On(markorNew(list, name, true)), "OK.", Tap("OK")),
	}
}

func markorCreateCases() []Case {
	const name = "fancy_penguin_2023_06_19.md"
	const text = "Remember to water the ferns on the balcony before the trip."
	const goal = "Create a new note in Markor named " + name + " with the following text: " + text
	const eval = "markor.py MarkorCreateNote (CreateFile.is_successful): fancy_penguin_2023_06_19.md exists in Markor's folder and its text fuzzily matches the goal's (difflib ratio at least 0.9)"
	files := []string{"bold_umbrella_final.md|Oct 12, 2023 09:41", "grocery_list.txt|Oct 10, 2023 18:05"}
	list := MarkorFiles(markorRoot, "", files...)
	typed := Then([]Step{FromHome("Markor")}, newNote(list, strings.TrimSuffix(name, ".md"))...)
	after := MarkorFiles(markorRoot, "", append([]string{"fancy_penguin_2023_06_19.md|Oct 15, 2023 15:35"}, files...)...)
	return []Case{
		{Name: "markor_note_typed_saved", TaskName: "MarkorCreateNote", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The note is named, the text typed into the editor and Save tapped; the editor keeps the text.", Evaluator: eval,
			Steps: Then(typed, StepOn(On(markorEditor(name, "", true)), "Type the text.", TypeIn("res:document__fragment__edit__highlighting_editor", text)),
				StepOn(On(markorEditor(name, text, true)), "Save.", Tap("Save")),
				Claim(On(markorEditor(name, text, false)), "The note is created with the text and saved."))},
		{Name: "markor_note_text_cut_short", TaskName: "MarkorCreateNote", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue,
			Behaviour: "The agent types only the first words of the text, saves, and goes back to the list; the file holds 'Remember to water the ferns'.", Evaluator: eval + " (the text matches at a ratio well under 0.9)",
			Steps: Then(typed, StepOn(On(markorEditor(name, "", true)), "Type the text.", TypeIn("res:document__fragment__edit__highlighting_editor", "Remember to water the ferns")),
				StepOn(On(markorEditor(name, "Remember to water the ferns", true)), "Save it.", Tap("Save")),
				StepOn(On(markorEditor(name, "Remember to water the ferns", false)), "Back to the list.", Tap("Navigate up")),
				Claim(On(after), "The note fancy_penguin_2023_06_19.md is created."))},
		{Name: "markor_note_date_mistyped", TaskName: "MarkorCreateNote", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The name is typed as fancy_penguin_2023_06_16, its date's last digits wrong; the text is right and saved, in a file of another name.", Evaluator: eval + " (no file named fancy_penguin_2023_06_19.md)",
			Steps: Then([]Step{FromHome("Markor")}, append(newNote(list, "fancy_penguin_2023_06_16"),
				StepOn(On(markorEditor("fancy_penguin_2023_06_16.md", "", true)), "Type the text.", TypeIn("res:document__fragment__edit__highlighting_editor", text)),
				StepOn(On(markorEditor("fancy_penguin_2023_06_16.md", text, true)), "Save.", Tap("Save")),
				Claim(On(markorEditor("fancy_penguin_2023_06_16.md", text, false)), "Saved the note with the text."))...)},
	}
}

func markorMergeCases() []Case {
	names := []string{"calm_ocean_copy.md", "2023_04_02_eager_violin.txt", "wise_tree_edited.md"}
	contents := []string{"Tq8Lm2ZxP0aVb7Ke4RnJ", "c5HwYd1oGs9UfQ3tMiEb", "X0rNp6WkLz2AhCv8JsDy"}
	const merged = "mZ4qT8bw"
	goal := "Merge the contents of Markor notes " + names[0] + ", " + names[1] + " and " + names[2] + " (in the same order) into a new Markor note named " + merged + " and save it. Add a new line between the content of each note."
	const eval = "markor.py MarkorMergeNotes.is_successful: mZ4qT8bw exists, its text fuzzily matches the three contents joined by blank lines, and split on newlines it is five lines with the second and fourth empty"
	files := []string{names[1] + "|Oct 14, 2023 11:02", names[0] + "|Oct 13, 2023 08:47", "quick_king_backup.md|Oct 11, 2023 16:30", names[2] + "|Oct 12, 2023 21:15"}
	list := MarkorFiles(markorRoot, "", files...)
	var read []Step
	for i, n := range names {
		read = append(read, StepOn(On(list), "Open "+n+" to read it.", Tap(n)),
			StepOn(On(markorEditor(n, contents[i], false)), "It reads "+contents[i]+". Back.", Tap("Navigate up")))
	}
	withNew := MarkorFiles(markorRoot, "", append([]string{merged + "|Oct 15, 2023 15:36"}, files...)...)
	write := func(body string) []Step {
		return Then([]Step{StepOn(On(list), "Create a new file.", Tap("Create a new file or folder")),
			StepOn(On(markorNewOf(list, "", "Markdown", ".md", false)), "Name it.", TypeIn("Name", merged)),
			StepOn(On(markorNewOf(list, merged, "Markdown", ".md", true)), "The name has no extension; clear the .md.", TypeIn("res:new_file_dialog__ext", "")),
			StepOn(On(markorNewOf(list, merged, "Markdown", "", true)), "OK.", Tap("OK"))}, StepOn(On(markorEditor(merged, "", true)), "Type the three contents with a blank line between them.", TypeIn("res:document__fragment__edit__highlighting_editor", body)),
			StepOn(On(markorEditor(merged, body, true)), "Save.", Tap("Save")))
	}
	good := strings.Join(contents, "\n\n")
	swapped := contents[1] + "\n\n" + contents[0] + "\n\n" + contents[2]
	return []Case{
		{Name: "markor_merge_three_saved", TaskName: "MarkorMergeNotes", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Each note is opened and read; a new note gets the three contents in order with a blank line between each, is saved, and the list shows it.", Evaluator: eval,
			Steps: Then(Then([]Step{FromHome("Markor")}, read...), append(write(good),
				StepOn(On(markorEditor(merged, good, false)), "Saved. Back to the list.", Tap("Navigate up")),
				Claim(On(withNew), "The merged note mZ4qT8bw is saved."))...)},
		{Name: "markor_merge_order_swapped", TaskName: "MarkorMergeNotes", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The notes are read in the list's order (by name, the dated one first), so the merged note starts with the second note's content, then the first's, then the third's.", Evaluator: eval + " (the text matches the expected order at a ratio near 0.67)",
			Steps: Then(Then([]Step{FromHome("Markor")}, read[2], read[3], read[0], read[1], read[4], read[5]), append(write(swapped),
				Claim(On(markorEditor(merged, swapped, false)), "Merged the three notes into mZ4qT8bw and saved it."))...)},
		{Name: "markor_merge_two_of_three", TaskName: "MarkorMergeNotes", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "Only the first two notes are read; the new note holds their two contents and the run stops after saving it.", Evaluator: eval + " (the third content is missing)",
			Steps: Then(Then([]Step{FromHome("Markor")}, read[:4]...), append(write(contents[0]+"\n\n"+contents[1]),
				Claim(On(markorEditor(merged, contents[0]+"\n\n"+contents[1], false)), "The notes are merged and saved."))...)},
	}
}

func markorNewestCases() []Case {
	const goal = "Delete the newest note in Markor."
	const eval = "markor.py MarkorDeleteNewestNote.is_successful: one file fewer, and the files left are the first ones by change time with their change times untouched (so the one gone is the newest)"
	byName := []string{"2023_02_17_clever_nest.md|Oct 14, 2023 07:12", "bright_rabbit_copy.txt|Oct 15, 2023 02:48", "gentle_fish_final.md|Oct 13, 2023 19:30", "kind_guitar_Xw3p.md|Oct 14, 2023 22:05", "strong_lion.txt|Oct 12, 2023 10:54"}
	byDate := []string{byName[1], byName[3], byName[0], byName[2], byName[4]}
	sortMenu := Screen(MarkorFiles(markorRoot, "", byName...), Rows(markor, "title", 300, "Sort by", "Show dotfiles", "Settings", "About"))
	sortBy := Screen(MarkorFiles(markorRoot, "", byName...), Els(markor.Text("Sort by", "", Bx(116, 700, 964, 780))),
		Els(markor.Radio("Name", "", true, Bx(116, 820, 964, 920)), markor.Radio("Date", "", false, Bx(116, 940, 964, 1040)), markor.Radio("Size", "", false, Bx(116, 1060, 964, 1160))),
		Els(markor.Checkbox("Reverse order", "", "", false, Bx(116, 1200, 964, 1300))))
	del := func(items []string, target string) []El {
		return Screen(MarkorFiles(markorRoot, target, items...), Dialog(markor.Pkg, "Delete", "Do you really want to delete this file?\n"+target, "OK", "Cancel"))
	}
	drop := func(items []string, name string) []string {
		var out []string
		for _, it := range items {
			if !strings.HasPrefix(it, name+"|") {
				out = append(out, it)
			}
		}
		return out
	}
	const newest, first = "bright_rabbit_copy.txt", "2023_02_17_clever_nest.md"
	return []Case{
		{Name: "markor_newest_sorted_deleted", TaskName: "MarkorDeleteNewestNote", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The list is sorted by date, newest first; the top file (changed Oct 15 02:48) is selected and deleted, and the list keeps the four older ones.", Evaluator: eval,
			Steps: []Step{FromHome("Markor"),
				StepOn(On(MarkorFiles(markorRoot, "", byName...)), "Sort the files by date to find the newest.", Tap("More options")),
				StepOn(On(sortMenu), "Sort by.", Tap("Sort by")),
				StepOn(On(sortBy), "Date.", Tap("Date")),
				StepOn(On(MarkorFiles(markorRoot, "", byDate...)), "The newest is on top: bright_rabbit_copy.txt. Select it.", LongPress(newest)),
				StepOn(On(MarkorFiles(markorRoot, newest, byDate...)), "Delete.", Tap("Delete")),
				StepOn(On(del(byDate, newest)), "Confirm.", Tap("OK")),
				Claim(On(MarkorFiles(markorRoot, "", drop(byDate, newest)...)), "The newest note is deleted.")}},
		{Name: "markor_first_by_name_deleted", TaskName: "MarkorDeleteNewestNote", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "The agent takes the file whose name carries a date for the newest and deletes it, though its row says it was changed Oct 14 07:12 and another was changed Oct 15.", Evaluator: eval + " (a file other than the newest is gone)",
			Steps: []Step{FromHome("Markor"),
				StepOn(On(MarkorFiles(markorRoot, "", byName...)), "2023_02_17_clever_nest.md is dated; it must be the newest. Select it.", LongPress(first)),
				StepOn(On(MarkorFiles(markorRoot, first, byName...)), "Delete.", Tap("Delete")),
				StepOn(On(del(byName, first)), "OK.", Tap("OK")),
				Claim(On(MarkorFiles(markorRoot, "", drop(byName, first)...)), "Deleted the newest note.")}},
		{Name: "markor_newest_sorted_not_confirmed", TaskName: "MarkorDeleteNewestNote", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The list is sorted by date and the newest file selected and Delete tapped; the run ends on the confirmation, so nothing is deleted.", Evaluator: eval + " (no file fewer)",
			Steps: []Step{FromHome("Markor"),
				StepOn(On(MarkorFiles(markorRoot, "", byName...)), "Sort by date first.", Tap("More options")),
				StepOn(On(sortMenu), "Sort by.", Tap("Sort by")),
				StepOn(On(sortBy), "Date.", Tap("Date")),
				StepOn(On(MarkorFiles(markorRoot, "", byDate...)), "The newest note is on top. Select it.", LongPress(newest)),
				StepOn(On(MarkorFiles(markorRoot, newest, byDate...)), "Delete.", Tap("Delete")),
				Claim(On(del(byDate, newest)), "The newest note, bright_rabbit_copy.txt, is being deleted.")}},
	}
}

func markorMoveCases() []Case {
	const file = "proud_monkey_2023_08_30.md"
	const goal = "In Markor, move the note " + file + " from StudyGuides to FitnessPlans."
	const eval = "markor.py MarkorMoveNote (MoveFile.is_successful): proud_monkey_2023_08_30.md is no longer in Markor/StudyGuides and is in Markor/FitnessPlans"
	folders := []string{"BookNotes/|Oct 14, 2023 12:00", "FitnessPlans/|Oct 14, 2023 12:00", "MeetingMinutes/|Oct 14, 2023 12:00", "StudyGuides/|Oct 14, 2023 12:00", "TravelItineraries/|Oct 14, 2023 12:00"}
	inStudy := []string{"exam_schedule.md|Oct 13, 2023 10:20", file + "|Oct 14, 2023 09:12", "vocab_list_copy.md|Oct 11, 2023 14:47"}
	study := markorRoot + "/StudyGuides"
	picker := func(at string) []El {
		out := Screen(MarkorFiles(study, file, inStudy...), Els(markor.Text("Move to", "", Bx(116, 500, 964, 580)), markor.Text(at, "", Bx(116, 600, 964, 660))))
		out = append(out, Rows(markor, "folder_title", 700, "BookNotes", "FitnessPlans", "MeetingMinutes", "StudyGuides", "TravelItineraries")...)
		return append(out, markor.Button("Select", "", Bx(740, 1700, 964, 1820)), markor.Button("Cancel", "", Bx(480, 1700, 720, 1820)))
	}
	menu := Screen(MarkorFiles(study, file, inStudy...), Rows(markor, "title", 300, "Move", "Copy", "Share", "Select all"))
	pick := []Step{FromHome("Markor"),
		StepOn(On(MarkorFiles(markorRoot, "", folders...)), "Open StudyGuides.", Tap("StudyGuides")),
		StepOn(On(MarkorFiles(study, "", inStudy...)), "Select the note.", LongPress(file)),
		StepOn(On(MarkorFiles(study, file, inStudy...)), "More options has Move.", Tap("More options")),
		StepOn(On(menu), "Move.", Tap("Move")),
		StepOn(On(picker(markorRoot)), "Choose FitnessPlans.", Tap("FitnessPlans")),
	}
	left := []string{inStudy[0], inStudy[2]}
	return []Case{
		{Name: "markor_note_moved", TaskName: "MarkorMoveNote", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The note is selected in StudyGuides, moved with More options > Move into FitnessPlans, and FitnessPlans then lists it.", Evaluator: eval,
			Steps: Then(pick, StepOn(On(picker(markorRoot+"/FitnessPlans")), "Select this folder.", Tap("Select")),
				StepOn(On(MarkorFiles(study, "", left...)), "Gone from StudyGuides. Check FitnessPlans.", Back()),
				StepOn(On(MarkorFiles(markorRoot, "", folders...)), "Open FitnessPlans.", Tap("FitnessPlans")),
				Claim(On(MarkorFiles(markorRoot+"/FitnessPlans", "", "hiit_routine.md|Oct 9, 2023 07:30", file+"|Oct 14, 2023 09:12")), "The note is in FitnessPlans now."))},
		{Name: "markor_move_wrong_folder", TaskName: "MarkorMoveNote", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue,
			Behaviour: "In the picker the agent taps the row under FitnessPlans, MeetingMinutes, and selects it: the note goes there.", Evaluator: eval + " (the note is in MeetingMinutes)",
			Steps: Then(pick[:5], StepOn(On(picker(markorRoot)), "Choose the fitness folder.", Tap("MeetingMinutes")),
				StepOn(On(picker(markorRoot+"/MeetingMinutes")), "Select.", Tap("Select")),
				Claim(On(MarkorFiles(study, "", left...)), "The note was moved out of StudyGuides."))},
		{Name: "markor_move_picker_left", TaskName: "MarkorMoveNote", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "FitnessPlans is opened in the folder picker and the run ends there, before Select: the note has not moved.", Evaluator: eval + " (the note is still in StudyGuides)",
			Steps: Then(pick, Claim(On(picker(markorRoot+"/FitnessPlans")), "Moved the note to FitnessPlans."))},
	}
}

// VLC (org.videolan.vlc) browses Download from its Browse tab; a video opened plays full
// screen, its frames pictures the tree does not read.

var vlc = UIOf("org.videolan.vlc")

func vlcFolder(title string, files ...string) []El {
	out := Toolbar(vlc, "Navigate up", title, "Search", "More options")
	out = append(out, Listed(len(files), 320, 170, func(i, y int) []El {
		return Els(vlc.Row("", "browser_item", Bx(0, y, 1080, y+160)), vlc.Text(files[i], "title", Bx(220, y+30, 1017, y+90)), vlc.Text("0:24", "text", Bx(220, y+95, 1017, y+140)))
	})...)
	return append(out, vlc.Frame("com.google.android.material.bottomnavigation.BottomNavigationView", "navigation", Bx(0, 2190, 1080, 2337)),
		vlc.TapText("Video", "", Bx(0, 2200, 270, 2330)), vlc.TapText("Audio", "", Bx(270, 2200, 540, 2330)), Selected(vlc.TapText("Browse", "", Bx(540, 2200, 810, 2330))), vlc.TapText("Playlists", "", Bx(810, 2200, 1080, 2330)))
}

func vlcPlaying(name, at string) []El {
	return Els(vlc.Frame("android.view.SurfaceView", "player_surface", Bx(0, 0, 1080, 2400)),
		vlc.Text(name, "player_overlay_title", Bx(150, 140, 930, 220)), vlc.Text(at, "player_overlay_time", Bx(40, 2050, 200, 2110)),
		vlc.Text("0:24", "player_overlay_length", Bx(880, 2050, 1040, 2110)), vlc.Icon("Pause", "player_overlay_play", Bx(470, 2150, 610, 2290)))
}

func transcribeCases() []Case {
	const video = "moment_37_raw_2023_09_04.mp4"
	const file = "moment_37_raw_2023_09_04_transcription.txt"
	const goal = "Transcribe the contents of video " + video + " by watching it in VLC player (located in Download) and writing the sequence of strings shown on each frame to the text file " + file + " in Markor as a comma separated list. For example, if the first frame shows the text \"edna\" and the second frame shows the text \"pineapple\", then the text file should contain only the following text: \"edna, pineapple\"."
	const eval = "markor.py MarkorTranscribeVideo (CreateFile.is_successful): moment_37_raw_2023_09_04_transcription.txt exists in Markor's folder and its text fuzzily matches 'Elias,Hana,Oscar', the three names the video shows eight seconds each"
	dl := []string{"clip_12_HD_copy.mp4", "footage_5_4K_Jq2w.mp4", video, "scene_88_export.mp4"}
	watch := []Step{StepOn(On(HomeScreen()), "Open VLC.", OpenApp("VLC")),
		StepOn(On(vlcFolder("Download", dl...)), "Play the video.", Tap(video)),
		StepOn(vlcPlaying(video, "0:03"), "The first frame shows a name. Wait for the next.", WaitAction()),
		StepOn(vlcPlaying(video, "0:11"), "Second name. Wait.", WaitAction()),
	}
	list := MarkorFiles(markorRoot, "", "grocery_list.txt|Oct 10, 2023 18:05")
	base := strings.TrimSuffix(file, ".txt")
	types := Screen(markorNewOf(list, base, "Markdown", ".md", false), Rows(markor, "text1", 1090, "Markdown", "Plain Text", "todo.txt", "Wikitext"))
	write := func(text string) []Step {
		return Then([]Step{StepOn(vlcPlaying(video, "0:20"), "Now write the names in Markor.", OpenApp("Markor"))}, append([]Step{
			StepOn(On(list), "Create a new file.", Tap("Create a new file or folder")),
			StepOn(On(markorNewOf(list, "", "Markdown", ".md", false)), "Name it.", TypeIn("Name", base)),
			StepOn(On(markorNewOf(list, base, "Markdown", ".md", true)), "It must be a .txt file: change the type.", Tap("res:new_file_dialog__type")),
			StepOn(On(types), "Plain Text.", Tap("Plain Text")),
			StepOn(On(markorNewOf(list, base, "Plain Text", ".txt", false)), "OK.", Tap("OK"))},
			StepOn(On(markorEditor(file, "", true)), "Type the names.", TypeIn("res:document__fragment__edit__highlighting_editor", text)),
			StepOn(On(markorEditor(file, text, true)), "Save.", Tap("Save")))...)
	}
	return []Case{
		{Name: "transcribe_three_names_saved", TaskName: "MarkorTranscribeVideo", Goal: goal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The video is watched to the end and the three names written to the file and saved; the frames are pictures, so no screen shows which names the video held.", Evaluator: eval,
			Steps: Then(watch, append(write("Elias, Hana, Oscar"), Claim(On(markorEditor(file, "Elias, Hana, Oscar", false)), "The transcription is saved."))...)},
		{Name: "transcribe_two_names_saved", TaskName: "MarkorTranscribeVideo", Goal: goal, Kind: KindUnseen, Expect: ExpectCannotTell, Failure: FailStoppedEarly,
			Behaviour: "The agent leaves the video after its second name and writes those two; the screens cannot show that a third frame followed.", Evaluator: eval + " (two of three names: ratio near 0.7)",
			Steps: Then(watch[:3], append([]Step{StepOn(vlcPlaying(video, "0:11"), "That is the second name.", WaitAction())}, append(write("Elias, Hana"), Claim(On(markorEditor(file, "Elias, Hana", false)), "The names from the video are saved."))...)...)},
		{Name: "transcribe_video_only_watched", TaskName: "MarkorTranscribeVideo", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The run watches the video and stops on the player without ever opening Markor: no file is written.", Evaluator: eval + " (the file does not exist)",
			Steps: Then(watch, Claim(vlcPlaying(video, "0:20"), "I watched the video; it shows Elias, Hana and Oscar."))},
	}
}
