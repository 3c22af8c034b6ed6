package artefacts

import (
	"archive/zip"
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
)

// BuildFlags are the go build flags of the deployed functions, the ones
// infra/buildfns uses (with GOOS=linux and CGO_ENABLED=0).
var BuildFlags = []string{"-tags", "lambda.norpc", "-trimpath", "-buildvcs=false", "-ldflags=-s -w"}

// HostDir is where BuildHost puts the functions built for this machine,
// relative to the module root (git-ignored, as all of .build is).
const HostDir = ".build/host"

// BuildHost builds the functions names for this machine's architecture with
// infra/buildfns into root/HostDir (<name>/bootstrap and <name>.zip) and
// returns each bootstrap's path by name. The Go build cache makes a second
// build of unchanged code a link only.
func BuildHost(ctx context.Context, root string, names []string) (map[string]string, error) {
	if err := runnable(); err != nil {
		return nil, err
	}
	out := filepath.Join(root, HostDir)
	args := append([]string{"run", "./infra/buildfns", "-out", out, "-arch", runtime.GOARCH, "-j", strconv.Itoa(runtime.NumCPU())}, names...)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = root
	if b, err := cmd.CombinedOutput(); err != nil {
		return nil, fmt.Errorf("go %v: %v\n%s", args, err, b)
	}
	bins := map[string]string{}
	for _, n := range names {
		bins[n] = filepath.Join(out, n, "bootstrap")
	}
	return bins, nil
}

// BuildMain builds the main package pkg (a path relative to root, such as
// "./test/coldstart/emptyfn") for linux on this machine's architecture with
// BuildFlags, into bin.
func BuildMain(ctx context.Context, root, pkg, bin string) error {
	if err := runnable(); err != nil {
		return err
	}
	args := append(append([]string{"build"}, BuildFlags...), "-o", bin, pkg)
	cmd := exec.CommandContext(ctx, "go", args...)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "GOOS=linux", "GOARCH="+runtime.GOARCH, "CGO_ENABLED=0")
	if b, err := cmd.CombinedOutput(); err != nil {
		return fmt.Errorf("go %v: %v\n%s", args, err, b)
	}
	return nil
}

// runnable reports whether this machine can run Lambda executables.
func runnable() error {
	if runtime.GOOS != "linux" || (runtime.GOARCH != "amd64" && runtime.GOARCH != "arm64") {
		return fmt.Errorf("the functions run on linux/amd64 or linux/arm64, not on this %s/%s", runtime.GOOS, runtime.GOARCH)
	}
	return nil
}

// Bootstraps returns the executable to run for each function of t. When
// every function is built for this machine's architecture, they are the
// template's own artefacts: the bootstrap of each function's asset zip,
// extracted into dir. Otherwise (the arm64 template on an amd64 machine)
// the same functions are built for this machine with BuildHost. how says
// which it did.
func Bootstraps(ctx context.Context, root string, t *Template, dir string) (bins map[string]string, how string, err error) {
	native := true
	for _, f := range t.Functions {
		if f.GOARCH != runtime.GOARCH || f.Asset == "" {
			native = false
		}
	}
	if !native {
		bins, err = BuildHost(ctx, root, t.Names())
		return bins, fmt.Sprintf("the template's functions are linux/%s; built them for this linux/%s machine into %s", t.Functions[0].GOARCH, runtime.GOARCH, HostDir), err
	}
	bins = map[string]string{}
	for _, f := range t.Functions {
		bin := filepath.Join(dir, f.Name, "bootstrap")
		if err := unzipBootstrap(f.Asset, bin); err != nil {
			return nil, "", fmt.Errorf("%s: %w", f.Name, err)
		}
		bins[f.Name] = bin
	}
	return bins, "the template's own asset zips", nil
}

// unzipBootstrap extracts the file "bootstrap" of the zip at path to bin.
func unzipBootstrap(path, bin string) error {
	zr, err := zip.OpenReader(path)
	if err != nil {
		return err
	}
	defer zr.Close()
	for _, f := range zr.File {
		if f.Name != "bootstrap" {
			continue
		}
		rc, err := f.Open()
		if err != nil {
			return err
		}
		var buf bytes.Buffer
		_, err = io.Copy(&buf, rc)
		rc.Close()
		if err != nil {
			return err
		}
		if err := os.MkdirAll(filepath.Dir(bin), 0o755); err != nil {
			return err
		}
		return os.WriteFile(bin, buf.Bytes(), 0o755)
	}
	return fmt.Errorf("%s holds no bootstrap", path)
}
