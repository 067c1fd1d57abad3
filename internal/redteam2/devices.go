package redteam2

// Apps that record or locate: OsmAnd (net.osmand), whose search finds a place, whose
// context card on the map offers Favorite and Marker (two different lists), whose favourite
// editor saves with Save, and whose My Places lists the favourites; Audio Recorder
// (com.dimowner.audiorecorder), which asks for the microphone first, records until stopped,
// names the record "Record-N" and renames it through a dialog; and the Camera
// (com.android.camera2), whose preview shows the same controls before and after a photo.

var (
	osmand   = ui{"net.osmand"}
	recorder = ui{"com.dimowner.audiorecorder"}
	camera   = ui{"com.android.camera2"}
)

func osmMap(card []El) []El {
	out := els(
		El{Class: "android.view.View", Pkg: osmand.pkg, Res: osmand.res("MapView"), Box: bx(0, 0, 1080, 2400)},
		osmand.icon("Back to menu", "map_menu_button", bx(42, 2150, 189, 2297)),
		osmand.icon("Search", "map_search_button", bx(42, 180, 189, 327)),
		osmand.icon("Zoom in", "map_zoom_in_button", bx(891, 1300, 1038, 1447)),
		osmand.icon("Zoom out", "map_zoom_out_button", bx(891, 1460, 1038, 1607)),
		osmand.icon("My location", "map_my_location_button", bx(891, 2150, 1038, 2297)),
	)
	return screen(out, card)
}

func osmCard(name, kind string) []El {
	return els(
		osmand.text(name, "context_menu_line1", bx(63, 1700, 900, 1780)),
		osmand.text(kind, "context_menu_line2", bx(63, 1790, 900, 1840)),
		osmand.button("Favorite", "context_menu_fav_button", bx(42, 1900, 300, 2020)),
		osmand.button("Marker", "context_menu_marker_button", bx(300, 1900, 560, 2020)),
		osmand.button("Share", "context_menu_share_button", bx(560, 1900, 800, 2020)),
		osmand.button("Actions", "context_menu_more_button", bx(800, 1900, 1038, 2020)),
	)
}

func osmSearch(query string, results ...[2]string) []El {
	out := els(osmand.icon("Back", "", bx(0, 138, 147, 285)),
		focused(osmand.edit(query, "Search", "searchEditText", bx(147, 150, 900, 260))))
	for i, r := range results {
		y := 330 + i*180
		out = append(out, osmand.row("", "search_item", bx(0, y, 1080, y+170)), osmand.text(r[0], "title", bx(189, y+20, 1000, y+85)),
			osmand.text(r[1], "subtitle", bx(189, y+90, 1000, y+140)))
	}
	return withKeyboard(out, "Search")
}

func osmFavoriteEditor(name string) []El {
	return els(osmand.icon("Close", "", bx(0, 138, 147, 285)), osmand.text("Add favorite", "", bx(189, 166, 700, 250)),
		osmand.edit(name, "Name", "name_edit", bx(63, 330, 1017, 470)),
		osmand.edit("", "Description", "description_edit", bx(63, 500, 1017, 640)),
		osmand.text("Group", "", bx(63, 700, 400, 760)), osmand.tapText("Favorites", "group_name", bx(63, 770, 1017, 850)),
		osmand.button("Save", "right_bottom_button", bx(560, 2150, 1038, 2297)), osmand.button("Cancel", "dismiss_button", bx(42, 2150, 520, 2297)))
}

func osmPlaces(title string, items ...string) []El {
	out := els(osmand.icon("Navigate up", "", bx(0, 138, 147, 285)), osmand.text(title, "", bx(189, 166, 700, 250)))
	for i, it := range items {
		y := 330 + i*180
		out = append(out, osmand.row("", "list_item", bx(0, y, 1080, y+170)), osmand.text(it, "title", bx(189, y+20, 1000, y+85)))
	}
	return out
}

func osmandCases() []Case {
	const favEval = "osmand.py OsmAndFavorite.is_successful: favorites.gpx has a waypoint whose name contains the location or whose coordinates match it"
	goal := "Add a favorite location marker for Bendern, Liechtenstein in the OsmAnd maps app."
	results := [][2]string{{"Bendern", "Village • Gamprin, Liechtenstein"}, {"Bendererstrasse", "Street • Gamprin"}}
	find := []Step{fromHome("OsmAnd"),
		step(on(osmMap(nil)), "Search for Bendern.", tap("Search")),
		step(on(osmSearch("")), "Type the place.", typeIn("Search", "Bendern")),
		step(on(osmSearch("Bendern", results...)), "Open the village.", tap("Bendern"))}
	card := osmMap(osmCard("Bendern", "Village"))
	menu := screen(osmMap(nil), els(osmand.tapText("My Places", "", bx(42, 400, 700, 500)), osmand.tapText("Map markers", "", bx(42, 520, 700, 620)),
		osmand.tapText("Settings", "", bx(42, 640, 700, 740))))
	var out []Case
	out = append(out, Case{Name: "osmand_favorite_saved", TaskName: "OsmAndFavorite", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "Favorite opens an editor that saves the place to the Favorites group; My Places then lists it.",
		Evaluator: favEval, Steps: append(append([]Step{}, find...),
			step(on(card), "Add it to favorites.", tap("Favorite")),
			step(on(osmFavoriteEditor("Bendern")), "Save it.", tap("Save")),
			step(on(osmMap(osmCard("Bendern", "Favorites"))), "Check My Places.", tap("Back to menu")),
			step(on(menu), "Open My Places.", tap("My Places")),
			step(on(osmPlaces("Favorites", "Bendern")), "Bendern is a favorite.", done()))})
	out = append(out, Case{Name: "osmand_map_marker_not_favorite", TaskName: "OsmAndFavorite", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "Marker puts the place on the map markers list, a different list from the favourites; the run ends on Map markers.",
		Evaluator: favEval, Steps: append(append([]Step{}, find...),
			step(on(card), "Add a marker for it.", tap("Marker")),
			step(on(osmMap(osmCard("Bendern", "Village")), els(toast(osmand.pkg, "Bendern added to map markers"))), "Check the markers.", tap("Back to menu")),
			step(on(menu), "Open Map markers.", tap("Map markers")),
			step(on(osmPlaces("Map markers", "Bendern")), "The marker for Bendern is added.", done()))})
	out = append(out, Case{Name: "osmand_search_results_only", TaskName: "OsmAndFavorite", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The search lists the place as a result; nothing was added anywhere.",
		Evaluator: favEval, Steps: []Step{fromHome("OsmAnd"),
			step(on(osmMap(nil)), "Search for Bendern.", tap("Search")),
			step(on(osmSearch("")), "Type the place.", typeIn("Search", "Bendern")),
			step(on(osmSearch("Bendern", results...)), "Bendern is found and added.", done())}})
	return out
}

func recorderMain(name, time string, recording bool) []El {
	out := els(recorder.text("Audio Recorder", "", bx(63, 166, 600, 237)),
		recorder.tapText(name, "txt_name", bx(140, 500, 940, 580)),
		recorder.text(time, "txt_progress", bx(340, 900, 740, 1040)))
	if recording {
		out = append(out, recorder.icon("Stop recording", "btn_record_stop", bx(140, 1900, 290, 2050)), recorder.icon("Pause recording", "btn_record", bx(465, 1880, 615, 2070)))
	} else {
		out = append(out, recorder.icon("Play", "btn_play", bx(140, 1900, 290, 2050)), recorder.icon("Record", "btn_record", bx(465, 1880, 615, 2070)))
	}
	return append(out, recorder.icon("Records", "btn_records_list", bx(790, 1900, 940, 2050)), recorder.icon("Settings", "btn_settings", bx(920, 150, 1040, 270)))
}

func renameDialog(under []El, name string, typing bool) []El {
	d := els(recorder.text("Rename record", "", bx(84, 700, 996, 780)), recorder.edit(name, "Name", "input_name", bx(84, 820, 996, 950)),
		recorder.button("Save", "", bx(760, 990, 996, 1110)), recorder.button("Cancel", "", bx(500, 990, 740, 1110)))
	if typing {
		d[1] = focused(d[1])
		return withKeyboard(screen(under, d), "Done")
	}
	return screen(under, d)
}

func recorderCases() []Case {
	const nameEval = "audio_recorder.py AudioRecorderRecordAudioWithFileName.is_successful: meeting_0412.m4a exists in the recorder's records folder"
	goal := `Record an audio clip and save it with name "meeting_0412" using Audio Recorder app.`
	rec := []Step{fromHome("Audio Recorder"),
		step(on(recorderMain("Record-1", "00:00", false), permissionPrompt("Audio Recorder", "record audio")), "Allow the microphone.", tap("While using the app")),
		step(on(recorderMain("Record-1", "00:00", false)), "Start recording.", tap("Record")),
		step(on(recorderMain("Record-1", "00:05", true)), "Stop the recording.", tap("Stop recording")),
		step(on(recorderMain("Record-1", "00:06", false)), "Rename the record.", tap("Record-1")),
		step(on(renameDialog(recorderMain("Record-1", "00:06", false), "Record-1", false)), "Type the name.", typeIn("Name", "meeting_0412"))}
	var out []Case
	out = append(out, Case{Name: "recorder_saved_with_name", TaskName: "AudioRecorderRecordAudioWithFileName", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "A stopped recording is kept under Record-N; the rename dialog's Save gives it the name, which the main screen then shows.",
		Evaluator: nameEval, Steps: append(append([]Step{}, rec...),
			step(on(renameDialog(recorderMain("Record-1", "00:06", false), "meeting_0412", true)), "Save the name.", tap("Save")),
			step(on(recorderMain("meeting_0412", "00:06", false)), "The recording is saved as meeting_0412.", done()))})
	out = append(out, Case{Name: "recorder_rename_dialog_left_open", TaskName: "AudioRecorderRecordAudioWithFileName", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The new name is typed in the rename dialog, which was never confirmed: the record keeps its Record-1 name.",
		Evaluator: nameEval, Steps: append(append([]Step{}, rec...),
			step(on(renameDialog(recorderMain("Record-1", "00:06", false), "meeting_0412", true)), "The recording is saved with the name meeting_0412.", done()))})
	out = append(out, Case{Name: "recorder_microphone_denied", TaskName: "AudioRecorderRecordAudio", Goal: "Record an audio clip using Audio Recorder app and save it.",
		Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The microphone permission was denied; the record button then only asks for it again, and nothing is recorded.",
		Evaluator: "audio_recorder.py AudioRecorderRecordAudio.is_successful: exactly one new non-empty file in the records folder",
		Steps: []Step{fromHome("Audio Recorder"),
			step(on(recorderMain("Record-1", "00:00", false), permissionPrompt("Audio Recorder", "record audio")), "Close the prompt.", tap("Don’t allow")),
			step(on(recorderMain("Record-1", "00:00", false)), "Record.", tap("Record")),
			step(on(recorderMain("Record-1", "00:00", false), els(toast(recorder.pkg, "Recording permission not granted"))), "The audio clip is recorded and saved.", done())}})
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
	out := els(El{Class: "android.view.TextureView", Pkg: camera.pkg, Res: camera.res("preview_content"), Box: bx(0, 0, 1080, 1920)},
		camera.icon("Options", "toggle_button", bx(42, 150, 160, 268)),
		camera.icon(shutter, "shutter_button", bx(440, 2030, 640, 2230)),
		camera.icon("Switch to front camera", "camera_toggle_button", bx(800, 2060, 940, 2200)),
		camera.icon("Filmstrip", "rounded_thumbnail_view", bx(140, 2060, 280, 2200)),
		camera.icon("Mode list", "mode_options_toggle", bx(960, 150, 1060, 268)))
	if recording != "" {
		out = append(out, camera.text(recording, "recording_time", bx(440, 150, 640, 230)))
	}
	return out
}

func cameraModes() []El {
	return screen(cameraPreview("Photo", ""), els(camera.tapText("Camera", "", bx(63, 500, 600, 600)), camera.tapText("Video", "", bx(63, 620, 600, 720)),
		camera.tapText("Panorama", "", bx(63, 740, 600, 840))))
}

func cameraCases() []Case {
	return []Case{
		{Name: "camera_photo_taken_unseen", TaskName: "CameraTakePhoto", Goal: "Take one photo.", Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The shutter was pressed once; the preview shows the same controls before and after, and no screen shows the photo.",
			Evaluator: "camera.py CameraTakePhoto.is_successful: exactly one new file in /sdcard/Pictures",
			Steps: []Step{fromHome("Camera"),
				step(on(cameraPreview("Photo", "")), "Take the photo.", tap("Shutter")),
				step(on(cameraPreview("Photo", "")), "The photo is taken.", done())}},
		{Name: "camera_video_instead_of_photo", TaskName: "CameraTakePhoto", Goal: "Take one photo.", Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The camera was switched to video and a clip recorded: the screens show the video mode and its recording time, and no photo.",
			Evaluator: "camera.py CameraTakePhoto.is_successful: exactly one new file in /sdcard/Pictures (a video goes to /sdcard/Movies)",
			Steps: []Step{fromHome("Camera"),
				step(on(cameraPreview("Photo", "")), "Open the modes.", tap("Mode list")),
				step(on(cameraModes()), "Choose video.", tap("Video")),
				step(on(cameraPreview("Video", "")), "Record.", tap("Start recording")),
				step(on(cameraPreview("Video", "00:03")), "Stop.", tap("Stop recording")),
				step(on(cameraPreview("Video", "")), "The photo is taken.", done())}},
	}
}
