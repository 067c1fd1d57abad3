package device

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"strings"
	"time"

	adb "github.com/zach-klippenstein/goadb"
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

// classified is an error with its own text that still matches a sentinel with errors.Is.
type classified struct {
	msg string
	err error
}

func (e *classified) Error() string { return e.msg }
func (e *classified) Unwrap() error { return e.err }

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

func baseName(p string) string {
	p = strings.TrimSuffix(p, "/")
	if i := strings.LastIndexByte(p, '/'); i >= 0 {
		return p[i+1:]
	}
	return p
}
