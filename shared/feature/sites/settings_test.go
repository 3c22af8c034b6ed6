package sites_test

import (
	"context"
	"errors"
	"sort"
	"strings"
	"testing"
	"time"

	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/kernel/input"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/dynamotest"
)

func parse(t *testing.T, body string) (sites.Patch, error) {
	t.Helper()
	o, err := input.Parse([]byte(body))
	if err != nil {
		t.Fatal(err)
	}
	return sites.ParsePatch(o)
}

func TestParsePatch(t *testing.T) {
	p, err := parse(t, `{"brand_name":" Acme ","product_description":"","avatar_url":null,"writing":{"brand_voice":" a \r\n\r\n b ","tone":""}}`)
	if err != nil {
		t.Fatal(err)
	}
	if p.BrandName.Value != "Acme" || !p.ProductDescription.Null || !p.AvatarURL.Null || p.BrandVoice.Value != "a\nb" || !p.Tone.Null || p.WebsiteURL.Sent || p.Audience.Sent {
		t.Fatalf("patch %+v", p)
	}
	_, err = parse(t, `{"brand_name":null,"website_url":null,"writing":{"brand_voice":"`+strings.Repeat("x", 4001)+`"}}`)
	var e *apperr.Error
	if !errors.As(err, &e) || len(e.Details) != 3 {
		t.Fatalf("error %v", err)
	}
	// writing is an object: null is refused rather than ignored; a bare
	// CR is no line break.
	for _, body := range []string{`{"writing":null}`, `{"product_description":"a\rb"}`, `{"writing":{"brand_voice":"rule a\rrule b"}}`} {
		if _, err := parse(t, body); !apperr.Is(err, apperr.ValidationFailed) {
			t.Errorf("%s: %v, want validation_failed", body, err)
		}
	}
	// Blank lines do not count against the brand voice limit.
	if _, err := parse(t, `{"writing":{"brand_voice":"`+strings.Repeat("x", 4000)+strings.Repeat(`\n`, 50)+`"}}`); err != nil {
		t.Fatalf("4000 characters and blank lines: %v", err)
	}
}

// userSet returns the item's user-set fields, sorted (a string set has no
// order).
func userSet(it sites.Item) string {
	f := append([]string(nil), it.UserSet...)
	sort.Strings(f)
	return strings.Join(f, ",")
}

func setup(t *testing.T) (*sites.Settings, context.Context, sites.Item) {
	t.Helper()
	if testing.Short() {
		t.Skip("needs DynamoDB Local")
	}
	table := dynamotest.Table(t)
	clk := &clock.Fixed{T: time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)}
	name := "Given Name"
	it := sites.NewPrimary(ids.New(), ids.New(), "https://acme.example.com/", &name, nil, "https://dash.example.com", clk.T)
	if err := table.Put(context.Background(), it); err != nil {
		t.Fatal(err)
	}
	p := auth.Principal{AccountID: it.AccountID, Actor: auth.Actor{Type: auth.ActorAgent, ID: "key-1", Name: "Agent"}}
	return &sites.Settings{Table: table, Clock: clk, Store: &sites.Store{Table: table}}, auth.With(context.Background(), p), it
}

// TestUserSetFields: PATCH marks brand fields as the user's, clearing
// hands them back to the scan, and a scan fills only what is not the
// user's.
func TestUserSetFields(t *testing.T) {
	s, ctx, it := setup(t)
	p, _ := parse(t, `{"avatar_url":"https://cdn.example.com/a.png","writing":{"tone":"Friendly"}}`)
	site, err := s.Update(ctx, it.ID, p)
	if err != nil || *site.AvatarURL != "https://cdn.example.com/a.png" || *site.Writing.Tone != "Friendly" || *site.BrandName != "Given Name" {
		t.Fatalf("site %+v, %v", site, err)
	}
	got, _ := s.Store.GetItem(ctx, it.AccountID, it.ID)
	if userSet(got) != "avatar_url,brand_name" {
		t.Fatalf("user set %v", got.UserSet)
	}

	p, _ = parse(t, `{"avatar_url":null,"product_description":"Mine"}`)
	if _, err := s.Update(ctx, it.ID, p); err != nil {
		t.Fatal(err)
	}
	got, _ = s.Store.GetItem(ctx, it.AccountID, it.ID)
	if userSet(got) != "brand_name,product_description" || got.AvatarURL != nil || *got.Writing.Tone != "Friendly" {
		t.Fatalf("item %+v", got)
	}

	scan := sites.Brand{BrandName: "Scanned", ProductDescription: "Scanned description", AvatarURL: "https://acme.example.com/logo.png"}
	tx := &dynamo.Tx{}
	filled := sites.FillBrandIn(tx, got, scan, sites.ScanCompleted)
	if strings.Join(filled, ",") != "avatar_url" {
		t.Fatalf("filled %v", filled)
	}
	if err := s.Table.Commit(ctx, tx, nil); err != nil {
		t.Fatal(err)
	}
	after, _ := s.Store.Get(ctx, it.AccountID, it.ID)
	if *after.BrandName != "Given Name" || *after.ProductDescription != "Mine" || *after.AvatarURL != scan.AvatarURL || after.ScanStatus != sites.ScanCompleted {
		t.Fatalf("site after the scan %+v", after)
	}
}

// TestFillBrandRacesPatch: a scan that read the site before a PATCH set a
// field cannot overwrite it; its commit fails and it must read again.
func TestFillBrandRacesPatch(t *testing.T) {
	s, ctx, it := setup(t)
	read, _ := s.Store.GetItem(ctx, it.AccountID, it.ID)
	p, _ := parse(t, `{"product_description":"Typed meanwhile"}`)
	if _, err := s.Update(ctx, it.ID, p); err != nil {
		t.Fatal(err)
	}
	tx := &dynamo.Tx{}
	sites.FillBrandIn(tx, read, sites.Brand{ProductDescription: "From the scan"}, sites.ScanCompleted)
	if err := s.Table.Commit(ctx, tx, nil); !errors.Is(err, dynamo.ErrConditionFailed) {
		t.Fatalf("stale fill committed: %v", err)
	}
	if got, _ := s.Store.Get(ctx, it.AccountID, it.ID); *got.ProductDescription != "Typed meanwhile" {
		t.Fatalf("description %q", *got.ProductDescription)
	}
}

func TestUpdateUnknownSite(t *testing.T) {
	s, ctx, _ := setup(t)
	p, _ := parse(t, `{"brand_name":"X"}`)
	if _, err := s.Update(ctx, ids.New(), p); !apperr.Is(err, apperr.NotFound) {
		t.Fatalf("error %v", err)
	}
}
