package redteam3

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Retro Music (code.name.monkey.retromusic: songs added to a playlist one by one, in the order
// added), OsmAnd (net.osmand: a place's card adds a map marker or a favourite, two different
// lists), the Camera (com.android.camera2: video mode's shutter starts and stops a recording)
// and the Clock's stopwatch (com.google.android.deskclock: its Start and Pause button).

var (
	retro  = UIOf("code.name.monkey.retromusic")
	osm    = UIOf("net.osmand")
	camera = UIOf("com.android.camera2")
	clock  = UIOf("com.google.android.deskclock")
)

func retroSongs(songs ...string) []El {
	out := Toolbar(retro, "", "Songs", "Search", "More options")
	for i, s := range songs {
		y := 320 + i*170
		out = append(out, retro.TapText(s, "title", Bx(220, y, 900, y+70)), retro.Icon("More options", "menu", Bx(940, y, 1040, y+120)))
	}
	return out
}

func retroPlaylist(name string, songs ...string) []El {
	out := append(Toolbar(retro, "Navigate up", name, "Shuffle", "More options"), retro.Text(Itoa(len(songs))+" songs", "playlist_count", Bx(63, 300, 600, 360)))
	for i, s := range songs {
		y := 400 + i*170
		out = append(out, retro.TapText(s, "title", Bx(220, y, 900, y+70)))
	}
	return out
}

// newPlaylist is the dialog naming a new playlist over the songs.
func newPlaylist(songs []string, name string) []El {
	return append(append(retroSongs(songs...), Dialog(retro.Pkg, "New playlist", "", "Create", "Cancel")...),
		retro.Edit(name, "Playlist name", "actionNewPlaylist", Bx(116, 1050, 964, 1170)))
}

func retroCases() []Case {
	const eval = "retro_music.py RetroCreatePlaylist.is_successful: a playlist with the title holds exactly the songs, in order"
	const goal = "Create a playlist in Retro Music titled \"Night drive\" with the following songs, in order: Silver Coast, Paper Lanterns"
	songs := []string{"Autumn Rain", "Paper Lanterns", "Silver Coast", "Slow Tide"}
	add := func(song string, first bool) []Step {
		menu := append(retroSongs(songs...), Rows(retro, "title", 900, "Play next", "Add to playing queue", "Add to playlist…")...)
		pick := "Night drive"
		out := []Step{
			// the toolbar's More options comes before the songs' own
			StepOn(On(retroSongs(songs...)), "Menu of "+song+".", Tap(Itoa(index(songs, song)+2)+":More options")),
			StepOn(On(menu), "Add to playlist.", Tap("Add to playlist…")),
		}
		if first {
			return append(out,
				StepOn(On(retroSongs(songs...), Dialog(retro.Pkg, "Add to playlist", "", "New playlist…")), "New playlist.", Tap("New playlist…")),
				StepOn(On(typing(newPlaylist(songs, ""), "Done")), "Name it.", TypeIn("res:actionNewPlaylist", pick)),
				StepOn(On(typing(newPlaylist(songs, pick), "Done")), "Create.", Tap("Create")))
		}
		return append(out, StepOn(On(retroSongs(songs...), Dialog(retro.Pkg, "Add to playlist", "", "New playlist…"), Rows(retro, "title", 1300, pick)), "Pick it.", Tap(pick)))
	}
	toPlaylist := []Step{
		StepOn(On(retroSongs(songs...)), "Open the playlists.", Back()),
		StepOn(On(append(Toolbar(retro, "", "Playlists"), Rows(retro, "title", 320, "Night drive", "Favorites")...)), "Open it.", Tap("Night drive")),
	}
	run := func(order ...string) []Step {
		steps := []Step{FromHome("Retro Music")}
		for i, s := range order {
			steps = append(steps, add(s, i == 0)...)
		}
		return append(steps, toPlaylist...)
	}
	return []Case{
		{Name: "retro_playlist_in_order", TaskName: "RetroCreatePlaylist", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Songs join a playlist in the order they are added; the playlist page lists them so.", Evaluator: eval,
			Steps: Then(run("Silver Coast", "Paper Lanterns"), StepOn(On(retroPlaylist("Night drive", "Silver Coast", "Paper Lanterns")), "Both songs, in order.", Done()))},
		{Name: "retro_playlist_wrong_order", TaskName: "RetroCreatePlaylist", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Adding the songs in list order puts Paper Lanterns first; the playlist keeps that order.", Evaluator: eval + " (the order is reversed)",
			Steps: Then(run("Paper Lanterns", "Silver Coast"), StepOn(On(retroPlaylist("Night drive", "Paper Lanterns", "Silver Coast")), "The playlist has both songs.", Done()))},
		{Name: "retro_playlist_missing_song", TaskName: "RetroCreatePlaylist", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "A playlist holds only the songs added to it; one added song makes a one-song playlist.", Evaluator: eval + " (Paper Lanterns is missing)",
			Steps: Then(run("Silver Coast"), StepOn(On(retroPlaylist("Night drive", "Silver Coast")), "The playlist is created.", Done()))},
	}
}

func osmCard(place string) []El {
	return els(osm.Frame("android.view.View", "map_view", Bx(0, 0, 1080, 1400)), osm.Text(place, "context_menu_line1", Bx(63, 1480, 1017, 1560)),
		osm.Text("City · 6.2 km", "context_menu_line2", Bx(63, 1570, 1017, 1620)),
		osm.Button("Favorite", "context_menu_fav_text_view", Bx(40, 1700, 360, 1800)), osm.Button("Marker", "context_menu_marker_text_view", Bx(380, 1700, 700, 1800)),
		osm.Button("Directions", "context_menu_route_button", Bx(720, 1700, 1040, 1800)))
}

func osmList(title string, items ...string) []El {
	return append(Toolbar(osm, "Navigate up", title), Rows(osm, "title", 400, items...)...)
}

func osmandCases() []Case {
	const eval = "osmand.py OsmAndMarker.is_successful: a map marker near the location is in OsmAnd's markers"
	const goal = "Add a location marker for Vaduz, Liechtenstein in the OsmAnd maps app."
	find := []Step{FromHome("OsmAnd"),
		StepOn(On(els(osm.Frame("android.view.View", "map_view", Bx(0, 0, 1080, 2400)), osm.Icon("Search", "map_search_button", Bx(40, 300, 170, 430)))), "Search.", Tap("Search")),
		StepOn(On(typing(append(Toolbar(osm, "Navigate up", ""), osm.Edit("", "Search", "searchEditText", Bx(189, 166, 900, 248))), "Search")), "Type the place.", TypeIn("res:searchEditText", "Vaduz")),
		StepOn(On(append(Toolbar(osm, "Navigate up", ""), append(els(osm.Edit("Vaduz", "Search", "searchEditText", Bx(189, 166, 900, 248))), Rows(osm, "title", 320, "Vaduz|City · Liechtenstein", "Vaduz Castle|Castle · Vaduz")...)...)), "Pick the city.", Tap("Vaduz")),
	}
	return []Case{
		{Name: "osmand_marker_added", TaskName: "OsmAndMarker", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Marker on a place's card adds it to the map markers, which the Markers list shows.", Evaluator: eval,
			Steps: Then(find,
				StepOn(On(osmCard("Vaduz")), "Add a marker.", Tap("Marker")),
				StepOn(On(osmCard("Vaduz"), els(Toast(osm.Pkg, "Vaduz added to map markers"))), "Close the card.", Back()),
				StepOn(On(els(osm.Frame("android.view.View", "map_view", Bx(0, 0, 1080, 2400)), osm.Icon("Menu", "map_menu_button", Bx(40, 2200, 170, 2330)))), "Menu.", Tap("Menu")),
				StepOn(On(osmList("Menu", "My places", "Map markers", "Configure map")), "Markers.", Tap("Map markers")),
				StepOn(On(osmList("Map markers", "Vaduz|6.2 km · Added Oct 15")), "Vaduz is a marker.", Done()))},
		{Name: "osmand_favorite_not_marker", TaskName: "OsmAndMarker", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Favorites and map markers are different lists; a favourite is not a marker.", Evaluator: eval + " (no marker; a favourite was added)",
			Steps: Then(find,
				StepOn(On(osmCard("Vaduz")), "Save the place.", Tap("Favorite")),
				StepOn(On(osmList("Add favorite", "Vaduz|Group: Favorites"), els(osm.Button("Save", "", Bx(700, 2150, 1040, 2280)))), "Save.", Tap("Save")),
				StepOn(On(osmList("My places", "Vaduz|Favorites")), "Vaduz is marked.", Done()))},
		{Name: "osmand_card_only", TaskName: "OsmAndMarker", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Finding a place shows it on the map with a card; nothing is added until a card action is taken.", Evaluator: eval + " (nothing was added)",
			Steps: Then(find, StepOn(On(osmCard("Vaduz")), "Vaduz is located on the map.", Done()))},
	}
}

func viewfinder(mode, timer string) []El {
	out := els(camera.Frame("android.view.View", "preview_content", Bx(0, 0, 1080, 1900)),
		camera.Icon("Photo mode", "", Bx(300, 1920, 520, 2000)), camera.Icon("Video mode", "", Bx(560, 1920, 780, 2000)),
		camera.Icon("Thumbnail", "rounded_thumbnail_view", Bx(80, 2080, 240, 2240)))
	switch {
	case timer != "":
		out = append(out, camera.Text(timer, "recording_time", Bx(440, 200, 640, 270)), camera.Icon("Stop recording", "shutter_button", Bx(440, 2060, 640, 2260)))
	case mode == "video":
		out = append(out, camera.Icon("Start recording", "shutter_button", Bx(440, 2060, 640, 2260)))
	default:
		out = append(out, camera.Icon("Shutter", "shutter_button", Bx(440, 2060, 640, 2260)))
	}
	return out
}

func cameraCases() []Case {
	const eval = "camera.py CameraTakeVideo.is_successful: exactly one new file in the camera's video folder"
	return []Case{
		{Name: "camera_one_video", TaskName: "CameraTakeVideo", Goal: "Take one video.", Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "In video mode the shutter starts a recording with a running timer, and again stops and saves it.", Evaluator: eval,
			Steps: []Step{FromHome("Camera"),
				StepOn(viewfinder("photo", ""), "Video mode.", Tap("Video mode")),
				StepOn(viewfinder("video", ""), "Record.", Tap("Start recording")),
				StepOn(viewfinder("video", "00:04"), "Stop.", Tap("Stop recording")),
				StepOn(viewfinder("video", ""), "One video recorded.", Done())}},
		{Name: "camera_photo_not_video", TaskName: "CameraTakeVideo", Goal: "Take one video.", Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The shutter in photo mode takes a picture, not a video.", Evaluator: eval + " (no new video)",
			Steps: []Step{FromHome("Camera"),
				StepOn(viewfinder("photo", ""), "Capture.", Tap("Shutter")),
				StepOn(viewfinder("photo", ""), "Captured.", Done())}},
		{Name: "camera_two_videos", TaskName: "CameraTakeVideo", Goal: "Take one video.", Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Each start and stop saves a recording, so recording again makes a second video.", Evaluator: eval + " (two new videos)",
			Steps: []Step{FromHome("Camera"),
				StepOn(viewfinder("photo", ""), "Video mode.", Tap("Video mode")),
				StepOn(viewfinder("video", ""), "Record.", Tap("Start recording")),
				StepOn(viewfinder("video", "00:01"), "Too short; stop and redo.", Tap("Stop recording")),
				StepOn(viewfinder("video", ""), "Record again.", Tap("Start recording")),
				StepOn(viewfinder("video", "00:05"), "Stop.", Tap("Stop recording")),
				StepOn(viewfinder("video", ""), "The video is recorded.", Done())}},
	}
}

func stopwatch(time string, running bool) []El {
	out := els(clock.Text("Stopwatch", "action_bar_title", Bx(63, 166, 700, 248)), clock.Text(time, "stopwatch_time_text", Bx(200, 700, 880, 900)))
	main, side := "Start", "Reset" // a paused stopwatch's buttons
	if running {
		main, side = "Pause", "Lap"
	}
	out = append(out, clock.Icon(main, "fab", Bx(440, 1800, 640, 2000)), clock.Icon(side, "left_button", Bx(200, 1840, 340, 1960)))
	for i, t := range []string{"Alarm", "Clock", "Timer", "Stopwatch", "Bedtime"} {
		e := clock.Text(t, "navigation_bar_item_large_label_view", Bx(i*216, 2200, i*216+216, 2300))
		if t == "Stopwatch" {
			e = Selected(e)
		}
		out = append(out, e)
	}
	return out
}

func clockCases() []Case {
	const eval = "clock.py ClockStopWatchPausedVerify.is_successful (_is_stopwatch_paused): the Clock is in front with a Start button and Stopwatch shown twice"
	open := []Step{FromHome("Clock"),
		StepOn(On(append(Toolbar(clock, "", "Alarm", "More options"), clock.TapText("Stopwatch", "", Bx(648, 2200, 864, 2300)))), "Stopwatch tab.", Tap("Stopwatch")),
	}
	return []Case{
		{Name: "clock_stopwatch_paused", TaskName: "ClockStopWatchPausedVerify", Goal: "Pause the stopwatch.", Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Pausing a running stopwatch freezes its time and turns the Pause button into Start.", Evaluator: eval,
			Steps: Then(open,
				StepOn(On(stopwatch("00:00.00", false)), "Start it so that it can be paused.", Tap("Start")),
				StepOn(On(stopwatch("00:02.10", true)), "Pause it.", Tap("Pause")),
				StepOn(On(stopwatch("00:02.85", false)), "Paused.", Done()))},
		{Name: "clock_stopwatch_lap_not_pause", TaskName: "ClockStopWatchPausedVerify", Goal: "Pause the stopwatch.", Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Lap records a split and the stopwatch keeps running: Pause is still the button shown.", Evaluator: eval + " (it is running: no Start button)",
			Steps: Then(open,
				StepOn(On(stopwatch("00:00.00", false)), "Start it so that it can be paused.", Tap("Start")),
				StepOn(On(stopwatch("00:02.10", true)), "Stop it here.", Tap("Lap")),
				StepOn(On(append(stopwatch("00:03.40", true), clock.Text("# 1   00:02.11", "lap_time", Bx(200, 1000, 880, 1070)))), "Stopped at 00:02.", Done()))},
	}
}
