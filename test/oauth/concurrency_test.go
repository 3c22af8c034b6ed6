package oauth_test

import (
	"net/http"
	"net/url"
	"sync"
	"testing"

	"rvcontent/test/testenv"
)

// atOnce calls do(i) for i in [0, n) all at once and returns how many
// answers had each status; a 5xx fails t.
func atOnce(t *testing.T, n int, do func(i int) int) map[int]int {
	t.Helper()
	statuses := testenv.AtOnce(n, do)
	got := map[int]int{}
	for _, s := range statuses {
		if s >= 500 || s == 0 {
			t.Errorf("an answer with status %d (all: %v)", s, statuses)
		}
		got[s]++
	}
	return got
}

// connections returns how many app connections the account lists.
func connections(t *testing.T, o *owner) int {
	t.Helper()
	var keys struct {
		AgentKeys []struct{ Type string } `json:"agent_keys"`
	}
	o.Client.Agent(t, "GET", "/agent-keys?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &keys)
	n := 0
	for _, k := range keys.AgentKeys {
		if k.Type == "oauth" {
			n++
		}
	}
	return n
}

// Connect pressed many times at once on one consent page makes one
// connection and one agent_access.created.
func TestConnectAtOnce(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env)
	a := newApp(t, env, "Many Clicks App")
	consent := o.consentPage(t, a, newFlow())
	form := url.Values{"authorization_id": {consent.Field(t, "authorization_id")}, "csrf": {consent.Field(t, "csrf")}, "decision": {"connect"}}
	got := atOnce(t, 20, func(int) int { return o.Browser.Post(t, "/oauth/consent", form).Status })
	if got[http.StatusSeeOther] == 0 {
		t.Errorf("Connects at once: %v, want at least one redirect to the app", got)
	}
	if n := connections(t, o); n != 1 {
		t.Errorf("%d app connections after Connects of one request at once, want 1", n)
	}
	if n := len(o.Client.Events(t, "agent_access.created")); n != 2 { // the account's key, then the app
		t.Errorf("%d agent_access.created events, want 2 (the key and one app)", n)
	}
}

// One authorization code exchanged many times at once: one set of tokens.
func TestCodeExchangedAtOnce(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env)
	a := newApp(t, env, "Racing Code App")
	f := newFlow()
	code := o.code(t, a, f)
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {a.Callback.URI()}, "client_id": {a.ID}, "code_verifier": {f.Verifier}}
	got := atOnce(t, 20, func(int) int { return tokenPost(t, env, "/oauth/token", form).Status })
	if got[http.StatusOK] != 1 || got[http.StatusOK]+got[http.StatusBadRequest] != 20 {
		t.Errorf("one code exchanged at once: %v, want one 200 and the rest 400", got)
	}
	if n := connections(t, o); n > 1 {
		t.Errorf("%d app connections, want at most 1", n)
	}
}

// One refresh token presented many times at once: at most one new pair;
// the connection is never doubled.
func TestRefreshedAtOnce(t *testing.T) {
	env := testenv.Shared(t)
	o := newOwner(t, env)
	a := newApp(t, env, "Racing Refresh App")
	tok := o.connect(t, a)
	form := url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tok.RefreshToken}, "client_id": {a.ID}}
	var mu sync.Mutex
	var fresh []string
	got := atOnce(t, 20, func(int) int {
		r := tokenPost(t, env, "/oauth/token", form)
		if r.Status == http.StatusOK {
			mu.Lock()
			fresh = append(fresh, r.JSON(t)["refresh_token"].(string))
			mu.Unlock()
		}
		return r.Status
	})
	if got[http.StatusOK] > 1 || got[http.StatusOK]+got[http.StatusBadRequest] != 20 {
		t.Errorf("one refresh token presented at once: %v, want at most one 200 and the rest 400", got)
	}
	if n := connections(t, o); n > 1 {
		t.Errorf("%d app connections, want at most 1", n)
	}
}
