package jobs_test

import (
	"context"
	"testing"
	"time"

	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/ids"
)

func TestListNewestFirstWithPagingAndFilters(t *testing.T) {
	r := newRig(t, map[string]jobs.Runner{"research": jobs.RunnerFunc(func(context.Context, *jobs.Run) (any, error) { return nil, nil })})
	acct, other := ids.New(), ids.New()
	var made []string
	for i := 0; i < 5; i++ {
		kind := "research"
		if i%2 == 1 {
			kind = "site.scan"
		}
		made = append(made, r.add(t, acct, kind).ID)
		r.clock.Add(time.Second)
	}
	r.add(t, other, "research")
	if err := r.worker.Process(context.Background(), acct, made[0]); err != nil {
		t.Fatal(err)
	}

	var got []string
	cursor := ""
	for page := 0; ; page++ {
		list, next, err := r.store.List(context.Background(), acct, jobs.Filter{}, 2, cursor)
		if err != nil {
			t.Fatal(err)
		}
		for _, j := range list {
			got = append(got, j.ID)
		}
		if next == "" {
			break
		}
		if page > 5 {
			t.Fatal("paging does not end")
		}
		cursor = next
	}
	want := []string{made[4], made[3], made[2], made[1], made[0]}
	if len(got) != len(want) {
		t.Fatalf("listed %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("listed %v, want newest first %v", got, want)
		}
	}

	cases := []struct {
		name   string
		filter jobs.Filter
		want   []string
	}{
		{"kind", jobs.Filter{Kinds: []string{"site.scan"}}, []string{made[3], made[1]}},
		{"status", jobs.Filter{Statuses: []string{jobs.Completed}}, []string{made[0]}},
		{"site", jobs.Filter{SiteID: "site-1", Kinds: []string{"research"}, Statuses: []string{jobs.Queued}}, []string{made[4], made[2]}},
		{"kinds", jobs.Filter{Kinds: []string{"site.scan", "research"}, Statuses: []string{"queued", "failed"}}, []string{made[4], made[3], made[2], made[1]}},
		{"no match", jobs.Filter{SiteID: "elsewhere"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			list, next, err := r.store.List(context.Background(), acct, c.filter, 1, "")
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, j := range list {
				ids = append(ids, j.ID)
			}
			for next != "" {
				more, n, err := r.store.List(context.Background(), acct, c.filter, 1, next)
				if err != nil {
					t.Fatal(err)
				}
				for _, j := range more {
					ids = append(ids, j.ID)
				}
				next = n
			}
			if len(ids) != len(c.want) {
				t.Fatalf("got %v, want %v", ids, c.want)
			}
			for i := range ids {
				if ids[i] != c.want[i] {
					t.Fatalf("got %v, want %v", ids, c.want)
				}
			}
		})
	}
}

func TestListRefusesForeignCursor(t *testing.T) {
	r := newRig(t, nil)
	acct := ids.New()
	r.add(t, acct, "a")
	r.add(t, acct, "a")
	cases := []struct{ name, cursor string }{
		{"garbage", "not-a-cursor"},
		{"no sort key", "eyJvZmZzZXQiOiIyIn0"},              // {"offset":"2"}
		{"another list's key", "eyJzayI6IkNSRUQjMDAwIn0"},   // {"sk":"CRED#000"}
		{"events cursor", "eyJhZnRlciI6IjIwMjYtMDEtMDEifQ"}, // {"after":"2026-01-01"}
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, _, err := r.store.List(context.Background(), acct, jobs.Filter{}, 1, c.cursor)
			if !apperr.Is(err, apperr.ValidationFailed) {
				t.Fatalf("List with cursor %q = %v, want validation_failed", c.cursor, err)
			}
		})
	}
}

func TestGetOtherAccountsJobIsNotFound(t *testing.T) {
	r := newRig(t, nil)
	j := r.add(t, ids.New(), "a")
	if _, err := r.store.Get(context.Background(), ids.New(), j.ID); err != jobs.ErrNotFound {
		t.Fatalf("Get under another account = %v, want ErrNotFound", err)
	}
}

func TestWaitReturnsWhenJobEnds(t *testing.T) {
	release := make(chan struct{})
	r := newRig(t, map[string]jobs.Runner{"slow": jobs.RunnerFunc(func(context.Context, *jobs.Run) (any, error) {
		<-release
		return "ok", nil
	})})
	acct := ids.New()
	j := r.add(t, acct, "slow")
	go func() { _ = r.worker.Process(context.Background(), acct, j.ID) }()

	// The caller's context ends long before the requested wait: if Wait
	// did not notice the job's end it would return the job still running.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	done := make(chan jobs.Job, 1)
	go func() {
		got, err := r.store.Wait(ctx, acct, j.ID, jobs.MaxWait)
		if err != nil {
			t.Error(err)
		}
		done <- got
	}()
	close(release)
	got := <-done
	if got.Status != jobs.Completed {
		t.Fatalf("Wait returned status %q, want completed", got.Status)
	}
}

func TestWaitZeroReadsOnce(t *testing.T) {
	r := newRig(t, nil)
	acct := ids.New()
	j := r.add(t, acct, "a")
	got, err := r.store.Wait(context.Background(), acct, j.ID, 0)
	if err != nil || got.Status != jobs.Queued || got.ID != j.ID {
		t.Fatalf("Wait(0) = %+v, %v; want the queued job", got, err)
	}
	if _, err := r.store.Wait(context.Background(), acct, ids.Sortable(), time.Second); err != jobs.ErrNotFound {
		t.Fatalf("Wait on a missing job = %v, want ErrNotFound", err)
	}
}
