// Package adbtest is a fake adb server for tests: it listens on loopback and speaks the
// adb host protocol the way goadb (and the real adb client) use it, so the device layer,
// the observer and ground-truth checks run their real network code without a phone.
//
// Supported services: host:version, host:devices, host:devices-l, host:kill,
// host:transport:SERIAL, host:transport-any, host-serial:SERIAL:get-state|get-serialno,
// and on a transport shell:CMD, exec-out:CMD and sync: (STAT, LIST, RECV, SEND, QUIT).
//
// Shell commands are answered by handlers installed with HandleShell, then by built-ins
// that imitate a device: screencap (-p and raw), uiautomator dump, cat, dumpsys activity /
// window, getprop, wm size, echo. Anything else prints "sh: CMD: not found".
package adbtest

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"image/draw"
	"image/png"
	"io"
	"net"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// Device states as adb prints them.
const (
	StateDevice       = "device"
	StateUnauthorized = "unauthorized"
	StateOffline      = "offline"
)

// Screen is what the fake device shows at one moment.
type Screen struct {
	PNG      []byte // screenshot bytes (PNG)
	XML      string // uiautomator dump of the same screen ("" gives a minimal hierarchy)
	Activity string // foreground activity as package/class ("" gives the launcher)
}

// ShellFunc answers a shell command; ok=false passes the command on to the built-ins.
type ShellFunc func(cmd string) (out string, ok bool)

// Server is a running fake adb server.
type Server struct {
	ln   net.Listener
	mu   sync.Mutex
	devs map[string]*fakeDevice
	// order keeps device listing stable (adb lists in attach order).
	order  []string
	calls  []Call
	closed bool
	wg     sync.WaitGroup
	conns  map[net.Conn]string // open connection -> serial it is bound to ("" for host)
	done   chan struct{}       // closed by Close: cuts short SetDelay sleeps
}

// Call is one service request seen by the server.
type Call struct {
	Serial  string // "" for host services
	Service string // e.g. "shell:screencap -p", "sync:RECV /sdcard/x"
}

type fakeDevice struct {
	serial  string
	state   string
	model   string
	files   map[string]fileEntry
	denied  []string
	handler ShellFunc
	screens []Screen
	hold    int // each screen is served this many screencaps before the next
	shots   int // screencaps served so far
	props   map[string]string
	width   int
	height  int
	delay   time.Duration
	raw     map[int][]byte // raw framebuffer per screen index, converted once
}

type fileEntry struct {
	data  []byte
	mode  uint32
	mtime time.Time
}

// New starts a server on 127.0.0.1:0 and stops it when the test ends.
func New(t testing.TB) *Server {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("adbtest: listen: %v", err)
	}
	s := &Server{ln: ln, devs: map[string]*fakeDevice{}, conns: map[net.Conn]string{}, done: make(chan struct{})}
	s.wg.Add(1)
	go s.serve()
	t.Cleanup(s.Close)
	return s
}

// Addr is the host:port to give the client (--adb, or ADB_SERVER_SOCKET=tcp:ADDR).
func (s *Server) Addr() string { return s.ln.Addr().String() }

// Close stops the server and drops every connection; a client sees "no server".
func (s *Server) Close() {
	s.mu.Lock()
	if s.closed {
		s.mu.Unlock()
		return
	}
	s.closed = true
	close(s.done)
	s.ln.Close()
	for c := range s.conns {
		c.Close()
	}
	s.mu.Unlock()
	s.wg.Wait()
}

// AddDevice attaches a device in the given state (StateDevice, StateUnauthorized, StateOffline).
// A new device shows a 1080x2400 Android 13 phone with no screens; see SetScreens.
func (s *Server) AddDevice(serial, state string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d, ok := s.devs[serial]; ok {
		d.state = state
		return
	}
	s.devs[serial] = &fakeDevice{
		serial: serial, state: state, model: "Pixel_6", files: map[string]fileEntry{}, hold: 1,
		width: 1080, height: 2400,
		props: map[string]string{
			"ro.build.version.release": "13",
			"ro.build.version.sdk":     "33",
			"ro.product.model":         "Pixel 6",
		},
	}
	s.order = append(s.order, serial)
}

// SetState changes an attached device's state.
func (s *Server) SetState(serial, state string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d, ok := s.devs[serial]; ok {
		d.state = state
	}
}

// RemoveDevice detaches a device and cuts its open connections, as unplugging a cable does.
func (s *Server) RemoveDevice(serial string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.devs, serial)
	for i, v := range s.order {
		if v == serial {
			s.order = append(s.order[:i], s.order[i+1:]...)
			break
		}
	}
	for c, ser := range s.conns {
		if ser == serial {
			c.Close()
		}
	}
}

// PutFile places a regular file (mode 0644) on the device; directories are implied by paths.
func (s *Server) PutFile(serial, path string, data []byte) {
	s.withDevice(serial, func(d *fakeDevice) {
		d.files[path] = fileEntry{data: append([]byte(nil), data...), mode: 0o100644, mtime: time.Now()}
	})
}

// File returns a file's content on the device (for checking SEND and dumps).
func (s *Server) File(serial, path string) ([]byte, bool) {
	var out []byte
	var ok bool
	s.withDevice(serial, func(d *fakeDevice) {
		var f fileEntry
		f, ok = d.files[path]
		out = append([]byte(nil), f.data...)
	})
	return out, ok
}

// DenyPath makes reads under prefix fail with "Permission denied", like /data/data without root.
func (s *Server) DenyPath(serial, prefix string) {
	s.withDevice(serial, func(d *fakeDevice) { d.denied = append(d.denied, prefix) })
}

// HandleShell installs a handler consulted before the built-in commands.
func (s *Server) HandleShell(serial string, f ShellFunc) {
	s.withDevice(serial, func(d *fakeDevice) { d.handler = f })
}

// SetProp sets a getprop value.
func (s *Server) SetProp(serial, key, value string) {
	s.withDevice(serial, func(d *fakeDevice) { d.props[key] = value })
}

// SetScreens sets what screencap, uiautomator and dumpsys show. Each screencap moves to the
// next screen after hold captures (hold < 1 means 1); after the last screen it stays there.
func (s *Server) SetScreens(serial string, screens []Screen, hold int) {
	if hold < 1 {
		hold = 1
	}
	s.withDevice(serial, func(d *fakeDevice) {
		d.screens = screens
		d.hold = hold
		d.shots = 0
		d.raw = nil
		if len(screens) > 0 {
			if cfg, err := png.DecodeConfig(bytes.NewReader(screens[0].PNG)); err == nil {
				d.width, d.height = cfg.Width, cfg.Height
			}
		}
	})
}

// SetDelay makes every device service wait d before answering (a slow phone).
func (s *Server) SetDelay(serial string, delay time.Duration) {
	s.withDevice(serial, func(d *fakeDevice) { d.delay = delay })
}

// Screencaps reports how many screenshots the device has served.
func (s *Server) Screencaps(serial string) int {
	n := 0
	s.withDevice(serial, func(d *fakeDevice) { n = d.shots })
	return n
}

// Calls returns the services requested so far, in order.
func (s *Server) Calls() []Call {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Call(nil), s.calls...)
}

// CallCount counts requests whose service starts with prefix, for serial ("" matches any).
func (s *Server) CallCount(serial, prefix string) int {
	n := 0
	for _, c := range s.Calls() {
		if (serial == "" || c.Serial == serial) && strings.HasPrefix(c.Service, prefix) {
			n++
		}
	}
	return n
}

func (s *Server) withDevice(serial string, f func(d *fakeDevice)) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if d, ok := s.devs[serial]; ok {
		f(d)
	}
}

func (s *Server) record(serial, service string) {
	s.mu.Lock()
	s.calls = append(s.calls, Call{Serial: serial, Service: service})
	s.mu.Unlock()
}

func (s *Server) serve() {
	defer s.wg.Done()
	for {
		c, err := s.ln.Accept()
		if err != nil {
			return
		}
		s.mu.Lock()
		if s.closed {
			s.mu.Unlock()
			c.Close()
			return
		}
		s.conns[c] = ""
		s.wg.Add(1)
		s.mu.Unlock()
		go func() {
			defer s.wg.Done()
			defer func() {
				s.mu.Lock()
				delete(s.conns, c)
				s.mu.Unlock()
				c.Close()
			}()
			s.handle(c)
		}()
	}
}

// readRequest reads one host-protocol request: 4 hex digits of length, then the text.
func readRequest(r io.Reader) (string, error) {
	var hdr [4]byte
	if _, err := io.ReadFull(r, hdr[:]); err != nil {
		return "", err
	}
	n, err := strconv.ParseUint(string(hdr[:]), 16, 16)
	if err != nil {
		return "", fmt.Errorf("bad length %q", hdr)
	}
	buf := make([]byte, n)
	if _, err := io.ReadFull(r, buf); err != nil {
		return "", err
	}
	return string(buf), nil
}

func okay(w io.Writer) { io.WriteString(w, "OKAY") }

func fail(w io.Writer, msg string) { fmt.Fprintf(w, "FAIL%04x%s", len(msg), msg) }

func reply(w io.Writer, msg string) { fmt.Fprintf(w, "OKAY%04x%s", len(msg), msg) }

func (s *Server) handle(c net.Conn) {
	br := bufio.NewReader(c)
	req, err := readRequest(br)
	if err != nil {
		return
	}
	s.record("", req)
	switch {
	case req == "host:version":
		reply(c, fmt.Sprintf("%04x", 41))
	case req == "host:devices" || req == "host:devices-l":
		reply(c, s.deviceList(req == "host:devices-l"))
	case req == "host:kill":
		okay(c)
	case strings.HasPrefix(req, "host-serial:"):
		rest := strings.TrimPrefix(req, "host-serial:")
		i := strings.LastIndex(rest, ":")
		if i < 0 {
			fail(c, "unknown host service")
			return
		}
		serial, attr := rest[:i], rest[i+1:]
		s.mu.Lock()
		d, ok := s.devs[serial]
		var state string
		if ok {
			state = d.state
		}
		s.mu.Unlock()
		if !ok {
			fail(c, fmt.Sprintf("device '%s' not found", serial))
			return
		}
		switch attr {
		case "get-state":
			reply(c, state)
		case "get-serialno":
			reply(c, serial)
		default:
			fail(c, "unknown host service")
		}
	case strings.HasPrefix(req, "host:transport"):
		serial, msg := s.pickTransport(req)
		if msg != "" {
			fail(c, msg)
			return
		}
		s.mu.Lock()
		s.conns[c] = serial
		s.mu.Unlock()
		okay(c)
		s.deviceService(c, br, serial)
	default:
		fail(c, "unknown host service")
	}
}

func (s *Server) deviceList(long bool) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var b strings.Builder
	for i, serial := range s.order {
		d := s.devs[serial]
		if long {
			if d.state == StateDevice {
				fmt.Fprintf(&b, "%-22s %s product:sdk_phone model:%s device:emu transport_id:%d\n", serial, d.state, d.model, i+1)
			} else {
				fmt.Fprintf(&b, "%-22s %s transport_id:%d\n", serial, d.state, i+1)
			}
		} else {
			fmt.Fprintf(&b, "%s\t%s\n", serial, d.state)
		}
	}
	return b.String()
}

// pickTransport resolves a transport request to a device, or returns adb's failure text.
func (s *Server) pickTransport(req string) (serial, failure string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	var d *fakeDevice
	switch {
	case strings.HasPrefix(req, "host:transport:"):
		serial = strings.TrimPrefix(req, "host:transport:")
		var ok bool
		if d, ok = s.devs[serial]; !ok {
			return "", fmt.Sprintf("device '%s' not found", serial)
		}
	case req == "host:transport-any" || req == "host:transport-usb" || req == "host:transport-local":
		switch len(s.order) {
		case 0:
			return "", "no devices/emulators found"
		case 1:
			serial = s.order[0]
			d = s.devs[serial]
		default:
			return "", "more than one device/emulator"
		}
	default:
		return "", "unknown host service"
	}
	switch d.state {
	case StateUnauthorized:
		return "", "device unauthorized.\nThis adb server's $ADB_VENDOR_KEYS is not set\nTry 'adb kill-server' if that seems wrong.\nOtherwise check for a confirmation dialog on your device."
	case StateOffline:
		return "", "device offline"
	}
	return serial, ""
}

func (s *Server) deviceService(c net.Conn, br *bufio.Reader, serial string) {
	req, err := readRequest(br)
	if err != nil {
		return
	}
	s.record(serial, req)
	s.mu.Lock()
	d, ok := s.devs[serial]
	var delay time.Duration
	if ok {
		delay = d.delay
	}
	s.mu.Unlock()
	if !ok {
		return // removed between transport and service: the connection just drops
	}
	if delay > 0 {
		select {
		case <-time.After(delay):
		case <-s.done:
			return
		}
	}
	switch {
	case strings.HasPrefix(req, "shell:") || strings.HasPrefix(req, "exec-out:"):
		cmd := req[strings.Index(req, ":")+1:]
		out := s.shell(serial, cmd)
		okay(c)
		c.Write(out)
	case req == "sync:":
		okay(c)
		s.syncLoop(c, br, serial)
	default:
		fail(c, "unknown service")
	}
}

// shell runs cmd on the fake device. Commands joined with && or ; run in turn.
func (s *Server) shell(serial, cmd string) []byte {
	var out bytes.Buffer
	for _, part := range splitCommands(cmd) {
		out.Write(s.shellOne(serial, part))
	}
	return out.Bytes()
}

func splitCommands(cmd string) []string {
	var parts []string
	for _, a := range strings.Split(cmd, "&&") {
		for _, b := range strings.Split(a, ";") {
			if b = strings.TrimSpace(b); b != "" {
				parts = append(parts, b)
			}
		}
	}
	return parts
}

func (s *Server) shellOne(serial, cmd string) []byte {
	s.mu.Lock()
	d, ok := s.devs[serial]
	var h ShellFunc
	if ok {
		h = d.handler
	}
	s.mu.Unlock()
	if !ok {
		return nil
	}
	if h != nil {
		if out, ok := h(cmd); ok {
			return []byte(out)
		}
	}
	fields := strings.Fields(cmd)
	if len(fields) == 0 {
		return nil
	}
	switch fields[0] {
	case "screencap":
		return s.screencap(d, len(fields) > 1 && fields[1] == "-p")
	case "uiautomator":
		path := "/sdcard/window_dump.xml"
		if len(fields) > 2 {
			path = fields[2]
		}
		scr := s.current(d)
		xml := scr.XML
		if xml == "" {
			xml = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="" package="com.android.launcher3" bounds="[0,0][1080,2400]" /></hierarchy>`
		}
		s.mu.Lock()
		d.files[path] = fileEntry{data: []byte(xml), mode: 0o100644, mtime: time.Now()}
		s.mu.Unlock()
		return []byte("UI hierchary dumped to: " + path + "\n")
	case "cat":
		var out bytes.Buffer
		for _, p := range fields[1:] {
			s.mu.Lock()
			f, ok := d.files[p]
			s.mu.Unlock()
			if !ok {
				fmt.Fprintf(&out, "cat: %s: No such file or directory\n", p)
				continue
			}
			out.Write(f.data)
		}
		return out.Bytes()
	case "dumpsys":
		act := s.current(d).Activity
		if act == "" {
			act = "com.google.android.apps.nexuslauncher/.NexusLauncherActivity"
		}
		pkg := act
		if i := strings.Index(act, "/"); i >= 0 {
			pkg = act[:i]
		}
		if len(fields) > 1 && fields[1] == "window" {
			return []byte(fmt.Sprintf("WINDOW MANAGER WINDOWS (dumpsys window windows)\n  mCurrentFocus=Window{5f3a1b2 u0 %s}\n  mFocusedApp=ActivityRecord{8c1d2e u0 %s t42}\n", act, act))
		}
		return []byte(fmt.Sprintf("ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)\nDisplay #0 (activities from top to bottom):\n  * Task{c1f2 #42 type=standard A=10123:%s U=0 visible=true}\n    mResumedActivity: ActivityRecord{8c1d2e u0 %s t42}\n  ResumedActivity: ActivityRecord{8c1d2e u0 %s t42}\n", pkg, act, act))
	case "getprop":
		s.mu.Lock()
		defer s.mu.Unlock()
		if len(fields) == 1 {
			keys := make([]string, 0, len(d.props))
			for k := range d.props {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			var b strings.Builder
			for _, k := range keys {
				fmt.Fprintf(&b, "[%s]: [%s]\n", k, d.props[k])
			}
			return []byte(b.String())
		}
		return []byte(d.props[fields[1]] + "\n")
	case "wm":
		if len(fields) > 1 && fields[1] == "size" {
			s.mu.Lock()
			defer s.mu.Unlock()
			return []byte(fmt.Sprintf("Physical size: %dx%d\n", d.width, d.height))
		}
	case "echo":
		return []byte(strings.Join(fields[1:], " ") + "\n")
	case "true":
		return nil
	case "rm":
		s.mu.Lock()
		for _, p := range fields[1:] {
			delete(d.files, p)
		}
		s.mu.Unlock()
		return nil
	}
	return []byte("/system/bin/sh: " + fields[0] + ": not found\n")
}

// current returns the screen on display now (the one the last screencap showed).
func (s *Server) current(d *fakeDevice) Screen {
	_, scr := s.currentIndex(d)
	return scr
}

func (s *Server) currentIndex(d *fakeDevice) (int, Screen) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if len(d.screens) == 0 {
		return -1, Screen{}
	}
	i := 0
	if d.shots > 0 {
		i = (d.shots - 1) / d.hold
	}
	if i >= len(d.screens) {
		i = len(d.screens) - 1
	}
	return i, d.screens[i]
}

func (s *Server) screencap(d *fakeDevice, asPNG bool) []byte {
	s.mu.Lock()
	d.shots++
	s.mu.Unlock()
	i, scr := s.currentIndex(d)
	data := scr.PNG
	if data == nil {
		data = blankPNG(d.width, d.height)
	}
	if asPNG {
		return data
	}
	s.mu.Lock()
	raw, ok := d.raw[i]
	s.mu.Unlock()
	if ok {
		return raw
	}
	raw, err := RawFramebuffer(data)
	if err != nil {
		return []byte("screencap: " + err.Error() + "\n")
	}
	s.mu.Lock()
	if d.raw == nil {
		d.raw = map[int][]byte{}
	}
	d.raw[i] = raw
	s.mu.Unlock()
	return raw
}

var blankCache sync.Map

func blankPNG(w, h int) []byte {
	key := [2]int{w, h}
	if v, ok := blankCache.Load(key); ok {
		return v.([]byte)
	}
	img := image.NewGray(image.Rect(0, 0, w, h))
	var buf bytes.Buffer
	png.Encode(&buf, img)
	blankCache.Store(key, buf.Bytes())
	return buf.Bytes()
}

// RawFramebuffer converts a PNG into the output of `screencap` without -p on Android 9+:
// width, height, format (1 = RGBA_8888), colour space (little-endian uint32s), then pixels.
func RawFramebuffer(pngData []byte) ([]byte, error) {
	img, err := png.Decode(bytes.NewReader(pngData))
	if err != nil {
		return nil, err
	}
	b := img.Bounds()
	rgba := image.NewRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(rgba, rgba.Bounds(), img, b.Min, draw.Src)
	out := make([]byte, 16, 16+len(rgba.Pix))
	binary.LittleEndian.PutUint32(out[0:], uint32(b.Dx()))
	binary.LittleEndian.PutUint32(out[4:], uint32(b.Dy()))
	binary.LittleEndian.PutUint32(out[8:], 1)
	binary.LittleEndian.PutUint32(out[12:], 1)
	return append(out, rgba.Pix...), nil
}

func (s *Server) denied(d *fakeDevice, path string) bool {
	for _, p := range d.denied {
		if strings.HasPrefix(path, p) {
			return true
		}
	}
	return false
}

// syncLoop serves the sync protocol: 4-byte id, little-endian length, payload.
func (s *Server) syncLoop(c net.Conn, br *bufio.Reader, serial string) {
	for {
		var hdr [8]byte
		if _, err := io.ReadFull(br, hdr[:]); err != nil {
			return
		}
		id := string(hdr[:4])
		n := binary.LittleEndian.Uint32(hdr[4:])
		if n > 1<<16 {
			return
		}
		arg := make([]byte, n)
		if _, err := io.ReadFull(br, arg); err != nil {
			return
		}
		path := string(arg)
		s.record(serial, "sync:"+id+" "+path)
		s.mu.Lock()
		d, ok := s.devs[serial]
		s.mu.Unlock()
		if !ok {
			return
		}
		switch id {
		case "STAT":
			s.syncStat(c, d, path)
		case "LIST":
			s.syncList(c, d, path)
		case "RECV":
			s.syncRecv(c, d, path)
		case "SEND":
			if !s.syncSend(c, br, d, path) {
				return
			}
		case "QUIT":
			return
		default:
			syncFail(c, "unknown sync command")
			return
		}
	}
}

func syncFail(w io.Writer, msg string) {
	var hdr [8]byte
	copy(hdr[:], "FAIL")
	binary.LittleEndian.PutUint32(hdr[4:], uint32(len(msg)))
	w.Write(hdr[:])
	io.WriteString(w, msg)
}

func putU32(b []byte, v uint32) []byte { return binary.LittleEndian.AppendUint32(b, v) }

// lookup finds a file or a directory implied by the files under it.
func (s *Server) lookup(d *fakeDevice, path string) (fileEntry, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if f, ok := d.files[path]; ok {
		return f, true
	}
	dir := strings.TrimSuffix(path, "/") + "/"
	for p := range d.files {
		if strings.HasPrefix(p, dir) || path == "/" {
			return fileEntry{mode: 0o040755, mtime: time.Unix(1700000000, 0)}, true
		}
	}
	return fileEntry{}, false
}

func (s *Server) syncStat(w io.Writer, d *fakeDevice, path string) {
	b := []byte("STAT")
	f, ok := s.lookup(d, path)
	if !ok || s.denied(d, path) {
		// adb answers a missing file with all zeros.
		b = putU32(putU32(putU32(b, 0), 0), 0)
	} else {
		b = putU32(putU32(putU32(b, f.mode), uint32(len(f.data))), uint32(f.mtime.Unix()))
	}
	w.Write(b)
}

func (s *Server) syncList(w io.Writer, d *fakeDevice, path string) {
	dir := strings.TrimSuffix(path, "/") + "/"
	type ent struct {
		name string
		f    fileEntry
	}
	seen := map[string]ent{}
	if !s.denied(d, path) {
		s.mu.Lock()
		for p, f := range d.files {
			if !strings.HasPrefix(p, dir) {
				continue
			}
			rest := p[len(dir):]
			if i := strings.Index(rest, "/"); i >= 0 {
				seen[rest[:i]] = ent{rest[:i], fileEntry{mode: 0o040755, mtime: time.Unix(1700000000, 0)}}
			} else {
				seen[rest] = ent{rest, f}
			}
		}
		s.mu.Unlock()
	}
	names := make([]string, 0, len(seen))
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	var b []byte
	for _, n := range names {
		e := seen[n]
		b = append(b, "DENT"...)
		b = putU32(putU32(putU32(b, e.f.mode), uint32(len(e.f.data))), uint32(e.f.mtime.Unix()))
		b = putU32(b, uint32(len(n)))
		b = append(b, n...)
	}
	b = append(b, "DONE"...)
	b = putU32(putU32(putU32(putU32(b, 0), 0), 0), 0)
	w.Write(b)
}

func (s *Server) syncRecv(w io.Writer, d *fakeDevice, path string) {
	if s.denied(d, path) {
		syncFail(w, "open failed: Permission denied")
		return
	}
	s.mu.Lock()
	f, ok := d.files[path]
	s.mu.Unlock()
	if !ok {
		syncFail(w, "No such file or directory")
		return
	}
	data := f.data
	for len(data) > 0 {
		n := min(len(data), 64*1024)
		b := putU32([]byte("DATA"), uint32(n))
		w.Write(append(b, data[:n]...))
		data = data[n:]
	}
	w.Write(putU32([]byte("DONE"), 0))
}

// syncSend receives DATA chunks until DONE (whose length field is the mtime), then says OKAY.
func (s *Server) syncSend(w io.Writer, r io.Reader, d *fakeDevice, pathMode string) bool {
	path := pathMode
	mode := uint32(0o100644)
	if i := strings.LastIndex(pathMode, ","); i >= 0 {
		path = pathMode[:i]
		if m, err := strconv.ParseUint(pathMode[i+1:], 10, 32); err == nil {
			mode = 0o100000 | uint32(m)&0o7777
		}
	}
	var data []byte
	for {
		var hdr [8]byte
		if _, err := io.ReadFull(r, hdr[:]); err != nil {
			return false
		}
		n := binary.LittleEndian.Uint32(hdr[4:])
		switch string(hdr[:4]) {
		case "DATA":
			if n > 1<<20 {
				return false
			}
			chunk := make([]byte, n)
			if _, err := io.ReadFull(r, chunk); err != nil {
				return false
			}
			data = append(data, chunk...)
		case "DONE":
			if s.denied(d, path) {
				syncFail(w, "couldn't create file: Permission denied")
				return true
			}
			s.mu.Lock()
			d.files[path] = fileEntry{data: data, mode: mode, mtime: time.Unix(int64(n), 0)}
			s.mu.Unlock()
			w.Write(putU32([]byte("OKAY"), 0))
			return true
		default:
			return false
		}
	}
}

// LoadLlamaTouch reads a LlamaTouch trace folder (N.png, N.xml, N.activity) as screens, in
// step order. Tests pass ../shared/data/traces/llamatouch/trace_7.
func LoadLlamaTouch(dir string) ([]Screen, error) {
	matches, err := filepath.Glob(filepath.Join(dir, "*.png"))
	if err != nil {
		return nil, err
	}
	type step struct {
		n    int
		base string
	}
	var steps []step
	for _, m := range matches {
		base := strings.TrimSuffix(m, ".png")
		n, err := strconv.Atoi(filepath.Base(base))
		if err != nil {
			continue
		}
		steps = append(steps, step{n, base})
	}
	if len(steps) == 0 {
		return nil, fmt.Errorf("%s: no numbered PNG screenshots", dir)
	}
	sort.Slice(steps, func(i, j int) bool { return steps[i].n < steps[j].n })
	screens := make([]Screen, 0, len(steps))
	for _, st := range steps {
		img, err := os.ReadFile(st.base + ".png")
		if err != nil {
			return nil, err
		}
		scr := Screen{PNG: img}
		if x, err := os.ReadFile(st.base + ".xml"); err == nil {
			scr.XML = string(x)
		}
		if a, err := os.ReadFile(st.base + ".activity"); err == nil {
			scr.Activity = strings.TrimSpace(string(a))
		}
		screens = append(screens, scr)
	}
	return screens, nil
}
