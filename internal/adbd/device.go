// Package adbd is a device-side stand-in for tests: a TCP server that speaks adbd's
// transport protocol the way an Android device reachable over TCP/IP does, so the real
// adb server (`adb connect 127.0.0.1:PORT`) and everything behind it can be tested
// without a phone. It is written from AOSP's published protocol documents
// (packages/modules/adb protocol.txt, SYNC.TXT, SERVICES.TXT), not from this project's
// client code, so that a client bug shows up as a failure.
//
// What it speaks:
//   - the CONNECT handshake, negotiating the protocol version and maxdata, with the
//     checksum rule of each version (0x01000000 sums the payload, 0x01000001 skips it);
//     optionally an AUTH exchange that never accepts a key (an "unauthorized" device);
//   - OPEN/OKAY/WRTE/CLSE streams with WRTE flow control, several at once;
//   - the legacy `shell:CMD` and `exec:CMD` services (raw, no shell protocol: the device
//     has no shell_v2 feature, so output and errors arrive merged and the exit status is
//     lost), `sync:` (sync v1: STAT, LIST, RECV, SEND, QUIT, 64 KiB chunks);
//   - any other service is closed at once, as adbd closes a service it does not know.
//
// Its shell tokenises quoting as a device shell does and runs lists (`;`, `&&`, `||`),
// pipes and simple redirections; commands are a small toybox: echo, cat, rm, mkdir, ls
// (toybox's listings and long formats, byte for byte), getprop, wm, screencap,
// uiautomator dump, dumpsys activity/window, settings, content query, grep, date,
// input, sleep, true, false. Syntax it does not simulate
// (variables, globs, subshells, background jobs) is refused loudly and logged in
// Refused, never silently misread.
//
// Beyond the shell, the phone AndroidWorld's tasks meet: content://sms answered from
// mmssms.db (telephony.go), an emulator console for `adb emu sms send` (console.go,
// StartEmulator), the contacts editor and Simple SMS Messenger driven by intents and
// taps (apps.go), and the accessibility forwarder's forest of the shown screen
// (accessibility.go).
//
// Each Device listens on its own port, so several run at once (distinct serials for the
// adb server: "127.0.0.1:PORT"). Drop cuts every connection and refuses new ones, as a
// device that disappears does.
package adbd

import (
	"errors"
	"fmt"
	"net"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Config describes the device. Zero values give a Pixel 6 on Android 13 speaking
// protocol 0x01000001 with 256 KiB maxdata.
type Config struct {
	Model   string // ro.product.model (default "Pixel 6")
	Product string // ro.product.name (default "sdk_gphone64_x86_64")
	Name    string // ro.product.device (default "emu64x")
	Release string // ro.build.version.release (default "13")
	SDK     int    // ro.build.version.sdk (default 33)
	// Features are announced in the CONNECT banner. Nil gives DefaultFeatures; the
	// stand-in never announces shell_v2, stat_v2, ls_v2 or sendrecv_v2, which it does
	// not speak.
	Features []string
	Version  uint32 // protocol version offered (default VersionSkipChecksum)
	MaxData  uint32 // largest payload accepted (default 256 KiB)
	// Unauthorized makes the device ask for authentication and refuse every key, so
	// the adb server lists it as "unauthorized".
	Unauthorized bool
	// Width and Height are the screen size while no screens are set (default 1080x2400).
	Width, Height int
}

// DefaultFeatures are what the stand-in announces unless Config.Features says otherwise.
var DefaultFeatures = []string{"fixed_push_mkdir", "fixed_push_symlink_timestamp", "apex"}

// Device is a running device stand-in. Its methods are safe for concurrent use.
type Device struct {
	cfg     Config
	ln      net.Listener
	console net.Listener // the emulator console (StartEmulator), or nil
	a11y    net.Listener // the accessibility forwarder (ServeAccessibility), or nil

	mu       sync.Mutex
	conns    map[*conn]struct{}
	dropped  bool
	hold     chan struct{} // non-nil while the handshake is held back
	delay    time.Duration
	services []string
	refused  []string
	inputs   []string
	handler  ShellFunc

	state *phone // what the device shows and stores; guarded by mu

	wg   sync.WaitGroup
	done chan struct{}
}

// Start listens on 127.0.0.1:0 and serves until the test ends.
func Start(t testing.TB, cfg Config) *Device {
	t.Helper()
	d, err := Listen("127.0.0.1:0", cfg)
	if err != nil {
		t.Fatalf("adbd: %v", err)
	}
	t.Cleanup(d.Close)
	return d
}

// Listen starts a device on addr (host:port); Close stops it.
func Listen(addr string, cfg Config) (*Device, error) {
	cfg.defaults()
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, fmt.Errorf("listen %s: %w", addr, err)
	}
	d := &Device{cfg: cfg, ln: ln, conns: map[*conn]struct{}{}, done: make(chan struct{}), state: newPhone(cfg)}
	d.wg.Add(1)
	go d.accept()
	return d, nil
}

func (c *Config) defaults() {
	if c.Model == "" {
		c.Model = "Pixel 6"
	}
	if c.Product == "" {
		c.Product = "sdk_gphone64_x86_64"
	}
	if c.Name == "" {
		c.Name = "emu64x"
	}
	if c.Release == "" {
		c.Release = "13"
	}
	if c.SDK == 0 {
		c.SDK = 33
	}
	if c.Features == nil {
		c.Features = DefaultFeatures
	}
	if c.Version == 0 {
		c.Version = VersionSkipChecksum
	}
	if c.MaxData == 0 {
		c.MaxData = 256 * 1024
	}
	if c.Width <= 0 || c.Height <= 0 {
		c.Width, c.Height = 1080, 2400
	}
}

// Addr is the address to give `adb connect`.
func (d *Device) Addr() string { return d.ln.Addr().String() }

// Serial is the serial the adb server gives a device it reached with `adb connect`: its
// address.
func (d *Device) Serial() string { return d.Addr() }

// Port is the TCP port the device listens on.
func (d *Device) Port() int { return d.ln.Addr().(*net.TCPAddr).Port }

// banner is the CONNECT payload: "device::" and the properties the host shows in
// `adb devices -l`, then the features.
func (d *Device) banner() string {
	c := d.cfg
	return fmt.Sprintf("device::ro.product.name=%s;ro.product.model=%s;ro.product.device=%s;features=%s",
		c.Product, c.Model, c.Name, strings.Join(c.Features, ","))
}

func (d *Device) accept() {
	defer d.wg.Done()
	for {
		nc, err := d.ln.Accept()
		if err != nil {
			return
		}
		c := &conn{dev: d, nc: nc, streams: map[uint32]*stream{}}
		d.mu.Lock()
		if d.dropped {
			d.mu.Unlock()
			nc.Close()
			continue
		}
		d.conns[c] = struct{}{}
		d.wg.Add(1)
		d.mu.Unlock()
		go func() {
			defer d.wg.Done()
			c.serve()
			d.mu.Lock()
			delete(d.conns, c)
			d.mu.Unlock()
		}()
	}
}

// Drop simulates a device that disappears (cable pulled, emulator killed): every
// connection is cut at once and new ones are refused.
func (d *Device) Drop() {
	d.mu.Lock()
	if !d.dropped {
		d.dropped = true
		close(d.done)
	}
	conns := make([]*conn, 0, len(d.conns))
	for c := range d.conns {
		conns = append(conns, c)
	}
	side := []net.Listener{d.console, d.a11y}
	d.mu.Unlock()
	d.ln.Close()
	for _, ln := range side {
		if ln != nil {
			ln.Close()
		}
	}
	for _, c := range conns {
		c.close()
	}
}

// Close drops the device and waits for its goroutines.
func (d *Device) Close() {
	d.Drop()
	d.wg.Wait()
}

// HoldHandshake makes the device accept connections but keep its CONNECT back until
// ReleaseHandshake: meanwhile the adb server lists it as "offline".
func (d *Device) HoldHandshake() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.hold == nil {
		d.hold = make(chan struct{})
	}
}

// ReleaseHandshake lets held handshakes complete.
func (d *Device) ReleaseHandshake() {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.hold != nil {
		close(d.hold)
		d.hold = nil
	}
}

// SetDelay makes every service wait this long before it answers (a slow phone).
func (d *Device) SetDelay(delay time.Duration) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.delay = delay
}

// Services lists the service names opened so far, in order (e.g. "shell:echo hi").
func (d *Device) Services() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return slices.Clone(d.services)
}

// ServiceCount counts opened services whose name starts with prefix.
func (d *Device) ServiceCount(prefix string) int {
	n := 0
	for _, s := range d.Services() {
		if strings.HasPrefix(s, prefix) {
			n++
		}
	}
	return n
}

// Refused lists what the device turned down that a client may have meant: services it
// closed at once, and shell syntax or commands the stand-in does not simulate.
func (d *Device) Refused() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return slices.Clone(d.refused)
}

// Inputs lists the `input` commands run so far (e.g. "tap 540 1200").
func (d *Device) Inputs() []string {
	d.mu.Lock()
	defer d.mu.Unlock()
	return slices.Clone(d.inputs)
}

func (d *Device) refuse(what string) {
	d.mu.Lock()
	d.refused = append(d.refused, what)
	d.mu.Unlock()
}

// ShellFunc answers a simple command of the device shell before the built-in
// commands do: argv is the command after quote removal, stdin what the pipe feeds it.
// ok=false passes the command on.
type ShellFunc func(argv []string, stdin []byte) (out string, ok bool)

// HandleShell installs f in front of the built-in commands (nil removes it).
func (d *Device) HandleShell(f ShellFunc) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.handler = f
}

// errDropped ends work on a device that was dropped.
var errDropped = errors.New("device dropped")

// sleep waits for delay unless the device is dropped first.
func (d *Device) sleep(delay time.Duration, closed <-chan struct{}) error {
	if delay <= 0 {
		return nil
	}
	t := time.NewTimer(delay)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-d.done:
		return errDropped
	case <-closed:
		return errDropped
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
