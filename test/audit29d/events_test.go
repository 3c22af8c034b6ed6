package audit29d

import (
	"context"
	"net/http"
	"net/url"
	"sync"
	"testing"
	"time"

	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/config"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/testenv"
)

// eventsPage is one answer of GET /events.
type eventsPage struct {
	Events     []testenv.Event `json:"events"`
	NextCursor string          `json:"next_cursor"`
	HasMore    bool            `json:"has_more"`
}

// TestFilteredEventsCallReadsABoundedPartOfTheFeed: spec 4.10, "GET
// /events query: since (timestamp, first call), cursor (every later
// call), types (comma-separated), site_id, limit (1 to 100, default 50).
// Oldest first. Returns { events[], next_cursor, has_more }. next_cursor
// is always set, even with zero events"; spec 8, "Event retention | 30
// days"; README "Events": "Filters (types, site_id) apply to every page",
// and the cursor "is the position after the last event read". Defect: a
// call filtered to a rare type (or a quiet site) read the account's feed
// 100 events per DynamoDB query until it had filled its page or reached
// the end, so a first call, or a poll after a busy spell, cost one query
// per 100 events of everything else: its time grew with the account's 30
// days of events, toward API Gateway's 30 seconds. Now one call reads at
// most a bounded number of events (eventlog.MaxFilteredRead); when it
// stops there it answers what it found with has_more true and a cursor
// after the last event read, so calling on with it still finds every
// matching event, once.
func TestFilteredEventsCallReadsABoundedPartOfTheFeed(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) { c.AccountRequestsPerMinute = 100000 }})
	a := env.NewAccount(t, "")
	// Busy work elsewhere on the account, an hour ago (settled): events of
	// a type the poller does not read.
	at := &clock.Fixed{T: env.Stack.Graph.Clock.Now().Add(-time.Hour)}
	var mu sync.Mutex
	busy := func(n int) {
		t.Helper()
		var wg sync.WaitGroup
		errs := make(chan error, n/100+1)
		for b := 0; b < n; b += 100 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				tx := &dynamo.Tx{}
				mu.Lock()
				for range 100 {
					at.Add(time.Microsecond)
					(&eventlog.Writer{Clock: &clock.Fixed{T: at.Now()}}).Emit(tx, a.ID, "", "article.deleted", map[string]any{"article_id": "x", "title": "t"})
				}
				mu.Unlock()
				errs <- env.Stack.Graph.Table.Commit(context.Background(), tx, nil)
			}()
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatal(err)
			}
		}
	}
	queries := func() int {
		t.Helper()
		env.Calls.Snapshot()
		a.Client.Agent(t, "GET", "/events?limit=1&types=account.claimed", nil).Expect(t, http.StatusOK)
		return env.Calls.Snapshot()["Query"]
	}
	busy(3000)
	before := queries()
	busy(6000)
	after := queries()
	if after > before {
		t.Errorf("one filtered call took %d DynamoDB queries behind 3,000 other events and %d behind 9,000: its cost grows with the account's feed", before, after)
	}
	// Calling on with the cursor still comes to the rare event, once, and
	// then to the end.
	env.Claim(t, a)
	var claimed []string
	cursor, more := "", true
	for i := 0; more; i++ {
		if i > 50 {
			t.Fatal("the feed does not end")
		}
		var page eventsPage
		a.Client.Agent(t, "GET", "/events?limit=1&types=account.claimed"+cursor, nil).Expect(t, http.StatusOK).Decode(t, &page)
		for _, e := range page.Events {
			claimed = append(claimed, e.ID)
		}
		if page.NextCursor == "" {
			t.Fatal("next_cursor is not set")
		}
		cursor, more = "&cursor="+url.QueryEscape(page.NextCursor), page.HasMore
	}
	if len(claimed) != 1 {
		t.Errorf("account.claimed read %d times, want once: %v", len(claimed), claimed)
	}
}
