package groundtruth

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/adbd"
	"github.com/autoeval/autoeval/internal/adbtest"
)

const smsActivity = SMSPackage + "/.activities.ThreadActivity"

const deskClock = "com.google.android.deskclock/com.android.deskclock.DeskClock"

func clockUI(nodes string) string {
	return `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="" class="android.widget.FrameLayout" package="com.google.android.deskclock" content-desc="">` +
		nodes + `</node></hierarchy>`
}

// scenario is one task instance played through the fake adb server: device state
// before (snapshotted when given), state after, shell answers, expected reward.
type scenario struct {
	name   string
	task   string
	params Params
	before map[string][]byte
	after  map[string][]byte
	shell  map[string]string
	// shellBefore answers shell commands while the snapshot is taken (default: shell).
	shellBefore map[string]string
	act         string // foreground activity ("" = the launcher)
	ui          string // uiautomator dump of the screen ("" = adbtest's minimal one)
	// setup shapes the device before the snapshot (and asks for one); change shapes it
	// after, before the after files land: folders, deletions, file times.
	setup, change func(d *adbd.Device)
	reward        float64
	detail        string // a substring the explanation must contain
	wantErr       string // a substring of the expected error; "" = a reward
}

func (sc scenario) run(t *testing.T) {
	t.Helper()
	s, dev := fakeDevice(t)
	if sc.shellBefore != nil {
		s.HandleShell(serial, shellMap(sc.shellBefore))
	} else if sc.shell != nil {
		s.HandleShell(serial, shellMap(sc.shell))
	}
	if sc.act != "" || sc.ui != "" {
		s.SetScreens(serial, []adbtest.Screen{{Activity: sc.act, XML: sc.ui}}, 1)
	}
	var snap *Snapshot
	if sc.before != nil || sc.shellBefore != nil || sc.setup != nil {
		for p, data := range sc.before {
			s.PutFile(serial, p, data)
		}
		if sc.setup != nil {
			sc.setup(s.Device)
		}
		var err error
		snap, err = TakeSnapshot(ctxT(t), dev, sc.task, sc.params)
		if err != nil {
			t.Fatalf("snapshot: %v", err)
		}
		// Round-trip through disk, as `--before DIR` does.
		dir := t.TempDir()
		if err := snap.Save(dir); err != nil {
			t.Fatal(err)
		}
		if snap, err = LoadSnapshot(dir); err != nil {
			t.Fatal(err)
		}
	}
	if sc.change != nil {
		sc.change(s.Device)
	}
	for p, data := range sc.after {
		s.PutFile(serial, p, data)
	}
	if sc.shellBefore != nil {
		s.HandleShell(serial, shellMap(sc.shell))
	}
	if sc.wantErr != "" {
		r, err := Check(ctxT(t), dev, sc.task, sc.params, snap)
		if err == nil || !strings.Contains(err.Error(), sc.wantErr) {
			t.Fatalf("want an error containing %q, got %v %v", sc.wantErr, err, r)
		}
		return
	}
	r := mustCheck(t, dev, sc.task, sc.params, snap)
	wantReward(t, r, sc.reward)
	if sc.detail != "" && !strings.Contains(r.Explanation, sc.detail) {
		t.Fatalf("explanation lacks %q:\n%s", sc.detail, r.Explanation)
	}
	if s.CallCount(serial, "sync:") == 0 && s.CallCount(serial, "shell:") == 0 {
		t.Fatalf("no adb traffic: the check did not go through the device")
	}
}

func calendarScenarios(t *testing.T) []scenario {
	base := []string{ev(1, oct(3, 9), 30, "Team lunch", "noise"), ev(2, oct(20, 14), 60, "Board meeting", "noise")}
	withNew := append(append([]string{}, base...), ev(3, oct(18, 10), 45, "Dentist visit", "Bring the insurance card"))
	wrongHour := append(append([]string{}, base...), ev(3, oct(18, 11), 45, "Dentist visit", "Bring the insurance card"))
	before := makeDB(t, schemaEvents, base...)
	addP := Params{"year": 2023.0, "month": 10.0, "day": 18.0, "hour": 10.0, "duration_mins": 45.0,
		"event_title": "Dentist Visit", "event_description": "Bring the insurance card."}
	delBase := append(append([]string{}, base...), ev(3, oct(22, 9), 30, "Trivia Night", ""), ev(4, oct(22, 17), 60, "Movie night", ""))
	delP := Params{"year": 2023, "month": 10, "day": 22}
	return []scenario{
		{name: "add ok", task: "SimpleCalendarAddOneEvent", params: addP,
			before: map[string][]byte{CalendarDB: before}, after: map[string][]byte{CalendarDB: makeDB(t, schemaEvents, withNew...)}, reward: 1},
		{name: "add wrong hour", task: "SimpleCalendarAddOneEvent", params: addP,
			before: map[string][]byte{CalendarDB: before}, after: map[string][]byte{CalendarDB: makeDB(t, schemaEvents, wrongHour...)}, reward: 0,
			detail: "start_ts is"},
		{name: "add side effect", task: "SimpleCalendarAddOneEvent", params: addP,
			before: map[string][]byte{CalendarDB: before}, after: map[string][]byte{CalendarDB: makeDB(t, schemaEvents, withNew[1:]...)}, reward: 0,
			detail: "1 removed"},
		{name: "tomorrow without snapshot", task: "SimpleCalendarAddOneEventTomorrow",
			params: Params{"hour": 9, "duration_mins": 30, "event_title": "Standup", "event_description": "daily sync"},
			after:  map[string][]byte{CalendarDB: makeDB(t, schemaEvents, ev(1, oct(16, 9), 30, "Standup", "daily sync"))}, reward: 1,
			detail: "no before snapshot"},
		{name: "tomorrow wrong day", task: "SimpleCalendarAddOneEventTomorrow",
			params: Params{"hour": 9, "duration_mins": 30, "event_title": "Standup", "event_description": "daily sync"},
			after:  map[string][]byte{CalendarDB: makeDB(t, schemaEvents, ev(1, oct(17, 9), 30, "Standup", "daily sync"))}, reward: 0},
		{name: "delete one ok", task: "SimpleCalendarDeleteOneEvent",
			params: Params{"year": 2023, "month": 10, "day": 22, "hour": 9, "event_title": "Trivia Night"},
			before: map[string][]byte{CalendarDB: makeDB(t, schemaEvents, delBase...)},
			after:  map[string][]byte{CalendarDB: makeDB(t, schemaEvents, delBase[0], delBase[1], delBase[3])}, reward: 1},
		{name: "delete day ok", task: "SimpleCalendarDeleteEvents", params: delP,
			before: map[string][]byte{CalendarDB: makeDB(t, schemaEvents, delBase...)}, after: map[string][]byte{CalendarDB: before}, reward: 1},
		{name: "delete day one left", task: "SimpleCalendarDeleteEvents", params: delP,
			before: map[string][]byte{CalendarDB: makeDB(t, schemaEvents, delBase...)},
			after:  map[string][]byte{CalendarDB: makeDB(t, schemaEvents, delBase[:3]...)}, reward: 0, detail: "1 of 2 still present"},
		{name: "delete one, others gone too", task: "SimpleCalendarDeleteOneEvent",
			params: Params{"year": 2023, "month": 10, "day": 22, "hour": 9, "event_title": "Trivia Night"},
			before: map[string][]byte{CalendarDB: makeDB(t, schemaEvents, delBase...)}, after: map[string][]byte{CalendarDB: before}, reward: 0,
			detail: "1 deleted that were not targets"},
	}
}

func expense(id int, name string, cents, cat int, note string) string {
	return fmt.Sprintf("INSERT INTO expense (expense_id, name, amount, category, note, created_date, modified_date) VALUES (%d, '%s', %d, %d, '%s', 1697000000000, 1697000000000)",
		id, name, cents, cat, note)
}

func recipe(id int, title, prep, directions string) string {
	return fmt.Sprintf("INSERT INTO recipes (recipeId, title, description, servings, preparationTime, ingredients, directions) VALUES (%d, '%s', 'A quick dish', '2 servings', '%s', 'eggs, salt', '%s')",
		id, title, prep, directions)
}

func appScenarios(t *testing.T) []scenario {
	e0 := []string{expense(1, "Groceries", 4250, 3, "weekly shop"), expense(2, "Taxi Fare", 1800, 7, "airport")}
	e1 := append(append([]string{}, e0...), expense(3, "Concert Tickets", 12000, 6, "front row seats"))
	addP := Params{"expenses": []any{map[string]any{"name": "Concert Tickets", "amount": 12000.0, "category": "Entertainment", "note": "Front row seats"}}}
	dups := append(append([]string{}, e0...), expense(3, "Groceries", 4250, 3, "weekly shop"))
	r0 := []string{recipe(1, "Avocado Toast with Egg", "10 mins", "Toast the bread, add avocado."), recipe(2, "Pasta Carbonara", "25 mins", "Boil pasta, mix eggs and bacon.")}
	r1 := append(append([]string{}, r0...), recipe(3, "Greek Salad", "15 mins", "Chop vegetables, add feta."))
	rdups := append(append([]string{}, r0...), recipe(3, "Pasta Carbonara", "25 mins", "Boil pasta, mix eggs and bacon."))
	recP := Params{"recipes": []any{map[string]any{"title": "Greek Salad", "description": "A quick dish", "servings": "2 servings",
		"preparationTime": "15 mins", "ingredients": "eggs, salt", "directions": "Chop vegetables, add feta."}}}
	return []scenario{
		{name: "expense add ok", task: "ExpenseAddSingle", params: addP,
			before: map[string][]byte{ExpenseDB: makeDB(t, schemaExpense, e0...)}, after: map[string][]byte{ExpenseDB: makeDB(t, schemaExpense, e1...)}, reward: 1},
		{name: "expense add wrong amount", task: "ExpenseAddSingle",
			params: Params{"expenses": []any{map[string]any{"name": "Concert Tickets", "amount_dollars": "$120.50", "category": 6.0, "note": "front row seats"}}},
			before: map[string][]byte{ExpenseDB: makeDB(t, schemaExpense, e0...)}, after: map[string][]byte{ExpenseDB: makeDB(t, schemaExpense, e1...)}, reward: 0,
			detail: `amount is "12000"`},
		{name: "expense delete ok", task: "ExpenseDeleteSingle", params: Params{"expenses": "Taxi Fare"},
			before: map[string][]byte{ExpenseDB: makeDB(t, schemaExpense, e0...)}, after: map[string][]byte{ExpenseDB: makeDB(t, schemaExpense, e0[0])}, reward: 1},
		{name: "expense delete not done", task: "ExpenseDeleteMultiple", params: Params{"expenses": []any{"Taxi Fare", "Groceries"}},
			before: map[string][]byte{ExpenseDB: makeDB(t, schemaExpense, e0...)}, after: map[string][]byte{ExpenseDB: makeDB(t, schemaExpense, e0[0])}, reward: 0},
		{name: "expense dedup ok", task: "ExpenseDeleteDuplicates",
			before: map[string][]byte{ExpenseDB: makeDB(t, schemaExpense, dups...)}, after: map[string][]byte{ExpenseDB: makeDB(t, schemaExpense, e0...)}, reward: 1},
		{name: "expense dedup both deleted", task: "ExpenseDeleteDuplicates",
			before: map[string][]byte{ExpenseDB: makeDB(t, schemaExpense, dups...)}, after: map[string][]byte{ExpenseDB: makeDB(t, schemaExpense, e0[1])}, reward: 0},
		{name: "recipe add ok", task: "RecipeAddSingleRecipe", params: recP,
			before: map[string][]byte{RecipeDB: makeDB(t, schemaRecipes, r0...)}, after: map[string][]byte{RecipeDB: makeDB(t, schemaRecipes, r1...)}, reward: 1},
		{name: "recipe add missing", task: "RecipeAddSingleRecipe", params: recP,
			before: map[string][]byte{RecipeDB: makeDB(t, schemaRecipes, r0...)}, after: map[string][]byte{RecipeDB: makeDB(t, schemaRecipes, r0...)}, reward: 0},
		{name: "recipe delete ok", task: "RecipeDeleteSingleRecipe", params: Params{"titles": "Pasta Carbonara"},
			before: map[string][]byte{RecipeDB: makeDB(t, schemaRecipes, r0...)}, after: map[string][]byte{RecipeDB: makeDB(t, schemaRecipes, r0[0])}, reward: 1},
		{name: "recipe delete wrong one", task: "RecipeDeleteSingleRecipe", params: Params{"titles": "Pasta Carbonara"},
			before: map[string][]byte{RecipeDB: makeDB(t, schemaRecipes, r0...)}, after: map[string][]byte{RecipeDB: makeDB(t, schemaRecipes, r0[1])}, reward: 0},
		{name: "recipe constraint ok", task: "RecipeDeleteMultipleRecipesWithConstraint", params: Params{"ingredient": "eggs"},
			before: map[string][]byte{RecipeDB: makeDB(t, schemaRecipes, r0...)}, after: map[string][]byte{RecipeDB: makeDB(t, schemaRecipes, r0[0])}, reward: 1},
		{name: "recipe constraint kept one", task: "RecipeDeleteMultipleRecipesWithConstraint", params: Params{"ingredient": "eggs"},
			before: map[string][]byte{RecipeDB: makeDB(t, schemaRecipes, r0...)}, after: map[string][]byte{RecipeDB: makeDB(t, schemaRecipes, r0...)}, reward: 0},
		{name: "recipe dedup ok", task: "RecipeDeleteDuplicateRecipes",
			before: map[string][]byte{RecipeDB: makeDB(t, schemaRecipes, rdups...)}, after: map[string][]byte{RecipeDB: makeDB(t, schemaRecipes, r0...)}, reward: 1},
		{name: "recipe dedup both deleted", task: "RecipeDeleteDuplicateRecipes",
			before: map[string][]byte{RecipeDB: makeDB(t, schemaRecipes, rdups...)}, after: map[string][]byte{RecipeDB: makeDB(t, schemaRecipes, r0[0])}, reward: 0},
		{name: "retro ok", task: "RetroCreatePlaylist", params: Params{"playlist_name": "Jazz Lounge 12", "files": []any{"Night Drive.mp3", "Moments.mp3"}},
			after: map[string][]byte{RetroPlaylistDB: retroDB(t, "Jazz Lounge 12", []string{"Night Drive", "Moments"}, 4)}, reward: 1},
		{name: "retro missing song", task: "RetroCreatePlaylist", params: Params{"playlist_name": "Jazz Lounge 12", "files": []any{"Night Drive.mp3", "Moments.mp3"}},
			after: map[string][]byte{RetroPlaylistDB: retroDB(t, "Jazz Lounge 12", []string{"Night Drive"}, 4)}, reward: 0},
		{name: "retro save ok", task: "RetroSavePlaylist", params: Params{"playlist_name": "Jazz Lounge 12", "files": []any{"Night Drive.mp3"}},
			after: map[string][]byte{RetroPlaylistDB: retroDB(t, "Jazz Lounge 12", []string{"Night Drive"}, 4),
				EmulatorData + "/Download/Jazz Lounge 12.m3u": []byte("#EXTM3U\n")}, reward: 1},
		{name: "retro save half", task: "RetroSavePlaylist", params: Params{"playlist_name": "Jazz Lounge 12", "files": []any{"Night Drive.mp3"}},
			after: map[string][]byte{RetroPlaylistDB: retroDB(t, "Jazz Lounge 12", []string{"Night Drive"}, 4)}, reward: 0.5},
		{name: "retro duration ok", task: "RetroPlaylistDuration", params: Params{"playlist_name": "Party Mix 3"},
			after: map[string][]byte{RetroPlaylistDB: retroDB(t, "Party Mix 3", []string{"A", "B", "C", "D", "E", "F", "G", "H", "I", "J", "K", "L"}, 4)}, reward: 1},
		{name: "retro duration short", task: "RetroPlaylistDuration", params: Params{"playlist_name": "Party Mix 3"},
			after: map[string][]byte{RetroPlaylistDB: retroDB(t, "Party Mix 3", []string{"A", "B"}, 4)}, reward: 0, detail: "8.0 minutes"},
		{name: "retro queue ok", task: "RetroPlayingQueue", params: Params{"files": []any{"Night Drive.mp3", "Moments.mp3"}},
			after: map[string][]byte{RetroPlaybackDB: makeDB(t, "CREATE TABLE playing_queue (_id INTEGER, title TEXT, duration INTEGER)",
				"INSERT INTO playing_queue VALUES (1, 'Night Drive', 1), (2, 'Moments', 1)")}, reward: 1},
		{name: "retro queue order", task: "RetroPlayingQueue", params: Params{"files": []any{"Night Drive.mp3", "Moments.mp3"}},
			after: map[string][]byte{RetroPlaybackDB: makeDB(t, "CREATE TABLE playing_queue (_id INTEGER, title TEXT, duration INTEGER)",
				"INSERT INTO playing_queue VALUES (1, 'Moments', 1), (2, 'Night Drive', 1)")}, reward: 0},
		{name: "osm favorite by coords", task: "OsmAndFavorite", params: Params{"location": "47.2122151, 9.5062101"},
			after: map[string][]byte{OsmAndFavorites: []byte(favoritesGPX)}, reward: 1},
		{name: "osm favorite by name", task: "OsmAndFavorite", params: Params{"location": "Schaan, Liechtenstein"},
			after: map[string][]byte{OsmAndFavorites: []byte(favoritesGPX)}, reward: 1},
		{name: "osm favorite absent", task: "OsmAndFavorite", params: Params{"location": "Malbun, Liechtenstein"},
			after: map[string][]byte{OsmAndFavorites: []byte(favoritesGPX)}, reward: 0, detail: "none of 2"},
		{name: "osm marker ok", task: "OsmAndMarker", params: Params{"location": "Triesen, Liechtenstein"},
			after: map[string][]byte{OsmAndMarkersDB: osmMarkers(t, 47.1072, 9.5276)}, reward: 1},
		{name: "osm marker far", task: "OsmAndMarker", params: Params{"location": "Triesen, Liechtenstein"},
			after: map[string][]byte{OsmAndMarkersDB: osmMarkers(t, 47.2, 9.5)}, reward: 0},
		{name: "osm track ok", task: "OsmAndTrack", params: Params{"waypoints": []any{"Ruggell, Liechtenstein", "Bendern, Liechtenstein"}},
			after: map[string][]byte{OsmAndFiles + "/tracks/t1.gpx": []byte(trackGPX)}, reward: 1},
		{name: "osm track wrong order", task: "OsmAndTrack", params: Params{"waypoints": []any{"Bendern, Liechtenstein", "Ruggell, Liechtenstein"}},
			after: map[string][]byte{OsmAndFiles + "/tracks/t1.gpx": []byte(trackGPX)}, reward: 0},
		{name: "vlc ok", task: "VlcCreatePlaylist", params: Params{"playlist_name": "Road Trips Favorites", "files": []any{"clip_3_HD.mp4", "scene_7_.mp4"}},
			after: map[string][]byte{VLCDB: vlcDB(t, "Road Trips Favorites", "clip_3_HD.mp4", "scene_7_.mp4")}, reward: 1},
		{name: "vlc wrong order", task: "VlcCreatePlaylist", params: Params{"playlist_name": "Road Trips Favorites", "files": []any{"clip_3_HD.mp4", "scene_7_.mp4"}},
			after: map[string][]byte{VLCDB: vlcDB(t, "Road Trips Favorites", "scene_7_.mp4", "clip_3_HD.mp4")}, reward: 0, detail: "playlist has"},
		{name: "vlc two playlists half", task: "VlcCreateTwoPlaylists",
			params: Params{"playlist_name1": "Road Trips Favorites", "files1": []any{"clip_3_HD.mp4", "scene_7_.mp4"},
				"playlist_name2": "Comedy Marathon", "files2": []any{"moment_9_raw.mp4"}},
			after: map[string][]byte{VLCDB: vlcDB(t, "Road Trips Favorites", "clip_3_HD.mp4", "scene_7_.mp4")}, reward: 0.5},
		{name: "vlc two playlists ok", task: "VlcCreateTwoPlaylists",
			params: Params{"playlist_name1": "Road Trips Favorites", "files1": []any{"clip_3_HD.mp4", "scene_7_.mp4"},
				"playlist_name2": "Comedy Marathon", "files2": []any{"moment_9_raw.mp4"}},
			after: map[string][]byte{VLCDB: makeDB(t, schemaVLC,
				"INSERT INTO Playlist (id_playlist, name) VALUES (1, 'Road Trips Favorites'), (2, 'Comedy Marathon')",
				"INSERT INTO Media (id_media, type, filename) VALUES (1, 1, 'clip_3_HD.mp4'), (2, 1, 'scene_7_.mp4'), (3, 1, 'moment_9_raw.mp4')",
				"INSERT INTO PlaylistMediaRelation (media_id, playlist_id, position) VALUES (1, 1, 0), (2, 1, 1), (3, 2, 0)")}, reward: 1},
	}
}

const schemaRetro = `CREATE TABLE PlaylistEntity (playlist_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, playlist_name TEXT NOT NULL);
	CREATE TABLE SongEntity (song_key INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, playlist_creator_id INTEGER NOT NULL, id INTEGER NOT NULL,
		title TEXT NOT NULL, track_number INTEGER NOT NULL DEFAULT 0, year INTEGER NOT NULL DEFAULT 0, duration INTEGER NOT NULL,
		data TEXT NOT NULL DEFAULT '', date_modified INTEGER NOT NULL DEFAULT 0, album_id INTEGER NOT NULL DEFAULT 0, album_name TEXT NOT NULL DEFAULT '',
		artist_id INTEGER NOT NULL DEFAULT 0, artist_name TEXT NOT NULL DEFAULT '', composer TEXT, album_artist TEXT)`

// retroDB holds one playlist with songs of the given minutes each, inserted in order.
func retroDB(t *testing.T, playlist string, songs []string, mins int) []byte {
	stmts := []string{fmt.Sprintf("INSERT INTO PlaylistEntity (playlist_id, playlist_name) VALUES (7, '%s')", playlist)}
	for i, s := range songs {
		stmts = append(stmts, fmt.Sprintf("INSERT INTO SongEntity (playlist_creator_id, id, title, duration) VALUES (7, %d, '%s', %d)", 100+i, s, mins*60000))
	}
	return makeDB(t, schemaRetro, stmts...)
}

const favoritesGPX = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="OsmAnd" xmlns="http://www.topografix.com/GPX/1/1">
  <wpt lat="47.2122100" lon="9.5062000"><name>Home</name></wpt>
  <wpt lat="46.0" lon="9.0"><name>Schaan, Liechtenstein</name></wpt>
</gpx>`

const trackGPX = `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
  <trkpt lat="47.23976" lon="9.5262837"/><trkpt lat="47.22" lon="9.52"/><trkpt lat="47.2122151" lon="9.5062101"/>
</trkseg></trk></gpx>`

func osmMarkers(t *testing.T, lat, lon float64) []byte {
	return makeDB(t, "CREATE TABLE map_markers (marker_id TEXT PRIMARY KEY, marker_lat DOUBLE, marker_lon DOUBLE, marker_description TEXT, marker_active INTEGER, marker_added LONG, marker_visited LONG, group_name TEXT, group_key TEXT, marker_color INTEGER, marker_next_key TEXT, marker_disabled INTEGER, marker_selected INTEGER, marker_map_object_name TEXT, title TEXT)",
		fmt.Sprintf("INSERT INTO map_markers (marker_id, marker_lat, marker_lon) VALUES ('m1', %v, %v)", lat, lon))
}

func vlcDB(t *testing.T, playlist string, files ...string) []byte {
	stmts := []string{fmt.Sprintf("INSERT INTO Playlist (id_playlist, name) VALUES (1, '%s')", playlist),
		"INSERT INTO Media (id_media, type, filename) VALUES (99, 1, 'noise_1.mp4')"}
	for i, f := range files {
		stmts = append(stmts, fmt.Sprintf("INSERT INTO Media (id_media, type, filename) VALUES (%d, 1, '%s')", i+1, f),
			fmt.Sprintf("INSERT INTO PlaylistMediaRelation (media_id, playlist_id, position) VALUES (%d, 1, %d)", i+1, i))
	}
	return makeDB(t, schemaVLC, stmts...)
}

// Real `content query` shapes: NULLs, commas inside bodies, multi-line bodies.
const smsSent = `Row: 0 _id=7, thread_id=3, address=+1 (555) 010-4477, person=NULL, date=1697383900000, date_sent=0, protocol=NULL, read=1, status=-1, type=2, reply_path_present=NULL, subject=NULL, body=Running late, see you at 5, ok?, service_center=NULL, locked=0, sub_id=1, error_code=0, creator=com.simplemobiletools.smsmessenger, seen=1
Row: 1 _id=6, thread_id=2, address=+15550109999, person=NULL, date=1697300000000, date_sent=0, protocol=NULL, read=1, status=-1, type=2, reply_path_present=NULL, subject=NULL, body=Old message
with two lines, service_center=NULL, locked=0, sub_id=1, error_code=0, creator=com.simplemobiletools.smsmessenger, seen=1
`

// resend answers content://sms/sent with n messages to one number, the newest (first)
// with the body newest and the others "See you at noon".
func resend(n int, newest string) map[string]string {
	var b strings.Builder
	for i := 0; i < n; i++ {
		body := "See you at noon"
		if i == 0 && newest != "" {
			body = newest
		}
		fmt.Fprintf(&b, "Row: %d _id=%d, thread_id=1, address=+15550104477, date=%d, body=%s, service_center=NULL, locked=0\n", i, n-i, 1697384000000-int64(i)*60000, body)
	}
	return map[string]string{"content query --uri content://sms/sent": b.String()}
}

const contactsEditor = "com.google.android.contacts/com.google.android.apps.contacts.editor.ContactEditorActivity"

var draftP = Params{"first": "Alice", "last": "Johnson", "phone": "555-123-4567", "phone_label": "Work"}

// contactsUI is the new-contact form as a uiautomator dump that writes hint text.
func contactsUI(withLast bool) string {
	last := ""
	if withLast {
		last = "Johnson"
	}
	return `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="" class="android.widget.FrameLayout" package="com.google.android.contacts" content-desc="" hint="" bounds="[0,0][1080,2400]">` +
		`<node text="Alice" class="android.widget.EditText" content-desc="" hint="First name" bounds="[40,300][1040,400]" />` +
		`<node text="` + last + `" class="android.widget.EditText" content-desc="" hint="Last name" bounds="[40,420][1040,520]" />` +
		`<node text="(555) 123-4567" class="android.widget.EditText" content-desc="" hint="Phone" bounds="[40,600][1040,700]" />` +
		`<node text="Work" class="android.widget.Spinner" content-desc="Work Phone" hint="" bounds="[40,710][400,780]" />` +
		`</node></hierarchy>`
}

// listingScenarios are the tasks AndroidWorld scores from `ls DIR -ll -au`
// (file_utils.get_file_list_with_metadata), answered by the stand-in's toybox ls.
func listingScenarios() []scenario {
	at := func(hour int) time.Time { return time.Date(2023, 10, 15, hour, 0, 0, 123456789, time.UTC) }
	put := func(d *adbd.Device, p string, data string, t time.Time) {
		d.PutFile(p, []byte(data))
		d.Touch(p, t, t)
	}
	// Three notes, c.md the newest.
	notes := func(d *adbd.Device) {
		put(d, MarkorData+"/a.md", "a", at(10))
		put(d, MarkorData+"/b.md", "b", at(11))
		put(d, MarkorData+"/c.md", "c", at(12))
	}
	rm := func(names ...string) func(d *adbd.Device) {
		return func(d *adbd.Device) {
			for _, n := range names {
				d.RemoveFile(MarkorData + "/" + n)
			}
		}
	}
	recordings := func(d *adbd.Device) { put(d, AudioRecorderData+"/Record-1.m4a", "old", at(9)) }
	return []scenario{
		{name: "newest deleted", task: "MarkorDeleteNewestNote", setup: notes, change: rm("c.md"), reward: 1},
		{name: "oldest deleted", task: "MarkorDeleteNewestNote", setup: notes, change: rm("a.md"), reward: 0, detail: "file 1 by time is b.md"},
		// Opening a note moves its access time, which `ls -u` shows: AndroidWorld fails it.
		{name: "newest deleted, another read", task: "MarkorDeleteNewestNote", setup: notes,
			change: func(d *adbd.Device) { rm("c.md")(d); d.Touch(MarkorData+"/a.md", at(10), at(15)) }, reward: 0},
		{name: "one new recording", task: "AudioRecorderRecordAudio", setup: recordings,
			after: map[string][]byte{AudioRecorderData + "/Record-2.m4a": make([]byte, 3000)}, reward: 1},
		{name: "new recording empty", task: "AudioRecorderRecordAudio", setup: recordings,
			after: map[string][]byte{AudioRecorderData + "/Record-2.m4a": nil}, reward: 0, detail: "0 new or changed"},
	}
}

func deviceScenarios() []scenario {
	sms := func(now string) map[string]string {
		return map[string]string{"content query --uri content://sms/sent": smsSent, "date +%s": now + "\n"}
	}
	contacts := map[string]string{"content query --uri content://contacts/phones/ --projection display_name:number": "Row: 0 display_name=Jane Doe, number=(555) 123-4567\nRow: 1 display_name=Li, Wei, number=+86 10 1234 5678\n"}
	settings := func(wifi, bt, br string) map[string]string {
		return map[string]string{"settings get global wifi_on": wifi + "\n", "settings get global bluetooth_on": bt + "\n", "settings get system screen_brightness": br + "\n"}
	}
	note := MarkorData + "/groceries.md"
	return []scenario{
		// sms_validators.was_sent removes only "-" and " " from the stored address
		// "+1 (555) 010-4477": the number compared is "+1(555)0104477".
		{name: "sms ok", task: "SimpleSmsSend", params: Params{"number": "+1(555)0104477", "message": "Running late, see you at 5, ok?"}, shell: sms("1697384040"), act: smsActivity, reward: 1},
		{name: "sms digits only do not match", task: "SimpleSmsSend", params: Params{"number": "+15550104477", "message": "Running late, see you at 5, ok?"}, shell: sms("1697384040"), act: smsActivity, reward: 0},
		{name: "sms sent, app left", task: "SimpleSmsSend", params: Params{"number": "+1(555)0104477", "message": "Running late, see you at 5, ok?"}, shell: sms("1697384040"),
			reward: 0, detail: "nexuslauncher"},
		{name: "sms too old", task: "SimpleSmsSend", params: Params{"number": "+1(555)0104477", "message": "Running late, see you at 5, ok?"}, shell: sms("1697394040"), reward: 0, detail: "sent 10140s"},
		{name: "sms wrong body", task: "SimpleSmsReply", params: Params{"number": "+1(555)0104477", "message": "I am on my way home now"}, shell: sms("1697384040"), reward: 0},
		// SimpleSmsResend: one more sent message than before, equal to the one sent before.
		{name: "sms resent", task: "SimpleSmsResend", shellBefore: resend(1, "See you at noon"), shell: resend(2, "See you at noon"), reward: 1},
		{name: "sms resend: another text", task: "SimpleSmsResend", shellBefore: resend(1, "See you at noon"), shell: resend(2, "Call me back"), reward: 0},
		{name: "sms resend: nothing sent", task: "SimpleSmsResend", shellBefore: resend(1, ""), shell: resend(1, ""), reward: 0, detail: "1 sent before, 1 now"},
		{name: "sms multiline body", task: "SimpleSmsSend", params: Params{"number": "+15550109999", "message": "Old message\nwith two lines"}, shell: sms("1697300010"), act: smsActivity, reward: 1},
		{name: "open app ok", task: "OpenAppTaskEval", params: Params{"app_name": "clock"}, act: "com.google.android.deskclock/com.android.deskclock.DeskClock", reward: 1},
		{name: "open app wrong", task: "OpenAppTaskEval", params: Params{"app_name": "settings"}, act: "com.google.android.deskclock/com.android.deskclock.DeskClock", reward: 0},
		{name: "wifi and app half", task: "TurnOnWifiAndOpenApp", params: Params{"app_name": "settings"}, shell: settings("1", "0", "1"), reward: 0.5},
		{name: "wifi and app full", task: "TurnOnWifiAndOpenApp", params: Params{"app_name": "settings"}, shell: settings("1", "0", "1"), act: "com.android.settings/.Settings", reward: 1},
		{name: "contact ok", task: "ContactsAddContact", params: Params{"name": "Li, Wei", "number": "+86 10 1234 5678"}, shell: contacts, reward: 1},
		{name: "contact wrong number", task: "ContactsAddContact", params: Params{"name": "Jane Doe", "number": "555-123-0000"}, shell: contacts, reward: 0, detail: "not among 2"},
		{name: "wifi on ok (airplane)", task: "SystemWifiTurnOn", shell: settings("2", "0", "100"), reward: 1},
		{name: "wifi off fail", task: "SystemWifiTurnOff", shell: settings("1", "0", "100"), reward: 0},
		{name: "wifi on fail", task: "SystemWifiTurnOn", shell: settings("0", "0", "100"), reward: 0},
		{name: "wifi off ok", task: "SystemWifiTurnOff", shell: settings("0", "0", "100"), reward: 1},
		{name: "bluetooth on fail", task: "SystemBluetoothTurnOn", shell: settings("0", "0", "100"), reward: 0},
		{name: "bluetooth off ok", task: "SystemBluetoothTurnOffVerify", shell: settings("0", "0", "100"), reward: 1},
		{name: "brightness max fail", task: "SystemBrightnessMax", shell: settings("0", "0", "254"), reward: 0},
		{name: "brightness min ok", task: "SystemBrightnessMin", params: Params{"max_or_min": "min"}, shell: settings("0", "0", "1"), reward: 1},
		{name: "markor clipboard ok", task: "MarkorCreateNoteFromClipboard", params: Params{"file_name": "groceries.md", "file_content": "milk, eggs, bread"},
			after: map[string][]byte{note: []byte("milk, eggs, bread\n")}, reward: 1},
		{name: "markor clipboard wrong text", task: "MarkorCreateNoteFromClipboard", params: Params{"file_name": "groceries.md", "file_content": "milk, eggs, bread"},
			after: map[string][]byte{note: []byte("")}, reward: 0},
		{name: "bluetooth on ok", task: "SystemBluetoothTurnOn", shell: settings("0", "1", "100"), reward: 1},
		{name: "bluetooth off fail", task: "SystemBluetoothTurnOffVerify", shell: settings("0", "1", "100"), reward: 0},
		{name: "brightness max ok", task: "SystemBrightnessMax", shell: settings("0", "0", "255"), reward: 1},
		{name: "brightness min fail", task: "SystemBrightnessMin", params: Params{"max_or_min": "min"}, shell: settings("0", "0", "2"), reward: 0},
		{name: "composite full", task: "TurnOffWifiAndTurnOnBluetooth", shell: settings("0", "1", "1"), reward: 1},
		{name: "composite partial", task: "TurnOffWifiAndTurnOnBluetooth", shell: settings("1", "1", "1"), reward: 0.5, detail: "mean of 2 goals"},
		{name: "markor create ok", task: "MarkorCreateNote", params: Params{"file_name": "groceries.md", "text": "milk, eggs, bread"},
			after: map[string][]byte{note: []byte("milk, eggs, bread\r\n")}, reward: 1},
		{name: "markor create wrong text", task: "MarkorCreateNote", params: Params{"file_name": "groceries.md", "text": "milk, eggs, bread"},
			after: map[string][]byte{note: []byte("call the plumber")}, reward: 0, detail: "similarity"},
		{name: "markor create missing", task: "MarkorCreateNote", params: Params{"file_name": "groceries.md", "text": "milk"},
			after: map[string][]byte{MarkorData + "/other.md": []byte("x")}, reward: 0, detail: "absent"},
		{name: "markor move ok", task: "MarkorMoveNote", params: Params{"file_name": "plan.md", "source_folder": "Work", "destination_folder": "Archive"},
			after: map[string][]byte{MarkorData + "/Archive/plan.md": []byte("p")}, reward: 1},
		{name: "markor move copied", task: "MarkorMoveNote", params: Params{"file_name": "plan.md", "source_folder": "Work", "destination_folder": "Archive"},
			after: map[string][]byte{MarkorData + "/Archive/plan.md": []byte("p"), MarkorData + "/Work/plan.md": []byte("p")}, reward: 0},
		{name: "markor delete ok", task: "MarkorDeleteNote", params: Params{"file_name": "plan.md"},
			after: map[string][]byte{MarkorData + "/keep.md": []byte("k")}, reward: 1},
		{name: "markor delete fail", task: "MarkorDeleteNote", params: Params{"file_name": "plan.md"},
			after: map[string][]byte{MarkorData + "/plan.md": []byte("k")}, reward: 0},
		{name: "markor+sms partial", task: "MarkorCreateNoteAndSms",
			params: Params{"file_name": "groceries.md", "text": "milk, eggs, bread", "number": "+1(555)0104477"},
			after:  map[string][]byte{note: []byte("milk, eggs, bread")}, shell: sms("1697384040"), reward: 0.5},
		{name: "markor+sms full", task: "MarkorCreateNoteAndSms",
			params: Params{"file_name": "groceries.md", "text": "milk, eggs, bread", "number": "5550104477"},
			after:  map[string][]byte{note: []byte("milk, eggs, bread")}, act: smsActivity,
			shell:  map[string]string{"date +%s": "1697384040", "content query --uri content://sms/sent": "Row: 0 _id=1, address=555-010 4477, date=1697384000000, body=milk, eggs, bread, read=1\n"},
			reward: 1},
		{name: "markor change content ok", task: "MarkorChangeNoteContent", params: Params{"original_name": "a.md", "new_name": "b.md", "updated_content": "k3Jd8sPq0Lm2Xz7Wv1Yt"},
			after: map[string][]byte{MarkorData + "/b.md": []byte("k3Jd8sPq0Lm2Xz7Wv1Yt\n")}, reward: 1},
		{name: "markor change content not renamed", task: "MarkorChangeNoteContent", params: Params{"original_name": "a.md", "new_name": "b.md", "updated_content": "k3Jd8sPq0Lm2Xz7Wv1Yt"},
			after: map[string][]byte{MarkorData + "/a.md": []byte("k3Jd8sPq0Lm2Xz7Wv1Yt\n")}, reward: 0},
		{name: "markor header ok", task: "MarkorAddNoteHeader", params: Params{"original_name": "a.md", "new_name": "b.md", "header": "HDR123", "original_content": "Buy milk."},
			after: map[string][]byte{MarkorData + "/b.md": []byte("HDR123\n\nBuy milk.\n")}, reward: 1},
		{name: "markor header no blank line", task: "MarkorAddNoteHeader", params: Params{"original_name": "a.md", "new_name": "b.md", "header": "HDR123", "original_content": "Buy milk."},
			after: map[string][]byte{MarkorData + "/b.md": []byte("HDR123\nBuy milk.\n")}, reward: 0},
		{name: "markor edit header from snapshot", task: "MarkorEditNote", params: Params{"file_name": "n.md", "edit_type": "header", "header": "Top line here"},
			before: map[string][]byte{MarkorData + "/n.md": []byte("The original sentence of the note.\n")},
			after:  map[string][]byte{MarkorData + "/n.md": []byte("Top line here\nThe original sentence of the note.\n")}, reward: 1},
		{name: "markor edit footer at top", task: "MarkorEditNote", params: Params{"file_name": "n.md", "edit_type": "footer", "footer": "Bottom line here"},
			before: map[string][]byte{MarkorData + "/n.md": []byte("The original sentence of the note.\n")},
			after:  map[string][]byte{MarkorData + "/n.md": []byte("Bottom line here\nThe original sentence of the note.\n")}, reward: 0},
		{name: "markor merge ok", task: "MarkorMergeNotes", params: Params{"new_file_name": "all", "file1_content": "aaaaaaaaaaaa", "file2_content": "bbbbbbbbbbbb", "file3_content": "cccccccccccc"},
			after: map[string][]byte{MarkorData + "/all": []byte("aaaaaaaaaaaa\n\nbbbbbbbbbbbb\n\ncccccccccccc\n")}, reward: 1},
		{name: "markor merge no blank lines", task: "MarkorMergeNotes", params: Params{"new_file_name": "all", "file1_content": "aaaaaaaaaaaa", "file2_content": "bbbbbbbbbbbb", "file3_content": "cccccccccccc"},
			after: map[string][]byte{MarkorData + "/all": []byte("aaaaaaaaaaaa\nbbbbbbbbbbbb\ncccccccccccc\n")}, reward: 0, detail: "3 lines"},
		{name: "markor folder ok", task: "MarkorCreateFolder", params: Params{"folder_name": "Recipes"},
			after: map[string][]byte{MarkorData + "/Recipes/.keep": nil, MarkorData + "/x.md": []byte("x")}, reward: 1},
		// check_file_or_folder_exists: a file of that name passes too.
		{name: "markor folder is a file", task: "MarkorCreateFolder", params: Params{"folder_name": "Recipes"},
			after: map[string][]byte{MarkorData + "/Recipes": []byte("x")}, reward: 1},
		{name: "markor folder missing", task: "MarkorCreateFolder", params: Params{"folder_name": "Recipes"},
			after: map[string][]byte{MarkorData + "/Recipe": []byte("x")}, reward: 0},
		{name: "markor delete all ok", task: "MarkorDeleteAllNotes", change: func(d *adbd.Device) { d.MakeDir(MarkorData + "/Old") }, reward: 1},
		{name: "markor delete all left one", task: "MarkorDeleteAllNotes", after: map[string][]byte{MarkorData + "/x.md": []byte("x")}, reward: 0, detail: "x.md"},
		// get_file_list_with_metadata raises when the Markor folder is gone; sync LIST
		// lists a missing folder as empty, which scored 1.
		{name: "markor delete all, folder gone", task: "MarkorDeleteAllNotes", after: map[string][]byte{EmulatorData + "/Download/x": []byte("x")},
			wantErr: "not a valid directory"},
		{name: "receipt copy ok", task: "SaveCopyOfReceiptTaskEval", params: Params{"file_name": "receipt_ab12.jpg"},
			after: map[string][]byte{EmulatorData + "/Download/receipt_ab12.jpg": []byte("jpg"), "/sdcard/DCIM/receipt_ab12.jpg": []byte("jpg")}, reward: 1},
		{name: "receipt copy missing", task: "SaveCopyOfReceiptTaskEval", params: Params{"file_name": "receipt_ab12.jpg"},
			after: map[string][]byte{"/sdcard/DCIM/receipt_ab12.jpg": []byte("jpg")}, reward: 0},
		{name: "drawing ok", task: "SimpleDrawProCreateDrawing", params: Params{"file_name": "lorem_x1.png"},
			after: map[string][]byte{EmulatorData + "/Pictures/lorem_x1.png": []byte("png")}, reward: 1},
		{name: "drawing elsewhere", task: "SimpleDrawProCreateDrawing", params: Params{"file_name": "lorem_x1.png"},
			after: map[string][]byte{EmulatorData + "/Download/lorem_x1.png": []byte("png")}, reward: 0},
		{name: "recording named ok", task: "AudioRecorderRecordAudioWithFileName", params: Params{"file_name": "memo_7"},
			after: map[string][]byte{AudioRecorderData + "/memo_7.m4a": []byte("aac")}, reward: 1},
		{name: "recording wrong name", task: "AudioRecorderRecordAudioWithFileName", params: Params{"file_name": "memo_7"},
			after: map[string][]byte{AudioRecorderData + "/Record-1.m4a": []byte("aac")}, reward: 0},
		{name: "photo ok", task: "CameraTakePhoto", before: map[string][]byte{PhotosData + "/IMG_1.jpg": []byte("j")},
			after: map[string][]byte{PhotosData + "/IMG_2.jpg": []byte("j")}, reward: 1},
		{name: "photo two taken", task: "CameraTakePhoto", before: map[string][]byte{PhotosData + "/IMG_1.jpg": []byte("j")},
			after: map[string][]byte{PhotosData + "/IMG_2.jpg": []byte("j"), PhotosData + "/IMG_3.jpg": []byte("j")}, reward: 0, detail: "2 new"},
		{name: "video none", task: "CameraTakeVideo", before: map[string][]byte{VideosData + "/VID_1.mp4": []byte("v")},
			after: map[string][]byte{PhotosData + "/IMG_2.jpg": []byte("j")}, reward: 0},
		{name: "video ok", task: "CameraTakeVideo", before: map[string][]byte{VideosData + "/VID_1.mp4": []byte("v")},
			after: map[string][]byte{VideosData + "/VID_2.mp4": []byte("v")}, reward: 1},
		{name: "timer ok", task: "ClockTimerEntry", params: Params{"hours": 1, "minutes": 2, "seconds": 3}, act: deskClock,
			ui: clockUI(`<node text="01h 02m 03s" content-desc="" />`), reward: 1},
		{name: "timer other app", task: "ClockTimerEntry", params: Params{"hours": 1, "minutes": 2, "seconds": 3},
			ui: clockUI(`<node text="01h 02m 03s" content-desc="" />`), reward: 0, detail: "nexuslauncher"},
		{name: "stopwatch running", task: "ClockStopWatchRunning", act: deskClock,
			ui: clockUI(`<node content-desc="Pause" text="" /><node content-desc="Lap" text="" />`), reward: 1},
		{name: "stopwatch not running", task: "ClockStopWatchRunning", act: deskClock,
			ui: clockUI(`<node content-desc="Start" text="" />`), reward: 0},
		{name: "stopwatch paused", task: "ClockStopWatchPausedVerify", act: deskClock,
			ui: clockUI(`<node content-desc="Start" text="" /><node content-desc="Stopwatch" text="" /><node text="Stopwatch" content-desc="" />`), reward: 1},
		{name: "stopwatch still running", task: "ClockStopWatchPausedVerify", act: deskClock,
			ui: clockUI(`<node content-desc="Pause" text="" /><node content-desc="Lap" text="" />`), reward: 0},
		{name: "browser maze solved", task: "BrowserMaze", act: ChromePackage + "/com.google.android.apps.chrome.Main",
			ui: clockUI(`<node text="Success!" content-desc="" class="android.widget.TextView" />`), reward: 1},
		{name: "browser multiply not solved", task: "BrowserMultiply", act: ChromePackage + "/com.google.android.apps.chrome.Main",
			ui: clockUI(`<node text="Submit" content-desc="" class="android.widget.Button" />`), reward: 0},
		{name: "clipboard ok", task: "SystemCopyToClipboard", params: Params{"clipboard_content": "Order No: A123456"},
			shell: map[string]string{"am broadcast -a clipper.get": "Broadcasting: Intent { act=clipper.get flg=0x400000 }\nBroadcast completed: result=-1, data=\"Order No: A123456\"\n"}, reward: 1},
		{name: "clipboard reset", task: "SystemCopyToClipboard", params: Params{"clipboard_content": "Order No: A123456"},
			shell: map[string]string{"am broadcast -a clipper.get": "Broadcasting: Intent { act=clipper.get flg=0x400000 }\nBroadcast completed: result=-1, data=\"~~~RESET~~~\"\n"}, reward: 0},
		{name: "contact draft ok", task: "ContactsNewContactDraft", params: draftP, act: contactsEditor, ui: contactsUI(true), reward: 1},
		{name: "contact draft without last name", task: "ContactsNewContactDraft", params: draftP, act: contactsEditor, ui: contactsUI(false), reward: 0},
		{name: "files delete ok", task: "FilesDeleteFile", params: Params{"file_name": "report.pdf", "subfolder": "Download"},
			after: map[string][]byte{EmulatorData + "/Download/other.pdf": []byte("x")}, reward: 1},
		{name: "files delete fail", task: "FilesDeleteFile", params: Params{"file_name": "report.pdf", "subfolder": "Download"},
			after: map[string][]byte{EmulatorData + "/Download/report.pdf": []byte("x")}, reward: 0},
		{name: "files move ok", task: "FilesMoveFile", params: Params{"file_name": "a.jpg", "source_folder": "DCIM", "destination_folder": "Pictures"},
			after: map[string][]byte{EmulatorData + "/Pictures/a.jpg": []byte("x")}, reward: 1},
		{name: "files move copied", task: "FilesMoveFile", params: Params{"file_name": "a.jpg", "source_folder": "DCIM", "destination_folder": "Pictures"},
			after: map[string][]byte{EmulatorData + "/Pictures/a.jpg": []byte("x"), EmulatorData + "/DCIM/a.jpg": []byte("x")}, reward: 0},
	}
}

func irScenarios(t *testing.T) []scenario {
	ms := func(day, hour int) int64 { return oct(day, hour).UnixMilli() }
	tasks := makeDB(t, schemaTasks,
		fmt.Sprintf("INSERT INTO tasks (title, importance, dueDate) VALUES ('File taxes', 0, %d)", ms(18, 12)),
		fmt.Sprintf("INSERT INTO tasks (title, importance, dueDate) VALUES ('Buy milk', 2, %d)", ms(18, 9)),
		fmt.Sprintf("INSERT INTO tasks (title, importance, dueDate, completed) VALUES ('Call mom', 0, %d, %d)", ms(17, 9), ms(16, 8)),
		fmt.Sprintf("INSERT INTO tasks (title, importance, dueDate, deleted) VALUES ('Old thing', 0, %d, 1)", ms(18, 9)))
	joplin := makeDB(t, schemaJoplin,
		"INSERT INTO folders (id, title) VALUES ('f1', 'Work'), ('f2', 'Home')",
		"INSERT INTO notes (id, parent_id, title, is_todo) VALUES ('n1', 'f1', 'Ship release', 1), ('n2', 'f1', 'Retro', 1), ('n3', 'f1', 'Minutes', 0), ('n4', 'f2', 'Laundry', 1)",
		"INSERT INTO notes (id, parent_id, title, body) VALUES ('n5', 'f1', 'Team Weekly Sync', 'Meeting Notes:\n- Discussed milestones\n- Attended by 12 participants\n')",
		"INSERT INTO notes (id, parent_id, title, body) VALUES ('n6', 'f2', 'Pancake Recipe', 'Ingredients:\n- 1 cup all-purpose flour\n- 3/4 cup chia seeds\n\nInstructions:\n1. Mix.\n')")
	tracks := makeDB(t, schemaTracks,
		fmt.Sprintf("INSERT INTO tracks (name, category, starttime, totaldistance, uuid) VALUES ('Morning run', 'running', %d, 5123.4, x'0102')", ms(12, 7)),
		"UPDATE tracks SET totaltime = 1800000 WHERE name = 'Morning run'",
		fmt.Sprintf("INSERT INTO tracks (name, category, starttime, totaldistance, uuid) VALUES ('Long run', 'running', %d, 10050.6, x'0304')", ms(14, 7)),
		"UPDATE tracks SET totaltime = 3720000 WHERE name = 'Long run'",
		fmt.Sprintf("INSERT INTO tracks (name, category, starttime, totaldistance, uuid) VALUES ('Ride', 'biking', %d, 30000, x'0506')", ms(14, 15)))
	cal := makeDB(t, schemaEvents, ev(1, oct(20, 11), 30, "Data Dive", ""), ev(2, oct(20, 13), 60, "Bug Bash", ""), ev(3, oct(21, 11), 30, "Trivia Night", ""),
		"INSERT INTO events (id, start_ts, end_ts, title, location, description) VALUES (4, 1698244200, 1698247800, 'Drinks with Amanda', '', '')",
		"UPDATE events SET location = '12 Main St Springfield' WHERE id = 3")
	return []scenario{
		{name: "events on date ok", task: "SimpleCalendarEventsOnDate", params: Params{"date": "October 20 2023", "answer": "Bug Bash, Data Dive"}, after: map[string][]byte{CalendarDB: cal}, reward: 1},
		{name: "events on date wrong", task: "SimpleCalendarAnyEventsOnDate", params: Params{"date": "October 20 2023", "answer": "Trivia Night"}, after: map[string][]byte{CalendarDB: cal}, reward: 0},
		{name: "event at time wrong", task: "SimpleCalendarEventOnDateAtTime", params: Params{"date": "October 20 2023", "time": "1pm", "answer": "Data Dive"}, after: map[string][]byte{CalendarDB: cal}, reward: 0},
		{name: "event at time ok", task: "SimpleCalendarEventOnDateAtTime", params: Params{"date": "October 20 2023", "time": "1pm", "answer": "Bug bash"}, after: map[string][]byte{CalendarDB: cal}, reward: 1},
		{name: "location ok", task: "SimpleCalendarLocationOfEvent", params: Params{"title": "Trivia", "answer": "12 Main St Springfield."}, after: map[string][]byte{CalendarDB: cal}, reward: 1},
		{name: "location wrong", task: "SimpleCalendarLocationOfEvent", params: Params{"title": "Trivia", "answer": "Springfield"}, after: map[string][]byte{CalendarDB: cal}, reward: 0},
		{name: "high priority ok", task: "TasksHighPriorityTasks", params: Params{"answer": "call mom, File Taxes"}, after: map[string][]byte{TasksDB: tasks}, reward: 1},
		{name: "high priority extra", task: "TasksHighPriorityTasks", params: Params{"answer": "File taxes, Call mom, Old thing"}, after: map[string][]byte{TasksDB: tasks}, reward: 0},
		{name: "due on date ok", task: "TasksDueOnDate", params: Params{"date": "October 18 2023", "answer": "Buy milk, File taxes"}, after: map[string][]byte{TasksDB: tasks}, reward: 1},
		{name: "due on date missing one", task: "TasksDueOnDate", params: Params{"date": "October 18 2023", "answer": "Buy milk"}, after: map[string][]byte{TasksDB: tasks}, reward: 0},
		{name: "high priority on date ok", task: "TasksHighPriorityTasksDueOnDate", params: Params{"date": "October 18 2023", "answer": "File taxes"}, after: map[string][]byte{TasksDB: tasks}, reward: 1},
		{name: "high priority on date low one too", task: "TasksHighPriorityTasksDueOnDate", params: Params{"date": "October 18 2023", "answer": "File taxes, Buy milk"}, after: map[string][]byte{TasksDB: tasks}, reward: 0},
		{name: "completed for date ok", task: "TasksCompletedTasksForDate", params: Params{"date": "October 17 2023", "answer": "Call mom"}, after: map[string][]byte{TasksDB: tasks}, reward: 1},
		{name: "completed for date wrong", task: "TasksCompletedTasksForDate", params: Params{"date": "October 18 2023", "answer": "File taxes"}, after: map[string][]byte{TasksDB: tasks}, reward: 0},
		{name: "incomplete by date ok", task: "TasksIncompleteTasksOnDate", params: Params{"date": "October 18 2023", "answer": "Buy milk, File taxes"}, after: map[string][]byte{TasksDB: tasks}, reward: 1},
		{name: "incomplete by date counts a done one", task: "TasksIncompleteTasksOnDate", params: Params{"date": "October 18 2023", "answer": "Buy milk, File taxes, Call mom"}, after: map[string][]byte{TasksDB: tasks}, reward: 0},
		{name: "due next week", task: "TasksDueNextWeek", params: Params{"answer": "3"}, after: map[string][]byte{TasksDB: tasks}, reward: 1},
		{name: "due next week wrong", task: "TasksDueNextWeek", params: Params{"answer": "2"}, after: map[string][]byte{TasksDB: tasks}, reward: 0},
		{name: "is todo ok", task: "NotesIsTodo", params: Params{"title": "Ship release", "answer": "True"}, after: map[string][]byte{JoplinDB: joplin}, reward: 1},
		{name: "is todo wrong", task: "NotesIsTodo", params: Params{"title": "Minutes", "answer": "True"}, after: map[string][]byte{JoplinDB: joplin}, reward: 0},
		{name: "todo count ok", task: "NotesTodoItemCount", params: Params{"folder": "Work", "answer": "2"}, after: map[string][]byte{JoplinDB: joplin}, reward: 1},
		{name: "todo count wrong", task: "NotesTodoItemCount", params: Params{"folder": "Work", "answer": "3 to-dos"}, after: map[string][]byte{JoplinDB: joplin}, reward: 0},
		{name: "activities on date", task: "SportsTrackerActivitiesOnDate", params: Params{"date": "October 14 2023", "answer": "Running, Biking"}, after: map[string][]byte{TracksDB: tracks}, reward: 1},
		{name: "activities on date one missing", task: "SportsTrackerActivitiesOnDate", params: Params{"date": "October 14 2023", "answer": "Running"}, after: map[string][]byte{TracksDB: tracks}, reward: 0},
		{name: "count for week ok", task: "SportsTrackerActivitiesCountForWeek", params: Params{"category": "running", "answer": "2"}, after: map[string][]byte{TracksDB: tracks}, reward: 1},
		{name: "count for week wrong", task: "SportsTrackerActivitiesCountForWeek", params: Params{"category": "biking", "answer": "2"}, after: map[string][]byte{TracksDB: tracks}, reward: 0},
		{name: "duration ok", task: "SportsTrackerActivityDuration", params: Params{"category": "running", "date": "October 14 2023", "answer": "62"}, after: map[string][]byte{TracksDB: tracks}, reward: 1},
		{name: "duration wrong", task: "SportsTrackerActivityDuration", params: Params{"category": "running", "date": "October 14 2023", "answer": "30 minutes"}, after: map[string][]byte{TracksDB: tracks}, reward: 0},
		{name: "total duration ok", task: "SportsTrackerTotalDurationForCategoryThisWeek", params: Params{"category": "running", "answer": "92"}, after: map[string][]byte{TracksDB: tracks}, reward: 1},
		{name: "total duration wrong", task: "SportsTrackerTotalDurationForCategoryThisWeek", params: Params{"category": "running", "answer": "62"}, after: map[string][]byte{TracksDB: tracks}, reward: 0},
		{name: "total distance ok", task: "SportsTrackerTotalDistanceForCategoryOverInterval", params: Params{"category": "running", "start_date": "October 12 2023", "end_date": "October 14 2023", "answer": "15174"}, after: map[string][]byte{TracksDB: tracks}, reward: 1},
		{name: "total distance wrong interval", task: "SportsTrackerTotalDistanceForCategoryOverInterval", params: Params{"category": "running", "start_date": "October 13 2023", "end_date": "October 14 2023", "answer": "15174"}, after: map[string][]byte{TracksDB: tracks}, reward: 0},
		{name: "time range ok", task: "SimpleCalendarEventsInTimeRange", params: Params{"date": "October 20 2023", "start_time": "12:30pm", "answer": "Bug Bash"}, after: map[string][]byte{CalendarDB: cal}, reward: 1},
		{name: "time range too many", task: "SimpleCalendarEventsInTimeRange", params: Params{"date": "October 20 2023", "start_time": "12:30pm", "answer": "Bug Bash, Data Dive"}, after: map[string][]byte{CalendarDB: cal}, reward: 0},
		{name: "first after ok", task: "SimpleCalendarFirstEventAfterStartTime", params: Params{"date": "October 20 2023", "time": "10:00", "answer": "Data Dive"}, after: map[string][]byte{CalendarDB: cal}, reward: 1},
		{name: "first after wrong", task: "SimpleCalendarFirstEventAfterStartTime", params: Params{"date": "October 20 2023", "time": "10:00", "answer": "Bug Bash"}, after: map[string][]byte{CalendarDB: cal}, reward: 0},
		{name: "next event ok", task: "SimpleCalendarNextEvent", params: Params{"answer": "Data Dive"}, after: map[string][]byte{CalendarDB: cal}, reward: 1},
		{name: "next event wrong", task: "SimpleCalendarNextEvent", params: Params{"answer": "Trivia Night"}, after: map[string][]byte{CalendarDB: cal}, reward: 0},
		{name: "events next week", task: "SimpleCalendarEventsInNextWeek", params: Params{"answer": "Data Dive, Bug Bash"}, after: map[string][]byte{CalendarDB: cal}, reward: 0},
		{name: "events next week ok", task: "SimpleCalendarEventsInNextWeek", params: Params{"answer": "Data Dive, Bug Bash, Trivia Night"}, after: map[string][]byte{CalendarDB: cal}, reward: 1},
		{name: "longest distance ok", task: "SportsTrackerLongestDistanceActivity", params: Params{"category": "running", "answer": "10051"}, after: map[string][]byte{TracksDB: tracks}, reward: 1},
		{name: "longest distance wrong", task: "SportsTrackerLongestDistanceActivity", params: Params{"category": "running", "answer": "5123"}, after: map[string][]byte{TracksDB: tracks}, reward: 0},
		{name: "attendees ok", task: "NotesMeetingAttendeeCount", params: Params{"title": "Team Weekly Sync", "answer": "12"}, after: map[string][]byte{JoplinDB: joplin}, reward: 1},
		{name: "attendees with a word", task: "NotesMeetingAttendeeCount", params: Params{"title": "Team Weekly Sync", "answer": "12 people"}, after: map[string][]byte{JoplinDB: joplin}, reward: 0},
		{name: "ingredient ok", task: "NotesRecipeIngredientCount", params: Params{"title": "Pancake Recipe", "ingredient": "chia seeds", "answer": "3/4 cup"}, after: map[string][]byte{JoplinDB: joplin}, reward: 1},
		{name: "ingredient wrong", task: "NotesRecipeIngredientCount", params: Params{"title": "Pancake Recipe", "ingredient": "chia seeds", "answer": "1 cup"}, after: map[string][]byte{JoplinDB: joplin}, reward: 0},
		{name: "meeting ok", task: "SimpleCalendarNextMeetingWithPerson", params: Params{"person": "Amanda", "answer": "October 25 2023 14:30"}, after: map[string][]byte{CalendarDB: cal}, reward: 1},
		{name: "meeting with a comma", task: "SimpleCalendarNextMeetingWithPerson", params: Params{"person": "Amanda", "answer": "October 25, 2023 14:30"}, after: map[string][]byte{CalendarDB: cal}, reward: 0},
	}
}

// Every family's success and failure case runs through goadb and the adb protocol.
func TestFamiliesThroughADB(t *testing.T) {
	var all []scenario
	all = append(all, calendarScenarios(t)...)
	all = append(all, appScenarios(t)...)
	all = append(all, deviceScenarios()...)
	all = append(all, listingScenarios()...)
	all = append(all, irScenarios(t)...)
	// Tasks registered from one constructor share a check: each plays its sibling's
	// scenarios under its own name, so every task name is exercised.
	for _, g := range [][]string{
		{"SimpleCalendarAddOneEvent", "SimpleCalendarAddOneEventRelativeDay", "SimpleCalendarAddOneEventInTwoWeeks", "SimpleCalendarAddRepeatingEvent"},
		{"SimpleCalendarEventsOnDate", "SimpleCalendarAnyEventsOnDate"},
		{"SimpleCalendarDeleteEvents", "SimpleCalendarDeleteEventsOnRelativeDay"},
		{"ExpenseAddSingle", "ExpenseAddMultiple", "ExpenseAddMultipleFromGallery", "ExpenseAddMultipleFromMarkor"},
		{"ExpenseDeleteSingle", "ExpenseDeleteMultiple", "ExpenseDeleteMultiple2"},
		{"ExpenseDeleteDuplicates", "ExpenseDeleteDuplicates2"},
		{"RecipeAddSingleRecipe", "RecipeAddMultipleRecipes", "RecipeAddMultipleRecipesFromImage", "RecipeAddMultipleRecipesFromMarkor", "RecipeAddMultipleRecipesFromMarkor2"},
		{"RecipeDeleteSingleRecipe", "RecipeDeleteMultipleRecipes", "RecipeDeleteMultipleRecipesWithNoise", "RecipeDeleteSingleWithRecipeWithNoise"},
		{"RecipeDeleteDuplicateRecipes", "RecipeDeleteDuplicateRecipes2", "RecipeDeleteDuplicateRecipes3"},
		{"SimpleSmsSend", "SimpleSmsReply", "SimpleSmsSendClipboardContent", "SimpleSmsSendReceivedAddress", "SimpleSmsReplyMostRecent"},
		{"SystemWifiTurnOn", "SystemWifiTurnOnVerify"}, {"SystemWifiTurnOff", "SystemWifiTurnOffVerify"},
		{"SystemBluetoothTurnOn", "SystemBluetoothTurnOnVerify"}, {"SystemBluetoothTurnOffVerify", "SystemBluetoothTurnOff"},
		{"SystemBrightnessMax", "SystemBrightnessMaxVerify"}, {"SystemBrightnessMin", "SystemBrightnessMinVerify"},
		{"MarkorCreateNote", "MarkorTranscribeVideo", "MarkorTranscribeReceipt"},
		{"BrowserMaze", "BrowserDraw", "BrowserMultiply"},
	} {
		in := map[string]bool{}
		for _, n := range g {
			in[n] = true
		}
		for _, sc := range all {
			if !in[sc.task] {
				continue
			}
			for _, alias := range g {
				if alias != sc.task {
					a := sc
					a.task = alias
					all = append(all, a)
				}
			}
		}
	}
	covered := map[string][2]bool{}
	for _, sc := range all {
		t.Run(sc.task+"/"+sc.name, sc.run)
		if sc.wantErr != "" {
			continue
		}
		c := covered[sc.task]
		if sc.reward >= 1 {
			c[0] = true
		} else {
			c[1] = true
		}
		covered[sc.task] = c
	}
	// Each task has at least one passing and one failing case.
	for _, f := range Families() {
		if c := covered[f.Name]; !c[0] || !c[1] {
			t.Errorf("%s lacks a success or a failure scenario: %v", f.Name, c)
		}
	}
	// Each app family has at least one passing and one failing case.
	apps := map[string][2]bool{}
	for task, c := range covered {
		f, _ := Lookup(task)
		a := apps[f.App]
		apps[f.App] = [2]bool{a[0] || c[0], a[1] || c[1]}
	}
	for _, f := range Families() {
		if c, ok := apps[f.App]; !ok || !c[0] || !c[1] {
			t.Errorf("app %s (e.g. %s) lacks a success or a failure scenario: %v", f.App, f.Name, c)
		}
	}
}
