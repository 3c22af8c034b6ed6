package audit25m

import (
	"fmt"
	"net/http"
	"testing"

	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

// TestFilteredActivityPageReadsInFewQueries: spec 4.4, "GET /activity
// query: actor_id, site_id, since (timestamp, entries at or after it),
// limit, cursor. Returns { activity[], next_cursor }, newest first, kept
// 365 days"; README: "Every list ... takes limit (1–100, default 50)", and
// the dashboard's "What it did" link lists one key's entries. Defect: a
// filtered page asked DynamoDB for limit+1 entries at a time and the
// filter ran on each batch, so a page of a key or site whose entries lay
// behind many others' walked the log limit+1 entries per Query: 200
// entries of another key made GET /activity?actor_id=...&limit=1 about
// 100 sequential queries, and a year of an autopilot account's log
// thousands, past API Gateway's 30 seconds. Batches now grow while a
// filtered page is not full, so the same page takes a handful of queries
// and still returns the key's newest entry and a cursor that goes on.
func TestFilteredActivityPageReadsInFewQueries(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) { c.AccountRequestsPerMinute = 100000 }})
	a := env.NewAccount(t, "")
	_, key := a.Client.CreateAgentKey(t, "Busy agent")
	busy := a.Client.As(key)
	for i := range 200 {
		busy.Agent(t, "PATCH", "/sites/"+a.SiteID, map[string]any{"brand_name": fmt.Sprintf("Acme %d", i)}).Expect(t, http.StatusOK)
	}
	env.Calls.Snapshot()
	var out struct {
		Activity []struct {
			Action string
			Actor  struct{ ID string }
		}
		NextCursor *string `json:"next_cursor"`
	}
	a.Client.Agent(t, "GET", "/activity?limit=1&actor_id="+a.KeyID, nil).Expect(t, http.StatusOK).Decode(t, &out)
	queries := env.Calls.Snapshot()["Query"]
	if len(out.Activity) != 1 || out.Activity[0].Actor.ID != a.KeyID || out.Activity[0].Action != "agent_key.created" {
		t.Fatalf("first page of the first key's entries: %+v, want its agent_key.created", out.Activity)
	}
	if out.NextCursor == nil {
		t.Fatal("next_cursor is null, but the key also created the account")
	}
	if queries > 20 {
		t.Errorf("one page of one entry took %d DynamoDB queries (past 200 entries of another key), want a handful", queries)
	}
	a.Client.Agent(t, "GET", "/activity?limit=1&actor_id="+a.KeyID+"&cursor="+*out.NextCursor, nil).Expect(t, http.StatusOK).Decode(t, &out)
	if len(out.Activity) != 1 || out.Activity[0].Action != "account.created" {
		t.Fatalf("second page: %+v, want account.created", out.Activity)
	}
}
