package audit22j

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestRestoreAndRemoveOutsideTheirTransitions: spec 3 allows POST
// /sites/{site_id}/restore on a Studio site "still running with future
// `removes_at`" (no charge) or `archived` (prorated charge), and DELETE on
// a Studio site (the primary returns 409). Restoring a running Studio site
// with no removal scheduled, or the primary site, is no transition: it
// must charge nothing and change nothing (the Studio site answers 200 with
// charged null, the primary 409 conflict), and a second DELETE keeps the
// first removal.
func TestRestoreAndRemoveOutsideTheirTransitions(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	env.PaidPlan(t, acct)
	c := acct.Client
	site := c.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://studio-22j.example.org/", "site_name": "Studio"}, "Idempotency-Key: studio-22j").
		Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)
	id := site["id"].(string)
	before := c.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)

	for _, target := range []string{id, acct.SiteID} {
		resp := c.Agent(t, "POST", "/sites/"+target+"/restore", nil, "Idempotency-Key: r-"+target)
		if target == acct.SiteID {
			resp.ExpectError(t, http.StatusConflict, "conflict") // spec 4.5: the primary is never removed
		} else {
			resp.Expect(t, http.StatusOK)
			if ch := resp.JSON(t)["charged"]; ch != nil {
				t.Errorf("restoring running site %s charged %v", target, ch)
			}
		}
		s := c.Agent(t, "GET", "/sites/"+target, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
		if s["status"] != "active" || s["removes_at"] != nil {
			t.Errorf("site %s after the restore: %v", target, s)
		}
	}
	after := c.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any)
	if after["studio_sites"] != before["studio_sites"] || after["monthly_total"] != before["monthly_total"] {
		t.Errorf("billing changed by restoring running sites: %v -> %v", before, after)
	}
	// Scheduled twice: the second DELETE keeps the same removal and one event.
	first := c.Agent(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	resp := c.Agent(t, "DELETE", "/sites/"+id, nil)
	resp.Expect(t, http.StatusOK)
	s := c.Agent(t, "GET", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	if s["removes_at"] != first["removes_at"] || s["status"] != "active" {
		t.Errorf("after a second DELETE: %v (first set removes_at %v)", s, first["removes_at"])
	}
	if n := len(c.Events(t, "site.removal_scheduled")); n != 1 {
		t.Errorf("%d site.removal_scheduled events, want 1", n)
	}
}

// TestRestoreOfAnArchivedSiteNeedsItsCharge: spec 3, "`POST
// /sites/{site_id}/restore` | `archived` | active again | prorated charge;
// articles return"; spec 4.5: restore has "Same errors as adding a site",
// and only a successful charge creates (here: brings back) the site. With
// a card that is declined the site stays archived with its archived_at;
// with one that needs the cardholder it is pending while the payment waits
// for the cardholder (test/audit27h), and back to archived once that
// lapses unpaid; studio_sites does not move and no site event is
// recorded; a working card then restores it.
func TestRestoreOfAnArchivedSiteNeedsItsCharge(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	env.PaidPlan(t, acct)
	c := acct.Client
	site := c.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://studio-22j-r.example.org/", "site_name": "Studio"}, "Idempotency-Key: studio-22j-r").
		Expect(t, http.StatusCreated).JSON(t)["site"].(map[string]any)
	id := site["id"].(string)
	removed := c.Agent(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	env.AdvancePast(t, removed["removes_at"].(string), time.Minute)
	env.RunScheduled(t)
	archived := c.Agent(t, "GET", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	if archived["status"] != "archived" || archived["archived_at"] == nil {
		t.Fatalf("after the removal time: %v", archived)
	}
	if n := len(c.Events(t, "site.archived")); n != 1 {
		t.Fatalf("%d site.archived events, want 1", n)
	}
	since := env.Now(t)
	portal := c.Agent(t, "POST", "/billing/portal", nil).Expect(t, http.StatusOK).JSON(t)["portal"].(map[string]any)["portal_url"].(string)
	for _, card := range []struct{ number, code string }{{"4000000000000341", "payment_failed"}, {"4000002500003155", "human_required"}} {
		env.Client().Do(t, "POST", strings.TrimPrefix(portal, env.URL)+"/card", map[string]any{"card": card.number}).Expect(t, http.StatusOK)
		resp := c.Agent(t, "POST", "/sites/"+id+"/restore", nil, "Idempotency-Key: restore-"+card.number)
		if code := resp.ErrorCode(t); code != card.code {
			t.Errorf("restore with card %s: %d %s, want %s", card.number, resp.Status, resp.Body, card.code)
		}
		s := c.Agent(t, "GET", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
		want := "archived"
		if card.code == "human_required" {
			want = "pending" // the payment waits for the cardholder
		}
		if s["status"] != want || s["archived_at"] != archived["archived_at"] {
			t.Errorf("after a refused restore (card %s): %v", card.number, s)
		}
		if b := c.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any); b["studio_sites"] != 0.0 {
			t.Errorf("studio_sites %v after a refused restore", b["studio_sites"])
		}
	}
	if evs := c.EventsSince(t, since); len(evs) != 0 {
		for _, e := range evs {
			if strings.HasPrefix(e.Type, "site.") {
				t.Errorf("event %s after refused restores", e.Type)
			}
		}
	}
	env.Advance(t, (24 * time.Hour).Seconds()) // the waiting payment lapses unpaid
	portal = c.Agent(t, "POST", "/billing/portal", nil).Expect(t, http.StatusOK).JSON(t)["portal"].(map[string]any)["portal_url"].(string)
	env.Client().Do(t, "POST", strings.TrimPrefix(portal, env.URL)+"/card", map[string]any{"card": testenv.TestCardOK}).Expect(t, http.StatusOK)
	out := c.Agent(t, "POST", "/sites/"+id+"/restore", nil, "Idempotency-Key: restore-ok").Expect(t, http.StatusOK).JSON(t)
	s := out["site"].(map[string]any)
	if ch, _ := out["charged"].(map[string]any); ch == nil || ch["amount"].(float64) <= 0 || s["status"] != "active" || s["archived_at"] != nil || s["removes_at"] != nil {
		t.Fatalf("restored: %v", out)
	}
	if b := c.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any); b["studio_sites"] != 1.0 {
		t.Errorf("studio_sites %v after the restore", b["studio_sites"])
	}
}
