package bench

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// receiver is a webhook endpoint on loopback TLS that remembers the
// distinct events it was sent.
type receiver struct {
	mu   sync.Mutex
	seen map[string]bool
	hits int
}

func (rc *receiver) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	_, _ = io.Copy(io.Discard, r.Body)
	rc.mu.Lock()
	rc.seen[r.Header.Get("Service-Event-Id")] = true
	rc.hits++
	rc.mu.Unlock()
}

func (rc *receiver) counts() (distinct, hits int) {
	rc.mu.Lock()
	defer rc.mu.Unlock()
	return len(rc.seen), rc.hits
}

// fanout is an account with three webhook endpoints subscribed to every
// event, each its own local HTTPS receiver.
type fanout struct {
	env       *testenv.Env
	acct      *testenv.Account
	receivers []*receiver
}

// eventsPerRun is how many events each fan-out measurement produces (half
// agent_access.created, half agent_access.revoked).
const eventsPerRun = 500

func newFanout(t *testing.T, e *testenv.Env) *fanout {
	f := &fanout{env: e, acct: e.NewAccount(t, "http://"+benchHost+"/")}
	settle(t, e)
	for i := 0; i < 3; i++ {
		rc := &receiver{seen: map[string]bool{}}
		srv := httptest.NewTLSServer(rc)
		t.Cleanup(srv.Close)
		host := fmt.Sprintf("bench-hook-%d-%d.example.com", time.Now().UnixNano()%1_000_000, i)
		e.SetHost(t, host, srv.Listener.Addr().String())
		f.acct.Client.Agent(t, "POST", "/webhooks", map[string]any{"url": "https://" + host + "/in", "events": []string{"*"}}).Expect(t, http.StatusCreated)
		f.receivers = append(f.receivers, rc)
	}
	return f
}

// delivered returns the distinct events all receivers got so far, summed.
func (f *fanout) delivered() int {
	n := 0
	for _, rc := range f.receivers {
		d, _ := rc.counts()
		n += d
	}
	return n
}

// produce creates and revokes eventsPerRun/2 agent keys from 8 concurrent
// callers, as agents would.
func (f *fanout) produce(t *testing.T) {
	work := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range work {
				var out struct {
					AgentKey struct{ ID string } `json:"agent_key"`
				}
				req, _ := http.NewRequest("POST", f.env.URL+"/api/agent/v1/agent-keys", strings.NewReader(`{"name":"Fan-out agent"}`))
				req.Header.Set("Authorization", "Bearer "+f.acct.Key)
				req.Header.Set("Content-Type", "application/json")
				resp, err := client.Do(req)
				if err != nil || resp.StatusCode != http.StatusCreated {
					t.Errorf("create key: %v %v", err, resp)
					return
				}
				_ = json.NewDecoder(resp.Body).Decode(&out)
				resp.Body.Close()
				if status := send(f.env, "DELETE", "/api/agent/v1/agent-keys/"+out.AgentKey.ID, f.acct.Key, ""); status != http.StatusOK {
					t.Errorf("revoke key: status %d", status)
					return
				}
			}
		}()
	}
	for i := 0; i < eventsPerRun/2; i++ {
		work <- i
	}
	close(work)
	wg.Wait()
}

// await waits until the receivers got want events in all, and fails the
// test when some never arrive.
func (f *fanout) await(t *testing.T, want int) time.Time {
	deadline := time.Now().Add(5 * time.Minute)
	for f.delivered() < want {
		if time.Now().After(deadline) {
			t.Fatalf("receivers got %d of %d deliveries: some were lost", f.delivered(), want)
		}
		time.Sleep(5 * time.Millisecond)
	}
	return time.Now()
}

// fanoutRates measures, in one repetition, the deliveries per second while
// events are produced and on a backlog of eventsPerRun events (made while
// the deliveries queue was paused).
func (f *fanout) rates(t *testing.T) (whileProduced, backlog, produced float64) {
	settle(t, f.env)
	before := f.delivered()
	start := time.Now()
	f.produce(t)
	producedAt := time.Now()
	during := f.delivered() - before
	f.await(t, before+3*eventsPerRun)
	whileProduced = float64(during) / producedAt.Sub(start).Seconds()
	produced = eventsPerRun / producedAt.Sub(start).Seconds()

	settle(t, f.env)
	before = f.delivered()
	f.env.Stack.Deliveries.Pause()
	f.produce(t)
	f.env.Stack.Deliveries.Resume()
	start = time.Now()
	end := f.await(t, before+3*eventsPerRun)
	backlog = 3 * eventsPerRun / end.Sub(start).Seconds()
	return whileProduced, backlog, produced
}
