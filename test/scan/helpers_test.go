// Package scan holds black-box tests of sites and the website scan (spec 2
// Site and Scan, 3, 4.5, 4.6, 6): HTTP against a dev stack, with fixture
// websites served on loopback through the /_dev/hosts overrides.
package scan

import (
	"encoding/json"
	"net/http"
	"reflect"
	"testing"

	"rvcontent/test/testenv"
)

// account creates an account for siteURL; body adds or overrides fields
// of the POST /accounts body.
func account(t testing.TB, env *testenv.Env, siteURL string, body map[string]any) *testenv.Account {
	t.Helper()
	if body == nil {
		return env.NewAccount(t, siteURL)
	}
	b := map[string]any{"email": testenv.UniqueEmail("scan"), "site_url": siteURL, "agent": map[string]any{"name": "Scan tests"}}
	for k, v := range body {
		b[k] = v
	}
	return env.SignUp(t, b)
}

// scanOf returns GET /sites/{site_id}/scan.
func scanOf(t testing.TB, a *testenv.Account) map[string]any {
	t.Helper()
	return a.Client.Agent(t, "GET", "/sites/"+a.SiteID+"/scan", nil).Expect(t, http.StatusOK).JSON(t)["scan"].(map[string]any)
}

// siteOf returns GET /sites/{site_id}.
func siteOf(t testing.TB, a *testenv.Account) map[string]any {
	t.Helper()
	return a.Client.Agent(t, "GET", "/sites/"+a.SiteID, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
}

// rescan starts a scan and returns its job id.
func rescan(t testing.TB, a *testenv.Account) string {
	t.Helper()
	r := a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/scan", nil).Expect(t, http.StatusAccepted)
	j := r.JSON(t)["job"].(map[string]any)
	if j["kind"] != "site.scan" || j["status"] != "queued" || j["site_id"] != a.SiteID {
		t.Fatalf("POST scan answered job %v", j)
	}
	return j["id"].(string)
}

// events returns the account's events of typ for its site, oldest first.
func events(t testing.TB, a *testenv.Account, typ string) []map[string]any {
	t.Helper()
	var out struct{ Events []map[string]any }
	a.Client.Agent(t, "GET", "/events?since=2000-01-01T00:00:00Z&limit=100&types="+typ+"&site_id="+a.SiteID, nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Events
}

// equalJSON fails unless got and want encode to the same JSON.
func equalJSON(t testing.TB, what string, got, want any) {
	t.Helper()
	g, _ := json.Marshal(got)
	w, _ := json.Marshal(want)
	var gv, wv any
	_ = json.Unmarshal(g, &gv)
	_ = json.Unmarshal(w, &wv)
	if !reflect.DeepEqual(gv, wv) {
		t.Fatalf("%s:\n got  %s\n want %s", what, g, w)
	}
}
