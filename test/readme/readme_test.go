package readme

import (
	"net/http"
	"regexp"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestConventions checks "Conventions":
//
//	"Bodies are {error, code, details?, action_url?}; docs_url is never sent.
//	Every answer carries X-Request-Id." "A body that is not a JSON object (an
//	array, a string, a number; an empty body and null read as an empty
//	object) ... or comes with a Content-Type other than application/json
//	(parameters and +json types accepted ...) answers 400 bad_request."
//	"An unknown path, or a known path with another method, answers 404
//	not_found in JSON." "Every list ... takes limit (1–100, default 50) and
//	cursor; a cursor the list did not issue ... answers 422."
//	"Every agent-API response carries X-RateLimit-Limit,
//	X-RateLimit-Remaining and X-RateLimit-Reset (Unix seconds)".
func TestConventions(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	c := a.Client

	r := c.Agent(t, "POST", "/accounts", "[1,2]")
	r.ExpectError(t, http.StatusBadRequest, "bad_request")
	if _, ok := r.JSON(t)["docs_url"]; ok {
		t.Errorf("docs_url sent: %s", r.Body)
	}
	if r.Header.Get("X-Request-Id") == "" {
		t.Errorf("no X-Request-Id on an error")
	}
	c.Agent(t, "PATCH", "/sites/"+a.SiteID, "42").ExpectError(t, http.StatusBadRequest, "bad_request")
	c.Agent(t, "PATCH", "/sites/"+a.SiteID, `{"brand_name":"Acme"}`, "Content-Type: text/plain").ExpectError(t, http.StatusBadRequest, "bad_request")
	if r := raw(t, env, a.Key, "PATCH", "/api/agent/v1/sites/"+a.SiteID, "application/merge-patch+json; charset=utf-8", `{"brand_name":"Acme"}`); r.StatusCode != http.StatusOK {
		t.Errorf("a +json Content-Type answered %d, want 200", r.StatusCode)
	}
	c.Agent(t, "PATCH", "/sites/"+a.SiteID, "null").Expect(t, http.StatusOK)

	nf := c.Agent(t, "GET", "/no-such-thing", nil)
	nf.ExpectError(t, http.StatusNotFound, "not_found")
	c.Agent(t, "PUT", "/account", nil).ExpectError(t, http.StatusNotFound, "not_found")

	ok := c.Agent(t, "GET", "/account", nil).Expect(t, http.StatusOK)
	for _, h := range []string{"X-RateLimit-Limit", "X-RateLimit-Remaining", "X-RateLimit-Reset", "X-Request-Id"} {
		if ok.Header.Get(h) == "" {
			t.Errorf("GET /account has no %s", h)
		}
	}
	if reset := ok.Header.Get("X-RateLimit-Reset"); !regexp.MustCompile(`^1[0-9]{9}$`).MatchString(reset) {
		t.Errorf("X-RateLimit-Reset = %q, want Unix seconds", reset)
	}
	if l := ok.Header.Get("X-RateLimit-Limit"); l != "600" {
		t.Errorf("X-RateLimit-Limit = %q, want 600", l)
	}

	for _, q := range []string{"limit=0", "limit=101", "limit=abc", "cursor=made-up"} {
		wantField(t, c.Agent(t, "GET", "/activity?"+q, nil), strings.SplitN(q, "=", 2)[0])
	}
	c.Agent(t, "GET", "/activity?limit=100", nil).Expect(t, http.StatusOK)
	conventionsMore(t, env, a)
}

// TestAccountsAndCredentials checks "Accounts and credentials":
//
//	"Agents and apps get 403 human_required with action_url =
//	{dashboard}/settings." "Activity entries of account-wide changes (keys,
//	claims) have site_id: """. "Keys and connections list oldest first."
func TestAccountsAndCredentials(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	c := a.Client

	del := c.Agent(t, "DELETE", "/account", nil).ExpectError(t, http.StatusForbidden, "human_required")
	if u, _ := del["action_url"].(string); !strings.HasSuffix(u, "/dashboard/settings") {
		t.Errorf("action_url = %q, want {dashboard}/settings", u)
	}

	c.Agent(t, "POST", "/agent-keys", map[string]any{"name": "Second agent"}).Expect(t, http.StatusCreated)
	keys := c.Agent(t, "GET", "/agent-keys", nil).Expect(t, http.StatusOK).JSON(t)
	list, _ := keys["agent_keys"].([]any)
	if len(list) != 2 {
		t.Fatalf("agent_keys = %s, want 2", keys)
	}
	if first := list[0].(map[string]any); first["id"] != a.KeyID {
		t.Errorf("first key = %v, want the account's first key %s (oldest first)", first["id"], a.KeyID)
	}

	act := c.Agent(t, "GET", "/activity", nil).Expect(t, http.StatusOK).JSON(t)
	found := false
	for _, e := range act["activity"].([]any) {
		m := e.(map[string]any)
		if strings.HasPrefix(m["action"].(string), "agent_key.") {
			found = true
			if sid, ok := m["site_id"].(string); !ok || sid != "" {
				t.Errorf("%s has site_id %v, want \"\"", m["action"], m["site_id"])
			}
		}
	}
	if !found {
		t.Errorf("no agent_key activity: %s", act)
	}
	accountsMore(t, env)
	claimsAndIDs(t, env, a)
}

// TestJobs checks "Jobs":
//
//	"GET /jobs lists newest first and filters by site_id, kind and status
//	(kind and status each take one value or several separated by commas; an
//	unknown one answers 422 on its field). GET /jobs/{job_id}?wait=N (N from
//	0 to 30)". Asynchronous work answers 202 with { job } whose id is a
//	"UUID (time-ordered)".
func TestJobs(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	c := a.Client

	wantField(t, c.Agent(t, "GET", "/jobs?kind=site.scan,bogus", nil), "kind")
	wantField(t, c.Agent(t, "GET", "/jobs?status=queued,bogus", nil), "status")
	wantField(t, c.Agent(t, "GET", "/jobs/"+a.ScanJob+"?wait=31", nil), "wait")
	c.Agent(t, "GET", "/jobs/"+a.ScanJob+"?wait=0", nil).Expect(t, http.StatusOK)

	env.Advance(t, 1)
	j := c.Agent(t, "POST", "/sites/"+a.SiteID+"/scan", nil).Expect(t, http.StatusAccepted).JSON(t)
	second := obj(t, j, "job")
	if !regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`).MatchString(second["id"].(string)) {
		t.Errorf("job id %v is not a time-ordered UUID", second["id"])
	}
	list := c.Agent(t, "GET", "/jobs?kind=site.scan,research&status=queued,running,completed,failed", nil).Expect(t, http.StatusOK).JSON(t)["jobs"].([]any)
	if len(list) != 2 || list[0].(map[string]any)["id"] != second["id"] {
		t.Errorf("jobs = %v, want 2 scans, newest (%v) first", list, second["id"])
	}
	c.WaitJob(t, second["id"].(string))
	// account.erase is a kind "which nobody can list".
	wantField(t, c.Agent(t, "GET", "/jobs?kind=account.erase", nil), "kind")
}

// TestEvents checks "Events": "next_cursor is the position after the last
// event read (or after since when nothing was found) and is always set".
func TestEvents(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	r := a.Client.Agent(t, "GET", "/events?types=forum.reply_verified", nil).Expect(t, http.StatusOK).JSON(t)
	if l, _ := r["events"].([]any); len(l) != 0 {
		t.Fatalf("events = %v, want none", l)
	}
	if cur, _ := r["next_cursor"].(string); cur == "" {
		t.Errorf("next_cursor = %v with nothing found, want it set", r["next_cursor"])
	}
	r = a.Client.Agent(t, "GET", "/events?since=2020-01-01T00:00:00Z&types=forum.reply_verified", nil).Expect(t, http.StatusOK).JSON(t)
	if cur, _ := r["next_cursor"].(string); cur == "" {
		t.Errorf("next_cursor = %v after since, want it set", r["next_cursor"])
	}
}
