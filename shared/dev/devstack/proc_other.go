//go:build !linux

package devstack

import (
	"os"
	"os/exec"
)

func setChildAttrs(cmd *exec.Cmd) {}

func stopChild(cmd *exec.Cmd) { _ = cmd.Process.Signal(os.Interrupt) }
