package integrations

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// hold points the rig's platform host at a gate in front of its fixture
// site, holding each create at most max, and returns the gate.
func (r *rig) hold(t *testing.T, max time.Duration) *testenv.CreateGate {
	t.Helper()
	g := testenv.NewCreateGate(t, r.fake, max)
	r.env.SetHost(t, r.host, g.Addr)
	return g
}

// syncHeld connects push_platform_1 on a new rig for host, writes an
// article of each title and starts a sync whose first push the platform
// holds: it returns once that push has arrived, with the gate to release
// it and the sync's job.
func syncHeld(t *testing.T, host string, titles ...string) (*rig, *testenv.CreateGate, map[string]any) {
	t.Helper()
	r := newRig(t, host)
	r.connect(t, "push_platform_1")
	for _, title := range titles {
		r.written(t, title)
	}
	g := r.hold(t, 10*time.Second)
	job := r.api(t, "POST", r.path("push_platform_1")+"/sync", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	g.WaitArrived(t, 20*time.Second)
	return r, g, job
}

// TestDisconnectDuringASyncStopsIt: once the owner disconnects, a sync
// under way sends nothing more with the connection's token; the articles
// it had not reached are skipped.
func TestDisconnectDuringASyncStopsIt(t *testing.T) {
	r, g, job := syncHeld(t, "midsync.example.com", "Mid one", "Mid two", "Mid three")
	r.api(t, "DELETE", r.path("push_platform_1"), nil).Expect(t, http.StatusOK)
	g.Release()

	res := result(t, r.acct.Client.WaitJob(t, job["id"].(string)))
	if counts(res) != [5]float64{1, 0, 0, 0, 2} {
		t.Fatalf("sync disconnected after its first push: %v", res)
	}
	if posts := r.fake.Posts(); len(posts) != 1 || posts[0].Title != "Mid one" {
		t.Fatalf("posts pushed: %+v", posts)
	}
	if evs := r.acct.Client.Events(t, "article.published"); len(evs) != 1 {
		t.Fatalf("article.published events %+v", evs)
	}
	if got := r.integration(t, "push_platform_1"); got["status"] != "not_connected" || got["site_url"] != nil {
		t.Fatalf("integration after the sync %v", got)
	}
}

// TestNewTokenDuringASyncCarriesOn: when the owner gives the connected
// site a new token while a sync runs (the old one now refused), the rest
// of the sync goes with the new token instead of failing on the old one.
func TestNewTokenDuringASyncCarriesOn(t *testing.T) {
	r, g, job := syncHeld(t, "newtoken.example.com", "Token one", "Token two", "Token three")
	r.fake.SetToken("renewed-token")
	page := r.connectURL(t, "push_platform_1")
	r.env.Client().Do(t, "POST", page, map[string]any{"site_url": "https://" + r.host, "api_token": "renewed-token"}).Expect(t, http.StatusOK)
	g.Release()

	res := result(t, r.acct.Client.WaitJob(t, job["id"].(string)))
	if counts(res) != [5]float64{3, 0, 0, 0, 0} {
		t.Fatalf("sync with a token renewed after its first push: %v", res)
	}
	if got := r.integration(t, "push_platform_1"); got["status"] != "connected" || got["last_error"] != nil {
		t.Fatalf("integration after the sync %v", got)
	}
	if posts := r.fake.Posts(); len(posts) != 3 {
		t.Fatalf("posts %+v", posts)
	}
}
