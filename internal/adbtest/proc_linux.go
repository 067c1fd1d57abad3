package adbtest

import (
	"os/exec"
	"syscall"
)

// setDeathSignal has the kernel kill the server when the test binary dies, so a
// crashed or timed-out test never leaves an adb server behind.
func setDeathSignal(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGKILL}
}
