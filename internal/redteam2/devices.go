package redteam2

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Apps that record or locate: OsmAnd (net.osmand), whose search finds a place, whose
// context card on the map offers Favorite and Marker (two different lists), whose favourite
// editor saves with Save, and whose My Places lists the favourites; Audio Recorder
// (com.dimowner.audiorecorder), which asks for the microphone first, records until stopped,
// names the record "Record-N" and renames it through a dialog; and the Camera
// (com.android.camera2), whose preview shows the same controls before and after a photo.

var (
	osmand   = UIOf("net.osmand")
	recorder = UIOf("com.dimowner.audiorecorder")
	camera   = UIOf("com.android.camera2")
)

func osmMap(card []El) []El {
	out := Els(
		El{Class: "android.view.View", Pkg: osmand.Pkg, Res: osmand.Res("MapView"), Box: Bx(0, 0, 1080, 2400)},
		osmand.Icon("Back to menu", "map_menu_button", Bx(42, 2150, 189, 2297)),
		osmand.Icon("Search", "map_search_button", Bx(42, 180, 189, 327)),
		osmand.Icon("Zoom in", "map_zoom_in_button", Bx(891, 1300, 1038, 1447)),
		osmand.Icon("Zoom out", "map_zoom_out_button", Bx(891, 1460, 1038, 1607)),
		osmand.Icon("My location", "map_my_location_button", Bx(891, 2150, 1038, 2297)),
	)
	return Screen(out, card)
}

func osmCard(name, kind string) []El {
	return Els(
		osmand.Text(name, "context_menu_line1", Bx(63, 1700, 900, 1780)),
		osmand.Text(kind, "context_menu_line2", Bx(63, 1790, 900, 1840)),
		osmand.Button("Favorite", "context_menu_fav_button", Bx(42, 1900, 300, 2020)),
		osmand.Button("Marker", "context_menu_marker_button", Bx(300, 1900, 560, 2020)),
		osmand.Button("Share", "context_menu_share_button", Bx(560, 1900, 800, 2020)),
		osmand.Button("Actions", "context_menu_more_button", Bx(800, 1900, 1038, 2020)),
	)
}

func osmSearch(query string, results ...[2]string) []El {
	out := Els(osmand.Icon("Back", "", Bx(0, 138, 147, 285)),
		Focused(osmand.Edit(query, "Search", "searchEditText", Bx(147, 150, 900, 260))))
	for i, r := range results {
		y := 330 + i*180
		out = append(out, osmand.Row("", "search_item", Bx(0, y, 1080, y+170)), osmand.Text(r[0], "title", Bx(189, y+20, 1000, y+85)),
			osmand.Text(r[1], "subtitle", Bx(189, y+90, 1000, y+140)))
	}
	return WithKeyboard(out, "Search")
}

func osmFavoriteEditor(name string) []El {
	return Els(osmand.Icon("Close", "", Bx(0, 138, 147, 285)), osmand.Text("Add favorite", "", Bx(189, 166, 700, 250)),
		osmand.Edit(name, "Name", "name_edit", Bx(63, 330, 1017, 470)),
		osmand.Edit("", "Description", "description_edit", Bx(63, 500, 1017, 640)),
		osmand.Text("Group", "", Bx(63, 700, 400, 760)), osmand.TapText("Favorites", "group_name", Bx(63, 770, 1017, 850)),
		osmand.Button("Save", "right_bottom_button", Bx(560, 2150, 1038, 2297)), osmand.Button("Cancel", "dismiss_button", Bx(42, 2150, 520, 2297)))
}

func osmPlaces(title string, items ...string) []El {
	out := Els(osmand.Icon("Navigate up", "", Bx(0, 138, 147, 285)), osmand.Text(title, "", Bx(189, 166, 700, 250)))
	for i, it := range items {
		y := 330 + i*180
		out = append(out, osmand.Row("", "list_item", Bx(0, y, 1080, y+170)), osmand.Text(it, "title", Bx(189, y+20, 1000, y+85)))
	}
	return out
}

func osmandCases() []Case {
	const favEval = "osmand.py OsmAndFavorite.is_successful: favorites.gpx has a waypoint whose name contains the location or whose coordinates match it"
	goal := "Add a favorite location marker for Bendern, Liechtenstein in the OsmAnd maps app."
	results := [][2]string{{"Bendern", "Village • Gamprin, Liechtenstein"}, {"Bendererstrasse", "Street • Gamprin"}}
	find := []Step{FromHome("OsmAnd"),
		StepOn(On(osmMap(nil)), "Search for Bendern.", Tap("Search")),
		StepOn(On(osmSearch("")), "Type the place.", TypeIn("Search", "Bendern")),
		StepOn(On(osmSearch("Bendern", results...)), "Open the village.", Tap("Bendern"))}
	card := osmMap(osmCard("Bendern", "Village"))
	menu := Screen(osmMap(nil), Els(osmand.TapText("My Places", "", Bx(42, 400, 700, 500)), osmand.TapText("Map markers", "", Bx(42, 520, 700, 620)),
		osmand.TapText("Settings", "", Bx(42, 640, 700, 740))))
	var out []Case
	out = append(out, Case{Name: "osmand_favorite_saved", TaskName: "OsmAndFavorite", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "Favorite opens an editor that saves the place to the Favorites group; My Places then lists it.",
		Evaluator: favEval, Steps: append(append([]Step{}, find...),
			StepOn(On(card), "Add it to favorites.", Tap("Favorite")),
			StepOn(On(osmFavoriteEditor("Bendern")), "Save it.", Tap("Save")),
			StepOn(On(osmMap(osmCard("Bendern", "Favorites"))), "Check My Places.", Tap("Back to menu")),
			StepOn(On(menu), "Open My Places.", Tap("My Places")),
			StepOn(On(osmPlaces("Favorites", "Bendern")), "Bendern is a favorite.", Done()))})
	out = append(out, Case{Name: "osmand_map_marker_not_favorite", TaskName: "OsmAndFavorite", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "Marker puts the place on the map markers list, a different list from the favourites; the run ends on Map markers.",
		Evaluator: favEval, Steps: append(append([]Step{}, find...),
			StepOn(On(card), "Add a marker for it.", Tap("Marker")),
			StepOn(On(osmMap(osmCard("Bendern", "Village")), Els(Toast(osmand.Pkg, "Bendern added to map markers"))), "Check the markers.", Tap("Back to menu")),
			StepOn(On(menu), "Open Map markers.", Tap("Map markers")),
			StepOn(On(osmPlaces("Map markers", "Bendern")), "The marker for Bendern is added.", Done()))})
	out = append(out, Case{Name: "osmand_search_results_only", TaskName: "OsmAndFavorite", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The search lists the place as a result; nothing was added anywhere.",
		Evaluator: favEval, Steps: []Step{FromHome("OsmAnd"),
			StepOn(On(osmMap(nil)), "Search for Bendern.", Tap("Search")),
			StepOn(On(osmSearch("")), "Type the place.", TypeIn("Search", "Bendern")),
			StepOn(On(osmSearch("Bendern", results...)), "Bendern is found and added.", Done())}})
	return out
}

func recorderMain(name, time string, recording bool) []El {
	out := Els(recorder.Text("Audio Recorder", "", Bx(63, 166, 600, 237)),
		recorder.TapText(name, "txt_name", Bx(140, 500, 940, 580)),
		recorder.Text(time, "txt_progress", Bx(340, 900, 740, 1040)))
	if recording {
		out = append(out, recorder.Icon("Stop recording", "btn_record_stop", Bx(140, 1900, 290, 2050)), recorder.Icon("Pause recording", "btn_record", Bx(465, 1880, 615, 2070)))
	} else {
		out = append(out, recorder.Icon("Play", "btn_play", Bx(140, 1900, 290, 2050)), recorder.Icon("Record", "btn_record", Bx(465, 1880, 615, 2070)))
	}
	return append(out, recorder.Icon("Records", "btn_records_list", Bx(790, 1900, 940, 2050)), recorder.Icon("Settings", "btn_settings", Bx(920, 150, 1040, 270)))
}

func renameDialog(under []El, name string, typing bool) []El {
	d := Els(recorder.Text("Rename record", "", Bx(84, 700, 996, 780)), recorder.Edit(name, "Name", "input_name", Bx(84, 820, 996, 950)),
		recorder.Button("Save", "", Bx(760, 990, 996, 1110)), recorder.Button("Cancel", "", Bx(500, 990, 740, 1110)))
	if typing {
		d[1] = Focused(d[1])
		return WithKeyboard(Screen(under, d), "Done")
	}
	return Screen(under, d)
}

func recorderCases() []Case {
	const nameEval = "audio_recorder.py AudioRecorderRecordAudioWithFileName.is_successful: meeting_0412.m4a exists in the recorder's records folder"
	goal := `Record an audio clip and save it with name "meeting_0412" using Audio Recorder app.`
	rec := []Step{FromHome("Audio Recorder"),
		StepOn(On(recorderMain("Record-1", "00:00", false), PermissionPrompt("Audio Recorder", "record audio")), "Allow the microphone.", Tap("While using the app")),
		StepOn(On(recorderMain("Record-1", "00:00", false)), "Start recording.", Tap("Record")),
		StepOn(On(recorderMain("Record-1", "00:05", true)), "Stop the recording.", Tap("Stop recording")),
		StepOn(On(recorderMain("Record-1", "00:06", false)), "Rename the record.", Tap("Record-1")),
		StepOn(On(renameDialog(recorderMain("Record-1", "00:06", false), "Record-1", false)), "Type the name.", TypeIn("Name", "meeting_0412"))}
	var out []Case
	out = append(out, Case{Name: "recorder_saved_with_name", TaskName: "AudioRecorderRecordAudioWithFileName", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "A stopped recording is kept under Record-N; the rename dialog's Save gives it the name, which the main screen then shows.",
		Evaluator: nameEval, Steps: append(append([]Step{}, rec...),
			StepOn(On(renameDialog(recorderMain("Record-1", "00:06", false), "meeting_0412", true)), "Save the name.", Tap("Save")),
			StepOn(On(recorderMain("meeting_0412", "00:06", false)), "The recording is saved as meeting_0412.", Done()))})
	out = append(out, Case{Name: "recorder_rename_dialog_left_open", TaskName: "AudioRecorderRecordAudioWithFileName", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The new name is typed in the rename dialog, which was never confirmed: the record keeps its Record-1 name.",
		Evaluator: nameEval, Steps: append(append([]Step{}, rec...),
			StepOn(On(renameDialog(recorderMain("Record-1", "00:06", false), "meeting_0412", true)), "The recording is saved with the name meeting_0412.", Done()))})
	out = append(out, Case{Name: "recorder_microphone_denied", TaskName: "AudioRecorderRecordAudio", Goal: "Record an audio clip using Audio Recorder app and save it.",
		Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The microphone permission was denied; the record button then only asks for it again, and nothing is recorded.",
		Evaluator: "audio_recorder.py AudioRecorderRecordAudio.is_successful: exactly one new non-empty file in the records folder",
		Steps: []Step{FromHome("Audio Recorder"),
			StepOn(On(recorderMain("Record-1", "00:00", false), PermissionPrompt("Audio Recorder", "record audio")), "Close the prompt.", Tap("Don’t allow")),
			StepOn(On(recorderMain("Record-1", "00:00", false)), "Record.", Tap("Record")),
			StepOn(On(recorderMain("Record-1", "00:00", false), Els(Toast(recorder.Pkg, "Recording permission not granted"))), "The audio clip is recorded and saved.", Done())}})
	return out
}

func cameraPreview(mode string, recording string) []El {
	shutter := "Shutter"
	if mode == "Video" {
		shutter = "Start recording"
		if recording != "" {
			shutter = "Stop recording"
		}
	}
	out := Els(El{Class: "android.view.TextureView", Pkg: camera.Pkg, Res: camera.Res("preview_content"), Box: Bx(0, 0, 1080, 1920)},
		camera.Icon("Options", "toggle_button", Bx(42, 150, 160, 268)),
		camera.Icon(shutter, "shutter_button", Bx(440, 2030, 640, 2230)),
		camera.Icon("Switch to front camera", "camera_toggle_button", Bx(800, 2060, 940, 2200)),
		camera.Icon("Filmstrip", "rounded_thumbnail_view", Bx(140, 2060, 280, 2200)),
		camera.Icon("Mode list", "mode_options_toggle", Bx(960, 150, 1060, 268)))
	if recording != "" {
		out = append(out, camera.Text(recording, "recording_time", Bx(440, 150, 640, 230)))
	}
	return out
}

func cameraModes() []El {
	return Screen(cameraPreview("Photo", ""), Els(camera.TapText("Camera", "", Bx(63, 500, 600, 600)), camera.TapText("Video", "", Bx(63, 620, 600, 720)),
		camera.TapText("Panorama", "", Bx(63, 740, 600, 840))))
}

func cameraCases() []Case {
	return []Case{
		{Name: "camera_photo_taken_unseen", TaskName: "CameraTakePhoto", Goal: "Take one photo.", Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The shutter was pressed once; the preview shows the same controls before and after, and no screen shows the photo.",
			Evaluator: "camera.py CameraTakePhoto.is_successful: exactly one new file in /sdcard/Pictures",
			Steps: []Step{FromHome("Camera"),
				StepOn(On(cameraPreview("Photo", "")), "Take the photo.", Tap("Shutter")),
				StepOn(On(cameraPreview("Photo", "")), "The photo is taken.", Done())}},
		{Name: "camera_video_instead_of_photo", TaskName: "CameraTakePhoto", Goal: "Take one photo.", Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The camera was switched to video and a clip recorded: the screens show the video mode and its recording time, and no photo.",
			Evaluator: "camera.py CameraTakePhoto.is_successful: exactly one new file in /sdcard/Pictures (a video goes to /sdcard/Movies)",
			Steps: []Step{FromHome("Camera"),
				StepOn(On(cameraPreview("Photo", "")), "Open the modes.", Tap("Mode list")),
				StepOn(On(cameraModes()), "Choose video.", Tap("Video")),
				StepOn(On(cameraPreview("Video", "")), "Record.", Tap("Start recording")),
				StepOn(On(cameraPreview("Video", "00:03")), "Stop.", Tap("Stop recording")),
				StepOn(On(cameraPreview("Video", "")), "The photo is taken.", Done())}},
	}
}
