package audit23g

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestAPendingRetryIsDroppedWhenItsEndpointIsDisabled proves the README's
// "A pending delivery is dropped, without an attempt, when its endpoint is
// deleted, disabled or no longer subscribed" for an endpoint turned back on
// before the retry was due: the disabling ended the delivery, so
// re-enabling does not bring it back (its event stays readable through
// GET /events, spec 6), while events after the re-enabling are delivered;
// and the attempt log's next_attempt_at no longer promises that retry.
func TestAPendingRetryIsDroppedWhenItsEndpointIsDisabled(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	rc := testenv.NewReceiver(t, env, func(int, *http.Request) int { return http.StatusInternalServerError })
	wh := testenv.CreateWebhook(t, acct.Client, rc.URL, "agent_access.created")
	acct.Client.CreateAgentKey(t, "Failed once")
	rc.WaitFor(t, 1, 10*time.Second)

	setEnabled(t, acct.Client, wh.ID, false)
	if w := setEnabled(t, acct.Client, wh.ID, true); !w.Enabled || w.DisabledReason != nil {
		t.Fatalf("re-enabled endpoint: %+v", w)
	}
	// The attempt log no longer promises the retry.
	if log := testenv.Attempts(t, acct.Client, wh.ID); len(log) != 1 || log[0].NextAttemptAt != nil {
		t.Errorf("attempt log after re-enabling: %+v, want next_attempt_at null", log)
	}
	rc.SetRespond(nil)
	for _, wait := range []float64{61, 301} {
		env.Advance(t, wait)
		env.Settle(t)
	}
	if got := rc.Received(); len(got) != 1 {
		t.Fatalf("endpoint got %d requests, want 1: the retry pending when it was disabled was made after re-enabling", len(got))
	}

	acct.Client.CreateAgentKey(t, "After re-enabling")
	got := rc.WaitFor(t, 2, 10*time.Second)
	if got[1].Header.Get("Service-Delivery-Attempt") != "1" {
		t.Fatalf("new event arrived as attempt %q", got[1].Header.Get("Service-Delivery-Attempt"))
	}
	if err := testenv.VerifySignature(wh.Secret, got[1].Header.Get("Service-Signature"), got[1].Body, time.Now()); err != nil {
		t.Fatalf("signature after re-enabling: %v", err)
	}
}

// TestAPendingRetryIsDroppedWhenItsTypeIsUnsubscribed proves the README's
// "A pending delivery is dropped, without an attempt, when its endpoint is
// ... no longer subscribed" for a type subscribed again before the retry
// was due: the unsubscribing ended the delivery (its attempt log entry
// shows no next_attempt_at), while the endpoint's other pending
// deliveries, of types it kept, are still retried.
func TestAPendingRetryIsDroppedWhenItsTypeIsUnsubscribed(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	rc := testenv.NewReceiver(t, env, func(int, *http.Request) int { return http.StatusInternalServerError })
	wh := testenv.CreateWebhook(t, acct.Client, rc.URL, "agent_access.created", "agent_access.revoked")
	id, _ := acct.Client.CreateAgentKey(t, "Failed once")
	acct.Client.Agent(t, "DELETE", "/agent-keys/"+id, nil).Expect(t, http.StatusOK)
	rc.WaitFor(t, 2, 10*time.Second)

	patch := func(events ...string) {
		acct.Client.Agent(t, "PATCH", "/webhooks/"+wh.ID, map[string]any{"events": events}).Expect(t, http.StatusOK)
	}
	patch("agent_access.revoked")
	patch("agent_access.revoked", "agent_access.created")
	for _, a := range testenv.Attempts(t, acct.Client, wh.ID) {
		if (a.NextAttemptAt == nil) != (a.EventType == "agent_access.created") {
			t.Errorf("attempt log entry %+v: want next_attempt_at only on the kept type's", a)
		}
	}
	rc.SetRespond(nil)
	env.Advance(t, 61)
	env.Settle(t)
	got := rc.WaitFor(t, 3, 10*time.Second)
	time.Sleep(300 * time.Millisecond)
	if got = rc.Received(); len(got) != 3 || got[2].Header.Get("Service-Event-Type") != "agent_access.revoked" {
		var kinds []string
		for _, h := range got {
			kinds = append(kinds, h.Header.Get("Service-Event-Type")+"#"+h.Header.Get("Service-Delivery-Attempt"))
		}
		t.Fatalf("requests %v, want 2 first attempts and the kept type's retry only", kinds)
	}
}

// TestARetryPendingAtRevocationIsNotMadeAfterReenabling proves spec 5's
// "Revoking also disables webhook endpoints that credential created" with
// the README's "dropped ... when its endpoint is ... disabled": an endpoint
// the owner's other credential turns back on does not send the retry that
// was pending when the revocation disabled it.
func TestARetryPendingAtRevocationIsNotMadeAfterReenabling(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	rc := testenv.NewReceiver(t, env, func(int, *http.Request) int { return http.StatusServiceUnavailable })
	keyID, key := acct.Client.CreateAgentKey(t, "Rotating agent")
	env.Settle(t)
	wh := testenv.CreateWebhook(t, acct.Client.As(key), rc.URL, "agent_access.created")
	t.Cleanup(func() { acct.Client.Agent(t, "DELETE", "/webhooks/"+wh.ID, nil) }) // its creator's key is revoked below
	acct.Client.CreateAgentKey(t, "Failed once")
	rc.WaitFor(t, 1, 10*time.Second)

	acct.Client.Agent(t, "DELETE", "/agent-keys/"+keyID, nil).Expect(t, http.StatusOK)
	var list struct{ Webhooks []testenv.Webhook }
	acct.Client.Agent(t, "GET", "/webhooks", nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Webhooks) != 1 || list.Webhooks[0].Enabled || list.Webhooks[0].DisabledReason == nil || *list.Webhooks[0].DisabledReason != "credential_revoked" {
		t.Fatalf("after revoking its creator: %+v", list.Webhooks)
	}
	setEnabled(t, acct.Client, wh.ID, true)
	rc.SetRespond(nil)
	env.Advance(t, 61)
	env.Settle(t)
	if got := rc.Received(); len(got) != 1 {
		t.Fatalf("endpoint got %d requests, want 1: the retry pending at the revocation was made", len(got))
	}
}

// TestGoneIsAFailureAndRetried proves spec 6's "Anything else (3xx, 4xx,
// 5xx, ...) is a failure": a 410 answer ends nothing, the delivery is
// retried a minute later and the attempt log says why in words.
func TestGoneIsAFailureAndRetried(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	rc := testenv.NewReceiver(t, env, func(int, *http.Request) int { return http.StatusGone })
	wh := testenv.CreateWebhook(t, acct.Client, rc.URL, "agent_access.created")
	acct.Client.CreateAgentKey(t, "Gone agent")
	rc.WaitFor(t, 1, 10*time.Second)
	env.Advance(t, 61)
	env.Settle(t)
	// A generous wait: a loaded machine (a clean-clone CI run beside other
	// work) once took more than 10 seconds to make the retry.
	got := rc.WaitFor(t, 2, 30*time.Second)
	if got[1].Header.Get("Service-Delivery-Attempt") != "2" {
		t.Fatalf("retry carries attempt %q", got[1].Header.Get("Service-Delivery-Attempt"))
	}
	log := testenv.Attempts(t, acct.Client, wh.ID)
	if len(log) < 2 || log[0].Attempt != 2 || log[0].Succeeded || log[0].Status == nil || *log[0].Status != 410 ||
		log[0].Error == nil || !strings.Contains(*log[0].Error, "410") {
		t.Fatalf("attempt log: %+v", log)
	}
	var list struct{ Webhooks []testenv.Webhook }
	acct.Client.Agent(t, "GET", "/webhooks", nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Webhooks) != 1 || !list.Webhooks[0].Enabled {
		t.Fatalf("a 410 disabled the endpoint: %+v", list.Webhooks)
	}
}

// TestNoAnswerWithinTenSecondsIsAFailureInWords proves spec 6's "any 2xx
// answer within 10 seconds" and the README's "`status` ... null when no
// answer came; `error` ... a sentence": an endpoint that answers after 10
// seconds failed, with no status and a sentence naming the deadline.
func TestNoAnswerWithinTenSecondsIsAFailureInWords(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	rc := testenv.NewReceiver(t, env, func(_ int, r *http.Request) int {
		select {
		case <-time.After(11 * time.Second):
		case <-r.Context().Done():
		}
		return http.StatusOK
	})
	wh := testenv.CreateWebhook(t, acct.Client, rc.URL, "billing.ended")
	d := acct.Client.SendWebhookTest(t, wh.ID)
	if d.Status != nil || d.Error == nil || !strings.Contains(*d.Error, "10 seconds") || d.DurationMS == nil || *d.DurationMS < 9_500 || *d.DurationMS > 11_000 {
		t.Fatalf("late answer: status %v, error %v, duration %v", d.Status, d.Error, d.DurationMS)
	}
	log := testenv.Attempts(t, acct.Client, wh.ID)
	if len(log) != 1 || log[0].Succeeded || log[0].Status != nil || log[0].Error == nil || *log[0].Error != *d.Error {
		t.Fatalf("attempt log: %+v", log)
	}
}

// TestATLSFailureIsAFailureInWords proves spec 6's "connection or TLS
// error" is a failure: an endpoint that does not speak TLS gets status null
// and a sentence, which does not repeat the URL's query (it may hold a
// token).
func TestATLSFailureIsAFailureInWords(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	plain := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {}))
	t.Cleanup(plain.Close)
	host := "a23g-plain-" + time.Now().Format("150405.000000")[7:] + ".example.com"
	env.SetHost(t, host, plain.Listener.Addr().String())
	wh := testenv.CreateWebhook(t, acct.Client, "https://"+host+"/hook?token=s3cr3t-token", "billing.ended")
	d := acct.Client.SendWebhookTest(t, wh.ID)
	if d.Status != nil || d.Error == nil || !strings.HasPrefix(*d.Error, "The request failed because") || strings.Contains(*d.Error, "s3cr3t-token") {
		t.Fatalf("TLS failure: status %v, error %v", d.Status, d.Error)
	}
}

// TestAttemptLogIsNewestFirstAndPages proves the README's "`GET
// /webhooks/{webhook_id}/deliveries` lists attempts newest first ... It
// pages like other lists": limit and next_cursor walk the log, and a
// cursor of another list or a bad limit answers 422.
func TestAttemptLogIsNewestFirstAndPages(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	rc := testenv.NewReceiver(t, env, nil)
	wh := testenv.CreateWebhook(t, acct.Client, rc.URL, "billing.ended")
	var sent []string
	for range 3 {
		sent = append(sent, acct.Client.SendWebhookTest(t, wh.ID).EventID)
		time.Sleep(5 * time.Millisecond)
	}
	type page struct {
		Deliveries []testenv.Attempt
		NextCursor *string `json:"next_cursor"`
	}
	var p1, p2 page
	acct.Client.Agent(t, "GET", "/webhooks/"+wh.ID+"/deliveries?limit=2", nil).Expect(t, http.StatusOK).Decode(t, &p1)
	if len(p1.Deliveries) != 2 || p1.NextCursor == nil {
		t.Fatalf("first page: %+v", p1)
	}
	acct.Client.Agent(t, "GET", "/webhooks/"+wh.ID+"/deliveries?limit=2&cursor="+*p1.NextCursor, nil).Expect(t, http.StatusOK).Decode(t, &p2)
	if len(p2.Deliveries) != 1 || p2.NextCursor != nil {
		t.Fatalf("second page: %+v", p2)
	}
	all := append(p1.Deliveries, p2.Deliveries...)
	for i, a := range all {
		if a.EventID != sent[len(sent)-1-i] || a.EventType != "webhook.test" || a.Attempt != 1 || !a.Succeeded ||
			a.Status == nil || *a.Status != 200 || a.Error != nil || a.NextAttemptAt != nil || a.ID == "" || a.DeliveryID == "" {
			t.Errorf("entry %d: %+v (sent %v)", i, a, sent)
		}
		if i > 0 && a.CreatedAt > all[i-1].CreatedAt {
			t.Errorf("entry %d is newer than entry %d", i, i-1)
		}
	}
	var hooks struct {
		NextCursor *string `json:"next_cursor"`
	}
	other := testenv.CreateWebhook(t, acct.Client, rc.URL, "billing.ended")
	acct.Client.Agent(t, "GET", "/webhooks?limit=1", nil).Expect(t, http.StatusOK).Decode(t, &hooks)
	if hooks.NextCursor == nil {
		t.Fatal("GET /webhooks?limit=1 with two endpoints gave no cursor")
	}
	for _, q := range []string{"limit=0", "limit=101", "cursor=" + *hooks.NextCursor} {
		acct.Client.Agent(t, "GET", "/webhooks/"+wh.ID+"/deliveries?"+q, nil).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	}
	acct.Client.Agent(t, "GET", "/webhooks/"+other.ID+"/deliveries?cursor="+*p1.NextCursor, nil).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
}

// TestTheTestEventReachesADisabledEndpoint proves the README's "`POST
// /webhooks/{id}/test` ... sends it once, to that endpoint only, even while
// disabled" and spec 4.10's "sends a signed `webhook.test` event now": the
// disabled endpoint gets it, signed, as attempt 1, and stays disabled.
func TestTheTestEventReachesADisabledEndpoint(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	rc, bystander := testenv.NewReceiver(t, env, nil), testenv.NewReceiver(t, env, nil)
	wh := testenv.CreateWebhook(t, acct.Client, rc.URL, "*")
	testenv.CreateWebhook(t, acct.Client, bystander.URL, "*")
	setEnabled(t, acct.Client, wh.ID, false)
	d := acct.Client.SendWebhookTest(t, wh.ID)
	if d.Status == nil || *d.Status != 200 || d.Error != nil || d.EventID == "" {
		t.Fatalf("test of a disabled endpoint: %+v", d)
	}
	got := rc.WaitFor(t, 1, 10*time.Second)
	h := got[0].Header
	if h.Get("Service-Event-Type") != "webhook.test" || h.Get("Service-Event-Id") != d.EventID || h.Get("Service-Delivery-Attempt") != "1" ||
		h.Get("Content-Type") != "application/json" || h.Get("User-Agent") != "Service-Webhooks/1.0" {
		t.Fatalf("test event headers: %v", h)
	}
	if err := testenv.VerifySignature(wh.Secret, h.Get("Service-Signature"), got[0].Body, time.Now()); err != nil {
		t.Fatalf("test event signature: %v", err)
	}
	env.Settle(t)
	if n := len(bystander.Received()); n != 0 {
		t.Fatalf("another endpoint subscribed to * got %d requests", n)
	}
	var list struct{ Webhooks []testenv.Webhook }
	acct.Client.Agent(t, "GET", "/webhooks", nil).Expect(t, http.StatusOK).Decode(t, &list)
	for _, w := range list.Webhooks {
		if w.ID == wh.ID && (w.Enabled || w.DisabledReason == nil || *w.DisabledReason != "manual") {
			t.Fatalf("the test changed the endpoint: %+v", w)
		}
	}
}

// TestSubscribedTypesOfEverySiteAreDelivered proves spec 6's "a webhook
// receives its subscribed types for all sites on the account": articles
// created on the primary site and on a Studio site both arrive, each with
// its site_id, and an article.deleted the endpoint did not subscribe to
// does not.
func TestSubscribedTypesOfEverySiteAreDelivered(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "https://primary-audit23g.example.org/")
	env.PaidPlan(t, acct)
	studio := acct.Client.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://studio-audit23g.example.org/", "site_name": "Studio"}, "Idempotency-Key: studio-audit23g-"+acct.ID).
		Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)["id"].(string)
	env.Settle(t)
	rc := testenv.NewReceiver(t, env, nil)
	wh := testenv.CreateWebhook(t, acct.Client, rc.URL, "article.created")
	sites := []string{acct.SiteID, studio}
	for _, site := range sites {
		art := acct.Client.Agent(t, "POST", "/sites/"+site+"/articles", map[string]any{"title": "Webhook audit on " + site}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
		acct.Client.Agent(t, "DELETE", "/sites/"+site+"/articles/"+art["id"].(string), nil).Expect(t, http.StatusOK)
	}
	rc.WaitFor(t, 2, 10*time.Second)
	env.Settle(t)
	got := rc.Received()
	if len(got) != 2 {
		t.Fatalf("endpoint got %d requests, want the 2 article.created events", len(got))
	}
	seen := map[string]bool{}
	for i, h := range got {
		var ev struct {
			Type   string `json:"type"`
			SiteID string `json:"site_id"`
		}
		if err := json.Unmarshal(h.Body, &ev); err != nil {
			t.Fatal(err)
		}
		if ev.Type != "article.created" || h.Header.Get("Service-Event-Type") != ev.Type {
			t.Errorf("request %d: %+v, want article.created", i+1, ev)
		}
		seen[ev.SiteID] = true
		if err := testenv.VerifySignature(wh.Secret, h.Header.Get("Service-Signature"), h.Body, time.Now()); err != nil {
			t.Errorf("request %d signature: %v", i+1, err)
		}
	}
	if !seen[sites[0]] || !seen[sites[1]] {
		t.Fatalf("events came from sites %v, want both of %v", seen, sites)
	}
}

// TestAnEndpointFailingThreeDaysIsDisabledAsTheAgentSees proves spec 6's
// "When every delivery to an endpoint has failed for 3 days in a row, the
// endpoint is disabled (`enabled` false, `disabled_reason` set) and the
// owner is emailed" and the README's "Activity actions: ...
// `webhook.disabled` (actor `service` when the health check disables)",
// from the agent's side: the endpoint, the activity log and the mails.
func TestAnEndpointFailingThreeDaysIsDisabledAsTheAgentSees(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	rc := testenv.NewReceiver(t, env, func(int, *http.Request) int { return http.StatusInternalServerError })
	wh := testenv.CreateWebhook(t, acct.Client, rc.URL, "agent_access.created")
	acct.Client.CreateAgentKey(t, "Failing agent")
	rc.WaitFor(t, 1, 10*time.Second)
	env.Advance(t, 24*3600+60)
	env.Settle(t)
	var list struct{ Webhooks []testenv.Webhook }
	acct.Client.Agent(t, "GET", "/webhooks", nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Webhooks) != 1 || !list.Webhooks[0].Enabled {
		t.Fatalf("after one day of failures: %+v", list.Webhooks)
	}
	env.Advance(t, 48*3600)
	env.Settle(t)
	acct.Client.Agent(t, "GET", "/webhooks", nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Webhooks) != 1 || list.Webhooks[0].Enabled || list.Webhooks[0].DisabledReason == nil || *list.Webhooks[0].DisabledReason != "delivery_failures" {
		t.Fatalf("after three days of failures: %+v", list.Webhooks)
	}
	var act struct {
		Activity []struct {
			Action   string `json:"action"`
			Actor    struct{ Type string }
			Resource struct{ Type, ID string }
		}
	}
	acct.Client.Agent(t, "GET", "/activity?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &act)
	found := false
	for _, e := range act.Activity {
		if e.Action == "webhook.disabled" && e.Resource.ID == wh.ID {
			found = true
			if e.Actor.Type != "service" || e.Resource.Type != "webhook" {
				t.Errorf("webhook.disabled entry: %+v", e)
			}
		}
	}
	if !found {
		t.Fatal("the activity log has no webhook.disabled entry")
	}
	subjects := []string{}
	for _, m := range env.Emails(t, acct.Email) {
		subjects = append(subjects, m.Subject)
	}
	joined := strings.ToLower(strings.Join(subjects, "\n"))
	if !strings.Contains(joined, "disabled") || !strings.Contains(joined, "failing") {
		t.Fatalf("owner's mails: %q, want a warning and a disabling notice", subjects)
	}
}

// TestPatchHoldsTheCreationRules proves spec 6's "Each delivery is an HTTPS
// POST" and 4.10's "`url` (required, public https)" for PATCH too, with the
// README's "`url`, `events` and `enabled` cannot be null": a PATCH that
// would break them answers 422 naming the field and changes nothing.
func TestPatchHoldsTheCreationRules(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	rc := testenv.NewReceiver(t, env, nil)
	wh := testenv.CreateWebhook(t, acct.Client, rc.URL, "billing.ended")
	for name, body := range map[string]map[string]any{
		"http URL":     {"url": "http://hooks.example.com/in"},
		"loopback URL": {"url": "https://127.0.0.1/in"},
		"null URL":     {"url": nil},
		"null events":  {"events": nil},
		"empty events": {"events": []string{}},
		"unknown type": {"events": []string{"article.exploded"}},
		"null enabled": {"enabled": nil},
	} {
		e := acct.Client.Agent(t, "PATCH", "/webhooks/"+wh.ID, body).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
		if d, _ := e["details"].([]any); len(d) == 0 {
			t.Errorf("%s: no details: %v", name, e)
		}
	}
	var list struct {
		Webhooks []struct {
			URL    string   `json:"url"`
			Events []string `json:"events"`
		}
	}
	acct.Client.Agent(t, "GET", "/webhooks", nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Webhooks) != 1 || list.Webhooks[0].URL != rc.URL || len(list.Webhooks[0].Events) != 1 {
		t.Fatalf("refused PATCHes changed the endpoint: %+v", list.Webhooks)
	}
}

// TestA2xxWithALargeBodyIsDelivered proves spec 6's "Delivery success: any
// 2xx answer within 10 seconds" whatever the answer's size, with the
// README's "Only the status of an endpoint's answer matters: its body is
// read up to 64 KB and discarded": a 200 carrying 1 MB succeeds.
func TestA2xxWithALargeBodyIsDelivered(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	big := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "text/plain")
		_, _ = w.Write([]byte(strings.Repeat("x", 1<<20)))
	}))
	t.Cleanup(big.Close)
	host := fmt.Sprintf("a23g-big-%d.example.com", time.Now().UnixNano()%1_000_000)
	env.SetHost(t, host, big.Listener.Addr().String())
	wh := testenv.CreateWebhook(t, acct.Client, "https://"+host+"/hook", "billing.ended")
	if d := acct.Client.SendWebhookTest(t, wh.ID); d.Status == nil || *d.Status != 200 || d.Error != nil {
		t.Fatalf("a 200 with 1 MB of body: status %v, error %v", d.Status, d.Error)
	}
}
