package e2e

import (
	"fmt"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestJobsReadAndWait lists the account's scan job, reads it and waits for
// its end. (Job kinds, retries and unknown kinds are proven on DynamoDB
// Local in shared/jobs.)
func TestJobsReadAndWait(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	ended := settleScan(t, acct)
	if keysOf(ended) != "attempts,created_at,error,finished_at,id,kind,result,site_id,started_at,status,updated_at" {
		t.Fatalf("job fields = %s", keysOf(ended))
	}
	if ended["id"] != acct.ScanJob || ended["kind"] != "site.scan" || ended["site_id"] != acct.SiteID || ended["finished_at"] == nil || ended["started_at"] == nil {
		t.Fatalf("ended scan job = %v", ended)
	}
	if ended["status"] == "failed" {
		if e := object(t, ended, "error"); e["code"] == "" || e["message"] == "" {
			t.Fatalf("failed job without code and message: %v", ended)
		}
	}
	got := acct.Client.Agent(t, "GET", "/jobs/"+acct.ScanJob, nil).Expect(t, http.StatusOK).JSON(t)
	if keysOf(got) != "job" || fmt.Sprint(got["job"]) != fmt.Sprint(ended) {
		t.Fatalf("GET /jobs/{id} = %v, want the ended job %v", got, ended)
	}
	page := getPage(t, acct.Client, "/jobs", "jobs")
	if page.NextCursor != nil || len(page.Items) != 1 || fmt.Sprint(page.Items[0]) != fmt.Sprint(ended) {
		t.Fatalf("GET /jobs = %+v, want the one job and next_cursor null", page)
	}
	filtered := []struct {
		query string
		n     int
	}{
		{"?kind=site.scan", 1},
		{"?kind=research", 0},
		{"?site_id=" + acct.SiteID, 1},
		{"?status=" + str(t, ended["status"]), 1},
		{"?status=queued", 0},
	}
	for _, f := range filtered {
		if p := getPage(t, acct.Client, "/jobs"+f.query, "jobs"); len(p.Items) != f.n {
			t.Errorf("GET /jobs%s listed %d, want %d", f.query, len(p.Items), f.n)
		}
	}
	acct.Client.Agent(t, "GET", "/jobs?kind=other", nil).Expect(t, http.StatusUnprocessableEntity) // as every list's unknown filter value
	for _, wait := range []string{"0", "1", "30"} {
		r := acct.Client.Agent(t, "GET", "/jobs/"+acct.ScanJob+"?wait="+wait, nil).Expect(t, http.StatusOK)
		if fmt.Sprint(r.JSON(t)["job"]) != fmt.Sprint(ended) {
			t.Fatalf("wait=%s answered %s", wait, r.Body)
		}
	}
}

// TestJobWaitOutOfRange refuses waits outside 0 to 30 seconds.
func TestJobWaitOutOfRange(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	for _, wait := range []string{"31", "-1", "abc", "1.5", "99999999999999999999"} {
		t.Run(wait, func(t *testing.T) {
			e := expectError(t, acct.Client.Agent(t, "GET", "/jobs/"+acct.ScanJob+"?wait="+wait, nil), http.StatusUnprocessableEntity, "validation_failed")
			if fmt.Sprint(detailFields(t, e)) != "[wait]" {
				t.Fatalf("details = %v", e.Details)
			}
		})
	}
}

// TestNewAccountListsItsScanJob shows the job at once, before it ends.
func TestNewAccountListsItsScanJob(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	j := object(t, acct.Client.Agent(t, "GET", "/jobs/"+acct.ScanJob, nil).Expect(t, http.StatusOK).JSON(t), "job")
	switch j["status"] {
	case "queued", "running", "completed", "failed":
	default:
		t.Fatalf("job status %v", j["status"])
	}
	if j["kind"] != "site.scan" || j["created_at"] == nil {
		t.Fatalf("job = %v", j)
	}
}
