package device

import (
	"context"
	"fmt"
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
