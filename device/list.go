package device

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/zach-klippenstein/goadb/wire"
)

// Entry is one line of `adb devices -l`.
type Entry struct {
	Serial string
	State  string // device, unauthorized, offline, ...
	Model  string
}

// Advice says what to do about a device in this state ("" when it is online).
func (e Entry) Advice() string {
	switch e.State {
	case "device":
		return ""
	case "unauthorized":
		return "accept the USB debugging prompt on the device"
	case "offline":
		return "reconnect it or restart adb (adb kill-server)"
	case "no permissions":
		return "the adb server may not open the USB device (udev rules)"
	}
	return "not ready"
}

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
	if err := wire.SendMessageString(conn, hostDevicesL); err != nil {
		return nil, noServer(ctx, addr, err)
	}
	if _, err := conn.ReadStatus(hostDevicesL); err != nil {
		return nil, fmt.Errorf("adb server at %s: listing devices: %s", addr, adbMessage(err))
	}
	text, err := readHexMessage(conn)
	if err != nil {
		return nil, fmt.Errorf("adb server at %s: listing devices: %w", addr, err)
	}
	return ParseDeviceList(text), nil
}

// readHexMessage reads one length-prefixed reply (four hex digits, then that many bytes),
// so the read is bounded by the format (64 KiB) whatever the other end keeps sending, and
// nothing after the reply is waited for.
func readHexMessage(conn *wire.Conn) (string, error) {
	s, ok := conn.Scanner.(*streamScanner)
	if !ok {
		return "", errors.New("internal error: a connection not dialled by ctxDialer")
	}
	var size [4]byte
	if _, err := io.ReadFull(s.r, size[:]); err != nil {
		return "", fmt.Errorf("short reply: %w", err)
	}
	n, err := strconv.ParseUint(string(size[:]), 16, 16)
	if err != nil {
		return "", fmt.Errorf("malformed reply: length %q is not four hex digits", size[:])
	}
	body := make([]byte, n)
	if got, err := io.ReadFull(s.r, body); err != nil {
		return "", fmt.Errorf("short reply: %d of %d bytes: %w", got, n, err)
	}
	return string(body), nil
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

// Attached is a device the server lists, with what could be read from it.
type Attached struct {
	Entry
	Info  *Info  // model, Android version and screen size; nil unless the device is online
	Error string // why an online device could not be described, on one line
}

// Describe lists the attached devices and, for each online one, reads its model,
// Android version and screen size, several devices at once.
func Describe(ctx context.Context, addr string) ([]Attached, error) {
	list, err := ListDevices(ctx, addr)
	if err != nil {
		return nil, err
	}
	out := make([]Attached, len(list))
	done := make(chan struct{})
	for i, e := range list {
		out[i].Entry = e
		go func() {
			defer func() { done <- struct{}{} }()
			if e.State != "device" {
				return
			}
			d := &Device{addr: addr, serial: e.Serial}
			if err := d.readInfo(ctx); err != nil {
				out[i].Error = oneLine(err.Error())
				return
			}
			out[i].Info = &d.info
		}()
	}
	for range list {
		<-done
	}
	return out, nil
}
