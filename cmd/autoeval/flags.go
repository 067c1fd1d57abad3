package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/autoeval/autoeval/device"
	"github.com/autoeval/autoeval/observer"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/trace"
)

// Flag groups: each command registers the groups it uses (the model group is in models.go),
// so its --help lists only flags it honours. Throughout, a count or duration of 0 means
// none (no retries, no limit, no wait); a flag whose default is derived from others says so.

// dbFlag is --db, for the commands that keep progress, judgments and the model cache.
type dbFlag struct {
	path   string
	getenv func(string) string
}

func (d *dbFlag) register(fs *pflag.FlagSet) {
	fs.StringVar(&d.path, "db", "", "SQLite database for runs, judgments, progress and the model cache (default $AUTOEVAL_DB, else autoeval/autoeval.db under $XDG_DATA_HOME or ~/.local/share)")
}

// open opens the database; only the default location's folder is created.
func (d *dbFlag) open(ctx context.Context) (*store.DB, error) {
	path, name := d.path, "--db"
	if path == "" {
		path, name = d.getenv(store.EnvDB), "$"+store.EnvDB
	}
	if path != "" && path != ":memory:" {
		if err := outFileFolder(name, path); err != nil {
			return nil, err
		}
	}
	return store.OpenDefault(ctx, d.path, d.getenv)
}

// outFileFolder refuses a file named on the command line (--db, report --out, judge --trace
// --out) whose folder does not exist: a mistyped path must not leave new folders behind.
// Folders named as such (--out DIR) are created.
func outFileFolder(flag, path string) error {
	dir := filepath.Dir(path)
	st, err := os.Stat(dir)
	switch {
	case errors.Is(err, os.ErrNotExist):
		return fmt.Errorf("%s %s: the folder %s does not exist; create it first", flag, path, dir)
	case err != nil:
		return fmt.Errorf("%s %s: %w", flag, path, err)
	case !st.IsDir():
		return fmt.Errorf("%s %s: %s is not a folder", flag, path, dir)
	}
	return nil
}

// optionalInt is an int flag whose default is derived elsewhere (a provider's own limit):
// unset, --help shows no number for it, and set says so.
type optionalInt struct {
	n   int
	set bool
}

func (o *optionalInt) String() string {
	if !o.set {
		return ""
	}
	return strconv.Itoa(o.n)
}

func (o *optionalInt) Set(s string) error {
	n, err := strconv.Atoi(s)
	if err != nil {
		return err
	}
	o.n, o.set = n, true
	return nil
}

func (o *optionalInt) Type() string { return "int" }

// pixelFlag is --max-pixels, for the commands that decode frames (trace validate, report)
// or send screenshots to a model or read them by OCR (judge, run).
type pixelFlag struct{ limits trace.Limits }

func (p *pixelFlag) register(fs *pflag.FlagSet) {
	fs.IntVar(&p.limits.MaxPixels, "max-pixels", trace.DefaultMaxPixels, "largest frame decoded, as width x height: a bigger screenshot is a problem of its frame, never a reason to run out of memory")
}

func (p *pixelFlag) check() error {
	if p.limits.MaxPixels < 1 {
		return usagef("--max-pixels %d: want 1 or more", p.limits.MaxPixels)
	}
	return nil
}

// deviceFlags are the device and capture flags of observe and run.
type deviceFlags struct {
	serial   string
	pool     bool     // run: --device may be repeated, and several devices form a pool
	serials  []string // with pool
	adb      string
	wait     time.Duration
	interval time.Duration
	xml      bool
	activity bool
	capture  string
	thresh   float64

	io     *IOStreams
	getenv func(string) string
}

func newDeviceFlags(f *Factory, pool bool) *deviceFlags {
	return &deviceFlags{pool: pool, io: f.IO, getenv: f.Getenv}
}

func (d *deviceFlags) register(f *pflag.FlagSet) {
	if d.pool {
		f.StringSliceVar(&d.serials, "device", nil, "device serial (as 'adb devices' lists it); repeat it (or separate serials with commas) for a pool of devices, one task on each at a time (default: $ANDROID_SERIAL if set, else every online device)")
	} else {
		f.StringVar(&d.serial, "device", "", "device serial (as 'adb devices' lists it); required when several devices are attached")
	}
	f.StringVar(&d.adb, "adb", "", "adb server as host:port (default $ADB_SERVER_SOCKET as tcp:host:port, else localhost:5037)")
	f.DurationVar(&d.wait, "wait", 30*time.Second, "how long to wait for the device to be attached and online (0: fail at once)")
	f.DurationVar(&d.interval, "interval", 500*time.Millisecond, "time between screenshots; a slower device simply yields fewer frames")
	f.BoolVar(&d.xml, "xml", false, "also record the UI hierarchy of every kept frame (uiautomator dump; slower, but the judge reads exact text from it)")
	f.BoolVar(&d.activity, "activity", true, "record the foreground activity of every kept frame")
	f.StringVar(&d.capture, "capture", observer.CaptureAuto, "screenshot method: png (screencap -p, encoded on the device), raw (framebuffer, encoded here), auto (time both once, use the faster)")
	f.Float64Var(&d.thresh, "dedup-threshold", observer.DefaultThreshold, "frames whose largest change of a ~40 px cell's brightness (0..1, status bar ignored) is at most this are dropped as duplicates; 0 drops exact repeats only, negative keeps every frame")
}

// check rejects flag values that cannot mean anything, before any device work starts.
func (d *deviceFlags) check(cmdName string) error {
	switch d.capture {
	case observer.CaptureAuto, observer.CapturePNG, observer.CaptureRaw:
	default:
		return usagef("%s: --capture %q: want auto, png or raw", cmdName, d.capture)
	}
	switch {
	case d.interval <= 0:
		return usagef("%s: --interval %v: want a positive duration such as 500ms", cmdName, d.interval)
	case d.thresh > 1:
		return usagef("%s: --dedup-threshold %v: want at most 1 (a change of every cell's brightness); above it every frame after the first would be dropped", cmdName, d.thresh)
	case d.wait < 0:
		return usagef("%s: --wait %v: want 0 (fail at once) or a positive duration", cmdName, d.wait)
	}
	return nil
}

// deviceOptions are the device options of --adb and --wait, with notes while waiting.
func (d *deviceFlags) deviceOptions() (device.Options, error) {
	addr, err := device.ResolveAddr(d.adb, d.getenv)
	if err != nil {
		return device.Options{}, usagef("%v", err)
	}
	return device.Options{Addr: addr, WaitTimeout: d.wait, OnWait: waitNotes(d.io, d.wait)}, nil
}

// waitNotes says what a command waits for as soon as it starts waiting, and then every few
// seconds: a command that prints nothing for the whole --wait looks hung.
func waitNotes(io *IOStreams, limit time.Duration) func(device.Wait) {
	return func(w device.Wait) {
		if w.Waited == 0 {
			io.Notef("waiting up to %s for %s: %v", limit, w.For, w.Why)
			return
		}
		io.Notef("still waiting for %s (%s of %s): %v", w.For, w.Waited.Round(time.Second), limit, w.Why)
	}
}

// connect connects observe's device.
func (d *deviceFlags) connect(ctx context.Context) (*device.Device, error) {
	o, err := d.deviceOptions()
	if err != nil {
		return nil, err
	}
	o.Serial = d.serial
	return device.Connect(ctx, o)
}

// connectPool connects run's devices: those named with --device, else $ANDROID_SERIAL's (as
// adb itself does), else every online device. skipped says which attached devices were left
// out and why.
func (d *deviceFlags) connectPool(ctx context.Context) (pool []*device.Device, skipped []string, err error) {
	o, err := d.deviceOptions()
	if err != nil {
		return nil, nil, err
	}
	serials := d.serials
	if len(serials) == 0 {
		if s := strings.TrimSpace(d.getenv("ANDROID_SERIAL")); s != "" {
			serials = []string{s}
		}
	}
	return device.ConnectAll(ctx, o, serials)
}

// observerOptions sets the capture settings of o.
func (d *deviceFlags) observerOptions(o *observer.Options) {
	o.Interval, o.XML, o.Activity, o.Capture, o.Threshold = d.interval, d.xml, d.activity, d.capture, d.thresh
}
