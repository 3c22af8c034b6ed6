package main

import (
	"archive/zip"
	"bytes"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"testing"
)

func TestWriteZip(t *testing.T) {
	dir := t.TempDir()
	bin := filepath.Join(dir, "bootstrap")
	content := []byte("\x7fELF not really, but bytes all the same")
	if err := os.WriteFile(bin, content, 0o600); err != nil {
		t.Fatal(err)
	}
	first := filepath.Join(dir, "a.zip")
	if err := writeZip(first, bin); err != nil {
		t.Fatal(err)
	}
	zr, err := zip.OpenReader(first)
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	if len(zr.File) != 1 || zr.File[0].Name != "bootstrap" {
		t.Fatalf("zip holds %d files, first %q; want bootstrap alone", len(zr.File), zr.File[0].Name)
	}
	if mode := zr.File[0].Mode(); mode.Perm() != 0o755 || !mode.IsRegular() {
		t.Errorf("bootstrap mode %v, want -rwxr-xr-x", mode)
	}
	rc, err := zr.File[0].Open()
	if err != nil {
		t.Fatal(err)
	}
	got, err := io.ReadAll(rc)
	rc.Close()
	if err != nil || !bytes.Equal(got, content) {
		t.Errorf("bootstrap holds %q (%v), want %q", got, err, content)
	}

	second := filepath.Join(dir, "b.zip")
	if err := writeZip(second, bin); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(first)
	b, _ := os.ReadFile(second)
	if !bytes.Equal(a, b) {
		t.Error("two zips of the same executable differ; the CDK would redeploy unchanged functions")
	}
}

func TestDiscover(t *testing.T) {
	root := t.TempDir()
	for _, f := range []string{"functions/b/main.go", "functions/a/main.go", "functions/notes/README.md"} {
		p := filepath.Join(root, f)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("package main\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := discover(root)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"a", "b"}; !reflect.DeepEqual(got, want) {
		t.Errorf("discover = %v, want %v", got, want)
	}
	if _, err := pick(got, []string{"a", "c"}); err == nil {
		t.Error("pick accepted a function that does not exist")
	}
}

// TestModuleFunctions checks the repository's own functions: every one
// the stack deploys must be found.
func TestModuleFunctions(t *testing.T) {
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	names, err := discover(root)
	if err != nil {
		t.Fatal(err)
	}
	have := map[string]bool{}
	for _, n := range names {
		have[n] = true
	}
	for _, n := range []string{"accounts", "jobworker", "deliveries", "scheduler"} {
		if !have[n] {
			t.Errorf("functions/%s not found (found %v)", n, names)
		}
	}
}

// TestGoCommandIsTheMakeVariable: buildfns runs the Go command make runs
// it with, the GO variable make exports (README, "Make targets": "Make
// variables: GO (the Go command, default go)"; the Makefile: "The scripts
// under localstack/ run Go as $GO too"), and go only when GO is unset.
// Before, it always ran the go of PATH: make build GO=/opt/go/bin/go
// built the functions with another toolchain, or failed where PATH has
// no go.
func TestGoCommandIsTheMakeVariable(t *testing.T) {
	dir := t.TempDir()
	fake := filepath.Join(dir, "fakego")
	script := "#!/bin/sh\necho " + filepath.Join(dir, "go.mod") + "\n"
	if err := os.WriteFile(fake, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Setenv("GO", fake)
	root, err := moduleRoot()
	if err != nil {
		t.Fatal(err)
	}
	if root != dir {
		t.Errorf("module root %q, want %q: the go env GOMOD of GO (%s) was not asked", root, dir, fake)
	}
	t.Setenv("GO", "")
	if got := goCommand(); got != "go" {
		t.Errorf("without GO: %q, want go", got)
	}
}
