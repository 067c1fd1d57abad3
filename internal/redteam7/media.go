package redteam7

import (
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Contacts (com.google.android.contacts): the + button opens Create contact, a form of First
// name, Last name, Company and Phone fields, the phone's label a drop-down (Mobile by default;
// its description says "Mobile Phone"), with Save in the toolbar. Save stores the contact and
// shows its page.

var contacts = UIOf("com.google.android.contacts")

func contactForm(first, last, phone, label, focus string, labels bool) []El {
	lab := contacts.TapText(label, "spinner", Bx(720, 1160, 1017, 1310))
	lab.Desc = label + " Phone"
	app := Screen(Els(contacts.Icon("Cancel", "", Bx(0, 138, 147, 285)), contacts.Text("Create contact", "", Bx(189, 166, 700, 248)),
		contacts.Button("Save", "editor_menu_save_button", Bx(860, 160, 1040, 260))), Els(
		contacts.Text("Saving to", "", Bx(63, 300, 500, 360)), contacts.Text("Device", "", Bx(63, 360, 500, 420)),
		contacts.Edit(first, "First name", "", Bx(150, 560, 1017, 710)), contacts.Edit(last, "Last name", "", Bx(150, 760, 1017, 910)),
		contacts.Edit("", "Company", "", Bx(150, 960, 1017, 1110)), contacts.Edit(phone, "Phone", "", Bx(150, 1160, 700, 1310)), lab,
		contacts.Edit("", "Email", "", Bx(150, 1360, 1017, 1510))))
	if labels {
		app = append(app, Rows(contacts, "text1", 1200, "Mobile", "Work", "Home", "Main", "Work Fax", "Custom")...)
	}
	if focus != "" {
		for i := range app {
			if app[i].Hint == focus {
				app[i] = Focused(app[i])
			}
		}
		return WithKeyboard(app, "Next")
	}
	return app
}

func contactDraftCases() []Case {
	const goal = "Go to the new contact screen and enter the following details: First Name: Grace, Last Name: Wilson, Phone: 462-918-3057, Phone Label: Work. Do NOT hit save."
	const eval = "contacts.py ContactsNewContactDraft (_contact_info_is_entered): the screen at the end shows fields hinted First name 'Grace', Last name 'Wilson', Phone with the digits 4629183057, and a label reading Work (described 'Work Phone', or found beside the phone field)"
	list := Screen(Toolbar(contacts, "Open navigation drawer", "Contacts", "Search"), Rows(contacts, "cliv_name_textview", 400, "Adam Brown", "Hannah Lee", "Ivan Clark"),
		Els(FabIcon(contacts, "Create contact")))
	fill := []Step{FromHome("Contacts"),
		StepOn(On(list), "Open the new contact screen.", Tap("Create contact")),
		StepOn(On(contactForm("", "", "", "Mobile", "", false)), "First name.", TypeIn("First name", "Grace")),
		StepOn(On(contactForm("Grace", "", "", "Mobile", "First name", false)), "Last name.", TypeIn("Last name", "Wilson")),
		StepOn(On(contactForm("Grace", "Wilson", "", "Mobile", "Last name", false)), "Phone.", TypeIn("Phone", "462-918-3057")),
		StepOn(On(contactForm("Grace", "Wilson", "(462) 918-3057", "Mobile", "Phone", false)), "Change the label from Mobile.", Tap("Mobile Phone")),
		StepOn(On(contactForm("Grace", "Wilson", "(462) 918-3057", "Mobile", "", true)), "Work.", Tap("Work")),
	}
	done := contactForm("Grace", "Wilson", "(462) 918-3057", "Work", "", false)
	page := Screen(Els(contacts.Icon("Navigate up", "", Bx(0, 138, 147, 285)), contacts.MenuIcon("Edit contact", "menu_edit", Bx(828, 148, 954, 274)),
		contacts.MenuIcon("More options", "", Bx(954, 148, 1080, 274)), contacts.Text("Grace Wilson", "large_title", Bx(63, 700, 1017, 800)),
		contacts.Text("(462) 918-3057", "header", Bx(200, 1150, 900, 1220)), contacts.Text("Work", "sub_header", Bx(200, 1220, 900, 1270))))
	return []Case{
		{Name: "contact_draft_filled", TaskName: "ContactsNewContactDraft", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The form is filled, the label changed to Work, and the run stops on the unsaved form as asked.", Evaluator: eval,
			Steps: Then(fill, Claim(On(done), "The details are entered and not saved."))},
		{Name: "contact_draft_saved", TaskName: "ContactsNewContactDraft", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLost,
			Behaviour: "The agent fills the form right and then taps Save against the task's word; the contact's page replaces the form, so the screen at the end has no form.", Evaluator: eval + " (no First name field on the final screen)",
			Steps: Then(fill, StepOn(On(done), "Everything is entered. Save.", Tap("Save")), Claim(On(page), "The contact details are entered."))},
		{Name: "contact_draft_label_left_mobile", TaskName: "ContactsNewContactDraft", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "Names and number are typed and the run stops with the label still Mobile.", Evaluator: eval + " (no label reads Work)",
			Steps: Then(fill[:5], Claim(On(contactForm("Grace", "Wilson", "(462) 918-3057", "Mobile", "Phone", false)), "The new contact details are entered without saving."))},
	}
}

// Retro Music (code.name.monkey.retromusic) lists songs on its Songs tab, each with a menu
// (Play next, Add to playing queue, Add to playlist…, Go to album, Details…); a tap on a song
// plays the whole list from it, making the list the playing queue. The mini player opens Now
// playing, whose queue lists the songs in order.

var retro = UIOf("code.name.monkey.retromusic")

func retroSongs(menuAt int, mini string, songs ...string) []El {
	out := Screen(Toolbar(retro, "", "Songs", "Search", "More options"), Els(
		retro.Scroller("androidx.recyclerview.widget.RecyclerView", "recycler_view", Bx(0, 300, 1080, 2100))))
	out = append(out, Listed(len(songs), 320, 160, func(i, y int) []El {
		title, artist, _ := strings.Cut(songs[i], "|")
		return Els(retro.Row("", "", Bx(0, y, 1080, y+150)), retro.Text(title, "title", Bx(200, y+25, 900, y+85)), retro.Text(artist, "text", Bx(200, y+90, 900, y+135)),
			retro.Icon("More options", "menu", Bx(930, y+20, 1060, y+130)))
	})...)
	if mini != "" {
		out = append(out, retro.Frame("android.widget.FrameLayout", "miniPlayerFragment", Bx(0, 2000, 1080, 2150)), retro.TapText(mini, "miniPlayerTitle", Bx(200, 2030, 880, 2120)))
	}
	out = append(out, retro.TapText("Songs", "", Bx(0, 2180, 270, 2330)), retro.TapText("Albums", "", Bx(270, 2180, 540, 2330)),
		retro.TapText("Artists", "", Bx(540, 2180, 810, 2330)), retro.TapText("Playlists", "", Bx(810, 2180, 1080, 2330)))
	if menuAt >= 0 {
		out = append(out, Rows(retro, "title", 360+menuAt*160, "Play next", "Add to playing queue", "Add to playlist…", "Go to album", "Details…")...)
	}
	return out
}

func retroQueue(now string, queue ...string) []El {
	out := Els(retro.Icon("Close", "", Bx(0, 138, 147, 285)), retro.Text(now, "title", Bx(63, 1200, 1017, 1280)),
		retro.Icon("Pause", "playPauseButton", Bx(470, 1450, 610, 1590)), retro.Text("Up next", "", Bx(63, 1700, 600, 1760)))
	return append(out, Listed(len(queue), 1780, 120, func(i, y int) []El {
		return Els(retro.Text(queue[i], "title", Bx(200, y, 1017, y+100)))
	})...)
}

func retroQueueCases() []Case {
	const goal = "Add the following songs, in order, Night Drive, Whispering Wind, Serenity Now to my playing queue in Retro music."
	const eval = "retro_music.py RetroPlayingQueue.is_successful: the playing_queue table's titles are exactly [Night Drive, Whispering Wind, Serenity Now]; the queue starts empty"
	songs := []string{"Bright Lights|Sofia", "City of Stars|Omar", "Echoes of Silence|Lena", "Moments|Arjun", "Night Drive|Maya", "Rising Sun|Kenji", "Serenity Now|Ines", "Whispering Wind|Tariq"}
	row := func(title string) int {
		for i, s := range songs {
			if strings.HasPrefix(s, title+"|") {
				return i
			}
		}
		return -1
	}
	add := func(title, item, mini string) []Step {
		return []Step{StepOn(On(retroSongs(-1, mini, songs...)), "Open the menu of "+title+".", Tap(Itoa(row(title)+2)+":More options")),
			StepOn(On(retroSongs(row(title), mini, songs...)), item+".", Tap(item))}
	}
	order := Then(Then(add("Night Drive", "Add to playing queue", ""), add("Whispering Wind", "Add to playing queue", "Night Drive")...), add("Serenity Now", "Add to playing queue", "Night Drive")...)
	var all []string
	for _, s := range songs[5:] {
		t, _, _ := strings.Cut(s, "|")
		all = append(all, t)
	}
	return []Case{
		{Name: "retro_three_queued", TaskName: "RetroPlayingQueue", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Each song's menu adds it to the playing queue in the order given; Now playing's queue shows Night Drive, then Whispering Wind and Serenity Now.", Evaluator: eval,
			Steps: Then(Then([]Step{FromHome("Retro Music")}, order...), StepOn(On(retroSongs(-1, "Night Drive", songs...)), "Open the mini player to check the queue.", Tap("2:Night Drive")),
				Claim(On(retroQueue("Night Drive", "Whispering Wind", "Serenity Now")), "The three songs are queued in order."))},
		{Name: "retro_first_song_played", TaskName: "RetroPlayingQueue", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "The agent taps Night Drive, which plays the Songs list from it and makes the whole list the queue, then adds the other two after it; the queue shows the rest of the library before them.", Evaluator: eval + " (the queue holds every song)",
			Steps: Then(Then([]Step{FromHome("Retro Music"), StepOn(On(retroSongs(-1, "", songs...)), "Start with Night Drive.", Tap("Night Drive"))},
				Then(add("Whispering Wind", "Add to playing queue", "Night Drive"), add("Serenity Now", "Add to playing queue", "Night Drive")...)...),
				StepOn(On(retroSongs(-1, "Night Drive", songs...)), "Open the player.", Tap("2:Night Drive")),
				Claim(On(retroQueue("Night Drive", append(all, "Whispering Wind", "Serenity Now")...)), "The songs are in the playing queue."))},
		{Name: "retro_play_next_reversed", TaskName: "RetroPlayingQueue", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "Night Drive is added to the queue, then the other two with Play next, which puts each straight after the current song: the queue ends Night Drive, Serenity Now, Whispering Wind.", Evaluator: eval + " (the last two are swapped)",
			Steps: Then(Then(add("Night Drive", "Add to playing queue", ""), add("Whispering Wind", "Play next", "Night Drive")...),
				append(add("Serenity Now", "Play next", "Night Drive"), Claim(On(retroSongs(-1, "Night Drive", songs...)), "Added the three songs to the playing queue in order."))...)},
	}
}

// VLC's Video tab lists the videos of Internal Memory/VLCVideos; a long press selects one and
// taps select more, in order; the selection bar's Add to playlist opens a dialog with a new
// playlist's name field and Create, which adds the selection in the order picked. The
// Playlists tab lists playlists with their counts, and one opened lists its videos in order.

func vlcVideos(picked []string, names ...string) []El {
	out := Toolbar(vlc, "", "Video", "Search", "More options")
	if len(picked) > 0 {
		out = Els(vlc.Icon("Done", "", Bx(0, 138, 147, 285)), vlc.Text(Itoa(len(picked)), "", Bx(189, 166, 400, 248)),
			vlc.MenuIcon("Play", "action_video_play", Bx(702, 148, 828, 274)), vlc.MenuIcon("Add to playlist", "action_video_append", Bx(828, 148, 954, 274)),
			vlc.MenuIcon("More options", "", Bx(954, 148, 1080, 274)))
	}
	out = append(out, vlcRows(picked, names...)...)
	return append(out, vlc.TapText("Video", "", Bx(0, 2200, 270, 2330)), vlc.TapText("Audio", "", Bx(270, 2200, 540, 2330)),
		vlc.TapText("Browse", "", Bx(540, 2200, 810, 2330)), vlc.TapText("Playlists", "", Bx(810, 2200, 1080, 2330)))
}

func vlcRows(picked []string, names ...string) []El {
	return Listed(len(names), 320, 170, func(i, y int) []El {
		row := vlc.Row("", "video_item", Bx(0, y, 1080, y+160))
		for _, p := range picked {
			row.Selected = row.Selected || p == names[i]
		}
		return Els(row, vlc.Text(names[i], "ml_item_title", Bx(360, y+30, 1017, y+90)), vlc.Text("0:42", "ml_item_time", Bx(360, y+95, 1017, y+140)))
	})
}

func vlcNewPlaylist(under []El, name string) []El {
	return TypingIn(Screen(under, Els(vlc.Text("Add to playlist", "", Bx(116, 700, 964, 780)), vlc.Edit(name, "New playlist", "dialog_playlist_name", Bx(116, 820, 800, 950)),
		vlc.Button("Create", "dialog_playlist_save", Bx(820, 820, 964, 950)))), "dialog_playlist_name", "Done")
}

func vlcPlaylists(lists ...string) []El {
	out := Toolbar(vlc, "", "Playlists", "Search", "More options")
	out = append(out, Listed(len(lists), 320, 200, func(i, y int) []El {
		name, n, _ := strings.Cut(lists[i], "|")
		return Els(vlc.Row("", "playlist_item", Bx(0, y, 1080, y+190)), vlc.Text(name, "title", Bx(63, y+30, 1017, y+100)), vlc.Text(n, "subtitle", Bx(63, y+110, 1017, y+160)))
	})...)
	return append(out, vlc.TapText("Video", "", Bx(0, 2200, 270, 2330)), vlc.TapText("Audio", "", Bx(270, 2200, 540, 2330)),
		vlc.TapText("Browse", "", Bx(540, 2200, 810, 2330)), Selected(vlc.TapText("Playlists", "", Bx(810, 2200, 1080, 2330))))
}

func vlcPlaylistCases() []Case {
	one, two := "Road Trips Favorites", "Tech Reviews Marathon"
	f1 := []string{"clip_14_HD_final.mp4", "moment_3_export_Zt7q.mp4"}
	f2 := []string{"scene_71_4K_copy.mp4", "recording_26_raw_2023_05_09.mp4", "highlight_8__backup.mp4"}
	goal := "Create a playlist titled \"" + one + "\" with the following files in VLC (located in Internal Memory/VLCVideos), in order: " + strings.Join(f1, ", ") +
		". And then, create a playlist titled \"" + two + "\" with the following files in VLC, in order: " + strings.Join(f2, ", ") + "."
	const eval = "vlc.py VlcCreateTwoPlaylists.is_successful: the mean of two VlcCreatePlaylist checks (verify_playlist: the playlist exists with exactly its files in order); success needs both, one alone scores 0.5"
	vids := []string{"clip_14_HD_final.mp4", "episode_40_raw.mp4", "footage_9_export_2023_01_22.mp4", "highlight_8__backup.mp4", "moment_3_export_Zt7q.mp4",
		"recording_26_raw_2023_05_09.mp4", "scene_71_4K_copy.mp4", "scene_90_HD_edited.mp4"}
	mk := func(name string, files []string) []Step {
		var s []Step
		for i, f := range files {
			a := Tap(f)
			if i == 0 {
				a = LongPress(f)
			}
			s = append(s, StepOn(On(vlcVideos(files[:i], vids...)), "Pick "+f+".", a))
		}
		return append(s, StepOn(On(vlcVideos(files, vids...)), "Add them to a playlist.", Tap("Add to playlist")),
			StepOn(On(vlcNewPlaylist(vlcVideos(files, vids...), "")), "Name it.", TypeIn("New playlist", name)),
			StepOn(On(vlcNewPlaylist(vlcVideos(files, vids...), name)), "Create.", Tap("Create")))
	}
	first := Then([]Step{FromHome("VLC")}, mk(one, f1)...)
	swapped := []string{f2[1], f2[0], f2[2]}
	return []Case{
		{Name: "vlc_two_playlists_made", TaskName: "VlcCreateTwoPlaylists", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The first playlist's two videos are picked in order and saved under its name, then the second's three; the Playlists tab lists both with 2 and 3 videos.", Evaluator: eval,
			Steps: Then(Then(first, mk(two, f2)...), StepOn(On(vlcVideos(nil, vids...)), "Check the Playlists tab.", Tap("Playlists")),
				Claim(On(vlcPlaylists(one+"|2 videos", two+"|3 videos")), "Both playlists are created."))},
		{Name: "vlc_second_playlist_dialog_dismissed", TaskName: "VlcCreateTwoPlaylists", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailUnsaved,
			Behaviour: "The first playlist is made; for the second the three videos are picked and the name typed, then back dismisses the dialog before Create, and the Playlists tab lists only the first (reward 0.5).", Evaluator: eval + " (Tech Reviews Marathon missing: 0.5)",
			Steps: Then(Then(first, mk(two, f2)[:5]...), StepOn(On(vlcNewPlaylist(vlcVideos(f2, vids...), two)), "Named. Close the keyboard.", Back()),
				StepOn(On(vlcVideos(nil, vids...)), "Check the playlists.", Tap("Playlists")),
				Claim(On(vlcPlaylists(one+"|2 videos")), "Both playlists are created."))},
		{Name: "vlc_second_playlist_out_of_order", TaskName: "VlcCreateTwoPlaylists", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "For the second playlist the agent picks the videos as they appear in the list, recording_26 before scene_71; the playlist opened shows that order.", Evaluator: eval + " (the second playlist's order is wrong: 0.5)",
			Steps: Then(Then(first, mk(two, swapped)...), StepOn(On(vlcVideos(nil, vids...)), "Playlists.", Tap("Playlists")),
				StepOn(On(vlcPlaylists(one+"|2 videos", two+"|3 videos")), "Open the second one to check.", Tap(two)),
				Claim(On(Screen(Toolbar(vlc, "Navigate up", two, "Play all"), vlcRows(nil, swapped...))), "Both playlists exist with their videos."))},
	}
}
