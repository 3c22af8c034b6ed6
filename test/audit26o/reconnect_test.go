package audit26o

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"rvcontent/shared/dev/platformfake"
)

// TestReconnectWithTheDefaultPortKeepsTheConnection: README, push
// integrations: "Connecting the site already connected again (a new
// token, as a refused token's last_error asks) keeps its connection, so
// its posts are updated, not created again; another site is a new
// connection that starts afresh." Defect: the site's address typed again
// with https's default port (https://cms.example.com:443, the same site as
// https://cms.example.com) was taken for another site: the integration
// kept site_url with ":443", started a new connection, and the next sync
// created every article's post on the platform a second time. The default
// port is now dropped from the address kept, so it is the same connection
// and the sync finds every post unchanged.
func TestReconnectWithTheDefaultPortKeepsTheConnection(t *testing.T) {
	r := newPushRig(t, "https://portkeep.example.com")
	fake := platformfake.New("Port Blog", "port-token")
	srv := httptest.NewTLSServer(fake)
	t.Cleanup(srv.Close)
	host := "cms.portkeep.example.com"
	r.env.SetHost(t, host, srv.Listener.Addr().String())
	connect := func(site string) map[string]any {
		out := r.api(t, "POST", r.path()+"/connect", nil).Expect(t, http.StatusOK).JSON(t)
		link := out["connect"].(map[string]any)["connect_url"].(string)
		return r.env.Client().Do(t, "POST", strings.TrimPrefix(link, r.env.URL), map[string]any{"site_url": site, "api_token": "port-token"}).
			Expect(t, http.StatusOK).JSON(t)["integration"].(map[string]any)
	}
	sync := func() map[string]any {
		job := r.api(t, "POST", r.path()+"/sync", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
		done := r.acct.Client.WaitJob(t, job["id"].(string))
		if done["status"] != "completed" {
			t.Fatalf("sync job %v", done)
		}
		return done["result"].(map[string]any)
	}
	connect("https://" + host)
	r.finished(t, "Port guide")
	if res := sync(); res["created"] != 1.0 {
		t.Fatalf("first sync %v, want created 1", res)
	}
	again := connect("https://" + host + ":443/")
	if again["site_url"] != "https://"+host {
		t.Errorf("site_url after connecting https://%s:443/ is %v, want https://%s", host, again["site_url"], host)
	}
	if res := sync(); res["created"] != 0.0 || res["unchanged"] != 1.0 {
		t.Errorf("sync after connecting the same site again: %v, want unchanged 1 and created 0", res)
	}
	if n := len(fake.Posts()); n != 1 {
		t.Errorf("the platform holds %d posts for one article, want 1", n)
	}
}
