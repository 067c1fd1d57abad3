package adbd

import (
	"bytes"
	"fmt"
	"image/png"
	"io/fs"
	"maps"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"
)

// phone is what the device shows and stores. Every field is guarded by Device.mu.
type phone struct {
	props    map[string]string
	files    map[string]*file // regular files and directories made explicitly
	denied   []string
	settings map[string]map[string]string // namespace -> key -> value
	content  map[string][]Row

	screens []Screen
	hold    int // screencaps per screen; 0: only `input` moves on
	shots   int // screencaps served
	moves   int // `input` events seen
	shown   int // with hold 0: the screen the last screencap showed
	raw     map[int][]byte

	width, height int    // physical size
	overW, overH  int    // `wm size WxH` override; 0 when none
	clipboard     string // what Clipper's clipper.set stored
	clockAt       time.Time
	clockSetAt    time.Time // wall time when clockAt was set; zero: the device uses real time
}

// bootTime is the modification time of directories nobody wrote to.
var bootTime = time.Unix(1697384040, 0)

type file struct {
	data  []byte
	mode  uint32 // st_mode: type and permission bits
	mtime time.Time
	atime time.Time // zero: the modification time. Reads leave it alone; Touch sets it
}

// accessed is the access time `ls -u` shows.
func (f *file) accessed() time.Time {
	if f.atime.IsZero() {
		return f.mtime
	}
	return f.atime
}

const (
	modeRegular = 0o100000
	modeDir     = 0o040000
)

func newPhone(cfg Config) *phone {
	return &phone{
		props: map[string]string{
			"ro.build.version.release": cfg.Release,
			"ro.build.version.sdk":     itoa(cfg.SDK),
			"ro.product.model":         cfg.Model,
			"ro.product.name":          cfg.Product,
			"ro.product.device":        cfg.Name,
			"sys.boot_completed":       "1",
		},
		files: map[string]*file{
			"/storage/emulated/0":          {mode: modeDir | 0o771, mtime: bootTime},
			"/storage/emulated/0/Download": {mode: modeDir | 0o771, mtime: bootTime},
			"/data/local/tmp":              {mode: modeDir | 0o771, mtime: bootTime},
		},
		settings: map[string]map[string]string{"system": {}, "secure": {}, "global": {}},
		content:  map[string][]Row{},
		width:    cfg.Width, height: cfg.Height, hold: 1,
	}
}

// Screen is what the device shows at one moment.
type Screen struct {
	PNG      []byte // the screenshot (PNG); nil shows a blank screen of the device's size
	XML      string // the uiautomator dump of the same screen ("" gives a minimal hierarchy)
	Activity string // the resumed activity as package/class ("" gives the launcher)
	// DumpError, when set, is what `uiautomator dump` prints instead of dumping
	// (e.g. "ERROR: could not get idle state.").
	DumpError string
	// Buttons act when an `input tap` lands inside them (see apps.go).
	Buttons []Button
	// App marks a screen an app shows: BACK or HOME returns to the launcher.
	App bool
}

// AdvanceOnInput is the hold that makes screens change only on `input` commands.
const AdvanceOnInput = 0

// SetScreens sets what the device shows. With hold > 0 each screen is served for hold
// screencaps before the next; with AdvanceOnInput each `input` command (tap, swipe,
// text, keyevent) moves on by one screen, as an agent's action would, and the next
// screencap shows where it led. After the last screen the device stays there. UI dumps
// and dumpsys describe the screen the last screencap showed, so a screenshot and the
// dump taken right after it always agree.
func (d *Device) SetScreens(screens []Screen, hold int) {
	d.mu.Lock()
	defer d.mu.Unlock()
	p := d.state
	p.screens, p.hold, p.shots, p.moves, p.shown, p.raw = screens, max(hold, 0), 0, 0, 0, nil
	if len(screens) > 0 && screens[0].PNG != nil {
		if cfg, err := png.DecodeConfig(bytes.NewReader(screens[0].PNG)); err == nil {
			p.width, p.height = cfg.Width, cfg.Height
		}
	}
}

// Screencaps reports how many screenshots the device has taken.
func (d *Device) Screencaps() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.state.shots
}

// CurrentScreen is the index of the screen on display (-1 without screens).
func (d *Device) CurrentScreen() int {
	d.mu.Lock()
	defer d.mu.Unlock()
	i, _ := d.state.current()
	return i
}

// current returns the screen on display: the one the last screencap showed.
func (p *phone) current() (int, Screen) {
	if len(p.screens) == 0 {
		return -1, Screen{}
	}
	i := p.shown
	if p.hold > 0 {
		i = 0
		if p.shots > 0 {
			i = (p.shots - 1) / p.hold
		}
	}
	i = min(i, len(p.screens)-1)
	return i, p.screens[i]
}

// SetProp sets a system property (getprop).
func (d *Device) SetProp(key, value string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.state.props[key] = value
}

// SetSetting sets a value of `settings` (namespace system, secure or global).
func (d *Device) SetSetting(namespace, key, value string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.state.settings[namespace] == nil {
		d.state.settings[namespace] = map[string]string{}
	}
	d.state.settings[namespace][key] = value
}

// Setting reads a value of `settings`; ok is false when it is unset.
func (d *Device) Setting(namespace, key string) (value string, ok bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	value, ok = d.state.settings[namespace][key]
	return value, ok
}

// Col is one column of a content provider row; a nil Value prints as NULL.
type Col struct {
	Name  string
	Value any
}

// Row is one row of a content provider, its columns in order.
type Row []Col

// R builds a row from name, value pairs: R("display_name", "Jane", "number", "555").
func R(pairs ...any) Row {
	var r Row
	for i := 0; i+1 < len(pairs); i += 2 {
		r = append(r, Col{Name: fmt.Sprint(pairs[i]), Value: pairs[i+1]})
	}
	return r
}

// SetContent sets the rows a content provider URI returns to `content query`.
func (d *Device) SetContent(uri string, rows ...Row) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.state.content[uri] = rows
}

// SetClock sets the device clock (`date`) to t, running from now.
func (d *Device) SetClock(t time.Time) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.state.clockAt, d.state.clockSetAt = t, time.Now()
}

func (p *phone) now() time.Time {
	if p.clockSetAt.IsZero() {
		return time.Now()
	}
	return p.clockAt.Add(time.Since(p.clockSetAt))
}

// PutFile places a regular file (mode 0644), modified and accessed now; its
// directories are implied.
func (d *Device) PutFile(p string, data []byte) {
	d.mu.Lock()
	defer d.mu.Unlock()
	now := d.state.now()
	d.state.files[clean(p)] = &file{data: bytes.Clone(data), mode: modeRegular | 0o644, mtime: now, atime: now}
}

// MakeDir makes a directory (mode 0771) and its parents, which stays when empty.
func (d *Device) MakeDir(p string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if _, ok := d.state.lookup(p); !ok {
		d.state.files[clean(p)] = &file{mode: modeDir | 0o771, mtime: d.state.now()}
	}
}

// Touch sets a file's or directory's modification and access times, as touch -m -a
// -d does; ok is false when there is no such path.
func (d *Device) Touch(p string, mtime, atime time.Time) (ok bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	key := clean(p)
	f := d.state.files[key]
	if f == nil {
		implied, found := d.state.lookup(p)
		if !found {
			return false
		}
		// An implied directory becomes an explicit one to hold its times.
		f = implied
		d.state.files[key] = f
	}
	f.mtime, f.atime = mtime, atime
	return true
}

// File returns a file's content; ok is false when there is no such regular file.
func (d *Device) File(p string) (data []byte, ok bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	f := d.state.files[clean(p)]
	if f == nil || f.mode&modeDir != 0 {
		return nil, false
	}
	return bytes.Clone(f.data), true
}

// RemoveFile deletes a file.
func (d *Device) RemoveFile(p string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	delete(d.state.files, clean(p))
}

// DenyPath makes everything under prefix unreadable and unwritable for the shell user,
// as /data/data is on a device without root.
func (d *Device) DenyPath(prefix string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.state.denied = append(d.state.denied, clean(prefix))
}

// PutDir copies a host directory tree onto the device under dir.
func (d *Device) PutDir(hostDir, dir string) error {
	return filepath.WalkDir(hostDir, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		rel, err := filepath.Rel(hostDir, p)
		if err != nil {
			return err
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		d.PutFile(path.Join(dir, filepath.ToSlash(rel)), data)
		return nil
	})
}

func clean(p string) string {
	p = path.Clean("/" + p)
	// /sdcard is a link to /storage/emulated/0 on a device; one tree serves both.
	if p == "/sdcard" || strings.HasPrefix(p, "/sdcard/") {
		p = "/storage/emulated/0" + strings.TrimPrefix(p, "/sdcard")
	}
	return p
}

// errText is an error worded as strerror words it.
type errText string

func (e errText) Error() string { return string(e) }

const (
	errDenied   = errText("Permission denied")
	errNotExist = errText("No such file or directory")
	errIsDir    = errText("Is a directory")
)

// open finds a file or directory as the shell user reaches it: errDenied under a denied
// path (checked first, as the kernel checks search permission before the name),
// errNotExist when there is none.
func (p *phone) open(name string) (*file, error) {
	if p.deniedPath(name) {
		return nil, errDenied
	}
	f, ok := p.lookup(name)
	if !ok {
		return nil, errNotExist
	}
	return f, nil
}

func (p *phone) deniedPath(name string) bool {
	name = clean(name)
	for _, d := range p.denied {
		if name == d || strings.HasPrefix(name, d+"/") {
			return true
		}
	}
	return false
}

// lookup finds a file, or a directory made explicitly or implied by the files under it.
func (p *phone) lookup(name string) (*file, bool) {
	name = clean(name)
	if f := p.files[name]; f != nil {
		return f, true
	}
	prefix := strings.TrimSuffix(name, "/") + "/"
	for q, f := range p.files {
		if f != nil && (name == "/" || strings.HasPrefix(q, prefix)) {
			return &file{mode: modeDir | 0o771, mtime: bootTime}, true
		}
	}
	return nil, false
}

// dirEntry is one name in a directory listing.
type dirEntry struct {
	name string
	f    *file
}

// list returns a directory's entries in name order.
func (p *phone) list(dir string) []dirEntry {
	dir = clean(dir)
	prefix := strings.TrimSuffix(dir, "/") + "/"
	seen := map[string]*file{}
	for q, f := range p.files {
		if f == nil || !strings.HasPrefix(q, prefix) {
			continue
		}
		rest := q[len(prefix):]
		if i := strings.IndexByte(rest, '/'); i >= 0 {
			if seen[rest[:i]] == nil {
				seen[rest[:i]] = &file{mode: modeDir | 0o771, mtime: bootTime}
			}
			continue
		}
		seen[rest] = f
	}
	out := make([]dirEntry, 0, len(seen))
	for n, f := range seen {
		out = append(out, dirEntry{n, f})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

// State is a saved copy of what the device stores and shows, for tests that try many
// states from one starting point.
type State struct{ p *phone }

// SaveState copies the device's files, settings, content, screens and clock.
func (d *Device) SaveState() State {
	d.mu.Lock()
	defer d.mu.Unlock()
	return State{d.state.clone()}
}

// RestoreState puts a saved copy back.
func (d *Device) RestoreState(s State) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.state = s.p.clone()
}

func (p *phone) clone() *phone {
	c := *p
	c.props = maps.Clone(p.props)
	c.files = make(map[string]*file, len(p.files))
	for k, f := range p.files {
		if f != nil {
			g := *f
			g.data = bytes.Clone(f.data)
			c.files[k] = &g
		}
	}
	c.denied = slices.Clone(p.denied)
	c.settings = map[string]map[string]string{}
	for ns, m := range p.settings {
		c.settings[ns] = maps.Clone(m)
	}
	c.content = maps.Clone(p.content)
	c.screens = slices.Clone(p.screens)
	c.raw = maps.Clone(p.raw)
	return &c
}
