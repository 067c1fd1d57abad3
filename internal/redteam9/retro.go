package redteam9

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Retro Music (code.name.monkey.retromusic) lists songs A to Z on its Songs tab, each with its
// artist and a menu whose "Add to playlist" opens a dialog of the playlists under "New
// playlist" (named in a second dialog, Create); a toast says how many songs were added, in the
// order they are added. The Playlists tab lists the playlists; a playlist's page lists its songs
// in order, and its More options has "Save as file", which opens the system's document picker
// (com.google.android.documentsui) on Music with the name filled in; its roots reach Downloads.

var (
	retro = UIOf("code.name.monkey.retromusic")
	docs  = UIOf("com.google.android.documentsui")
)

var retroLibrary = []string{"Beyond the Horizon|Mara Voss", "City of Stars|Leo Hart", "Distant Memories|Ines Kaur", "Echoes of Silence|Tom Reyes",
	"Falling Feathers|Nia Brooks", "Hidden Paths|Kenji Sato", "Moonlight Sonata|Ada Lind", "Night Drive|Omar Diaz", "Serenity Now|Lena Park",
	"Twilight Calling|Ravi Nair", "Whispering Wind|Eva Stone"}

func retroTabs(selected string) []El {
	var out []El
	for i, t := range []string{"For you", "Songs", "Albums", "Artists", "Playlists"} {
		e := retro.TapText(t, "navigation_bar_item_small_label_view", Bx(i*216, 2200, (i+1)*216, 2300))
		if t == selected {
			e = Selected(e)
		}
		out = append(out, e)
	}
	return out
}

// retroSongs is the Songs tab; with menu set, that song's menu is open.
func retroSongs(menu string) []El {
	out := Screen(Toolbar(retro, "", "Retro Music", "More options", "Search"))
	for i, s := range retroLibrary {
		title, artist, _ := strings.Cut(s, "|")
		y := 320 + i*170
		out = append(out, retro.Row("", "", Bx(0, y, 1080, y+160)), retro.Text(title, "title", Bx(200, y+25, 900, y+85)),
			retro.Text(artist, "text", Bx(200, y+95, 900, y+145)), retro.Icon("More options", "menu", Bx(940, y+40, 1060, y+120)))
	}
	out = append(out, retroTabs("Songs")...)
	if menu != "" {
		out = append(out, Rows(retro, "title", 700, "Play next", "Add to playing queue", "Add to playlist", "Go to album", "Details")...)
	}
	return On(out)
}

// songMenu names the menu button of a song's row.
func songMenu(title string) string {
	for i, s := range retroLibrary {
		if strings.HasPrefix(s, title+"|") {
			return Itoa(i+1) + ":More options"
		}
	}
	return title
}

func addToPlaylistDialog(playlists ...string) []El {
	out := Screen(retroSongsRaw(), Els(retro.Text("Add to playlist", "", Bx(116, 700, 964, 780)), retro.TapText("New playlist", "", Bx(116, 820, 964, 900))))
	for i, p := range playlists {
		out = append(out, retro.TapText(p, "", Bx(116, 940+i*110, 964, 1020+i*110)))
	}
	return out
}

func newPlaylistDialog(typed string) []El {
	return On(TypingIn(Screen(retroSongsRaw(), Els(retro.Text("New playlist", "", Bx(116, 760, 964, 840)),
		retro.Edit(typed, "Playlist name", "actionNewPlaylist", Bx(116, 880, 964, 1000)), retro.Button("Create", "android:id/button1", Bx(700, 1060, 964, 1180)),
		retro.Button("Cancel", "android:id/button2", Bx(420, 1060, 680, 1180)))), "actionNewPlaylist", "Done"))
}

// retroSongsRaw is the Songs tab without the status bar (for overlays that add their own).
func retroSongsRaw() []El {
	s := retroSongs("")
	return s[:len(s)-len(StatusBar("15:35"))]
}

func retroPlaylist(name string, menu bool, songs ...string) []El {
	out := Screen(Toolbar(retro, "Navigate up", name, "More options"), Els(retro.Text(Itoa(len(songs))+" Songs", "", Bx(63, 300, 1017, 360))))
	for i, s := range songs {
		title, artist, _ := strings.Cut(s, "|")
		y := 400 + i*170
		out = append(out, retro.Row("", "", Bx(0, y, 1080, y+160)), retro.Text(title, "title", Bx(200, y+25, 900, y+85)), retro.Text(artist, "text", Bx(200, y+95, 900, y+145)))
	}
	if menu {
		out = append(out, Rows(retro, "title", 300, "Play", "Add to playing queue", "Add to playlist", "Rename", "Delete", "Save as file")...)
	}
	return On(out)
}

func savePicker(folder, name string, roots bool) []El {
	out := Screen(Toolbar(docs, "Show roots", folder, "More options"), Els(docs.Text("Files in "+folder, "", Bx(63, 300, 800, 360)),
		docs.Edit(name, "", "item_name", Bx(40, 2140, 760, 2260)), docs.Button("SAVE", "android:id/button1", Bx(800, 2140, 1040, 2260))))
	if roots {
		out = append(out, Rows(docs, "android:id/title", 300, "Recent", "Audio", "Downloads", "Music", "sdk_gphone_x86_64")...)
	}
	return On(out)
}

func retroSaveCases() []Case {
	const name = "Indie Gems 316"
	const goal = `Create a playlist in Retro Music titled "` + name + `" with the following songs, in order: Whispering Wind, City of Stars, Twilight Calling. Then export the playlist to the Downloads directory on the device.`
	const eval = "retro_music.py RetroSavePlaylist: (verify_playlist for '" + name + "' with Whispering Wind, City of Stars, Twilight Calling in order + Download/" + name + ".m3u exists) / 2; only 1.0 counts as success"
	song := func(t string) string {
		for _, s := range retroLibrary {
			if strings.HasPrefix(s, t+"|") {
				return s
			}
		}
		return t
	}
	// build adds the songs in the order given: the first makes the playlist.
	build := func(order ...string) []Step {
		steps := []Step{FromHome("Retro Music"), StepOn(retroSongs(""), "Open "+order[0]+"'s menu.", Tap(songMenu(order[0]))),
			StepOn(retroSongs(order[0]), "Add to playlist.", Tap("Add to playlist")),
			StepOn(On(addToPlaylistDialog()), "A new playlist.", Tap("New playlist")),
			StepOn(newPlaylistDialog(""), "Name it.", TypeIn("res:actionNewPlaylist", name)),
			StepOn(newPlaylistDialog(name), "Create.", Tap("Create"))}
		for _, t := range order[1:] {
			steps = append(steps, StepOn(On(Screen(retroSongsRaw(), Els(Toast(retro.Pkg, "Added 1 song(s) to "+name)))), "Now "+t+".", Tap(songMenu(t))),
				StepOn(retroSongs(t), "Add to playlist.", Tap("Add to playlist")),
				StepOn(On(addToPlaylistDialog(name)), name+".", Tap(name)))
		}
		return append(steps, StepOn(retroSongs(""), "Check the playlist.", Tap("Playlists")),
			StepOn(On(Screen(Toolbar(retro, "", "Retro Music", "More options", "Search"), Els(retro.TapText(name, "title", Bx(200, 345, 900, 405)),
				retro.Text(Itoa(len(order))+" Songs", "text", Bx(200, 415, 900, 465))), retroTabs("Playlists"))), "Open it.", Tap(name)))
	}
	export := func(songs []string) []Step {
		return []Step{StepOn(retroPlaylist(name, false, songs...), "Export it: More options.", Tap("More options")),
			StepOn(retroPlaylist(name, true, songs...), "Save as file.", Tap("Save as file")),
			StepOn(savePicker("Music", name+".m3u", false), "Downloads, not Music.", Tap("Show roots")),
			StepOn(savePicker("Music", name+".m3u", true), "Downloads.", Tap("Downloads")),
			StepOn(savePicker("Downloads", name+".m3u", false), "Save.", Tap("SAVE"))}
	}
	right := []string{song("Whispering Wind"), song("City of Stars"), song("Twilight Calling")}
	swapped := []string{right[1], right[0], right[2]}
	saved := func(songs []string) []El {
		return Screen(retroPlaylist(name, false, songs...), Els(Toast(retro.Pkg, "Saved playlist to Download/"+name+".m3u")))
	}
	return []Case{
		{Name: "retro_playlist_exported", MaxSteps: 50, TaskName: "RetroSavePlaylist", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The three songs are added in order to a new playlist, whose page lists them so; Save as file is saved in Downloads and the toast names Download.", Evaluator: eval,
			Steps: Then(Then(build("Whispering Wind", "City of Stars", "Twilight Calling"), export(right)...), Claim(saved(right), "The playlist is made and exported to Downloads."))},
		{Name: "retro_playlist_not_exported", MaxSteps: 50, TaskName: "RetroSavePlaylist", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The playlist is made right and its page opened; the agent stops without exporting it.", Evaluator: eval + " (0.5: no file in Download)",
			Steps: Then(build("Whispering Wind", "City of Stars", "Twilight Calling"), Claim(retroPlaylist(name, false, right...), "The playlist "+name+" has the three songs in order."))},
		{Name: "retro_playlist_order_swapped", MaxSteps: 50, TaskName: "RetroSavePlaylist", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "City of Stars is added first, then Whispering Wind, then Twilight Calling; the playlist, in that order, is exported to Downloads.", Evaluator: eval + " (0.5: the order is wrong)",
			Steps: Then(Then(build("City of Stars", "Whispering Wind", "Twilight Calling"), export(swapped)...), Claim(saved(swapped), "The playlist is created and saved to Downloads."))},
	}
}
