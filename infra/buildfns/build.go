package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
)

// goCommand returns the Go command to run: GO, the make variable the
// Makefile exports (make build GO=/path/to/go), else go.
func goCommand() string {
	if g := os.Getenv("GO"); g != "" {
		return g
	}
	return "go"
}

// moduleRoot returns the folder of the main module's go.mod.
func moduleRoot() (string, error) {
	b, err := exec.Command(goCommand(), "env", "GOMOD").Output()
	if err != nil {
		return "", fmt.Errorf("go env GOMOD: %w", err)
	}
	gomod := strings.TrimSpace(string(b))
	if gomod == "" || gomod == os.DevNull {
		return "", fmt.Errorf("run inside the module (no go.mod found)")
	}
	return filepath.Dir(gomod), nil
}

// discover returns the functions under root/functions: each folder with a
// main.go, sorted.
func discover(root string) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(root, "functions"))
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if !e.IsDir() {
			continue
		}
		if _, err := os.Stat(filepath.Join(root, "functions", e.Name(), "main.go")); err == nil {
			names = append(names, e.Name())
		}
	}
	if len(names) == 0 {
		return nil, fmt.Errorf("no functions under %s", filepath.Join(root, "functions"))
	}
	sort.Strings(names)
	return names, nil
}

// builder builds functions of the module at root into out.
type builder struct {
	root, out, arch string
}

// all builds names with at most jobs builds at once, and reports every
// failure.
func (b builder) all(names []string, jobs int) error {
	if jobs < 1 {
		jobs = 1
	}
	work := make(chan string)
	var mu sync.Mutex
	var failed []string
	var wg sync.WaitGroup
	for i := 0; i < jobs; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for name := range work {
				if err := b.one(name); err != nil {
					mu.Lock()
					failed = append(failed, fmt.Sprintf("%s: %v", name, err))
					mu.Unlock()
				}
			}
		}()
	}
	for _, n := range names {
		work <- n
	}
	close(work)
	wg.Wait()
	if len(failed) > 0 {
		sort.Strings(failed)
		return fmt.Errorf("build failed:\n%s", strings.Join(failed, "\n"))
	}
	return nil
}

// one compiles functions/<name> to <out>/<name>/bootstrap and packs it as
// <out>/<name>.zip.
func (b builder) one(name string) error {
	bin := filepath.Join(b.out, name, "bootstrap")
	cmd := exec.Command(goCommand(), "build", "-tags", "lambda.norpc", "-trimpath", "-buildvcs=false",
		"-ldflags=-s -w", "-o", bin, "./functions/"+name)
	cmd.Dir = b.root
	cmd.Env = append(os.Environ(), "GOOS=linux", "GOARCH="+b.arch, "CGO_ENABLED=0")
	var stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stderr, &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("%v\n%s", err, stderr.String())
	}
	return writeZip(filepath.Join(b.out, name+".zip"), bin)
}
