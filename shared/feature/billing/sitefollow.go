package billing

import (
	"context"
	"errors"
	"log/slog"
	"strings"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/credits"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// A subscription change that changes every Studio site of the account (its
// cancellation scheduled or undone, its end, a new period's grant) cannot
// change them in its own transaction: an account may run any number of Studio sites, and one
// transaction takes at most 100 writes. The change's transaction records,
// beside the account's new billing state, that the sites have to follow it
// (the account's site follow-up item); right after it commits each site
// changes in a small transaction of its own, conditioned on the site's
// state so that each site's change and its event happen once whoever
// applies it, and the item goes once every site follows. A scheduled run
// (FollowSites) finishes what a crash or a failure left.

// siteFollowKind is the due-work kind of accounts whose Studio sites have
// yet to follow a subscription change.
const siteFollowKind = "billing_sites"

// siteFollowPasses bounds the passes one follow-up makes over the sites
// while other changes keep landing; the scheduled run goes on after.
const siteFollowPasses = 3

// siteFollowWorkers is how many accounts a scheduled run follows up at
// once.
const siteFollowWorkers = 4

// siteFollow is an account's pending site follow-up. Its sites follow the
// billing record as it is when the follow-up runs (set to stop while the
// subscription is set to end, kept once that is undone); EndedAt, when set,
// is when the subscription ended: every Studio site billed before is
// archived; GrantStart and GrantEnd, when set, are the latest period whose
// Studio allowance the usable Studio sites are granted; DropKind and
// DropSite, when set, are the site change the subscription's end let go
// of, whose pending site is undone (see dropPending); PastGrants, each
// "<start>/<end>", are periods reported after a later one whose
// credits.reset every Studio site granted then records (see pastGrantOne).
type siteFollow struct {
	PK         string   `dynamodbav:"pk"`
	SK         string   `dynamodbav:"sk"`
	AccountID  string   `dynamodbav:"account_id"`
	EndedAt    string   `dynamodbav:"ended_at,omitempty"`
	GrantStart string   `dynamodbav:"grant_start,omitempty"`
	GrantEnd   string   `dynamodbav:"grant_end,omitempty"`
	DropKind   string   `dynamodbav:"drop_kind,omitempty"`
	DropSite   string   `dynamodbav:"drop_site,omitempty"`
	PastGrants []string `dynamodbav:"past_grants,omitempty"`
	Version    int64    `dynamodbav:"version"`
	GSI1PK     string   `dynamodbav:"gsi1pk"`
	GSI1SK     string   `dynamodbav:"gsi1sk"`
}

// siteChange is what a subscription change asks of the Studio sites
// beyond following its cancellation: ended, their archival (the
// subscription ended at the change's time); a grant of the period
// [grantStart, grantEnd) when grantStart is not zero; drop, the undoing
// of the site change in flight the change lets go of (the end's);
// the credits.reset of the past period [pastStart, pastEnd), reported
// after a later one, when pastStart is not zero (see lateGrant).
type siteChange struct {
	ended                bool
	grantStart, grantEnd time.Time
	pastStart, pastEnd   time.Time
	drop                 *siteLock
}

// followSites adds to tx the account's site follow-up of a subscription
// change made at now, asking ch, and its run once tx commits.
func (s *Service) followSites(tx *dynamo.Tx, accountID string, now time.Time, ch siteChange) {
	set := "SET account_id = :a, gsi1pk = :due, gsi1sk = if_not_exists(gsi1sk, :at)"
	values := map[string]types.AttributeValue{
		":a":   &types.AttributeValueMemberS{Value: accountID},
		":due": &types.AttributeValueMemberS{Value: dynamo.DuePK(siteFollowKind)},
		":at":  &types.AttributeValueMemberS{Value: dynamo.TimeKey(clock.SortKey(now), accountID)},
		":one": &types.AttributeValueMemberN{Value: "1"},
	}
	if ch.ended {
		set += ", ended_at = :ended"
		values[":ended"] = &types.AttributeValueMemberS{Value: clock.Format(now)}
	}
	if !ch.grantStart.IsZero() {
		set += ", grant_start = :gstart, grant_end = :gend"
		values[":gstart"] = &types.AttributeValueMemberS{Value: clock.Format(ch.grantStart)}
		values[":gend"] = &types.AttributeValueMemberS{Value: clock.Format(ch.grantEnd)}
	}
	if !ch.pastStart.IsZero() {
		set += ", past_grants = list_append(if_not_exists(past_grants, :nopast), :past)"
		values[":nopast"] = &types.AttributeValueMemberL{Value: []types.AttributeValue{}}
		values[":past"] = &types.AttributeValueMemberL{Value: []types.AttributeValue{
			&types.AttributeValueMemberS{Value: clock.Format(ch.pastStart) + "/" + clock.Format(ch.pastEnd)},
		}}
	}
	if ch.drop != nil {
		set += ", drop_kind = :dkind, drop_site = :dsite"
		values[":dkind"] = &types.AttributeValueMemberS{Value: ch.drop.Kind}
		values[":dsite"] = &types.AttributeValueMemberS{Value: ch.drop.SiteID}
	}
	tx.Update("site_follow", dynamo.AccountPK(accountID), dynamo.SiteFollowSK, &types.Update{
		UpdateExpression: aws.String(set + " ADD version :one"), ExpressionAttributeValues: values,
	})
	tx.AfterCommit(func(ctx context.Context) {
		if err := s.followUp(ctx, accountID); err != nil {
			slog.WarnContext(ctx, "Studio sites follow a subscription change; the scheduled run finishes it", "account_id", accountID, "err", err)
		}
	})
}

// FollowSites finishes every account's site follow-up that is due (see
// above): a scheduled task, safe to run again and beside the follow-up
// run right after the change.
func (s *Service) FollowSites(ctx context.Context) error {
	run, err := dynamo.DrainDue(ctx, s.Table, siteFollowKind, clock.SortKey(s.Clock.Now())+"~", siteFollowWorkers, func(ctx context.Context, f siteFollow) error {
		err := s.followUp(ctx, f.AccountID)
		if err != nil {
			slog.ErrorContext(ctx, "Studio sites follow a subscription change", "account_id", f.AccountID, "err", err)
		}
		return err
	})
	if run.More {
		slog.InfoContext(ctx, "Studio site follow-ups left for the next run", "done", run.Handled, "failed", run.Failed)
	}
	return err
}

// errSitesMoved reports a follow-up pass that met a site or a follow-up
// changed meanwhile: another pass reads them again.
var errSitesMoved = errors.New("billing: Studio sites changed during their follow-up")

// followUp makes every Studio site of the account follow its subscription
// (see followPass), and then drops the follow-up item.
func (s *Service) followUp(ctx context.Context, accountID string) error {
	for pass := 0; ; pass++ {
		err := s.followPass(ctx, accountID)
		if !errors.Is(err, errSitesMoved) || pass == siteFollowPasses-1 {
			return err
		}
	}
}

// followPass is one pass of followUp.
func (s *Service) followPass(ctx context.Context, accountID string) error {
	var f siteFollow
	err := s.Table.Get(ctx, dynamo.AccountPK(accountID), dynamo.SiteFollowSK, &f)
	if errors.Is(err, dynamo.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	r, err := s.load(ctx, accountID)
	if err != nil {
		return err
	}
	list, err := s.Sites.All(ctx, accountID)
	if err != nil {
		return err
	}
	moved := false
	if err := s.dropPending(ctx, &r, f, list); dynamo.LostRace(err, "site:"+f.DropSite) {
		moved = true
	} else if err != nil {
		return err
	}
	for _, site := range list {
		if err := s.grantOne(ctx, f, site); dynamo.LostRace(err, "credits:"+site.ID) {
			moved = true
		} else if err != nil {
			return err
		}
		for _, past := range f.PastGrants {
			from, to, _ := strings.Cut(past, "/")
			start, ok1 := parse(from)
			end, ok2 := parse(to)
			if !ok1 || !ok2 {
				continue
			}
			if err := s.pastGrantOne(ctx, f.AccountID, site, start, end); err != nil {
				return err
			}
		}
		tx := &dynamo.Tx{}
		if !s.followOne(tx, &r, f, site) {
			continue
		}
		err := s.Table.Commit(ctx, tx, nil)
		if dynamo.LostRace(err, "site:"+site.ID) {
			moved = true // changed meanwhile: the next pass sees how
			continue
		}
		if err != nil {
			return err
		}
	}
	if moved {
		return errSitesMoved
	}
	done := &dynamo.Tx{}
	done.DeleteExpr("site_follow", f.PK, f.SK, expression.Name("version").Equal(expression.Value(f.Version)))
	err = s.Table.Commit(ctx, done, nil)
	if dynamo.LostRace(err, "site_follow") {
		return errSitesMoved // a newer change to follow
	}
	return err
}

// followOne adds to tx what site needs to follow follow-up f of the billing
// record r, and reports whether it needs anything: an active Studio site
// billed before the subscription's end is archived, as of its removes_at
// when that came first (site.archived); while the subscription is set to
// end, a running one without a removal of its own gets removes_at at the
// period's end (spec 2: it runs until then; site.removal_scheduled); once
// that is undone, the removals the cancellation scheduled are cancelled
// (a removal the site was given itself, with DELETE, stays). Each change
// holds only while the site is as it was read.
func (s *Service) followOne(tx *dynamo.Tx, r *record, f siteFollow, site sites.Site) bool {
	if site.Kind != sites.KindStudio || site.Status != sites.StatusActive {
		return false
	}
	if ended, ok := parse(f.EndedAt); ok && billedBefore(site, ended) {
		at := ended
		if site.RemovesAt != nil {
			if t, err := clock.Parse(*site.RemovesAt); err == nil && t.Before(ended) {
				at = t
			}
		}
		s.ArchiveIn(tx, r.AccountID, site, at, "subscription ended")
		return true
	}
	_, end, ok := r.period()
	if !ok || !r.current() {
		return false
	}
	now := s.Clock.Now()
	who := auth.Service(r.AccountID, "billing")
	var ch sites.StudioChange
	var action, summary string
	switch {
	case r.CancelAtPeriodEnd && site.RemovesAt == nil:
		ch = sites.StudioChange{From: sites.StatusActive, RemovesAt: end, RemovedBy: sites.RemovedBySubscription, Unscheduled: true}
		action, summary = "site.removal_scheduled", "Studio site set to stop with the subscription on "+clock.Format(end)
	case !r.CancelAtPeriodEnd && site.RemovedBy == sites.RemovedBySubscription:
		ch = sites.StudioChange{From: sites.StatusActive, ClearRemoval: true, ScheduledBy: sites.RemovedBySubscription}
		action, summary = "site.removal_cancelled", "Studio site kept: the subscription goes on"
	default:
		return false
	}
	sites.ApplyStudio(tx, r.AccountID, site.ID, ch)
	if !ch.RemovesAt.IsZero() {
		s.Events.Emit(tx, r.AccountID, site.ID, "site.removal_scheduled", map[string]any{"site": ch.Applied(site)})
	}
	activity.Record(tx, now, who, activity.Change{
		Action: action, SiteID: site.ID, Resource: activity.Resource{Type: "site", ID: site.ID}, Summary: summary,
	})
	return true
}

// dropPending undoes the site change follow-up f lets go of (the
// subscription's end): the site it left pending is removed (an addition)
// or archived again (a restore), as a lapsed change's is (dropStale),
// unless the account's change in flight, read in r, holds that site again.
func (s *Service) dropPending(ctx context.Context, r *record, f siteFollow, list []sites.Site) error {
	if f.DropSite == "" || (r.Lock != nil && r.Lock.SiteID == f.DropSite) {
		return nil
	}
	for _, site := range list {
		if site.ID != f.DropSite || site.Status != sites.StatusPending {
			continue
		}
		tx := &dynamo.Tx{}
		if !undoIn(tx, f.AccountID, f.DropKind, site.ID) {
			return nil
		}
		return s.Table.Commit(ctx, tx, nil)
	}
	return nil
}

// grantOne grants site the Studio allowance of follow-up f's period, once:
// a usable Studio site that has no grant of that period or a later one
// (one added or restored in the period has it already, and so has one
// that spent from it before the processor reported it: see Renewed). A
// site whose balances were rolled over the period (credits.Skipped)
// records its credits.reset now, once (see pastGrantOne).
func (s *Service) grantOne(ctx context.Context, f siteFollow, site sites.Site) error {
	start, ok1 := parse(f.GrantStart)
	end, ok2 := parse(f.GrantEnd)
	if !ok1 || !ok2 || site.Kind != sites.KindStudio {
		return nil
	}
	a, ok := allowance(site, credits.PlanAllowance, start)
	if !ok {
		return nil
	}
	granted, err := s.grantedFrom(ctx, f.AccountID, site.ID, start)
	if err != nil {
		return err
	}
	if granted {
		skipped, err := s.Credits.Skipped(ctx, f.AccountID, site.ID, start)
		if err != nil || !skipped {
			return err
		}
		return s.pastGrantOne(ctx, f.AccountID, site, start, end)
	}
	tx := &dynamo.Tx{}
	s.Credits.ResetOnce(tx, f.AccountID, site.ID, a, start, end)
	return s.Table.Commit(ctx, tx, nil)
}

// pastGrant marks that a Studio site's credits.reset of a past period is
// recorded (see pastGrantOne).
type pastGrant struct {
	PK  string `dynamodbav:"pk"`
	SK  string `dynamodbav:"sk"`
	TTL int64  `dynamodbav:"ttl"`
}

// pastGrantOne records, once, the credits.reset of the past period
// [start, end) (a renewal reported after a later one, or one the site's
// balances were rolled over) for site when it is a Studio site usable at
// the period's start, without touching its balances (the later period's).
func (s *Service) pastGrantOne(ctx context.Context, accountID string, site sites.Site, start, end time.Time) error {
	if site.Kind != sites.KindStudio {
		return nil
	}
	a, ok := allowance(site, credits.PlanAllowance, start)
	if !ok {
		return nil
	}
	tx := &dynamo.Tx{}
	tx.PutNew("past_grant", pastGrant{
		PK: dynamo.AccountPK(accountID), SK: dynamo.PastGrantSK(site.ID, clock.Format(end)), TTL: s.Clock.Now().Add(appliedRetention).Unix(),
	})
	s.Credits.ResetPast(tx, accountID, site.ID, a, start, end)
	err := s.Table.Commit(ctx, tx, nil)
	if dynamo.FailedOn(err, "past_grant") {
		return nil // recorded already
	}
	return err
}

// billedBefore reports whether site was billed before t: a Studio site
// added or restored after a subscription ended belongs to a later one.
func billedBefore(site sites.Site, t time.Time) bool {
	if site.BilledFrom == nil {
		return true
	}
	from, err := clock.Parse(*site.BilledFrom)
	return err != nil || !from.After(t)
}
