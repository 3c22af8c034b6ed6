package audit27j

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestStripeLinksWorkUntilTheirExpiresAt: spec 2, "Checkout link
// `checkout` {... `expires_at` ...}" and "Portal link `portal`
// {`portal_url`, `expires_at`}"; spec 8, "Checkout link / portal link | 7
// days / 24 hours"; README, billing: with Stripe the links are the
// service's own, "valid 24 hours" and "Every link works for 7 days".
// Defect: the service's own link named its end in whole Unix seconds
// (the fraction cut off) while expires_at kept the microseconds, so in the
// last fraction of a second before its expires_at a link already
// answered the "has expired" 404 page. Now the link's end is a whole
// second no earlier than asked, and expires_at is that end: the link
// opens until expires_at and not at it.
func TestStripeLinksWorkUntilTheirExpiresAt(t *testing.T) {
	env, _ := testenv.StartStripe(t)
	a := env.NewAccount(t, "")
	lateInSecond(t, env)
	issued := clockAt(t, env)
	co := a.Client.Agent(t, "POST", "/billing/checkout", nil).Expect(t, http.StatusOK).JSON(t)["checkout"].(map[string]any)
	checkoutURL, _ := co["checkout_url"].(string)
	checkoutEnd := parseAt(t, co["expires_at"])
	env.SendStripe(t, "checkout.session.completed", testenv.StripeCheckoutCompleted(a.ID, "cus_Audit27jLinks", "trial", "sub_Audit27jLinks"), nil).Expect(t, http.StatusOK)
	p := a.Client.Agent(t, "POST", "/billing/portal", nil).Expect(t, http.StatusOK).JSON(t)["portal"].(map[string]any)
	portalURL, _ := p["portal_url"].(string)
	portalEnd := parseAt(t, p["expires_at"])
	if !strings.HasPrefix(portalURL, env.URL+"/portal/") || !strings.HasPrefix(checkoutURL, env.URL+"/checkout/") {
		t.Fatalf("links %q and %q are not the service's own", checkoutURL, portalURL)
	}
	if portalEnd.Before(issued.Add(24*time.Hour)) || portalEnd.After(issued.Add(24*time.Hour+2*time.Second)) {
		t.Fatalf("portal expires_at %s, want 24 hours after %s", portalEnd, issued)
	}

	// The portal link, 0.1 seconds before its expires_at: it still opens.
	moveTo(t, env, portalEnd.Add(-100*time.Millisecond))
	if r := env.Client().Do(t, "GET", strings.TrimPrefix(portalURL, env.URL), nil); r.Status != http.StatusSeeOther {
		t.Errorf("portal link opened 0.1 s before its expires_at %s: %d, want 303 to the portal: %.200s", portalEnd.Format(time.RFC3339Nano), r.Status, r.Body)
	}
	moveTo(t, env, portalEnd)
	if r := env.Client().Do(t, "GET", strings.TrimPrefix(portalURL, env.URL), nil); r.Status != http.StatusNotFound {
		t.Errorf("portal link opened at its expires_at: %d, want the 404 page", r.Status)
	}

	// The checkout link (of an account whose checkout mode changed since,
	// so it answers the 409 page while valid, the 404 page once expired).
	moveTo(t, env, checkoutEnd.Add(-100*time.Millisecond))
	if r := env.Client().Do(t, "GET", strings.TrimPrefix(checkoutURL, env.URL), nil); r.Status == http.StatusNotFound {
		t.Errorf("checkout link opened 0.1 s before its expires_at %s: 404 (expired), want it still valid: %.200s", checkoutEnd.Format(time.RFC3339Nano), r.Body)
	}
	moveTo(t, env, checkoutEnd)
	if r := env.Client().Do(t, "GET", strings.TrimPrefix(checkoutURL, env.URL), nil); r.Status != http.StatusNotFound {
		t.Errorf("checkout link opened at its expires_at: %d, want the 404 page", r.Status)
	}
}
