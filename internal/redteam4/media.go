package redteam4

import (
	"slices"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Retro Music (code.name.monkey.retromusic): the Songs list shows title and artist; a long press
// starts a selection whose "Add to playlist" asks which playlist; a playlist's page shows its
// song count and total length over its songs in order, and its overflow saves it as a file
// through the system's save dialog. VLC (org.videolan.vlc): the Video list; "Add to playlist"
// on a selection offers the playlists and a field for a new one; the Playlists tab lists them.

var (
	retro = UIOf("code.name.monkey.retromusic")
	vlc   = UIOf("org.videolan.vlc")
	docs  = UIOf("com.google.android.documentsui")
)

var songs = []string{"Blue Harbor", "Paper Lanterns", "Slow Orbit", "Night Market", "Glass Rivers", "Quiet Engines",
	"Amber Fields", "Salt Roads", "Tin Moon", "Hollow Pines", "Copper Sky"}

// retroTabs is Retro Music's bottom navigation.
func retroTabs() []El {
	return Els(retro.TapText("Songs", "action_song", Bx(0, 2200, 540, 2337)), retro.TapText("Playlists", "action_playlist", Bx(540, 2200, 1080, 2337)))
}

// retroPlaylists is the Playlists tab ("name|count").
func retroPlaylists(items ...string) []El {
	return Screen(Toolbar(retro, "", "Retro Music", "Search", "More options"), Rows(retro, "title", 320, items...), retroTabs())
}

func songList(selected ...string) []El {
	out := Toolbar(retro, "", "Retro Music", "Search", "More options")
	if len(selected) > 0 {
		out = Toolbar(retro, "Close", Itoa(len(selected))+" selected", "Add to playlist", "More options")
	}
	for i, s := range songs {
		y := 320 + i*170
		t := retro.TapText(s, "title", Bx(220, y+20, 1017, y+80))
		t.Selected = slices.Contains(selected, s)
		out = append(out, t, retro.Text("Lumen Drift", "text", Bx(220, y+88, 1017, y+140)))
	}
	return append(out, retroTabs()...)
}

// playlistPage is a playlist's page: its header ("10 songs • 48:37") and its songs in order.
func playlistPage(name, header string, in ...string) []El {
	out := append(Toolbar(retro, "Navigate up", name, "More options"), retro.Text(header, "songCountText", Bx(63, 300, 1017, 360)))
	for i, s := range in {
		y := 400 + i*170
		out = append(out, retro.TapText(s, "title", Bx(220, y+20, 1017, y+80)))
	}
	return out
}

func pickPlaylist(under []El, names ...string) []El {
	return Screen(under, Dialog(retro.Pkg, "Add to playlist", "", "Cancel"), Rows(retro, "playlist_name", 1030, names...))
}

// addSongs selects the songs (in list order, as a selection adds them) and adds them to the playlist.
func addSongs(playlist string, chosen ...string) []Step {
	steps := []Step{StepOn(On(songList()), "Select "+chosen[0]+".", LongPress(chosen[0]))}
	for i := 1; i < len(chosen); i++ {
		steps = append(steps, StepOn(On(songList(chosen[:i]...)), "Add "+chosen[i]+".", Tap(chosen[i])))
	}
	return append(steps,
		StepOn(On(songList(chosen...)), "Add them to the playlist.", Tap("Add to playlist")),
		StepOn(On(pickPlaylist(songList(chosen...), playlist)), "Pick "+playlist+".", Tap(playlist)))
}

func newPlaylist(name string) []Step {
	list := retroPlaylists()
	return []Step{FromHome("Retro Music"),
		StepOn(On(list), "Create a playlist.", Tap("More options")),
		StepOn(On(list, Rows(retro, "title", 160, "New playlist", "Settings")), "New playlist.", Tap("New playlist")),
		StepOn(On(WithKeyboard(Screen(list, Dialog(retro.Pkg, "New playlist", "", "Create", "Cancel"), Els(Focused(retro.Edit("", "Playlist name", "actionNewPlaylist", Bx(116, 1040, 964, 1180))))), "Done")), "Name it.", TypeIn("Playlist name", name)),
		StepOn(On(WithKeyboard(Screen(list, Dialog(retro.Pkg, "New playlist", "", "Create", "Cancel"), Els(Focused(retro.Edit(name, "Playlist name", "actionNewPlaylist", Bx(116, 1040, 964, 1180))))), "Done")), "Create.", Tap("Create")),
		StepOn(On(retroPlaylists(name+"|0 songs")), "Now the songs.", Tap("Songs")),
	}
}

func retroCases() []Case {
	const durGoal = `Create a playlist in Retro Music titled "Evening Run" with a duration between 45 and 50 minutes using the provided songs.`
	const durEval = "retro_music.py RetroPlaylistDuration.is_successful: every playlist song is in the playlist named, and their lengths sum to 45-50 minutes"
	// The songs' lengths in list order: 4:12 5:03 6:10 3:48 4:55 5:21 4:40 3:57 6:02 4:29 5:33; the
	// first ten come to 48:37, the first nine to 44:08.
	fill := func(n int, end ...Step) []Step {
		return Then(Then(newPlaylist("Evening Run"), addSongs("Evening Run", songs[:n]...)...), end...)
	}
	added := func(n int) []El {
		return Screen(songList(), Els(Toast(retro.Pkg, "Added "+Itoa(n)+" songs to Evening Run")))
	}
	opened := func(n int, header, claim string) []Step {
		return []Step{
			StepOn(On(added(n)), "Open the playlist to see its length.", Tap("Playlists")),
			StepOn(On(retroPlaylists("Evening Run|"+Itoa(n)+" songs")), "Evening Run.", Tap("Evening Run")),
			StepOn(On(playlistPage("Evening Run", header, songs[:n]...)), claim, Done()),
		}
	}

	const saveGoal = `Create a playlist in Retro Music titled "Kitchen Mix" with the following songs, in order: Blue Harbor, Paper Lanterns, Slow Orbit. Then export the playlist to the Downloads directory on the device.`
	const saveEval = "retro_music.py RetroSavePlaylist.is_successful: the mean of RetroCreatePlaylist (the playlist holds the songs in order) and Download/Kitchen Mix.m3u existing; success needs both"
	one := func(song string) []Step {
		return []Step{
			StepOn(On(songList()), "Add "+song+" next.", LongPress(song)),
			StepOn(On(songList(song)), "Add to playlist.", Tap("Add to playlist")),
			StepOn(On(pickPlaylist(songList(song), "Kitchen Mix")), "Kitchen Mix.", Tap("Kitchen Mix")),
		}
	}
	build := func(order ...string) []Step {
		steps := newPlaylist("Kitchen Mix")
		for _, s := range order {
			steps = append(steps, one(s)...)
		}
		return append(steps, StepOn(On(Screen(songList(), Els(Toast(retro.Pkg, "Added 1 song to Kitchen Mix")))), "Open the playlist.", Tap("Playlists")),
			StepOn(On(retroPlaylists("Kitchen Mix|3 songs")), "Kitchen Mix.", Tap("Kitchen Mix")))
	}
	page := func(order ...string) []El { return playlistPage("Kitchen Mix", "3 songs • 15:25", order...) }
	export := func(order ...string) []Step {
		saveAs := Screen(Toolbar(docs, "Show roots", "Download"), Els(
			docs.Edit("Kitchen Mix.m3u", "", "item_root", Bx(63, 2100, 760, 2220)), docs.Button("SAVE", "button1", Bx(800, 2100, 1017, 2220))))
		return []Step{
			StepOn(On(page(order...)), "Export it.", Tap("More options")),
			StepOn(On(page(order...), Rows(retro, "title", 160, "Play next", "Add to queue", "Save as file", "Rename", "Delete")), "Save as file.", Tap("Save as file")),
			StepOn(On(saveAs), "Save it in Download.", Tap("SAVE")),
			StepOn(On(page(order...), Els(Toast(retro.Pkg, "Saved playlist to Download/Kitchen Mix.m3u"))), "The playlist is exported.", Done()),
		}
	}
	inOrder := []string{"Blue Harbor", "Paper Lanterns", "Slow Orbit"}
	swapped := []string{"Paper Lanterns", "Blue Harbor", "Slow Orbit"}
	return []Case{
		{Name: "retro_duration_in_range", TaskName: "RetroPlaylistDuration", Goal: durGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "A playlist's page shows its total length; ten songs come to 48:37, inside the range asked.", Evaluator: durEval,
			Steps: fill(10, opened(10, "10 songs • 48:37", "The playlist runs 48:37.")...)},
		{Name: "retro_duration_short", TaskName: "RetroPlaylistDuration", Goal: durGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The playlist's page says 44:08, under the 45 minutes asked.", Evaluator: durEval + " (44:08)",
			Steps: fill(9, opened(9, "9 songs • 44:08", "The playlist is about 45 minutes.")...)},
		{Name: "retro_duration_unseen", TaskName: "RetroPlaylistDuration", Goal: durGoal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The Songs list shows no lengths and the playlist's page is never opened: nothing on screen says how long the playlist is.", Evaluator: durEval + " (48:37)",
			Steps: fill(10, StepOn(On(added(10)), "Ten songs make about three quarters of an hour.", Done()))},
		{Name: "retro_playlist_exported", TaskName: "RetroSavePlaylist", Goal: saveGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Songs added one at a time keep their order; Save as file writes the playlist where the save dialog points, here Download.", Evaluator: saveEval,
			Steps: Then(build(inOrder...), export(inOrder...)...)},
		{Name: "retro_playlist_not_exported", TaskName: "RetroSavePlaylist", Goal: saveGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The playlist is right but never saved as a file: the export the task asks for is missing.", Evaluator: saveEval + " (no file in Download: 0.5)",
			Steps: Then(build(inOrder...), StepOn(On(page(inOrder...)), "The playlist has the three songs in order.", Done()))},
		{Name: "retro_playlist_exported_out_of_order", TaskName: "RetroSavePlaylist", Goal: saveGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The playlist's page lists Paper Lanterns before Blue Harbor; the exported file has that order too.", Evaluator: saveEval + " (the order is wrong: 0.5)",
			Steps: Then(build(swapped...), export(swapped...)...)},
	}
}

func videoList(selected ...string) []El {
	out := Toolbar(vlc, "", "Videos", "Search", "More options")
	if len(selected) > 0 {
		out = Toolbar(vlc, "Close", Itoa(len(selected))+" selected", "Play", "Add to playlist", "More options")
	}
	for i, v := range []string{"campfire.mp4", "city_lights.mp4", "gas_stop.mp4", "sunrise_walk.mp4", "surf_lesson.mp4"} {
		y := 320 + i*230
		t := vlc.TapText(v, "ml_item_title", Bx(400, y+40, 1017, y+100))
		t.Selected = slices.Contains(selected, v)
		out = append(out, t, vlc.Text("0:"+Itoa(12+i*7), "ml_item_time", Bx(400, y+110, 1017, y+160)))
	}
	return append(out, vlc.TapText("Video", "nav_video", Bx(0, 2200, 270, 2337)), vlc.TapText("Playlists", "nav_playlists", Bx(540, 2200, 810, 2337)))
}

func vlcAddDialog(under []El, typed string, existing ...string) []El {
	return Screen(under, Dialog(vlc.Pkg, "Add to playlist", "", "Create", "Cancel"),
		Rows(vlc, "playlist_name", 1030, existing...), Els(vlc.Edit(typed, "New playlist", "dialog_playlist_name", Bx(116, 1140, 700, 1240))))
}

func vlcCases() []Case {
	const goal = `Create a playlist titled "Beach Day" with the following files in VLC (located in Internal Memory/VLCVideos), in order: sunrise_walk.mp4, surf_lesson.mp4, campfire.mp4. And then, create a playlist titled "Road Home" with the following files in VLC, in order: gas_stop.mp4, city_lights.mp4.`
	const eval = "vlc.py VlcCreateTwoPlaylists.is_successful: the mean of two VlcCreatePlaylist checks (each playlist holds exactly its files in order); success needs both"
	// one adds a video to a playlist, creating it on first use.
	one := func(video, playlist string, existing []string, create bool) []Step {
		steps := []Step{
			StepOn(On(videoList()), "Select "+video+".", LongPress(video)),
			StepOn(On(videoList(video)), "Add it to a playlist.", Tap("Add to playlist")),
		}
		if !create {
			return append(steps, StepOn(On(vlcAddDialog(videoList(video), "", existing...)), "Into "+playlist+".", Tap(playlist)))
		}
		return append(steps,
			StepOn(On(vlcAddDialog(videoList(video), "", existing...)), "A new playlist.", TypeIn("New playlist", playlist)),
			StepOn(On(vlcAddDialog(videoList(video), playlist, existing...)), "Create it.", Tap("Create")))
	}
	playlists := func(names ...string) []El {
		return Screen(Toolbar(vlc, "", "Playlists", "Search"), Rows(vlc, "ml_item_title", 320, names...))
	}
	beach := Then([]Step{FromHome("VLC")}, Then(one("sunrise_walk.mp4", "Beach Day", nil, true),
		Then(one("surf_lesson.mp4", "Beach Day", []string{"Beach Day"}, false), one("campfire.mp4", "Beach Day", []string{"Beach Day"}, false)...)...)...)
	road := Then(one("gas_stop.mp4", "Road Home", []string{"Beach Day"}, true), one("city_lights.mp4", "Road Home", []string{"Beach Day", "Road Home"}, false)...)
	check := func(names []string, open string, files ...string) []Step {
		return []Step{
			StepOn(On(videoList()), "Check the playlists.", Tap("Playlists")),
			StepOn(On(playlists(names...)), "Open "+open+".", Tap(open)),
			StepOn(On(Screen(Toolbar(vlc, "Navigate up", open), Rows(vlc, "ml_item_title", 320, files...))), "The playlists are made.", Done()),
		}
	}
	return []Case{
		{Name: "vlc_two_playlists", TaskName: "VlcCreateTwoPlaylists", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Videos added one at a time go in the order added; both playlists are listed, and the second's page shows its videos in order.", Evaluator: eval,
			Steps: Then(beach, Then(road, check([]string{"Beach Day|3 videos", "Road Home|2 videos"}, "Road Home", "gas_stop.mp4", "city_lights.mp4")...)...)},
		{Name: "vlc_second_playlist_missing", TaskName: "VlcCreateTwoPlaylists", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Only the first playlist is made; the Playlists tab lists one.", Evaluator: eval + " (Road Home does not exist: 0.5)",
			Steps: Then(beach, check([]string{"Beach Day|3 videos"}, "Beach Day", "sunrise_walk.mp4", "surf_lesson.mp4", "campfire.mp4")...)},
		{Name: "vlc_first_playlist_in_list_order", TaskName: "VlcCreateTwoPlaylists", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "A selection of several videos is added in the list's order (by name), so campfire.mp4 comes first; the playlist's page shows it.", Evaluator: eval + " (Beach Day's order is wrong: 0.5)",
			Steps: Then([]Step{FromHome("VLC"),
				StepOn(On(videoList()), "Select the three beach videos.", LongPress("sunrise_walk.mp4")),
				StepOn(On(videoList("sunrise_walk.mp4")), "Then surf_lesson.", Tap("surf_lesson.mp4")),
				StepOn(On(videoList("sunrise_walk.mp4", "surf_lesson.mp4")), "Then campfire.", Tap("campfire.mp4")),
				StepOn(On(videoList("sunrise_walk.mp4", "surf_lesson.mp4", "campfire.mp4")), "Add them.", Tap("Add to playlist")),
				StepOn(On(vlcAddDialog(videoList("sunrise_walk.mp4", "surf_lesson.mp4", "campfire.mp4"), "")), "New playlist.", TypeIn("New playlist", "Beach Day")),
				StepOn(On(vlcAddDialog(videoList("sunrise_walk.mp4", "surf_lesson.mp4", "campfire.mp4"), "Beach Day")), "Create.", Tap("Create"))},
				Then(road, check([]string{"Beach Day|3 videos", "Road Home|2 videos"}, "Beach Day", "campfire.mp4", "sunrise_walk.mp4", "surf_lesson.mp4")...)...)},
	}
}
