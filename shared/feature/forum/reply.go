package forum

import (
	"context"
	"errors"

	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
)

// Reply is a reply a person posted, as the API shows it (spec 2 Forum
// reply).
type Reply struct {
	ID            string  `json:"id" dynamodbav:"id"`
	ThreadID      string  `json:"thread_id" dynamodbav:"thread_id"`
	DraftID       string  `json:"draft_id" dynamodbav:"draft_id"`
	Permalink     *string `json:"permalink" dynamodbav:"permalink"`
	Status        string  `json:"status" dynamodbav:"status"`
	Score         *int    `json:"score" dynamodbav:"score"`
	PostedAt      *string `json:"posted_at" dynamodbav:"posted_at"`
	ConfirmedAt   *string `json:"confirmed_at" dynamodbav:"confirmed_at"`
	RemovedAt     *string `json:"removed_at" dynamodbav:"removed_at"`
	LastCheckedAt *string `json:"last_checked_at" dynamodbav:"last_checked_at"`
	CreatedAt     string  `json:"created_at" dynamodbav:"created_at"`
	UpdatedAt     string  `json:"updated_at" dynamodbav:"updated_at"`
}

func (r Reply) ref() *ReplyRef {
	return &ReplyRef{ID: r.ID, Status: r.Status, Permalink: r.Permalink}
}

// replyItem is a reply as stored under its site: while checks remain, its
// GSI1 entry is the next check.
type replyItem struct {
	PK string `dynamodbav:"pk"`
	SK string `dynamodbav:"sk"`
	Reply
	AccountID string `dynamodbav:"account_id"`
	SiteID    string `dynamodbav:"site_id"`
	ForumID   string `dynamodbav:"forum_id"`
	// Taking is set while the account's other sites' threads of ForumID
	// may still have to be marked taken (see setTaken): the request that
	// recorded the reply does it after its commit, and the reply's first
	// check, due at once, does it again, so a request that died in
	// between leaves no thread open that the reply took.
	Taking bool   `dynamodbav:"taking,omitempty"`
	GSI1PK string `dynamodbav:"gsi1pk,omitempty"`
	GSI1SK string `dynamodbav:"gsi1sk,omitempty"`
}

// claimItem holds the one reply recorded in a forum thread by an account.
type claimItem struct {
	PK      string `dynamodbav:"pk"`
	SK      string `dynamodbav:"sk"`
	SiteID  string `dynamodbav:"site_id"`
	ReplyID string `dynamodbav:"reply_id"`
}

// replied reports whether a site of the account recorded its reply in
// forum thread forumID (the account's claim of it exists). A claim that
// can no longer be kept is withdrawn first (see withdrawStale), so it
// does not count.
func (s *Service) replied(ctx context.Context, accountID, forumID string) (bool, error) {
	var c claimItem
	err := s.Table.Get(ctx, dynamo.AccountPK(accountID), dynamo.ForumReplyClaimSK(forumID), &c)
	if errors.Is(err, dynamo.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, apperr.Wrap("forum.replied", err)
	}
	gone, err := s.withdrawStale(ctx, accountID, c)
	return !gone, err
}

// noClaim adds to tx the condition that no site of th's account has
// recorded a reply in th's forum thread (a "claim" failure otherwise).
func noClaim(tx *dynamo.Tx, th threadItem) {
	tx.Check("claim", dynamo.AccountPK(th.AccountID), dynamo.ForumReplyClaimSK(th.Info.ForumID), "attribute_not_exists(pk)", nil)
}

// ErrReplyNotFound is returned for a reply that is not on the site.
var ErrReplyNotFound = apperr.NotFoundf("No forum reply with that id on this site.")

// getReply returns reply id of the site.
func (s *Service) getReply(ctx context.Context, siteID, id string) (replyItem, error) {
	if !ids.Valid(id) {
		return replyItem{}, ErrReplyNotFound
	}
	var it replyItem
	err := s.Table.Get(ctx, dynamo.SitePK(siteID), dynamo.ForumReplySK(id), &it)
	if errors.Is(err, dynamo.ErrNotFound) {
		return replyItem{}, ErrReplyNotFound
	}
	if err != nil {
		return replyItem{}, apperr.Wrap("forum.getReply", err)
	}
	return it, nil
}
