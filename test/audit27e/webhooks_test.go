package audit27e

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// problemOn fails the test unless body is a validation_failed error with a
// detail on field.
func problemOn(t *testing.T, r *testenv.Response, field string) {
	t.Helper()
	body := r.ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	details, _ := body["details"].([]any)
	for _, d := range details {
		if d.(map[string]any)["field"] == field {
			return
		}
	}
	t.Fatalf("no problem on %s: %s", field, r.Body)
}

// TestWebhookURLWithAFragmentIsRefused: spec 4.10, "POST /webhooks body:
// url (required, public https)" and "PATCH /webhooks/{webhook_id} may
// change url"; spec 6, "Each delivery is an HTTPS POST". A fragment
// (#...) is never part of an HTTP request, so an endpoint URL with one
// does not say where deliveries go: the receiver would never see what
// the integrator put there (often a token meant to authenticate the
// sender). Defect: POST /webhooks and PATCH /webhooks/{id} took
// "https://.../hook#token" and stored it as the endpoint's url. Now both
// answer 422 validation_failed naming url, and nothing changes.
func TestWebhookURLWithAFragmentIsRefused(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	for _, u := range []string{"https://hooks.example.com/in#secret-token", "https://hooks.example.com/in#"} {
		problemOn(t, a.Client.Agent(t, "POST", "/webhooks", map[string]any{"url": u, "events": []string{"*"}}), "url")
	}
	w := testenv.CreateWebhook(t, a.Client, "https://hooks.example.com/in", "*")
	problemOn(t, a.Client.Agent(t, "PATCH", "/webhooks/"+w.ID, map[string]any{"url": "https://hooks.example.com/in#secret-token"}), "url")
	var out struct{ Webhooks []testenv.Webhook }
	a.Client.Agent(t, "GET", "/webhooks", nil).Expect(t, http.StatusOK).Decode(t, &out)
	if len(out.Webhooks) != 1 || out.Webhooks[0].URL != "https://hooks.example.com/in" {
		t.Fatalf("webhooks after the refused calls: %+v", out.Webhooks)
	}
}
