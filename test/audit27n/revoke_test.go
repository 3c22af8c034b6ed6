package audit27n

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// revokedNotice revokes agent key id with acct's key and returns the
// revocation notice sent for the key named name.
func revokedNotice(t *testing.T, env *testenv.Env, acct *testenv.Account, id, name string) testenv.Email {
	t.Helper()
	acct.Client.Agent(t, "DELETE", "/agent-keys/"+id, nil).Expect(t, http.StatusOK)
	for _, m := range env.Emails(t, acct.Email) {
		if m.Subject == "Agent access revoked: "+name {
			return m
		}
	}
	t.Fatalf("no revocation notice for %s", name)
	return testenv.Email{}
}

// TestRevocationNoticeSaysWhichWebhookEndpointsStopped: README, webhooks:
// "An endpoint belongs to the credential that created it", "a revoked
// credential's endpoints stay, disabled, until deleted" and
// "`disabled_reason` is `delivery_failures`, `credential_revoked` or
// `manual`"; README, emails: the owner gets a revocation notice. Defect:
// the notice of a revoked key that had created webhook endpoints said only
// that the credential no longer works, so the owner did not learn that
// deliveries to those endpoints had stopped too, nor where to turn them
// back on. It now says how many endpoints were disabled with it and links
// the dashboard's webhook settings page; a key that created none reads as
// before.
func TestRevocationNoticeSaysWhichWebhookEndpointsStopped(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	id, key := acct.Client.CreateAgentKey(t, "Hooked agent")
	hooked := acct.Client.As(key)
	rc := testenv.NewReceiver(t, env, nil)
	testenv.CreateWebhook(t, hooked, rc.URL+"/one", "article.finished")
	testenv.CreateWebhook(t, hooked, rc.URL+"/two", "article.finished")
	m := revokedNotice(t, env, acct, id, "Hooked agent")
	page := env.URL + "/dashboard/settings/webhooks"
	if !strings.Contains(m.Text, "2 webhook endpoints") || !strings.Contains(m.Text, page) {
		t.Errorf("the revocation notice does not say that its 2 webhook endpoints were disabled, with %s:\n%s", page, m.Text)
	}
	found := false
	for _, l := range m.Links {
		found = found || l == page
	}
	if !found {
		t.Errorf("links %v do not list %s", m.Links, page)
	}

	plainID, _ := acct.Client.CreateAgentKey(t, "Plain agent")
	if m := revokedNotice(t, env, acct, plainID, "Plain agent"); strings.Contains(strings.ToLower(m.Text), "webhook") {
		t.Errorf("the notice of a key that created no endpoint mentions webhooks:\n%s", m.Text)
	}
}
