//go:build !unix

package observer

import (
	"os"
	"os/exec"
)

func setProcessGroup(*exec.Cmd) {}

func terminate(cmd *exec.Cmd) { kill(cmd) }

func kill(cmd *exec.Cmd) {
	if cmd.Process != nil {
		cmd.Process.Kill()
	}
}

func exitSignal(*os.ProcessState) string { return "" }

// stopLeftovers has no process group to stop here.
func stopLeftovers(*exec.Cmd) {}
