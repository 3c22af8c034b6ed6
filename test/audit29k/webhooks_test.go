package audit29k_test

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestNoLogOfAnEarlierDeletedWebhookEndpointStays: README, deleting the
// account: the erase job "deletes every item of the account and its sites
// (... webhook logs ...)": "nothing of the account is left in the table
// within an hour". Defect: the erase finds an endpoint's log (its
// deliveries and attempts, in a partition of their own) through the
// endpoint, or through the mark the deletion leaves for the endpoints it
// removes; an endpoint deleted earlier with DELETE /webhooks/{id} left
// neither, so its log stayed in the table after the erase (until its
// 30-day expiry). Now deleting an endpoint leaves the same mark, which
// lasts as long as the log, so the erase finds and deletes it.
func TestNoLogOfAnEarlierDeletedWebhookEndpointStays(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewOwner(t)
	rc := testenv.NewReceiver(t, env, func(n int, r *http.Request) int { return http.StatusOK })
	h := testenv.CreateWebhook(t, o.Client, rc.URL, "*")
	if d := o.Client.SendWebhookTest(t, h.ID); len(testenv.Attempts(t, o.Client, h.ID)) == 0 {
		t.Fatalf("the test delivery %+v left no attempt in the endpoint's log", d)
	}
	o.Client.Agent(t, "DELETE", "/webhooks/"+h.ID, nil).Expect(t, http.StatusOK)

	ownerDeletes(t, o)
	erase(t, env)

	for _, k := range env.Mentions(t, o.ID) {
		if strings.Contains(k, "#WEBHOOK#") || strings.Contains(k, "HOOKLOG#") {
			t.Errorf("an hour after the deletion the table still holds the deleted endpoint's %s", k)
		}
	}
}
