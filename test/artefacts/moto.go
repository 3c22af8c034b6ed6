package artefacts

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"os/exec"
	"strconv"
	"sync"
	"time"
)

// Moto is a moto_server (the Python AWS fake) this package started: it
// serves SQS, SES v2, SES and Secrets Manager on one loopback port.
type Moto struct {
	// Endpoint is its address, "http://127.0.0.1:<port>".
	Endpoint string
	cmd      *exec.Cmd
	log      *Buffer
	done     chan struct{}
}

// StartMoto starts moto_server (from PATH) on a free loopback port and
// returns once it answers. Stop ends it; it also ends with this process.
func StartMoto(ctx context.Context) (*Moto, error) {
	bin, err := exec.LookPath("moto_server")
	if err != nil {
		return nil, errors.New("moto_server is not on PATH: install it with pip install 'moto[server]==5.2.1'")
	}
	port, err := FreePort()
	if err != nil {
		return nil, err
	}
	m := &Moto{Endpoint: "http://127.0.0.1:" + strconv.Itoa(port), log: &Buffer{}, done: make(chan struct{})}
	m.cmd = exec.Command(bin, "-H", "127.0.0.1", "-p", strconv.Itoa(port))
	m.cmd.Stdout, m.cmd.Stderr = m.log, m.log
	m.cmd.SysProcAttr = childAttr()
	if err := m.cmd.Start(); err != nil {
		return nil, fmt.Errorf("start moto_server: %w", err)
	}
	go func() { _ = m.cmd.Wait(); close(m.done) }()
	deadline := time.Now().Add(60 * time.Second)
	for {
		req, _ := http.NewRequestWithContext(ctx, "GET", m.Endpoint+"/moto-api/data.json", nil)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
			return m, nil
		}
		select {
		case <-m.done:
			return nil, fmt.Errorf("moto_server exited: %s", m.log.String())
		case <-ctx.Done():
			m.Stop()
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			m.Stop()
			return nil, fmt.Errorf("moto_server did not answer within a minute: %s", m.log.String())
		}
	}
}

// Log returns what moto_server wrote so far.
func (m *Moto) Log() string { return m.log.String() }

// Stop ends moto_server and waits for it.
func (m *Moto) Stop() {
	if m == nil || m.cmd.Process == nil {
		return
	}
	killGroup(m.cmd)
	select {
	case <-m.done:
	case <-time.After(5 * time.Second):
	}
}

// FreePort returns a loopback TCP port that was free a moment ago.
func FreePort() (int, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port, nil
}

// Buffer is a bytes buffer safe for concurrent writers (a process's stdout
// and stderr) and readers.
type Buffer struct {
	mu  sync.Mutex
	buf []byte
}

// Write appends p.
func (b *Buffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	b.buf = append(b.buf, p...)
	return len(p), nil
}

// String returns what was written so far.
func (b *Buffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return string(b.buf)
}
