package webhooks

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/backoff"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/kernel/input"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/egress"
	"rvcontent/shared/platform/mail"
	"rvcontent/shared/platform/queue"
)

// Poster sends one outbound request; *egress.Client is the production one.
// It returns an *egress.Error when no response came.
type Poster interface {
	Do(ctx context.Context, req egress.Request) (*egress.Response, error)
}

var _ Poster = (*egress.Client)(nil)

// Owners finds the email address of an account's owner.
type Owners interface {
	OwnerEmail(ctx context.Context, accountID string) (string, error)
}

// Service manages endpoints and delivers events to them.
type Service struct {
	Table  *dynamo.Table
	Clock  clock.Clock
	Events *eventlog.Writer
	// Queue is the deliveries queue: attempts due within queue.MaxDelay
	// are sent there with a delay.
	Queue  queue.Sender
	Client Poster
	Keys   *Keyring
	// Mail is the mail outbox the owner's health notices go through.
	Mail   *mail.Spool
	Owners Owners
	// Wall is the real clock that signature timestamps come from, because
	// receivers check them against their own clocks; clock.System when nil.
	// (The dev stack's service clock may run ahead of real time.)
	Wall clock.Clock
	// DashboardURL is where the owner manages webhooks, linked from emails.
	DashboardURL string
}

// CountAttribute is the account item's attribute counting its endpoints.
const CountAttribute = "webhook_count"

var errTooMany = apperr.New(apperr.Conflict, fmt.Sprintf("This account already has %d webhook endpoints. Delete one before adding another.", MaxEndpoints))

var errNotConfigured = apperr.New(apperr.Unavailable, "Webhooks are not available right now. Retry later.")

// Create adds an endpoint for the caller's account, enabled, and returns it
// with its secret (shown only this once).
func (s *Service) Create(ctx context.Context, in NewInput) (Endpoint, error) {
	p, _ := auth.From(ctx)
	id := ids.Sortable()
	issued, err := s.Keys.Issue(p.AccountID, id)
	if err != nil {
		return Endpoint{}, &apperr.Error{Code: errNotConfigured.Code, Op: "webhooks.Create", Message: errNotConfigured.Message, RetryAfter: 60, Err: err}
	}
	now := s.Clock.Now()
	ep := Endpoint{
		ID: id, URL: in.URL, Events: in.Events, Description: in.Description, Enabled: true,
		CreatedBy: p.Actor, CreatedAt: clock.Format(now),
	}
	tx := &dynamo.Tx{}
	s.count(tx, p.AccountID, 1)
	if p.CredentialID != "" {
		credentials.Own(tx, p.AccountID, p.CredentialID) // its revocation disables the endpoint
	}
	tx.PutNew("webhook", item{
		PK: dynamo.AccountPK(p.AccountID), SK: dynamo.WebhookSK(id), Endpoint: ep, AccountID: p.AccountID,
		CredentialID: p.CredentialID, SecretNonce: issued.Nonce, SecretKeyID: issued.KeyID,
	})
	recordChange(tx, now, p, ep, "created", "Webhook endpoint "+display(ep.URL)+" created")
	addCatchUp(tx, p.AccountID, id, now)
	ep.Secret = issued.Secret
	if err := s.Table.Commit(ctx, tx, ep); err != nil {
		if dynamo.FailedOn(err, "webhook_limit") {
			return Endpoint{}, credentials.LimitOrGone(ctx, s.Table, p.AccountID, errTooMany)
		}
		if dynamo.FailedOn(err, "credential") {
			return Endpoint{}, credentials.ErrCredentialGone
		}
		return Endpoint{}, apperr.Wrap("webhooks.Create", err)
	}
	return ep, nil
}

// count adds to tx a change of the account's endpoint count by delta; an
// increment fails (named "webhook_limit") once MaxEndpoints exist or when
// the account is deleted.
func (s *Service) count(tx *dynamo.Tx, accountID string, delta int) {
	n := expression.Name(CountAttribute)
	b := expression.NewBuilder().WithUpdate(expression.Add(n, expression.Value(delta)))
	if delta > 0 {
		b = b.WithCondition(credentials.LiveAccount().And(expression.Or(expression.AttributeNotExists(n), n.LessThan(expression.Value(MaxEndpoints)))))
	}
	tx.UpdateExpr("webhook_limit", dynamo.AccountPK(accountID), dynamo.AccountSK, b)
}

// Update applies patch to endpoint id of the caller's account and returns
// it. Enabling a disabled endpoint clears disabled_reason and its record of
// failures; disabling one sets disabled_reason "manual". A patch whose
// fields all hold what the endpoint has already writes nothing and records
// no activity. A write that lost a race with another change of the
// endpoint is applied again to the endpoint as it is then, after a
// backoff.Pause, up to backoff.Attempts times in all, before it answers
// conflict. A change commits with the endpoint it answers (as the change
// leaves it), so the request's answer is stored with it.
func (s *Service) Update(ctx context.Context, id string, patch Patch) (Endpoint, error) {
	p, _ := auth.From(ctx)
	creatorGone := false
	for try := 1; ; try++ {
		it, err := s.get(ctx, p.AccountID, id)
		if err != nil || patch.Empty() {
			return it.Endpoint, err
		}
		tx := &dynamo.Tx{}
		now := s.Clock.Now()
		u, after, changed := patchUpdate(it, patch, now)
		if len(changed) == 0 {
			return it.Endpoint, nil
		}
		tx.Update("webhook", it.PK, it.SK, u)
		// Enabling holds only while the creating credential is active, so
		// a revocation of it running now reads again and disables the
		// endpoint; once it is revoked, enabling is the owner's choice.
		own := patch.Enabled != nil && *patch.Enabled && !it.Enabled && it.CredentialID != "" && !creatorGone
		if own {
			credentials.Own(tx, p.AccountID, it.CredentialID)
		}
		summary := fmt.Sprintf("Webhook endpoint %s updated (%s)", display(it.URL), strings.Join(changed, ", "))
		if len(changed) == 1 && changed[0] == "enabled" && patch.Enabled != nil {
			summary = fmt.Sprintf("Webhook endpoint %s %s", display(it.URL), map[bool]string{true: "enabled", false: "disabled"}[*patch.Enabled])
		}
		recordChange(tx, now, p, it.Endpoint, "updated", summary)
		// The endpoint as this request leaves it is the answer, stored
		// with the change (see dynamo.Table.Commit).
		err = s.Table.Commit(ctx, tx, after)
		if own && dynamo.FailedOn(err, "credential") {
			if p.CredentialID == it.CredentialID {
				return Endpoint{}, credentials.ErrCredentialGone // the caller's own key was revoked meanwhile
			}
			creatorGone = true
		}
		if errors.Is(err, dynamo.ErrConditionFailed) && try < backoff.Attempts {
			// Changed or deleted meanwhile: read again, after a pause so
			// that writers that met once do not meet again at once.
			if err := backoff.Pause(ctx, try, backoff.LongestPause); err != nil {
				return Endpoint{}, apperr.Wrap("webhooks.Update", err)
			}
			continue
		}
		if errors.Is(err, dynamo.ErrConditionFailed) {
			return Endpoint{}, apperr.New(apperr.Conflict, "The webhook endpoint changed while this request ran. Retry it.")
		}
		if err != nil {
			return Endpoint{}, apperr.Wrap("webhooks.Update", err)
		}
		return after, nil
	}
}

// patchUpdate builds the update of it by patch at now, conditioned on the
// enabled state and the events it was read with when it changes them,
// returns the endpoint as the update leaves it, and names the fields it
// changes (a field sent with the value the endpoint has is no change).
// Turning a
// disabled endpoint back on, or subscribing it to a type again, notes when
// (EnabledAt, SubscribedAt), so the deliveries the disabling or
// unsubscribing ended stay dropped.
func patchUpdate(it item, patch Patch, now time.Time) (*types.Update, Endpoint, []string) {
	b := newUpdate()
	after := it.Endpoint
	var changed []string
	if patch.URL != nil && *patch.URL != it.URL {
		b.set("url", str(*patch.URL))
		after.URL = *patch.URL
		changed = append(changed, "url")
	}
	if patch.Events != nil && !slices.Equal(patch.Events, it.Events) {
		b.set("events", strList(patch.Events))
		after.Events = patch.Events
		if again := it.resubscribed(patch.Events, clock.Format(now)); again != nil {
			b.set("subscribed_at", strMap(again))
			after.SubscribedAt = again
		}
		changed = append(changed, "events")
	}
	if patch.Description.Sent && !sameDescription(it.Description, patch.Description) {
		if patch.Description.Null {
			b.remove("description")
			after.Description = nil
		} else {
			b.set("description", str(patch.Description.Value))
			v := patch.Description.Value
			after.Description = &v
		}
		changed = append(changed, "description")
	}
	if patch.Enabled != nil && *patch.Enabled != it.Enabled {
		b.set("enabled", &types.AttributeValueMemberBOOL{Value: *patch.Enabled})
		after.Enabled = *patch.Enabled
		if *patch.Enabled {
			b.remove("disabled_reason")
			b.set("enabled_at", str(clock.Format(now)))
			after.DisabledReason, after.EnabledAt = nil, clock.Format(now)
		} else {
			b.set("disabled_reason", str(ReasonManual))
			reason := ReasonManual
			after.DisabledReason = &reason
		}
		b.remove(healthAttributes...)
		changed = append(changed, "enabled")
	}
	// The write holds only on what it was built from: the enabled state it
	// turns over, and the events its new subscriptions are counted from;
	// the other fields are set as sent, whatever happened meanwhile.
	cond := "attribute_exists(pk)"
	if slices.Contains(changed, "enabled") {
		cond += " AND " + b.eq("enabled", &types.AttributeValueMemberBOOL{Value: it.Enabled})
	}
	if slices.Contains(changed, "events") {
		cond += " AND " + b.eq("events", strList(it.Events))
	}
	b.condition(cond)
	return b.update(), after, changed
}

// sameDescription reports whether the description sent (null clears it)
// is the one the endpoint has.
func sameDescription(has *string, sent input.Field[string]) bool {
	if sent.Null || has == nil {
		return sent.Null && has == nil
	}
	return *has == sent.Value
}

// healthAttributes are removed whenever a run of failures ends.
var healthAttributes = []string{"failing_since", "warned_at", "gsi1pk", "gsi1sk"}

// Delete removes endpoint id of the caller's account. Its pending
// deliveries are dropped: no attempt is made for an endpoint that is gone.
// Its transaction commits with id as its result, so the request's answer
// is stored with the deletion (see dynamo.Table.Commit).
func (s *Service) Delete(ctx context.Context, id string) error {
	p, _ := auth.From(ctx)
	it, err := s.get(ctx, p.AccountID, id)
	if err != nil {
		return err
	}
	now := s.Clock.Now()
	tx := &dynamo.Tx{}
	tx.Delete("webhook", it.PK, it.SK, "attribute_exists(pk)")
	markLog(tx, p.AccountID, id, now)
	s.count(tx, p.AccountID, -1)
	recordChange(tx, now, p, it.Endpoint, "deleted", "Webhook endpoint "+display(it.URL)+" deleted")
	err = s.Table.Commit(ctx, tx, id)
	if errors.Is(err, dynamo.ErrConditionFailed) {
		return ErrNotFound // deleted by a concurrent call
	}
	return apperr.Wrap("webhooks.Delete", err)
}

// recordChange adds the activity entry of a change to endpoint ep.
func recordChange(tx *dynamo.Tx, now time.Time, p auth.Principal, ep Endpoint, verb, summary string) {
	activity.Record(tx, now, p, activity.Change{
		Action:   "webhook." + verb,
		Resource: activity.Resource{Type: "webhook", ID: ep.ID},
		Summary:  summary,
	})
}

// display shortens an endpoint URL for summaries and emails: scheme, host
// and path, without a query that may carry a token.
func display(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return "(invalid URL)"
	}
	return u.Scheme + "://" + u.Host + u.EscapedPath()
}

// strMap is m as a map of strings.
func strMap(m map[string]string) types.AttributeValue {
	out := &types.AttributeValueMemberM{Value: make(map[string]types.AttributeValue, len(m))}
	for k, v := range m {
		out.Value[k] = str(v)
	}
	return out
}

func strList(list []string) types.AttributeValue {
	l := &types.AttributeValueMemberL{Value: make([]types.AttributeValue, len(list))}
	for i, v := range list {
		l.Value[i] = str(v)
	}
	return l
}
