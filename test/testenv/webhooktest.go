package testenv

import (
	"net/http"
	"testing"
)

// TestDelivery is the delivery POST /webhooks/{webhook_id}/test answers
// with.
type TestDelivery struct {
	Status     *int    `json:"status"`
	DurationMS *int64  `json:"duration_ms"`
	Error      *string `json:"error"`
	EventID    string  `json:"event_id"`
}

// SendWebhookTest calls POST /webhooks/{webhook_id}/test for webhook id
// with c and returns its delivery.
func (c *Client) SendWebhookTest(t testing.TB, id string) TestDelivery {
	t.Helper()
	var out struct{ Delivery TestDelivery }
	c.Agent(t, "POST", "/webhooks/"+id+"/test", nil).Expect(t, http.StatusOK).Decode(t, &out)
	return out.Delivery
}
