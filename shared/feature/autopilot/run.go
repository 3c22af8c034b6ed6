package autopilot

import (
	"context"
	"errors"
	"log/slog"
	"sort"
	"time"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/billing"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// actorName names the autopilot in the activity log.
const actorName = "autopilot"

// dueBatch bounds the slots one scheduled run picks up.
const dueBatch = 100

// RunDue runs every autopilot slot that is due (the scheduler calls it at
// every run). Each slot is claimed first (next_run_at moves to the next
// slot, last_run_at to now), so it runs once even when runs overlap; slots
// missed while the scheduler was down are not caught up. The claimed slot
// then starts the generation of up to its number of articles from the
// site's scheduled queue, stopping when credits run out; with nothing
// scheduled it records autopilot.queue_empty {site_id, weekly_cadence}
// with the claim. Without a working trial or plan, or on a site that is not
// usable, the slot passes without writing.
func (s *Service) RunDue(ctx context.Context) error {
	now := s.Clock.Now()
	items, err := dynamo.Due[item](ctx, s.Table, dueKind, clock.SortKey(now), dueBatch)
	if err != nil {
		return err
	}
	var errs []error
	for _, it := range items {
		if err := s.runSlot(ctx, it.AccountID, it.SiteID, now); err != nil {
			slog.ErrorContext(ctx, "autopilot slot", "site_id", it.SiteID, "err", err)
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// runSlot runs the due slot of one site.
func (s *Service) runSlot(ctx context.Context, accountID, siteID string, now time.Time) error {
	st, stored, err := s.load(ctx, accountID, siteID)
	if err != nil || !stored || !st.Enabled || st.NextRunAt == nil {
		return err
	}
	slot, err := clock.Parse(*st.NextRunAt)
	if err != nil || slot.After(now) {
		return err
	}
	wanted := st.perDay(slot.Weekday())
	blocked, err := s.blocked(ctx, accountID, siteID)
	if err != nil {
		return err
	}
	var queue []articles.Article
	if !blocked {
		if queue, err = s.queue(ctx, siteID); err != nil {
			return err
		}
	}
	claimed, ok, err := s.claim(ctx, accountID, st, now, !blocked, len(queue) == 0)
	if err != nil || !ok || blocked || len(queue) == 0 {
		return err
	}
	p := auth.Service(accountID, actorName)
	started := 0
write:
	for _, a := range queue {
		if started == wanted {
			break
		}
		_, err := s.Writer.Generate(ctx, p, siteID, a.ID)
		switch {
		case err == nil:
			started++
		case apperr.Is(err, apperr.InsufficientCredits):
			break write // the period's credits are spent: credits.exhausted said so
		case apperr.Is(err, apperr.Conflict), apperr.Is(err, apperr.NotFound):
			continue // written, changed or deleted meanwhile: the next one
		default:
			return err
		}
	}
	if started == 0 {
		return s.release(ctx, accountID, claimed, st.LastSlotAt)
	}
	return nil
}

// release gives the day back to a claimed slot that started no writing
// (the credits were spent, or every scheduled article was written, changed
// or deleted meanwhile): a slot that wrote nothing does not hold its day,
// so a later time of day set that day still writes. It puts the last slot
// that wrote (previous) back, on the condition that the settings are still
// as the claim wrote them; otherwise it changes nothing.
func (s *Service) release(ctx context.Context, accountID string, claimed Settings, previous *string) error {
	st := claimed
	st.LastSlotAt = previous
	tx := &dynamo.Tx{}
	cond, values := claimCondition(claimed)
	cond += " AND last_slot_at = :held"
	values[":held"] = &types.AttributeValueMemberS{Value: *claimed.LastSlotAt}
	tx.Put("autopilot", newItem(accountID, st), cond, values)
	err := s.Table.Commit(ctx, tx, nil)
	if dynamo.LostRace(err, "autopilot") {
		return nil
	}
	return err
}

// claimCondition is the condition that settings are still st as read:
// the same next slot and, once PATCHed, the same updated_at.
func claimCondition(st Settings) (string, map[string]types.AttributeValue) {
	cond := "next_run_at = :slot"
	values := map[string]types.AttributeValue{":slot": &types.AttributeValueMemberS{Value: *st.NextRunAt}}
	if st.UpdatedAt != nil {
		cond += " AND updated_at = :updated"
		values[":updated"] = &types.AttributeValueMemberS{Value: *st.UpdatedAt}
	}
	return cond, values
}

// blocked reports whether the slot must pass without writing: the account
// has no working trial or plan, or the site is not usable.
func (s *Service) blocked(ctx context.Context, accountID, siteID string) (bool, error) {
	err := s.Gate.Check(ctx, accountID, siteID, billing.NeedTrialOrPlan)
	switch code := apperr.CodeOf(err); code {
	case "":
		return false, nil
	case apperr.Internal:
		return false, err
	}
	return true, nil
}

// claim moves the settings past the due slot, on the condition that they
// are unchanged since read, and returns them as written. A slot that runs
// (not blocked) with an empty queue adds autopilot.queue_empty to the
// write; one that runs with articles to write becomes the slot that last
// wrote (LastSlotAt) until release gives its day back. It reports false
// when another run or a PATCH got there first.
func (s *Service) claim(ctx context.Context, accountID string, st Settings, now time.Time, runs, empty bool) (Settings, bool, error) {
	before := st
	if runs && !empty {
		st.LastSlotAt = before.NextRunAt
	}
	empty = runs && empty
	next, n := st.upcoming(now)
	nextAt, ranAt := clock.Format(next), clock.Format(now)
	st.NextRunAt, st.NextRunArticles, st.LastRunAt = &nextAt, n, &ranAt
	tx := &dynamo.Tx{}
	cond, values := claimCondition(before)
	tx.Put("autopilot", newItem(accountID, st), cond, values)
	if empty {
		s.Events.Emit(tx, accountID, st.SiteID, "autopilot.queue_empty", map[string]any{"site_id": st.SiteID, "weekly_cadence": st.WeeklyCadence})
	}
	err := s.Table.Commit(ctx, tx, nil)
	if dynamo.LostRace(err, "autopilot") {
		return Settings{}, false, nil
	}
	return st, err == nil, err
}

// sortQueue orders scheduled articles oldest scheduled_for first (those
// without a date last), then oldest created first.
func sortQueue(q []articles.Article) {
	key := func(a articles.Article) string {
		if a.ScheduledFor == nil {
			return "~"
		}
		return *a.ScheduledFor
	}
	sort.SliceStable(q, func(i, j int) bool {
		if ki, kj := key(q[i]), key(q[j]); ki != kj {
			return ki < kj
		}
		return q[i].CreatedAt < q[j].CreatedAt
	})
}
