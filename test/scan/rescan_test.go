package scan

import (
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"rvcontent/shared/kernel/workqueues"
	"rvcontent/test/testenv"
)

// TestRescanKeepsUserFields: a rescan fills the brand fields that are
// empty and keeps those the user set (at account creation or by PATCH),
// even when the website now says otherwise.
func TestRescanKeepsUserFields(t *testing.T) {
	env := testenv.Shared(t)
	var mu sync.Mutex
	content := map[string]string{}
	for k, v := range rich {
		content[k] = v
	}
	site := serve(t, env, "rescan", false, func(s *site) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			mu.Lock()
			snapshot := map[string]string{}
			for k, v := range content {
				snapshot[k] = v
			}
			mu.Unlock()
			pages(richRobots, snapshot)(s).ServeHTTP(w, r)
		})
	})
	a := account(t, env, site.URL, map[string]any{"site_name": "My Own Name"})
	a.Client.WaitJob(t, a.ScanJob)
	s := siteOf(t, a)
	logo := "https://" + site.Host + "/static/logo.png"
	if s["brand_name"] != "My Own Name" || s["avatar_url"] != logo || !strings.HasPrefix(s["product_description"].(string), "Ledgerly is an invoicing app") {
		t.Fatalf("after the first scan: %v", s)
	}
	if b := scanOf(t, a)["brand"].(map[string]any); b["brand_name"] != "Ledgerly" {
		t.Fatalf("the scan shows what the website says: %v", b)
	}

	patch(t, a, map[string]any{"avatar_url": nil, "product_description": "Written by the owner."}).Expect(t, http.StatusOK)
	mu.Lock()
	content["/"] = strings.Replace(content["/"], "Send invoices in seconds and get paid faster.", "Now with payroll.", 1)
	mu.Unlock()

	job := a.Client.WaitJob(t, rescan(t, a))
	if job["status"] != "completed" {
		t.Fatalf("rescan job %v", job)
	}
	s = siteOf(t, a)
	if s["brand_name"] != "My Own Name" || s["product_description"] != "Written by the owner." || s["avatar_url"] != logo || s["scan_status"] != "completed" {
		t.Fatalf("after the rescan: %v", s)
	}
	if d := scanOf(t, a)["brand"].(map[string]any)["product_description"]; !strings.HasSuffix(d.(string), "Now with payroll.") {
		t.Fatalf("the rescan read the new page: %v", d)
	}
	if n := len(events(t, a, "site.scan_completed")); n != 2 {
		t.Fatalf("%d site.scan_completed events, want 2", n)
	}
}

// TestScanStates follows a scan through queued, running and completed on
// the scan and on the site's scan_status, and polls its job with ?wait.
func TestScanStates(t *testing.T) {
	env := testenv.Shared(t)
	release := make(chan struct{})
	var once sync.Once
	free := func() { once.Do(func() { close(release) }) }
	defer free()
	blocking := func(s *site) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/" {
				select {
				case <-release:
				case <-time.After(8 * time.Second):
				}
			}
			pages("", rich)(s).ServeHTTP(w, r)
		})
	}
	// Occupy the job workers (as many as the deployed queue runs) with
	// scans that wait on their home page until a scan stays queued.
	var running []*testenv.Account
	var queued *testenv.Account
	for i := 0; i < workqueues.Jobs.MaxConcurrency+2 && queued == nil; i++ {
		site := serve(t, env, fmt.Sprintf("slow%d", i), false, blocking)
		a := account(t, env, site.URL, nil)
		if waitFor(2*time.Second, func() bool { return site.Requested("/") }) {
			running = append(running, a)
		} else {
			queued = a
		}
	}
	if queued == nil || len(running) == 0 {
		t.Fatal("could not hold a scan in the queue")
	}
	if sc := scanOf(t, queued); sc["status"] != "queued" || sc["stage"] != "brand" || sc["started_at"] != nil || sc["job_id"] != queued.ScanJob {
		t.Fatalf("queued scan %v", sc)
	}
	if s := siteOf(t, queued); s["scan_status"] != "queued" {
		t.Fatalf("site scan_status %v", s["scan_status"])
	}
	r := running[0]
	if sc := scanOf(t, r); sc["status"] != "running" || sc["stage"] != "brand" || sc["started_at"] == nil || sc["finished_at"] != nil {
		t.Fatalf("running scan %v", sc)
	}
	if s := siteOf(t, r); s["scan_status"] != "running" {
		t.Fatalf("site scan_status %v", s["scan_status"])
	}
	start := time.Now()
	j := r.Client.Agent(t, "GET", "/jobs/"+r.ScanJob+"?wait=1", nil).Expect(t, http.StatusOK).JSON(t)["job"].(map[string]any)
	if j["status"] != "running" || time.Since(start) < 700*time.Millisecond {
		t.Fatalf("job %v after %s, want running after about a second", j["status"], time.Since(start))
	}

	free()
	for _, a := range append(running, queued) {
		if j := a.Client.WaitJob(t, a.ScanJob); j["status"] != "completed" {
			t.Fatalf("job %v", j)
		}
		if sc := scanOf(t, a); sc["status"] != "completed" || sc["stage"] != "plan" {
			t.Fatalf("scan %v", sc)
		}
		if s := siteOf(t, a); s["scan_status"] != "completed" {
			t.Fatalf("site scan_status %v", s["scan_status"])
		}
	}
}

func waitFor(d time.Duration, ok func() bool) bool {
	deadline := time.Now().Add(d)
	for time.Now().Before(deadline) {
		if ok() {
			return true
		}
		time.Sleep(20 * time.Millisecond)
	}
	return ok()
}

// TestDailyLimit: without a trial or plan an account runs 3 scans a day,
// the one created with the account included; the fourth answers 429
// rate_limited with Retry-After until the next day. An idempotent replay
// does not count. It runs on its own stack because it moves the clock.
func TestDailyLimit(t *testing.T) {
	env := testenv.Start(t)
	site := serve(t, env, "limited", false, pages("", bare))
	a := account(t, env, site.URL, nil)

	first := a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/scan", nil, "Idempotency-Key: scan-1").Expect(t, http.StatusAccepted)
	replay := a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/scan", nil, "Idempotency-Key: scan-1").Expect(t, http.StatusAccepted)
	if replay.Header.Get("Idempotent-Replayed") != "true" || string(replay.Body) != string(first.Body) {
		t.Fatalf("replay %s %v", replay.Body, replay.Header)
	}
	last := rescan(t, a) // the third scan of the day
	r := a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/scan", nil).Expect(t, http.StatusTooManyRequests)
	if r.ErrorCode(t) != "rate_limited" {
		t.Fatalf("%s", r.Body)
	}
	var wait int
	if _, err := fmt.Sscan(r.Header.Get("Retry-After"), &wait); err != nil || wait < 1 || wait > 86400 {
		t.Fatalf("Retry-After %q", r.Header.Get("Retry-After"))
	}
	if j := a.Client.WaitJob(t, last); j["status"] != "completed" {
		t.Fatalf("the last allowed scan: %v", j)
	}
	if s := siteOf(t, a); s["scan_status"] != "completed" {
		t.Fatalf("a refused scan changed the site: %v", s)
	}

	env.Advance(t, float64(wait))
	a.Client.WaitJob(t, rescan(t, a))
}

// TestNewerScanReplacesRunningOne: a scan started while another runs
// replaces it; the older job ends without touching the site and only the
// newer scan reports.
func TestNewerScanReplacesRunningOne(t *testing.T) {
	env := testenv.Shared(t)
	release := make(chan struct{})
	var once sync.Once
	free := func() { once.Do(func() { close(release) }) }
	defer free()
	site := serve(t, env, "replaced", false, func(s *site) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			if r.URL.Path == "/" {
				select {
				case <-release:
				case <-time.After(8 * time.Second):
				}
			}
			pages("", rich)(s).ServeHTTP(w, r)
		})
	})
	a := account(t, env, site.URL, nil)
	if !waitFor(5*time.Second, func() bool { return site.Requested("/") }) {
		t.Fatal("the first scan did not start")
	}
	newer := rescan(t, a)
	if sc := scanOf(t, a); sc["job_id"] != newer || (sc["status"] != "queued" && sc["status"] != "running") {
		t.Fatalf("scan %v, want the newer one", sc)
	}
	free()
	old := a.Client.WaitJob(t, a.ScanJob)
	if e, _ := old["error"].(map[string]any); old["status"] != "failed" || e["code"] != "conflict" || !strings.Contains(e["message"].(string), "newer scan") {
		t.Fatalf("older job %v", old)
	}
	if j := a.Client.WaitJob(t, newer); j["status"] != "completed" {
		t.Fatalf("newer job %v", j)
	}
	if sc := scanOf(t, a); sc["job_id"] != newer || sc["status"] != "completed" {
		t.Fatalf("scan %v", sc)
	}
	if n, m := len(events(t, a, "site.scan_completed")), len(events(t, a, "site.scan_failed")); n != 1 || m != 0 {
		t.Fatalf("%d completed and %d failed events, want 1 and 0", n, m)
	}
}
