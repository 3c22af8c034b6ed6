package forum

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"rvcontent/shared/kernel/nouns"

	"rvcontent/shared/platform/forumapi"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"

	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// Reply checks: a posted reply is checked at every scheduled run during
// WatchFor after its permalink is recorded (moderators and spam filters
// remove most replies early), then once a day until RecheckFor after
// posting, so a later removal (or reinstatement) shows too. A check the
// forum could not answer is tried again retryAfterError later, within
// the same RecheckFor.
const (
	WatchFor     = time.Hour
	RecheckEvery = 24 * time.Hour
	RecheckFor   = 7 * 24 * time.Hour
	// retryAfterError is the wait before checking again when the forum
	// could not be read.
	retryAfterError = 15 * time.Minute
)

// dueReplyKind is the due-work kind of reply checks.
const dueReplyKind = "forum_reply_check"

// dueBatch bounds the work one scheduled run picks up per kind.
const dueBatch = 50

// setDue puts the reply's next check at t.
func (r *replyItem) setDue(t time.Time) {
	r.GSI1PK, r.GSI1SK = dynamo.DuePK(dueReplyKind), dynamo.TimeKey(clock.SortKey(t), r.ID)
}

// CheckReplies verifies the replies whose check is due (a scheduled task):
// a live comment makes the reply confirmed (forum.reply_verified), a
// removed one removed and a missing one not_found (both
// forum.reply_removed); events fire when the status changes, except
// between removed and not_found: the reply was gone already. The score is
// the comment's score. A reply still only claimed ClaimLapse after it was
// recorded is withdrawn (see withdrawStale).
func (s *Service) CheckReplies(ctx context.Context) error {
	due, err := queryDue[replyItem](ctx, s.Table, dueReplyKind, s.Clock.Now(), dueBatch)
	if err != nil {
		return err
	}
	var errs []error
	for _, r := range due {
		if err := s.checkReply(ctx, r); err != nil {
			slog.ErrorContext(ctx, "forum reply check", "reply_id", r.ID, "err", err)
			errs = append(errs, err)
		}
	}
	return errors.Join(errs...)
}

// checkReply checks reply r as read and writes the finding back. Every
// write-back holds only while the stored reply is still the one read: a
// reply changed meanwhile (another run's check, a permalink recorded at
// that moment) or deleted (the account's erasure) is left as it is, and
// the lost race is no error.
func (s *Service) checkReply(ctx context.Context, r replyItem) error {
	read := r
	if r.Taking {
		// The request that recorded the reply may have died before it
		// marked the other sites' threads taken; marking is idempotent.
		s.setTaken(auth.With(ctx, auth.Service(r.AccountID, "forum reply checks")), r.AccountID, r.ForumID, r.SiteID, true)
		r.Taking = false
	}
	if r.Permalink == nil {
		return s.lapse(ctx, r, read)
	}
	check, err := s.Platform.Comment(ctx, *r.Permalink)
	now := s.Clock.Now()
	if err != nil {
		r.retry(now)
		if perr := s.putBack(ctx, r, read); perr != nil {
			return perr
		}
		return err
	}
	event, changed := r.apply(check, now)
	_, err = s.changeThread(ctx, r.SiteID, r.ThreadID, func(t *threadItem) (bool, error) {
		t.Reply = r.ref()
		return true, nil
	}, func(tx *dynamo.Tx, th threadItem) any {
		tx.PutExpr("reply", r, unchanged(read))
		if event != "" {
			s.Events.Emit(tx, r.AccountID, r.SiteID, event, map[string]any{"reply": r.Reply})
		}
		if changed {
			record(tx, now, auth.Service(r.AccountID, "forum reply checks"), r.SiteID, "forum.reply_checked", "forum_reply", r.ID,
				fmt.Sprintf("Reply to forum thread %s is now %s", nouns.Quoted(th.Info.Title), r.Status))
		}
		return nil
	})
	if errors.Is(err, ErrThreadNotFound) {
		return s.putBack(ctx, r, read)
	}
	if dynamo.LostRace(err, "reply") {
		return nil // an overlapping run checked the reply first: its result stands
	}
	return err
}

// putBack writes reply r, changed from read, only while the stored reply
// is unchanged since read; a reply changed or deleted meanwhile keeps that
// change, and r is dropped.
func (s *Service) putBack(ctx context.Context, r, read replyItem) error {
	tx := &dynamo.Tx{}
	tx.PutExpr("reply", r, unchanged(read))
	err := s.Table.Commit(ctx, tx, nil)
	if dynamo.LostRace(err, "reply") {
		return nil
	}
	return err
}

// unchanged is the condition that the stored reply exists and is the one
// read: the same updated_at (every change of the reply moves it) and the
// same next check (a check the forum could not answer moves only that).
func unchanged(read replyItem) expression.ConditionBuilder {
	c := expression.Name("updated_at").Equal(expression.Value(read.UpdatedAt))
	if read.GSI1SK == "" {
		return c.And(expression.AttributeNotExists(expression.Name("gsi1sk")))
	}
	return c.And(expression.Name("gsi1sk").Equal(expression.Value(read.GSI1SK)))
}

// apply records the check's finding at now and schedules the next check;
// it reports whether the status changed and returns the event to emit: ""
// when it did not, or when a reply already gone moved between removed and
// not_found (forum.reply_removed told of it once).
func (r *replyItem) apply(check forumapi.CommentCheck, now time.Time) (event string, changed bool) {
	at := clock.Format(now)
	r.LastCheckedAt = &at
	r.UpdatedAt = nextUpdate(now, r.UpdatedAt)
	if check.ScoreKnown {
		score := check.Score
		r.Score = &score
	}
	r.scheduleCheck(now)
	status, event := ReplyConfirmed, "forum.reply_verified"
	switch check.State {
	case forumapi.CommentRemoved:
		status, event = ReplyRemoved, "forum.reply_removed"
	case forumapi.CommentMissing:
		status, event = ReplyNotFound, "forum.reply_removed"
	}
	if status == r.Status {
		return "", false
	}
	was := r.Status
	r.Status = status
	switch status {
	case ReplyConfirmed:
		if r.ConfirmedAt == nil {
			r.ConfirmedAt = &at
		}
		r.RemovedAt = nil
	case ReplyRemoved:
		r.RemovedAt = &at
	}
	if gone(was) && gone(status) {
		return "", true
	}
	return event, true
}

// gone reports whether a reply of status is no longer on the forum.
func gone(status string) bool { return status == ReplyRemoved || status == ReplyNotFound }

// scheduleCheck sets the reply's next check after one at now: the next
// scheduled run while the reply is younger than WatchFor, then a day later
// until RecheckFor after posting, the last one at RecheckFor itself (a
// reply removed on its last days still shows), then none.
func (r *replyItem) scheduleCheck(now time.Time) {
	posted, end := r.checkWindow(now)
	switch {
	case now.Before(posted.Add(WatchFor)):
		r.setDue(now)
	case now.Before(end):
		r.setDue(minTime(now.Add(RecheckEvery), end))
	default:
		r.GSI1PK, r.GSI1SK = "", ""
	}
}

// retry sets the next check after one at now that the forum could not
// answer: retryAfterError later, but not past the reply's last check
// (RecheckFor after posting), and none once that has passed.
func (r *replyItem) retry(now time.Time) {
	if _, end := r.checkWindow(now); now.Before(end) {
		r.setDue(minTime(now.Add(retryAfterError), end))
		return
	}
	r.GSI1PK, r.GSI1SK = "", ""
}

// checkWindow returns when the reply was posted (now when that is not
// known) and when its checks end, RecheckFor later.
func (r *replyItem) checkWindow(now time.Time) (posted, end time.Time) {
	posted = now
	if r.PostedAt != nil {
		if t, err := clock.Parse(*r.PostedAt); err == nil {
			posted = t
		}
	}
	return posted, posted.Add(RecheckFor)
}

// minTime returns the earlier of a and b.
func minTime(a, b time.Time) time.Time {
	if b.Before(a) {
		return b
	}
	return a
}
