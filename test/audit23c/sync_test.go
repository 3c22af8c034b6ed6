package audit23c

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"rvcontent/shared/dev/platformfake"
	"rvcontent/shared/feature/jobs"
	"rvcontent/test/testenv"
)

// heldCreates holds the fixture platform's answers to creates (after the
// platform made them) until release is closed.
type heldCreates struct {
	next    http.Handler
	arrived chan struct{}
	release chan struct{}
	once    sync.Once
}

func (h *heldCreates) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if r.Method != http.MethodPost || !strings.HasSuffix(r.URL.Path, "/posts") {
		h.next.ServeHTTP(w, r)
		return
	}
	rec := httptest.NewRecorder()
	h.next.ServeHTTP(rec, r)
	h.once.Do(func() { close(h.arrived) })
	select {
	case <-h.release:
	case <-time.After(30 * time.Second):
	}
	for k, v := range rec.Header() {
		w.Header()[k] = v
	}
	w.WriteHeader(rec.Code)
	_, _ = w.Write(rec.Body.Bytes())
}

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
	held := &heldCreates{next: fake, arrived: make(chan struct{}), release: make(chan struct{})}
	srv := httptest.NewTLSServer(held)
	t.Cleanup(srv.Close)
	t.Cleanup(func() {
		select {
		case <-held.release:
		default:
			close(held.release)
		}
	})
	connect(t, env, acct, host, srv.Listener.Addr().String())
	finished(t, acct, "First of two")
	finished(t, acct, "Second of two")

	job := acct.Client.Agent(t, "POST", "/sites/"+acct.SiteID+"/integrations/push_platform_1/sync", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	id := job["id"].(string)
	select {
	case <-held.arrived:
	case <-time.After(20 * time.Second):
		t.Fatal("the sync's first push never reached the platform")
	}
	env.Advance(t, jobs.DefaultLease.Seconds())
	close(held.release)
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
