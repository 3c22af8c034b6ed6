package autopilot

import (
	"context"
	"errors"
	"strings"

	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/backoff"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// Generator starts the generation of one article (package writing).
type Generator interface {
	// Generate spends one article credit and starts writing the article,
	// as POST .../generate does. Errors: insufficient_credits, conflict,
	// not_found.
	Generate(ctx context.Context, p auth.Principal, siteID, id string) (jobs.Job, error)
}

// Service reads and changes autopilot settings and runs due slots.
type Service struct {
	Table    *dynamo.Table
	Clock    clock.Clock
	Sites    *sites.Store
	Articles *articles.Store
	Gate     *billing.Gate
	Events   *eventlog.Writer
	Writer   Generator
}

// load returns the stored settings of the account's site, or the defaults
// and false when it never set them.
func (s *Service) load(ctx context.Context, accountID, siteID string) (Settings, bool, error) {
	var it item
	err := s.Table.Get(ctx, dynamo.AccountPK(accountID), dynamo.AutopilotSK(siteID), &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return defaults(siteID), false, nil
	}
	if err != nil {
		return Settings{}, false, apperr.Wrap("autopilot.load", err)
	}
	return it.Settings, true, nil
}

// Get returns the caller's site's autopilot settings, with the number of
// scheduled articles waiting. Errors: not_found.
func (s *Service) Get(ctx context.Context, siteID string) (Settings, error) {
	p, _ := auth.From(ctx)
	var st Settings
	var q []articles.Article
	_, err := s.Sites.Within(ctx, p.AccountID, siteID, func(ctx context.Context) (err error) {
		st, _, err = s.load(ctx, p.AccountID, siteID)
		return err
	}, func(ctx context.Context) (err error) {
		q, err = s.queue(ctx, siteID)
		return err
	})
	if err != nil {
		return Settings{}, err
	}
	st.ScheduledArticles = len(q)
	return st, nil
}

// withQueue fills ScheduledArticles.
func (s *Service) withQueue(ctx context.Context, st Settings) (Settings, error) {
	q, err := s.queue(ctx, st.SiteID)
	if err != nil {
		return Settings{}, err
	}
	st.ScheduledArticles = len(q)
	return st, nil
}

// errChanged answers a concurrent change of the same settings.
var errChanged = apperr.New(apperr.Conflict, "The autopilot settings changed at the same moment. Retry the request.")

// Update applies a PATCH to the caller's site's autopilot. It needs no
// trial or plan (spec 4.2): a slot without one passes without writing.
// Turning it on (from off) needs a usable site (subscription_required
// otherwise); turning it off or changing the pace never does. While
// enabled, next_run_at is the first slot after now under the new
// settings. A PATCH that raced another write of the settings is applied
// again to the settings as they are now (the fields it sends change, the
// others' stay), as backoff.Retry does. A change commits with the
// settings it answers, so the request's answer is stored with it.
// Errors: not_found, subscription_required, conflict.
func (s *Service) Update(ctx context.Context, siteID string, p Patch) (Settings, error) {
	caller, _ := auth.From(ctx)
	if _, err := s.Sites.Get(ctx, caller.AccountID, siteID); err != nil {
		return Settings{}, err
	}
	return backoff.Retry(ctx, func(err error) bool { return errors.Is(err, errChanged) }, func() (Settings, error) {
		return s.update(ctx, caller, siteID, p)
	})
}

// update applies p once to the settings as read now; errChanged when
// another write came between the read and the write.
func (s *Service) update(ctx context.Context, caller auth.Principal, siteID string, p Patch) (Settings, error) {
	st, stored, err := s.load(ctx, caller.AccountID, siteID)
	if err != nil {
		return Settings{}, err
	}
	// Only turning it on is gated: `enabled: true` sent again with a pace
	// change (an agent sending the settings back whole) changes the pace.
	if p.Enabled.Sent && p.Enabled.Value && !st.Enabled {
		if err := s.Gate.Check(ctx, caller.AccountID, siteID, billing.NeedNothing); err != nil {
			return Settings{}, err
		}
	}
	before := st
	changed := p.apply(&st)
	if len(changed) == 0 {
		return s.withQueue(ctx, st)
	}
	now := s.Clock.Now()
	st.NextRunAt, st.NextRunArticles = nil, 0
	if st.Enabled {
		slot, n := st.upcoming(now)
		at := clock.Format(slot)
		st.NextRunAt, st.NextRunArticles = &at, n
	}
	at := clock.Format(now)
	st.UpdatedAt = &at
	tx := &dynamo.Tx{}
	putVersioned(tx, caller.AccountID, st, before, stored)
	activity.Record(tx, now, caller, activity.Change{
		Action: "autopilot.updated", SiteID: siteID, Resource: activity.Resource{Type: "autopilot", ID: siteID},
		Summary: "Autopilot " + strings.Join(changed, ", "),
	})
	// The answer, queue count included, is read before the commit so it
	// is stored with the change (see dynamo.Table.Commit).
	st, err = s.withQueue(ctx, st)
	if err != nil {
		return Settings{}, err
	}
	if err := s.Table.Commit(ctx, tx, st); err != nil {
		if dynamo.LostRace(err, "autopilot") {
			return Settings{}, errChanged
		}
		return Settings{}, apperr.Wrap("autopilot.Update", err)
	}
	return st, nil
}

// putVersioned adds the write of st to tx, on the condition that the
// stored settings are still before (or still absent).
func putVersioned(tx *dynamo.Tx, accountID string, st, before Settings, stored bool) {
	if !stored {
		tx.PutNew("autopilot", newItem(accountID, st))
		return
	}
	cond, values := "attribute_not_exists(updated_at)", map[string]types.AttributeValue(nil)
	if before.UpdatedAt != nil {
		cond = "updated_at = :old"
		values = map[string]types.AttributeValue{":old": &types.AttributeValueMemberS{Value: *before.UpdatedAt}}
	}
	tx.Put("autopilot", newItem(accountID, st), cond, values)
}

// queue returns the site's scheduled articles the autopilot can write, in
// the order it writes them: oldest scheduled_for first, those without a
// date after them, then oldest created first. A scheduled article that
// already has a body (hand-written, waiting to be finished) is not in it:
// generating it answers conflict, so a slot with only such articles has
// nothing scheduled to write and records autopilot.queue_empty. A body is
// what generation refuses (articles.Article.Written), words or not: an
// HTML comment alone is one.
func (s *Service) queue(ctx context.Context, siteID string) ([]articles.Article, error) {
	scheduled, err := s.Articles.Scheduled(ctx, siteID)
	if err != nil {
		return nil, err
	}
	var q []articles.Article
	for _, a := range scheduled {
		if !a.Written() {
			q = append(q, a)
		}
	}
	sortQueue(q)
	return q, nil
}
