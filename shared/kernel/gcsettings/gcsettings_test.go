package gcsettings

import (
	"os"
	"runtime/debug"
	"testing"
)

func TestEnv(t *testing.T) {
	env := Env(512)
	if env["GOGC"] != "400" || env["GOMEMLIMIT"] != "409MiB" || len(env) != 2 {
		t.Fatalf("Env(512) = %v", env)
	}
	if got := Env(1024)["GOMEMLIMIT"]; got != "819MiB" {
		t.Fatalf("Env(1024) GOMEMLIMIT = %s", got)
	}
}

func TestApplyLeavesAGOGCOfTheEnvironment(t *testing.T) {
	prev := debug.SetGCPercent(100)
	defer debug.SetGCPercent(prev)
	t.Setenv("GOGC", "150")
	Apply()
	if got := debug.SetGCPercent(100); got != 100 {
		t.Fatalf("with GOGC set, Apply changed the percentage to %d", got)
	}
}

func TestApplySetsThePercentage(t *testing.T) {
	prev := debug.SetGCPercent(100)
	defer debug.SetGCPercent(prev)
	t.Setenv("GOGC", "")
	unsetenv(t, "GOGC")
	Apply()
	if got := debug.SetGCPercent(100); got != Percent {
		t.Fatalf("Apply set %d, want %d", got, Percent)
	}
}

// unsetenv removes name from the environment for the rest of t (after
// t.Setenv, which restores it).
func unsetenv(t *testing.T, name string) {
	t.Helper()
	if err := os.Unsetenv(name); err != nil {
		t.Fatal(err)
	}
}
