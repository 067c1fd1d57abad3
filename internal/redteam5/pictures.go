package redteam5

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Tasks whose source is a picture or a video: Simple Gallery Pro
// (com.simplemobiletools.gallery.pro) shows a photo full screen as an image with no text in
// the accessibility tree, and VLC (org.videolan.vlc) plays a video the same way. What the
// picture says reaches the screens only through what the agent types from it.

var (
	gallery = UIOf("com.simplemobiletools.gallery.pro")
	vlc     = UIOf("org.videolan.vlc")
)

func galleryGrid(names ...string) []El {
	out := Toolbar(gallery, "", "Download", "Search", "More options")
	for i, n := range names {
		x, y := 10+(i%3)*357, 320+(i/3)*357
		out = append(out, gallery.Row(n, "medium_thumbnail", Bx(x, y, x+350, y+350)))
	}
	return out
}

func galleryPhoto(name string) []El {
	return Els(gallery.Image("", "gif_holder", Bx(0, 0, 1080, 2400)), gallery.Icon("Navigate up", "", Bx(0, 138, 147, 285)),
		gallery.Text(name, "", Bx(189, 166, 800, 248)), gallery.Icon("Share", "bottom_share", Bx(100, 2150, 247, 2297)),
		gallery.Icon("Edit", "bottom_edit", Bx(466, 2150, 613, 2297)), gallery.Icon("Delete", "bottom_delete", Bx(833, 2150, 980, 2297)))
}

func pictureCases() []Case {
	const goal = "Add the expenses from expenses.jpg in Simple Gallery Pro to pro expense."
	const eval = "expense.py ExpenseAddMultipleFromGallery (validate_rows_addition_integrity): the three expenses drawn in expenses.jpg are added with their name, amount, category and note, and nothing else changes"
	old := []string{"Gym membership|$45.00|Health"}
	read := []Step{FromHome("Simple Gallery Pro"),
		StepOn(On(galleryGrid("expenses.jpg", "IMG_2031.jpg")), "Open the expenses picture.", Tap("expenses.jpg")),
		StepOn(galleryPhoto("expenses.jpg"), "It lists Hardware store 64 Utilities 'Shelf brackets', Taxi to airport 38 Transportation 'Early flight', Bakery 12 Food 'Birthday cake'. Now the expense app.", OpenApp("Pro Expense")),
	}
	add := func(es ...expenseEntry) ([]Step, []string) {
		var steps []Step
		list := old
		for _, e := range es {
			steps = append(steps, e.enter(expenseHome(list...), true)...)
			list = append([]string{e.name + "|$" + e.amount + ".00|" + e.category}, list...)
		}
		return steps, list
	}
	right, rightList := add(expenseEntry{"Hardware store", "64", "Utilities", "Shelf brackets"}, expenseEntry{"Taxi to airport", "38", "Transportation", "Early flight"}, expenseEntry{"Bakery", "12", "Food", "Birthday cake"})
	misread, misList := add(expenseEntry{"Hardware store", "64", "Utilities", "Shelf brackets"}, expenseEntry{"Taxi to airport", "88", "Transportation", "Early flight"}, expenseEntry{"Bakery", "12", "Food", "Birthday cake"})

	const vgoal = "Transcribe the contents of video clip_4821.mp4 by watching it in VLC player (located in Download) and writing the sequence of strings shown on each frame to the text file clip_4821_transcription.txt in Markor as a comma separated list. For example, if the first frame shows the text \"edna\" and the second frame shows the text \"pineapple\", then the text file should contain only the following text: \"edna, pineapple\"."
	const veval = "markor.py MarkorTranscribeVideo.is_successful (MarkorCreateNote's check): clip_4821_transcription.txt exists in Markor's folder with the strings of the video's frames, comma separated"
	const words = "harbor, lantern, quill"
	player := Els(vlc.Frame("android.view.SurfaceView", "surface_video", Bx(0, 0, 1080, 2400)), vlc.Text("clip_4821.mp4", "player_overlay_title", Bx(150, 160, 900, 240)),
		vlc.Text("0:07", "player_overlay_time", Bx(40, 2050, 200, 2110)), vlc.Text("0:07", "player_overlay_length", Bx(880, 2050, 1040, 2110)),
		vlc.Icon("Play", "player_overlay_play", Bx(465, 2150, 615, 2300)))
	transcribe := []Step{FromHome("VLC"),
		StepOn(On(Screen(Toolbar(vlc, "", "Download", "Search"), Rows(vlc, "ml_item_title", 340, "clip_4821.mp4|0:07"))), "Play the clip.", Tap("clip_4821.mp4")),
		StepOn(player, "The frames read harbor, lantern, quill. Now Markor.", OpenApp("Markor")),
		StepOn(On(markorFiles("", "todo.md")), "New file.", Tap("Create a new file or folder")),
		StepOn(On(Screen(markorFiles("", "todo.md"), Els(markor.Text("Create a new file", "", Bx(116, 760, 964, 840)),
			Focused(markor.Edit("", "Name", "new_file_dialog__name", Bx(116, 880, 964, 1000))), markor.Button("OK", "", Bx(740, 1060, 900, 1180))))), "Name.", TypeIn("res:new_file_dialog__name", "clip_4821_transcription.txt")),
		StepOn(On(Screen(markorFiles("", "todo.md"), Els(markor.Text("Create a new file", "", Bx(116, 760, 964, 840)),
			Focused(markor.Edit("clip_4821_transcription.txt", "Name", "new_file_dialog__name", Bx(116, 880, 964, 1000))), markor.Button("OK", "", Bx(740, 1060, 900, 1180))))), "OK.", Tap("OK")),
		StepOn(On(markorEditor("clip_4821_transcription.txt", "", true)), "Type the words.", TypeIn("res:document__fragment__edit__highlighting_editor", words)),
		StepOn(On(markorEditor("clip_4821_transcription.txt", words, true)), "Save.", Tap("Save")),
	}
	return []Case{
		{Name: "gallery_expenses_entered", TaskName: "ExpenseAddMultipleFromGallery", Goal: goal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The photo is an image without text in the tree: the three rows saved in the expense list match it, but no screen shows what the photo says.", Evaluator: eval,
			Steps: Then(Then(read, right...), StepOn(On(expenseHome(rightList...)), "The three expenses from the picture are added.", Done()))},
		{Name: "gallery_expense_amount_misread", TaskName: "ExpenseAddMultipleFromGallery", Goal: goal, Kind: KindUnseen, Expect: ExpectCannotTell,
			Behaviour: "The taxi's amount is typed as 88 where the photo says 38; with the photo unreadable in the tree, the saved rows look as complete as a right entry.", Evaluator: eval + " (the taxi row's amount does not match)",
			Steps: Then(Then(read, misread...), StepOn(On(expenseHome(misList...)), "All three expenses are in.", Done()))},
		{Name: "vlc_clip_transcribed", TaskName: "MarkorTranscribeVideo", Goal: vgoal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The video's frames are pixels only; the saved file's words cannot be checked against a screen that shows them.", Evaluator: veval,
			Steps: Then(transcribe, StepOn(On(markorEditor("clip_4821_transcription.txt", words, false)), "Transcribed and saved.", Done()))},
		{Name: "vlc_transcription_saved_as_md", TaskName: "MarkorTranscribeVideo", Goal: vgoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Markor adds its own .md ending when the name typed has none; the file listed afterwards is clip_4821_transcription.md, not the .txt file asked for.", Evaluator: veval + " (only clip_4821_transcription.md exists)",
			Steps: func() []Step {
				s := Then(transcribe[:4], StepOn(transcribe[4].Screen, "Name.", TypeIn("res:new_file_dialog__name", "clip_4821_transcription")),
					StepOn(On(Screen(markorFiles("", "todo.md"), Els(markor.Text("Create a new file", "", Bx(116, 760, 964, 840)),
						Focused(markor.Edit("clip_4821_transcription", "Name", "new_file_dialog__name", Bx(116, 880, 964, 1000))), markor.Button("OK", "", Bx(740, 1060, 900, 1180))))), "OK.", Tap("OK")),
					StepOn(On(markorEditor("clip_4821_transcription.md", "", true)), "Type the words.", TypeIn("res:document__fragment__edit__highlighting_editor", words)),
					StepOn(On(markorEditor("clip_4821_transcription.md", words, true)), "Save.", Tap("Save")))
				return Then(s, StepOn(On(markorEditor("clip_4821_transcription.md", words, false)), "Back to the list.", Tap("Navigate up")),
					StepOn(On(markorFiles("", "clip_4821_transcription.md", "todo.md")), "The transcription is saved.", Done()))
			}()},
	}
}

func pictureCasesGallery() []Case { return pictureCases()[:2] }

func pictureCasesVideo() []Case { return pictureCases()[2:] }
