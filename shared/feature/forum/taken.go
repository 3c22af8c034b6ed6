package forum

import (
	"context"
	"errors"
	"log/slog"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/platform/dynamo"
)

// A thread is taken when another site of its account recorded its reply
// in the same forum thread (one reply per thread per account, spec 4.8):
// it shows status posted with no reply of its own, and ResumeStatus keeps
// the status it returns to when that reply is withdrawn.

// errTaken refuses to move a thread another site's reply took.
var errTaken = apperr.New(apperr.Conflict, "Another site of this account recorded its reply in this forum thread, and an account posts one reply per thread: this thread takes no reply here.")

// taken reports whether the thread is taken by another site's reply.
func (it threadItem) taken() bool {
	return it.Status == StatusPosted && it.Reply == nil
}

// take marks a thread open for work (new, saved or drafted) taken; it
// reports whether it changed. Blocked and dismissed threads stay as they
// are: no reply was going there anyway.
func (it *threadItem) take() bool {
	switch it.Status {
	case StatusNew, StatusSaved, StatusDrafted:
		it.ResumeStatus, it.Status = it.Status, StatusPosted
		return true
	}
	return false
}

// release returns a taken thread to the status it had (dead or stale
// when it became blocked meanwhile); it reports whether it changed.
func (it *threadItem) release() bool {
	if !it.taken() {
		return false
	}
	it.Status, it.ResumeStatus = it.ResumeStatus, ""
	if it.Status == "" {
		it.Status = StatusNew
	}
	if it.BlockedReason != nil {
		it.ResumeStatus, it.Status = it.Status, blockedStatus(*it.BlockedReason)
	}
	return true
}

// claimedElsewhere reports whether a site of the account other than
// siteID holds the account's claim of forum thread forumID.
func (s *Service) claimedElsewhere(ctx context.Context, accountID, siteID, forumID string) (bool, error) {
	var c claimItem
	err := s.Table.Get(ctx, dynamo.AccountPK(accountID), dynamo.ForumReplyClaimSK(forumID), &c)
	if errors.Is(err, dynamo.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, apperr.Wrap("forum.claimedElsewhere", err)
	}
	return c.SiteID != siteID, nil
}

// setTaken marks the threads of forum thread forumID on the account's
// other sites (all but siteID) taken, after siteID recorded its reply
// there, or releases them, after that reply was withdrawn. Only usable
// sites' threads are taken: an archived site's threads are history. It
// runs after the reply's own transaction and only logs its failures: the
// one reply per account rule itself holds through the claim, which drafts
// and records check.
func (s *Service) setTaken(ctx context.Context, accountID, forumID, siteID string, taken bool) {
	all, err := s.Sites.All(ctx, accountID)
	if err != nil {
		slog.ErrorContext(ctx, "forum: mark threads taken", "forum_id", forumID, "err", err)
		return
	}
	now := s.Clock.Now()
	for _, site := range all {
		if site.ID == siteID || (taken && !site.Usable(now)) {
			continue
		}
		_, err := s.changeThread(ctx, site.ID, ThreadID(site.ID, forumID), func(t *threadItem) (bool, error) {
			if taken {
				return t.take(), nil
			}
			return t.release(), nil
		}, nil)
		if err != nil && !errors.Is(err, ErrThreadNotFound) {
			slog.ErrorContext(ctx, "forum: mark threads taken", "site_id", site.ID, "forum_id", forumID, "taken", taken, "err", err)
		}
	}
}

// reopen releases th when it is taken but the account's claim of its
// forum thread is gone (withdrawn), and returns the thread as stored.
func (s *Service) reopen(ctx context.Context, th threadItem) (threadItem, error) {
	if !th.taken() {
		return th, nil
	}
	return s.changeThread(ctx, th.SiteID, th.ID, func(t *threadItem) (bool, error) { return t.release(), nil }, nil)
}
