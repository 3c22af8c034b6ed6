// Package integrations tests the push integrations over HTTP against a dev
// stack: the integration endpoints, the connect page, sync jobs pushing to
// a fixture platform site served over TLS, updates on change, and the
// errors they record.
package integrations

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"rvcontent/shared/dev/platformfake"
	"rvcontent/test/testenv"
)

// rig is a stack, an account on a trial, and a fixture platform site at
// https://<host>.
type rig struct {
	env  *testenv.Env
	acct *testenv.Account
	fake *platformfake.Server
	host string
}

const fakeToken = "pf-token-123"

func newRig(t *testing.T, host string) *rig {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	env := testenv.Shared(t)
	r := &rig{env: env, acct: env.NewAccount(t, "https://"+host), fake: platformfake.New("Acme Blog", fakeToken), host: "cms." + host}
	srv := httptest.NewTLSServer(r.fake)
	t.Cleanup(srv.Close)
	env.SetHost(t, r.host, srv.Listener.Addr().String())
	env.Trial(t, r.acct, testenv.TestCardOK)
	return r
}

func (r *rig) api(t *testing.T, method, path string, body any, headers ...string) *testenv.Response {
	t.Helper()
	return r.acct.Client.Agent(t, method, path, body, headers...)
}

// path is the integration's agent API path (relative to the root).
func (r *rig) path(id string) string {
	return "/sites/" + r.acct.SiteID + "/integrations/" + id
}

func (r *rig) integration(t *testing.T, id string) map[string]any {
	t.Helper()
	return r.api(t, "GET", r.path(id), nil).Expect(t, http.StatusOK).JSON(t)["integration"].(map[string]any)
}

// connectURL starts a connection and returns the connect page's path.
func (r *rig) connectURL(t *testing.T, id string) string {
	t.Helper()
	out := r.api(t, "POST", r.path(id)+"/connect", nil).Expect(t, http.StatusOK).JSON(t)
	link := out["connect"].(map[string]any)["connect_url"].(string)
	if !strings.HasPrefix(link, r.env.URL+"/integrations/connect/") {
		t.Fatalf("connect_url %q", link)
	}
	return strings.TrimPrefix(link, r.env.URL)
}

// connect connects integration id to the fixture site.
func (r *rig) connect(t *testing.T, id string) map[string]any {
	t.Helper()
	page := r.connectURL(t, id)
	out := r.env.Client().Do(t, "POST", page, map[string]any{"site_url": "https://" + r.host, "api_token": fakeToken}).Expect(t, http.StatusOK).JSON(t)
	if out["connected"] != true {
		t.Fatalf("connect answer %v", out)
	}
	return out["integration"].(map[string]any)
}

// written creates an article through the agent API and finishes it.
func (r *rig) written(t *testing.T, title string) map[string]any {
	t.Helper()
	a := r.api(t, "POST", "/sites/"+r.acct.SiteID+"/articles", map[string]any{
		"title": title, "description": "About " + title, "tags": []string{"guide"},
		"body_markdown": "# " + title + "\n\nSome **bold** words.\n",
	}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	return r.api(t, "POST", "/sites/"+r.acct.SiteID+"/articles/"+a["id"].(string)+"/finish", nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
}

// sync runs a sync of id and waits for its job to end.
func (r *rig) sync(t *testing.T, id string) map[string]any {
	t.Helper()
	job := r.api(t, "POST", r.path(id)+"/sync", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	if job["kind"] != "integration.sync" || job["status"] != "queued" {
		t.Fatalf("sync job %v", job)
	}
	return r.acct.Client.WaitJob(t, job["id"].(string))
}
