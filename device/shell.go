package device

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/zach-klippenstein/goadb/wire"

	"github.com/autoeval/autoeval/internal/safefile"
	"github.com/autoeval/autoeval/internal/termtext"
)

// The legacy shell services (SERVICES.TXT): `shell:CMD` runs CMD with `sh -c`, `exec:CMD`
// does too without ever allocating a pty, so binary output arrives byte for byte.
// Without the shell_v2 feature neither reports the exit status, and errors arrive
// mixed with the output.
const (
	serviceShell = "shell:"
	serviceExec  = "exec:"
)

// What autoeval reads of one command's output at most. goadb reads a service until the
// device closes it, so a device that never stops writing (a broken screencap, a command
// streaming forever) would fill memory; past its limit a command's output is an error,
// wrapping ErrTooLarge, and the service is closed.
const (
	// MaxScreenshotBytes bounds `screencap -p`: the largest screenshot file a trace
	// accepts (a PNG of 32 Mi pixels stored without compression); real ones are 0.1 to 3 MB.
	MaxScreenshotBytes = 128 << 20
	// MaxRawScreenshotBytes bounds `screencap` without -p: its 16-byte header and 32 Mi
	// pixels of 4 bytes (a 1080 x 2400 screen is 10 MB).
	MaxRawScreenshotBytes = 16 + 4*(32<<20)
	// MaxShellBytes bounds the text a command prints through Shell: a content query of
	// every sent message, a folder's listing, settings (a few KB to a few hundred).
	MaxShellBytes = 16 << 20
	// maxLineBytes bounds the commands that print a line or a few: getprop and wm size,
	// uiautomator's "dumped to", dumpsys filtered by grep on the device.
	maxLineBytes = 1 << 20
	// MaxPullBytes bounds a file read with Pull: the app databases (and their journals) and
	// notes ground truth reads are kilobytes to a few megabytes.
	MaxPullBytes = 256 << 20
)

// outputLimits are a device's limits on what one command may print: the constants above
// (tests of this package lower them, see export_test.go).
type outputLimits struct{ screenshot, raw, shell, line, pull int64 }

var defaultLimits = outputLimits{MaxScreenshotBytes, MaxRawScreenshotBytes, MaxShellBytes, maxLineBytes, MaxPullBytes}

// Shell runs cmd with `shell:CMD` (as `adb shell CMD` does on a device without
// shell_v2) and returns its output, errors included, up to MaxShellBytes. The exit status
// is not reported, so callers check the output.
func (d *Device) Shell(ctx context.Context, cmd string) (string, error) {
	return d.shell(ctx, cmd, d.limits().shell, "the text a command prints is a few KB to a few hundred")
}

// shell is Shell reading at most limit bytes; why says what the output should have been.
func (d *Device) shell(ctx context.Context, cmd string, limit int64, why string) (string, error) {
	out, err := d.run(ctx, "shell "+termtext.Clip(cmd, 60), serviceShell+cmd, limit, why)
	return string(out), err
}

// ExecOut runs cmd with `exec:CMD`, the service `adb exec-out CMD` opens: no pty ever
// comes between, so binary output (screencap) arrives byte for byte. More than limit bytes
// of output is an error wrapping ErrTooLarge; why says what the output should have been.
func (d *Device) ExecOut(ctx context.Context, cmd string, limit int64, why string) ([]byte, error) {
	return d.run(ctx, "exec-out "+termtext.Clip(cmd, 60), serviceExec+cmd, limit, why)
}

// run opens a service on the device and reads what it writes until it closes, or until
// it has written more than limit bytes, which is an error. A device that does not know the
// service closes it at once, which the server reports as the failure "closed".
func (d *Device) run(ctx context.Context, op, service string, limit int64, why string) ([]byte, error) {
	conn, err := d.transport(ctx, op)
	if err != nil {
		return nil, err
	}
	defer conn.Close()
	if err := wire.SendMessageString(conn, service); err != nil {
		return nil, d.classify(ctx, op, err)
	}
	if _, err := conn.ReadStatus(op); err != nil {
		return nil, d.classify(ctx, op, err)
	}
	out, err := readLimited(conn, limit)
	if errors.Is(err, ErrTooLarge) {
		// Closing the connection (deferred) closes the service: the device stops sending.
		return nil, fmt.Errorf("%s on %s: the output is %w of %s (%s)", op, d.serial, ErrTooLarge, safefile.Size(limit), why)
	}
	if err != nil {
		return nil, d.classify(ctx, op, err)
	}
	return out, nil
}

// readLimited reads what the server sends on conn until it closes, refusing more than
// limit bytes with ErrTooLarge. goadb's ReadUntilEof would read without end; conn comes
// from ctxDialer, whose scanner gives the connection to read from.
func readLimited(conn *wire.Conn, limit int64) ([]byte, error) {
	s, ok := conn.Scanner.(*streamScanner)
	if !ok {
		return nil, errors.New("internal error: a connection not dialled by ctxDialer")
	}
	out, err := io.ReadAll(io.LimitReader(s.r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(out)) > limit {
		return nil, ErrTooLarge
	}
	return out, nil
}
