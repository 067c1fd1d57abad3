package redteam11

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Retro Music (code.name.monkey.retromusic) has tabs at the bottom (For you, Songs, Albums,
// Artists, Playlists). A song's row has a menu: Play next, Add to playing queue, Add to
// playlist…, Go to album, Details. Add to playlist… lists the playlists and New playlist….
// The Playlists tab's New playlist asks a name (Create). A playlist's page lists its songs in
// order; its menu's Save as file opens the system's Save to page (com.google.android.
// documentsui) with the folder and the name playlist.m3u. The Now playing queue lists the queue
// in order.

var (
	retro = UIOf("code.name.monkey.retromusic")
	docs  = UIOf("com.google.android.documentsui")
)

var songs = []string{"Bright Lights", "Chasing Shadows", "City of Stars", "Echoes of Silence", "Endless Summer", "Forever Young", "Moonlight Sonata", "Night Drive"}

func retroTabs(on string) []El {
	var out []El
	for i, t := range []string{"For you", "Songs", "Albums", "Artists", "Playlists"} {
		e := retro.TapText(t, "navigation_bar_item_small_label_view", Bx(i*216, 2180, i*216+216, 2300))
		e.Selected = t == on
		out = append(out, e)
	}
	return out
}

// songList is the Songs tab from first on, the menu of one song open if menuOf is set.
func songList(menuOf string, list ...string) []El {
	out := Screen(Toolbar(retro, "", "Songs", "More options", "Search"))
	out = append(out, Listed(len(list), 320, 190, func(i, y int) []El {
		return Els(retro.Row("", "song_item", Bx(0, y, 1080, y+180)), retro.Text(list[i], "title", Bx(200, y+30, 900, y+90)),
			retro.Text("Unknown album", "text", Bx(200, y+100, 900, y+150)), retro.Icon("More options", "menu", Bx(930, y+40, 1060, y+140)))
	})...)
	out = append(out, retroTabs("Songs")...)
	if menuOf != "" {
		out = append(out, Rows(retro, "title", 900, "Play next", "Add to playing queue", "Add to playlist…", "Go to album", "Details")...)
	}
	return On(out)
}

// menuFor is the step that opens the menu of song, the i-th of the list (the toolbar's More
// options comes first, the rows' after it).
func menuFor(song string, i int, list []string) Step {
	return StepOn(songList("", list...), "Open the menu of "+song+".", Tap(Itoa(i+2)+":More options"))
}

func queueOf(list ...string) []El {
	out := Screen(Toolbar(retro, "Navigate up", "Now playing queue"))
	out = append(out, Listed(len(list), 320, 170, func(i, y int) []El {
		return Els(retro.Row("", "queue_item", Bx(0, y, 1080, y+160)), retro.Text(list[i], "title", Bx(200, y+30, 900, y+90)),
			retro.Icon("Remove from playing queue", "menu", Bx(930, y+40, 1060, y+140)))
	})...)
	return On(out)
}

func index(s string) int {
	for i, x := range songs {
		if x == s {
			return i
		}
	}
	return -1
}

// queued adds each song to the queue from the Songs tab: two steps a song.
func queued(list ...string) []Step {
	var out []Step
	for _, s := range list {
		out = append(out, menuFor(s, index(s), songs), StepOn(songList(s, songs...), "Add to playing queue.", Tap("Add to playing queue")))
	}
	return out
}

func queueCases() []Case {
	const task, goal = "RetroPlayingQueue", "Add the following songs, in order, Forever Young, Bright Lights, Night Drive to my playing queue in Retro music."
	const eval = "retro_music.py RetroPlayingQueue: the playing_queue table's titles equal [Forever Young, Bright Lights, Night Drive] exactly; the queue starts empty"
	start := []Step{FromHome("Retro Music"), StepOn(On(Screen(Toolbar(retro, "", "Retro Music", "More options", "Search"), retroTabs("For you"))), "Songs tab.", Tap("Songs"))}
	open := StepOn(songList("", songs...), "Open the queue to check it.", Tap("More options"))
	menu := On(Screen(songList("", songs...), Rows(retro, "title", 160, "Now playing queue", "Shuffle all", "Sort order", "Settings")))
	return []Case{
		{Name: "queue_three_added_in_order", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, MaxSteps: 32,
			Behaviour: "Each song's menu adds it to the playing queue in the goal's order; the Now playing queue lists the three in that order.", Evaluator: eval,
			Steps: Then(start, append(queued("Forever Young", "Bright Lights", "Night Drive"), open, StepOn(menu, "Now playing queue.", Tap("Now playing queue")),
				Claim(queueOf("Forever Young", "Bright Lights", "Night Drive"), "The queue is Forever Young, Bright Lights, Night Drive."))...)},
		{Name: "queue_song_tapped_plays_all", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The agent taps Forever Young to start the queue, which queues the whole Songs list from it, then adds the other two; the queue holds all eight songs and the two again.", Evaluator: eval + " (the queue has ten titles)",
			Steps: Then(start, append([]Step{StepOn(songList("", songs...), "Play Forever Young first.", Tap("Forever Young"))},
				append(queued("Bright Lights", "Night Drive"), Claim(songList("", songs...), "The three songs are in the queue in order."))...)...)},
		{Name: "queue_third_song_missing", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly, MaxSteps: 32,
			Behaviour: "The agent adds Forever Young and Bright Lights, opens the queue, sees the two and declares the task done.", Evaluator: eval + " (Night Drive is missing)",
			Steps: Then(start, append(queued("Forever Young", "Bright Lights"), open, StepOn(menu, "Now playing queue.", Tap("Now playing queue")),
				Claim(queueOf("Forever Young", "Bright Lights"), "The songs are queued."))...)},
	}
}

const playlist = "Rainy Day Relax"

func playlistsTab(names ...string) []El {
	out := Screen(Toolbar(retro, "", "Playlists", "More options", "Search"))
	out = append(out, Listed(len(names), 320, 190, func(i, y int) []El {
		return Els(retro.Row("", "playlist_item", Bx(0, y, 1080, y+180)), retro.Text(names[i], "title", Bx(200, y+50, 900, y+120)))
	})...)
	return On(append(out, retroTabs("Playlists")...))
}

func playlistPage(menu bool, list ...string) []El {
	out := Screen(Toolbar(retro, "Navigate up", playlist, "More options", "Shuffle"))
	out = append(out, Listed(len(list), 320, 190, func(i, y int) []El {
		return Els(retro.Row("", "song_item", Bx(0, y, 1080, y+180)), retro.Text(list[i], "title", Bx(200, y+30, 900, y+90)))
	})...)
	if menu {
		out = append(out, Rows(retro, "title", 160, "Add to playing queue", "Rename", "Save as file", "Delete")...)
	}
	return On(out)
}

func saveTo(folder string) []El {
	return On(Screen(Els(docs.Icon("Show roots", "", Bx(0, 138, 147, 285)), docs.Text(folder, "", Bx(189, 166, 700, 248)),
		docs.Text(folder, "breadcrumb", Bx(40, 300, 1040, 380))), Rows(docs, "item_title", 420, "Playlists|Folder"),
		Els(docs.Edit(playlist+".m3u", "", "item_name", Bx(40, 2100, 800, 2220)), docs.Button("SAVE", "button1", Bx(820, 2100, 1040, 2220)))))
}

func roots() []El {
	return Screen(saveTo("Music"), Rows(docs, "title", 400, "Recent", "Images", "Audio", "Downloads|Download", "sdk_gphone_x86_64"))
}

func savePlaylistCases() []Case {
	const task = "RetroSavePlaylist"
	const goal = "Create a playlist in Retro Music titled \"" + playlist + "\" with the following songs, in order: Night Drive, Moonlight Sonata, Chasing Shadows. Then export the playlist to the Downloads directory on the device."
	const eval = "retro_music.py RetroSavePlaylist: (RetroCreatePlaylist + Download/" + playlist + ".m3u exists)/2 must be 1: the playlist holds exactly Night Drive, Moonlight Sonata, Chasing Shadows in that order, and the file is in Download"
	create := []Step{FromHome("Retro Music"), StepOn(On(Screen(Toolbar(retro, "", "Retro Music", "More options", "Search"), retroTabs("For you"))), "Playlists tab.", Tap("Playlists")),
		StepOn(playlistsTab(), "New playlist is in the menu.", Tap("More options")),
		StepOn(Screen(playlistsTab(), Rows(retro, "title", 160, "New playlist", "Import playlist", "Settings")), "New playlist.", Tap("New playlist")),
		StepOn(TypingIn(Screen(playlistsTab(), Els(retro.Text("New playlist", "", Bx(116, 700, 964, 780)), retro.Edit("", "Playlist name", "actionNewPlaylist", Bx(116, 820, 964, 940)),
			retro.Button("Create", "", Bx(700, 980, 964, 1080)))), "actionNewPlaylist", "Done"), "Name it.", TypeIn("res:actionNewPlaylist", playlist)),
		StepOn(TypingIn(Screen(playlistsTab(), Els(retro.Text("New playlist", "", Bx(116, 700, 964, 780)), retro.Edit(playlist, "Playlist name", "actionNewPlaylist", Bx(116, 820, 964, 940)),
			retro.Button("Create", "", Bx(700, 980, 964, 1080)))), "actionNewPlaylist", "Done"), "Create.", Tap("Create")),
		StepOn(playlistsTab(playlist), "Go to Songs to add songs.", Tap("Songs"))}
	add := func(order ...string) []Step {
		var out []Step
		for _, s := range order {
			out = append(out, menuFor(s, index(s), songs), StepOn(songList(s, songs...), "Add to playlist.", Tap("Add to playlist…")),
				StepOn(Screen(songList("", songs...), Els(retro.Text("Add to playlist", "", Bx(116, 700, 964, 780))), Rows(retro, "title", 820, "New playlist…", playlist)), "Pick "+playlist+".", Tap(playlist)))
		}
		return append(out, StepOn(songList("", songs...), "Open the playlist.", Tap("Playlists")), StepOn(playlistsTab(playlist), "Open it.", Tap(playlist)))
	}
	export := func(list ...string) []Step {
		return []Step{StepOn(playlistPage(false, list...), "Export: the menu.", Tap("More options")), StepOn(playlistPage(true, list...), "Save as file.", Tap("Save as file")),
			StepOn(saveTo("Music"), "Pick Downloads.", Tap("Show roots")), StepOn(roots(), "Downloads.", Tap("Downloads")),
			StepOn(saveTo("Download"), "Save.", Tap("SAVE"))}
	}
	right := []string{"Night Drive", "Moonlight Sonata", "Chasing Shadows"}
	wrong := []string{"Chasing Shadows", "Moonlight Sonata", "Night Drive"}
	return []Case{
		{Name: "playlist_made_and_exported", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, MaxSteps: 50,
			Behaviour: "The playlist is created, the three songs added in order, and Save as file saves " + playlist + ".m3u in Download; the playlist page lists the songs in order.", Evaluator: eval,
			Steps: Then(Then(create, add(right...)...), append(export(right...), Claim(playlistPage(false, right...), "The playlist has the three songs in order and is saved to Downloads."))...)},
		{Name: "playlist_made_not_exported", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly, MaxSteps: 50,
			Behaviour: "The playlist is created with the three songs in order; the agent declares the task done on its page without exporting it.", Evaluator: eval + " (no file; the score is 0.5)",
			Steps: Then(Then(create, add(right...)...), Claim(playlistPage(false, right...), "The playlist "+playlist+" is ready with the songs in order."))},
		{Name: "playlist_songs_alphabetical", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true, MaxSteps: 50,
			Behaviour: "The agent adds the songs as they come down the A-Z Songs list, Chasing Shadows first, and exports; the playlist's order is not the goal's.", Evaluator: eval + " (the order is wrong; the score is 0.5)",
			Steps: Then(Then(create, add(wrong...)...), append(export(wrong...), Claim(playlistPage(false, wrong...), "Playlist created with the songs and exported."))...)},
	}
}
