package audit25a

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestStudioSitesUnderKeysWithCommasAreEachCharged: spec 4.1
// ("Idempotency: every POST accepts Idempotency-Key (string, at most 255
// characters) ... Same key, same body within 24 hours: the original
// response is replayed") and spec 4.5 (POST /sites: "The card on file is
// charged at once for the rest of the period (prorated); only a
// successful charge creates the site"). API Gateway's adapter splits a
// header at its commas, and the handlers of POST /sites, POST
// /sites/{site_id}/restore and POST /billing/activate read only the first
// piece of the key for the processor's idempotency key, while the
// idempotency middleware read all of it. Two different keys that share
// their first piece ("studio,a" and "studio,b") were two requests to the
// API but one charge to the processor: the second Studio site was created
// active with the first one's charge replayed, never charged, and the
// subscription counted one Studio site for two.
func TestStudioSitesUnderKeysWithCommasAreEachCharged(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	env.PaidPlan(t, acct)
	c := acct.Client
	for i, key := range []string{"studio,a", "studio,b"} {
		var added struct {
			Site    struct{ ID, Status string } `json:"site"`
			Charged struct{ Amount float64 }    `json:"charged"`
		}
		c.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://studio-comma-" + string(rune('a'+i)) + ".example.org/", "site_name": "Studio"},
			"Idempotency-Key: "+key).Expect(t, http.StatusCreated).Decode(t, &added)
		if added.Site.Status != "active" {
			t.Fatalf("site added under %q: %+v", key, added)
		}
	}
	var charges struct {
		Charges []struct {
			Description, Status string
			IdempotencyKey      string `json:"idempotency_key"`
		}
	}
	env.Client().Do(t, "GET", "/_dev/pay/charges?account_id="+acct.ID, nil).Expect(t, http.StatusOK).Decode(t, &charges)
	var studio []string
	for _, ch := range charges.Charges {
		if strings.HasPrefix(ch.Description, "Studio sites") && ch.Status == "succeeded" {
			studio = append(studio, ch.IdempotencyKey)
		}
	}
	if len(studio) != 2 {
		t.Fatalf("Studio site charges after two sites added under keys %q and %q: %q, want two", "studio,a", "studio,b", studio)
	}
}

// TestIdempotencyKeysAreComparedAsSent: spec 4.1 ("every POST accepts
// Idempotency-Key (string, at most 255 characters). Same key, same body
// within 24 hours: the original response is replayed ... Same key,
// different body: 409 conflict"). "batch 7, item 1" and "batch 7,item 1"
// are two keys. API Gateway's adapter split the header at its commas and
// trimmed the pieces, so both read as "batch 7,item 1": the second request,
// a different article under a different key, was refused 409 conflict as
// a reuse of the first key.
func TestIdempotencyKeysAreComparedAsSent(t *testing.T) {
	env := testenv.Shared(t)
	acct := env.NewAccount(t, "")
	path := "/sites/" + acct.SiteID + "/articles"
	first := acct.Client.Agent(t, "POST", path, map[string]any{"title": "First"}, "Idempotency-Key: batch 7, item 1").Expect(t, http.StatusCreated)
	second := acct.Client.Agent(t, "POST", path, map[string]any{"title": "Second"}, "Idempotency-Key: batch 7,item 1").Expect(t, http.StatusCreated)
	if second.Header.Get("Idempotent-Replayed") != "" || first.JSON(t)["article"].(map[string]any)["id"] == second.JSON(t)["article"].(map[string]any)["id"] {
		t.Fatalf("the second key's request was replayed from the first's: %s", second.Body)
	}
	again := acct.Client.Agent(t, "POST", path, map[string]any{"title": "First"}, "Idempotency-Key: batch 7, item 1").Expect(t, http.StatusCreated)
	if again.Header.Get("Idempotent-Replayed") != "true" {
		t.Fatalf("the first key sent again with its body was not replayed: %s", again.Body)
	}
}
