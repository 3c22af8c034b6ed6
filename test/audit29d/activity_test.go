package audit29d

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/config"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/testenv"
)

// activityPage is one page of GET /activity.
type activityPage struct {
	Activity   []testenv.ActivityEntry `json:"activity"`
	NextCursor *string                 `json:"next_cursor"`
}

// TestActivityFilterByAnIDNoActorCanHaveIsRefused: spec 4.4, "GET
// /activity query: actor_id, site_id, ..."; spec 2, "ids are UUID
// strings"; spec 7, "422 | validation_failed | a field is missing or
// invalid; see details"; README "Conventions": "Malformed query
// parameters ... answer 422 validation_failed with details". An actor's
// id is an agent key's, an app connection's, a site key's or the owner's
// (UUIDs), or "service" for the service's own work; an id that is none of
// these (an agent's key or its prefix sent by mistake) can match no entry
// ever. Defect: GET /activity?actor_id=<malformed> answered 200 with an
// empty list, so an agent that passed its key prefix read "nothing
// happened" rather than its mistake. Now it answers 422 on actor_id;
// a well-formed id of no actor (a revoked key's entries stay) and
// "service" still filter.
func TestActivityFilterByAnIDNoActorCanHaveIsRefused(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	for _, bad := range []string{"rv_agent_0123456…", "not-an-id", ids.New() + "x", "SERVICE"} {
		r := a.Client.Agent(t, "GET", "/activity?actor_id="+url.QueryEscape(bad), nil)
		body := r.ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
		details, _ := body["details"].([]any)
		if len(details) != 1 || details[0].(map[string]any)["field"] != "actor_id" {
			t.Errorf("actor_id=%q: details %v, want one on actor_id", bad, body["details"])
		}
	}
	var page activityPage
	a.Client.Agent(t, "GET", "/activity?actor_id="+a.KeyID, nil).Expect(t, http.StatusOK).Decode(t, &page)
	if len(page.Activity) == 0 {
		t.Error("the account's own key filters no entry")
	}
	a.Client.Agent(t, "GET", "/activity?actor_id=service", nil).Expect(t, http.StatusOK)
	a.Client.Agent(t, "GET", "/activity?actor_id="+ids.New(), nil).Expect(t, http.StatusOK).Decode(t, &page)
	if len(page.Activity) != 0 {
		t.Errorf("an unknown actor's entries: %+v", page.Activity)
	}
}

// TestActivityCursorPastRetentionEndsTheList: spec 4.4, "GET /activity
// ... Returns { activity[], next_cursor }, newest first, kept 365 days";
// spec 4.1, "next_cursor null means no more"; README "Conventions": "a
// cursor the list did not issue (another list's, or made up) answers
// 422". A cursor the log issued stays its own: once the entries after it
// have passed their 365 days, the list has nothing more. Defect: the
// page's read began at the retention's start, which had moved past the
// cursor's entry, so DynamoDB refused the starting key and the service
// answered 422 "is not a cursor this service issued" to the next_cursor
// it had itself handed out (an agent or an owner paging the oldest
// entries as they expire). Now that page is empty with next_cursor null.
func TestActivityCursorPastRetentionEndsTheList(t *testing.T) {
	env := testenv.StartQuiet(t)
	a := env.NewAccount(t, "")
	a.Client.CreateAgentKey(t, "Second agent")
	var page activityPage
	a.Client.Agent(t, "GET", "/activity?limit=1", nil).Expect(t, http.StatusOK).Decode(t, &page)
	if page.NextCursor == nil {
		t.Fatal("no next_cursor after the first of several entries")
	}
	env.Advance(t, (366 * 24 * time.Hour).Seconds())
	r := a.Client.Agent(t, "GET", "/activity?limit=1&cursor="+url.QueryEscape(*page.NextCursor), nil)
	if r.Status != http.StatusOK {
		t.Fatalf("the log's own cursor a year on answered %d: %s", r.Status, r.Body)
	}
	var later activityPage
	r.Decode(t, &later)
	if len(later.Activity) != 0 || later.NextCursor != nil {
		t.Errorf("entries past 365 days: %+v, next_cursor %v; want none and null", later.Activity, later.NextCursor)
	}
}

// TestQuietSiteActivityPageReadsABoundedPartOfTheLog: spec 4.4, "GET
// /activity query: actor_id, site_id, since ..., limit, cursor"; spec 8,
// "Activity log retention | 365 days"; spec 4.1, "next_cursor null means
// no more. Cursors are opaque"; README "Conventions": "Every list ...
// takes limit (1–100, default 50) and cursor". The log is one partition
// per account; a site_id or actor_id filter is applied to the entries
// read. Defect: one page of a quiet site read the account's log until it
// had found limit entries or reached the end, so its cost (DynamoDB reads
// and time) grew with everything else the account did in a year: every
// dashboard view of a quiet site's page walked the whole log. Now a
// filtered page reads at most a bounded number of entries
// (activity.MaxFilteredRead); when it stops there its page may be short,
// even empty, and its next_cursor goes on from the last entry read, so
// following the cursors still yields every entry of the site once, in
// order, and ends with null.
func TestQuietSiteActivityPageReadsABoundedPartOfTheLog(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) { c.AccountRequestsPerMinute = 100000 }})
	o := env.NewOwner(t)
	a := o.Account
	var site activityPage
	a.Client.Agent(t, "GET", "/activity?limit=100&site_id="+a.SiteID, nil).Expect(t, http.StatusOK).Decode(t, &site)
	if len(site.Activity) == 0 {
		t.Fatal("the new site has no entries (its scan)")
	}
	// Busy work elsewhere on the account: account-wide entries, newer than
	// the site's.
	busy := func(n int) {
		t.Helper()
		p := auth.Principal{AccountID: a.ID, Actor: auth.Actor{Type: auth.ActorAgent, ID: a.KeyID, Name: "Busy"}, IP: "192.0.2.1"}
		var wg sync.WaitGroup
		errs := make(chan error, n/100+1)
		for b := 0; b < n; b += 100 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				tx := &dynamo.Tx{}
				now := env.Stack.Graph.Clock.Now()
				for i := range 100 {
					activity.Record(tx, now.Add(time.Duration(b+i)*time.Microsecond), p, activity.Change{
						Action: "agent_key.created", Resource: activity.Resource{Type: "agent_key", ID: ids.New()}, Summary: fmt.Sprintf("Agent key \"k%d\" created", b+i),
					})
				}
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
		a.Client.Agent(t, "GET", "/activity?limit=1&site_id="+a.SiteID, nil).Expect(t, http.StatusOK)
		return env.Calls.Snapshot()["Query"]
	}
	busy(3000)
	before := queries()
	busy(6000)
	after := queries()
	if after > before {
		t.Errorf("one page of a quiet site took %d DynamoDB queries behind 3,000 other entries and %d behind 9,000: its cost grows with the account's log", before, after)
	}
	// The cursors still lead to every entry of the site, once, in order.
	var got []string
	cursor := ""
	for range 50 {
		var page activityPage
		a.Client.Agent(t, "GET", "/activity?limit=1&site_id="+a.SiteID+cursor, nil).Expect(t, http.StatusOK).Decode(t, &page)
		for _, e := range page.Activity {
			got = append(got, e.ID)
		}
		if page.NextCursor == nil {
			break
		}
		cursor = "&cursor=" + url.QueryEscape(*page.NextCursor)
	}
	var want []string
	for _, e := range site.Activity {
		want = append(want, e.ID)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("paging the quiet site's log one entry at a time read %v, want %v", got, want)
	}
	// The owner's pages of the site do not say nothing ever happened when
	// the newest entries read hold none of the site's.
	for _, page := range []string{o.SitePage("/activity"), o.SitePage("")} {
		if p := o.Browser.Get(t, page).Expect(t, http.StatusOK); strings.Contains(p.Body, "Nothing has happened yet") {
			t.Errorf("%s says nothing has happened yet on a site with entries further back", page)
		}
	}
	o.Browser.Get(t, o.SitePage("/activity")).Expect(t, http.StatusOK, "Older entries")
}
