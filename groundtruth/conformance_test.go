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
	"regexp"
	"slices"
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
// Every one of AndroidWorld's 116 tasks must be set up, and every state applied: a
// setup or state that needs what the stand-in does not simulate fails the test, naming
// what was missing. Each task must meet a state AndroidWorld scores 1 and one it scores
// below 1 (or raises on), so no task is checked for "did nothing" alone.
//
// It runs with AUTOEVAL_CONFORMANCE=1 (.ci/run has a step for it); outside CI,
// CONFORMANCE_SEEDS=N samples more seeds, CONFORMANCE_TASKS=REGEXP runs some tasks and
// CONFORMANCE_VERBOSE=1 logs every verdict.
func TestConformsToAndroidWorld(t *testing.T) {
	if os.Getenv("AUTOEVAL_CONFORMANCE") != "1" {
		t.Skip("set AUTOEVAL_CONFORMANCE=1 to run it (two to three minutes; .ci/run runs it once, in its own step)")
	}
	awSrc := testenv.SharedData(t, "androidworld/src")
	python := requirePython(t)
	srv := adbtest.Start(t)
	// An emulator, as AndroidWorld's device is: `adb emu sms send` reaches its console.
	dev := adbd.StartEmulator(t, adbd.Config{Features: append([]string{"shell_v2"}, adbd.DefaultFeatures...)})
	serial := srv.ConnectEmulator(t, dev)
	a11y, err := dev.ServeAccessibility()
	if err != nil {
		t.Fatal(err)
	}
	seedAppDatabases(t, dev)
	ctx := context.Background()
	d, err := device.Connect(ctx, device.Options{Addr: srv.Addr(), Serial: serial})
	if err != nil {
		t.Fatal(err)
	}
	drv := startDriver(t, python, awSrc, srv, serial, a11y)
	var tasks []string
	drv.call(t, map[string]any{"op": "tasks"}, &struct{ Tasks *[]string }{&tasks})
	if len(tasks) != 116 {
		t.Fatalf("AndroidWorld lists %d tasks, want 116", len(tasks))
	}
	if re := os.Getenv("CONFORMANCE_TASKS"); re != "" {
		// Outside CI: only the tasks this regular expression matches.
		only := regexp.MustCompile(re)
		tasks = slices.DeleteFunc(tasks, func(task string) bool { return !only.MatchString(task) })
	}
	clean := dev.SaveState()
	var stats struct{ tasks, states, agree, one, part, zero, raised int }
	var differ, unsimulated []string
	// Per task, the verdicts AndroidWorld gave: a task set up must be seen both
	// succeeding and failing (or raising), else its states test nothing.
	verdicts := map[string]map[string]int{}
	stateNames := map[string]map[string]bool{}
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
				var applied struct {
					Answer *string
					Screen *struct {
						Activity, XML string
						SDK           int
					}
					SetupError string `json:"setup_error"`
				}
				var got struct {
					Reward     *float64
					Raised     string
					SetupError string `json:"setup_error"`
				}
				refused := len(dev.Refused())
				drv.call(t, map[string]any{"op": "apply", "state": state}, &applied)
				if applied.SetupError == "" {
					if s := applied.Screen; s != nil {
						// What an app would draw: the stand-in has no app, so the screen is
						// put on it (the dump Go reads, the forest AndroidWorld reads).
						dev.SetScreens([]adbd.Screen{{Activity: s.Activity, XML: s.XML}}, 1)
						if s.SDK > 0 {
							dev.SetProp("ro.build.version.sdk", strconv.Itoa(s.SDK))
							dev.SetProp("ro.build.version.release", strconv.Itoa(s.SDK-20))
						}
					}
					drv.call(t, map[string]any{"op": "score"}, &got)
				} else {
					got.SetupError = applied.SetupError
				}
				if r := dev.Refused(); len(r) > refused {
					unsimulated = append(unsimulated, fmt.Sprintf("%s (seed %d) state %q: the state or the evaluator ran what the stand-in does not simulate: %s", task, seed, state, clip(strings.Join(r[refused:], "; "), 200)))
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
				if applied.Answer != nil {
					p["answer"] = *applied.Answer
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
				if os.Getenv("CONFORMANCE_VERBOSE") == "1" {
					aw := got.Raised
					if aw == "" {
						aw = strconv.FormatFloat(*got.Reward, 'g', -1, 64)
					}
					t.Logf("agree: %s seed %d, %s: %s", task, seed, state, clip(aw, 120))
				}
				if verdicts[task] == nil {
					verdicts[task], stateNames[task] = map[string]int{}, map[string]bool{}
				}
				stateNames[task][state] = true
				switch {
				case got.Raised != "":
					stats.raised++
					verdicts[task]["unscored"]++
				case *got.Reward == 1:
					stats.one++
					verdicts[task]["1"]++
				case *got.Reward > 0:
					stats.part++
					verdicts[task]["partial"]++
				default:
					stats.zero++
					verdicts[task]["0"]++
				}
			}
		}
	}
	named := 0 // distinct states by task: the success state and the near misses, each named by what it breaks
	for _, v := range stateNames {
		named += len(v)
	}
	t.Logf("AndroidWorld conformance: %d of %d states agree, %d of AndroidWorld's %d tasks set up (%d instances, %d distinct states by task); agreed on %d successes, %d partial, %d failures, %d unscored",
		stats.agree, stats.states, len(verdicts), len(tasks), stats.tasks, named, stats.one, stats.part, stats.zero, stats.raised)
	for _, u := range unsimulated {
		t.Errorf("not simulated: %s", u)
	}
	for _, w := range differ {
		t.Errorf("differs from AndroidWorld: %s", w)
	}
	for _, task := range tasks {
		v := verdicts[task]
		if v == nil {
			t.Errorf("%s: never set up and scored (see above)", task)
			continue
		}
		t.Logf("conformance: %-45s %3d states: %d scored 1, %d partial, %d scored 0, %d unscored", task, v["1"]+v["partial"]+v["0"]+v["unscored"], v["1"], v["partial"], v["0"], v["unscored"])
		if v["1"] == 0 || v["0"]+v["partial"]+v["unscored"] == 0 {
			t.Errorf("%s: no state AndroidWorld scores 1, or none it scores below 1 (%v): its states test nothing", task, v)
		}
	}
}

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

// conformanceSeeds are the fixed seeds each task runs with: the first of the list for
// every task, and as many more as it takes for the tasks whose parameters branch to
// reach every branch (branchingSeeds), which keeps a run within CI's budget;
// CONFORMANCE_SEEDS=N runs the first N (or more, where a task needs them) for every task.
func conformanceSeeds(task string) []int64 {
	n := max(1, branchingSeeds[task])
	if v, err := strconv.Atoi(os.Getenv("CONFORMANCE_SEEDS")); err == nil && v > n {
		n = v
	}
	seeds := make([]int64, n)
	for i := range seeds {
		seeds[i] = int64(20231015 + 7919*i)
	}
	return seeds
}

// branchingSeeds: how many of the seed list a task takes to meet each branch of its
// parameters (what generate_random_params draws for those seeds): MarkorEditNote's
// edit types (replace, footer, header for the first three); OsmAnd's place, given by
// name (first seed) or as coordinates (third seed); the new-contact label (Home, then
// Work at the fourth).
var branchingSeeds = map[string]int{"MarkorEditNote": 3, "OsmAndFavorite": 3, "OsmAndMarker": 3, "ContactsNewContactDraft": 4}

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
		RetroPlaylistDB: schemaRetroPlaylists, RetroPlaybackDB: schemaRetroQueue, adbd.MmsSmsDB: adbd.TelephonySchema,
	} {
		dev.PutFile(db, makeDB(t, schema))
	}
	dev.SetContent(adbd.ContactsPhones) // the contacts provider, with no contacts yet
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

func startDriver(t *testing.T, python, awSrc string, srv *adbtest.Server, serial, a11y string) *driver {
	adb := adbtest.Executable(t)
	script, err := filepath.Abs("testdata/awconformance/driver.py")
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(python, script, awSrc, adb, strconv.Itoa(srv.Port()), serial)
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir(), "TMPDIR="+t.TempDir(), "PYTHONDONTWRITEBYTECODE=1", "AWCONFORMANCE_A11Y="+a11y)
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
