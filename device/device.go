// Package device talks to Android devices through an adb server with goadb: it finds the
// device, runs shell commands, pulls and pushes files over the sync protocol, and takes
// screenshots, UI dumps and the foreground activity for the observer and ground truth.
//
// Errors are one line and classified: errors.Is(err, ErrNoServer | ErrNoDevice |
// ErrUnauthorized | ErrOffline | ErrMultipleDevices | ErrDeviceLost | fs.ErrNotExist |
// fs.ErrPermission).
package device

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"time"

	adb "github.com/zach-klippenstein/goadb"
	"github.com/zach-klippenstein/goadb/wire"
)

// Classified failures.
var (
	ErrNoServer        = errors.New("no adb server")
	ErrNoDevice        = errors.New("no device attached")
	ErrUnauthorized    = errors.New("device unauthorized")
	ErrOffline         = errors.New("device offline")
	ErrMultipleDevices = errors.New("more than one device")
	ErrDeviceLost      = errors.New("device lost")
)

// EnvServerSocket is adb's own variable for the server address ("tcp:host:port").
const EnvServerSocket = "ADB_SERVER_SOCKET"

// DefaultAddr is where adb servers listen unless told otherwise.
const DefaultAddr = "localhost:5037"

// Options choose the server and the device.
type Options struct {
	Addr        string        // host:port of the adb server; "" means ResolveAddr("")
	Serial      string        // device serial; "" takes the only attached device
	WaitTimeout time.Duration // how long to wait for the device to appear and come online; 0 = no wait
}

// ResolveAddr picks the adb server address: the flag value (host:port), else
// $ADB_SERVER_SOCKET (tcp:host:port or tcp:port), else localhost:5037.
func ResolveAddr(flag string) (string, error) {
	if flag != "" {
		if _, _, err := net.SplitHostPort(flag); err != nil {
			return "", fmt.Errorf("--adb %q: want host:port", flag)
		}
		return flag, nil
	}
	if v := os.Getenv(EnvServerSocket); v != "" {
		rest, ok := strings.CutPrefix(v, "tcp:")
		if !ok {
			return "", fmt.Errorf("%s=%q: only tcp:host:port is supported", EnvServerSocket, v)
		}
		if _, err := strconv.Atoi(rest); err == nil {
			return "localhost:" + rest, nil
		}
		if _, _, err := net.SplitHostPort(rest); err != nil {
			return "", fmt.Errorf("%s=%q: want tcp:host:port", EnvServerSocket, v)
		}
		return rest, nil
	}
	return DefaultAddr, nil
}

// Entry is one line of `adb devices -l`.
type Entry struct {
	Serial string
	State  string // device, unauthorized, offline, ...
	Model  string
}

// Info describes a connected device.
type Info struct {
	Serial  string `json:"serial"`
	Model   string `json:"model,omitempty"`
	Android string `json:"android,omitempty"` // release, e.g. "13"
	SDK     int    `json:"sdk,omitempty"`
	Width   int    `json:"width,omitempty"`
	Height  int    `json:"height,omitempty"`
}

// Device is a connected device. Methods are safe for concurrent use.
type Device struct {
	addr   string
	serial string
	info   Info
}

// Serial is the device's serial number.
func (d *Device) Serial() string { return d.serial }

// Addr is the adb server address in use.
func (d *Device) Addr() string { return d.addr }

// Info is what Connect learnt about the device (size, Android version, model).
func (d *Device) Info() Info { return d.info }

// ListDevices asks the server for attached devices (host:devices-l). goadb's own list
// parser truncates replies at 255 bytes and drops the state, so the reply is read whole here.
func ListDevices(ctx context.Context, addr string) ([]Entry, error) {
	client, err := newClient(ctx, addr)
	if err != nil {
		return nil, err
	}
	conn, err := client.Dial()
	if err != nil {
		return nil, noServer(ctx, addr, err)
	}
	defer conn.Close()
	if err := wire.SendMessageString(conn, "host:devices-l"); err != nil {
		return nil, noServer(ctx, addr, err)
	}
	if _, err := conn.ReadStatus("host:devices-l"); err != nil {
		return nil, fmt.Errorf("adb server at %s: listing devices: %s", addr, adbMessage(err))
	}
	raw, err := conn.ReadUntilEof()
	if err != nil {
		return nil, fmt.Errorf("adb server at %s: listing devices: %s", addr, adbMessage(err))
	}
	if len(raw) < 4 {
		return nil, fmt.Errorf("adb server at %s: short device list reply", addr)
	}
	n, err := strconv.ParseUint(string(raw[:4]), 16, 32)
	if err != nil || int(n) > len(raw)-4 {
		return nil, fmt.Errorf("adb server at %s: malformed device list reply", addr)
	}
	return ParseDeviceList(string(raw[4 : 4+n])), nil
}

// ParseDeviceList parses the text of host:devices or host:devices-l.
func ParseDeviceList(text string) []Entry {
	var out []Entry
	for _, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) < 2 {
			continue
		}
		e := Entry{Serial: f[0], State: f[1]}
		if e.State == "no" && len(f) > 2 && f[2] == "permissions" {
			e.State = "no permissions"
		}
		for _, kv := range f[2:] {
			if m, ok := strings.CutPrefix(kv, "model:"); ok {
				e.Model = m
			}
		}
		out = append(out, e)
	}
	return out
}

// Connect finds the device, waiting up to opts.WaitTimeout for it to be attached and online,
// and reads its screen size and Android version.
func Connect(ctx context.Context, opts Options) (*Device, error) {
	addr := opts.Addr
	if addr == "" {
		var err error
		if addr, err = ResolveAddr(""); err != nil {
			return nil, err
		}
	}
	// A malformed addr is reported by ListDevices (newClient), before any wait.
	deadline := time.Now().Add(opts.WaitTimeout)
	for {
		list, err := ListDevices(ctx, addr)
		if err != nil {
			return nil, err
		}
		serial, err := pick(list, opts.Serial)
		if err == nil {
			d := &Device{addr: addr, serial: serial}
			if err := d.readInfo(ctx); err != nil {
				return nil, err
			}
			return d, nil
		}
		if errors.Is(err, ErrMultipleDevices) || opts.WaitTimeout <= 0 || time.Now().After(deadline) {
			if opts.WaitTimeout > 0 {
				return nil, fmt.Errorf("%w (waited %s)", err, opts.WaitTimeout)
			}
			return nil, err
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(250 * time.Millisecond):
		}
	}
}

// pick chooses the device from the list, or explains why none fits.
func pick(list []Entry, serial string) (string, error) {
	if serial == "" {
		switch len(list) {
		case 0:
			return "", fmt.Errorf("%w: adb lists no devices (connect one, start an emulator, or `adb connect HOST:PORT`)", ErrNoDevice)
		case 1:
		default:
			serials := make([]string, len(list))
			for i, e := range list {
				serials[i] = e.Serial
			}
			return "", fmt.Errorf("%w: %s; choose one with --device SERIAL", ErrMultipleDevices, strings.Join(serials, ", "))
		}
		return stateOK(list[0])
	}
	for _, e := range list {
		if e.Serial == serial {
			return stateOK(e)
		}
	}
	attached := "none attached"
	if len(list) > 0 {
		s := make([]string, len(list))
		for i, e := range list {
			s[i] = e.Serial
		}
		attached = "attached: " + strings.Join(s, ", ")
	}
	// Not "no device attached: ..." when others are: the text names what is there.
	return "", &classified{msg: fmt.Sprintf("device %q is not attached (%s)", serial, attached), err: ErrNoDevice}
}

// classified is an error with its own text that still matches a sentinel with errors.Is.
type classified struct {
	msg string
	err error
}

func (e *classified) Error() string { return e.msg }
func (e *classified) Unwrap() error { return e.err }

func stateOK(e Entry) (string, error) {
	switch e.State {
	case "device":
		return e.Serial, nil
	case "unauthorized":
		return "", fmt.Errorf("%w: %s: accept the USB debugging prompt on the device", ErrUnauthorized, e.Serial)
	case "offline":
		return "", fmt.Errorf("%w: %s: reconnect it or restart adb (adb kill-server)", ErrOffline, e.Serial)
	default:
		return "", fmt.Errorf("%w: %s is in state %q, not ready", ErrOffline, e.Serial, e.State)
	}
}

func (d *Device) readInfo(ctx context.Context) error {
	d.info.Serial = d.serial
	out, err := d.Shell(ctx, "getprop ro.build.version.release; getprop ro.build.version.sdk; getprop ro.product.model; wm size")
	if err != nil {
		return err
	}
	lines := strings.Split(strings.ReplaceAll(out, "\r", ""), "\n")
	if len(lines) >= 3 {
		d.info.Android = strings.TrimSpace(lines[0])
		d.info.SDK, _ = strconv.Atoi(strings.TrimSpace(lines[1]))
		d.info.Model = strings.TrimSpace(lines[2])
	}
	d.info.Width, d.info.Height = ParseWMSize(out)
	return nil
}

// ParseWMSize reads `wm size` output; an override size wins because screenshots follow it.
func ParseWMSize(out string) (w, h int) {
	for _, line := range strings.Split(out, "\n") {
		line = strings.TrimSpace(line)
		var rest string
		var ok bool
		if rest, ok = strings.CutPrefix(line, "Override size:"); !ok {
			if rest, ok = strings.CutPrefix(line, "Physical size:"); !ok || w != 0 {
				continue
			}
		}
		a, b, found := strings.Cut(strings.TrimSpace(rest), "x")
		if !found {
			continue
		}
		x, err1 := strconv.Atoi(a)
		y, err2 := strconv.Atoi(b)
		if err1 == nil && err2 == nil && x > 0 && y > 0 {
			w, h = x, y
		}
	}
	return w, h
}

// Shell runs cmd with `shell:` and returns its output. adb's classic shell service does
// not report the exit status, so callers check the output.
func (d *Device) Shell(ctx context.Context, cmd string) (string, error) {
	dev, err := d.goadb(ctx)
	if err != nil {
		return "", err
	}
	out, err := dev.RunCommand(cmd)
	if err != nil {
		return "", d.classify(ctx, "shell "+short(cmd), err)
	}
	return out, nil
}

// ExecOut runs cmd with `exec-out:`, which never goes through a pty, so binary output
// (screencap) arrives byte for byte.
func (d *Device) ExecOut(ctx context.Context, cmd string) ([]byte, error) {
	op := "exec-out " + short(cmd)
	conn, err := d.transport(ctx, op)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	if err := wire.SendMessageString(conn, "exec-out:"+cmd); err != nil {
		return nil, d.classify(ctx, op, err)
	}
	if _, err := conn.ReadStatus("exec-out"); err != nil {
		return nil, d.classify(ctx, op, err)
	}
	out, err := conn.ReadUntilEof()
	if err != nil {
		return nil, d.classify(ctx, op, err)
	}
	return out, nil
}

// FileInfo describes a remote file.
type FileInfo struct {
	Name    string
	Mode    fs.FileMode
	Size    int64
	ModTime time.Time
}

// Stat describes a remote path; a missing path gives an error matching fs.ErrNotExist.
func (d *Device) Stat(ctx context.Context, path string) (FileInfo, error) {
	dev, err := d.goadb(ctx)
	if err != nil {
		return FileInfo{}, err
	}
	e, err := dev.Stat(path)
	if err != nil {
		return FileInfo{}, d.classify(ctx, "stat "+path, err)
	}
	return FileInfo{Name: baseName(path), Mode: e.Mode, Size: int64(e.Size), ModTime: e.ModifiedAt}, nil
}

// List lists a remote directory (without . and ..).
func (d *Device) List(ctx context.Context, dir string) ([]FileInfo, error) {
	dev, err := d.goadb(ctx)
	if err != nil {
		return nil, err
	}
	entries, err := dev.ListDirEntries(dir)
	if err != nil {
		return nil, d.classify(ctx, "list "+dir, err)
	}
	all, err := entries.ReadAll()
	if err != nil {
		return nil, d.classify(ctx, "list "+dir, err)
	}
	var out []FileInfo
	for _, e := range all {
		if e.Name == "." || e.Name == ".." {
			continue
		}
		out = append(out, FileInfo{Name: e.Name, Mode: e.Mode, Size: int64(e.Size), ModTime: e.ModifiedAt})
	}
	return out, nil
}

// Pull reads a remote file over sync RECV. A missing file gives an error matching
// fs.ErrNotExist, an unreadable one fs.ErrPermission.
func (d *Device) Pull(ctx context.Context, path string) ([]byte, error) {
	dev, err := d.goadb(ctx)
	if err != nil {
		return nil, err
	}
	r, err := dev.OpenRead(path)
	if err != nil {
		return nil, d.classify(ctx, "pull "+path, err)
	}
	defer r.Close()
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, d.classify(ctx, "pull "+path, err)
	}
	return data, nil
}

// Push writes data to a remote file over sync SEND with the given permissions and waits
// for the device to confirm (goadb's writer hangs up without reading the reply).
func (d *Device) Push(ctx context.Context, path string, data []byte, perm fs.FileMode) error {
	op := "push " + path
	conn, err := d.transport(ctx, op)
	if err != nil {
		return err
	}
	defer conn.Close()
	if err := wire.SendMessageString(conn, "sync:"); err != nil {
		return d.classify(ctx, op, err)
	}
	if _, err := conn.ReadStatus("sync"); err != nil {
		return d.classify(ctx, op, err)
	}
	sc := conn.NewSyncConn()
	if err := sc.SendOctetString("SEND"); err != nil {
		return d.classify(ctx, op, err)
	}
	if err := sc.SendBytes([]byte(fmt.Sprintf("%s,%d", path, uint32(perm.Perm())))); err != nil {
		return d.classify(ctx, op, err)
	}
	for rest := data; len(rest) > 0; {
		n := min(len(rest), 64*1024)
		if err := sc.SendOctetString("DATA"); err != nil {
			return d.classify(ctx, op, err)
		}
		if err := sc.SendBytes(rest[:n]); err != nil {
			return d.classify(ctx, op, err)
		}
		rest = rest[n:]
	}
	if err := sc.SendOctetString("DONE"); err != nil {
		return d.classify(ctx, op, err)
	}
	if err := sc.SendTime(time.Now()); err != nil {
		return d.classify(ctx, op, err)
	}
	if _, err := sc.ReadStatus("send"); err != nil {
		return d.classify(ctx, op, err)
	}
	return nil
}

// transport dials the server and switches the connection to this device.
func (d *Device) transport(ctx context.Context, op string) (*wire.Conn, error) {
	client, err := newClient(ctx, d.addr)
	if err != nil {
		return nil, err
	}
	conn, err := client.Dial()
	if err != nil {
		return nil, d.classify(ctx, op, err)
	}
	req := "host:transport:" + d.serial
	if err := wire.SendMessageString(conn, req); err != nil {
		conn.Close()
		return nil, d.classify(ctx, op, err)
	}
	if _, err := conn.ReadStatus(req); err != nil {
		conn.Close()
		return nil, d.classify(ctx, op, err)
	}
	return conn, nil
}

// State reports the device's current adb state ("" when it is no longer attached).
func (d *Device) State(ctx context.Context) (string, error) {
	list, err := ListDevices(ctx, d.addr)
	if err != nil {
		return "", err
	}
	for _, e := range list {
		if e.Serial == d.serial {
			return e.State, nil
		}
	}
	return "", nil
}

// goadb returns a goadb device bound to ctx: cancelling ctx closes its connections.
func (d *Device) goadb(ctx context.Context) (*adb.Device, error) {
	client, err := newClient(ctx, d.addr)
	if err != nil {
		return nil, err
	}
	return client.Device(adb.DeviceWithSerial(d.serial)), nil
}

// classify turns a goadb error into a one-line error of a known kind. A transport failure
// is checked against the device list: a device that is gone or not online is lost.
func (d *Device) classify(ctx context.Context, op string, err error) error {
	if ctx.Err() != nil {
		return fmt.Errorf("%s on %s: %w", op, d.serial, ctx.Err())
	}
	msg := adbMessage(err)
	switch {
	case strings.Contains(msg, "No such file or directory") || adb.HasErrCode(err, adb.FileNoExistError):
		return fmt.Errorf("%s on %s: %w", op, d.serial, fs.ErrNotExist)
	case strings.Contains(msg, "Permission denied"):
		return fmt.Errorf("%s on %s: %w", op, d.serial, fs.ErrPermission)
	}
	// Ask the server what became of the device, with a short deadline of its own.
	cctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	state, lerr := d.State(cctx)
	switch {
	case lerr != nil && errors.Is(lerr, ErrNoServer):
		return fmt.Errorf("%w: %s: the adb server at %s went away during %s", ErrDeviceLost, d.serial, d.addr, op)
	case lerr == nil && state == "":
		return fmt.Errorf("%w: %s is no longer attached (during %s)", ErrDeviceLost, d.serial, op)
	case lerr == nil && state != "device":
		return fmt.Errorf("%w: %s is %s (during %s)", ErrDeviceLost, d.serial, state, op)
	}
	return fmt.Errorf("%s on %s: %s", op, d.serial, msg)
}

// adbMessage digs the most specific text out of a goadb error chain, on one line.
func adbMessage(err error) string {
	// (wire.IsAdbServerErrorMatching would be the natural tool, but it panics on goadb's
	// own wrapped client errors, so the formatted chain is searched instead.)
	chain := adb.ErrorWithCauseChain(err)
	if i := strings.LastIndex(chain, "ServerMsg:"); i >= 0 {
		s := chain[i+len("ServerMsg:"):]
		s = strings.TrimSuffix(strings.TrimSpace(s), ")")
		s = strings.TrimSuffix(s, "}")
		return oneLine(s)
	}
	if i := strings.LastIndex(chain, "caused by "); i >= 0 {
		chain = chain[i+len("caused by "):]
	}
	return oneLine(chain)
}

func oneLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	return s
}

func short(cmd string) string {
	if len(cmd) > 60 {
		return cmd[:57] + "..."
	}
	return cmd
}

func baseName(p string) string {
	p = strings.TrimSuffix(p, "/")
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}

func noServer(ctx context.Context, addr string, err error) error {
	why := adbMessage(err)
	// goadb reports the failed start of its stand-in executable ("exit status 1"), not
	// why the server was unreachable; a dial of our own names the real cause.
	dctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	var nd net.Dialer
	if c, derr := nd.DialContext(dctx, "tcp", addr); derr != nil {
		why = derr.Error()
		var op *net.OpError
		if errors.As(derr, &op) && op.Err != nil {
			why = op.Err.Error()
		}
	} else {
		c.Close()
	}
	return fmt.Errorf("%w at %s (start one with `adb start-server`, or pass --adb host:port): %s", ErrNoServer, addr, why)
}

// newClient builds a goadb client whose connections die with ctx. goadb insists on an adb
// executable even to reach a running server, and runs it to start a server when a dial
// fails: /bin/false (or similar) makes that a clean "no server" error instead of a surprise
// daemon, and keeps goadb from panicking on a raw dial error.
func newClient(ctx context.Context, addr string) (*adb.Adb, error) {
	host, portStr, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("adb address %q: want host:port", addr)
	}
	port, err := strconv.Atoi(portStr)
	if err != nil {
		return nil, fmt.Errorf("adb address %q: bad port", addr)
	}
	c, err := adb.NewWithConfig(adb.ServerConfig{Host: host, Port: port, PathToAdb: noStartExe(), Dialer: ctxDialer{ctx}})
	if err != nil {
		return nil, fmt.Errorf("adb client for %s: %s", addr, adbMessage(err))
	}
	return c, nil
}

var noStart struct {
	once sync.Once
	path string
}

func noStartExe() string {
	noStart.once.Do(func() {
		if p, err := exec.LookPath("false"); err == nil {
			noStart.path = p
			return
		}
		noStart.path, _ = os.Executable()
	})
	return noStart.path
}

// ctxDialer dials the adb server and closes the connection when ctx ends, so a hung
// device cannot block a caller past its deadline.
type ctxDialer struct{ ctx context.Context }

func (d ctxDialer) Dial(addr string) (*wire.Conn, error) {
	var nd net.Dialer
	c, err := nd.DialContext(d.ctx, "tcp", addr)
	if err != nil {
		return nil, err // goadb retries after its (failing) start step and wraps that error
	}
	cc := &ctxConn{Conn: c}
	cc.stop = context.AfterFunc(d.ctx, func() { c.Close() })
	return &wire.Conn{Scanner: wire.NewScanner(cc), Sender: wire.NewSender(cc)}, nil
}

type ctxConn struct {
	net.Conn
	stop func() bool
	once sync.Once
	err  error
}

func (c *ctxConn) Close() error {
	c.once.Do(func() {
		c.stop()
		c.err = c.Conn.Close()
	})
	return c.err
}

// IsPNG reports whether data starts with the PNG signature.
func IsPNG(data []byte) bool {
	return bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n"))
}
