package audit27c

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

// TestKeepIsNotOfferedWhileThePaymentIsPastDue: README, owner dashboard
// ("billing (... Studio sites: the quote's own sentence, add, schedule
// removal, keep or restore)"; "a refusal of a form the page no longer
// shows ... or of a button without fields comes back as a page of its
// own") and spec 4.5 (restore: "Same errors as adding a site"; README:
// "Trial, no plan, past due or lapsed: 402 paid_plan_required"). Defect:
// while a payment was past due, the Billing page and the site's own page
// offered "Keep" for a Studio site whose removal was scheduled, a button
// the API always refuses then (402 paid_plan_required, the last payment
// failed), where an archived site's Restore is replaced by the quote's
// sentence saying what it waits for. Keep is now likewise not offered
// while the quote is blocked, and both pages say why.
func TestKeepIsNotOfferedWhileThePaymentIsPastDue(t *testing.T) {
	env, acct := paidAccount(t)
	id := addStudio(t, acct, "keep-27c")["id"].(string)
	env.ReplaceCard(t, acct, "4000000000000341")
	env.AdvancePast(t, billing(t, acct)["current_period_end"].(string), time.Minute)
	env.RunScheduled(t)
	if b := billing(t, acct); b["status"] != "past_due" {
		t.Fatalf("billing after a declined renewal: %v, want past_due", b["status"])
	}
	acct.Client.Agent(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK)
	// What Keep would send is refused.
	acct.Client.Agent(t, "POST", "/sites/"+id+"/restore", nil, "Idempotency-Key: keep-27c").ExpectError(t, http.StatusPaymentRequired, "paid_plan_required")

	b := env.NewBrowser(t)
	env.SignIn(t, b, acct.Email, "/dashboard/billing")
	for _, path := range []string{"/dashboard/billing", "/dashboard/sites/" + id} {
		p := b.Get(t, path).Expect(t, http.StatusOK)
		if p.HasForm("/dashboard/sites/" + id + "/restore") {
			t.Errorf("%s offers Keep, which the API refuses while the payment is past due", path)
		}
		if got := words(p.Body); !strings.Contains(got, "waits: The last payment failed.") {
			t.Errorf("%s does not say why the site cannot be kept now:\n%s", path, got)
		}
	}
}
