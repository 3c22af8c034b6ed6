package audit23c

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/shared/dev/platformfake"
	"rvcontent/shared/feature/jobs"
	"rvcontent/test/testenv"
)

// TestSyncStopsAtTheJobLease: the spec's jobs (202, then GET /jobs/{id};
// a job is tried at most 3 times) and the README's jobs worker (one
// attempt may run the worker's 5 minutes; past its lease the sweep starts
// another attempt). A sync whose push is still in flight when its
// attempt's lease ends starts no further push in that attempt, since a
// second attempt may push the same articles: the job goes back to queued,
// and its retry pushes what is left, the platform seeing each article once.
func TestSyncStopsAtTheJobLease(t *testing.T) {
	env := testenv.StartQuiet(t)
	host := "leasesync.example.com"
	acct := env.NewAccount(t, "https://"+host)
	env.Trial(t, acct, testenv.TestCardOK)
	fake := platformfake.New("Lease Blog", fakeToken)
	held := testenv.NewCreateGate(t, fake, 30*time.Second)
	connect(t, env, acct, host, held.Addr)
	finished(t, acct, "First of two")
	finished(t, acct, "Second of two")

	job := acct.Client.Agent(t, "POST", "/sites/"+acct.SiteID+"/integrations/push_platform_1/sync", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	id := job["id"].(string)
	held.WaitArrived(t, 20*time.Second)
	env.Advance(t, jobs.DefaultLease.Seconds())
	held.Release()
	var j map[string]any
	for i := 0; i < 50; i++ {
		j = acct.Client.Agent(t, "GET", "/jobs/"+id, nil).Expect(t, http.StatusOK).JSON(t)["job"].(map[string]any)
		if j["status"] != "running" {
			break
		}
		time.Sleep(200 * time.Millisecond)
	}
	if posts := fake.Posts(); j["status"] != "queued" || len(posts) != 1 {
		t.Fatalf("after its lease ended the attempt went on: job %v, %d posts on the platform; want the job queued again with 1 post", j, len(posts))
	}

	env.Advance(t, 120)
	env.RunScheduled(t)
	j = acct.Client.WaitJob(t, id)
	res, _ := j["result"].(map[string]any)
	if j["status"] != "completed" || j["attempts"] != 2.0 || res["created"] != 1.0 || res["unchanged"] != 1.0 {
		t.Fatalf("retried sync %v, want completed on attempt 2 with 1 created and 1 unchanged", j)
	}
	posts := fake.Posts()
	if len(posts) != 2 || posts[0].Writes != 1 || posts[1].Writes != 1 {
		t.Fatalf("platform posts %+v, want two posts written once each", posts)
	}
}
