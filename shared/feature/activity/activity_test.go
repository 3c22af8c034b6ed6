package activity_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/dynamotest"
)

type rig struct {
	table *dynamo.Table
	clock *clock.Fixed
	log   *activity.Log
}

func newRig(t *testing.T) *rig {
	t.Helper()
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	r := &rig{table: dynamotest.Table(t), clock: &clock.Fixed{T: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}}
	r.log = &activity.Log{Table: r.table, Clock: r.clock}
	return r
}

func (r *rig) record(t *testing.T, p auth.Principal, site, action string) string {
	t.Helper()
	tx := &dynamo.Tx{}
	activity.Record(tx, r.clock.Now(), p, activity.Change{Action: action, SiteID: site, Resource: activity.Resource{Type: "thing", ID: action}, Summary: "did " + action})
	if err := r.table.Commit(context.Background(), tx, nil); err != nil {
		t.Fatal(err)
	}
	r.clock.Add(time.Second)
	return action
}

func (r *rig) walk(t *testing.T, acct string, f activity.Filter, limit int) []string {
	t.Helper()
	var got []string
	cursor := ""
	for i := 0; ; i++ {
		list, next, err := r.log.List(context.Background(), acct, f, limit, cursor)
		if err != nil {
			t.Fatal(err)
		}
		if len(list) > limit {
			t.Fatalf("page of %d, limit %d", len(list), limit)
		}
		for _, e := range list {
			got = append(got, e.Action)
		}
		if next == "" {
			return got
		}
		if i > 100 {
			t.Fatal("paging does not end")
		}
		cursor = next
	}
}

func TestListNewestFirstWithFilters(t *testing.T) {
	r := newRig(t)
	acct := ids.New()
	keyID := ids.New()
	agent := auth.Principal{AccountID: acct, Actor: auth.Actor{Type: auth.ActorAgent, ID: keyID, Name: "bot"}, IP: "192.0.2.1"}
	owner := auth.Principal{AccountID: acct, Actor: auth.Actor{Type: auth.ActorOwner, ID: acct, Name: "o@example.com"}, IP: "192.0.2.2"}
	service := auth.Service(acct, "autopilot")
	r.record(t, agent, "", "a1")
	r.record(t, owner, "site-1", "o1")
	r.record(t, service, "site-2", "s1")
	sinceMark := r.clock.Now()
	r.record(t, agent, "site-1", "a2")
	r.record(t, owner, "", "o2")
	r.record(t, auth.Principal{AccountID: ids.New(), Actor: agent.Actor}, "", "elsewhere")

	cases := []struct {
		name   string
		filter activity.Filter
		limit  int
		want   []string
	}{
		{"all by 2", activity.Filter{}, 2, []string{"o2", "a2", "s1", "o1", "a1"}},
		{"all by 50", activity.Filter{}, 50, []string{"o2", "a2", "s1", "o1", "a1"}},
		{"actor", activity.Filter{ActorID: keyID}, 1, []string{"a2", "a1"}},
		{"service", activity.Filter{ActorID: auth.ServiceID}, 1, []string{"s1"}},
		{"site", activity.Filter{SiteID: "site-1"}, 1, []string{"a2", "o1"}},
		{"actor and site", activity.Filter{ActorID: acct, SiteID: "site-1"}, 5, []string{"o1"}},
		{"since, inclusive", activity.Filter{Since: sinceMark}, 1, []string{"o2", "a2"}},
		{"since and site", activity.Filter{Since: sinceMark.Add(-time.Second), SiteID: "site-2"}, 1, []string{"s1"}},
		{"no match", activity.Filter{ActorID: ids.New()}, 3, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := r.walk(t, acct, c.filter, c.limit); fmt.Sprint(got) != fmt.Sprint(c.want) {
				t.Fatalf("got %v, want %v", got, c.want)
			}
		})
	}
}

func TestEntryShape(t *testing.T) {
	r := newRig(t)
	acct := ids.New()
	p := auth.Principal{AccountID: acct, Actor: auth.Actor{Type: auth.ActorApp, ID: "conn-1", Name: "Editor app"}, IP: "198.51.100.7"}
	r.record(t, p, "site-9", "article.updated")
	list, _, err := r.log.List(context.Background(), acct, activity.Filter{}, 10, "")
	if err != nil || len(list) != 1 {
		t.Fatalf("list = %+v, %v", list, err)
	}
	e := list[0]
	if e.ID == "" || e.CreatedAt != "2026-03-01T12:00:00.000000Z" || e.Actor != p.Actor || e.Action != "article.updated" ||
		e.SiteID != "site-9" || e.Resource != (activity.Resource{Type: "thing", ID: "article.updated"}) ||
		e.Summary != "did article.updated" || e.IP != "198.51.100.7" {
		t.Fatalf("entry = %+v", e)
	}
}

func TestRetentionAndBadCursor(t *testing.T) {
	r := newRig(t)
	acct := ids.New()
	p := auth.Principal{AccountID: acct, Actor: auth.Actor{Type: auth.ActorAgent, ID: "k"}}
	r.record(t, p, "", "old")
	r.clock.Add(activity.Retention - time.Hour)
	r.record(t, p, "", "recent")
	r.clock.Add(2 * time.Hour)
	if got := r.walk(t, acct, activity.Filter{Since: time.Date(2000, 1, 1, 0, 0, 0, 0, time.UTC)}, 10); fmt.Sprint(got) != "[recent]" {
		t.Fatalf("after 365 days: %v, want only the recent entry", got)
	}
	// Another list's cursor, or a made-up key after every entry, would
	// start the page anywhere: refused.
	for _, c := range []string{"garbage", "eyJhZnRlciI6IngifQ" /* {"after":"x"} */, "eyJzayI6IlpaWiJ9" /* {"sk":"ZZZ"} */, "eyJzayI6IkNSRUQjMDAwIn0" /* {"sk":"CRED#000"} */} {
		if _, _, err := r.log.List(context.Background(), acct, activity.Filter{}, 5, c); !apperr.Is(err, apperr.ValidationFailed) {
			t.Fatalf("cursor %q: %v, want validation_failed", c, err)
		}
	}
}

func TestActorIDThatNoActorHasIsRefused(t *testing.T) {
	r := newRig(t)
	for _, id := range []string{"key-1", "rv_agent_0123456…", "Service", ids.New() + "0"} {
		if _, _, err := r.log.List(context.Background(), ids.New(), activity.Filter{ActorID: id}, 5, ""); !apperr.Is(err, apperr.ValidationFailed) {
			t.Errorf("actor_id %q: %v, want validation_failed", id, err)
		}
	}
}

func TestCursorPastRetentionEndsTheList(t *testing.T) {
	r := newRig(t)
	acct := ids.New()
	p := auth.Principal{AccountID: acct, Actor: auth.Actor{Type: auth.ActorAgent, ID: ids.New()}}
	r.record(t, p, "", "first")
	r.record(t, p, "", "second")
	list, next, err := r.log.List(context.Background(), acct, activity.Filter{}, 1, "")
	if err != nil || len(list) != 1 || next == "" {
		t.Fatalf("first page: %+v, %q, %v", list, next, err)
	}
	r.clock.Add(activity.Retention)
	list, next, err = r.log.List(context.Background(), acct, activity.Filter{}, 1, next)
	if err != nil || len(list) != 0 || next != "" {
		t.Fatalf("a year on: %+v, %q, %v; want the end of the list", list, next, err)
	}
}

func TestFilteredPageReadsAtMostMaxFilteredRead(t *testing.T) {
	r := newRig(t)
	acct := ids.New()
	p := auth.Principal{AccountID: acct, Actor: auth.Actor{Type: auth.ActorAgent, ID: ids.New()}}
	r.record(t, p, "quiet", "quiet")
	for b := 0; b < activity.MaxFilteredRead+150; b += 100 {
		tx := &dynamo.Tx{}
		for i := range 100 {
			activity.Record(tx, r.clock.Now().Add(time.Duration(b+i)*time.Millisecond), p, activity.Change{Action: "busy", SiteID: "busy"})
		}
		if err := r.table.Commit(context.Background(), tx, nil); err != nil {
			t.Fatal(err)
		}
	}
	r.clock.Add(time.Hour)
	list, next, err := r.log.List(context.Background(), acct, activity.Filter{SiteID: "quiet"}, 10, "")
	if err != nil || len(list) != 0 || next == "" {
		t.Fatalf("first page: %+v, %q, %v; want an empty page with a cursor", list, next, err)
	}
	if got := r.walk(t, acct, activity.Filter{SiteID: "quiet"}, 10); fmt.Sprint(got) != "[quiet]" {
		t.Fatalf("walking the quiet site's pages: %v", got)
	}
}
