package audit22h

import (
	"net/http"
	"strconv"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestScanDayLimitAndActivity: without a trial or plan an account may
// start 3 scans per UTC day, the one started with the account included;
// the 4th (and a 5th: refusals do not count) answers 429 rate_limited
// with Retry-After until 00:00 UTC of the service clock, and the next day
// scans 3 times again. Each POST .../scan records site.scan_started, and
// each scan site.scan_completed or site.scan_failed by the service, named
// "website scan". README ("Sites and scans").
func TestScanDayLimitAndActivity(t *testing.T) {
	env := testenv.StartQuiet(t)
	// Noon UTC, so the day does not turn during the test.
	now, _ := time.Parse(time.RFC3339Nano, env.Now(t))
	noon := time.Date(now.Year(), now.Month(), now.Day(), 12, 0, 0, 0, time.UTC)
	if !noon.After(now) {
		noon = noon.Add(24 * time.Hour)
	}
	env.Advance(t, noon.Sub(now).Seconds())
	host, _ := env.Website(t, "scanlimit-audit22h", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(homeWithLinks))
	})
	acct := env.NewAccount(t, "http://"+host+"/")
	acct.Client.WaitJob(t, acct.ScanJob)
	path := "/sites/" + acct.SiteID + "/scan"
	for i := 0; i < 2; i++ {
		job := acct.Client.Agent(t, "POST", path, nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
		acct.Client.WaitJob(t, job["id"].(string))
	}
	for i := 0; i < 2; i++ {
		r := acct.Client.Agent(t, "POST", path, nil)
		e := r.ExpectError(t, http.StatusTooManyRequests, "rate_limited")
		if e["error"] == "" {
			t.Fatalf("429 without a sentence")
		}
		clock, _ := time.Parse(time.RFC3339Nano, env.Now(t))
		midnight := time.Date(clock.Year(), clock.Month(), clock.Day()+1, 0, 0, 0, 0, time.UTC)
		wait, err := strconv.Atoi(r.Header.Get("Retry-After"))
		if left := int(midnight.Sub(clock).Seconds()); err != nil || wait < left-1 || wait > left+1 {
			t.Fatalf("Retry-After %q, want the %d seconds to 00:00 UTC", r.Header.Get("Retry-After"), left)
		}
	}
	env.Advance(t, 12*3600)
	for i := 0; i < 3; i++ {
		job := acct.Client.Agent(t, "POST", path, nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
		acct.Client.WaitJob(t, job["id"].(string))
	}

	var act struct {
		Activity []map[string]any `json:"activity"`
	}
	acct.Client.Agent(t, "GET", "/activity?site_id="+acct.SiteID+"&limit=100", nil).Expect(t, http.StatusOK).Decode(t, &act)
	count := map[string]int{}
	for _, a := range act.Activity {
		action, _ := a["action"].(string)
		count[action]++
		if action == "site.scan_completed" || action == "site.scan_failed" {
			actor, _ := a["actor"].(map[string]any)
			if actor["type"] != "service" || actor["name"] != "website scan" {
				t.Fatalf("%s by %v", action, a["actor"])
			}
		}
	}
	// The scan started with the account is recorded by account.created
	// (account-wide, so not under site_id);
	// each of the 5 POST .../scan records site.scan_started, and every one
	// of the 6 scans records how it ended.
	if count["site.scan_started"] != 5 || count["site.scan_completed"]+count["site.scan_failed"] != 6 {
		t.Fatalf("activity counts %v", count)
	}
}
