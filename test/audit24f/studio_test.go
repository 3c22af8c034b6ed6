package audit24f

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestKeepingAStudioSiteNeedsASubscriptionThatGoesOn: spec 4.5 (POST
// /sites/{site_id}/restore: "Same errors as adding a site") and README
// ("POST /sites answers 201 ... a subscription set to cancel: 409
// conflict"; "When a subscription ends, every Studio site is archived").
// Cancelling a Studio site's scheduled removal while the subscription is
// itself set to end answered 200 with removes_at null, a site that by its
// own fields runs on, although it is archived with the subscription at the
// period's end, and billed one more Studio site on a subscription that
// will not renew. Like adding a site, it answers 409 conflict naming the
// cancellation, and the site keeps its removes_at.
func TestKeepingAStudioSiteNeedsASubscriptionThatGoesOn(t *testing.T) {
	env, acct, id, removed := removedStudioSite(t, "keep-audit24f", "keep-audit24f")
	c := acct.Client
	if removed["removes_at"] == nil {
		t.Fatalf("DELETE of a Studio site: %v", removed)
	}
	env.CancelAtPeriodEnd(t, acct)

	e := c.Agent(t, "POST", "/sites/"+id+"/restore", nil, "Idempotency-Key: keep-audit24f-restore").ExpectError(t, http.StatusConflict, "conflict")
	if msg, _ := e["error"].(string); !strings.Contains(msg, "set to end") {
		t.Errorf("restore while the subscription is set to end: %q does not say why", msg)
	}
	site := c.Agent(t, "GET", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	if site["removes_at"] != removed["removes_at"] || site["status"] != "active" {
		t.Fatalf("site after the refused restore: status %v, removes_at %v; want active, %v", site["status"], site["removes_at"], removed["removes_at"])
	}
	if b := c.Agent(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any); b["studio_sites"] != 0.0 {
		t.Fatalf("studio_sites after the refused restore = %v, want 0", b["studio_sites"])
	}
	// The owner's site page offers no Keep button the API would refuse,
	// and says what to do instead.
	env.Claim(t, acct)
	b := env.NewBrowser(t)
	page := "/dashboard/sites/" + id
	env.SignIn(t, b, acct.Email, page)
	p := b.Get(t, page).Expect(t, http.StatusOK, "resume the subscription first")
	if p.HasForm(page + "/restore") {
		t.Fatalf("the site page offers Keep while the subscription is set to end:\n%s", p.Body)
	}
}

// TestRestorePastRemovesAtChargesLikeAnArchivedSite: spec 3 ("POST
// /sites/{site_id}/restore | still running with future removes_at |
// removal cancelled, no charge" and "| archived | active again | prorated
// charge") and spec 2 ("A site is usable when status is active and
// removes_at is null or in the future"). A site whose removes_at has passed
// but which the scheduler has not archived yet is no longer running: a
// restore then is the archived site's (it is archived first, with one
// site.archived, then charged and active again), never the free keep; the
// scheduler's later run does not archive it again.
func TestRestorePastRemovesAtChargesLikeAnArchivedSite(t *testing.T) {
	env, acct, id, removed := removedStudioSite(t, "pastremoval-audit24f", "past-audit24f")
	c := acct.Client
	env.AdvancePast(t, removed["removes_at"].(string), 60*time.Second)

	var out struct {
		Site    map[string]any `json:"site"`
		Charged *struct {
			Amount   float64 `json:"amount"`
			Currency string  `json:"currency"`
		} `json:"charged"`
	}
	c.Agent(t, "POST", "/sites/"+id+"/restore", nil, "Idempotency-Key: past-audit24f-restore").Expect(t, http.StatusOK).Decode(t, &out)
	if out.Charged == nil || out.Charged.Amount <= 0 || out.Charged.Currency != "usd" {
		t.Fatalf("restore past removes_at charged %+v, want a prorated charge in usd", out.Charged)
	}
	if out.Site["status"] != "active" || out.Site["removes_at"] != nil || out.Site["archived_at"] != nil {
		t.Fatalf("site after the restore: %v", out.Site)
	}
	env.RunScheduled(t)
	if got := eventsOf(t, c, "site.archived"); len(got) != 1 || got[0]["site"].(map[string]any)["id"] != id {
		t.Fatalf("site.archived events = %v, want exactly one for the site", got)
	}
	site := c.Agent(t, "GET", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	if site["status"] != "active" || site["removes_at"] != nil {
		t.Fatalf("site after the next scheduled run: status %v, removes_at %v", site["status"], site["removes_at"])
	}
}
