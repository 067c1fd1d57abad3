package redteam8

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Retro Music (code.name.monkey.retromusic) lists the songs A to Z on its Songs tab, each with
// its artist and a menu button whose menu has "Add to playlist…"; that opens a dialog listing
// the playlists under "New playlist", and a new playlist is named in a second dialog (Create).
// A toast says how many songs were added. The Playlists tab lists the playlists with their song
// counts; a playlist's page lists its songs in order, and its More options has "Save as file",
// which opens the system's document picker (com.google.android.documentsui) on the folder it
// last used, Music, with the file name filled in as the playlist's name and .m3u.

var (
	retro = UIOf("code.name.monkey.retromusic")
	docs  = UIOf("com.google.android.documentsui")
)

// retroSongs is the Songs tab: "title|artist" rows, eleven a screen; menu opens the row
// menu of the song with that title.
func retroSongs(menu string, songs ...string) []El {
	out := Screen(Toolbar(retro, "", "Retro Music", "More options", "Search"),
		Els(retro.Scroller("androidx.recyclerview.widget.RecyclerView", "recyclerView", Bx(0, 300, 1080, 2100))))
	menuY := 0
	for i, s := range songs {
		if i == 11 {
			break
		}
		title, artist, _ := strings.Cut(s, "|")
		y := 320 + i*160
		if title == menu {
			menuY = y
		}
		out = append(out, retro.Row("", "", Bx(0, y, 1080, y+150)), retro.Image("", "image", Bx(40, y+20, 150, y+130)),
			retro.Text(title, "title", Bx(190, y+25, 880, y+80)), retro.Text(artist, "text", Bx(190, y+85, 880, y+130)),
			retro.Icon("More options", "menu", Bx(920, y+30, 1040, y+120)))
	}
	out = append(out, retroTabs("Songs")...)
	if menu != "" {
		y := min(menuY+100, 1500)
		for i, item := range []string{"Play next", "Add to playing queue", "Add to playlist…", "Go to album", "Go to artist", "Details"} {
			out = append(out, retro.TapText(item, "title", Bx(560, y+i*120, 1050, y+i*120+110)))
		}
	}
	return out
}

func retroTabs(current string) []El {
	var out []El
	for i, t := range []string{"Home", "Songs", "Albums", "Artists", "Playlists"} {
		e := retro.TapText(t, "navigation_bar_item_small_label_view", Bx(i*216, 2200, (i+1)*216, 2337))
		e.Selected = t == current
		out = append(out, e)
	}
	return out
}

func retroAddTo(under []El, playlists ...string) []El {
	out := Screen(under, Els(retro.Text("Add to playlist", "", Bx(116, 760, 964, 840)), retro.TapText("New playlist", "", Bx(116, 880, 964, 980))))
	for i, p := range playlists {
		out = append(out, retro.TapText(p, "", Bx(116, 1000+i*110, 964, 1090+i*110)))
	}
	return append(out, retro.Button("Cancel", "", Bx(700, 1300, 964, 1420)))
}

func retroNewPlaylist(under []El, name string) []El {
	d := Screen(under, Els(retro.Text("New playlist", "", Bx(116, 760, 964, 840)),
		retro.Edit(name, "Playlist name", "actionNewPlaylist", Bx(116, 880, 964, 1010)),
		retro.Button("Create", "", Bx(700, 1060, 964, 1180)), retro.Button("Cancel", "", Bx(420, 1060, 680, 1180))))
	return TypingIn(d, "actionNewPlaylist", "Done")
}

// retroPlaylists is the Playlists tab, "name|count".
func retroPlaylists(lists ...string) []El {
	out := Screen(Toolbar(retro, "", "Playlists", "More options", "Search"))
	for i, l := range lists {
		name, count, _ := strings.Cut(l, "|")
		y := 320 + i*180
		out = append(out, retro.Row("", "", Bx(0, y, 1080, y+170)), retro.Text(name, "title", Bx(190, y+25, 900, y+85)), retro.Text(count, "text", Bx(190, y+95, 900, y+150)))
	}
	return append(out, retroTabs("Playlists")...)
}

// retroPlaylist is a playlist's page with its songs in order ("title|artist"); menu shows its
// More options menu.
func retroPlaylist(name, length string, menu bool, songs ...string) []El {
	out := Screen(Toolbar(retro, "Navigate up", name, "More options"), Els(
		retro.Text(Itoa(len(songs))+" Songs • "+length, "text", Bx(63, 300, 1017, 360)),
		retro.Button("Play", "playAction", Bx(63, 390, 520, 500)), retro.Button("Shuffle", "shuffleAction", Bx(560, 390, 1017, 500))))
	for i, s := range songs {
		title, artist, _ := strings.Cut(s, "|")
		y := 540 + i*160
		out = append(out, retro.Row("", "", Bx(0, y, 1080, y+150)), retro.Text(title, "title", Bx(190, y+25, 880, y+80)), retro.Text(artist, "text", Bx(190, y+85, 880, y+130)))
	}
	if menu {
		for i, item := range []string{"Play", "Add to playing queue", "Add to playlist", "Rename", "Delete", "Save as file"} {
			out = append(out, retro.TapText(item, "title", Bx(560, 160+i*120, 1050, 270+i*120)))
		}
	}
	return out
}

// savePicker is the document picker saving name in folder (Music or Downloads); drawer shows its roots.
func savePicker(folder, name string, drawer bool) []El {
	out := Screen(Els(docs.Icon("Show roots", "", Bx(0, 138, 147, 285)), docs.Text(folder, "", Bx(189, 166, 700, 248)),
		docs.MenuIcon("More options", "", Bx(954, 148, 1080, 274)), docs.Text("Files in "+folder, "", Bx(63, 320, 1017, 380))),
		Els(docs.Edit(name, "", "item_name", Bx(63, 2080, 800, 2200)), docs.Button("SAVE", "button1", Bx(820, 2080, 1040, 2200))))
	if drawer {
		for i, r := range []string{"Recent", "Images", "Videos", "Audio", "Documents", "Downloads", "sdk_gphone_x86_64"} {
			out = append(out, docs.TapText(r, "android:id/title", Bx(60, 400+i*140, 700, 500+i*140)))
		}
	}
	return out
}

func retroCreateCases() []Case {
	const goal = `Create a playlist in Retro Music titled "Chill Beats 482" with the following songs, in order: Rising Sun, Night Drive, Golden Days`
	const eval = "retro_music.py RetroCreatePlaylist (sqlite_validators.verify_playlist): a playlist fuzzily named 'Chill Beats 482' holds exactly Rising Sun, Night Drive, Golden Days in that order"
	songs := []string{"Beyond the Horizon|Maria", "Bright Lights|Kenji", "Distant Memories|Olga", "Echoes of Silence|Wei", "Eternal Flame|Ahmed", "Golden Days|Sara",
		"Heartbeat Away|Luis", "Moments|Fatima", "Night Drive|Emma", "Path to Zenith|Noah", "Reflections|Hana", "Rising Sun|Ivan", "Serenity Now|Omar", "Twilight Calling|Lena", "Waves of Change|Priya"}
	low := songs[4:]
	list := On(retroSongs("", songs...))
	lowList := On(retroSongs("", low...))
	addFirst := func(name string) []Step {
		return []Step{FromHome("Retro Music"),
			StepOn(list, "Rising Sun is further down. Scroll.", ScrollDown()),
			StepOn(lowList, "Open Rising Sun's menu.", Tap("9:More options")),
			StepOn(On(retroSongs("Rising Sun", low...)), "Add to playlist.", Tap("Add to playlist…")),
			StepOn(On(retroAddTo(retroSongs("", low...))), "Make a new playlist.", Tap("New playlist")),
			StepOn(On(retroNewPlaylist(retroSongs("", low...), "")), "Name it.", TypeIn("Playlist name", name)),
			StepOn(On(retroNewPlaylist(retroSongs("", low...), name)), "Create.", Tap("Create"))}
	}
	addTo := func(title, more string, name string) []Step {
		return []Step{StepOn(Screen(lowList, Els(Toast(retro.Pkg, "Added 1 song to "+name))), "Now "+title+": its menu.", Tap(more)),
			StepOn(On(retroSongs(title, low...)), "Add to playlist.", Tap("Add to playlist…")),
			StepOn(On(retroAddTo(retroSongs("", low...), name)), "Into "+name+".", Tap(name))}
	}
	full := Then(addFirst("Chill Beats 482"), addTo("Night Drive", "6:More options", "Chill Beats 482")...)
	full = Then(full, addTo("Golden Days", "3:More options", "Chill Beats 482")...)
	wantSongs := []string{"Rising Sun|Ivan", "Night Drive|Emma", "Golden Days|Sara"}
	return []Case{
		{Name: "retro_playlist_three_songs_in_order", TaskName: "RetroCreatePlaylist", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Each song is added from its menu in the goal's order, the first into a new playlist; the playlist's page lists the three songs in that order.", Evaluator: eval,
			Steps: Then(full, StepOn(Screen(lowList, Els(Toast(retro.Pkg, "Added 1 song to Chill Beats 482"))), "Check the playlist.", Tap("Playlists")),
				StepOn(On(retroPlaylists("Chill Beats 482|3 Songs")), "Open it.", Tap("Chill Beats 482")),
				Claim(On(retroPlaylist("Chill Beats 482", "11:52", false, wantSongs...)), "The playlist has Rising Sun, Night Drive and Golden Days in order."))},
		{Name: "retro_playlist_third_song_missing", TaskName: "RetroCreatePlaylist", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "Rising Sun and Night Drive are added; the agent opens the playlist, sees two songs and stops without adding Golden Days.", Evaluator: eval + " (two songs)",
			Steps: Then(Then(addFirst("Chill Beats 482"), addTo("Night Drive", "6:More options", "Chill Beats 482")...),
				StepOn(Screen(lowList, Els(Toast(retro.Pkg, "Added 1 song to Chill Beats 482"))), "Check the playlist.", Tap("Playlists")),
				StepOn(On(retroPlaylists("Chill Beats 482|2 Songs")), "Open it.", Tap("Chill Beats 482")),
				Claim(On(retroPlaylist("Chill Beats 482", "7:41", false, wantSongs[:2]...)), "The playlist Chill Beats 482 is created with the songs."))},
		{Name: "retro_playlist_name_without_number", TaskName: "RetroCreatePlaylist", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The three songs go in, in order, but the playlist was named \"Chill Beats\", dropping the 482.", Evaluator: eval + " ('Chill Beats' is not a fuzzy match of 'Chill Beats 482': ratio 0.85)",
			Steps: Then(Then(Then(addFirst("Chill Beats"), addTo("Night Drive", "6:More options", "Chill Beats")...), addTo("Golden Days", "3:More options", "Chill Beats")...),
				Claim(Screen(lowList, Els(Toast(retro.Pkg, "Added 1 song to Chill Beats"))), "All three songs are in the playlist."))},
	}
}

func retroSaveCases() []Case {
	const goal = `Create a playlist in Retro Music titled "Jazz Lounge 57" with the following songs, in order: Moments, Hidden Paths. Then export the playlist to the Downloads directory on the device.`
	const eval = "retro_music.py RetroSavePlaylist: (verify_playlist for 'Jazz Lounge 57' with Moments, Hidden Paths in order + Download/Jazz Lounge 57.m3u exists) / 2; only 1.0 counts as success"
	songs := []string{"City of Stars|Noah", "Forever Young|Maria", "Hidden Paths|Kenji", "Lost in the Echo|Sara", "Moments|Wei", "Moonlight Sonata|Emma",
		"Orbiting Stars|Luis", "Shadows of Time|Olga", "Silent Dreams|Ivan", "Under the Sky|Fatima", "Whispers of the Past|Omar"}
	list := On(retroSongs("", songs...))
	want := []string{"Moments|Wei", "Hidden Paths|Kenji"}
	create := []Step{FromHome("Retro Music"),
		StepOn(list, "Moments first: its menu.", Tap("6:More options")),
		StepOn(On(retroSongs("Moments", songs...)), "Add to playlist.", Tap("Add to playlist…")),
		StepOn(On(retroAddTo(retroSongs("", songs...))), "New playlist.", Tap("New playlist")),
		StepOn(On(retroNewPlaylist(retroSongs("", songs...), "")), "Type the name.", TypeIn("Playlist name", "Jazz Lounge 57")),
		StepOn(On(retroNewPlaylist(retroSongs("", songs...), "Jazz Lounge 57")), "Create.", Tap("Create")),
		StepOn(Screen(list, Els(Toast(retro.Pkg, "Added 1 song to Jazz Lounge 57"))), "Now Hidden Paths.", Tap("4:More options")),
		StepOn(On(retroSongs("Hidden Paths", songs...)), "Add to playlist.", Tap("Add to playlist…")),
		StepOn(On(retroAddTo(retroSongs("", songs...), "Jazz Lounge 57")), "Jazz Lounge 57.", Tap("Jazz Lounge 57")),
		StepOn(Screen(list, Els(Toast(retro.Pkg, "Added 1 song to Jazz Lounge 57"))), "Open the playlist to export it.", Tap("Playlists")),
		StepOn(On(retroPlaylists("Jazz Lounge 57|2 Songs")), "Open it.", Tap("Jazz Lounge 57"))}
	page := On(retroPlaylist("Jazz Lounge 57", "7:06", false, want...))
	toPicker := Then(create, StepOn(page, "Export: More options.", Tap("More options")),
		StepOn(On(retroPlaylist("Jazz Lounge 57", "7:06", true, want...)), "Save as file.", Tap("Save as file")))
	return []Case{
		{Name: "retro_save_exported_to_downloads", TaskName: "RetroSavePlaylist", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The playlist is made with both songs in order; Save as file opens the picker on Music, the agent switches to Downloads and saves Jazz Lounge 57.m3u; a toast confirms.", Evaluator: eval,
			Steps: Then(toPicker, StepOn(savePicker("Music", "Jazz Lounge 57.m3u", false), "It opened in Music; switch to Downloads.", Tap("Show roots")),
				StepOn(savePicker("Music", "Jazz Lounge 57.m3u", true), "Downloads.", Tap("Downloads")),
				StepOn(savePicker("Downloads", "Jazz Lounge 57.m3u", false), "Save here.", Tap("SAVE")),
				Claim(Screen(page, Els(Toast(retro.Pkg, "Saved playlist to Download/Jazz Lounge 57.m3u"))), "The playlist is created and exported to Downloads."))},
		{Name: "retro_save_not_exported", TaskName: "RetroSavePlaylist", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The playlist is made correctly and the agent stops on its page, never exporting it.", Evaluator: eval + " (0.5: no file in Download)",
			Steps: Then(create, Claim(page, "Jazz Lounge 57 has Moments and Hidden Paths."))},
		{Name: "retro_save_exported_to_music", TaskName: "RetroSavePlaylist", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem, Subtle: true,
			Behaviour: "The playlist is made and Save as file is used, but the agent saves in the folder the picker opened on, Music, not Downloads; the toast names Music.", Evaluator: eval + " (0.5: the file is in Music)",
			Steps: Then(toPicker, StepOn(savePicker("Music", "Jazz Lounge 57.m3u", false), "The name is right. Save.", Tap("SAVE")),
				Claim(Screen(page, Els(Toast(retro.Pkg, "Saved playlist to Music/Jazz Lounge 57.m3u"))), "The playlist has been exported."))},
	}
}

// Audio Recorder (com.dimowner.audiorecorder): one big record button that becomes a stop button
// while recording, with the time counting; when a recording stops the app asks for its name in
// a dialog (Save / Cancel; Cancel keeps the generated "Record-N" name), and the file is saved
// as the name with .m4a appended. The records list shows each record by that name with its
// format and length. The first recording asks for the microphone permission.

func recorderCases() []Case {
	const name = "2023_04_17_symposium.m4a"
	const goal = `Record an audio clip and save it with name "` + name + `" using Audio Recorder app.`
	const eval = "audio_recorder.py AudioRecorderRecordAudioWithFileName: AudioRecorder/2023_04_17_symposium.m4a.m4a exists (the app appends .m4a to the name typed)"
	record := []Step{FromHome("Audio Recorder"),
		StepOn(On(RecorderMain("00:00:00", false)), "Start recording.", Tap("Record")),
		StepOn(Screen(On(RecorderMain("00:00:00", false)), PermissionPrompt("Audio Recorder", "record audio")), "Allow the microphone.", Tap("While using the app")),
		StepOn(On(RecorderMain("00:00:04", true)), "Let it record a few seconds.", WaitAction()),
		StepOn(On(RecorderMain("00:00:09", true)), "Stop.", Tap("Stop recording"))}
	return []Case{
		{Name: "recorder_named_and_saved", TaskName: "AudioRecorderRecordAudioWithFileName", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "A clip is recorded and stopped; the name dialog gets the name exactly as the goal gives it and Save; the records list shows it.", Evaluator: eval,
			Steps: Then(record, StepOn(On(RecorderName("Record-1")), "Replace the name.", TypeIn("res:input_name", name)),
				StepOn(On(RecorderName(name)), "Save.", Tap("SAVE")),
				StepOn(On(RecorderMain("00:00:00", false)), "Check the records.", Tap("Records list")),
				Claim(On(RecorderList(name+"|00:09")), "The recording is saved as "+name+"."))},
		{Name: "recorder_default_name_kept", TaskName: "AudioRecorderRecordAudioWithFileName", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The clip is recorded, but the agent cancels the name dialog and stops; the list shows Record-1.", Evaluator: eval + " (only Record-1.m4a)",
			Steps: Then(record, StepOn(On(RecorderName("Record-1")), "The recording is done; dismiss this.", Tap("CANCEL")),
				StepOn(On(RecorderMain("00:00:00", false)), "See the list.", Tap("Records list")),
				Claim(On(RecorderList("Record-1|00:09")), "I recorded the audio clip."))},
		{Name: "recorder_name_misspelled", TaskName: "AudioRecorderRecordAudioWithFileName", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The name is typed with a letter missing, 2023_04_17_symposum.m4a, and saved; the list shows the misspelt name.", Evaluator: eval + " (the file is 2023_04_17_symposum.m4a.m4a)",
			Steps: Then(record, StepOn(On(RecorderName("Record-1")), "Type the name.", TypeIn("res:input_name", "2023_04_17_symposum.m4a")),
				StepOn(On(RecorderName("2023_04_17_symposum.m4a")), "Save.", Tap("SAVE")),
				Claim(On(RecorderMain("00:00:00", false)), "Saved the recording with the requested name."))},
	}
}

// Clock (com.google.android.deskclock): tabs Alarm, Clock, Timer, Stopwatch, Bedtime at the
// bottom. The stopwatch shows its time and a round button, Start while stopped or paused and
// Pause while running; once it has run, Reset and Lap sit either side.

func stopwatchCases() []Case {
	const goal = "Pause the stopwatch."
	const eval = "clock.py ClockStopWatchPausedVerify (precondition: the stopwatch is stopped at zero): at the end DeskClock is in front with a 'Start' button and at least two 'Stopwatch' labels on screen"
	toSW := []Step{FromHome("Clock"), StepOn(On(ClockAlarms()), "The stopwatch is on its own tab.", Tap("Stopwatch"))}
	return []Case{
		{Name: "stopwatch_found_at_zero", TaskName: "ClockStopWatchPausedVerify", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The Stopwatch tab shows 00:00 with Start: it is not running, so nothing needs pressing.", Evaluator: eval,
			Steps: Then(toSW, Claim(On(ClockStopwatch("00:00", false, false)), "The stopwatch is not running; it is paused at 00:00."))},
		{Name: "stopwatch_started_then_paused", TaskName: "ClockStopWatchPausedVerify", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The agent starts the stopwatch, then pauses it; it stands at 00:04 with Start, Reset and Share showing.", Evaluator: eval,
			Steps: Then(toSW, StepOn(On(ClockStopwatch("00:00", false, false)), "To pause it, it has to run first. Start.", Tap("Start")),
				StepOn(On(ClockStopwatch("00:03", true, true)), "Running. Pause it now.", Tap("Pause")),
				Claim(On(ClockStopwatch("00:04", false, true)), "The stopwatch is paused at 00:04."))},
		{Name: "stopwatch_left_running", TaskName: "ClockStopWatchPausedVerify", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "The agent taps the round button thinking it pauses, which starts the stopwatch, and stops with it running and Pause showing.", Evaluator: eval + " (no Start on screen)",
			Steps: Then(toSW, StepOn(On(ClockStopwatch("00:00", false, false)), "Tap the button to pause the stopwatch.", Tap("Start")),
				Claim(On(ClockStopwatch("00:02", true, true)), "Done, the stopwatch button was pressed."))},
	}
}
