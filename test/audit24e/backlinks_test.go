package audit24e

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// member is a paid member of the backlink exchange on topic whose website
// is served by a test server named host: its domain verified, opted in,
// with a published article and a target on the topic.
func member(t *testing.T, env *testenv.Env, host, topic string) *owner {
	t.Helper()
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		fmt.Fprint(w, "<!doctype html><title>Member</title><h1>Member</h1>")
	}))
	t.Cleanup(srv.Close)
	env.SetHost(t, host, strings.TrimPrefix(srv.URL, "https://"))
	web := "https://" + host + "/"
	a := env.NewAccount(t, web)
	env.Claim(t, a)
	env.PaidPlan(t, a)
	m := &owner{Account: a, Browser: env.NewBrowser(t)}
	env.SignIn(t, m.Browser, a.Email, "/dashboard")
	s := "/sites/" + a.SiteID
	v := m.API(t, "POST", s+"/backlinks/domain", map[string]any{"domain": host}, http.StatusOK)["verification"].(map[string]any)
	env.SetTXT(t, "_service."+host, "service-site-verification="+v["token"].(string))
	m.API(t, "POST", s+"/backlinks/domain/verify", nil, http.StatusOK)
	m.API(t, "PATCH", s+"/backlinks", map[string]any{"opted_in": true, "topic_tags": []string{topic}}, http.StatusOK)
	id := m.NewArticle(t, map[string]any{"title": "Pans we love", "tags": []string{topic}, "body_markdown": "# Pans we love\n\nCast iron seasoning makes a pan last.\n\nSkillet care takes a minute. Good pans and pan care matter.\n"})
	m.API(t, "POST", s+"/articles/"+id+"/finish", nil, http.StatusOK)
	m.API(t, "POST", s+"/articles/"+id+"/publish", map[string]any{"url": web + "posts/" + id}, http.StatusOK)
	m.API(t, "POST", s+"/backlinks/targets", map[string]any{"url": web + "guide", "anchors": []string{"cast iron seasoning", "skillet care", "good pans"}, "topic_tags": []string{topic}}, http.StatusCreated)
	return m
}

// Spec 2, "Backlink placement": `placed_at` and `expires_at` among its
// timestamps. The backlinks page listed a link's reserved, live, ended
// and checked times but not when it was placed nor when a link not yet
// live lapses, so an owner could not see how long a member had left.
func TestPlacementsSayWhenTheyExpire(t *testing.T) {
	env := testenv.Shared(t)
	topic := fmt.Sprintf("pans%d", time.Now().UnixNano()%1_000_000) // one exchange of its own
	a := member(t, env, "pans-a24e.example", topic)
	member(t, env, "pans-b24e.example", topic)
	env.RunScheduled(t) // each member reserves a link in the other's article

	var out struct {
		Placements []struct {
			Status    string  `json:"status"`
			ExpiresAt *string `json:"expires_at"`
		}
	}
	a.Client.Agent(t, "GET", "/sites/"+a.SiteID+"/backlinks/placements", nil).Expect(t, http.StatusOK).Decode(t, &out)
	var expires, status string
	for _, p := range out.Placements {
		if p.ExpiresAt != nil {
			expires, status = *p.ExpiresAt, p.Status
		}
	}
	if expires == "" {
		t.Fatalf("no placement waiting to go live: %+v", out.Placements)
	}
	// A reservation lapses unless it is placed in time, a placed link
	// unless it goes live (before, a reservation read "unless live" too).
	lapse := "expires unless placed"
	if status != "reserved" {
		lapse = "expires unless live"
	}
	page := a.Browser.Get(t, a.SitePage("/backlinks")).Expect(t, http.StatusOK, lapse)
	if iso := strings.TrimSuffix(strings.SplitN(expires, ".", 2)[0], "Z") + "Z"; !strings.Contains(page.Body, `datetime="`+iso+`"`) {
		t.Errorf("the backlinks page has no time element for expires_at %s", expires)
	}
}
