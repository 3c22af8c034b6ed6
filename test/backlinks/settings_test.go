package backlinks_test

import (
	"net/http"
	"strings"
	"testing"
)

// TestSettingsRules walks PATCH /sites/{site_id}/backlinks (spec 4.7).
func TestSettingsRules(t *testing.T) {
	m := paidMember(t, "settings")
	o := m.Overview(t)
	if o["paid"] != true || num(t, o, "credits", "balance") != 30 {
		t.Fatalf("paid member's overview: %v", o)
	}

	tags16 := make([]string, 16)
	for i := range tags16 {
		tags16[i] = "tag" + string(rune('a'+i))
	}
	wantFields(t, m.BL(t, "PATCH", "", map[string]any{
		"opted_in": "yes", "max_links_per_article": 3, "niche": strings.Repeat("n", 121),
		"topic_tags": []string{"ok", "x"}, "blocked_categories": []string{"crypto", "casino"},
	}), "opted_in", "max_links_per_article", "niche", "topic_tags[1]", "blocked_categories[1]")
	wantFields(t, m.BL(t, "PATCH", "", map[string]any{"topic_tags": tags16, "max_links_per_article": nil, "opted_in": nil}),
		"opted_in", "max_links_per_article", "topic_tags")
	wantFields(t, m.BL(t, "PATCH", "", map[string]any{"max_links_per_article": 1.5}), "max_links_per_article")

	// Opting in needs a verified domain: 409 conflict.
	m.BL(t, "PATCH", "", map[string]any{"opted_in": true}).ExpectError(t, http.StatusConflict, "conflict")

	got := m.BL(t, "PATCH", "", map[string]any{
		"max_links_per_article": 2, "niche": "  Specialty coffee  ", "topic_tags": []string{"coffee", "Coffee", "espresso"},
		"blocked_categories": []string{"crypto", "gambling", "crypto"},
	}).Expect(t, http.StatusOK).JSON(t)["backlinks"].(map[string]any)
	if got["niche"] != "Specialty coffee" || num(t, got, "max_links_per_article") != 2 ||
		!equalJSON(got["topic_tags"], []string{"coffee", "espresso"}) || !equalJSON(got["blocked_categories"], []string{"crypto", "gambling"}) {
		t.Fatalf("after PATCH: %v", got)
	}
	got = m.BL(t, "PATCH", "", map[string]any{"niche": nil, "topic_tags": nil, "max_links_per_article": 0}).Expect(t, http.StatusOK).JSON(t)["backlinks"].(map[string]any)
	if got["niche"] != nil || !equalJSON(got["topic_tags"], []string{}) || num(t, got, "max_links_per_article") != 0 ||
		!equalJSON(got["blocked_categories"], []string{"crypto", "gambling"}) {
		t.Fatalf("after clearing: %v", got)
	}

	m.Verify(t)
	got = m.BL(t, "PATCH", "", map[string]any{"opted_in": true}).Expect(t, http.StatusOK).JSON(t)["backlinks"].(map[string]any)
	if got["opted_in"] != true || got["status"] != "verified" || got["domain"] != m.Host {
		t.Fatalf("opted in: %v", got)
	}
	// Opting out always works.
	got = m.BL(t, "PATCH", "", map[string]any{"opted_in": false}).Expect(t, http.StatusOK).JSON(t)["backlinks"].(map[string]any)
	if got["opted_in"] != false {
		t.Fatalf("opted out: %v", got)
	}
}
