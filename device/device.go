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
	Addr        string        // host:port of the adb server; "" means ResolveAddr("")
	Serial      string        // device serial; "" takes the only attached device
	WaitTimeout time.Duration // how long to wait for the device to appear and come online; 0 = no wait
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

// IsPNG reports whether data starts with the PNG signature.
func IsPNG(data []byte) bool {
	return bytes.HasPrefix(data, []byte("\x89PNG\r\n\x1a\n"))
}
