package audit29q

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestPendingSiteLinksToItsPayment: README "Billing, credits and Studio
// sites": "An add or restore whose charge the bank wants authenticated
// answers 403 `human_required` with `action_url` to the payment's page
// ...: the site stays `pending` ... until the payment is made"; spec 4.9:
// "POST /billing/portal returns { portal } ...; the owner manages card,
// invoices and cancellation there"; README "Owner dashboard": billing
// shows "the processor's checkout or portal". Defect: only the agent's
// 403 named the payment's page. POST /billing/portal opened the portal
// without the waiting payment (its page offered no way to authenticate
// it), and neither the pending site's page nor its Billing row linked
// anywhere the owner could pay: both only said the site could be removed
// once the payment was through. Now, while a Studio site's charge waits
// for the cardholder, the portal link opens that payment's page (the
// action_url the 403 gave), and the site page and its Billing row offer
// "Complete the payment", which leads there.
func TestPendingSiteLinksToItsPayment(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	env.ReplaceCard(t, o.Account, "4000002500003155")
	refused := o.Client.Agent(t, "POST", "/sites", testenv.StudioSiteBody("audit29q-pay"), "Idempotency-Key: audit29q-pay").ExpectError(t, http.StatusForbidden, "human_required")
	env.PaymentWaiting(t, refused["action_url"].(string))
	list := o.StudioSites(t)
	if len(list) != 1 || list[0]["status"] != "pending" {
		t.Fatalf("Studio sites %v while the payment waits, want one pending", list)
	}
	id := list[0]["id"].(string)

	// The agent API hands the payment's page out again.
	portal := o.API(t, "POST", "/billing/portal", nil, http.StatusOK)["portal"].(map[string]any)["portal_url"].(string)
	env.PaymentWaiting(t, portal)

	for _, p := range []string{"/dashboard/sites/" + id, "/dashboard/billing"} {
		page := o.Browser.Get(t, p).Expect(t, http.StatusOK)
		if !strings.Contains(page.Body, "Complete the payment") || !page.HasForm("/dashboard/billing/portal") {
			t.Errorf("%s does not offer completing the pending site's payment:\n%s", p, page.Body)
			continue
		}
		to := o.Browser.Post(t, "/dashboard/billing/portal", page.Form(t, "/dashboard/billing/portal")).Redirect(t, http.StatusSeeOther, env.URL+"/")
		env.PaymentWaiting(t, to.String())
	}

	// The page completes it: the site becomes active.
	path := env.PaymentWaiting(t, portal)
	env.Client().Do(t, "POST", path+"/authenticate", nil)
	if st := o.API(t, "GET", "/sites/"+id, nil, http.StatusOK)["site"].(map[string]any)["status"]; st != "active" {
		t.Errorf("site status %v after the payment was authenticated on the portal link's page, want active", st)
	}
}

// TestPendingRestoreLinksToItsPayment: README "Billing, credits and Studio
// sites": a restore whose charge the bank wants authenticated leaves the
// site `pending` until the payment is made, and "Meanwhile another site
// change ... answers 409 `conflict` saying a payment waits"; README "Owner
// dashboard": "A Studio site whose `removes_at` has passed shows as
// archived ... with restore at the quote's price". Defect: a restore
// waiting for the cardholder kept its removes_at, so its page and its
// Billing row showed the site as archived and offered "Restore and pay",
// which answers 409, and no way to complete the payment that waited.
// Now both say it waits for its payment and offer "Complete the payment",
// and its page lists no credits until the payment is through.
func TestPendingRestoreLinksToItsPayment(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewPaidOwner(t)
	out := o.API(t, "POST", "/sites", testenv.StudioSiteBody("audit29q-back"), http.StatusCreated)
	id := out["site"].(map[string]any)["id"].(string)
	o.Client.WaitJob(t, out["scan_job_id"].(string))
	env.ArchiveStudioSite(t, o.Account, id)
	env.ReplaceCard(t, o.Account, "4000002500003155")
	o.Client.Agent(t, "POST", "/sites/"+id+"/restore", nil, "Idempotency-Key: audit29q-back").ExpectError(t, http.StatusForbidden, "human_required")
	if st := o.API(t, "GET", "/sites/"+id, nil, http.StatusOK)["site"].(map[string]any)["status"]; st != "pending" {
		t.Fatalf("site status %v while its restore's payment waits, want pending", st)
	}
	o.Client.Agent(t, "POST", "/sites/"+id+"/restore", nil).ExpectError(t, http.StatusConflict, "conflict")

	b := env.SignedIn(t, o.Account.Email)
	for _, p := range []string{"/dashboard/sites/" + id, "/dashboard/billing"} {
		page := b.Get(t, p).Expect(t, http.StatusOK)
		if page.HasForm("/dashboard/sites/" + id + "/restore") {
			t.Errorf("%s offers restoring the site whose restore's payment waits, which answers 409", p)
		}
		if !strings.Contains(page.Body, "waiting for its payment") || !strings.Contains(page.Body, "Complete the payment") {
			t.Errorf("%s does not say the site waits for its payment, offering to complete it:\n%s", p, page.Body)
		}
		if strings.Contains(page.Body, "Balances this period") {
			t.Errorf("%s lists the balances of the period the site's removal ended, as if they could be spent", p)
		}
	}
}
