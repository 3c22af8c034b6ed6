package audit27l

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestFinishedJobsAreKeptThirtyDays: README, "Data retention" is silent
// on jobs while every other record of an account's history has an end
// (events 30 days, activity 365 days); `GET /jobs` "Lists the account's
// asynchronous jobs". Defect: a job item had no TTL, so every scan,
// research run, article written, sync and sweep stayed in the account's
// partition forever, and each filtered `GET /jobs` (the dashboard's
// forum and integrations pages) read through all of them. A job now
// ends its life 30 days after it finishes (the table's TTL attribute,
// set when it completes or fails), and is neither listed nor returned
// once that time has passed on the service clock (the table deletes it
// later).
func TestFinishedJobsAreKeptThirtyDays(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewOwner(t)
	o.Client.WaitJob(t, o.ScanJob)
	path := "/jobs/" + o.ScanJob
	o.API(t, "GET", path, nil, http.StatusOK)

	env.Advance(t, 29*24*3600)
	o.API(t, "GET", path, nil, http.StatusOK)
	if !listed(t, o, o.ScanJob) {
		t.Fatalf("GET /jobs does not list the scan 29 days after it finished")
	}

	env.Advance(t, 2*24*3600)
	o.API(t, "GET", path, nil, http.StatusNotFound)
	if listed(t, o, o.ScanJob) {
		t.Errorf("GET /jobs still lists a scan 31 days after it finished: jobs are kept forever")
	}
}

// listed reports whether the owner's GET /jobs (newest first, first
// 100) lists job id.
func listed(t *testing.T, o *testenv.Owner, id string) bool {
	t.Helper()
	for _, j := range o.API(t, "GET", "/jobs?limit=100", nil, http.StatusOK)["jobs"].([]any) {
		if j.(map[string]any)["id"] == id {
			return true
		}
	}
	return false
}
