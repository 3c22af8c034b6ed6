// Package audit22h audits the README's API notes on sites and scans,
// keywords, research and rank, and push integrations, black-box over HTTP
// against a dev stack: each test names the README sentence it checks.
package audit22h

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestSitePatchLimitsAndClears: PATCH /sites/{site_id} as the README's
// "Sites and scans" states it: brand_name, website_url and writing cannot
// be null (422 validation_failed with details), website_url takes 2,048
// characters and refuses 2,049, brand_voice's 4,000-character limit
// applies after normalisation, writing fields clear with null or "", and
// an empty body returns the site unchanged.
func TestSitePatchLimitsAndClears(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "https://patch-audit22h.example.org/")
	path := "/sites/" + acct.SiteID
	c := acct.Client
	for _, body := range []map[string]any{{"brand_name": nil}, {"website_url": nil}, {"writing": nil}, {"avatar_url": "http://patch-audit22h.example.org/logo.png"}, {"brand_name": ""}, {"avatar_url": "https://127.0.0.1/logo.png"}, {"website_url": "ftp://patch-audit22h.example.org/"}, {"brand_name": strings.Repeat("b", 121)}} {
		e := c.Agent(t, "PATCH", path, body).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
		if e["details"] == nil || e["error"] == "" {
			t.Fatalf("PATCH %v: error without details: %v", body, e)
		}
	}
	base := "https://patch-audit22h.example.org/"
	ok := base + strings.Repeat("a", 2048-len(base))
	site := c.Agent(t, "PATCH", path, map[string]any{"website_url": ok}).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	if site["website_url"] != ok {
		t.Fatalf("website_url = %v", site["website_url"])
	}
	c.Agent(t, "PATCH", path, map[string]any{"website_url": ok + "a"}).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")

	// 4,000 characters once each line is trimmed and blank lines dropped.
	line := strings.Repeat("v", 999)
	voice := "  " + line + "  \r\n\n" + line + "\r\n   \n" + line + "\n" + line + "\n\n"
	site = c.Agent(t, "PATCH", path, map[string]any{"writing": map[string]any{"brand_voice": voice, "tone": "Friendly"}}).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	w := site["writing"].(map[string]any)
	if got := w["brand_voice"].(string); len(got) != 3999 || strings.Contains(got, "\r") || strings.Contains(got, " ") {
		t.Fatalf("brand_voice normalised to %d characters: %q", len(got), got[:20])
	}
	c.Agent(t, "PATCH", path, map[string]any{"writing": map[string]any{"brand_voice": voice + line + "vv"}}).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")

	c.Agent(t, "PATCH", path, map[string]any{"brand_name": strings.Repeat("b", 120), "avatar_url": "https://cdn.example.com/logo.png"}).Expect(t, http.StatusOK)
	// Unknown and read-only fields are ignored.
	was := c.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	ro := c.Agent(t, "PATCH", path, map[string]any{"id": "x", "status": "archived", "kind": "studio", "scan_status": "queued", "created_at": "2020-01-01T00:00:00Z", "color": "red"}).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	for _, f := range []string{"id", "status", "kind", "scan_status", "created_at"} {
		if ro[f] != was[f] {
			t.Fatalf("read-only %s changed from %v to %v", f, was[f], ro[f])
		}
	}
	if _, ok := ro["color"]; ok {
		t.Fatalf("unknown field kept: %v", ro)
	}
	before := c.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)["site"]
	after := c.Agent(t, "PATCH", path, map[string]any{}).Expect(t, http.StatusOK).JSON(t)["site"]
	if b, a := before.(map[string]any), after.(map[string]any); b["website_url"] != a["website_url"] || b["brand_name"] != a["brand_name"] {
		t.Fatalf("empty PATCH changed the site: %v -> %v", b, a)
	}
	site = c.Agent(t, "PATCH", path, map[string]any{"writing": map[string]any{"tone": nil, "brand_voice": ""}, "product_description": ""}).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	w = site["writing"].(map[string]any)
	if (w["tone"] != nil && w["tone"] != "") || (w["brand_voice"] != nil && w["brand_voice"] != "") {
		t.Fatalf("writing after clearing: %v", w)
	}
}
