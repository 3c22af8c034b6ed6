package forum

import (
	"context"
	"errors"
	"fmt"
	"time"

	"rvcontent/shared/kernel/nouns"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"

	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/par"
	"rvcontent/shared/platform/dynamo"
)

// ClaimLapse is how long a reply recorded without its permalink (claimed)
// holds its forum thread for the account: a person who has not recorded
// the permalink by then is taken not to have posted it.
const ClaimLapse = 7 * 24 * time.Hour

// lapsed reports whether the reply is still only claimed ClaimLapse after
// it was recorded, at now.
func (r replyItem) lapsed(now time.Time) bool {
	at, err := clock.Parse(r.CreatedAt)
	return r.Status == ReplyClaimed && err == nil && !now.Before(at.Add(ClaimLapse))
}

// withdrawStale withdraws the account's claim c of a forum thread when it
// can no longer be kept: its reply is still only claimed (no permalink)
// and its site is no longer usable (an archived Studio site, or one past
// its removes_at), where nothing can record the permalink until the site
// is restored, or the claim lapsed (ClaimLapse). The claimed reply is
// deleted and its thread goes back to drafted (its draft stays), so
// another site of the account may draft and record its reply there (one
// reply per thread per account): the account's threads taken by the
// claim are released. It
// reports whether the claim is gone; a claim that holds, or one changed
// meanwhile, is left as it is.
func (s *Service) withdrawStale(ctx context.Context, accountID string, c claimItem) (bool, error) {
	var site sites.Site
	var r replyItem
	err := par.Do(ctx, func(ctx context.Context) (err error) {
		site, err = s.Sites.Get(ctx, accountID, c.SiteID)
		return err
	}, func(ctx context.Context) (err error) {
		r, err = s.getReply(ctx, c.SiteID, c.ReplyID)
		return err
	})
	if errors.Is(err, sites.ErrNotFound) || errors.Is(err, ErrReplyNotFound) {
		return false, nil
	}
	if err != nil {
		return false, apperr.Wrap("forum.withdrawStale", err)
	}
	now := s.Clock.Now()
	why := "the site is no longer usable"
	switch {
	case r.Status != ReplyClaimed:
		return false, nil
	case site.Usable(now) && !r.lapsed(now):
		return false, nil
	case site.Usable(now):
		why = fmt.Sprintf("no permalink was recorded within %d days", int(ClaimLapse/(24*time.Hour)))
	}
	th, err := s.getThread(ctx, c.SiteID, r.ThreadID)
	if err != nil {
		return false, apperr.Wrap("forum.withdrawStale", err)
	}
	before := th.UpdatedAt
	th.Reply, th.Status = nil, StatusDrafted
	if th.BlockedReason != nil {
		th.ResumeStatus, th.Status = StatusDrafted, blockedStatus(*th.BlockedReason)
	}
	tx := &dynamo.Tx{}
	tx.DeleteExpr("claim", c.PK, c.SK, expression.Name("reply_id").Equal(expression.Value(r.ID)))
	tx.DeleteExpr("reply", r.PK, r.SK, expression.Name("updated_at").Equal(expression.Value(r.UpdatedAt)))
	s.putThread(tx, before, th)
	p, _ := auth.From(ctx)
	record(tx, now, p, c.SiteID, "forum.reply_withdrawn", "forum_reply", r.ID,
		fmt.Sprintf("Claimed reply to forum thread %s withdrawn: %s, so another site of the account may reply", nouns.Quoted(th.Info.Title), why))
	err = s.Table.Commit(ctx, tx, nil)
	if dynamo.FailedOn(err, "claim") || dynamo.FailedOn(err, "reply") || dynamo.FailedOn(err, "thread") {
		return false, nil
	}
	if err != nil {
		return false, apperr.Wrap("forum.withdrawStale", err)
	}
	s.setTaken(ctx, accountID, th.Info.ForumID, c.SiteID, false)
	return true, nil
}

// lapse withdraws claimed reply r, read from the check queue, once its
// claim lapsed (see withdrawStale), and otherwise puts it back in the
// queue for the time it lapses.
func (s *Service) lapse(ctx context.Context, r, read replyItem) error {
	c := claimItem{PK: dynamo.AccountPK(r.AccountID), SK: dynamo.ForumReplyClaimSK(r.ForumID), SiteID: r.SiteID, ReplyID: r.ID}
	gone, err := s.withdrawStale(auth.With(ctx, auth.Service(r.AccountID, "forum reply claims")), r.AccountID, c)
	if err != nil || gone {
		return err
	}
	r.GSI1PK, r.GSI1SK = "", ""
	if at, err := clock.Parse(r.CreatedAt); err == nil && r.Status == ReplyClaimed && at.Add(ClaimLapse).After(s.Clock.Now()) {
		r.setDue(at.Add(ClaimLapse))
	}
	return s.putBack(ctx, r, read)
}
