package e2e

import (
	"bufio"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestMakeRunWithRelativeDataDir runs `make run` as a person does, with
// PORT and a DATA_DIR relative to the project folder: standard output
// carries exactly the ready line, the stack serves, DynamoDB Local keeps
// its data in that folder and sends no telemetry, and SIGTERM to make stops
// everything it started.
func TestMakeRunWithRelativeDataDir(t *testing.T) {
	root := repoRoot(t)
	data := t.TempDir()
	rel, err := filepath.Rel(root, data)
	if err != nil || filepath.IsAbs(rel) {
		t.Fatalf("no relative path from %s to %s: %v", root, data, err)
	}
	m := startMakeRun(t, "DATA_DIR="+rel)
	m.client.Do(t, "GET", "/healthz", nil).Expect(t, http.StatusOK)
	m.client.Agent(t, "POST", "/accounts", signupBody(testenv.UniqueEmail("makerun"))).Expect(t, http.StatusCreated)
	if db, _ := filepath.Glob(filepath.Join(data, "*.db")); len(db) == 0 {
		entries, _ := os.ReadDir(data)
		t.Fatalf("DynamoDB Local keeps nothing in DATA_DIR=%s (%d entries); standard error:\n%s", rel, len(entries), tail(m.stderr))
	}
	pid := dynamoLocalWith(data)
	if pid == 0 {
		t.Fatalf("no DynamoDB Local runs with -dbPath %s", data)
	}
	if args, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", pid)); !slices.Contains(strings.Split(string(args), "\x00"), "-disableTelemetry") {
		t.Fatalf("DynamoDB Local runs without -disableTelemetry: %q", args)
	}
	m.stop(t, syscall.SIGTERM, pid)
}

// TestMakeRunStopsOnInterruptToMake sends SIGINT to the make process alone,
// as a program that started `make run` does (a terminal's Ctrl-C reaches
// the whole process group instead): make, the stack and its DynamoDB Local
// all end.
func TestMakeRunStopsOnInterruptToMake(t *testing.T) {
	if ignored, _ := signalIgnored(syscall.SIGINT); ignored {
		t.Skip("this process ignores SIGINT, so make would too")
	}
	m := startMakeRun(t)
	m.client.Do(t, "GET", "/healthz", nil).Expect(t, http.StatusOK)
	pid := dynamoLocalWith("-inMemory")
	if pid == 0 {
		t.Fatal("no DynamoDB Local runs in memory")
	}
	m.stop(t, syscall.SIGINT, pid)
}

// makeRun is a running `make run`.
type makeRun struct {
	cmd    *exec.Cmd
	port   int
	client *testenv.Client
	lines  chan string
	exited chan error
	stderr *lockedBuffer
}

// startMakeRun runs `make run` in the project folder with a free PORT and
// env, and waits for its first line of standard output, which must be the
// ready line.
func startMakeRun(t *testing.T, env ...string) *makeRun {
	t.Helper()
	if testing.Short() || runtime.GOOS != "linux" {
		t.Skip("runs make run (Linux)")
	}
	makeBin, err := exec.LookPath("make")
	if err != nil {
		t.Skip("no make on this machine")
	}
	m := &makeRun{port: freePort(t), lines: make(chan string, 100), exited: make(chan error, 1), stderr: &lockedBuffer{}}
	m.client = &testenv.Client{Base: fmt.Sprintf("http://127.0.0.1:%d", m.port)}
	m.cmd = exec.Command(makeBin, "run")
	m.cmd.Dir = repoRoot(t)
	for _, kv := range os.Environ() {
		name, _, _ := strings.Cut(kv, "=")
		if !slices.Contains([]string{"DYNAMODB_ENDPOINT", "PORT", "DATA_DIR", "MAKEFLAGS", "MFLAGS", "MAKELEVEL"}, name) {
			m.cmd.Env = append(m.cmd.Env, kv)
		}
	}
	m.cmd.Env = append(append(m.cmd.Env, fmt.Sprintf("PORT=%d", m.port)), env...)
	m.cmd.Stderr = m.stderr
	stdout, err := m.cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := m.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go func() {
		sc := bufio.NewScanner(stdout)
		for sc.Scan() {
			m.lines <- sc.Text()
		}
		close(m.lines)
		m.exited <- m.cmd.Wait()
	}()
	t.Cleanup(func() {
		select {
		case <-m.exited:
		default:
			_ = m.cmd.Process.Signal(syscall.SIGTERM)
			select {
			case <-m.exited:
			case <-time.After(30 * time.Second):
				_ = m.cmd.Process.Kill()
			}
		}
	})
	want := fmt.Sprintf("ready: http://127.0.0.1:%d", m.port)
	select {
	case line, ok := <-m.lines:
		if !ok {
			t.Fatalf("make run ended without printing %q; standard error:\n%s", want, tail(m.stderr))
		}
		if line != want {
			t.Fatalf("make run's first line of standard output = %q, want %q", line, want)
		}
	case <-time.After(5 * time.Minute):
		t.Fatalf("no %q line within five minutes", want)
	}
	return m
}

// stop sends sig to make alone and checks that make ends within 30 s,
// printed nothing more on standard output, and left neither the stack's
// port nor DynamoDB Local (dynamoPID) behind.
func (m *makeRun) stop(t *testing.T, sig syscall.Signal, dynamoPID int) {
	t.Helper()
	if err := m.cmd.Process.Signal(sig); err != nil {
		t.Fatal(err)
	}
	var extra []string
	timeout := time.After(30 * time.Second)
	for done := false; !done; {
		select {
		case line, ok := <-m.lines:
			if !ok {
				done = true
				break
			}
			extra = append(extra, line)
		case <-timeout:
			t.Fatalf("make run did not stop within 30 s of %v", sig)
		}
	}
	select {
	case <-m.exited:
	case <-timeout:
		t.Fatalf("make run did not stop within 30 s of %v", sig)
	}
	if len(extra) > 0 {
		t.Fatalf("make run printed more than the ready line on standard output: %q", extra)
	}
	for i := 0; answers(m.port) || alive(dynamoPID); i++ {
		if i > 100 {
			t.Fatalf("after make run stopped, its port answers (%v) or DynamoDB Local (pid %d) runs (%v)", answers(m.port), dynamoPID, alive(dynamoPID))
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// dynamoLocalWith returns the pid of a live DynamoDB Local started by a
// child of this test process's make runs whose command line has arg, or 0.
// Only DynamoDB Locals whose grandparent is a make started by this process
// count, so other stacks on the machine are left alone.
func dynamoLocalWith(arg string) int {
	procs, _ := filepath.Glob("/proc/[0-9]*/cmdline")
	for _, f := range procs {
		b, err := os.ReadFile(f)
		if err != nil || !strings.Contains(string(b), "DynamoDBLocal.jar") || !slices.Contains(strings.Split(string(b), "\x00"), arg) {
			continue
		}
		pid, _ := strconv.Atoi(filepath.Base(filepath.Dir(f)))
		if grand := parentOf(parentOf(pid)); alive(pid) && grand != 0 && parentOf(grand) == os.Getpid() {
			return pid
		}
	}
	return 0
}

// parentOf returns pid's parent, or 0.
func parentOf(pid int) int {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0
	}
	s := string(b)
	fields := strings.Fields(s[strings.LastIndex(s, ")")+1:])
	if len(fields) < 2 {
		return 0
	}
	ppid, _ := strconv.Atoi(fields[1])
	return ppid
}

// signalIgnored reports whether this process ignores sig.
func signalIgnored(sig syscall.Signal) (bool, error) {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return false, err
	}
	for _, line := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(line, "SigIgn:"); ok {
			mask, err := strconv.ParseUint(strings.TrimSpace(v), 16, 64)
			return err == nil && mask&(1<<(sig-1)) != 0, err
		}
	}
	return false, nil
}

// tail returns the last 30 lines of a process's output.
func tail(b *lockedBuffer) string {
	lines := strings.Split(strings.TrimRight(b.String(), "\n"), "\n")
	if len(lines) > 30 {
		lines = lines[len(lines)-30:]
	}
	return strings.Join(lines, "\n")
}
