package billing_test

import (
	"net/http"
	"testing"
)

// GET /sites pages with its own cursors; a cursor another list issued (a
// site's integrations, which also pages by position) answers 422 like a
// made-up one (README: a cursor the list did not issue answers 422).
func TestSiteListCursors(t *testing.T) {
	r := newRig(t)
	r.active(t, cardOK)
	studio := r.api(t, "POST", "/sites", newSite("paged", nil), "Idempotency-Key: paged").Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)
	first := r.api(t, "GET", "/sites?limit=1", nil).Expect(t, http.StatusOK).JSON(t)
	cursor, _ := first["next_cursor"].(string)
	if cursor == "" {
		t.Fatalf("first page of two sites: next_cursor %v", first["next_cursor"])
	}
	second := r.api(t, "GET", "/sites?limit=1&cursor="+cursor, nil).Expect(t, http.StatusOK).JSON(t)
	if list := second["sites"].([]any); len(list) != 1 || list[0].(map[string]any)["id"] != studio["id"] || second["next_cursor"] != nil {
		t.Fatalf("second page = %v, want the Studio site and no next_cursor", second)
	}
	integrations := r.api(t, "GET", "/sites/"+r.acct.SiteID+"/integrations?limit=1", nil).Expect(t, http.StatusOK).JSON(t)
	other, _ := integrations["next_cursor"].(string)
	if other == "" {
		t.Fatalf("integrations?limit=1: next_cursor %v", integrations["next_cursor"])
	}
	for _, c := range []string{other, "eyJvZmZzZXQiOiIxIn0"} { // {"offset":"1"}: made up
		e := r.api(t, "GET", "/sites?limit=1&cursor="+c, nil).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
		if d, _ := e["details"].([]any); len(d) != 1 || d[0].(map[string]any)["field"] != "cursor" {
			t.Fatalf("cursor %s: details %v, want cursor", c, e["details"])
		}
	}
}
