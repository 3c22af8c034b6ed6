package mail

import (
	"context"
	"errors"
	"log/slog"
	"strconv"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// sweepMax bounds the mails one sweep looks at; the rest wait for the next
// run a minute later.
const sweepMax = 500

// SweepResult counts what one sweep did.
type SweepResult struct {
	Sent    int // sent and removed
	Failed  int // tried and failed; tried again later
	Dropped int // no longer needed, or given up
}

// Sweeper is the scheduled half of the outbox: it sends what the send right
// after a commit left behind, rendering each mail with its kind's template.
type Sweeper struct {
	Spool *Spool
	// Templates render each kind of mail the service sends, by kind.
	Templates map[string]Template
}

// Sweep sends the mails whose time has come: those the send right after
// their commit did not remove within SweepAge, and those whose last try
// failed. Each mail is first claimed with a conditional write that moves
// its next try into the future, so two sweeps running at once never send
// the same mail twice. A mail is dropped with an error log line once it
// has waited GiveUpAfter (or its kind's MaxAge).
func (w *Sweeper) Sweep(ctx context.Context) (SweepResult, error) {
	s := w.Spool
	var res SweepResult
	now := s.Clock.Now()
	var start map[string]types.AttributeValue
	for seen := 0; seen < sweepMax; {
		in, err := dynamo.DueQuery(DueKind, clock.SortKey(now), 100, start)
		if err != nil {
			return res, err
		}
		rows, last, err := s.Table.Query(ctx, in)
		if err != nil {
			return res, err
		}
		list, err := dynamo.UnmarshalList[item](rows)
		if err != nil {
			return res, err
		}
		for _, it := range list {
			if err := w.sweepOne(ctx, it, now, &res); err != nil {
				return res, err
			}
		}
		seen += len(list)
		if last == nil {
			break
		}
		start = last
	}
	return res, nil
}

// sweepOne drops, or claims and sends, one due mail.
func (w *Sweeper) sweepOne(ctx context.Context, it item, now time.Time, res *SweepResult) error {
	s := w.Spool
	p := it.pending()
	if w.expired(p, now) {
		if err := s.drop(ctx, it); err != nil {
			return err
		}
		slog.ErrorContext(ctx, "mail outbox gave up on a mail", append(logAttrs(p, nil), "queued_at", it.QueuedAt, "last_error", it.LastError)...)
		res.Dropped++
		return nil
	}
	claimed, err := s.claim(ctx, it, now)
	if err != nil || !claimed {
		return err // not claimed: another sweep has it
	}
	p.Attempts++
	sendCtx, cancel := context.WithTimeout(ctx, sendTimeout)
	err = s.deliver(sendCtx, p, w.Templates[p.Kind])
	cancel()
	switch {
	case errors.Is(err, ErrObsolete):
		slog.InfoContext(ctx, "mail no longer needed; dropped", logAttrs(p, nil)...)
		s.remove(ctx, p)
		res.Dropped++
	case err != nil:
		slog.WarnContext(ctx, "mail outbox try failed; retrying later", logAttrs(p, err)...)
		s.noteError(ctx, p, err)
		res.Failed++
	default:
		s.remove(ctx, p)
		res.Sent++
	}
	return nil
}

// expired reports whether p has waited longer than its kind allows.
func (w *Sweeper) expired(p Pending, now time.Time) bool {
	limit := GiveUpAfter
	if t, ok := w.Templates[p.Kind]; ok && t.MaxAge > 0 {
		limit = t.MaxAge
	}
	return !now.Before(p.QueuedAt.Add(limit))
}

// claim moves the mail's next try past this one (the lease that keeps
// other sweeps off it) and counts the try, unless another sweep did first.
func (s *Spool) claim(ctx context.Context, it item, now time.Time) (bool, error) {
	next := dueKey(now.Add(pause(it.Attempts+1)), it.ID)
	_, err := s.Table.Update(ctx, it.PK, it.SK, &dynamodb.UpdateItemInput{
		UpdateExpression:    aws.String("SET gsi1sk = :next, attempts = :n"),
		ConditionExpression: aws.String("gsi1sk = :seen"),
		ExpressionAttributeValues: map[string]types.AttributeValue{
			":next": &types.AttributeValueMemberS{Value: next},
			":seen": &types.AttributeValueMemberS{Value: it.GSI1SK},
			":n":    &types.AttributeValueMemberN{Value: strconv.Itoa(it.Attempts + 1)},
		},
	})
	if errors.Is(err, dynamo.ErrConditionFailed) {
		return false, nil
	}
	return err == nil, err
}

// drop deletes a mail that is not worth sending any more, unless another
// sweep claimed it meanwhile.
func (s *Spool) drop(ctx context.Context, it item) error {
	tx := &dynamo.Tx{}
	tx.Raw("mail", types.TransactWriteItem{Delete: &types.Delete{
		Key:                       dynamo.Key(it.PK, it.SK),
		ConditionExpression:       aws.String("gsi1sk = :seen"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":seen": &types.AttributeValueMemberS{Value: it.GSI1SK}},
	}})
	err := s.Table.Commit(ctx, tx, nil)
	if errors.Is(err, dynamo.ErrConditionFailed) {
		return nil
	}
	return err
}

// noteError keeps the last failure's text for the give-up log line.
func (s *Spool) noteError(ctx context.Context, p Pending, cause error) {
	_, err := s.Table.Update(ctx, dynamo.MailOutboxPK(p.ID), dynamo.MailOutboxSK, &dynamodb.UpdateItemInput{
		UpdateExpression:          aws.String("SET last_error = :e"),
		ConditionExpression:       aws.String("attribute_exists(pk)"),
		ExpressionAttributeValues: map[string]types.AttributeValue{":e": &types.AttributeValueMemberS{Value: truncate(cause.Error(), 500)}},
	})
	if err != nil && !errors.Is(err, dynamo.ErrConditionFailed) {
		slog.WarnContext(ctx, "note mail failure", logAttrs(p, err)...)
	}
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n]
}
