//go:build unix

package store

import (
	"errors"
	"os"
	"syscall"
)

// pidAlive says whether a process with pid exists here (one owned by another user too).
func pidAlive(pid int) bool {
	if pid <= 0 {
		return false
	}
	err := syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// pidNamespace names this process's PID namespace where the system says (Linux), so two
// containers with one hostname do not read each other's pids.
func pidNamespace() string {
	ns, _ := os.Readlink("/proc/self/ns/pid")
	return ns
}
