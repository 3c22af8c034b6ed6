package forum

import (
	"context"
	"fmt"

	"rvcontent/shared/kernel/nouns"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/input"
	"rvcontent/shared/kernel/par"
	"rvcontent/shared/platform/dynamo"
)

// ListThreads returns a page of the caller's site's threads whose status is
// one of statuses (all when empty), best fit first: threads with a fit by
// fit, then blocked ones; newer threads first among equals. Errors:
// not_found, validation_failed for an unknown status or a bad cursor.
func (s *Service) ListThreads(ctx context.Context, siteID string, statuses []string, limit int, cursor string) ([]Thread, string, error) {
	var items []threadItem
	var next string
	_, _, err := s.site(ctx, siteID, func(ctx context.Context) (err error) {
		if err = input.Filter("status", statuses, ThreadStatuses); err != nil {
			return err
		}
		items, next, err = s.listThreads(ctx, siteID, statuses, limit, cursor)
		return err
	})
	if err != nil {
		return nil, "", err
	}
	out := make([]Thread, len(items))
	for i, it := range items {
		out[i] = it.view()
	}
	return out, next, nil
}

// GetThread returns the caller's site's thread with its body, top
// comments, latest draft and recorded reply. The site, the thread and its
// text are read at once; a draft or reply, named by the thread, after.
// Errors: not_found.
func (s *Service) GetThread(ctx context.Context, siteID, id string) (ThreadDetail, error) {
	var it threadItem
	var text textItem
	_, _, err := s.site(ctx, siteID, func(ctx context.Context) (err error) {
		it, err = s.getThread(ctx, siteID, id)
		return err
	}, func(ctx context.Context) (err error) {
		text, err = s.getText(ctx, siteID, id)
		return err
	})
	if err != nil {
		return ThreadDetail{}, err
	}
	return s.detailWith(ctx, it, text)
}

// detail adds the text, draft and reply to a thread.
func (s *Service) detail(ctx context.Context, it threadItem) (ThreadDetail, error) {
	text, err := s.getText(ctx, it.SiteID, it.ID)
	if err != nil {
		return ThreadDetail{}, err
	}
	return s.detailWith(ctx, it, text)
}

// detailWith adds text and the thread's draft and reply (read at once) to
// a thread.
func (s *Service) detailWith(ctx context.Context, it threadItem, text textItem) (ThreadDetail, error) {
	d := ThreadDetail{Thread: it.view(), Body: text.Body, TopComments: text.Comments}
	err := par.Do(ctx, func(ctx context.Context) error {
		if it.Draft == nil {
			return nil
		}
		dr, err := s.getDraft(ctx, it.SiteID, it.Draft.ID)
		d.Draft = &dr.Draft
		return err
	}, func(ctx context.Context) error {
		if it.Reply == nil {
			return nil
		}
		r, err := s.getReply(ctx, it.SiteID, it.Reply.ID)
		d.Reply = &r.Reply
		return err
	})
	if err != nil {
		return ThreadDetail{}, err
	}
	return d, nil
}

// ThreadPatch is what PATCH .../threads/{thread_id} takes.
type ThreadPatch struct {
	Status        string
	DismissReason *string
}

// ParseThreadPatch reads the body of PATCH .../threads/{thread_id}.
func ParseThreadPatch(o *input.Object) (ThreadPatch, error) {
	var p ThreadPatch
	p.Status, _ = o.RequiredEnum("status", StatusSaved, StatusDismissed, StatusNew)
	if v, ok := o.String("dismiss_reason", false, input.SingleLine, input.MaxLen(MaxDismissReason)); ok && v != "" {
		p.DismissReason = &v
	}
	return p, o.Err()
}

// UpdateThread saves, dismisses or restores (status new) the caller's
// site's thread. A posted thread keeps its status (dismissing it is a
// conflict), as does one taken by another site's reply (see take), and
// a dismissed thread stays dismissed while another site's reply holds its
// forum thread; a blocked thread can only be dismissed. dismiss_reason is kept while the
// thread is dismissed. A change commits with the thread it answers, so
// the request's answer is stored with it. Errors: not_found, conflict.
func (s *Service) UpdateThread(ctx context.Context, siteID, id string, in ThreadPatch) (ThreadDetail, error) {
	p, _, err := s.site(ctx, siteID)
	if err != nil {
		return ThreadDetail{}, err
	}
	var from string
	var answer *ThreadDetail // the answer the change committed with
	it, err := s.changeThread(ctx, siteID, id, func(t *threadItem) (bool, error) {
		from = t.Status
		switch {
		case t.taken():
			return false, errTaken
		case t.Status == StatusPosted && in.Status == StatusDismissed:
			return false, apperr.New(apperr.Conflict, "A posted thread cannot be dismissed: a reply to it is recorded.")
		case t.Status == StatusPosted:
			return false, apperr.New(apperr.Conflict, "This thread's status stays posted: a reply to it is recorded.")
		case t.BlockedReason != nil && in.Status != StatusDismissed:
			return false, apperr.Newf(apperr.Conflict, "This thread is blocked (%s), so it cannot be %s; it can only be dismissed.", *t.BlockedReason, map[string]string{StatusNew: "restored", StatusSaved: "saved"}[in.Status])
		}
		reason := in.DismissReason
		if in.Status != StatusDismissed {
			reason = nil
		}
		if t.Status == in.Status && deref(t.DismissReason) == deref(reason) {
			return false, nil
		}
		if t.Status == StatusDismissed {
			// A dismissed thread was not taken (see take): restoring it
			// opens it only while no site of the account replied there.
			switch replied, err := s.replied(ctx, p.AccountID, t.Info.ForumID); {
			case err != nil:
				return false, err
			case replied:
				return false, errTaken
			}
		}
		t.Status, t.DismissReason = in.Status, reason
		return true, nil
	}, func(tx *dynamo.Tx, after threadItem) any {
		record(tx, s.Clock.Now(), p, siteID, "forum.thread_updated", "forum_thread", after.ID,
			fmt.Sprintf("Forum thread %s moved from %s to %s", nouns.Quoted(after.Info.Title), from, after.Status))
		// The answer is read before the commit so that it is stored with
		// the change (see dynamo.Table.Commit); a failed read leaves it
		// to be read after.
		answer = nil
		if d, err := s.detail(ctx, after); err == nil {
			answer = &d
			return d
		}
		return nil
	})
	if err != nil {
		return ThreadDetail{}, err
	}
	if answer != nil && answer.UpdatedAt == it.UpdatedAt {
		return *answer, nil
	}
	return s.detail(ctx, it)
}
