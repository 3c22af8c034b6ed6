//go:build linux

package devstack

import (
	"context"
	"fmt"
	"os"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// ParentEnding returns a channel that receives the signal the process's
// parent `make` is ending on. `make run` keeps the dev stack as its child
// and, on SIGINT sent to make alone (not to the whole process group, as a
// terminal's Ctrl-C does), waits for its children without passing the
// signal on. Its handler first restores the signal's default action, so a
// fatal signal make caught when the stack started and catches no longer
// says make is ending. The channel never receives when the parent is not
// make or ends otherwise (the parent-death signal covers that). The
// handlers make catches are read when ParentEnding is called: call it
// before anything that lets a caller signal make (the ready line).
func ParentEnding(ctx context.Context, every time.Duration) <-chan os.Signal {
	ch := make(chan os.Signal, 1)
	parent := os.Getppid()
	comm, _ := os.ReadFile(fmt.Sprintf("/proc/%d/comm", parent))
	if name := strings.TrimSpace(string(comm)); name != "make" && name != "gmake" {
		return ch
	}
	start, ok := caughtSignals(parent)
	if !ok {
		return ch
	}
	go func() {
		t := time.NewTicker(every)
		defer t.Stop()
		for {
			select {
			case <-ctx.Done():
				return
			case <-t.C:
			}
			now, ok := caughtSignals(parent)
			if !ok || os.Getppid() != parent {
				return
			}
			for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGQUIT} {
				if bit := uint64(1) << (sig - 1); start&bit != 0 && now&bit == 0 {
					ch <- sig
					return
				}
			}
		}
	}()
	return ch
}

// caughtSignals reads the mask of signals pid has a handler for.
func caughtSignals(pid int) (uint64, bool) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/status", pid))
	if err != nil {
		return 0, false
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "SigCgt:"); ok {
			mask, err := strconv.ParseUint(strings.TrimSpace(v), 16, 64)
			return mask, err == nil
		}
	}
	return 0, false
}
