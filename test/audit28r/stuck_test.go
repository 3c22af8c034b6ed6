package audit28r

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestScanWhoseWorkerKeptDyingEndsFailed: README "Jobs" ("a job is tried
// at most 3 times before it fails"; "A job whose queue message or worker
// was lost is picked up again by a scheduled sweep") and spec 4.5's scan
// (scan_status queued, running, completed or failed). A scan job whose
// every attempt stopped responding (its lease ran out on the service
// clock) is failed by the sweep, and the site's scan must fail with it.
// Before the fix the scheduler's sweep gave the job up without the scan
// runner (it had no runners), so the job failed while GET
// /sites/{site_id}/scan stayed running forever and no site.scan_failed
// was reported.
func TestScanWhoseWorkerKeptDyingEndsFailed(t *testing.T) {
	env := testenv.Start(t, testenv.Options{SchedulerEvery: 300 * time.Millisecond})
	release := make(chan struct{})
	t.Cleanup(func() {
		select {
		case <-release:
		default:
			close(release)
		}
	})
	// Every request hangs (below the crawler's page timeout), so each
	// attempt is still reading when the clock passes its lease.
	host, requested := env.Website(t, "hangs-28r", func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-release:
		case <-time.After(9 * time.Second):
		}
		http.NotFound(w, r)
	})
	acct := env.NewAccount(t, "http://"+host+"/")
	c := acct.Client
	job := func() map[string]any {
		return c.Agent(t, "GET", "/jobs/"+acct.ScanJob, nil).Expect(t, http.StatusOK).JSON(t)["job"].(map[string]any)
	}
	waitFor := func(what string, ok func(j map[string]any) bool) map[string]any {
		t.Helper()
		for i := 0; i < 60; i++ {
			if j := job(); ok(j) {
				return j
			}
			time.Sleep(100 * time.Millisecond)
		}
		t.Fatalf("job never %s: %v", what, job())
		return nil
	}
	for i := 0; i < 50 && len(requested()) == 0; i++ {
		time.Sleep(100 * time.Millisecond)
	}
	for attempt := 2; attempt <= 3; attempt++ {
		env.Advance(t, 6*60) // past the 5-minute lease
		waitFor("retried", func(j map[string]any) bool { return j["attempts"] == float64(attempt) })
	}
	env.Advance(t, 6*60)
	j := waitFor("failed", func(j map[string]any) bool { return j["status"] == "failed" })
	if e, _ := j["error"].(map[string]any); e == nil || e["code"] != "internal_error" {
		t.Fatalf("job %v, want failed with internal_error", j)
	}
	scan := c.Agent(t, "GET", "/sites/"+acct.SiteID+"/scan", nil).Expect(t, http.StatusOK).JSON(t)["scan"].(map[string]any)
	if scan["status"] != "failed" {
		t.Fatalf("scan %v after its job %v was given up, want failed", scan, j)
	}
	site := c.Agent(t, "GET", "/sites/"+acct.SiteID, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	if site["scan_status"] != "failed" {
		t.Fatalf("site scan_status %v, want failed", site["scan_status"])
	}
	// The attempts still reading end without changing that.
	close(release)
	time.Sleep(2 * time.Second)
	scan = c.Agent(t, "GET", "/sites/"+acct.SiteID+"/scan", nil).Expect(t, http.StatusOK).JSON(t)["scan"].(map[string]any)
	if scan["status"] != "failed" {
		t.Fatalf("scan %v once the stale attempts ended, want failed", scan)
	}
}
