package backlinks

import (
	"context"
	"errors"
	"fmt"
	"time"

	"rvcontent/shared/kernel/nouns"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/credits"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// settle moves a placed link seen live to live: the held credits go to the
// host (lifetime_earned) and count as spent by the requester
// (lifetime_spent); backlink.verified goes to both accounts.
func (s *Service) settle(ctx context.Context, p placementItem, now time.Time) error {
	was, misses := p.Status, p.Misses
	at := clock.Format(now)
	p.Status, p.LiveAt, p.LastCheckedAt, p.ExpiresAt, p.Misses = StatusLive, &at, &at, nil, 0
	p.due(now.Add(LiveRecheck))
	c := p.Credits
	tx := &dynamo.Tx{}
	if err := putPlacement(tx, p, was, misses); err != nil {
		return err
	}
	addStats(tx, p.FromAccount, p.FromSite, delta{cEscrowed: -c, cLifetimeSpent: c, cLiveInbound: 1, cInProgress: -1})
	addStats(tx, p.HostAccount, p.HostSite, delta{cLifetimeEarned: c, cLiveHosted: 1, cInProgress: -1})
	s.Credits.DepositIn(tx, p.HostAccount, p.HostSite, creditKind, c)
	if err := s.countLive(ctx, tx, p, 1, nil); err != nil {
		return err
	}
	s.emitBoth(tx, p, "backlink.verified")
	return s.commit(ctx, tx)
}

// emitBoth records event typ, with the placement as each side sees it, on
// both accounts.
func (s *Service) emitBoth(tx *dynamo.Tx, p placementItem, typ string) {
	s.Events.Emit(tx, p.FromAccount, p.FromSite, typ, map[string]any{"placement": p.view(Inbound)})
	s.Events.Emit(tx, p.HostAccount, p.HostSite, typ, map[string]any{"placement": p.view(Hosted)})
}

// countLive adds to tx the change n of the target's live_count and, when
// placedAt is set, its last_placed_at; nothing when the target was
// deleted.
func (s *Service) countLive(ctx context.Context, tx *dynamo.Tx, p placementItem, n int, placedAt *string) error {
	t, err := s.getTarget(ctx, p.FromSite, p.TargetID)
	if errors.Is(err, ErrTargetNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	expr := "ADD live_count :n"
	values := map[string]types.AttributeValue{":n": num(n)}
	if placedAt != nil {
		expr = "SET last_placed_at = :at ADD live_count :n"
		values[":at"] = str(*placedAt)
	}
	tx.Update("target", t.PK, t.SK, &types.Update{
		UpdateExpression: aws.String(expr), ConditionExpression: aws.String("attribute_exists(pk)"),
		ExpressionAttributeValues: values,
	})
	return nil
}

// freeMonth adds to tx the return of p's place in its target's monthly
// cap (max_new_links_per_month), for a placement that ends without ever
// being live: it made no new link. Nothing when the target was deleted or
// its count is of another month than the reservation's. The write is
// named "target": a month that turned meanwhile fails the commit, as a
// race.
func (s *Service) freeMonth(ctx context.Context, tx *dynamo.Tx, p placementItem) error {
	reserved, err := clock.Parse(p.ReservedAt)
	if err != nil {
		return nil
	}
	t, err := s.getTarget(ctx, p.FromSite, p.TargetID)
	if errors.Is(err, ErrTargetNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	month := reserved.UTC().Format("2006-01")
	if t.Month != month || t.MonthCount <= 0 {
		return nil
	}
	tx.Update("target", t.PK, t.SK, &types.Update{
		UpdateExpression:          aws.String("ADD month_count :minus"),
		ConditionExpression:       aws.String("#m = :m AND month_count > :zero"),
		ExpressionAttributeNames:  map[string]string{"#m": "month"},
		ExpressionAttributeValues: map[string]types.AttributeValue{":minus": num(-1), ":m": str(month), ":zero": num(0)},
	})
	return nil
}

// ending says how a placement ends.
type ending struct {
	status, reason string
	// by is the caller who ended it (the activity log names them); nil for
	// the exchange's own checks.
	by *auth.Principal
	// checkedAt is set when a link check ended it.
	checkedAt *string
	// gone is the site whose account was deleted, when that ended it.
	gone string
	// answer makes the ending commit with the placement as ended, as the
	// host sees it: the answer of the request that ended it, stored for
	// its Idempotency-Key in the same transaction (see
	// dynamo.Table.Commit), so a retry after a crash replays it.
	answer bool
}

// end ends placement p (as read) at now. Credits: held credits go back to
// the requester; a live link's earned credits are taken back from the host
// (never below a zero balance) and what was taken is returned to the
// requester, and the sums settled are undone by as much (unless the
// requester's account was deleted: see returnCredits). Counters, the
// article's slot and the target's live_count follow, and a placement never
// live gives its target's month back (see freeMonth); a link in the host article is unlinked (its words
// stay) with article.updated; a lost link records backlink.lost on both
// accounts. It returns the placement as ended; a commit that lost a race
// returns an error for which lostRace is true.
func (s *Service) end(ctx context.Context, p placementItem, e ending) (placementItem, error) {
	now := s.Clock.Now()
	at := clock.Format(now)
	ended := p
	ended.Status, ended.EndReason, ended.EndedAt, ended.ExpiresAt = e.status, &e.reason, &at, nil
	if e.checkedAt != nil {
		ended.LastCheckedAt = e.checkedAt
	}
	writes := func(tx *dynamo.Tx) error {
		if err := putPlacement(tx, ended, p.Status, p.Misses); err != nil {
			return err
		}
		if err := s.returnCredits(ctx, tx, p, e); err != nil {
			return err
		}
		if p.Status != StatusLive {
			if err := s.freeMonth(ctx, tx, p); err != nil {
				return err
			}
		}
		releaseSlot(tx, p.HostSite, p.HostArticleID)
		if e.status == StatusLost {
			s.emitBoth(tx, ended, "backlink.lost")
		}
		if e.by != nil {
			activity.Record(tx, now, *e.by, activity.Change{
				Action: "backlink.removed", SiteID: p.HostSite, Resource: activity.Resource{Type: "backlink_placement", ID: p.ID},
				Summary: fmt.Sprintf("Hosted link to %s removed", p.TargetURL),
			})
		}
		return nil
	}
	var answer any
	if e.answer {
		answer = ended.view(Hosted)
	}
	if p.Status == StatusReserved {
		return ended, s.commitAnswering(ctx, writes, answer)
	}
	who := auth.Service(p.HostAccount, serviceActor)
	if e.by != nil {
		who = *e.by
	}
	summary := fmt.Sprintf("Link to %s removed from the article (placement %s)", p.TargetURL, e.status)
	return ended, s.changeArticle(ctx, p, who, summary, func(body string) (string, bool) { return Unlink(body, p.TargetURL) }, writes, answer)
}

// returnCredits adds to tx the credit moves of ending p as e says. Held
// credits go back to the requester, into the billing period they came from
// (nothing when that period is over). A live link's earned credits are
// taken back from the host, as many as its balance still holds (it never
// goes below zero), and what is taken is returned to the requester the
// same way, so no credit is made from nothing; lifetime_earned and
// lifetime_spent go down by what is taken. The host's reputation counts
// the link as lost or as removed by the host;
// except when the requester's own account was deleted: the host did
// nothing wrong and keeps what it earned, and only the live counts change.
func (s *Service) returnCredits(ctx context.Context, tx *dynamo.Tx, p placementItem, e ending) error {
	c := p.Credits
	if p.Status != StatusLive {
		addStats(tx, p.FromAccount, p.FromSite, delta{cEscrowed: -c, cInProgress: -1})
		addStats(tx, p.HostAccount, p.HostSite, delta{cInProgress: -1})
		return s.refundRequester(ctx, tx, p)
	}
	if e.reason == ReasonSiteDeleted && e.gone == p.FromSite {
		addStats(tx, p.HostAccount, p.HostSite, delta{cLiveHosted: -1})
		addStats(tx, p.FromAccount, p.FromSite, delta{cLiveInbound: -1})
		return s.countLive(ctx, tx, p, -1, nil)
	}
	c, err := s.Credits.WithdrawIn(ctx, tx, p.HostAccount, p.HostSite, creditKind, c)
	if err != nil {
		return err
	}
	p.Credits = c // what is given back
	host := delta{cLifetimeEarned: -c, cLiveHosted: -1}
	switch e.reason {
	case ReasonLinkMissing:
		host[cLostHosted] = 1
	case ReasonRemovedByHost:
		host[cClawedHosted] = 1
	}
	addStats(tx, p.HostAccount, p.HostSite, host)
	addStats(tx, p.FromAccount, p.FromSite, delta{cLifetimeSpent: -c, cLiveInbound: -1})
	if err := s.refundRequester(ctx, tx, p); err != nil {
		return err
	}
	return s.countLive(ctx, tx, p, -1, nil)
}

// refundRequester adds to tx the return of p's credits to the requester.
// They were taken from the requester's balance at reservation, and
// settling a live link only passes them to the host, so whether held or
// settled they go back into the billing period they came from, as any
// refund does: nothing once that period is over (its balance was replaced
// by the next grant), and never beyond what the period granted. The write
// is named "credits" (see credits.Service.RefundIn).
func (s *Service) refundRequester(ctx context.Context, tx *dynamo.Tx, p placementItem) error {
	if p.PeriodStart == "" { // reserved before placements recorded their period
		s.Credits.DepositIn(tx, p.FromAccount, p.FromSite, creditKind, p.Credits)
		return nil
	}
	_, err := s.Credits.RefundIn(ctx, tx, credits.Spent{
		SpendRequest: credits.SpendRequest{AccountID: p.FromAccount, SiteID: p.FromSite, Kind: creditKind, N: p.Credits},
		PeriodStart:  p.PeriodStart,
	})
	return err
}

// errBodyUnchanged stops an article change that would change nothing.
var errBodyUnchanged = errors.New("backlinks: article body unchanged")

// changeArticle applies edit to the host article's body and commits writes
// with it, article.updated and an activity entry by who on the host's
// account; when the article is gone, or edit changes nothing, writes
// commit alone. A non-nil answer is the result the transaction commits
// with (see dynamo.Table.Commit) rather than the article.
func (s *Service) changeArticle(ctx context.Context, p placementItem, who auth.Principal, summary string,
	edit func(body string) (string, bool), writes func(tx *dynamo.Tx) error, answer any) error {
	site, err := s.hostSite(ctx, p)
	if err != nil {
		return err
	}
	var answering func(articles.Article) any
	if answer != nil {
		answering = func(articles.Article) any { return answer }
	}
	_, err = s.Articles.ChangeAnswering(ctx, p.HostSite, p.HostArticleID, func(a *articles.Article) error {
		body, changed := edit(a.BodyMarkdown)
		if !changed {
			return errBodyUnchanged
		}
		s.SetBody(a, body, site)
		return nil
	}, func(tx *dynamo.Tx, _, after articles.Article) error {
		s.articleUpdated(tx, p, who, after, summary)
		return writes(tx)
	}, answering)
	if errors.Is(err, errBodyUnchanged) || errors.Is(err, articles.ErrNotFound) {
		return s.commitAnswering(ctx, writes, answer)
	}
	return err
}

// articleUpdated adds article.updated and the activity entry of a change
// the exchange made to a host article.
func (s *Service) articleUpdated(tx *dynamo.Tx, p placementItem, who auth.Principal, after articles.Article, summary string) {
	if after.Status == articles.StatusFinished {
		s.Events.Emit(tx, p.HostAccount, p.HostSite, "article.updated", map[string]any{"article": after.WithoutBody(), "changed": []string{"body_markdown"}})
	}
	activity.Record(tx, s.Clock.Now(), who, activity.Change{
		Action: "article.updated", SiteID: p.HostSite, Resource: activity.Resource{Type: "article", ID: after.ID},
		Summary: summary + ": " + nouns.Quoted(after.Title),
	})
}

// commitWith commits the writes of build alone.
func (s *Service) commitWith(ctx context.Context, build func(tx *dynamo.Tx) error) error {
	return s.commitAnswering(ctx, build, nil)
}

// commitAnswering commits the writes of build alone, with answer as the
// transaction's result (see dynamo.Table.Commit; nil: no idempotent
// response).
func (s *Service) commitAnswering(ctx context.Context, build func(tx *dynamo.Tx) error, answer any) error {
	tx := &dynamo.Tx{}
	if err := build(tx); err != nil {
		return err
	}
	if err := s.Table.Commit(ctx, tx, answer); err != nil {
		return apperr.Wrap("backlinks.commit", err)
	}
	return nil
}

// commit commits tx with no idempotent response.
func (s *Service) commit(ctx context.Context, tx *dynamo.Tx) error {
	if err := s.Table.Commit(ctx, tx, nil); err != nil {
		return apperr.Wrap("backlinks.commit", err)
	}
	return nil
}

// lostRace reports whether a commit failed because the placement, the
// article, a credit balance or the target changed since they were read:
// reading again may succeed.
func lostRace(err error) bool {
	return errors.Is(err, articles.ErrChanged) || dynamo.LostRace(err, "placement", "credits", "target", "article")
}
