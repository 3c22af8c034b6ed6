package integrations

import (
	"context"

	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/publish"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/platform/dynamo"
)

var _ publish.Pusher = (*Service)(nil)

// Push pushes finished article a of accountID's site to integration
// integrationID now (POST .../articles/{article_id}/publish with
// destinations): an update of the post this connection pushed before,
// else a create. It returns ResultCreated or ResultUpdated and the post's
// address on the platform ("" when the platform gave none). The caller
// records article.published or article.publish_failed. A failure puts
// the integration in status error (integration.error) and returns code
// push_failed with the platform's reason; other errors: not_found,
// integration_unavailable, conflict (not connected), then
// subscription_required (no trial or plan, or the site not usable on it,
// as for a sync). A push already made by the same request (a retry after
// a crash, request not "") is not made again: its result and address are
// answered again.
func (s *Service) Push(ctx context.Context, accountID, siteID, integrationID, request string, a articles.Article) (string, string, error) {
	if _, ok := s.Platforms[integrationID]; !ok {
		return "", "", ErrUnknown
	}
	site, err := s.Sites.Get(ctx, accountID, siteID)
	if err != nil {
		return "", "", err
	}
	if err := s.requireAvailable(ctx, accountID, integrationID); err != nil {
		return "", "", err
	}
	r, err := s.load(ctx, accountID, site, integrationID)
	if err != nil {
		return "", "", err
	}
	if !r.connected() {
		return "", "", errNotConnected(integrationID)
	}
	// Pushing is what a sync does for every article, and a sync needs a
	// trial or plan with the site usable on it: POST .../publish, which
	// needs none to record a URL, may not push without one either.
	if s.Gate != nil {
		if err := s.Gate.Check(ctx, accountID, siteID, billing.NeedTrialOrPlan); err != nil {
			return "", "", err
		}
	}
	conn, err := s.conn(r)
	var rec pushed
	result := ""
	if err == nil {
		var prev *pushed
		if prev, err = s.pushedOne(ctx, siteID, integrationID, r.ConnectionID, a.ID); err != nil {
			return "", "", err
		}
		if request != "" && prev != nil && prev.Request == request {
			return prev.Result, prev.URL, nil
		}
		// Whose post an answered id is, read only once a push answered
		// (a deleted article owns no post).
		owner := func(ctx context.Context, id string) (string, error) {
			done, err := s.pushedBy(ctx, siteID, integrationID, r.ConnectionID)
			other := postOwners(done)[id]
			if err != nil || other == "" || other == a.ID {
				return other, err
			}
			if _, err := s.Articles.Get(ctx, siteID, other); apperr.Is(err, apperr.NotFound) {
				return "", nil
			} else if err != nil {
				return "", err
			}
			return other, nil
		}
		result, rec, err = s.pushOne(ctx, r, conn, a, prev, true, owner)
		rec.Request, rec.Result = request, result
	}
	if err != nil {
		msg := pushMessage(err)
		if serr := s.settle(ctx, accountID, site, r, false, msg, nil); serr != nil {
			return "", "", serr
		}
		return "", "", apperr.New(FailureCode, msg)
	}
	tx := &dynamo.Tx{}
	tx.Put("pushed", rec, "", nil)
	if err := s.Table.Commit(ctx, tx, nil); err != nil {
		return "", "", apperr.Wrap("integrations.Push", err)
	}
	if r.Status == StatusError {
		if err := s.settle(ctx, accountID, site, r, false, "", nil); err != nil {
			return "", "", err
		}
	}
	return result, rec.URL, nil
}
