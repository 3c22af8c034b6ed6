package testenv

import (
	"net/http"
	"testing"
)

// KeyOwner is an account on a trial or the paid plan with a site key on
// its primary site: it calls the agent API with the account's agent key
// and the public articles API with the site key.
type KeyOwner struct {
	*Account
	Env *Env
	// SiteKey is the secret of the primary site's site key.
	SiteKey string
}

// NewKeyOwner creates an account for website (as NewAccount), starts its
// trial with a card that always works (or, with paid, puts it on the paid
// plan) and creates a site key on its primary site.
func (e *Env) NewKeyOwner(t testing.TB, website string, paid bool) *KeyOwner {
	t.Helper()
	o := &KeyOwner{Env: e, Account: e.NewAccount(t, website)}
	if paid {
		e.PaidPlan(t, o.Account)
	} else {
		e.Trial(t, o.Account, TestCardOK)
	}
	o.SiteKey = o.Agent(t, "POST", "/sites/"+o.SiteID+"/keys", nil).Expect(t, http.StatusCreated).JSON(t)["site_key"].(map[string]any)["key"].(string)
	return o
}

// Agent calls the agent API (path relative to /api/agent/v1) as the
// account's agent.
func (o *KeyOwner) Agent(t testing.TB, method, path string, body any, headers ...string) *Response {
	t.Helper()
	return o.Client.Agent(t, method, path, body, headers...)
}

// Public calls the public articles API (path relative to /api/public/v1)
// with the owner's site key.
func (o *KeyOwner) Public(t testing.TB, method, path string, body any, headers ...string) *Response {
	t.Helper()
	return o.Env.Client().As(o.SiteKey).Do(t, method, "/api/public/v1"+path, body, headers...)
}
