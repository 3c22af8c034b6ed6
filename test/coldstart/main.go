// Command coldstart measures every function of the synthesized template:
// its stripped executable's size (the production linux/arm64 one of make
// build, its zip, and the one built for this machine) and its cold start,
// exec to first answered invocation, against an empty aws-lambda-go
// function (test/coldstart/emptyfn) built with the same flags. Each
// function runs under a fake Lambda Runtime API that hands it its first
// sample of artefacts.Samples, with the environment the RIE test gives it
// (the template's, resolved to DynamoDB Local and moto), so the first
// invocation does real work. Runs alternate, ours then empty, -pairs
// times; the table reports the medians and the median of the pairwise
// ratios. Further runs with GODEBUG=inittrace=1 (-traces, 3 by default)
// list the slowest package initialisers by their median clock time.
//
// It prints one Markdown table and writes it to -out. It reports the
// issue's targets (an executable of at most 12 MB, 10^6 bytes each, except
// jobworker; for the HTTP functions a cold-start ratio of at most 2.0 and
// no package init above 2 ms) as pass or FAIL without failing itself.
// make bench runs it:
//
//	go run ./localstack/withdynamo -- go run ./test/coldstart [-pairs 10] [-out .cache/bench/coldstart.md]
package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strconv"
	"strings"
	"time"

	"rvcontent/test/artefacts"
)

// Targets of the issue "Lean Lambdas".
const (
	maxSizeMB    = 12.0
	maxRatio     = 2.0
	maxInitMS    = 2.0
	sizeExempt   = "jobworker"
	topInits     = 5
	runTimeout   = 30 * time.Second
	emptyPackage = "./test/coldstart/emptyfn"
	floorPackage = "./test/coldstart/floorfn"
	floorName    = "(floor: secret and one GetItem)"
	floorNoKey   = "(floor: one GetItem)"
	warmCalls    = 3000
	warmRuns     = 5
)

func main() {
	pairs := flag.Int("pairs", 10, "interleaved runs of each function and of the empty one")
	traces := flag.Int("traces", 3, "runs with GODEBUG=inittrace=1 per function (each init's median is reported)")
	out := flag.String("out", "", "Markdown file to write (default $CACHE_DIR/bench/coldstart.md)")
	tmplPath := flag.String("template", "", "synthesized template (default $TEMPLATE, else "+artefacts.DefaultTemplate+")")
	flag.Parse()
	if err := run(*pairs, *traces, *out, *tmplPath); err != nil {
		fmt.Fprintln(os.Stderr, "coldstart:", err)
		os.Exit(1)
	}
}

// row is one function's figures.
type row struct {
	name                    string
	http                    bool
	arm64, arm64Zip, host   int64 // bytes; -1 when missing
	ours, empty, ready      []time.Duration
	ratios                  []float64
	inits                   []initTime
	initsTotal              float64 // ms, median over the inittrace runs
	failures                []string
	medOurs, medEmpty, medR float64
}

func run(pairs, traces int, out, tmplPath string) error {
	ctx := context.Background()
	root, err := artefacts.ModuleRoot()
	if err != nil {
		return err
	}
	if out == "" {
		cache := os.Getenv("CACHE_DIR")
		if cache == "" {
			cache = filepath.Join(root, ".cache")
		}
		out = filepath.Join(cache, "bench", "coldstart.md")
	}
	if tmplPath == "" {
		if tmplPath, err = artefacts.FindTemplate(root); err != nil {
			return err
		}
	}
	dirs, err := artefacts.FunctionDirs(root)
	if err != nil {
		return err
	}
	tmpl, err := artefacts.LoadTemplate(tmplPath, dirs)
	if err != nil {
		return err
	}
	start := time.Now()
	bins, err := artefacts.BuildHost(ctx, root, tmpl.Names())
	if err != nil {
		return err
	}
	empty := filepath.Join(root, artefacts.HostDir, "_empty", "bootstrap")
	if err := artefacts.BuildMain(ctx, root, emptyPackage, empty); err != nil {
		return err
	}
	floor := filepath.Join(root, artefacts.HostDir, "_floor", "bootstrap")
	if err := artefacts.BuildMain(ctx, root, floorPackage, floor); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "coldstart: built %d functions, the empty one and the floor for linux/%s in %s\n", len(bins), runtime.GOARCH, time.Since(start).Round(100*time.Millisecond))
	dynamo, err := artefacts.DynamoDBEndpoint()
	if err != nil {
		return err
	}
	moto, err := artefacts.StartMoto(ctx)
	if err != nil {
		return err
	}
	defer moto.Stop()
	local, err := artefacts.NewLocal(ctx, tmpl, dynamo, moto)
	if err != nil {
		return err
	}
	defer local.Close()

	first, err := local.Env(tmpl.Functions[0])
	if err != nil {
		return err
	}
	if err := warmStandIns(ctx, first); err != nil {
		return err
	}

	// Every function answers its sample a few times unmeasured first, so
	// the stand-ins have run each kind of call the measured runs make.
	for _, f := range tmpl.Functions {
		cases := artefacts.Samples[f.Name]
		if len(cases) == 0 {
			continue
		}
		event, err := artefacts.ReadSample(root, cases[0].Sample)
		if err != nil {
			return err
		}
		env, err := local.Env(f)
		if err != nil {
			return err
		}
		for i := 0; i < warmRuns; i++ {
			_, _ = coldStart(ctx, bins[f.Name], env, event, nil)
		}
	}

	var rows []*row
	var floorRows []*row
	for _, f := range tmpl.Functions {
		r := &row{name: f.Name}
		rows = append(rows, r)
		r.arm64 = size(filepath.Join(root, ".build", f.Name, "bootstrap"))
		r.arm64Zip = size(filepath.Join(root, ".build", f.Name+".zip"))
		r.host = size(bins[f.Name])
		cases := artefacts.Samples[f.Name]
		if len(cases) == 0 {
			r.failures = append(r.failures, "no sample in artefacts.Samples")
			continue
		}
		event, err := artefacts.ReadSample(root, cases[0].Sample)
		if err != nil {
			return err
		}
		r.http = artefacts.IsHTTP(event)
		env, err := local.Env(f)
		if err != nil {
			return err
		}
		if err := pair(ctx, r, bins[f.Name], empty, env, event, pairs); err != nil {
			return err
		}
		if floorRows == nil && r.http {
			// The floors run with the first HTTP function's environment
			// and event, with and without the secret to read.
			for _, fl := range []struct {
				name string
				env  map[string]string
			}{{floorName, env}, {floorNoKey, withoutSecrets(env)}} {
				fr := &row{name: fl.name, arm64: -1, arm64Zip: -1, host: size(floor)}
				if err := pair(ctx, fr, floor, empty, fl.env, event, pairs); err != nil {
					return err
				}
				fr.medOurs, fr.medEmpty, fr.medR = medianMS(fr.ours), medianMS(fr.empty), median(fr.ratios)
				floorRows = append(floorRows, fr)
			}
		}
		var runs [][]initTime
		var totals []float64
		for i := 0; i < traces; i++ {
			traced, err := coldStart(ctx, bins[f.Name], env, event, []string{"GODEBUG=inittrace=1"})
			if err != nil {
				r.failures = append(r.failures, fmt.Sprintf("inittrace run %d: %v", i+1, err))
				continue
			}
			inits := parseInitTrace(traced.stderr)
			runs = append(runs, inits)
			total := 0.0
			for _, in := range inits {
				total += in.ms
			}
			totals = append(totals, total)
		}
		r.inits, r.initsTotal = medianInits(runs), median(totals)
		r.medOurs, r.medEmpty, r.medR = medianMS(r.ours), medianMS(r.empty), median(r.ratios)
		fmt.Fprintf(os.Stderr, "coldstart: %-17s ours %6.1f ms, empty %5.1f ms, ratio %.2f\n", f.Name, r.medOurs, r.medEmpty, r.medR)
	}

	rows = append(rows, floorRows...)
	report := render(rows, size(empty), pairs, traces, tmplPath, root)
	fmt.Print(report)
	if err := os.MkdirAll(filepath.Dir(out), 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(out, []byte(report), 0o644); err != nil {
		return err
	}
	fmt.Fprintf(os.Stderr, "coldstart: wrote %s (%s)\n", out, time.Since(start).Round(time.Second))
	return nil
}

// pair runs bin and the empty function alternately, pairs times each, with
// env and event, and adds the cold starts to r. A run of bin that fails is
// noted in r; a failing empty function ends the benchmark.
func pair(ctx context.Context, r *row, bin, empty string, env map[string]string, event []byte, pairs int) error {
	for i := 0; i < pairs; i++ {
		ours, err := coldStart(ctx, bin, env, event, nil)
		if err != nil {
			r.failures = append(r.failures, fmt.Sprintf("run %d: %v", i+1, err))
			continue
		}
		base, err := coldStart(ctx, empty, env, event, nil)
		if err != nil {
			return fmt.Errorf("the empty function: %w", err)
		}
		r.ours = append(r.ours, ours.took)
		r.ready = append(r.ready, ours.ready)
		r.empty = append(r.empty, base.took)
		r.ratios = append(r.ratios, float64(ours.took)/float64(base.took))
	}
	return nil
}

// result is one cold start.
type result struct {
	// took is exec to answer; ready is exec to the first poll for an
	// invocation (package inits and the function's own start-up).
	took, ready time.Duration
	stderr      string
}

// coldStart execs bin with env (and extra variables) against a fake
// Runtime API serving event, and returns the time from exec to the arrival
// of its answer. An error report, an exit or no answer within runTimeout
// is an error; so is an API Gateway answer with a 5xx status.
func coldStart(ctx context.Context, bin string, env map[string]string, event []byte, extra []string) (result, error) {
	api, err := startRuntimeAPI(event)
	if err != nil {
		return result{}, err
	}
	defer api.Close()
	var stdout, stderr artefacts.Buffer
	cmd := exec.Command(bin)
	cmd.Dir = filepath.Dir(bin)
	cmd.Env = append(append(artefacts.Environ(env), "AWS_LAMBDA_RUNTIME_API="+api.Addr), extra...)
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	exited := make(chan error, 1)
	begin := time.Now()
	if err := cmd.Start(); err != nil {
		return result{}, err
	}
	go func() { exited <- cmd.Wait() }()
	timer := time.NewTimer(runTimeout)
	defer timer.Stop()
	var (
		a      answer
		runErr error
		ended  bool
	)
	select {
	case a = <-api.answered:
	case err := <-exited:
		runErr, ended = fmt.Errorf("exited before answering (%v)", err), true
	case <-timer.C:
		runErr = fmt.Errorf("no answer within %s", runTimeout)
	case <-ctx.Done():
		runErr = ctx.Err()
	}
	if !ended {
		_ = cmd.Process.Kill()
		<-exited // the output is complete once Wait returns
	}
	res := result{took: a.at.Sub(begin), ready: api.Polled().Sub(begin), stderr: stderr.String()}
	switch {
	case runErr != nil:
		return res, fmt.Errorf("%w:\n%s%s", runErr, stdout.String(), stderr.String())
	case a.failed:
		return res, fmt.Errorf("the function reported an error: %s\n%s", a.payload, stdout.String())
	}
	if err := artefacts.FunctionError(a.payload); err != nil {
		return res, err
	}
	if status := httpStatus(a.payload); status >= 500 {
		return res, fmt.Errorf("answered %d: %s\n%s", status, a.payload, stdout.String())
	}
	return res, nil
}

// httpStatus returns the statusCode of an API Gateway answer, 0 for any
// other payload.
func httpStatus(payload []byte) int {
	m := regexp.MustCompile(`^\{"statusCode":(\d+)`).FindSubmatch(payload)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(string(m[1]))
	return n
}

// initTime is one package initialiser of GODEBUG=inittrace=1.
type initTime struct {
	pkg string
	ms  float64
}

// initLine matches "init <pkg> @<t> ms, <d> ms clock, <b> bytes, <n> allocs".
var initLine = regexp.MustCompile(`^init (\S+) @[\d.]+ ms, ([\d.]+) ms clock`)

// parseInitTrace returns the initialisers of an inittrace run, slowest
// first.
func parseInitTrace(stderr string) []initTime {
	var out []initTime
	sc := bufio.NewScanner(strings.NewReader(stderr))
	for sc.Scan() {
		if m := initLine.FindStringSubmatch(sc.Text()); m != nil {
			ms, _ := strconv.ParseFloat(m[2], 64)
			out = append(out, initTime{pkg: m[1], ms: ms})
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].ms > out[j].ms })
	return out
}

// medianInits returns each package's median init time over runs, slowest
// first.
func medianInits(runs [][]initTime) []initTime {
	byPkg := map[string][]float64{}
	for _, run := range runs {
		for _, in := range run {
			byPkg[in.pkg] = append(byPkg[in.pkg], in.ms)
		}
	}
	var out []initTime
	for pkg, ms := range byPkg {
		out = append(out, initTime{pkg: pkg, ms: median(ms)})
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].ms != out[j].ms {
			return out[i].ms > out[j].ms
		}
		return out[i].pkg < out[j].pkg
	})
	return out
}

// size returns a file's size, -1 when it does not exist.
func size(path string) int64 {
	st, err := os.Stat(path)
	if err != nil {
		return -1
	}
	return st.Size()
}

// median returns the median of xs, 0 for none.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := append([]float64(nil), xs...)
	sort.Float64s(s)
	if n := len(s); n%2 == 1 {
		return s[n/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// medianMS returns the median of ds in milliseconds.
func medianMS(ds []time.Duration) float64 {
	xs := make([]float64, len(ds))
	for i, d := range ds {
		xs[i] = float64(d.Microseconds()) / 1000
	}
	return median(xs)
}

// mb formats a size in MB (10^6 bytes).
func mb(n int64) string {
	if n < 0 {
		return "n/a"
	}
	return fmt.Sprintf("%.1f", float64(n)/1e6)
}

// render writes the report as Markdown.
func render(rows []*row, emptySize int64, pairs, traces int, tmplPath, root string) string {
	var b strings.Builder
	rel, _ := filepath.Rel(root, tmplPath)
	fmt.Fprintf(&b, "# Cold starts and sizes\n\n")
	fmt.Fprintf(&b, "%s, linux/%s, %d CPUs, %s; template %s; %d interleaved pairs per function (ours, empty); MB = 10^6 bytes.\n\n",
		time.Now().UTC().Format("2006-01-02 15:04 UTC"), runtime.GOARCH, runtime.NumCPU(), runtime.Version(), rel, pairs)
	fmt.Fprintf(&b, "| function | arm64 MB | arm64 zip MB | linux/%s MB | cold ms ours | of which start-up | cold ms empty | median ratio | all inits ms | top init | size <= %.0f MB | ratio <= %.1f | inits <= %.0f ms |\n", runtime.GOARCH, maxSizeMB, maxRatio, maxInitMS)
	b.WriteString("|---|---:|---:|---:|---:|---:|---:|---:|---:|---|---|---|---|\n")
	for _, r := range rows {
		top := "n/a"
		if len(r.inits) > 0 {
			top = fmt.Sprintf("%s %.2f ms", r.inits[0].pkg, r.inits[0].ms)
		}
		sizeOK, ratioOK, initOK := "-", "-", "-"
		if r.name != sizeExempt && r.name != floorName && r.name != floorNoKey {
			sizeOK = verdict(r.arm64 >= 0 && float64(r.arm64)/1e6 <= maxSizeMB)
		}
		if r.http {
			ratioOK = verdict(len(r.ratios) > 0 && r.medR <= maxRatio)
			initOK = verdict(len(r.inits) > 0 && r.inits[0].ms <= maxInitMS)
		}
		cold, ready, base, ratio, inits := "error", "error", "error", "error", "n/a"
		if len(r.ours) > 0 {
			cold, ready, base, ratio = fmt.Sprintf("%.1f", r.medOurs), fmt.Sprintf("%.1f", medianMS(r.ready)), fmt.Sprintf("%.1f", r.medEmpty), fmt.Sprintf("%.2f", r.medR)
		}
		if len(r.inits) > 0 {
			inits = fmt.Sprintf("%.1f", r.initsTotal)
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |\n",
			r.name, mb(r.arm64), mb(r.arm64Zip), mb(r.host), cold, ready, base, ratio, inits, top, sizeOK, ratioOK, initOK)
	}
	fmt.Fprintf(&b, "| (empty aws-lambda-go function) | | | %s | | | | | | | | | |\n\n", mb(emptySize))
	b.WriteString("Targets (issue \"Lean Lambdas\"): every function except jobworker at most 12 MB (12,000,000 bytes) unzipped (linux/arm64, `make build`); for the HTTP functions, a median cold-start ratio to the empty function of at most 2.0 and no package init above 2 ms. `-` means the target does not apply. Cold start is exec to the arrival of the first invocation's answer at a fake Runtime API, the invocation being the function's first sample of `test/artefacts` (it reads DynamoDB Local); start-up is exec to the function's first request for an invocation (package inits, AWS configuration, the secret read from Secrets Manager, wiring). All inits is the sum of the package initialisers' clock times. The floor rows are `test/coldstart/floorfn`: aws-lambda-go, the AWS configuration, the secrets read from Secrets Manager (the first row; the second runs without a secret to read) and one GetItem per invocation, nothing of the service; they run with the first HTTP function's environment and event, and their ratios are the least a function that reads its secret (or only the table) before answering can reach. Before the runs, DynamoDB Local and moto answer a few thousand calls and every function answers its sample 5 times unmeasured, so the stand-ins' first calls of each kind (a JVM that has just started, DynamoDB Local's expression parser) are not what is measured: DynamoDB in AWS is never cold.\n\n")

	fmt.Fprintf(&b, "## Slowest package inits (GODEBUG=inittrace=1, median clock time of %d runs), above %.0f ms marked !\n\n", traces, maxInitMS)
	b.WriteString("| function | inits |\n|---|---|\n")
	for _, r := range rows {
		if r.name == floorName || r.name == floorNoKey {
			continue // its inits are the SDK's and the runtime's
		}
		var parts []string
		for i, in := range r.inits {
			if i == topInits {
				break
			}
			mark := ""
			if in.ms > maxInitMS {
				mark = " !"
			}
			parts = append(parts, fmt.Sprintf("`%s` %.2f ms%s", in.pkg, in.ms, mark))
		}
		fmt.Fprintf(&b, "| %s | %s |\n", r.name, strings.Join(parts, ", "))
	}
	var failures []string
	for _, r := range rows {
		for _, f := range r.failures {
			failures = append(failures, fmt.Sprintf("- %s: %s", r.name, strings.ReplaceAll(strings.TrimSpace(f), "\n", "\n  ")))
		}
	}
	if len(failures) > 0 {
		b.WriteString("\n## Runs that failed\n\n" + strings.Join(failures, "\n") + "\n")
	}
	return b.String()
}

// verdict spells a target's outcome.
func verdict(ok bool) string {
	if ok {
		return "pass"
	}
	return "FAIL"
}
