package sitekeys_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"rvcontent/shared/feature/sitekeys"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/dynamotest"
)

func newService(t *testing.T) (*sitekeys.Service, context.Context, string, *clock.Fixed) {
	t.Helper()
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	table := dynamotest.Table(t)
	clk := &clock.Fixed{T: time.Date(2026, 5, 1, 12, 0, 0, 0, time.UTC)}
	account := ids.New()
	site := sites.NewPrimary(account, ids.New(), "https://acme.com", nil, nil, "https://dash", clk.Now())
	if err := table.Put(context.Background(), site); err != nil {
		t.Fatal(err)
	}
	if err := table.Put(context.Background(), map[string]string{"pk": dynamo.AccountPK(account), "sk": dynamo.AccountSK}); err != nil {
		t.Fatal(err)
	}
	ctx := auth.With(context.Background(), auth.Principal{AccountID: account, Actor: auth.Actor{Type: auth.ActorAgent, ID: "a", Name: "agent"}})
	return &sitekeys.Service{Table: table, Clock: clk, Sites: &sites.Store{Table: table}}, ctx, site.ID, clk
}

func TestKeyLifecycle(t *testing.T) {
	s, ctx, site, clk := newService(t)
	k, err := s.Create(ctx, site, sitekeys.NewKey{})
	if err != nil || k.Key == "" {
		t.Fatalf("create: %+v, %v", k, err)
	}
	h, err := s.Authenticate(context.Background(), k.Key)
	if err != nil || h.SiteID != site || h.KeyID != k.ID {
		t.Fatalf("authenticate: %+v, %v", h, err)
	}
	clk.Add(30 * time.Second)
	list, _, _ := s.List(ctx, site, 50, "")
	if len(list) != 1 || list[0].LastUsedAt == nil || *list[0].LastUsedAt != "2026-05-01T12:00:00.000000Z" || list[0].Key != "" {
		t.Fatalf("list after use: %+v", list)
	}
	// Busy keys write last_used_at at most once a minute.
	if _, err := s.Authenticate(context.Background(), k.Key); err != nil {
		t.Fatal(err)
	}
	list, _, _ = s.List(ctx, site, 50, "")
	if *list[0].LastUsedAt != "2026-05-01T12:00:00.000000Z" {
		t.Fatalf("touched again within a minute: %s", *list[0].LastUsedAt)
	}
	if _, err := s.Revoke(ctx, site, k.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Authenticate(context.Background(), k.Key); !errors.Is(err, sitekeys.ErrUnauthorized) {
		t.Fatalf("revoked key: %v", err)
	}
	if _, err := s.Revoke(ctx, site, k.ID); apperr.CodeOf(err) != apperr.NotFound {
		t.Fatalf("second revoke: %v", err)
	}
}

func TestKeysPerSiteLimit(t *testing.T) {
	s, ctx, site, _ := newService(t)
	var first sitekeys.SiteKey
	for i := 0; i < sitekeys.MaxPerSite; i++ {
		k, err := s.Create(ctx, site, sitekeys.NewKey{})
		if err != nil {
			t.Fatalf("key %d: %v", i+1, err)
		}
		if i == 0 {
			first = k
		}
	}
	if _, err := s.Create(ctx, site, sitekeys.NewKey{}); apperr.CodeOf(err) != apperr.Conflict {
		t.Fatalf("key %d: %v, want conflict", sitekeys.MaxPerSite+1, err)
	}
	if _, err := s.Revoke(ctx, site, first.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Create(ctx, site, sitekeys.NewKey{}); err != nil {
		t.Fatalf("after a revocation: %v", err)
	}
	var count struct {
		N int `dynamodbav:"n"`
	}
	if err := s.Table.Get(context.Background(), dynamo.SitePK(site), dynamo.SiteKeyCountSK, &count); err != nil || count.N != sitekeys.MaxPerSite {
		t.Fatalf("count %d, %v", count.N, err)
	}
	if _, _, err := s.List(ctx, ids.New(), 50, ""); apperr.CodeOf(err) != apperr.NotFound {
		t.Fatalf("another site: %v", err)
	}
}
