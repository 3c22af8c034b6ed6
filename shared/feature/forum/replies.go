package forum

import (
	"context"
	"errors"
	"fmt"
	"time"

	"rvcontent/shared/kernel/nouns"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb/types"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/kernel/input"
	"rvcontent/shared/kernel/weburl"
	"rvcontent/shared/platform/dynamo"
)

// ReplyRecord is what POST /sites/{site_id}/forum/replies takes.
type ReplyRecord struct {
	ThreadID  string
	DraftID   string
	Permalink string // "" records the reply as claimed
}

// MaxPermalink bounds a permalink's length.
const MaxPermalink = weburl.MaxLen

// ParseReplyRecord reads the body of POST /sites/{site_id}/forum/replies.
func ParseReplyRecord(o *input.Object) (ReplyRecord, error) {
	var r ReplyRecord
	r.ThreadID, _ = o.String("thread_id", true)
	r.DraftID, _ = o.String("draft_id", true)
	r.Permalink, _ = o.String("permalink", false, input.SingleLine, input.MaxLen(MaxPermalink))
	return r, o.Err()
}

// errOneReply refuses a second reply in a forum thread.
var errOneReply = apperr.New(apperr.Conflict, "A reply to this forum thread is already recorded on this account; only one reply per thread is allowed.")

// RecordReply records a reply a person posted in the caller's site's
// thread, with the draft it came from (spec 4.8). Without a permalink the
// reply is claimed; a second call with the permalink makes it posted, and
// a posted reply is checked on the forum at the next scheduled run. The
// permalink must link to a comment in that thread on the forum's public
// host. One reply per forum thread and account; the thread becomes posted
// and so does the same forum thread on the account's other usable sites
// (taken, see setTaken); a reply another site left claimed, on a site no
// longer usable, gives way: see withdrawStale.
// A dismissed thread takes none until it is restored. It never spends
// credits. Errors: not_found (thread or draft), validation_failed,
// conflict.
func (s *Service) RecordReply(ctx context.Context, siteID string, in ReplyRecord) (Reply, error) {
	p, _, err := s.site(ctx, siteID)
	if err != nil {
		return Reply{}, err
	}
	th, err := s.getThread(ctx, siteID, in.ThreadID)
	if err != nil {
		return Reply{}, err
	}
	d, err := s.getDraft(ctx, siteID, in.DraftID)
	if err != nil {
		return Reply{}, err
	}
	if d.ThreadID != th.ID {
		return Reply{}, apperr.Invalid(apperr.Problem{Field: "draft_id", Problem: "is a draft of another thread; send the draft of thread " + th.ID})
	}
	if in.Permalink != "" {
		ref, problem := s.Platform.CommentLink(in.Permalink)
		if problem == "" && ref.ForumID != th.Info.ForumID {
			problem = fmt.Sprintf("links to a comment in another thread (%s); this thread is %s", ref.ForumID, th.Info.ForumID)
		}
		if problem != "" {
			return Reply{}, apperr.Invalid(apperr.Problem{Field: "permalink", Problem: problem})
		}
	}
	if th.Reply == nil {
		if th.Status == StatusDismissed {
			return Reply{}, errReplyDismissed
		}
		switch replied, err := s.replied(ctx, p.AccountID, th.Info.ForumID); {
		case err != nil:
			return Reply{}, err
		case replied:
			return Reply{}, errOneReply
		}
		if th, err = s.reopen(ctx, th); err != nil {
			return Reply{}, err
		}
		return s.newReply(ctx, p, th, d.ID, in.Permalink)
	}
	return s.postReply(ctx, p, th, d.ID, in.Permalink)
}

// errReplyDismissed refuses a reply in a thread a person set aside: like a
// draft, it waits until the thread is restored.
var errReplyDismissed = apperr.New(apperr.Conflict, "This thread is dismissed; restore it (PATCH status new) before recording a reply.")

// newReply records the first reply of a thread.
func (s *Service) newReply(ctx context.Context, p auth.Principal, th threadItem, draftID, permalink string) (Reply, error) {
	now := s.Clock.Now()
	at := clock.Format(now)
	r := replyItem{
		Reply:     Reply{ID: ids.Sortable(), ThreadID: th.ID, DraftID: draftID, Status: ReplyClaimed, CreatedAt: at, UpdatedAt: at},
		AccountID: p.AccountID, SiteID: th.SiteID, ForumID: th.Info.ForumID,
	}
	r.PK, r.SK = dynamo.SitePK(th.SiteID), dynamo.ForumReplySK(r.ID)
	r.Taking = true
	if permalink != "" {
		r.post(permalink, now)
	} else {
		// Checked at once for Taking, then withdrawn at ClaimLapse
		// unless posted (see lapse).
		r.setDue(now)
	}
	before := th.UpdatedAt
	th.Status, th.Reply = StatusPosted, r.ref()
	tx := &dynamo.Tx{}
	tx.PutNew("reply", r)
	tx.PutNew("claim", claimItem{PK: dynamo.AccountPK(p.AccountID), SK: dynamo.ForumReplyClaimSK(th.Info.ForumID), SiteID: th.SiteID, ReplyID: r.ID})
	s.putThread(tx, before, th)
	record(tx, now, p, th.SiteID, "forum.reply_recorded", "forum_reply", r.ID, fmt.Sprintf("Reply to forum thread %s recorded as %s", nouns.Quoted(th.Info.Title), r.Status))
	err := s.Table.Commit(ctx, tx, r.Reply)
	switch {
	case dynamo.FailedOn(err, "claim"):
		return Reply{}, errOneReply
	case dynamo.FailedOn(err, "thread"):
		return Reply{}, errThreadChanged
	case err != nil:
		return Reply{}, apperr.Wrap("forum.RecordReply", err)
	}
	s.setTaken(ctx, p.AccountID, th.Info.ForumID, th.SiteID, true)
	return r.Reply, nil
}

// postReply adds the permalink to the thread's claimed reply.
func (s *Service) postReply(ctx context.Context, p auth.Principal, th threadItem, draftID, permalink string) (Reply, error) {
	r, err := s.getReply(ctx, th.SiteID, th.Reply.ID)
	if err != nil {
		return Reply{}, err
	}
	if r.Status != ReplyClaimed || permalink == "" {
		return Reply{}, errOneReply
	}
	if r.DraftID != draftID {
		return Reply{}, apperr.Invalid(apperr.Problem{Field: "draft_id", Problem: "differs from the draft the reply was claimed with (" + r.DraftID + ")"})
	}
	now := s.Clock.Now()
	old := r.UpdatedAt
	r.post(permalink, now)
	r.UpdatedAt = nextUpdate(now, old)
	before := th.UpdatedAt
	th.Reply = r.ref()
	tx := &dynamo.Tx{}
	tx.Put("reply", r, "updated_at = :old", map[string]types.AttributeValue{":old": &types.AttributeValueMemberS{Value: old}})
	s.putThread(tx, before, th)
	record(tx, now, p, th.SiteID, "forum.reply_posted", "forum_reply", r.ID, "Permalink of the reply to forum thread "+nouns.Quoted(th.Info.Title)+" recorded")
	err = s.Table.Commit(ctx, tx, r.Reply)
	switch {
	case dynamo.FailedOn(err, "reply"):
		return Reply{}, errOneReply
	case dynamo.FailedOn(err, "thread"):
		return Reply{}, errThreadChanged
	case err != nil:
		return Reply{}, apperr.Wrap("forum.RecordReply", err)
	}
	return r.Reply, nil
}

// post marks the reply posted at now with its permalink, due for its first
// check at once.
func (r *replyItem) post(permalink string, now time.Time) {
	r.Status, r.Permalink = ReplyPosted, &permalink
	at := clock.Format(now)
	r.PostedAt = &at
	r.setDue(now)
}

// ListReplies returns a page of the caller's site's replies whose status is
// one of statuses (all when empty), newest first. Errors: not_found,
// validation_failed.
func (s *Service) ListReplies(ctx context.Context, siteID string, statuses []string, limit int, cursor string) ([]Reply, string, error) {
	pk := dynamo.SitePK(siteID)
	q := dynamo.PartitionPrefix(pk, dynamo.ForumReplyPrefix)
	if len(statuses) > 0 {
		q = q.Filter(dynamo.AttrIn("status", statuses))
	}
	in, err := q.Input()
	if err != nil {
		return nil, "", apperr.Wrap("forum.ListReplies", err)
	}
	in.ScanIndexForward = aws.Bool(false)
	in.ConsistentRead = aws.Bool(true)
	var items []replyItem
	var next string
	_, _, err = s.site(ctx, siteID, func(ctx context.Context) error {
		if err := input.Filter("status", statuses, ReplyStatuses); err != nil {
			return err
		}
		cur, err := dynamo.DecodeCursor(cursor)
		if err != nil {
			return errBadCursor
		}
		items, next, err = dynamo.QueryPage[replyItem](ctx, s.Table, in, limit, cur, pk)
		return err
	})
	if errors.Is(err, dynamo.ErrBadCursor) {
		return nil, "", errBadCursor
	}
	if err != nil {
		return nil, "", apperr.Wrap("forum.ListReplies", err)
	}
	out := make([]Reply, len(items))
	for i, it := range items {
		out[i] = it.Reply
	}
	return out, next, nil
}
