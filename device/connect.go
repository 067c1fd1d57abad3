package device

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Connect finds the device, waiting up to opts.WaitTimeout for it to be attached and online,
// and reads its screen size and Android version.
func Connect(ctx context.Context, opts Options) (*Device, error) {
	addr := opts.Addr
	if addr == "" {
		var err error
		if addr, err = ResolveAddr("", nil); err != nil {
			return nil, err
		}
	}
	// A malformed addr is reported by ListDevices (newClient), before any wait.
	deadline := time.Now().Add(opts.WaitTimeout)
	notices := waitNotices{opts: opts, what: "a device"}
	if opts.Serial != "" {
		notices.what = "device " + opts.Serial
	}
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
		notices.still(err)
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

func stateOK(e Entry) (string, error) {
	switch e.State {
	case "device":
		return e.Serial, nil
	case "unauthorized":
		return "", fmt.Errorf("%w: %s: %s", ErrUnauthorized, e.Serial, e.Advice())
	case "offline":
		return "", fmt.Errorf("%w: %s: %s", ErrOffline, e.Serial, e.Advice())
	default:
		return "", fmt.Errorf("%w: %s is in state %q, not ready", ErrOffline, e.Serial, e.State)
	}
}

func (d *Device) readInfo(ctx context.Context) error {
	d.info.Serial = d.serial
	out, err := d.shell(ctx, "getprop ro.build.version.release; getprop ro.build.version.sdk; getprop ro.product.model; wm size", d.limits().line, "three properties and the screen size")
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

// ConnectAll connects to a pool of devices. With serials, exactly those: each must be
// attached and online, waiting up to opts.WaitTimeout in all (opts.Serial is ignored).
// Without, every device the server lists as online (read at once, as Describe reads them),
// waiting up to opts.WaitTimeout for at least one; devices in another state (offline,
// unauthorized) or that do not answer are left out, each with the reason in skipped.
func ConnectAll(ctx context.Context, opts Options, serials []string) (devs []*Device, skipped []string, err error) {
	if len(serials) > 0 {
		seen := map[string]bool{}
		deadline := time.Now().Add(opts.WaitTimeout)
		for _, s := range serials {
			if seen[s] {
				return nil, nil, fmt.Errorf("device %s is named twice", s)
			}
			seen[s] = true
			o := opts
			o.Serial, o.WaitTimeout = s, max(time.Until(deadline), 0)
			d, err := Connect(ctx, o)
			if err != nil {
				return nil, nil, err
			}
			devs = append(devs, d)
		}
		return devs, nil, nil
	}
	addr := opts.Addr
	if addr == "" {
		if addr, err = ResolveAddr("", nil); err != nil {
			return nil, nil, err
		}
	}
	deadline := time.Now().Add(opts.WaitTimeout)
	notices := waitNotices{opts: opts, what: "an online device"}
	for {
		list, err := Describe(ctx, addr)
		if err != nil {
			return nil, nil, err
		}
		if ctx.Err() != nil {
			return nil, nil, ctx.Err()
		}
		devs, skipped = nil, nil
		for _, a := range list {
			switch {
			case a.Info != nil:
				devs = append(devs, &Device{addr: addr, serial: a.Serial, info: *a.Info})
			case a.Error != "":
				skipped = append(skipped, a.Serial+": "+a.Error)
			default:
				_, err := stateOK(a.Entry)
				skipped = append(skipped, err.Error())
			}
		}
		if len(devs) > 0 {
			return devs, skipped, nil
		}
		err = fmt.Errorf("%w: adb lists no online device (connect one, start an emulator, or `adb connect HOST:PORT`)", ErrNoDevice)
		if len(skipped) > 0 {
			err = fmt.Errorf("%w: no device is online (%s)", ErrNoDevice, strings.Join(skipped, "; "))
		}
		if opts.WaitTimeout <= 0 || time.Now().After(deadline) {
			if opts.WaitTimeout > 0 {
				err = fmt.Errorf("%w (waited %s)", err, opts.WaitTimeout)
			}
			return nil, nil, err
		}
		notices.still(err)
		select {
		case <-ctx.Done():
			return nil, nil, ctx.Err()
		case <-time.After(250 * time.Millisecond):
		}
	}
}
