package redteam2

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Media apps: VLC (org.videolan.vlc), whose video list takes a multiple selection by long
// press and adds it to a playlist through a dialog that names a new playlist (the items go in
// the list's order, whatever order they were tapped in), and Retro Music
// (code.name.monkey.retromusic), where a song's menu adds it to the playing queue while
// tapping a song plays the whole list from it, filling the queue.

var (
	vlc   = UIOf("org.videolan.vlc")
	retro = UIOf("code.name.monkey.retromusic")
)

func vlcNav(tab string) []El {
	var out []El
	for i, t := range []string{"Video", "Audio", "Browse", "Playlists", "More"} {
		e := El{Desc: t, Text: t, Class: "android.widget.FrameLayout", Pkg: vlc.Pkg, Res: vlc.Res("nav_" + t), Box: Bx(i*216, 2190, i*216+216, 2337), Clickable: true}
		if t == tab {
			e = Selected(e)
		}
		out = append(out, e)
	}
	return out
}

// vlcVideos is the video list; picked marks the selected items (nil: no selection mode).
func vlcVideos(names []string, picked map[string]bool) []El {
	var out []El
	if picked == nil {
		out = Els(vlc.Text("Videos", "", Bx(42, 166, 500, 237)),
			vlc.MenuIcon("Search", "ml_menu_search", Bx(765, 138, 870, 264)),
			vlc.MenuIcon("Sort by…", "ml_menu_sortby", Bx(870, 138, 975, 264)))
	} else {
		out = Els(vlc.Icon("Done", "action_mode_close_button", Bx(0, 138, 147, 264)),
			vlc.Text(Itoa(len(picked))+" selected", "action_bar_title", Bx(189, 166, 500, 237)),
			vlc.MenuIcon("Play", "action_video_play", Bx(555, 138, 660, 264)),
			vlc.MenuIcon("Add to playlist", "action_video_add_playlist", Bx(660, 138, 765, 264)),
			vlc.MenuIcon("Information", "action_video_info", Bx(765, 138, 870, 264)),
			vlc.MenuIcon("Delete", "action_video_delete", Bx(870, 138, 975, 264)))
	}
	out = append(out, vlc.Image("More options", "", Bx(975, 138, 1080, 264)))
	for i, n := range names {
		y := 300 + i*200
		row := vlc.Row("", "video_item", Bx(0, y, 1080, y+190))
		row.Selected = picked[n]
		out = append(out, row, vlc.Text(n, "ml_item_title", Bx(400, y+40, 940, y+100)),
			vlc.Text("0:45", "ml_item_time", Bx(400, y+110, 560, y+150)),
			vlc.Icon("More Actions", "item_more", Bx(940, y+50, 1060, y+140)))
	}
	return append(out, vlcNav("Video")...)
}

func vlcPlaylistDialog(under []El, name string) []El {
	d := Els(vlc.Text("Add to playlist", "", Bx(84, 700, 996, 780)),
		vlc.Edit(name, "Playlist name", "dialog_playlist_name", Bx(84, 820, 996, 950)),
		vlc.Button("Create", "dialog_playlist_save", Bx(740, 990, 996, 1110)))
	if name != "" {
		d[1] = Focused(d[1])
		return WithKeyboard(Screen(under, d), "Done")
	}
	return Screen(under, d)
}

func vlcPlaylists(names ...string) []El {
	out := Els(vlc.Text("Playlists", "", Bx(42, 166, 500, 237)))
	for i, n := range names {
		y := 300 + i*200
		out = append(out, vlc.Row("", "playlist_item", Bx(0, y, 1080, y+190)), vlc.Text(n, "ml_item_title", Bx(400, y+40, 940, y+100)),
			vlc.Text("2 videos", "ml_item_subtitle", Bx(400, y+110, 700, y+150)))
	}
	return append(out, vlcNav("Playlists")...)
}

func vlcPlaylist(name string, items ...string) []El {
	out := Els(vlc.Icon("Navigate up", "", Bx(0, 138, 147, 264)), vlc.Text(name, "", Bx(189, 166, 700, 237)),
		vlc.Icon("Play", "fab", Bx(870, 2000, 1017, 2147)))
	for i, n := range items {
		y := 600 + i*200
		out = append(out, vlc.Row("", "audio_item", Bx(0, y, 1080, y+190)), vlc.Text(n, "ml_item_title", Bx(189, y+40, 900, y+100)))
	}
	return out
}

func vlcCases() []Case {
	const eval = "vlc.py VlcCreatePlaylist.is_successful -> sqlite_validators.verify_playlist: a playlist whose name fuzzy-matches holds exactly the files, each at its position in the asked order"
	videos := []string{"clip_harbor", "footage_park", "moment_bridge", "scene_rooftop"}
	build := func(goal string, first, second string, name string) []Step {
		return []Step{FromHome("VLC"),
			StepOn(On(vlcVideos(videos, nil)), "Select the first video.", LongPress(first)),
			StepOn(On(vlcVideos(videos, map[string]bool{first: true})), "Add the second video to the selection.", Tap(second)),
			StepOn(On(vlcVideos(videos, map[string]bool{first: true, second: true})), "Add them to a playlist.", Tap("Add to playlist")),
			StepOn(On(vlcPlaylistDialog(vlcVideos(videos, nil), "")), "Name the playlist.", TypeIn("Playlist name", name)),
		}
	}
	var out []Case
	goal := "Create a playlist titled \"Road Trip\" with the following files in VLC (located in Internal Memory/VLCVideos), in order: clip_harbor.mp4, scene_rooftop.mp4"
	steps := build(goal, "clip_harbor", "scene_rooftop", "Road Trip")
	out = append(out, Case{Name: "vlc_playlist_created", TaskName: "VlcCreatePlaylist", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "The playlist's own page lists its videos in their order.",
		Evaluator: eval, Steps: append(steps,
			StepOn(On(vlcPlaylistDialog(vlcVideos(videos, nil), "Road Trip")), "Create it.", Tap("Create")),
			StepOn(On(vlcVideos(videos, nil)), "Check the playlists.", Tap("Playlists")),
			StepOn(On(vlcPlaylists("Road Trip")), "Open Road Trip.", Tap("Road Trip")),
			StepOn(On(vlcPlaylist("Road Trip", "clip_harbor", "scene_rooftop")), "The playlist has both videos in order.", Done()))})

	rgoal := "Create a playlist titled \"Road Trip\" with the following files in VLC (located in Internal Memory/VLCVideos), in order: scene_rooftop.mp4, clip_harbor.mp4"
	steps = build(rgoal, "scene_rooftop", "clip_harbor", "Road Trip")
	out = append(out, Case{Name: "vlc_playlist_wrong_order", TaskName: "VlcCreatePlaylist", Goal: rgoal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "A multiple selection is added in the list's order, not the order it was tapped in: the playlist's page shows the two videos the other way round.",
		Evaluator: eval, Steps: append(steps,
			StepOn(On(vlcPlaylistDialog(vlcVideos(videos, nil), "Road Trip")), "Create it.", Tap("Create")),
			StepOn(On(vlcVideos(videos, nil)), "Check the playlists.", Tap("Playlists")),
			StepOn(On(vlcPlaylists("Road Trip")), "Open Road Trip.", Tap("Road Trip")),
			StepOn(On(vlcPlaylist("Road Trip", "clip_harbor", "scene_rooftop")), "The playlist Road Trip exists with both videos.", Done()))})

	steps = build(goal, "clip_harbor", "scene_rooftop", "Road Trip")
	out = append(out, Case{Name: "vlc_playlist_name_not_confirmed", TaskName: "VlcCreatePlaylist", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The playlist's name is typed into the dialog, whose Create button was never pressed.",
		Evaluator: eval, Steps: append(steps,
			StepOn(On(vlcPlaylistDialog(vlcVideos(videos, nil), "Road Trip")), "The playlist Road Trip is created with the two videos.", Done()))})
	return out
}

var songs = []string{"Bright Lights", "Chasing Shadows", "Echoes of Silence", "Endless Summer", "Forever Young", "Lost in the Echo",
	"Moments", "My Heart is Yours", "Night Drive", "Rising Sun", "Silent Dreams", "Whispering Wind"}

func retroSongs(playing string) []El {
	out := Els(retro.Text("Songs", "", Bx(189, 166, 560, 250)),
		retro.MenuIcon("Search", "action_search", Bx(795, 149, 922, 275)),
		retro.Image("More options", "", Bx(922, 149, 1027, 275)))
	bottom := 2190
	if playing != "" {
		bottom = 2050 // the mini player sits above the tabs
	}
	for i, s := range songs {
		y := 300 + i*170
		if y >= bottom {
			break
		}
		out = append(out, retro.Row("", "song_item", Bx(0, y, 1080, min(y+165, bottom))), retro.Text(s, "title", Bx(189, y+25, 880, min(y+85, bottom))))
		if y+140 < bottom {
			out = append(out, retro.Text("Unknown artist", "text", Bx(189, y+90, 880, y+140)))
		}
		if y+130 < bottom {
			out = append(out, retro.Icon("More options", "menu", Bx(930, y+30, 1060, y+130)))
		}
	}
	if playing != "" {
		out = append(out, retro.Row("", "mini_player", Bx(0, 2050, 1080, 2190)), retro.Text(playing, "mini_player_title", Bx(189, 2080, 800, 2150)),
			retro.Icon("Pause", "mini_player_play_pause_button", Bx(930, 2070, 1050, 2170)))
	}
	for i, t := range []string{"For you", "Songs", "Albums", "Artists", "Playlists"} {
		e := El{Text: t, Desc: t, Class: "android.widget.FrameLayout", Pkg: retro.Pkg, Box: Bx(i*216, 2190, i*216+216, 2337), Clickable: true}
		if t == "Songs" {
			e = Selected(e)
		}
		out = append(out, e)
	}
	return out
}

func retroSongMenu(under []El) []El {
	var out []El
	for i, m := range []string{"Play next", "Add to playing queue", "Add to playlist…", "Go to album", "Go to artist", "Share", "Details"} {
		out = append(out, retro.TapText(m, "title", Bx(560, 900+i*126, 1040, 1026+i*126)))
	}
	return Screen(under, out)
}

func retroQueue(now string, queue ...string) []El {
	out := Els(retro.Icon("Navigate up", "", Bx(0, 138, 147, 285)), retro.Text("Playing queue", "", Bx(189, 166, 700, 250)),
		retro.Text("Now playing: "+now, "", Bx(63, 300, 1017, 360)))
	for i, s := range queue {
		y := 400 + i*150
		out = append(out, retro.Text(s, "title", Bx(189, y+20, 880, y+80)), retro.Text("Unknown artist", "text", Bx(189, y+85, 880, y+130)))
	}
	return clipBelow(out, 2337)
}

func menuOf(song string) string {
	for i, s := range songs {
		if s == song {
			return Itoa(i+1) + ":More options"
		}
	}
	panic("no song " + song)
}

func retroCases() []Case {
	const eval = "retro_music.py RetroPlayingQueue.is_successful: the playing_queue table holds exactly the asked songs, in order"
	goal := "Add the following songs, in order, Night Drive, Moments to my playing queue in Retro music."
	var out []Case
	out = append(out, Case{Name: "retro_queue_from_song_menus", TaskName: "RetroPlayingQueue", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "A song's menu adds it to the playing queue (starting playback when the queue was empty); the queue screen lists exactly the two songs.",
		Evaluator: eval, Steps: []Step{FromHome("Retro Music"),
			StepOn(On(retroSongs("")), "Open Night Drive's menu.", Tap(menuOf("Night Drive"))),
			StepOn(On(retroSongMenu(retroSongs(""))), "Add it to the queue.", Tap("Add to playing queue")),
			StepOn(On(retroSongs("Night Drive")), "Open Moments' menu.", Tap(menuOf("Moments"))),
			StepOn(On(retroSongMenu(retroSongs("Night Drive"))), "Add it to the queue.", Tap("Add to playing queue")),
			StepOn(On(retroSongs("Night Drive")), "Open the player to see the queue.", Tap("res:mini_player_title")),
			StepOn(On(retroQueue("Night Drive", "Night Drive", "Moments")), "The queue is Night Drive, then Moments.", Done())}})
	all := append([]string{}, songs...)
	out = append(out, Case{Name: "retro_tapping_a_song_fills_the_queue", TaskName: "RetroPlayingQueue", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "Tapping a song in the list plays the whole list from it, so the queue holds every song; the queue screen shows them all.",
		Evaluator: eval, Steps: []Step{FromHome("Retro Music"),
			StepOn(On(retroSongs("")), "Play Night Drive to put it in the queue.", Tap("Night Drive")),
			StepOn(On(retroSongs("Night Drive")), "Open Moments' menu.", Tap(menuOf("Moments"))),
			StepOn(On(retroSongMenu(retroSongs("Night Drive"))), "Add it to the queue.", Tap("Add to playing queue")),
			StepOn(On(retroSongs("Night Drive")), "Open the queue.", Tap("res:mini_player_title")),
			StepOn(On(retroQueue("Night Drive", append(all, "Moments")...)), "Night Drive and Moments are in the queue.", Done())}})
	return out
}
