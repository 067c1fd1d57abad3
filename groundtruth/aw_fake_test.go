package groundtruth

import (
	"context"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/autoeval/autoeval/device"
)

// The AndroidWorld tables (aw_*_test.go) check each family's verdict on device states
// written out in full: for every family the success state, and for each condition its
// evaluator in google-research/android_world checks a near miss breaking that one
// condition. Each case cites the evaluator and the condition it exercises; the expected
// reward is what that evaluator returns for the state. The states live in a fakeState
// (files, app databases, shell answers, the foreground activity and the screen), the
// device abstraction the checks read through; the adb path itself is covered by
// TestFamiliesThroughADB.

// fakeFile is a file on the fake device; atime is what `ls -ll -au` shows.
type fakeFile struct {
	data  []byte
	atime string // "2023-10-15 15:34:00.123456789" (default: a fixed time)
}

// fakeState is one device state.
type fakeState struct {
	files    map[string]fakeFile
	dirs     map[string]bool   // folders that exist even when empty
	shell    map[string]string // exact command → output
	activity string            // foreground activity ("" = the launcher)
	ui       string            // uiautomator dump ("" = an empty screen)
}

func newState() *fakeState {
	return &fakeState{files: map[string]fakeFile{}, dirs: map[string]bool{}, shell: map[string]string{},
		activity: "com.google.android.apps.nexuslauncher/.NexusLauncherActivity"}
}

// clone copies the state so a near miss can change one thing.
func (s *fakeState) clone() *fakeState {
	c := newState()
	for k, v := range s.files {
		c.files[k] = v
	}
	for k, v := range s.dirs {
		c.dirs[k] = v
	}
	for k, v := range s.shell {
		c.shell[k] = v
	}
	c.activity, c.ui = s.activity, s.ui
	return c
}

func (s *fakeState) put(p string, data string) *fakeState {
	s.files[p] = fakeFile{data: []byte(data)}
	return s
}

func (s *fakeState) putBytes(p string, data []byte) *fakeState {
	s.files[p] = fakeFile{data: data}
	return s
}

func (s *fakeState) putTimed(p, data, atime string) *fakeState {
	s.files[p] = fakeFile{data: []byte(data), atime: atime}
	return s
}

func (s *fakeState) rm(p string) *fakeState { delete(s.files, p); return s }

func (s *fakeState) mkdir(p string) *fakeState { s.dirs[p] = true; return s }

func (s *fakeState) sh(cmd, out string) *fakeState { s.shell[cmd] = out; return s }

func (s *fakeState) fg(activity string) *fakeState { s.activity = activity; return s }

func (s *fakeState) screen(ui string) *fakeState { s.ui = ui; return s }

// fakeDev serves a fakeState as a Device with the optional upgrades *device.Device has.
type fakeDev struct{ s *fakeState }

func (d fakeDev) Shell(_ context.Context, cmd string) (string, error) {
	if out, ok := d.s.shell[cmd]; ok {
		return out, nil
	}
	if f := strings.Fields(cmd); len(f) == 4 && f[0] == "ls" && f[2] == "-ll" && f[3] == "-au" {
		return d.ls(f[1]), nil
	}
	if f := strings.Fields(cmd); len(f) == 2 && f[0] == "ls" {
		return d.lsNames(f[1]), nil
	}
	switch cmd {
	case "am start -n " + ClipperActivity, "input keyevent KEYCODE_BACK":
		return "", nil
	}
	return "", fmt.Errorf("fake device: no answer for %q", cmd)
}

// ls renders `ls DIR -ll -au` as toybox does: one line per entry, folders marked "d".
func (d fakeDev) ls(dir string) string {
	if f, ok := d.s.files[dir]; ok {
		// A file argument is listed itself, named as given.
		return fmt.Sprintf("-rw-rw---- 1 u0_a158 media_rw %d 2023-10-15 15:00:00.000000000 +0000 %s\n", len(f.data), dir)
	}
	if !d.isDir(dir) {
		return "ls: " + dir + ": No such file or directory\n"
	}
	var lines []string
	for _, e := range d.entries(dir) {
		t := "2023-10-15 15:00:00.000000000"
		if f, ok := d.s.files[path.Join(dir, e.Name)]; ok && f.atime != "" {
			t = f.atime
		}
		mode := "-rw-rw----"
		if e.Mode.IsDir() {
			mode = "drwxrws---"
		}
		lines = append(lines, fmt.Sprintf("%s 1 u0_a158 media_rw %d %s +0000 %s", mode, e.Size, t, e.Name))
	}
	return "total 8\n" + strings.Join(lines, "\n") + "\n"
}

// lsNames renders `ls DIR` as toybox does to a pipe: the names one per line, sorted,
// dot files hidden.
func (d fakeDev) lsNames(dir string) string {
	if _, ok := d.s.files[dir]; ok {
		return dir + "\n"
	}
	if !d.isDir(dir) {
		return "ls: " + dir + ": No such file or directory\n"
	}
	var b strings.Builder
	for _, e := range d.entries(dir) {
		if !strings.HasPrefix(e.Name, ".") {
			b.WriteString(e.Name + "\n")
		}
	}
	return b.String()
}

func (d fakeDev) Pull(_ context.Context, p string) ([]byte, error) {
	if f, ok := d.s.files[p]; ok {
		return f.data, nil
	}
	return nil, fmt.Errorf("pull %s: %w", p, fs.ErrNotExist)
}

func (d fakeDev) isDir(p string) bool {
	if d.s.dirs[p] {
		return true
	}
	for f := range d.s.files {
		if strings.HasPrefix(f, p+"/") {
			return true
		}
	}
	for f := range d.s.dirs {
		if strings.HasPrefix(f, p+"/") {
			return true
		}
	}
	return false
}

func (d fakeDev) Stat(_ context.Context, p string) (device.FileInfo, error) {
	if f, ok := d.s.files[p]; ok {
		return device.FileInfo{Name: path.Base(p), Mode: 0o660, Size: int64(len(f.data))}, nil
	}
	if d.isDir(p) {
		return device.FileInfo{Name: path.Base(p), Mode: fs.ModeDir | 0o770}, nil
	}
	return device.FileInfo{}, fmt.Errorf("stat %s: %w", p, fs.ErrNotExist)
}

func (d fakeDev) entries(dir string) []device.FileInfo {
	seen := map[string]device.FileInfo{}
	add := func(p string, isFile bool) {
		if !strings.HasPrefix(p, dir+"/") {
			return
		}
		rest := strings.TrimPrefix(p, dir+"/")
		name, deeper, _ := strings.Cut(rest, "/")
		if deeper != "" || !isFile {
			seen[name] = device.FileInfo{Name: name, Mode: fs.ModeDir | 0o770}
			return
		}
		seen[name] = device.FileInfo{Name: name, Mode: 0o660, Size: int64(len(d.s.files[p].data)), ModTime: time.Unix(1697382000, 0)}
	}
	for f := range d.s.files {
		add(f, true)
	}
	for f := range d.s.dirs {
		add(f, false)
	}
	var out []device.FileInfo
	for _, e := range seen {
		out = append(out, e)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func (d fakeDev) List(_ context.Context, dir string) ([]device.FileInfo, error) {
	return d.entries(dir), nil
}

func (d fakeDev) ForegroundActivity(context.Context) (string, error) { return d.s.activity, nil }

func (d fakeDev) UIXML(context.Context) (string, error) {
	if d.s.ui == "" {
		return `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="" bounds="[0,0][1080,2400]" /></hierarchy>`, nil
	}
	return d.s.ui, nil
}

// awCase is one row of an AndroidWorld table: the state after the agent (and before
// it, for checks that compare), the parameters, and the reward the cited evaluator
// gives (or that it fails: wantErr).
type awCase struct {
	name    string
	cite    string // evaluator file and the condition this case exercises
	task    string
	params  Params
	before  *fakeState // nil: no snapshot
	after   *fakeState
	reward  float64
	wantErr string // a substring of the expected error; "" = a reward
}

func runAWTable(t *testing.T, cases []awCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.task+"/"+c.name, func(t *testing.T) {
			if c.cite == "" {
				t.Fatal("case cites no evaluator")
			}
			ctx := context.Background()
			var snap *Snapshot
			if c.before != nil {
				var err error
				if snap, err = TakeSnapshot(ctx, fakeDev{c.before}, c.task, c.params); err != nil {
					t.Fatalf("snapshot: %v", err)
				}
				// Round-trip through disk, as `run` and `--before DIR` do.
				dir := t.TempDir()
				if err := snap.Save(dir); err != nil {
					t.Fatal(err)
				}
				if snap, err = LoadSnapshot(dir); err != nil {
					t.Fatal(err)
				}
			}
			r, err := Check(ctx, fakeDev{c.after}, c.task, c.params, snap)
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("want an error containing %q (%s), got %v %v", c.wantErr, c.cite, err, r)
				}
				return
			}
			if err != nil {
				t.Fatalf("%s: %v", c.cite, err)
			}
			if r.Reward != c.reward {
				t.Fatalf("reward %v, want %v (%s)\n%s", r.Reward, c.reward, c.cite, r.Explanation)
			}
		})
	}
}

// covered records which tasks the tables exercise; TestAWTablesCoverEveryTask checks
// that every catalogued task has a success and a failure row.
var covered = map[string][2]bool{}

func table(t *testing.T, cases []awCase) {
	for _, c := range cases {
		k := covered[c.task]
		if c.wantErr == "" && c.reward >= 1 {
			k[0] = true
		} else if c.wantErr == "" {
			k[1] = true
		}
		covered[c.task] = k
	}
	runAWTable(t, cases)
}

// each repeats cases under every task name of a group registered from one evaluator
// (AndroidWorld's subclasses that change only the setup or the goal's wording).
func each(tasks []string, cases []awCase) []awCase {
	var out []awCase
	for _, task := range tasks {
		for _, c := range cases {
			c.task = task
			out = append(out, c)
		}
	}
	return out
}
