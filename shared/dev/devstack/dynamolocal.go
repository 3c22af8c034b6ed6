package devstack

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"
)

// SimulatorPackage is the npm package that ships the official DynamoDB Local
// engine (DynamoDBLocal.jar 1.25.1).
const SimulatorPackage = "amplify-dynamodb-simulator@2.9.30"

// CacheDir returns where downloaded tools live: $CACHE_DIR, or .cache at the
// repository root (the nearest folder above the working directory holding
// go.mod).
func CacheDir() (string, error) {
	if d := os.Getenv("CACHE_DIR"); d != "" {
		return d, nil
	}
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return filepath.Join(dir, ".cache"), nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("devstack: no go.mod above the working directory; set CACHE_DIR")
		}
		dir = parent
	}
}

// EnsureDynamoDBLocal makes sure DynamoDB Local is unpacked under cache and
// returns its folder, fetching it with `npm pack` the first time.
func EnsureDynamoDBLocal(ctx context.Context, cache string) (string, error) {
	dir := filepath.Join(cache, "dynamodb-local")
	if _, err := os.Stat(filepath.Join(dir, "DynamoDBLocal.jar")); err == nil {
		return dir, nil
	}
	if _, err := exec.LookPath("npm"); err != nil {
		return "", errors.New("devstack: npm is needed to fetch DynamoDB Local; install Node.js")
	}
	tmp, err := os.MkdirTemp(cache, "fetch-")
	if err != nil {
		if err := os.MkdirAll(cache, 0o755); err != nil {
			return "", err
		}
		if tmp, err = os.MkdirTemp(cache, "fetch-"); err != nil {
			return "", err
		}
	}
	defer os.RemoveAll(tmp)
	cmd := exec.CommandContext(ctx, "npm", "pack", SimulatorPackage, "--pack-destination", tmp, "--silent")
	cmd.Stderr = os.Stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("devstack: npm pack %s: %w", SimulatorPackage, err)
	}
	tgz := filepath.Join(tmp, strings.TrimSpace(lastLine(string(out))))
	staging := filepath.Join(tmp, "emulator")
	if err := extractEmulator(tgz, staging); err != nil {
		return "", err
	}
	_ = os.RemoveAll(dir)
	if err := os.Rename(staging, dir); err != nil {
		return "", err
	}
	return dir, nil
}

func lastLine(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return lines[len(lines)-1]
}

// extractEmulator unpacks package/emulator/ of the npm tarball into dest.
func extractEmulator(tgz, dest string) error {
	f, err := os.Open(tgz)
	if err != nil {
		return err
	}
	defer f.Close()
	zr, err := gzip.NewReader(f)
	if err != nil {
		return err
	}
	tr := tar.NewReader(zr)
	const prefix = "package/emulator/"
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		if !strings.HasPrefix(h.Name, prefix) || h.Typeflag != tar.TypeReg {
			continue
		}
		rel := strings.TrimPrefix(h.Name, prefix)
		if strings.Contains(rel, "..") {
			continue
		}
		target := filepath.Join(dest, rel)
		if err := os.MkdirAll(filepath.Dir(target), 0o755); err != nil {
			return err
		}
		out, err := os.OpenFile(target, os.O_CREATE|os.O_WRONLY|os.O_TRUNC, 0o644)
		if err != nil {
			return err
		}
		if _, err := io.Copy(out, tr); err != nil {
			out.Close()
			return err
		}
		if err := out.Close(); err != nil {
			return err
		}
	}
}

// DynamoDBLocal is a running DynamoDB Local process.
type DynamoDBLocal struct {
	Endpoint string
	cmd      *exec.Cmd
	done     chan struct{}
}

// StartDynamoDBLocal runs DynamoDB Local from dir on a free loopback port,
// in memory, or persisting under dataDir when it is not empty, and waits
// until it accepts connections. It sends no telemetry.
func StartDynamoDBLocal(ctx context.Context, dir, dataDir string) (*DynamoDBLocal, error) {
	java, err := exec.LookPath("java")
	if err != nil {
		return nil, errors.New("devstack: java is needed to run DynamoDB Local; install a JRE (Debian: apt-get install default-jre-headless)")
	}
	port, err := freePort()
	if err != nil {
		return nil, err
	}
	args := []string{"-Xms64m", "-Djava.library.path=" + filepath.Join(dir, "DynamoDBLocal_lib"), "-jar", filepath.Join(dir, "DynamoDBLocal.jar"), "-sharedDb", "-disableTelemetry", "-port", strconv.Itoa(port)}
	if dataDir != "" {
		// DynamoDB Local runs in its own folder, so a relative dataDir
		// (DATA_DIR=data) is made absolute from the caller's folder first.
		abs, err := filepath.Abs(dataDir)
		if err != nil {
			return nil, err
		}
		dataDir = abs
		if err := os.MkdirAll(dataDir, 0o755); err != nil {
			return nil, err
		}
		args = append(args, "-dbPath", dataDir)
	} else {
		args = append(args, "-inMemory")
	}
	cmd := exec.Command(java, args...)
	cmd.Dir = dir
	setChildAttrs(cmd)
	logFile, err := os.CreateTemp("", "dynamodb-local-*.log")
	if err == nil {
		cmd.Stdout, cmd.Stderr = logFile, logFile
		defer logFile.Close()
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("devstack: start DynamoDB Local: %w", err)
	}
	d := &DynamoDBLocal{Endpoint: fmt.Sprintf("http://127.0.0.1:%d", port), cmd: cmd, done: make(chan struct{})}
	go func() { _ = cmd.Wait(); close(d.done) }()
	deadline := time.Now().Add(60 * time.Second)
	for {
		c, err := net.DialTimeout("tcp", fmt.Sprintf("127.0.0.1:%d", port), 200*time.Millisecond)
		if err == nil {
			c.Close()
			return d, nil
		}
		select {
		case <-d.done:
			return nil, fmt.Errorf("devstack: DynamoDB Local exited at start; see %s", logFile.Name())
		case <-ctx.Done():
			d.Stop()
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
		if time.Now().After(deadline) {
			d.Stop()
			return nil, errors.New("devstack: DynamoDB Local did not start within 60 seconds")
		}
	}
}

// Stop ends the process and waits for it.
func (d *DynamoDBLocal) Stop() {
	if d == nil || d.cmd.Process == nil {
		return
	}
	stopChild(d.cmd)
	select {
	case <-d.done:
	case <-time.After(10 * time.Second):
		_ = d.cmd.Process.Kill()
		<-d.done
	}
}

func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}
