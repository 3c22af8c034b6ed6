package e2e

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"rvcontent/test/testenv"
)

// feedPage is one GET /events answer.
type feedPage struct {
	Events     []map[string]any `json:"events"`
	NextCursor *string          `json:"next_cursor"`
	HasMore    *bool            `json:"has_more"`
}

func readFeed(t testing.TB, c *testenv.Client, query string) feedPage {
	t.Helper()
	r := c.Agent(t, "GET", "/events"+query, nil).Expect(t, http.StatusOK)
	var p feedPage
	r.Decode(t, &p)
	if keysOf(r.JSON(t)) != "events,has_more,next_cursor" || p.Events == nil || p.HasMore == nil {
		t.Fatalf("feed answer = %s", r.Body)
	}
	if p.NextCursor == nil || *p.NextCursor == "" {
		t.Fatalf("next_cursor not set: %s", r.Body)
	}
	return p
}

// TestEventsFeedPaging creates 121 events and walks them seven at a time:
// oldest first, no duplicates, no gaps, has_more until the end, a cursor
// always, and a poll from the last cursor that sees only what is new.
func TestEventsFeedPaging(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	settleScan(t, acct)
	var want []string
	for _, e := range readFeed(t, acct.Client, "?limit=100").Events {
		want = append(want, eventLabel(t, e))
	}
	if len(want) == 0 || want[0] != "agent_access.created "+acct.KeyID {
		t.Fatalf("feed of a new account starts %v, want its first key's agent_access.created", want)
	}
	for i := 0; i < 60; i++ {
		k := newKey(t, acct.Client, fmt.Sprintf("bot %d", i))
		acct.Client.Agent(t, "DELETE", "/agent-keys/"+str(t, k["id"]), nil).Expect(t, http.StatusOK)
		want = append(want, "agent_access.created "+str(t, k["id"]), "agent_access.revoked "+str(t, k["id"]))
	}

	var got []string
	var all []map[string]any
	seen := map[string]bool{}
	cursor, pages := "", 0
	for {
		q := "?limit=7"
		if cursor != "" {
			q += "&cursor=" + url.QueryEscape(cursor)
		}
		p := readFeed(t, acct.Client, q)
		pages++
		if len(p.Events) > 7 || (*p.HasMore && len(p.Events) != 7) {
			t.Fatalf("page %d has %d events (has_more %v)", pages, len(p.Events), *p.HasMore)
		}
		for _, e := range p.Events {
			id := str(t, e["id"])
			if seen[id] {
				t.Fatalf("event %s listed twice", id)
			}
			seen[id] = true
			all = append(all, e)
			got = append(got, eventLabel(t, e))
		}
		cursor = *p.NextCursor
		if !*p.HasMore {
			break
		}
		if pages > 40 {
			t.Fatal("paging does not end")
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("walked %d events:\n%v\nwant %d:\n%v", len(got), got, len(want), want)
	}
	if len(want) < 121 || pages != (len(want)+6)/7 {
		t.Fatalf("%d pages of 7 for %d events, want %d", pages, len(want), (len(want)+6)/7)
	}
	var onSite []string
	for i, e := range all {
		if keysOf(e) != "account_id,created_at,data,id,site_id,type" || e["account_id"] != acct.ID {
			t.Fatalf("event %d = %v", i, e)
		}
		if e["site_id"] == acct.SiteID {
			onSite = append(onSite, str(t, e["id"]))
		} else if e["site_id"] != nil {
			t.Fatalf("event %d has another site's id: %v", i, e)
		}
		if i > 0 && str(t, e["created_at"]) < str(t, all[i-1]["created_at"]) {
			t.Fatalf("event %d is older than the one before", i)
		}
	}

	// Polling from the end: nothing, then exactly what is new.
	empty := readFeed(t, acct.Client, "?cursor="+url.QueryEscape(cursor))
	if len(empty.Events) != 0 || *empty.HasMore {
		t.Fatalf("poll at the end = %v events, has_more %v", len(empty.Events), *empty.HasMore)
	}
	fresh := newKey(t, acct.Client, "late bot")
	p := readFeed(t, acct.Client, "?cursor="+url.QueryEscape(*empty.NextCursor))
	if len(p.Events) != 1 || p.Events[0]["type"] != "agent_access.created" || object(t, object(t, p.Events[0], "data"), "agent_key")["id"] != fresh["id"] {
		t.Fatalf("poll after one change = %v", p.Events)
	}
	if again := readFeed(t, acct.Client, "?cursor="+url.QueryEscape(*p.NextCursor)); len(again.Events) != 0 {
		t.Fatalf("the same event came twice")
	}

	ids := idsOf(all)
	revokedOnly := func() []string {
		var out []string
		for i, e := range all {
			if e["type"] == "agent_access.revoked" {
				out = append(out, ids[i])
			}
		}
		return out
	}()
	cases := []struct {
		name  string
		query string
		want  []string
	}{
		{"default limit 50", "", ids[:50]},
		{"limit 100", "?limit=100", ids[:100]},
		{"since, inclusive", "?limit=100&since=" + url.QueryEscape(str(t, all[100]["created_at"])), append(ids[100:], str(t, p.Events[0]["id"]))},
		{"one type", "?limit=100&types=agent_access.revoked", revokedOnly},
		{"unknown type", "?types=billing.activated", nil},
		{"site", "?site_id=" + acct.SiteID, onSite},
		{"site paged", "?limit=1&site_id=" + acct.SiteID, onSite[:min(1, len(onSite))]},
		{"type and site", "?types=agent_access.created&site_id=" + acct.SiteID, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			page := readFeed(t, acct.Client, c.query)
			if fmt.Sprint(idsOf(page.Events)) != fmt.Sprint(c.want) {
				t.Fatalf("got %d events, want %d", len(page.Events), len(c.want))
			}
		})
	}
	// A site_id that names no site of the account answers as a path
	// naming it does (spec 4.1), not with an empty feed.
	expectError(t, acct.Client.Agent(t, "GET", "/events?site_id="+acct.ID, nil), http.StatusNotFound, "not_found")
	if page := readFeed(t, acct.Client, "?limit=100&types="+url.QueryEscape("agent_access.revoked, agent_access.created")); len(page.Events) != 100 || !*page.HasMore {
		t.Fatalf("two types: %d events, has_more %v; want a full page of 100 with more", len(page.Events), *page.HasMore)
	}
}

// TestEventsFeedEmptyAndIsolated starts from nothing and keeps accounts
// apart.
func TestEventsFeedEmptyAndIsolated(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	other := env.NewAccount(t, "")
	settleScan(t, acct)
	settleScan(t, other)
	p := readFeed(t, other.Client, "?types=account.claimed")
	if len(p.Events) != 0 || *p.HasMore {
		t.Fatalf("filtered empty feed = %+v", p)
	}
	// The filtered read moved the cursor past everything it read.
	p = readFeed(t, other.Client, "?cursor="+url.QueryEscape(*p.NextCursor))
	if len(p.Events) != 0 {
		t.Fatalf("poll after a filtered read = %+v", p)
	}
	end := readFeed(t, acct.Client, "?limit=100")
	k := newKey(t, acct.Client, "only mine")
	if p = readFeed(t, other.Client, "?cursor="+url.QueryEscape(*p.NextCursor)); len(p.Events) != 0 {
		t.Fatalf("another account's event reached this feed: %v", p.Events)
	}
	mine := readFeed(t, acct.Client, "?cursor="+url.QueryEscape(*end.NextCursor))
	if len(mine.Events) != 1 || eventLabel(t, mine.Events[0]) != "agent_access.created "+str(t, k["id"]) {
		t.Fatalf("own feed after one change = %v", mine.Events)
	}
	cases := []struct{ name, query, field string }{
		{"since not a time", "?since=today", "since"},
		{"limit 0", "?limit=0", "limit"},
		{"limit 101", "?limit=101", "limit"},
		{"garbage cursor", "?cursor=abc", "cursor"},
		{"another list's cursor", "?cursor=eyJzayI6IkNSRUQjMSJ9", "cursor"},
		// A parameter that does not decode is refused, not dropped.
		{"since not percent-encoded", "?since=%zz&limit=2", "since"},
		{"semicolon separator", "?limit=2;since=x", "limit"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			e := expectError(t, acct.Client.Agent(t, "GET", "/events"+c.query, nil), http.StatusUnprocessableEntity, "validation_failed")
			if fmt.Sprint(detailFields(t, e)) != "["+c.field+"]" {
				t.Fatalf("details = %v", e.Details)
			}
		})
	}
}
