package device

import (
	"context"

	"github.com/zach-klippenstein/goadb/wire"

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

// Shell runs cmd with `shell:CMD` (as `adb shell CMD` does on a device without
// shell_v2) and returns its output, errors included. The exit status is not reported,
// so callers check the output.
func (d *Device) Shell(ctx context.Context, cmd string) (string, error) {
	out, err := d.run(ctx, "shell "+termtext.Clip(cmd, 60), serviceShell+cmd)
	return string(out), err
}

// ExecOut runs cmd with `exec:CMD`, the service `adb exec-out CMD` opens: no pty ever
// comes between, so binary output (screencap) arrives byte for byte.
func (d *Device) ExecOut(ctx context.Context, cmd string) ([]byte, error) {
	return d.run(ctx, "exec-out "+termtext.Clip(cmd, 60), serviceExec+cmd)
}

// run opens a service on the device and reads everything it writes until it closes.
// A device that does not know the service closes it at once, which the server reports
// as the failure "closed".
func (d *Device) run(ctx context.Context, op, service string) ([]byte, error) {
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
	out, err := conn.ReadUntilEof()
	if err != nil {
		return nil, d.classify(ctx, op, err)
	}
	return out, nil
}
