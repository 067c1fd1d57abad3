package groundtruth

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/autoeval/autoeval/device"
	"github.com/autoeval/autoeval/internal/adbd"
	"github.com/autoeval/autoeval/internal/adbtest"
	"github.com/autoeval/autoeval/internal/testenv"
)

// TestConformsToAndroidWorld makes AndroidWorld's own Python evaluators the reference:
// for each task, its generate_random_params and initialize_task (run unmodified by
// testdata/awconformance/driver.py, with only the device transport stubbed) build the
// before-state on a device stand-in behind the real adb server; then each device
// state the driver offers (the success state and near misses, and doing nothing) is
// scored by AndroidWorld's is_successful and by Check over the same server and device.
// Every verdict must agree: the same reward, or AndroidWorld raising and Check refusing
// with ErrNoScore. Seeds are fixed (conformanceSeeds), so a run is reproducible.
//
// Tasks whose setup needs what the stand-in does not simulate are listed, not scored.
// It runs with AUTOEVAL_CONFORMANCE=1 (.ci/run has a step for it).
func TestConformsToAndroidWorld(t *testing.T) {
	if os.Getenv("AUTOEVAL_CONFORMANCE") != "1" {
		t.Skip("set AUTOEVAL_CONFORMANCE=1 to run it (about 3 minutes; .ci/run runs it once, in its own step)")
	}
	awSrc := testenv.SharedData(t, "androidworld/src")
	python := requirePython(t)
	srv := adbtest.Start(t)
	dev := adbd.Start(t, adbd.Config{Features: append([]string{"shell_v2"}, adbd.DefaultFeatures...)})
	serial := srv.Connect(t, dev)
	seedAppDatabases(t, dev)
	ctx := context.Background()
	d, err := device.Connect(ctx, device.Options{Addr: srv.Addr(), Serial: serial})
	if err != nil {
		t.Fatal(err)
	}
	drv := startDriver(t, python, awSrc, srv, serial)
	var tasks []string
	drv.call(t, map[string]any{"op": "tasks"}, &struct{ Tasks *[]string }{&tasks})
	if len(tasks) != 116 {
		t.Fatalf("AndroidWorld lists %d tasks, want 116", len(tasks))
	}
	clean := dev.SaveState()
	var stats struct{ tasks, states, agree, one, part, zero, raised int }
	var differ, unsimulated []string
	for _, task := range tasks {
		for _, seed := range conformanceSeeds(task) {
			dev.RestoreState(clean)
			var init struct {
				Params     Params
				Goal       string
				States     []string
				SetupError string `json:"setup_error"`
			}
			refused := len(dev.Refused())
			drv.call(t, map[string]any{"op": "init", "task": task, "seed": seed}, &init)
			if r := dev.Refused(); len(r) > refused {
				unsimulated = append(unsimulated, fmt.Sprintf("%s (seed %d): setup ran what the stand-in does not simulate: %s", task, seed, clip(strings.Join(r[refused:], "; "), 200)))
				continue
			}
			if init.SetupError != "" {
				unsimulated = append(unsimulated, fmt.Sprintf("%s (seed %d): %s", task, seed, clip(init.SetupError, 200)))
				continue
			}
			stats.tasks++
			snap, snapErr := TakeSnapshot(ctx, d, task, init.Params)
			set := dev.SaveState()
			for _, state := range init.States {
				dev.RestoreState(set)
				var got struct {
					Reward     *float64
					Raised     string
					Answer     *string
					SetupError string `json:"setup_error"`
				}
				refused := len(dev.Refused())
				drv.call(t, map[string]any{"op": "score", "state": state}, &got)
				if r := dev.Refused(); len(r) > refused {
					unsimulated = append(unsimulated, fmt.Sprintf("%s (seed %d) state %q: the evaluator ran what the stand-in does not simulate: %s", task, seed, state, clip(strings.Join(r[refused:], "; "), 200)))
					continue
				}
				if got.SetupError != "" {
					unsimulated = append(unsimulated, fmt.Sprintf("%s (seed %d) state %q: %s", task, seed, state, clip(got.SetupError, 200)))
					continue
				}
				stats.states++
				p := Params{}
				for k, v := range init.Params {
					p[k] = v
				}
				if got.Answer != nil {
					p["answer"] = *got.Answer
				} else if _, ok := p["answer"]; !ok {
					p["answer"] = ""
				}
				var r *Result
				err := snapErr
				if err == nil {
					r, err = Check(ctx, d, task, p, snap)
				}
				if why := disagreement(got.Reward, got.Raised, r, err); why != "" {
					differ = append(differ, fmt.Sprintf("%s seed %d, %s: %s (goal %q)", task, seed, state, why, clip(init.Goal, 100)))
					continue
				}
				stats.agree++
				switch {
				case got.Raised != "":
					stats.raised++
				case *got.Reward == 1:
					stats.one++
				case *got.Reward > 0:
					stats.part++
				default:
					stats.zero++
				}
			}
		}
	}
	t.Logf("AndroidWorld conformance: %d of %d states agree, over %d tasks initialized (%d of AndroidWorld's %d tasks, or states, not simulated); agreed on %d successes, %d partial, %d failures, %d unscored",
		stats.agree, stats.states, stats.tasks, len(unsimulated), len(tasks), stats.one, stats.part, stats.zero, stats.raised)
	for _, u := range unsimulated {
		t.Logf("not simulated: %s", u)
	}
	for _, w := range differ {
		t.Errorf("differs from AndroidWorld: %s", w)
	}
	// A floor, so a broken driver or stand-in cannot pass by initializing nothing.
	if stats.tasks < minConformingTasks {
		t.Errorf("only %d tasks could be set up (want at least %d): see the list above", stats.tasks, minConformingTasks)
	}
}

// minConformingTasks is how many of AndroidWorld's tasks the stand-in sets up today.
const minConformingTasks = 100

// disagreement says how Check's verdict differs from AndroidWorld's ("" when it agrees).
func disagreement(awReward *float64, awRaised string, r *Result, err error) string {
	switch {
	case awReward == nil && awRaised == "":
		return "the driver gave neither a reward nor an exception"
	case awRaised != "" && err == nil:
		return fmt.Sprintf("AndroidWorld raised %s, Check gave %v", clip(awRaised, 150), r.Reward)
	case awRaised != "" && !errors.Is(err, ErrNoScore):
		return fmt.Sprintf("AndroidWorld raised %s, Check refused without saying AndroidWorld would record no score: %v", clip(awRaised, 150), err)
	case awRaised != "":
		return ""
	case err != nil:
		return fmt.Sprintf("AndroidWorld gave %v, Check refused: %v", *awReward, err)
	case r.Reward != *awReward:
		return fmt.Sprintf("AndroidWorld gave %v, Check %v:\n%s", *awReward, r.Reward, r.Explanation)
	}
	return ""
}

// conformanceSeeds are the fixed seeds each task runs with: one per task per run
// keeps the run within CI's budget; CONFORMANCE_SEEDS=N runs N per task.
func conformanceSeeds(task string) []int64 {
	n := 1
	if v, err := strconv.Atoi(os.Getenv("CONFORMANCE_SEEDS")); err == nil && v > 0 {
		n = v
	}
	seeds := make([]int64, n)
	for i := range seeds {
		seeds[i] = int64(20231015 + 7919*i)
	}
	return seeds
}

// requirePython finds Debian's python3 with the packages AndroidWorld imports; without
// them the test skips outside CI and fails in CI, which installs them (.ci/run).
func requirePython(t *testing.T) string {
	t.Helper()
	python := "/usr/bin/python3"
	missing := ""
	if _, err := exec.LookPath("protoc"); err != nil {
		missing = "protoc (apt-get install protobuf-compiler)"
	} else if out, err := exec.Command(python, "-c", "import numpy, google.protobuf, immutabledict, PIL, absl, requests").CombinedOutput(); err != nil {
		missing = fmt.Sprintf("%s with python3-numpy python3-protobuf python3-immutabledict python3-pil python3-absl python3-requests (%v: %s)", python, err, clip(strings.TrimSpace(string(out)), 200))
	}
	if missing != "" {
		if os.Getenv("CI") == "true" {
			t.Fatalf("AndroidWorld's evaluators need %s, which CI installs (.ci/run)", missing)
		}
		t.Skipf("AndroidWorld's evaluators need %s", missing)
	}
	return python
}

// Joplin's and OsmAnd's tables with every column AndroidWorld's rows have
// (sqlite_schema_utils.JoplinNote, JoplinNormalizedNote, JoplinFolder, OsmAndMapMarker).
const (
	schemaJoplinFull = `CREATE TABLE folders (id TEXT PRIMARY KEY, title TEXT NOT NULL DEFAULT "", created_time INT NOT NULL DEFAULT 0,
		updated_time INT NOT NULL DEFAULT 0, user_created_time INT NOT NULL DEFAULT 0, user_updated_time INT NOT NULL DEFAULT 0,
		deleted_time INT NOT NULL DEFAULT 0, encryption_cipher_text TEXT NOT NULL DEFAULT "", encryption_applied INT NOT NULL DEFAULT 0,
		parent_id TEXT NOT NULL DEFAULT "", is_shared INT NOT NULL DEFAULT 0, share_id TEXT NOT NULL DEFAULT "", master_key_id TEXT NOT NULL DEFAULT "",
		icon TEXT NOT NULL DEFAULT "", user_data TEXT NOT NULL DEFAULT "");
	CREATE TABLE notes (id TEXT PRIMARY KEY, parent_id TEXT NOT NULL DEFAULT "", title TEXT NOT NULL DEFAULT "", body TEXT NOT NULL DEFAULT "",
		created_time INT NOT NULL DEFAULT 0, updated_time INT NOT NULL DEFAULT 0, is_conflict INT NOT NULL DEFAULT 0, latitude NUMERIC NOT NULL DEFAULT 0,
		longitude NUMERIC NOT NULL DEFAULT 0, altitude NUMERIC NOT NULL DEFAULT 0, author TEXT NOT NULL DEFAULT "", source_url TEXT NOT NULL DEFAULT "",
		is_todo INT NOT NULL DEFAULT 0, todo_due INT NOT NULL DEFAULT 0, todo_completed INT NOT NULL DEFAULT 0, source TEXT NOT NULL DEFAULT "",
		source_application TEXT NOT NULL DEFAULT "", application_data TEXT NOT NULL DEFAULT "", "order" NUMERIC NOT NULL DEFAULT 0,
		user_created_time INT NOT NULL DEFAULT 0, user_updated_time INT NOT NULL DEFAULT 0, encryption_cipher_text TEXT NOT NULL DEFAULT "",
		encryption_applied INT NOT NULL DEFAULT 0, markup_language INT NOT NULL DEFAULT 1, is_shared INT NOT NULL DEFAULT 0,
		share_id TEXT NOT NULL DEFAULT "", conflict_original_id TEXT DEFAULT NULL, master_key_id TEXT NOT NULL DEFAULT "", user_data TEXT NOT NULL DEFAULT "",
		deleted_time INT NOT NULL DEFAULT 0);
	CREATE TABLE notes_normalized (id TEXT NOT NULL, parent_id TEXT NOT NULL DEFAULT "", title TEXT NOT NULL DEFAULT "", body TEXT NOT NULL DEFAULT "",
		latitude NUMERIC NOT NULL DEFAULT 0, longitude NUMERIC NOT NULL DEFAULT 0, altitude NUMERIC NOT NULL DEFAULT 0, source_url TEXT NOT NULL DEFAULT "",
		is_todo INT NOT NULL DEFAULT 0, todo_due INT NOT NULL DEFAULT 0, todo_completed INT NOT NULL DEFAULT 0, user_created_time INT NOT NULL DEFAULT 0,
		user_updated_time INT NOT NULL DEFAULT 0)`
	schemaRetroPlaylists = `CREATE TABLE PlaylistEntity (playlist_id INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, playlist_name TEXT NOT NULL);
	CREATE TABLE SongEntity (song_key INTEGER PRIMARY KEY AUTOINCREMENT NOT NULL, playlist_creator_id INTEGER NOT NULL, id INTEGER NOT NULL,
		title TEXT NOT NULL, track_number INTEGER NOT NULL, year INTEGER NOT NULL, duration INTEGER NOT NULL, data TEXT NOT NULL,
		date_modified INTEGER NOT NULL, album_id INTEGER NOT NULL, album_name TEXT NOT NULL, artist_id INTEGER NOT NULL,
		artist_name TEXT NOT NULL, composer TEXT, album_artist TEXT)`
	schemaRetroQueue = `CREATE TABLE playing_queue (_id INTEGER PRIMARY KEY, title TEXT, track INTEGER, year INTEGER, duration INTEGER,
		_data TEXT, date_modified INTEGER, album_id INTEGER, album TEXT, artist_id INTEGER, artist TEXT)`
	schemaMarkers = `CREATE TABLE map_markers (marker_id TEXT PRIMARY KEY, marker_lat DOUBLE, marker_lon DOUBLE, marker_description TEXT,
		marker_active INTEGER, marker_added INTEGER, marker_visited INTEGER, group_name TEXT, group_key TEXT, marker_color INTEGER,
		marker_next_key TEXT, marker_disabled INTEGER, marker_selected INTEGER, marker_map_object_name TEXT, title TEXT)`
)

// seedAppDatabases puts the apps' empty databases where AndroidWorld's setup pulls
// them from (an installed app has created them by the time a task starts), and the
// folders a device has.
func seedAppDatabases(t *testing.T, dev *adbd.Device) {
	for db, schema := range map[string]string{
		CalendarDB: schemaEvents, ExpenseDB: schemaExpense, RecipeDB: schemaRecipes, TasksDB: schemaTasks,
		TracksDB: schemaTracks, JoplinDB: schemaJoplinFull, VLCDB: schemaVLC, OsmAndMarkersDB: schemaMarkers,
		RetroPlaylistDB: schemaRetroPlaylists, RetroPlaybackDB: schemaRetroQueue,
	} {
		dev.PutFile(db, makeDB(t, schema))
	}
	for _, dir := range []string{PhotosData, VideosData, MarkorData, AudioRecorderData, EmulatorData + "/Documents", EmulatorData + "/Music",
		EmulatorData + "/Movies", EmulatorData + "/Pictures", OsmAndFiles + "/tracks", OsmAndFiles + "/favorites"} {
		dev.MakeDir(dir)
	}
}

// driver is the Python side, talking JSON lines.
type driver struct {
	in  io.WriteCloser
	out *bufio.Reader
}

func startDriver(t *testing.T, python, awSrc string, srv *adbtest.Server, serial string) *driver {
	adb := adbtest.Executable(t)
	script, err := filepath.Abs("testdata/awconformance/driver.py")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(python, script, awSrc, adb, strconv.Itoa(srv.Port()), serial)
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "TMPDIR="+t.TempDir(), "PYTHONDONTWRITEBYTECODE=1")
	var stderr strings.Builder
	cmd.Stderr = &limitedWriter{w: &stderr, n: 1 << 20}
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { cmd.Wait(); close(done) }()
	t.Cleanup(func() {
		in.Close()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
		if t.Failed() {
			t.Logf("driver stderr (end): %s", tail(stderr.String(), 3000))
		}
	})
	return &driver{in: in, out: bufio.NewReaderSize(out, 1<<20)}
}

func (d *driver) call(t *testing.T, cmd map[string]any, answer any) {
	t.Helper()
	line, err := json.Marshal(cmd)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := d.in.Write(append(line, '\n')); err != nil {
		t.Fatalf("driver: %v", err)
	}
	reply, err := d.out.ReadBytes('\n')
	if err != nil {
		t.Fatalf("driver ended on %s: %v", line, err)
	}
	if err := json.Unmarshal(reply, answer); err != nil {
		t.Fatalf("driver answered %q: %v", clip(string(reply), 200), err)
	}
}

type limitedWriter struct {
	w io.Writer
	n int
}

func (l *limitedWriter) Write(p []byte) (int, error) {
	if l.n <= 0 {
		return len(p), nil
	}
	q := p
	if len(q) > l.n {
		q = q[:l.n]
	}
	l.n -= len(q)
	l.w.Write(q)
	return len(p), nil
}

func tail(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[len(s)-n:]
}
