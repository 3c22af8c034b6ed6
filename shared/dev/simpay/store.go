package simpay

import (
	"context"
	"errors"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/payments"
)

// RenewalKind is the due-work kind (GSI1 DUE#simpay_renewal) of
// subscriptions reaching a period end.
const RenewalKind = "simpay_renewal"

// checkoutItem is a hosted checkout session.
type checkoutItem struct {
	PK             string        `dynamodbav:"pk"`
	SK             string        `dynamodbav:"sk"`
	ID             string        `dynamodbav:"id"`
	AccountID      string        `dynamodbav:"account_id"`
	Email          string        `dynamodbav:"email"`
	CustomerRef    string        `dynamodbav:"customer_ref"`
	Mode           payments.Mode `dynamodbav:"mode"`
	ExpiresAt      string        `dynamodbav:"expires_at"`
	Completed      bool          `dynamodbav:"completed"`
	SubscriptionID string        `dynamodbav:"subscription_id"`
	TTL            int64         `dynamodbav:"ttl"`
	// ReturnURL is where the page sends the owner back to, as Stripe's
	// success and cancel addresses do.
	ReturnURL string `dynamodbav:"return_url,omitempty"`
}

// portalItem is a hosted portal session.
type portalItem struct {
	PK             string `dynamodbav:"pk"`
	SK             string `dynamodbav:"sk"`
	ID             string `dynamodbav:"id"`
	AccountID      string `dynamodbav:"account_id"`
	SubscriptionID string `dynamodbav:"subscription_id"`
	ExpiresAt      string `dynamodbav:"expires_at"`
	TTL            int64  `dynamodbav:"ttl"`
	// ReturnURL is where the portal's link back leads, as Stripe's does.
	ReturnURL string `dynamodbav:"return_url,omitempty"`
	// Invoice is the trial-ending charge waiting for the cardholder that
	// this page was opened to authenticate (PortalRequest.InvoiceRef).
	Invoice string `dynamodbav:"invoice,omitempty"`
}

// subItem is a subscription as the simulated processor runs it. Periods
// are whole seconds, like Stripe's; a paid period n ends n months after
// Anchor.
type subItem struct {
	PK                string `dynamodbav:"pk"`
	SK                string `dynamodbav:"sk"`
	ID                string `dynamodbav:"id"`
	AccountID         string `dynamodbav:"account_id"`
	CustomerRef       string `dynamodbav:"customer_ref"`
	Status            string `dynamodbav:"status"`
	Card              string `dynamodbav:"card"`
	TrialEnd          string `dynamodbav:"trial_end"`
	Anchor            string `dynamodbav:"anchor"`
	Cycle             int    `dynamodbav:"cycle"`
	PeriodStart       string `dynamodbav:"period_start"`
	PeriodEnd         string `dynamodbav:"period_end"`
	CancelAtPeriodEnd bool   `dynamodbav:"cancel_at_period_end"`
	StudioSites       int    `dynamodbav:"studio_sites"`
	Version           int64  `dynamodbav:"version"`
	GSI1PK            string `dynamodbav:"gsi1pk,omitempty"`
	GSI1SK            string `dynamodbav:"gsi1sk,omitempty"`
}

func (s *subItem) card() card {
	c, _ := readCard(s.Card)
	return c
}

func at(s string) time.Time {
	t, _ := clock.Parse(s)
	return t
}

// snapshot is the subscription as the processor reports it.
func (s *subItem) snapshot() payments.Subscription {
	c := s.card().public()
	sub := payments.Subscription{
		Ref: s.ID, CustomerRef: s.CustomerRef, Status: s.Status, PeriodStart: at(s.PeriodStart), PeriodEnd: at(s.PeriodEnd),
		CancelAtPeriodEnd: s.CancelAtPeriodEnd, StudioSites: s.StudioSites, Card: &c,
	}
	if s.TrialEnd != "" {
		sub.TrialEnd = at(s.TrialEnd)
	}
	return sub
}

// setPeriod makes [start, end) the current period and queues the renewal
// at its end.
func (s *subItem) setPeriod(start, end time.Time) {
	s.PeriodStart, s.PeriodEnd = clock.Format(start), clock.Format(end)
	s.GSI1PK, s.GSI1SK = dynamo.DuePK(RenewalKind), dynamo.TimeKey(clock.SortKey(end), s.ID)
}

// chargeItem is one charge attempt, kept for tests and the dev harness.
type chargeItem struct {
	PK             string `dynamodbav:"pk"`
	SK             string `dynamodbav:"sk"`
	ID             string `dynamodbav:"id"`
	AccountID      string `dynamodbav:"account_id"`
	SubscriptionID string `dynamodbav:"subscription_id"`
	AmountCents    int64  `dynamodbav:"amount_cents"`
	Description    string `dynamodbav:"description"`
	Status         string `dynamodbav:"status"` // succeeded, failed, refunded
	FailureCode    string `dynamodbav:"failure_code,omitempty"`
	IdempotencyKey string `dynamodbav:"idempotency_key,omitempty"`
	CreatedAt      string `dynamodbav:"created_at"`
}

// idemItem remembers the outcome of a charge made with an idempotency key.
type idemItem struct {
	PK          string `dynamodbav:"pk"`
	SK          string `dynamodbav:"sk"`
	ChargeID    string `dynamodbav:"charge_id"`
	AmountCents int64  `dynamodbav:"amount_cents"`
	Failure     string `dynamodbav:"failure,omitempty"`
	TTL         int64  `dynamodbav:"ttl"`
}

// Charge outcomes as stored.
const (
	chargeSucceeded = "succeeded"
	chargeFailed    = "failed"
	chargeRefunded  = "refunded"
)

func failureCode(err error) string {
	if errors.Is(err, payments.ErrAuthentication) {
		return "authentication_required"
	}
	return "card_declined"
}

func failureErr(code string) error {
	if code == "authentication_required" {
		return payments.ErrAuthentication
	}
	return payments.ErrDeclined
}

// newCharge returns the record of a charge attempt of amount; err is the
// card's outcome.
func newCharge(sub *subItem, amount payments.Cents, what, key string, err error, now time.Time) chargeItem {
	c := chargeItem{
		PK: dynamo.SimChargesPK(sub.AccountID), SK: dynamo.TimeKey(clock.SortKey(now), ids.Sortable()),
		AccountID: sub.AccountID, SubscriptionID: sub.ID, AmountCents: int64(amount), Description: what,
		Status: chargeSucceeded, IdempotencyKey: key, CreatedAt: clock.Format(now),
	}
	c.ID = "ch_sim_" + c.SK[len(c.SK)-12:]
	if err != nil {
		c.Status, c.FailureCode = chargeFailed, failureCode(err)
	}
	return c
}

func (p *Processor) getSub(ctx context.Context, id string) (subItem, error) {
	var s subItem
	err := p.Table.Get(ctx, dynamo.SimPayPK("SUB", id), dynamo.SimPaySK, &s)
	if errors.Is(err, dynamo.ErrNotFound) {
		return subItem{}, payments.ErrNoSubscription
	}
	return s, err
}

// putSub adds the write of s to tx, on the condition that its version is
// the one read (version 0: new).
func putSub(tx *dynamo.Tx, s *subItem) {
	v := s.Version
	s.Version++
	if v == 0 {
		tx.Put("sub", s, "attribute_not_exists(pk)", nil)
		return
	}
	tx.Put("sub", s, "version = :v", map[string]types.AttributeValue{":v": &types.AttributeValueMemberN{Value: strconv.FormatInt(v, 10)}})
}

// listCharges returns the account's charges, oldest first.
func (p *Processor) listCharges(ctx context.Context, accountID string) ([]chargeItem, error) {
	in, err := dynamo.Partition(dynamo.SimChargesPK(accountID)).Input()
	if err != nil {
		return nil, err
	}
	in.ConsistentRead = aws.Bool(true)
	rows, err := p.Table.QueryAll(ctx, in)
	if err != nil {
		return nil, err
	}
	return dynamo.UnmarshalList[chargeItem](rows)
}
