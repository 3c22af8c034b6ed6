package webhooks_test

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

func TestDeliveryIsSignedAndCarriesTheEventAsGETEventsShowsIt(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	rc := testenv.NewReceiver(t, env, nil)
	wh := testenv.CreateWebhook(t, acct.Client, rc.URL, "agent_access.created")
	if !strings.HasPrefix(wh.Secret, "whsec_") || len(wh.Secret) < 30 {
		t.Fatalf("secret %q: want whsec_ and random", wh.Secret)
	}
	if !wh.Enabled || wh.DisabledReason != nil || wh.CreatedBy.Type != "agent" || wh.CreatedBy.ID != acct.KeyID {
		t.Fatalf("new webhook: %+v", wh)
	}

	acct.Client.CreateAgentKey(t, "Second agent")
	got := rc.WaitFor(t, 1, 10*time.Second)[0]

	h := got.Header
	for name, want := range map[string]string{
		"Content-Type":             "application/json",
		"User-Agent":               "Service-Webhooks/1.0",
		"Service-Event-Type":       "agent_access.created",
		"Service-Delivery-Attempt": "1",
	} {
		if h.Get(name) != want {
			t.Errorf("%s = %q, want %q", name, h.Get(name), want)
		}
	}
	ev := got.Event(t)
	if h.Get("Service-Event-Id") != ev["id"] || ev["type"] != "agent_access.created" || ev["account_id"] != acct.ID {
		t.Errorf("headers and body disagree: id header %q, body %v", h.Get("Service-Event-Id"), ev)
	}
	if err := testenv.VerifySignature(wh.Secret, h.Get("Service-Signature"), got.Body, time.Now()); err != nil {
		t.Fatalf("signature: %v (header %q)", err, h.Get("Service-Signature"))
	}
	// The verifier can fail: a changed body, a wrong secret, an old t.
	if testenv.VerifySignature(wh.Secret, h.Get("Service-Signature"), append(bytes.Clone(got.Body), ' '), time.Now()) == nil {
		t.Error("verifier accepted a changed body")
	}
	if testenv.VerifySignature(strings.TrimPrefix(wh.Secret, "whsec_"), h.Get("Service-Signature"), got.Body, time.Now()) == nil {
		t.Error("verifier accepted the secret without its prefix")
	}
	if testenv.VerifySignature(wh.Secret, h.Get("Service-Signature"), got.Body, time.Now().Add(301*time.Second)) == nil {
		t.Error("verifier accepted a timestamp 301 s old")
	}

	// The body is byte for byte the object GET /events shows.
	var feed struct{ Events []json.RawMessage }
	acct.Client.Agent(t, "GET", "/events?types=agent_access.created", nil).Expect(t, http.StatusOK).Decode(t, &feed)
	found := false
	for _, raw := range feed.Events {
		if bytes.Equal(raw, got.Body) {
			found = true
		}
	}
	if !found {
		t.Fatalf("delivered body is not an element of GET /events:\n%s\n%s", got.Body, feed.Events)
	}

	// The list shows the last delivery and never the secret.
	r := acct.Client.Agent(t, "GET", "/webhooks", nil).Expect(t, http.StatusOK)
	if strings.Contains(string(r.Body), wh.Secret) || strings.Contains(string(r.Body), `"secret"`) {
		t.Fatalf("GET /webhooks shows a secret: %s", r.Body)
	}
	if _, ok := r.JSON(t)["next_cursor"]; !ok {
		t.Error("GET /webhooks has no next_cursor")
	}
	listed := getWebhook(t, acct.Client, wh.ID)
	if listed.LastDeliveryAt == nil || listed.LastDeliveryStatus == nil || *listed.LastDeliveryStatus != 200 {
		t.Fatalf("last delivery not recorded: %+v", listed)
	}
}

func TestSubscriptionsFilterByTypeAndStarTakesAll(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	created, revoked, all := testenv.NewReceiver(t, env, nil), testenv.NewReceiver(t, env, nil), testenv.NewReceiver(t, env, nil)
	testenv.CreateWebhook(t, acct.Client, created.URL, "agent_access.created")
	testenv.CreateWebhook(t, acct.Client, revoked.URL, "agent_access.revoked")
	testenv.CreateWebhook(t, acct.Client, all.URL, "*")

	id, _ := acct.Client.CreateAgentKey(t, "Short-lived agent")
	acct.Client.Agent(t, "DELETE", "/agent-keys/"+id, nil).Expect(t, http.StatusOK)
	all.WaitFor(t, 2, 10*time.Second)
	env.Settle(t)

	if got := types(t, created.Received()); len(got) != 1 || got[0] != "agent_access.created" {
		t.Errorf("created-only endpoint got %v", got)
	}
	if got := types(t, revoked.Received()); len(got) != 1 || got[0] != "agent_access.revoked" {
		t.Errorf("revoked-only endpoint got %v", got)
	}
	if got := types(t, all.Received()); len(got) != 2 {
		t.Errorf("\"*\" endpoint got %v, want both events", got)
	}
}

func TestTestEventIsSentNowAndReported(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	rc := testenv.NewReceiver(t, env, nil)
	// Subscribed to something else: the test event goes anyway.
	wh := testenv.CreateWebhook(t, acct.Client, rc.URL, "billing.activated")

	var out struct {
		Delivery struct {
			Status     *int    `json:"status"`
			DurationMS *int64  `json:"duration_ms"`
			Error      *string `json:"error"`
		}
	}
	acct.Client.Agent(t, "POST", "/webhooks/"+wh.ID+"/test", nil).Expect(t, http.StatusOK).Decode(t, &out)
	if out.Delivery.Status == nil || *out.Delivery.Status != 200 || out.Delivery.Error != nil || out.Delivery.DurationMS == nil {
		t.Fatalf("test delivery: %+v", out.Delivery)
	}
	got := rc.Received()
	if len(got) != 1 {
		t.Fatalf("endpoint got %d requests, want the test event at once", len(got))
	}
	ev := got[0].Event(t)
	data, _ := ev["data"].(map[string]any)
	if ev["type"] != "webhook.test" || data["webhook_id"] != wh.ID || ev["site_id"] != nil {
		t.Fatalf("test event: %v", ev)
	}
	if err := testenv.VerifySignature(wh.Secret, got[0].Header.Get("Service-Signature"), got[0].Body, time.Now()); err != nil {
		t.Fatalf("test event signature: %v", err)
	}
	feed := acct.Client.Agent(t, "GET", "/events?types=webhook.test", nil).Expect(t, http.StatusOK).JSON(t)
	if evs, _ := feed["events"].([]any); len(evs) != 1 {
		t.Fatalf("GET /events shows %d webhook.test events, want 1", len(evs))
	}

	// A failing endpoint: the answer says so, and nothing is retried.
	rc.SetRespond(func(int, *http.Request) int { return http.StatusInternalServerError })
	acct.Client.Agent(t, "POST", "/webhooks/"+wh.ID+"/test", nil).Expect(t, http.StatusOK).Decode(t, &out)
	if out.Delivery.Status == nil || *out.Delivery.Status != 500 || out.Delivery.Error == nil {
		t.Fatalf("failed test delivery: %+v", out.Delivery)
	}
	env.Advance(t, 61)
	env.Settle(t)
	if n := len(rc.Received()); n != 2 {
		t.Fatalf("endpoint got %d requests, want 2 (a test is not retried)", n)
	}
}
