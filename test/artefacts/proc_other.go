//go:build !linux

package artefacts

import (
	"os/exec"
	"syscall"
)

// childAttr has nothing to set where the functions cannot run anyway.
func childAttr() *syscall.SysProcAttr { return nil }

// killGroup kills cmd's process.
func killGroup(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
