package artefacts

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"sync"
	"time"
)

// RIEVersion is the Lambda Runtime Interface Emulator the Makefile installs
// (make rie).
const RIEVersion = "v0.0.0-20261030222936-bef5c4ba774d"

// RIEPath returns the aws-lambda-rie executable: $AWS_LAMBDA_RIE, else
// $CACHE_DIR/bin/aws-lambda-rie, else <root>/.cache/bin/aws-lambda-rie.
func RIEPath(root string) (string, error) {
	path := os.Getenv("AWS_LAMBDA_RIE")
	if path == "" {
		cache := os.Getenv("CACHE_DIR")
		if cache == "" {
			cache = filepath.Join(root, ".cache")
		}
		path = filepath.Join(cache, "bin", "aws-lambda-rie")
	}
	if st, err := os.Stat(path); err != nil || st.IsDir() || st.Mode()&0o111 == 0 {
		return "", fmt.Errorf("no Lambda Runtime Interface Emulator at %s: run make rie (GOBIN=$CACHE_DIR/bin go install github.com/aws/aws-lambda-runtime-interface-emulator/cmd/aws-lambda-rie@%s)", path, RIEVersion)
	}
	return path, nil
}

// RIE is one function's executable running under the Lambda Runtime
// Interface Emulator. The emulator starts the executable on the first
// invocation and keeps it for the next ones, as a warm Lambda sandbox.
type RIE struct {
	// mu holds one invocation at a time: the emulator refuses a second
	// while one runs, as one Lambda sandbox does.
	mu   sync.Mutex
	url  string
	cmd  *exec.Cmd
	log  *Buffer
	done chan struct{}
}

// StartRIE runs aws-lambda-rie (the executable rie) for bootstrap with
// exactly the environment env (the emulator passes its own environment to
// the function), on free loopback ports, and returns once it accepts
// invocations.
func StartRIE(ctx context.Context, rie, bootstrap string, env map[string]string) (*RIE, error) {
	invokePort, err := FreePort()
	if err != nil {
		return nil, err
	}
	runtimePort, err := FreePort()
	if err != nil {
		return nil, err
	}
	addr := "127.0.0.1:" + strconv.Itoa(invokePort)
	r := &RIE{url: "http://" + addr + "/2015-03-31/functions/function/invocations", log: &Buffer{}, done: make(chan struct{})}
	r.cmd = exec.Command(rie,
		"--runtime-interface-emulator-address", addr,
		"--runtime-api-address", "127.0.0.1:"+strconv.Itoa(runtimePort),
		bootstrap)
	r.cmd.Dir = filepath.Dir(bootstrap)
	r.cmd.Env = Environ(env)
	r.cmd.Stdout, r.cmd.Stderr = r.log, r.log
	r.cmd.SysProcAttr = childAttr()
	if err := r.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", rie, err)
	}
	go func() { _ = r.cmd.Wait(); close(r.done) }()
	deadline := time.Now().Add(20 * time.Second)
	for {
		if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
			c.Close()
			return r, nil
		}
		select {
		case <-r.done:
			return nil, fmt.Errorf("aws-lambda-rie exited:\n%s", r.log.String())
		case <-ctx.Done():
			r.Stop()
			return nil, ctx.Err()
		case <-time.After(50 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			r.Stop()
			return nil, fmt.Errorf("aws-lambda-rie does not listen on %s:\n%s", addr, r.log.String())
		}
	}
}

// Invoke sends one event and returns the function's answer. An answer the
// emulator does not give with 200 is an error, and so is a function error
// (the emulator's {"errorType", "errorMessage"} body): a *FunctionFailure.
// Invocations wait for each other.
func (r *RIE) Invoke(ctx context.Context, event []byte) ([]byte, error) {
	r.mu.Lock()
	defer r.mu.Unlock()
	req, err := http.NewRequestWithContext(ctx, "POST", r.url, bytes.NewReader(event))
	if err != nil {
		return nil, err
	}
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode != http.StatusOK {
		return body, fmt.Errorf("the emulator answered %d: %s", resp.StatusCode, body)
	}
	if err := FunctionError(body); err != nil {
		return body, err
	}
	return body, nil
}

// FunctionFailure is Lambda's report of a failed invocation.
type FunctionFailure struct {
	Type    string `json:"errorType"`
	Message string `json:"errorMessage"`
}

// Error says what failed.
func (e *FunctionFailure) Error() string {
	return fmt.Sprintf("the function failed: %s: %s", e.Type, e.Message)
}

// FunctionError returns a *FunctionFailure when payload is Lambda's report
// of a failed invocation ({"errorType": ..., "errorMessage": ...}), and nil
// for any other payload.
func FunctionError(payload []byte) error {
	var e FunctionFailure
	if json.Unmarshal(payload, &e) == nil && (e.Type != "" || e.Message != "") {
		return &e
	}
	return nil
}

// Log returns what the emulator and the function wrote so far.
func (r *RIE) Log() string { return r.log.String() }

// Stop ends the emulator and the function.
func (r *RIE) Stop() {
	if r == nil || r.cmd.Process == nil {
		return
	}
	killGroup(r.cmd)
	select {
	case <-r.done:
	case <-time.After(5 * time.Second):
	}
}
