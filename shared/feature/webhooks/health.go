package webhooks

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// CheckHealth runs the due checks of failing endpoints: an endpoint whose
// every delivery has failed for WarnAfter earns its owner a warning email;
// one failing for DisableAfter is disabled (disabled_reason
// "delivery_failures") and its owner emailed. A run of failures starts at
// the first failed attempt after a success and ends at the next success, so
// an endpoint that got nothing through for 3 days is disabled even when its
// last retries ended earlier. It returns how many endpoints it disabled.
func (s *Service) CheckHealth(ctx context.Context) (int, error) {
	now := s.Clock.Now()
	disabled := 0
	var start map[string]types.AttributeValue
	for seen := 0; seen < sweepMax; {
		rows, last, err := s.due(ctx, HealthKind, now, start)
		if err != nil {
			return disabled, err
		}
		list, err := dynamo.UnmarshalList[item](rows)
		if err != nil {
			return disabled, err
		}
		for _, it := range list {
			done, err := s.checkOne(ctx, it, now)
			if err != nil {
				return disabled, err
			}
			if done {
				disabled++
			}
		}
		seen += len(list)
		if last == nil {
			break
		}
		start = last
	}
	return disabled, nil
}

// checkOne warns about or disables one failing endpoint, as due; it
// reports whether it disabled it.
func (s *Service) checkOne(ctx context.Context, it item, now time.Time) (bool, error) {
	since, err := clock.Parse(it.FailingSince)
	if !it.Enabled || it.FailingSince == "" || err != nil {
		return false, s.moveCheck(ctx, it, "")
	}
	switch {
	case !now.Before(since.Add(DisableAfter)):
		return s.disableFailing(ctx, it, since, now)
	case !now.Before(since.Add(WarnAfter)) && it.WarnedAt == "":
		return false, s.warn(ctx, it, since, now)
	case it.WarnedAt == "":
		return false, s.moveCheck(ctx, it, healthKey(since.Add(WarnAfter), it.AccountID, it.ID))
	default:
		return false, s.moveCheck(ctx, it, healthKey(since.Add(DisableAfter), it.AccountID, it.ID))
	}
}

// moveCheck sets the endpoint's next check to key, or ends its checks when
// key is empty, unless the endpoint changed since it was read.
func (s *Service) moveCheck(ctx context.Context, it item, key string) error {
	b := newUpdate()
	if key == "" {
		b.remove("gsi1pk", "gsi1sk")
	} else {
		b.set("gsi1sk", str(key))
	}
	b.condition(b.eq("gsi1sk", str(it.GSI1SK)))
	return s.updateItem(ctx, it.PK, it.SK, b.update())
}

// warn records the warning of a run of failures and, in the same
// transaction, queues the owner's one warning email in the mail outbox.
func (s *Service) warn(ctx context.Context, it item, since, now time.Time) error {
	tx := &dynamo.Tx{}
	b := newUpdate()
	b.set("warned_at", str(clock.Format(now)))
	b.set("gsi1sk", str(healthKey(since.Add(DisableAfter), it.AccountID, it.ID)))
	b.condition(b.eq("failing_since", str(it.FailingSince)) + " AND attribute_not_exists(" + b.name("warned_at") + ") AND " + b.eq("enabled", &types.AttributeValueMemberBOOL{Value: true}))
	tx.Update("webhook", it.PK, it.SK, b.update())
	s.Mail.Add(tx, healthMail(FailingMail, it, since).RenderedBy(s.MailTemplates()))
	err := s.Table.Commit(ctx, tx, nil)
	if errors.Is(err, dynamo.ErrConditionFailed) {
		return nil // it recovered, or another run warned
	}
	return err
}

// disableFailing disables an endpoint whose run of failures reached
// DisableAfter, records it and queues the owner's email in the mail
// outbox, in one transaction.
func (s *Service) disableFailing(ctx context.Context, it item, since, now time.Time) (bool, error) {
	tx := &dynamo.Tx{}
	b := disableUpdate(ReasonFailing)
	b.condition(b.eq("failing_since", str(it.FailingSince)) + " AND " + b.eq("enabled", &types.AttributeValueMemberBOOL{Value: true}))
	tx.Update("webhook", it.PK, it.SK, b.update())
	recordChange(tx, now, auth.Service(it.AccountID, "Webhook delivery checks"), it.Endpoint, "disabled",
		"Webhook endpoint "+display(it.URL)+" disabled: every delivery failed for 3 days")
	s.Mail.Add(tx, healthMail(DisabledMail, it, since).RenderedBy(s.MailTemplates()))
	err := s.Table.Commit(ctx, tx, nil)
	if errors.Is(err, dynamo.ErrConditionFailed) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return true, nil
}

// disableUpdate starts the update that disables an endpoint for reason and
// ends its run of failures.
func disableUpdate(reason string) *updateBuilder {
	b := newUpdate()
	b.set("enabled", &types.AttributeValueMemberBOOL{Value: false})
	b.set("disabled_reason", str(reason))
	b.remove(healthAttributes...)
	return b
}

// lastAnswer describes the endpoint's last answer for an email.
func lastAnswer(it item) string {
	if it.LastDeliveryStatus == nil {
		return "the last attempt got no answer"
	}
	return fmt.Sprintf("the last attempt was answered with HTTP %d", *it.LastDeliveryStatus)
}

// updateItem runs one built update on (pk, sk).
func (s *Service) updateItem(ctx context.Context, pk, sk string, u *types.Update) error {
	_, err := s.Table.Update(ctx, pk, sk, &dynamodb.UpdateItemInput{
		UpdateExpression: u.UpdateExpression, ConditionExpression: u.ConditionExpression,
		ExpressionAttributeNames: u.ExpressionAttributeNames, ExpressionAttributeValues: u.ExpressionAttributeValues,
	})
	return err
}
