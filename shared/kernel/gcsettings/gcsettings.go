// Package gcsettings holds the Go collector's settings the service's
// functions run with: the CDK stack sets them on every function (GOGC and
// GOMEMLIMIT, which the runtime reads before any code runs), and the dev
// stack, which runs every function in one process, applies the same
// percentage to its process, so local runs collect as the functions do.
package gcsettings

import (
	"fmt"
	"os"
	"runtime/debug"
)

// Percent is GOGC in the functions: a function answers one request at a
// time in memory it has to itself, so its heap may grow to several times
// what is live before a collection (the default, 100, collects a
// few-megabyte heap during a cold start already, and every few requests
// after).
const Percent = 400

// MemoryShare is the share of a function's memory its heap may take
// (GOMEMLIMIT) before the collector runs whatever GOGC says, so the heap a
// high GOGC lets grow stays inside the function's memory.
const MemoryShare = 0.8

// Env is the environment that sets the collector of a function of
// memoryMB megabytes: GOGC, and GOMEMLIMIT (MemoryShare of its memory, in
// MiB).
func Env(memoryMB int) map[string]string {
	return map[string]string{
		"GOGC":       fmt.Sprint(Percent),
		"GOMEMLIMIT": fmt.Sprintf("%dMiB", int(float64(memoryMB)*MemoryShare)),
	}
}

// Apply sets this process's collector to Percent, unless GOGC is set in
// its environment (which then decides, as it does for the runtime). The
// dev stack calls it: its process stands for every function at once.
func Apply() {
	if _, set := os.LookupEnv("GOGC"); !set {
		debug.SetGCPercent(Percent)
	}
}
