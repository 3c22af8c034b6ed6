// Package audit21d tests, over HTTP against a dev stack, what an audit of
// the push integrations, site keys and the public articles API found: each
// test fails on the code before its fix.
package audit21d

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"testing"

	"rvcontent/shared/dev/platformfake"
	"rvcontent/test/testenv"
)

const platformToken = "audit21d-token"

// owner is an account on a trial with a site key on its primary site.
type owner struct{ *testenv.KeyOwner }

// newOwner makes an owner for site on the package's shared stack
// (testenv.Env.NewKeyOwner, on a trial).
func newOwner(t *testing.T, site string) *owner {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	return &owner{testenv.Shared(t).NewKeyOwner(t, site, false)}
}

// written creates an article and finishes it.
func (o *owner) written(t *testing.T, title string) map[string]any {
	t.Helper()
	a := o.Agent(t, "POST", "/sites/"+o.SiteID+"/articles", map[string]any{
		"title": title, "body_markdown": "# " + title + "\n\nSome words.\n",
	}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	return o.Agent(t, "POST", "/sites/"+o.SiteID+"/articles/"+a["id"].(string)+"/finish", nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
}

// platform serves a fixture platform site over TLS at https://host and
// connects integration id of the owner's site to it.
func (o *owner) platform(t *testing.T, host, id string) *platformfake.Server {
	t.Helper()
	fake := platformfake.New("Audit Blog", platformToken)
	srv := httptest.NewTLSServer(fake)
	t.Cleanup(srv.Close)
	o.Env.SetHost(t, host, srv.Listener.Addr().String())
	link := o.Agent(t, "POST", o.integration(id)+"/connect", nil).Expect(t, http.StatusOK).JSON(t)["connect"].(map[string]any)["connect_url"].(string)
	page := link[len(o.Env.URL):]
	out := o.Env.Client().Do(t, "POST", page, map[string]any{"site_url": "https://" + host, "api_token": platformToken}).Expect(t, http.StatusOK).JSON(t)
	if out["connected"] != true {
		t.Fatalf("connect answer %v", out)
	}
	return fake
}

// integration is the agent API path of integration id.
func (o *owner) integration(id string) string {
	return "/sites/" + o.SiteID + "/integrations/" + id
}

// sync runs a sync of integration id and returns its ended job.
func (o *owner) sync(t *testing.T, id string) map[string]any {
	t.Helper()
	job := o.Agent(t, "POST", o.integration(id)+"/sync", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	return o.Client.WaitJob(t, job["id"].(string))
}

// jsonOf renders v as JSON for failure messages.
func jsonOf(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
