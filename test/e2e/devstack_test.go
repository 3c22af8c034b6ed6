package e2e

import (
	"bufio"
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
	"time"

	"rvcontent/shared/edge/gateway"
	"rvcontent/shared/edge/routes"
	"rvcontent/test/testenv"
)

// TestDevStackProcess runs the dev stack as `make run` does, waits for its
// ready line, checks /healthz, stops it with SIGTERM and checks that its
// DynamoDB Local went with it; a second run on the same DATA_DIR finds the
// first run's account and clock.
func TestDevStackProcess(t *testing.T) {
	if testing.Short() || runtime.GOOS != "linux" {
		t.Skip("builds and runs the dev stack binary (Linux)")
	}
	bin := filepath.Join(t.TempDir(), "devstack")
	build := exec.Command("go", "build", "-o", bin, "./localstack/devstack")
	build.Dir = repoRoot(t)
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("build: %v\n%s", err, out)
	}
	port, data := freePort(t), t.TempDir()

	p := startProcess(t, bin, port, data)
	r := p.client.Do(t, "GET", "/healthz", nil).Expect(t, http.StatusOK)
	if string(r.Body) != `{"ok":true}` || r.Header.Get("Content-Type") != "application/json" {
		t.Fatalf("/healthz = %q (%s)", r.Body, r.Header.Get("Content-Type"))
	}
	created := p.client.Agent(t, "POST", "/accounts", signupBody(testenv.UniqueEmail("proc"))).Expect(t, http.StatusCreated).JSON(t)
	key := str(t, object(t, created, "agent_key")["key"])
	var moved struct{ Now string }
	p.client.Do(t, "POST", "/_dev/clock", map[string]any{"advance_seconds": 86400}).Expect(t, http.StatusOK).Decode(t, &moved)
	p.stop(t)

	p = startProcess(t, bin, port, data)
	a := object(t, p.client.As(key).Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK).JSON(t), "account")
	if a["id"] != object(t, created, "account")["id"] {
		t.Fatalf("after a restart on DATA_DIR the key reads account %v", a["id"])
	}
	var now struct{ Now string }
	p.client.Do(t, "GET", "/_dev/clock", nil).Expect(t, http.StatusOK).Decode(t, &now)
	if now.Now < moved.Now {
		t.Fatalf("the clock ran back across a restart: %s, was %s", now.Now, moved.Now)
	}
	p.stop(t)
}

// process is a running dev stack binary.
type process struct {
	cmd    *exec.Cmd
	port   int
	client *testenv.Client
	exited chan error
}

// startProcess runs bin with PORT and DATA_DIR and waits for its exact
// ready line.
func startProcess(t *testing.T, bin string, port int, dataDir string) *process {
	t.Helper()
	cmd := exec.Command(bin)
	cmd.Dir = repoRoot(t)
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "DYNAMODB_ENDPOINT=") && !strings.HasPrefix(kv, "PORT=") && !strings.HasPrefix(kv, "DATA_DIR=") {
			cmd.Env = append(cmd.Env, kv)
		}
	}
	cmd.Env = append(cmd.Env, fmt.Sprintf("PORT=%d", port), "DATA_DIR="+dataDir)
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	p := &process{cmd: cmd, port: port, exited: make(chan error, 1), client: &testenv.Client{Base: fmt.Sprintf("http://127.0.0.1:%d", port)}}
	t.Cleanup(func() {
		select {
		case <-p.exited:
		default:
			_ = cmd.Process.Kill()
		}
	})
	want := fmt.Sprintf("ready: http://127.0.0.1:%d", port)
	ready := make(chan bool, 1)
	go func() {
		sc := bufio.NewScanner(stdout)
		found := false
		for sc.Scan() {
			if !found && sc.Text() == want {
				found = true
				ready <- true
			}
		}
		if !found {
			ready <- false
		}
		p.exited <- cmd.Wait()
	}()
	select {
	case ok := <-ready:
		if !ok {
			t.Fatalf("the dev stack ended without printing %q", want)
		}
	case <-time.After(2 * time.Minute):
		t.Fatalf("no %q line within two minutes", want)
	}
	return p
}

// stop sends SIGTERM and checks the process, its DynamoDB Local child and
// both ports are gone.
func (p *process) stop(t *testing.T) {
	t.Helper()
	javaPID, dbPort := dynamoChild(t, p.cmd.Process.Pid)
	if !answers(dbPort) {
		t.Fatalf("DynamoDB Local (pid %d) does not answer on port %d", javaPID, dbPort)
	}
	if err := p.cmd.Process.Signal(syscall.SIGTERM); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-p.exited:
		if err != nil {
			t.Fatalf("the dev stack exited with %v after SIGTERM", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("the dev stack did not stop within 30 s of SIGTERM")
	}
	for i := 0; alive(javaPID) || answers(dbPort); i++ {
		if i > 100 {
			t.Fatalf("DynamoDB Local (pid %d, port %d) outlived the dev stack", javaPID, dbPort)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if answers(p.port) {
		t.Fatal("the dev stack's port still answers")
	}
}

// repoRoot is the module's root folder.
func repoRoot(t testing.TB) string {
	t.Helper()
	dir, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err != nil {
		t.Fatalf("no go.mod in %s", dir)
	}
	return dir
}

func freePort(t testing.TB) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

func answers(port int) bool {
	c, err := net.DialTimeout("tcp", fmt.Sprintf("127.0.0.1:%d", port), 200*time.Millisecond)
	if err != nil {
		return false
	}
	c.Close()
	return true
}

// alive reports whether pid runs (a zombie does not count).
func alive(pid int) bool {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	s := string(b)
	i := strings.LastIndex(s, ")")
	return i < 0 || i+2 >= len(s) || s[i+2] != 'Z'
}

// dynamoChild finds the DynamoDB Local process the dev stack started and
// the port it listens on.
func dynamoChild(t testing.TB, parent int) (pid, port int) {
	t.Helper()
	tasks, _ := filepath.Glob(fmt.Sprintf("/proc/%d/task/*/children", parent))
	for _, f := range tasks {
		b, _ := os.ReadFile(f)
		for _, field := range strings.Fields(string(b)) {
			var child int
			fmt.Sscan(field, &child)
			cmdline, _ := os.ReadFile(fmt.Sprintf("/proc/%d/cmdline", child))
			args := strings.Split(string(cmdline), "\x00")
			for i, a := range args {
				if a == "-port" && i+1 < len(args) && strings.Contains(string(cmdline), "DynamoDBLocal.jar") {
					fmt.Sscan(args[i+1], &port)
					return child, port
				}
			}
		}
	}
	t.Fatalf("no DynamoDB Local child of pid %d", parent)
	return 0, 0
}

// TestDeployedFunctionHasNoHarness sends /_dev requests to the handler a
// deployed function runs (no harness is mounted there): JSON 404s.
func TestDeployedFunctionHasNoHarness(t *testing.T) {
	env := testenv.Shared(t)
	for _, r := range routes.Table {
		if strings.HasPrefix(r.Path, "/_dev") {
			t.Fatalf("route table serves %s", r.Key())
		}
	}
	fn := env.Stack.Handlers[routes.DefaultGroup]
	for _, path := range []string{"/_dev/emails", "/_dev/clock", "/_dev/run-scheduled", "/_dev/faults"} {
		for _, method := range []string{"GET", "POST"} {
			req := httptest.NewRequest(method, path+"?to=a@example.com", strings.NewReader(`{"advance_seconds":60}`))
			resp, err := fn(context.Background(), gateway.Event(req, "$default", nil, []byte(`{"advance_seconds":60}`)))
			if err != nil {
				t.Fatal(err)
			}
			if resp.StatusCode != http.StatusNotFound || !strings.Contains(resp.Body, `"code":"not_found"`) {
				t.Fatalf("%s %s on the deployed handler = %d %s", method, path, resp.StatusCode, resp.Body)
			}
		}
	}
}
