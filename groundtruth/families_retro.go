package groundtruth

import (
	"context"
	"fmt"
	"path"
	"strings"
)

// Retro Music databases.
const (
	RetroPlaylistDB = "/data/data/code.name.monkey.retromusic/databases/playlist.db"
	RetroPlaybackDB = "/data/data/code.name.monkey.retromusic/databases/music_playback_state.db"
)

// A song's place in its playlist is its rank by song_key (insertion order).
const retroPlaylistQuery = `SELECT pe.playlist_name AS playlist_name, se.title AS media_file_name, se.duration AS duration_ms,
  ROW_NUMBER() OVER (PARTITION BY pe.playlist_name ORDER BY se.song_key) - 1 AS order_in_playlist
FROM PlaylistEntity pe JOIN SongEntity se ON pe.playlist_id = se.playlist_creator_id
ORDER BY pe.playlist_name, order_in_playlist`

func readRetroPlaylists(ctx context.Context, dev Device) ([]Row, error) {
	db, err := OpenDB(ctx, dev, RetroPlaylistDB)
	if err != nil {
		return nil, err
	}
	defer db.Close()
	return db.Query(ctx, retroPlaylistQuery)
}

// songTitles strips extensions: the app shows (and stores) titles, the task lists files.
func songTitles(p Params) ([]string, error) {
	files, err := p.Strings("files")
	if err != nil {
		return nil, err
	}
	out := make([]string, len(files))
	for i, f := range files {
		out[i], _, _ = strings.Cut(f, ".")
	}
	return out, nil
}

func retroPlaylistResult(ctx context.Context, dev Device, task string, p Params) (*Result, error) {
	name, err := p.String("playlist_name")
	if err != nil {
		return nil, err
	}
	songs, err := songTitles(p)
	if err != nil {
		return nil, err
	}
	rows, err := readRetroPlaylists(ctx, dev)
	if err != nil {
		return nil, err
	}
	return playlistResult(task, rows, name, songs), nil
}

func init() {
	const app = "Retro Music"
	register(&Family{Name: "RetroCreatePlaylist", App: app, Params: []string{"playlist_name", "files"},
		Checks: "playlist.db: the playlist holds the songs (titles = file names without extension) in order",
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			return retroPlaylistResult(ctx, dev, "RetroCreatePlaylist", p)
		}})
	register(&Family{Name: "RetroSavePlaylist", App: app, Params: []string{"playlist_name", "files"},
		Checks: "the playlist as for RetroCreatePlaylist, and Download/<playlist_name>.m3u exists; reward is the mean of the two",
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			pl, err := retroPlaylistResult(ctx, dev, "playlist", p)
			if err != nil {
				return nil, err
			}
			name, _ := p.String("playlist_name")
			// RetroSavePlaylist.is_successful: check_file_exists (test -f) of the export.
			part, err := regularFilePart(ctx, dev, path.Join(EmulatorData, "Download", name+".m3u"))
			if err != nil {
				return nil, err
			}
			return Composite("RetroSavePlaylist", pl, allOf("export", part)), nil
		}})
	register(&Family{Name: "RetroPlayingQueue", App: app, Params: []string{"files"},
		Checks: "music_playback_state.db playing_queue: exactly the songs, in order",
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			want, err := songTitles(p)
			if err != nil {
				return nil, err
			}
			db, err := OpenDB(ctx, dev, RetroPlaybackDB)
			if err != nil {
				return nil, err
			}
			defer db.Close()
			if err := db.requireTables(ctx, "playing_queue"); err != nil {
				return nil, err
			}
			rows, err := db.Query(ctx, "SELECT title FROM playing_queue")
			if err != nil {
				return nil, err
			}
			got := make([]string, len(rows))
			for i, r := range rows {
				got[i] = Str(r["title"])
			}
			return allOf("RetroPlayingQueue", Part{Name: "queue is " + quoteList(want), Pass: strings.Join(got, "\x00") == strings.Join(want, "\x00"),
				Detail: "queue holds " + quoteList(got)}), nil
		}})
	register(&Family{Name: "RetroPlaylistDuration", App: app, Params: []string{"playlist_name"},
		Checks: "playlist.db: the only playlist is the named one and its songs last 45 to 50 minutes in total",
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			name, err := p.String("playlist_name")
			if err != nil {
				return nil, err
			}
			rows, err := readRetroPlaylists(ctx, dev)
			if err != nil {
				return nil, err
			}
			total, others := 0.0, 0
			for _, r := range rows {
				if Str(r["playlist_name"]) != name {
					others++
					continue
				}
				ms, _ := Num(r["duration_ms"])
				total += ms
			}
			mins := total / 60000
			return allOf("RetroPlaylistDuration",
				Part{Name: fmt.Sprintf("songs only in playlist %q", name), Pass: others == 0, Detail: fmt.Sprintf("%d songs in other playlists", others)},
				Part{Name: "45 to 50 minutes long", Pass: mins >= 45 && mins <= 50, Detail: fmt.Sprintf("%.1f minutes over %d songs", mins, len(rows)-others)}), nil
		}})
}
