package audit28p

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestRevocationNoticeOfOneDisabledWebhookEndpoint: README, emails: "when
// the revoked credential had created webhook endpoints, the notice says how
// many were disabled with it (credential_revoked) and links the
// dashboard's webhook settings page"; spec 4.4, DELETE /agent-keys/{id}
// "disables the webhook endpoints it created". Defect: when the key had
// created one endpoint, the owner read "1 webhook endpoint it created was
// disabled with it: no events are delivered to them until they are turned
// back on. Turn them on again ...", a plural that speaks of endpoints the
// owner does not have. The sentence now follows the count: one endpoint
// reads "to that endpoint until it is turned back on. Turn it on again";
// several still read "them".
func TestRevocationNoticeOfOneDisabledWebhookEndpoint(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	id, key := a.Client.CreateAgentKey(t, "Hook maker")
	env.Client().As(key).Agent(t, "POST", "/webhooks", map[string]any{"url": "https://hooks.example.com/in", "events": []string{"article.generated"}}).
		Expect(t, http.StatusCreated)
	a.Client.Agent(t, "DELETE", "/agent-keys/"+id, nil).Expect(t, http.StatusOK)
	var notice *testenv.Email
	for _, m := range env.Emails(t, a.Email) {
		if m.Subject == "Agent access revoked: Hook maker" {
			notice = &m
			break
		}
	}
	if notice == nil {
		t.Fatalf("no revocation notice was sent to %s", a.Email)
	}
	if !strings.Contains(notice.Text, "1 webhook endpoint it created was disabled with it") {
		t.Errorf("the notice does not say that 1 webhook endpoint was disabled:\n%s", notice.Text)
	}
	for _, plural := range []string{"them", "they"} {
		if strings.Contains(notice.Text, " "+plural+" ") {
			t.Errorf("the notice of one disabled endpoint speaks of %q:\n%s", plural, notice.Text)
		}
	}
}
