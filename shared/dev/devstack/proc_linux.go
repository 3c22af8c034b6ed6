//go:build linux

package devstack

import (
	"os/exec"
	"syscall"
)

// setChildAttrs makes the child die with the dev stack, even on a crash.
func setChildAttrs(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true, Pdeathsig: syscall.SIGKILL}
}

// stopChild asks the child's process group to stop.
func stopChild(cmd *exec.Cmd) {
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
}
