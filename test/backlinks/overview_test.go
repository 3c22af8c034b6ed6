package backlinks_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestOverviewOfANewSite reads the overview of a site that never used the
// exchange: every field, with its default.
func TestOverviewOfANewSite(t *testing.T) {
	m := newMember(t, "fresh")
	got := m.BL(t, "GET", "", nil).Expect(t, http.StatusOK).JSON(t)
	want := map[string]any{"backlinks": map[string]any{
		"site_id": m.Site, "paid": false, "domain": nil, "status": nil, "verified_at": nil, "opted_in": false,
		"authority_score": 0.0, "tier": 1.0, "reputation": 0.0, "niche": nil, "topic_tags": []any{},
		"blocked_categories": []any{}, "max_links_per_article": 1.0,
		"credits":      map[string]any{"balance": 0.0, "escrowed": 0.0, "lifetime_earned": 0.0, "lifetime_spent": 0.0},
		"counts":       map[string]any{"live_inbound": 0.0, "live_hosted": 0.0, "in_progress": 0.0},
		"verification": nil,
	}}
	if !equalJSON(got, want) {
		t.Fatalf("overview\n got %v\nwant %v", got, want)
	}
	for _, path := range []string{"/targets", "/placements"} {
		list := m.BL(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)
		name := strings.TrimPrefix(path, "/")
		if items, ok := list[name].([]any); !ok || len(items) != 0 || list["next_cursor"] != nil {
			t.Fatalf("GET %s = %v", path, list)
		}
	}
}

// TestChangesNeedThePaidPlan: reads work on a trial, every change answers
// 402 paid_plan_required.
func TestChangesNeedThePaidPlan(t *testing.T) {
	m := newMember(t, "trial")
	m.Env.Trial(t, m.Acct, testenv.TestCardOK)
	if o := m.Overview(t); o["paid"] != false {
		t.Fatalf("paid on a trial: %v", o["paid"])
	}
	target := map[string]any{"url": "https://" + m.Host + "/x", "anchors": []string{"aa", "bb", "cc"}}
	for _, c := range []struct {
		method, path string
		body         any
	}{
		{"PATCH", "", map[string]any{"niche": "Coffee"}},
		{"POST", "/domain", map[string]any{"domain": m.Host}},
		{"POST", "/domain/verify", nil},
		{"POST", "/targets", target},
		{"PATCH", "/targets/0190a5b2-0000-7000-8000-000000000000", map[string]any{"priority": 3}},
		{"DELETE", "/targets/0190a5b2-0000-7000-8000-000000000000", nil},
	} {
		m.BL(t, c.method, c.path, c.body).ExpectError(t, http.StatusPaymentRequired, "paid_plan_required")
	}
	m.BL(t, "GET", "/targets", nil).Expect(t, http.StatusOK)
	m.BL(t, "GET", "/placements", nil).Expect(t, http.StatusOK)
	// Removing a hosted link needs no plan: an unknown one is simply not found.
	m.BL(t, "DELETE", "/placements/0190a5b2-0000-7000-8000-000000000000", nil).ExpectError(t, http.StatusNotFound, "not_found")
}

// TestOtherAccountsSitesAreNotFound: another account's site answers
// exactly as a random id does, on every exchange endpoint.
func TestOtherAccountsSitesAreNotFound(t *testing.T) {
	me := paidMember(t, "me")
	other := newMember(t, "other")
	random := "0190a5b2-0000-7000-8000-000000000001"
	for _, c := range []struct {
		method, path string
		body         any
	}{
		{"GET", "", nil},
		{"PATCH", "", map[string]any{"niche": "Tea"}},
		{"POST", "/domain", map[string]any{"domain": other.Host}},
		{"POST", "/domain/verify", nil},
		{"GET", "/targets", nil},
		{"POST", "/targets", map[string]any{"url": "https://" + other.Host + "/x", "anchors": []string{"aa", "bb", "cc"}}},
		{"DELETE", "/targets/" + random, nil},
		{"GET", "/placements", nil},
		{"DELETE", "/placements/" + random, nil},
	} {
		theirs := me.API(t, c.method, "/sites/"+other.Site+"/backlinks"+c.path, c.body)
		unknown := me.API(t, c.method, "/sites/"+random+"/backlinks"+c.path, c.body)
		theirs.ExpectError(t, http.StatusNotFound, "not_found")
		if !bytes.Equal(theirs.Body, unknown.Body) {
			t.Fatalf("%s %s: another account's site answers %s, a random id %s", c.method, c.path, theirs.Body, unknown.Body)
		}
	}
}

// equalJSON compares two decoded JSON values.
func equalJSON(a, b any) bool {
	ja, _ := json.Marshal(a)
	jb, _ := json.Marshal(b)
	return bytes.Equal(ja, jb)
}

// TestAuthorityCountsPublishedArticles: 3 points per finished article with
// a live URL, at most 30; drafts and finished articles not yet published
// add nothing.
func TestAuthorityCountsPublishedArticles(t *testing.T) {
	m := paidMember(t, "author")
	m.Verify(t)
	authority := func(want int) {
		t.Helper()
		if got := num(t, m.Overview(t), "authority_score"); got != want {
			t.Fatalf("authority_score = %d, want %d", got, want)
		}
	}
	authority(20)
	m.publishArticle(t, "Grinding coffee at home", nil, "Burr grinders cut evenly.")
	authority(23)
	m.API(t, "POST", "/sites/"+m.Site+"/articles", map[string]any{"title": "A draft", "body_markdown": "Not yet."}).
		Expect(t, http.StatusCreated)
	finished := m.API(t, "POST", "/sites/"+m.Site+"/articles", map[string]any{"title": "Finished, not live", "body_markdown": "Soon."}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)["id"].(string)
	m.API(t, "POST", "/sites/"+m.Site+"/articles/"+finished+"/finish", nil).Expect(t, http.StatusOK)
	authority(23)
	for i := 2; i <= 12; i++ {
		m.publishArticle(t, fmt.Sprintf("Brewing note %d", i), nil, "Water at 94 degrees.")
		if i == 9 {
			authority(47)
		}
	}
	authority(50)
}
