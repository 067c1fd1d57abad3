//go:build !linux

package adbtest

import "os/exec"

func setDeathSignal(cmd *exec.Cmd) {}
