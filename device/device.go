// Package device talks to Android devices through an adb server: it finds the device,
// runs shell commands, pulls and pushes files over the sync protocol, and takes
// screenshots, UI dumps and the foreground activity for the observer and ground truth.
//
// The files follow the protocols and jobs: host.go (the server address and the host
// protocol), list.go (the device list), connect.go (choosing and describing a device),
// shell.go (the shell: and exec: services), files.go (the sync: service), screen.go
// (what the screen shows), errors.go (classifying failures). Every service string sent
// to a device is one adbd knows (service_test.go checks it).
//
// Errors are one line and classified: errors.Is(err, ErrNoServer | ErrNoDevice |
// ErrUnauthorized | ErrOffline | ErrMultipleDevices | ErrDeviceLost | fs.ErrNotExist |
// fs.ErrPermission).
package device

import (
	"bytes"
	"time"
)

// Options choose the server and the device.
type Options struct {
	Addr        string        // host:port of the adb server; "" means ResolveAddr("", nil)
	Serial      string        // device serial; "" takes the only attached device
	WaitTimeout time.Duration // how long to wait for the device to appear and come online; 0 = no wait
	// OnWait, when set, hears that the wait began (Waited 0) and, while it lasts, about every
	// WaitNoticeEvery: a command can say at once what it waits for, and show it is alive.
	OnWait func(Wait)
}

// Wait is what Connect or ConnectAll is waiting for, as told to Options.OnWait.
type Wait struct {
	For    string        // "device emulator-5554", "a device" or "an online device"
	Why    error         // what the last look at the adb server found
	Waited time.Duration // 0 when the wait begins
}

// WaitNoticeEvery is how often Options.OnWait hears of a wait that goes on.
const WaitNoticeEvery = 5 * time.Second

// waitNotices tells opts.OnWait of a wait: at its start, then every WaitNoticeEvery.
type waitNotices struct {
	opts        Options
	what        string
	start, told time.Time
}

func (w *waitNotices) still(why error) {
	if w.opts.OnWait == nil {
		return
	}
	now := time.Now()
	switch {
	case w.told.IsZero():
		w.start, w.told = now, now
		w.opts.OnWait(Wait{For: w.what, Why: why})
	case now.Sub(w.told) >= WaitNoticeEvery:
		w.told = now
		w.opts.OnWait(Wait{For: w.what, Why: why, Waited: now.Sub(w.start)})
	}
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
	// lim, when set, replaces defaultLimits (tests of this package).
	lim *outputLimits
}

// limits are what one command may print on this device.
func (d *Device) limits() outputLimits {
	if d.lim != nil {
		return *d.lim
	}
	return defaultLimits
}

// Serial is the device's serial number.
func (d *Device) Serial() string { return d.serial }

// Addr is the adb server address in use.
func (d *Device) Addr() string { return d.addr }

// Info is what Connect learnt about the device (size, Android version, model).
func (d *Device) Info() Info { return d.info }

// IsPNG reports whether data starts with the PNG signature.
func IsPNG(data []byte) bool {
	return bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n"))
}
