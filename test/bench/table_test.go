package bench

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"
)

// TestRatioTable prints the hot-path table of `make bench`: every figure
// of the issue measured side by side in one run, as medians of
// interleaved repetitions (BENCH_REPS, 5 by default), and writes it to
// BENCH_OUT when set. Authenticated reads are compared with two raw
// GetItems in a row against the same DynamoDB Local, a keyed POST and its
// replay with the same POST without a key, the API Gateway adapter with a
// raw net/http handler (hey -c 32), and webhook fan-out is counted in
// deliveries per second to three local HTTPS receivers. It asserts
// nothing about speed: it runs only when BENCH_TABLE is set.
func TestRatioTable(t *testing.T) {
	if os.Getenv("BENCH_TABLE") == "" {
		t.Skip("make bench runs it (BENCH_TABLE=1)")
	}
	reps := 5
	if n, err := strconv.Atoi(os.Getenv("BENCH_REPS")); err == nil && n > 0 {
		reps = n
	}
	e := env(t)
	a := e.NewReadable(t, "http://"+benchHost+"/")
	reads := append(rawGets(t, e, a), readRows(e, a)...)
	writes := idempotencyRows(e, e.NewAccount(t, "http://"+benchHost+"/"))
	rows := append(append([]latencyRow(nil), reads...), writes...)
	f := newFanout(t, e)
	heyBin := heyPath()
	rawURL, gwURL := serve(t, http.HandlerFunc(trivial)), serve(t, viaGateway(http.HandlerFunc(trivial)))

	res := &results{latency: map[string][]summary{}, ratio: map[string][]float64{}, rate: map[string][]float64{}}
	load := loadAverage()
	started := time.Now()
	for rep := 0; rep < reps; rep++ {
		got := measureRows(t, e, reads, rep)
		for name, s := range measureRows(t, e, writes, rep) {
			got[name] = s
		}
		for _, row := range rows {
			res.latency[row.name] = append(res.latency[row.name], got[row.name])
		}
		for _, row := range rows {
			if row.baseline != "" {
				res.ratio[row.name] = append(res.ratio[row.name], got[row.name].p50/got[row.baseline].p50)
			}
		}
		if heyBin != "" {
			var raw, gw float64
			for k := 0; k < 2; k++ { // taking turns, so a change of load touches both
				raw += hey(t, heyBin, rawURL) / 2
				gw += hey(t, heyBin, gwURL) / 2
			}
			res.rate["raw rps"] = append(res.rate["raw rps"], raw)
			res.rate["gateway rps"] = append(res.rate["gateway rps"], gw)
			res.ratio[adapterRow] = append(res.ratio[adapterRow], raw/gw)
		}
		during, backlog, produced := f.rates(t)
		res.rate[whileRow] = append(res.rate[whileRow], during)
		res.rate[backlogRow] = append(res.rate[backlogRow], backlog)
		res.rate["produced"] = append(res.rate["produced"], produced)
	}
	out := res.table(rows, heyBin != "", reps, time.Since(started), load)
	fmt.Print(out)
	if path := os.Getenv("BENCH_OUT"); path != "" {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err == nil {
			_ = os.WriteFile(path, []byte(out), 0o644)
		}
	}
}

const (
	adapterRow = "API Gateway v2 event → http.Handler, trivial route (hey -c 32)"
	whileRow   = "fan-out: deliveries/s while 500 events are produced"
	backlogRow = "fan-out: deliveries/s on a backlog of 500 events"
)

// results are every repetition's figures by row.
type results struct {
	latency map[string][]summary
	ratio   map[string][]float64
	rate    map[string][]float64
}

// table renders the results as one Markdown table.
func (r *results) table(rows []latencyRow, adapter bool, reps int, took time.Duration, load string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "\n%s; %d interleaved repetitions in %s, medians; load average at start %s\n\n",
		machine(), reps, took.Round(time.Second), load)
	b.WriteString("| measure | value | target | detail |\n|---|---|---|---|\n")
	for _, row := range rows {
		s := r.latency[row.name]
		var p50, calls, rounds []float64
		for _, x := range s {
			p50, calls, rounds = append(p50, x.p50), append(calls, x.calls), append(rounds, x.rounds)
		}
		detail := fmt.Sprintf("p50 %.2f ms", median(p50))
		if row.rounds {
			detail += fmt.Sprintf("; %.0f DynamoDB calls, %.0f one after another", median(calls), median(rounds))
		}
		value, target := "1.00× (baseline)", ""
		if row.baseline != "" {
			value = fmt.Sprintf("%.2f×", median(r.ratio[row.name]))
			if row.target > 0 {
				target = fmt.Sprintf("≤ %.2f×", row.target)
			}
		}
		fmt.Fprintf(&b, "| %s | %s | %s | %s |\n", row.name, value, target, detail)
	}
	if adapter {
		fmt.Fprintf(&b, "| %s | %.2f× | ≤ 1.25× | raw net/http %.0f req/s, through the adapter %.0f req/s |\n",
			adapterRow, median(r.ratio[adapterRow]), median(r.rate["raw rps"]), median(r.rate["gateway rps"]))
	} else {
		fmt.Fprintf(&b, "| %s | not measured | ≤ 1.25× | hey not found (make bench installs it) |\n", adapterRow)
	}
	fmt.Fprintf(&b, "| %s | %.0f/s | ≥ 100/s | events produced at %.0f/s (%.0f deliveries/s due); 3 endpoints; none lost |\n",
		whileRow, median(r.rate[whileRow]), median(r.rate["produced"]), 3*median(r.rate["produced"]))
	fmt.Fprintf(&b, "| %s | %.0f/s | ≥ 200/s | 1,500 deliveries after the deliveries queue resumed; none lost |\n", backlogRow, median(r.rate[backlogRow]))
	return b.String()
}

// machine describes the machine the table was measured on.
func machine() string {
	model := "unknown CPU"
	if b, err := os.ReadFile("/proc/cpuinfo"); err == nil {
		for _, line := range strings.Split(string(b), "\n") {
			if k, v, ok := strings.Cut(line, ":"); ok && strings.TrimSpace(k) == "model name" {
				model = strings.TrimSpace(v)
				break
			}
		}
	}
	return fmt.Sprintf("%s/%s, %d cores (%s), %s", runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), model, runtime.Version())
}

// loadAverage returns the 1-, 5- and 15-minute load averages.
func loadAverage() string {
	b, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "unknown"
	}
	f := strings.Fields(string(b))
	if len(f) < 3 {
		return "unknown"
	}
	return strings.Join(f[:3], " ")
}
