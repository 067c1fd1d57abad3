package redteam6

import (
	"fmt"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Retro Music (code.name.monkey.retromusic) lists the songs A to Z on its Songs tab, each with
// its artist and a menu button. A long press starts a selection; taps add songs to it and the
// selection bar's "Add to playlist" opens a dialog whose first row makes a new playlist by name.
// The Playlists tab lists playlists with their song counts; a playlist's page shows under its
// name how many songs it holds and how long they last together.

var retro = UIOf("code.name.monkey.retromusic")

// retroSongs are the fifteen songs on the device: the task's ten (whose lengths add to 47:30)
// and five of its noise songs, A to Z, with their artists and lengths in seconds.
var retroSongs = []struct {
	title, artist string
	secs          int
}{
	{"Bright Lights", "Maria", 122}, {"Chasing Shadows", "Ahmed", 482}, {"City of Stars", "Olga", 725},
	{"Endless Summer", "Wei", 119}, {"Falling Feathers", "Kenji", 591}, {"Moments", "Fatima", 101},
	{"Moonlight Sonata", "Luis", 288}, {"Night Drive", "Emma", 202}, {"Orbiting Stars", "Ivan", 189},
	{"Rising Sun", "Sara", 237}, {"Serenity Now", "Noah", 175}, {"Silent Dreams", "Priya", 216},
	{"Under the Sky", "Hana", 90}, {"Voices in the Hall", "Omar", 267}, {"Whispering Wind", "Lena", 252},
}

// retroSongList is the Songs tab from the song at first, eleven rows a screen; selected counts
// the songs picked (the selection bar replaces the toolbar) and picked says which rows show as
// such.
func retroSongList(first, selected int, picked func(i int) bool) []El {
	var out []El
	if selected > 0 {
		out = Els(retro.Icon("Close", "", Bx(0, 138, 147, 285)), retro.Text(Itoa(selected)+" selected", "", Bx(189, 166, 600, 248)),
			retro.MenuIcon("Add to playlist", "action_add_to_playlist", Bx(702, 148, 828, 274)), retro.MenuIcon("More options", "", Bx(954, 148, 1080, 274)))
	} else {
		out = Toolbar(retro, "", "Retro Music", "More options", "Search")
	}
	out = append(out, retro.Scroller("androidx.recyclerview.widget.RecyclerView", "recyclerView", Bx(0, 300, 1080, 2100)))
	for i := first; i < len(retroSongs) && i < first+11; i++ {
		y := 320 + (i-first)*160
		row := retro.Row("", "", Bx(0, y, 1080, y+150))
		row.Selected = picked(i)
		s := retroSongs[i]
		out = append(out, row, retro.Image("", "image", Bx(40, y+20, 150, y+130)), retro.Text(s.title, "title", Bx(190, y+25, 880, y+80)),
			retro.Text(s.artist, "text", Bx(190, y+85, 880, y+130)), retro.Icon("More options", "menu", Bx(920, y+30, 1040, y+120)))
	}
	return append(out, retroTabs("Songs")...)
}

func retroTabs(current string) []El {
	var out []El
	for i, t := range []string{"Home", "Songs", "Albums", "Artists", "Playlists"} {
		e := retro.TapText(t, "", Bx(i*216, 2200, (i+1)*216, 2337))
		e.Selected = t == current
		out = append(out, e)
	}
	return out
}

func retroAddDialog(under []El, playlists ...string) []El {
	rows := Els(retro.Text("Add to playlist", "", Bx(116, 760, 964, 840)), retro.TapText("New playlist", "", Bx(116, 880, 964, 980)))
	for i, p := range playlists {
		rows = append(rows, retro.TapText(p, "", Bx(116, 1000+i*110, 964, 1090+i*110)))
	}
	return Screen(under, rows)
}

func retroNewDialog(under []El, name string, focused bool) []El {
	d := Screen(under, Els(retro.Text("New playlist", "", Bx(116, 760, 964, 840)),
		retro.Edit(name, "Playlist name", "actionNewPlaylist", Bx(116, 880, 964, 1010)),
		retro.Button("Create", "", Bx(700, 1060, 964, 1180)), retro.Button("Cancel", "", Bx(420, 1060, 680, 1180))))
	if focused {
		return TypingIn(d, "actionNewPlaylist", "Done")
	}
	return d
}

func retroPlaylists(rows ...string) []El {
	out := Screen(Toolbar(retro, "", "Retro Music", "More options", "Search"), Rows(retro, "title", 340, rows...))
	return append(out, retroTabs("Playlists")...)
}

func mmss(secs int) string { return fmt.Sprintf("%d:%02d", secs/60, secs%60) }

// retroPlaylist is a playlist's page holding the first n songs.
func retroPlaylist(name string, n int) []El {
	total := 0
	for _, s := range retroSongs[:n] {
		total += s.secs
	}
	out := Screen(Toolbar(retro, "Navigate up", "", "More options", "Search"), Els(
		retro.Text(name, "title", Bx(63, 620, 1017, 700)),
		retro.Text(fmt.Sprintf("%d songs • %s", n, mmss(total)), "text", Bx(63, 710, 1017, 770)),
		retro.Button("Play", "playButton", Bx(63, 800, 520, 920)), retro.Button("Shuffle", "shuffleButton", Bx(560, 800, 1017, 920))))
	for i, s := range retroSongs[:min(n, 7)] {
		y := 960 + i*160
		out = append(out, retro.Row("", "", Bx(0, y, 1080, y+150)), retro.Text(s.title, "title", Bx(190, y+25, 880, y+80)),
			retro.Text(s.artist, "text", Bx(190, y+85, 880, y+130)))
	}
	return out
}

// retroPick selects the first n songs from the Songs tab and adds them to a new playlist, ending
// on the playlist's page.
func retroPick(name string, n int) []Step {
	upTo := func(k int) func(int) bool { return func(i int) bool { return i < k } }
	none := func(int) bool { return false }
	steps := []Step{FromHome("Retro Music"),
		StepOn(On(retroSongList(0, 0, none)), "A long press on the first song starts a selection.", LongPress(retroSongs[0].title))}
	for k := 1; k < n; k++ {
		steps = append(steps, StepOn(On(retroSongList(0, k, upTo(k))), "Add "+retroSongs[k].title+" to the selection.", Tap(retroSongs[k].title)))
	}
	sel := retroSongList(0, n, upTo(n))
	return append(steps,
		StepOn(On(sel), "Add the selected songs to a playlist.", Tap("Add to playlist")),
		StepOn(On(retroAddDialog(sel)), "A new playlist.", Tap("New playlist")),
		StepOn(On(retroNewDialog(sel, "", false)), "Name it.", TypeIn("Playlist name", name)),
		StepOn(On(retroNewDialog(sel, name, true)), "Create it.", Tap("Create")),
		StepOn(On(retroSongList(0, 0, none)), "Check the playlist's length on the Playlists tab.", Tap("Playlists")),
		StepOn(On(retroPlaylists(name+"|"+Itoa(n)+" songs")), "Open it.", Tap(name)))
}

func retroCases() []Case {
	const name = "Jazz Lounge 417"
	const goal = `Create a playlist in Retro Music titled "` + name + `" with a duration between 45 and 50 minutes using the provided songs.`
	const eval = "retro_music.py RetroPlaylistDuration.is_successful: every playlist song belongs to the playlist named Jazz Lounge 417 and their lengths add to between 45 and 50 minutes (45*60*1000 <= total_ms <= 50*60*1000)"
	return []Case{
		{Name: "retro_nine_songs_47_minutes", TaskName: "RetroPlaylistDuration", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Nine songs are selected and added to a new playlist; its page shows 9 songs lasting 46:59, inside the range.", Evaluator: eval,
			Steps: Then(retroPick(name, 9), Claim(On(retroPlaylist(name, 9)), "The playlist lasts 46:59, between 45 and 50 minutes."))},
		{Name: "retro_five_songs_claimed", TaskName: "RetroPlaylistDuration", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The playlist is made with five songs and the run stops there: its page shows 33:59, short of 45 minutes.", Evaluator: eval + " (33:59 in total)",
			Steps: Then(retroPick(name, 5), Claim(On(retroPlaylist(name, 5)), "The playlist has been created with the songs."))},
		{Name: "retro_ten_songs_over_fifty", TaskName: "RetroPlaylistDuration", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "Ten songs make 50:56: the page shows the length just over the 50 minutes the task allows.", Evaluator: eval + " (50:56 in total)",
			Steps: Then(retroPick(name, 10), Claim(On(retroPlaylist(name, 10)), "About 50 minutes of music, as asked."))},
	}
}
