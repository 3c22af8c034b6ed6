package audit26k

import (
	"fmt"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestPatchesOfOneEndpointAtOnceAllApply: README, API notes, Conventions:
// "A write that lost a race with another write of the same item ... is
// applied again to the item as it is now, after a short random pause, up
// to 5 times, before it answers 409 conflict"; spec 4.1, "PATCH changes
// only the fields sent". Defect: PATCH /webhooks/{webhook_id} held every
// write on the endpoint's enabled state as read, whatever the PATCH
// changed (a new description or URL lost to any PATCH that turned the
// endpoint on or off meanwhile), and read again only twice more, at once,
// without a pause: ten PATCHes of one endpoint sent together (agents and
// the owner turning it on and off while changing its description, events
// or URL) answered 409 "The webhook endpoint changed while this request
// ran. Retry it." to 4 or 5 of the 100 in each run. A PATCH now holds only
// on what its change was built from (the enabled state it turns over, the
// events its new subscriptions are counted from) and is applied again
// after a pause, up to 5 times: every PATCH answers 200, and the endpoint
// is left consistent (disabled_reason set exactly when it is off).
func TestPatchesOfOneEndpointAtOnceAllApply(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	rc := testenv.NewReceiver(t, env, nil)
	wh := testenv.CreateWebhook(t, a.Client, rc.URL, "*")
	path := "/webhooks/" + wh.ID
	types := [][]string{{"article.created"}, {"article.deleted", "article.created"}, {"*"}}
	for round := range 10 {
		rs := testenv.AtOnce(10, func(i int) *testenv.Response {
			body := map[string]any{"enabled": i%2 == 0}
			switch i % 5 {
			case 1:
				body["description"] = fmt.Sprintf("round %d writer %d", round, i)
			case 2:
				body["events"] = types[(round+i)%len(types)]
			case 3:
				body["url"] = fmt.Sprintf("%s?round=%d", rc.URL, round)
			}
			return a.Client.Agent(t, "PATCH", path, body)
		})
		for i, r := range rs {
			if r.Status != http.StatusOK {
				t.Errorf("round %d: PATCH %d answered %d, want 200: %s", round, i, r.Status, r.Body)
			}
		}
	}
	var out struct{ Webhooks []testenv.Webhook }
	a.Client.Agent(t, "GET", "/webhooks", nil).Expect(t, http.StatusOK).Decode(t, &out)
	if len(out.Webhooks) != 1 || out.Webhooks[0].Description == nil {
		t.Fatalf("endpoint after the PATCHes: %+v", out.Webhooks)
	}
	if w := out.Webhooks[0]; w.Enabled != (w.DisabledReason == nil) {
		t.Errorf("endpoint enabled %v with disabled_reason %v", w.Enabled, w.DisabledReason)
	}
}
