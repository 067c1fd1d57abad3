package redteam2

// Media apps: VLC (org.videolan.vlc), whose video list takes a multiple selection by long
// press and adds it to a playlist through a dialog that names a new playlist (the items go in
// the list's order, whatever order they were tapped in), and Retro Music
// (code.name.monkey.retromusic), where a song's menu adds it to the playing queue while
// tapping a song plays the whole list from it, filling the queue.

var (
	vlc   = ui{"org.videolan.vlc"}
	retro = ui{"code.name.monkey.retromusic"}
)

func vlcNav(tab string) []El {
	var out []El
	for i, t := range []string{"Video", "Audio", "Browse", "Playlists", "More"} {
		e := El{Desc: t, Text: t, Class: "android.widget.FrameLayout", Pkg: vlc.pkg, Res: vlc.res("nav_" + t), Box: bx(i*216, 2190, i*216+216, 2337), Clickable: true}
		if t == tab {
			e = selected(e)
		}
		out = append(out, e)
	}
	return out
}

// vlcVideos is the video list; picked marks the selected items (nil: no selection mode).
func vlcVideos(names []string, picked map[string]bool) []El {
	var out []El
	if picked == nil {
		out = els(vlc.text("Videos", "", bx(42, 166, 500, 237)),
			vlc.menuIcon("Search", "ml_menu_search", bx(765, 138, 870, 264)),
			vlc.menuIcon("Sort by…", "ml_menu_sortby", bx(870, 138, 975, 264)))
	} else {
		out = els(vlc.icon("Done", "action_mode_close_button", bx(0, 138, 147, 264)),
			vlc.text(itoa(len(picked))+" selected", "action_bar_title", bx(189, 166, 500, 237)),
			vlc.menuIcon("Play", "action_video_play", bx(555, 138, 660, 264)),
			vlc.menuIcon("Add to playlist", "action_video_add_playlist", bx(660, 138, 765, 264)),
			vlc.menuIcon("Information", "action_video_info", bx(765, 138, 870, 264)),
			vlc.menuIcon("Delete", "action_video_delete", bx(870, 138, 975, 264)))
	}
	out = append(out, vlc.image("More options", "", bx(975, 138, 1080, 264)))
	for i, n := range names {
		y := 300 + i*200
		row := vlc.row("", "video_item", bx(0, y, 1080, y+190))
		row.Selected = picked[n]
		out = append(out, row, vlc.text(n, "ml_item_title", bx(400, y+40, 940, y+100)),
			vlc.text("0:45", "ml_item_time", bx(400, y+110, 560, y+150)),
			vlc.icon("More Actions", "item_more", bx(940, y+50, 1060, y+140)))
	}
	return append(out, vlcNav("Video")...)
}

func vlcPlaylistDialog(under []El, name string) []El {
	d := els(vlc.text("Add to playlist", "", bx(84, 700, 996, 780)),
		vlc.edit(name, "Playlist name", "dialog_playlist_name", bx(84, 820, 996, 950)),
		vlc.button("Create", "dialog_playlist_save", bx(740, 990, 996, 1110)))
	if name != "" {
		d[1] = focused(d[1])
		return withKeyboard(screen(under, d), "Done")
	}
	return screen(under, d)
}

func vlcPlaylists(names ...string) []El {
	out := els(vlc.text("Playlists", "", bx(42, 166, 500, 237)))
	for i, n := range names {
		y := 300 + i*200
		out = append(out, vlc.row("", "playlist_item", bx(0, y, 1080, y+190)), vlc.text(n, "ml_item_title", bx(400, y+40, 940, y+100)),
			vlc.text("2 videos", "ml_item_subtitle", bx(400, y+110, 700, y+150)))
	}
	return append(out, vlcNav("Playlists")...)
}

func vlcPlaylist(name string, items ...string) []El {
	out := els(vlc.icon("Navigate up", "", bx(0, 138, 147, 264)), vlc.text(name, "", bx(189, 166, 700, 237)),
		vlc.icon("Play", "fab", bx(870, 2000, 1017, 2147)))
	for i, n := range items {
		y := 600 + i*200
		out = append(out, vlc.row("", "audio_item", bx(0, y, 1080, y+190)), vlc.text(n, "ml_item_title", bx(189, y+40, 900, y+100)))
	}
	return out
}

func vlcCases() []Case {
	const eval = "vlc.py VlcCreatePlaylist.is_successful -> sqlite_validators.verify_playlist: a playlist whose name fuzzy-matches holds exactly the files, each at its position in the asked order"
	videos := []string{"clip_harbor", "footage_park", "moment_bridge", "scene_rooftop"}
	build := func(goal string, first, second string, name string) []Step {
		return []Step{fromHome("VLC"),
			step(on(vlcVideos(videos, nil)), "Select the first video.", longPress(first)),
			step(on(vlcVideos(videos, map[string]bool{first: true})), "Add the second video to the selection.", tap(second)),
			step(on(vlcVideos(videos, map[string]bool{first: true, second: true})), "Add them to a playlist.", tap("Add to playlist")),
			step(on(vlcPlaylistDialog(vlcVideos(videos, nil), "")), "Name the playlist.", typeIn("Playlist name", name)),
		}
	}
	var out []Case
	goal := "Create a playlist titled \"Road Trip\" with the following files in VLC (located in Internal Memory/VLCVideos), in order: clip_harbor.mp4, scene_rooftop.mp4"
	steps := build(goal, "clip_harbor", "scene_rooftop", "Road Trip")
	out = append(out, Case{Name: "vlc_playlist_created", TaskName: "VlcCreatePlaylist", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "The playlist's own page lists its videos in their order.",
		Evaluator: eval, Steps: append(steps,
			step(on(vlcPlaylistDialog(vlcVideos(videos, nil), "Road Trip")), "Create it.", tap("Create")),
			step(on(vlcVideos(videos, nil)), "Check the playlists.", tap("Playlists")),
			step(on(vlcPlaylists("Road Trip")), "Open Road Trip.", tap("Road Trip")),
			step(on(vlcPlaylist("Road Trip", "clip_harbor", "scene_rooftop")), "The playlist has both videos in order.", done()))})

	rgoal := "Create a playlist titled \"Road Trip\" with the following files in VLC (located in Internal Memory/VLCVideos), in order: scene_rooftop.mp4, clip_harbor.mp4"
	steps = build(rgoal, "scene_rooftop", "clip_harbor", "Road Trip")
	out = append(out, Case{Name: "vlc_playlist_wrong_order", TaskName: "VlcCreatePlaylist", Goal: rgoal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "A multiple selection is added in the list's order, not the order it was tapped in: the playlist's page shows the two videos the other way round.",
		Evaluator: eval, Steps: append(steps,
			step(on(vlcPlaylistDialog(vlcVideos(videos, nil), "Road Trip")), "Create it.", tap("Create")),
			step(on(vlcVideos(videos, nil)), "Check the playlists.", tap("Playlists")),
			step(on(vlcPlaylists("Road Trip")), "Open Road Trip.", tap("Road Trip")),
			step(on(vlcPlaylist("Road Trip", "clip_harbor", "scene_rooftop")), "The playlist Road Trip exists with both videos.", done()))})

	steps = build(goal, "clip_harbor", "scene_rooftop", "Road Trip")
	out = append(out, Case{Name: "vlc_playlist_name_not_confirmed", TaskName: "VlcCreatePlaylist", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The playlist's name is typed into the dialog, whose Create button was never pressed.",
		Evaluator: eval, Steps: append(steps,
			step(on(vlcPlaylistDialog(vlcVideos(videos, nil), "Road Trip")), "The playlist Road Trip is created with the two videos.", done()))})
	return out
}

var songs = []string{"Bright Lights", "Chasing Shadows", "Echoes of Silence", "Endless Summer", "Forever Young", "Lost in the Echo",
	"Moments", "My Heart is Yours", "Night Drive", "Rising Sun", "Silent Dreams", "Whispering Wind"}

func retroSongs(playing string) []El {
	out := els(retro.text("Songs", "", bx(189, 166, 560, 250)),
		retro.menuIcon("Search", "action_search", bx(795, 149, 922, 275)),
		retro.image("More options", "", bx(922, 149, 1027, 275)))
	bottom := 2190
	if playing != "" {
		bottom = 2050 // the mini player sits above the tabs
	}
	for i, s := range songs {
		y := 300 + i*170
		if y >= bottom {
			break
		}
		out = append(out, retro.row("", "song_item", bx(0, y, 1080, min(y+165, bottom))), retro.text(s, "title", bx(189, y+25, 880, min(y+85, bottom))))
		if y+140 < bottom {
			out = append(out, retro.text("Unknown artist", "text", bx(189, y+90, 880, y+140)))
		}
		if y+130 < bottom {
			out = append(out, retro.icon("More options", "menu", bx(930, y+30, 1060, y+130)))
		}
	}
	if playing != "" {
		out = append(out, retro.row("", "mini_player", bx(0, 2050, 1080, 2190)), retro.text(playing, "mini_player_title", bx(189, 2080, 800, 2150)),
			retro.icon("Pause", "mini_player_play_pause_button", bx(930, 2070, 1050, 2170)))
	}
	for i, t := range []string{"For you", "Songs", "Albums", "Artists", "Playlists"} {
		e := El{Text: t, Desc: t, Class: "android.widget.FrameLayout", Pkg: retro.pkg, Box: bx(i*216, 2190, i*216+216, 2337), Clickable: true}
		if t == "Songs" {
			e = selected(e)
		}
		out = append(out, e)
	}
	return out
}

func retroSongMenu(under []El) []El {
	var out []El
	for i, m := range []string{"Play next", "Add to playing queue", "Add to playlist…", "Go to album", "Go to artist", "Share", "Details"} {
		out = append(out, retro.tapText(m, "title", bx(560, 900+i*126, 1040, 1026+i*126)))
	}
	return screen(under, out)
}

func retroQueue(now string, queue ...string) []El {
	out := els(retro.icon("Navigate up", "", bx(0, 138, 147, 285)), retro.text("Playing queue", "", bx(189, 166, 700, 250)),
		retro.text("Now playing: "+now, "", bx(63, 300, 1017, 360)))
	for i, s := range queue {
		y := 400 + i*150
		out = append(out, retro.text(s, "title", bx(189, y+20, 880, y+80)), retro.text("Unknown artist", "text", bx(189, y+85, 880, y+130)))
	}
	return clipBelow(out, 2337)
}

func menuOf(song string) string {
	for i, s := range songs {
		if s == song {
			return itoa(i+1) + ":More options"
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
		Evaluator: eval, Steps: []Step{fromHome("Retro Music"),
			step(on(retroSongs("")), "Open Night Drive's menu.", tap(menuOf("Night Drive"))),
			step(on(retroSongMenu(retroSongs(""))), "Add it to the queue.", tap("Add to playing queue")),
			step(on(retroSongs("Night Drive")), "Open Moments' menu.", tap(menuOf("Moments"))),
			step(on(retroSongMenu(retroSongs("Night Drive"))), "Add it to the queue.", tap("Add to playing queue")),
			step(on(retroSongs("Night Drive")), "Open the player to see the queue.", tap("res:mini_player_title")),
			step(on(retroQueue("Night Drive", "Night Drive", "Moments")), "The queue is Night Drive, then Moments.", done())}})
	all := append([]string{}, songs...)
	out = append(out, Case{Name: "retro_tapping_a_song_fills_the_queue", TaskName: "RetroPlayingQueue", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "Tapping a song in the list plays the whole list from it, so the queue holds every song; the queue screen shows them all.",
		Evaluator: eval, Steps: []Step{fromHome("Retro Music"),
			step(on(retroSongs("")), "Play Night Drive to put it in the queue.", tap("Night Drive")),
			step(on(retroSongs("Night Drive")), "Open Moments' menu.", tap(menuOf("Moments"))),
			step(on(retroSongMenu(retroSongs("Night Drive"))), "Add it to the queue.", tap("Add to playing queue")),
			step(on(retroSongs("Night Drive")), "Open the queue.", tap("res:mini_player_title")),
			step(on(retroQueue("Night Drive", append(all, "Moments")...)), "Night Drive and Moments are in the queue.", done())}})
	return out
}
