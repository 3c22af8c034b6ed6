package webhooks_test

import (
	"fmt"
	"net/http"
	"net/http/httptest"
	"sync/atomic"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestA2xxAnsweredInTimeCountsWhateverItsBodyDoes proves spec 6's "any 2xx
// answer within 10 seconds" is a success even when the endpoint keeps
// sending its body past the deadline: only the status matters (the body is
// read up to 64 KB and discarded), so the delivery is not failed, nor
// retried into a duplicate.
func TestA2xxAnsweredInTimeCountsWhateverItsBodyDoes(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewSettledAccount(t)
	var hits atomic.Int64
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		w.Header().Set("Content-Type", "text/plain")
		w.WriteHeader(http.StatusOK)
		fmt.Fprint(w, "ok, still thinking")
		w.(http.Flusher).Flush()
		select { // the status is out; the body goes on past the deadline
		case <-time.After(12 * time.Second):
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(srv.Close)
	host := fmt.Sprintf("slow-body-%d.example.com", time.Now().UnixNano()%1_000_000)
	env.SetHost(t, host, srv.Listener.Addr().String())
	wh := testenv.CreateWebhook(t, acct.Client, "https://"+host+"/hook", "billing.ended")

	var out struct {
		Delivery struct {
			Status *int    `json:"status"`
			Error  *string `json:"error"`
		}
	}
	acct.Client.Agent(t, "POST", "/webhooks/"+wh.ID+"/test", nil).Expect(t, http.StatusOK).Decode(t, &out)
	if out.Delivery.Status == nil || *out.Delivery.Status != http.StatusOK || out.Delivery.Error != nil {
		t.Fatalf("a 200 answered at once, body still streaming: status %v, error %v; want 200 and no error", out.Delivery.Status, deref(out.Delivery.Error))
	}
	if w := getWebhook(t, acct.Client, wh.ID); w.LastDeliveryStatus == nil || *w.LastDeliveryStatus != http.StatusOK {
		t.Fatalf("last_delivery_status %v, want 200", w.LastDeliveryStatus)
	}
	log := testenv.Attempts(t, acct.Client, wh.ID)
	if len(log) != 1 || !log[0].Succeeded {
		t.Fatalf("attempt log %+v, want one succeeded attempt", log)
	}
}

func deref(s *string) string {
	if s == nil {
		return "<nil>"
	}
	return *s
}
