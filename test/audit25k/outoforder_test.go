package audit25k

import (
	"net/http"
	"testing"
	"time"

	"rvcontent/shared/platform/payments"
)

// TestDeclineReportedAfterThePaymentLeavesThePlanActive: README
// ("Billing, credits and Studio sites"): "Stripe delivers webhooks in any
// order", and spec 2 Billing: paid is "an invoice has been paid and the
// plan is current". The trial's first invoice is declined at the trial's
// end, then paid by Stripe's retry; Stripe delivers the invoice.paid
// before the earlier invoice.payment_failed of the same invoice. Before
// the fix the late decline moved the paid account to past_due (paid
// false, billing.payment_failed with a grace of 48 hours, after which
// generation stopped) although the invoice was paid. Now a decline of an
// invoice already paid changes nothing.
func TestDeclineReportedAfterThePaymentLeavesThePlanActive(t *testing.T) {
	env := stripeStack(t)
	c := newCustomer(t, env)
	start := env.Time(t)
	sendStripe(t, env, "checkout.session.completed", c.checkoutCompleted("trial", c.Subscription), start).Expect(t, http.StatusOK)
	if b := c.billing(t); b["status"] != "trialing" {
		t.Fatalf("after the trial's checkout: %v", b)
	}

	trialEnd := start.Add(payments.TrialDays * 24 * time.Hour)
	env.Advance(t, trialEnd.Sub(start).Seconds()+2*3600)
	failedAt, paidAt := trialEnd, trialEnd.Add(time.Hour)
	in := "in_Audit25kTrialEnd" + c.Subscription
	monthEnd := payments.AddMonths(trialEnd, 1)
	sendStripe(t, env, "invoice.paid", c.invoice(in, true, 4950, trialEnd, monthEnd), paidAt).Expect(t, http.StatusOK)
	if b := c.billing(t); b["status"] != "active" || b["paid"] != true {
		t.Fatalf("after the trial's end was paid: %v", b)
	}
	sendStripe(t, env, "invoice.payment_failed", c.invoice(in, false, 4950, trialEnd, monthEnd), failedAt).Expect(t, http.StatusOK)
	if b := c.billing(t); b["status"] != "active" || b["paid"] != true || b["past_due_since"] != nil {
		t.Errorf("after the paid invoice's earlier decline came late: %v, want active and paid", b)
	}
	if evs := c.Client.Events(t, "billing.payment_failed"); len(evs) != 0 {
		t.Errorf("billing.payment_failed for an invoice that is paid: %v", evs)
	}
}
