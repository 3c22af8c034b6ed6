// Command buildfns builds every Lambda function under functions/ for the
// provided.al2023 runtime and packs each one as <out>/<name>.zip holding
// its executable, bootstrap (mode 0755). The CDK stack deploys those zips.
//
//	go run ./infra/buildfns [-out .build] [-arch arm64] [-j 2] [name ...]
//
// Names limit the build to those functions. It compiles with the Go
// command the GO variable names (the Makefile exports its GO), else go.
// Builds are reproducible (-trimpath, no VCS stamp, fixed zip times), so an
// unchanged function keeps its zip's hash and the CDK does not redeploy it.
package main

import (
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"time"
)

func main() {
	out := flag.String("out", ".build", "output folder (created if missing)")
	arch := flag.String("arch", "arm64", "GOARCH of the functions: arm64 or amd64")
	jobs := flag.Int("j", 2, "functions built at once")
	flag.Parse()
	if err := run(*out, *arch, *jobs, flag.Args()); err != nil {
		fmt.Fprintln(os.Stderr, "buildfns:", err)
		os.Exit(1)
	}
}

func run(out, arch string, jobs int, only []string) error {
	if arch != "arm64" && arch != "amd64" {
		return fmt.Errorf("-arch must be arm64 or amd64, not %q", arch)
	}
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	names, err := discover(root)
	if err != nil {
		return err
	}
	if len(only) > 0 {
		if names, err = pick(names, only); err != nil {
			return err
		}
	}
	if out, err = filepath.Abs(out); err != nil {
		return err
	}
	start := time.Now()
	b := builder{root: root, out: out, arch: arch}
	if err := b.all(names, jobs); err != nil {
		return err
	}
	fmt.Printf("buildfns: %d functions for linux/%s in %s (%s)\n", len(names), arch, out, time.Since(start).Round(100*time.Millisecond))
	return nil
}

// pick returns the names of only, each of which must be in names.
func pick(names, only []string) ([]string, error) {
	known := map[string]bool{}
	for _, n := range names {
		known[n] = true
	}
	for _, n := range only {
		if !known[n] {
			return nil, fmt.Errorf("no function %q under functions/", n)
		}
	}
	return only, nil
}
