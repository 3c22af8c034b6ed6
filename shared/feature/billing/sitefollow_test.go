package billing_test

import (
	"context"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"

	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/credits"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/dynamotest"
)

// A follow-up that a crash left between the subscription change's commit
// and the sites' own changes is finished by the scheduled run: each site
// changes once, with one event, however often the run goes; a removal the
// site was given itself stays; and the follow-up item goes once done.
func TestScheduledRunFinishesSiteFollowUp(t *testing.T) {
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	ctx := context.Background()
	table := dynamotest.Table(t)
	now := time.Date(2026, 3, 10, 12, 0, 0, 0, time.UTC)
	clk := &clock.Fixed{T: now}
	events := &eventlog.Writer{Clock: clk}
	s := &billing.Service{Table: table, Clock: clk, Events: events, Sites: &sites.Store{Table: table}, Credits: &credits.Service{Table: table, Events: events}}
	account := ids.New()
	start, end := now.AddDate(0, 0, -9), now.AddDate(0, 0, 21)
	put := func(item any) {
		t.Helper()
		if err := table.Put(ctx, item); err != nil {
			t.Fatal(err)
		}
	}
	put(map[string]string{"pk": dynamo.AccountPK(account), "sk": dynamo.AccountSK})
	if err := s.PutActive(ctx, account, start, end, true); err != nil {
		t.Fatal(err)
	}
	var studio []string
	for i := 0; i < 3; i++ {
		id := ids.New()
		it := sites.NewStudio(account, id, "https://s.example.org/", "S", nil, nil, "https://app.example", start)
		it.Status, it.BilledFrom = sites.StatusActive, aws.String(clock.Format(start))
		if i == 2 { // removed with DELETE before the cancellation
			it.RemovesAt = aws.String(clock.Format(end))
		}
		put(it)
		studio = append(studio, id)
	}
	follow := func(ended bool) {
		t.Helper()
		at := clk.Now()
		if ended {
			clk.Add(end.Add(time.Minute).Sub(at))
			at = end
		}
		if err := s.LeaveSiteFollowUp(ctx, account, at, ended); err != nil {
			t.Fatal(err)
		}
		for run := 0; run < 2; run++ {
			if err := s.FollowSites(ctx); err != nil {
				t.Fatal(err)
			}
		}
		if left, err := s.SiteFollowUpLeft(ctx, account); err != nil || left {
			t.Errorf("the follow-up item is left after every site followed (%v)", err)
		}
	}
	count := func(typ string) map[string]int {
		t.Helper()
		in, err := dynamo.Partition(dynamo.EventsPK(account)).Input()
		if err != nil {
			t.Fatal(err)
		}
		rows, err := table.QueryAll(ctx, in)
		if err != nil {
			t.Fatal(err)
		}
		list, err := dynamo.UnmarshalList[eventlog.Item](rows)
		if err != nil {
			t.Fatal(err)
		}
		out := map[string]int{}
		for _, e := range list {
			if e.Type == typ && e.SiteID != nil {
				out[*e.SiteID]++
			}
		}
		return out
	}

	follow(false) // the cancellation's
	scheduled := count("site.removal_scheduled")
	for i, id := range studio {
		site, err := s.Sites.Get(ctx, account, id)
		if err != nil {
			t.Fatal(err)
		}
		want, by, events := clock.Format(end), sites.RemovedBySubscription, 1
		if i == 2 {
			by, events = "", 0
		}
		if site.RemovesAt == nil || *site.RemovesAt != want || site.RemovedBy != by {
			t.Errorf("site %d after the cancellation's follow-up: removes_at %v by %q, want %s by %q", i, site.RemovesAt, site.RemovedBy, want, by)
		}
		if scheduled[id] != events {
			t.Errorf("site %d: %d site.removal_scheduled, want %d", i, scheduled[id], events)
		}
	}

	follow(true) // the end's
	archived := count("site.archived")
	for i, id := range studio {
		site, err := s.Sites.Get(ctx, account, id)
		if err != nil {
			t.Fatal(err)
		}
		if site.Status != sites.StatusArchived || site.ArchivedAt == nil || *site.ArchivedAt != clock.Format(end) || archived[id] != 1 {
			t.Errorf("site %d after the end's follow-up: %s at %v with %d site.archived, want archived at %s with 1", i, site.Status, site.ArchivedAt, archived[id], clock.Format(end))
		}
	}
}
