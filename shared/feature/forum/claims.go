package forum

import (
	"context"
	"errors"
	"fmt"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"

	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/par"
	"rvcontent/shared/platform/dynamo"
)

// withdrawStale withdraws the account's claim c of a forum thread when it
// can no longer be kept: its reply is still only claimed (no permalink)
// and its site is no longer usable (an archived Studio site, or one past
// its removes_at), where nothing can record the permalink until the site
// is restored. The claimed reply is deleted and its thread goes back to
// drafted (its draft stays), so another site of the account may draft
// and record its reply there (one reply per thread per account). It
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
	if r.Status != ReplyClaimed || site.Usable(now) {
		return false, nil
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
		fmt.Sprintf("Claimed reply to forum thread %q withdrawn: the site is no longer usable, so another site of the account may reply", th.Info.Title))
	err = s.Table.Commit(ctx, tx, nil)
	if dynamo.FailedOn(err, "claim") || dynamo.FailedOn(err, "reply") || dynamo.FailedOn(err, "thread") {
		return false, nil
	}
	if err != nil {
		return false, apperr.Wrap("forum.withdrawStale", err)
	}
	return true, nil
}
