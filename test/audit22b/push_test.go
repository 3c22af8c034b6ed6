package audit22b

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"rvcontent/shared/dev/platformfake"
	"rvcontent/shared/platform/pushapi"
	"rvcontent/test/testenv"
)

// bigIDPlatform is a push_platform_1 site that accepts the token "tok" and
// answers every post it saves with an id of n characters.
func bigIDPlatform(n int) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if r.Header.Get("Authorization") != "Bearer tok" {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		switch {
		case r.Method == "GET" && r.URL.Path == "/push-api/v1/site":
			_ = json.NewEncoder(w).Encode(map[string]any{"name": "Big ids", "categories": []any{}, "authors": []any{}})
		case r.Method == "POST" && r.URL.Path == "/push-api/v1/posts":
			w.WriteHeader(http.StatusCreated)
			_ = json.NewEncoder(w).Encode(map[string]any{"id": strings.Repeat("7", n), "url": "https://" + r.Host + "/p/1"})
		default:
			http.NotFound(w, r)
		}
	})
}

// TestPushOfAPostWhoseIdCannotBeKeptFails: a platform site that answers a
// push with a post id too long to keep (here 600,000 characters, within
// the 1 MB of its answer the service reads) makes the push fail like any
// other platform failure: POST .../publish answers that destination's
// result failed with code push_failed and a sentence naming the cause,
// the integration goes to status error with last_error, and a sync job
// completes counting the article as failed. README (Push integrations):
// "a failed push sets status: error, last_error and integration.error";
// spec 7: internal_error is a service failure to retry with backoff. The
// service tried to store the id with what it pushed, a table item over
// DynamoDB's 400 KB: the publish result was internal_error "The platform
// could not be reached or refused the article. Try again later." with the
// integration left connected, and the sync job failed all 3 attempts with
// internal_error (a retry meets the same answer every time).
func TestPushOfAPostWhoseIdCannotBeKeptFails(t *testing.T) {
	const host = "bigids-audit22b.example.org"
	env := testenv.StartQuiet(t)
	srv := httptest.NewTLSServer(bigIDPlatform(600_000))
	t.Cleanup(srv.Close)
	env.SetHost(t, "cms."+host, srv.Listener.Addr().String())
	env.SetHost(t, host, "127.0.0.1:1")
	acct := env.NewAccount(t, "https://"+host+"/")
	env.Trial(t, acct, testenv.TestCardOK)

	site := "/sites/" + acct.SiteID
	link := acct.Client.Agent(t, "POST", site+"/integrations/push_platform_1/connect", nil).Expect(t, http.StatusOK).JSON(t)["connect"].(map[string]any)["connect_url"].(string)
	out := env.Client().Do(t, "POST", strings.TrimPrefix(link, env.URL), map[string]any{"site_url": "https://cms." + host, "api_token": "tok"}).Expect(t, http.StatusOK).JSON(t)
	if out["connected"] != true {
		t.Fatalf("connect answer %v", out)
	}
	a := acct.Client.Agent(t, "POST", site+"/articles", map[string]any{"title": "Big", "body_markdown": "# Big\n\nWords."}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	id := a["id"].(string)
	acct.Client.Agent(t, "POST", site+"/articles/"+id+"/finish", nil).Expect(t, http.StatusOK)

	var pub struct {
		Results []struct {
			Destination string `json:"destination"`
			Result      string `json:"result"`
			Error       *struct {
				Code    string `json:"code"`
				Message string `json:"message"`
			} `json:"error"`
		} `json:"results"`
	}
	acct.Client.Agent(t, "POST", site+"/articles/"+id+"/publish", map[string]any{"destinations": []string{"push_platform_1"}}).Expect(t, http.StatusOK).Decode(t, &pub)
	if len(pub.Results) != 1 || pub.Results[0].Result != "failed" || pub.Results[0].Error == nil || pub.Results[0].Error.Code != "push_failed" {
		t.Fatalf("publish results %+v (error %+v)", pub.Results, pub.Results[0].Error)
	}
	if evs := acct.Client.Events(t, "article.publish_failed"); len(evs) != 1 {
		t.Fatalf("article.publish_failed events = %d, want 1", len(evs))
	}
	integ := acct.Client.Agent(t, "GET", site+"/integrations/push_platform_1", nil).Expect(t, http.StatusOK).JSON(t)["integration"].(map[string]any)
	if integ["status"] != "error" || integ["last_error"] == nil {
		t.Fatalf("integration after the failed push %v", integ)
	}

	job := acct.Client.Agent(t, "POST", site+"/integrations/push_platform_1/sync", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	j := acct.Client.WaitJob(t, job["id"].(string))
	res, _ := j["result"].(map[string]any)
	if j["status"] != "completed" || res["failed"] != float64(1) || res["created"] != float64(0) {
		t.Fatalf("sync job %v", j)
	}
}

// fakeSite serves a fixture platform site over TLS at https://host/.
func fakeSite(t *testing.T, env *testenv.Env, host string, fake *platformfake.Server) {
	t.Helper()
	srv := httptest.NewTLSServer(fake)
	t.Cleanup(srv.Close)
	env.SetHost(t, host, srv.Listener.Addr().String())
}

// connectTo connects push_platform_1 of acct's site to https://host with
// token through a new connect link and returns the integration.
func connectTo(t *testing.T, env *testenv.Env, acct *testenv.Account, host, token string) map[string]any {
	t.Helper()
	link := acct.Client.Agent(t, "POST", "/sites/"+acct.SiteID+"/integrations/push_platform_1/connect", nil).Expect(t, http.StatusOK).JSON(t)["connect"].(map[string]any)["connect_url"].(string)
	out := env.Client().Do(t, "POST", strings.TrimPrefix(link, env.URL), map[string]any{"site_url": "https://" + host, "api_token": token}).Expect(t, http.StatusOK).JSON(t)
	if out["connected"] != true {
		t.Fatalf("connect answer %v", out)
	}
	return out["integration"].(map[string]any)
}

// TestConnectingAnotherSiteDropsOptionsItDoesNotHave: connecting the
// integration to another platform site keeps the category and author only
// when the new site offers them; otherwise they go back to null, so a
// push never carries an id of the site connected before. README (Push
// integrations): PATCH sets category and author to "ids from the
// platform's options once connected", and another site "is a new
// connection that starts afresh". The service kept the old site's ids:
// the integration showed category "guides" and author "editor" next to
// setup options that hold neither (a value PATCH refuses with 422), and
// every push sent them to the new site.
func TestConnectingAnotherSiteDropsOptionsItDoesNotHave(t *testing.T) {
	const host = "reconnect-audit22b.example.org"
	env := testenv.StartQuiet(t)
	env.SetHost(t, host, "127.0.0.1:1")
	acct := env.NewAccount(t, "https://"+host+"/")
	env.Trial(t, acct, testenv.TestCardOK)
	first, second := platformfake.New("First", "tok-1"), platformfake.New("Second", "tok-2")
	second.SetSite("Second", []pushapi.Option{{ID: "tips", Name: "Tips"}, {ID: "guides", Name: "Guides"}}, []pushapi.Option{{ID: "writer", Name: "A writer"}})
	fakeSite(t, env, "one."+host, first)
	fakeSite(t, env, "two."+host, second)
	path := "/sites/" + acct.SiteID + "/integrations/push_platform_1"

	connectTo(t, env, acct, "one."+host, "tok-1")
	acct.Client.Agent(t, "PATCH", path, map[string]any{"category": "news", "author": "editor"}).Expect(t, http.StatusOK)
	got := connectTo(t, env, acct, "two."+host, "tok-2")["settings"].(map[string]any)
	if got["category"] != nil || got["author"] != nil {
		t.Fatalf("settings after connecting a site without them: %v", got)
	}

	// An option the new site has too is kept.
	acct.Client.Agent(t, "PATCH", path, map[string]any{"category": "guides", "author": "writer"}).Expect(t, http.StatusOK)
	got = connectTo(t, env, acct, "one."+host, "tok-1")["settings"].(map[string]any)
	if got["category"] != "guides" || got["author"] != nil {
		t.Fatalf("settings after connecting back: %v, want category guides, author null", got)
	}
}
