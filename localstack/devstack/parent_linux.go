//go:build linux

package main

import (
	"os"
	"syscall"
)

// stopWithParent asks the kernel to send SIGTERM when the process that
// started the dev stack ends, so the stack (and its DynamoDB Local) stops
// with it even when that process could not pass a signal on: `go run`
// killed by SIGTERM, or `make run` killed outright. It reports false when
// the parent is already gone.
func stopWithParent() bool {
	parent := os.Getppid()
	if _, _, errno := syscall.RawSyscall(syscall.SYS_PRCTL, syscall.PR_SET_PDEATHSIG, uintptr(syscall.SIGTERM), 0); errno != 0 {
		return true
	}
	return os.Getppid() == parent
}
