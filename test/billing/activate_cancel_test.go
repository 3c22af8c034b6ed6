package billing_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/payments"
)

// POST /billing/activate racing the owner's cancel in the portal: the
// activation read the trial before the cancel and reaches the processor
// after it. A trial set to cancel is not charged (spec 4.9: only a trial
// not set to end may be activated): the processor refuses it on the
// subscription it would charge, and nothing is charged. Here the
// activation's late charge is made directly on the stack's processor,
// right after the cancel, as the racing request would.
func TestEndTrialRefusesATrialSetToCancel(t *testing.T) {
	r := newRig(t)
	r.trial(t, cardOK)
	r.portal(t, "cancel", nil).Expect(t, http.StatusOK)

	g := r.env.Stack.Graph
	ctx := context.Background()
	var rec struct {
		SubscriptionRef string `dynamodbav:"subscription_ref"`
	}
	if err := g.Table.Get(ctx, dynamo.AccountPK(r.acct.ID), dynamo.BillingSK, &rec); err != nil || rec.SubscriptionRef == "" {
		t.Fatalf("billing record: %v %+v", err, rec)
	}
	_, err := g.Payments.EndTrial(ctx, r.acct.ID, rec.SubscriptionRef, "activate:"+r.acct.ID+":late")
	if !errors.Is(err, payments.ErrCanceling) {
		t.Errorf("ending a trial set to cancel: %v, want payments.ErrCanceling", err)
	}
	if paid := r.succeeded(t); len(paid) != 0 {
		t.Errorf("a trial set to cancel was charged %v", paid)
	}
	if s := r.billing(t)["status"]; s != "trialing" {
		t.Errorf("billing status %v, want trialing", s)
	}
	r.api(t, "POST", "/billing/activate", nil, "Idempotency-Key: activate-late").ExpectError(t, http.StatusConflict, "conflict")
}
