package integrations

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"time"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"

	"rvcontent/shared/platform/pushapi"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/backoff"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/egress"
)

// SyncKind is the job kind of a sync.
const SyncKind = "integration.sync"

// FailureCode is the error code of a failed push (article.publish_failed,
// a failed sync job).
const FailureCode = "push_failed"

// maxListedErrors bounds the errors a sync's result lists.
const maxListedErrors = 20

// maxArticles bounds the finished articles one sync reads.
const maxArticles = 10000

type syncInput struct {
	SiteID   string `json:"site_id"`
	Platform string `json:"platform"`
}

// SyncResult is a sync job's result.
type SyncResult struct {
	IntegrationID string `json:"integration_id"`
	Created       int    `json:"created"`
	Updated       int    `json:"updated"`
	Unchanged     int    `json:"unchanged"`
	Failed        int    `json:"failed"`
	// Skipped counts articles not tried because the platform could not
	// be reached or refused the token, or because the integration was
	// disconnected (or connected again) during the sync.
	Skipped int         `json:"skipped"`
	Errors  []SyncError `json:"errors"`
}

// SyncError is one article a sync could not push.
type SyncError struct {
	ArticleID string `json:"article_id"`
	Message   string `json:"message"`
}

func errNotConnected(platform string) error {
	return apperr.Newf(apperr.Conflict, "%s is not connected on this site. Connect it first with POST .../integrations/%s/connect.", platform, platform)
}

// Sync starts a job that pushes every finished article of the caller's
// site that the integration's connection has not pushed, or whose pushed
// content changed. Errors: not_found, integration_unavailable, conflict
// (not connected).
func (s *Service) Sync(ctx context.Context, siteID, platform string) (jobs.Job, error) {
	p, site, err := s.scope(ctx, siteID, platform)
	if err != nil {
		return jobs.Job{}, err
	}
	if err := s.requireAvailable(ctx, p.AccountID, platform); err != nil {
		return jobs.Job{}, err
	}
	r, err := s.load(ctx, p.AccountID, site, platform)
	if err != nil {
		return jobs.Job{}, err
	}
	if !r.connected() {
		return jobs.Job{}, errNotConnected(platform)
	}
	tx := &dynamo.Tx{}
	job := s.Jobs.Add(tx, p.AccountID, siteID, SyncKind, syncInput{SiteID: siteID, Platform: platform})
	activity.Record(tx, s.Clock.Now(), p, activity.Change{
		Action: "integration.sync_started", SiteID: siteID, Resource: activity.Resource{Type: "integration", ID: platform},
		Summary: fmt.Sprintf("Sync to %s started", platform),
	})
	if err := s.commit(ctx, tx, job); err != nil {
		return jobs.Job{}, err
	}
	return job, nil
}

// RunSync is the integration.sync job's runner. It pushes in update
// order, records article.published (created or updated) or
// article.publish_failed for each article it tries, and at the end the
// integration's last_sync_at and status (error, with integration.error,
// when a push failed). When the platform cannot be reached or refuses
// the token, it stops, and the job fails with code push_failed when no
// push got through (its result still counts what was tried and
// skipped). Before each
// push it checks that the connection is still the integration's: once the
// owner disconnects (or connects again), it stops and counts the articles
// left as skipped. It pushes nothing that could end after the attempt's
// lease (jobs.Run.Deadline): it returns jobs.ErrOutOfTime, and the
// retried job goes on with the articles not pushed yet.
func (s *Service) RunSync(ctx context.Context, run *jobs.Run) (any, error) {
	var in syncInput
	if err := json.Unmarshal(run.Input, &in); err != nil {
		return nil, apperr.New(apperr.BadRequest, "The sync job's input is not readable.")
	}
	site, err := s.Sites.Get(ctx, run.AccountID, in.SiteID)
	if err != nil {
		return nil, err
	}
	if err := s.requireAvailable(ctx, run.AccountID, in.Platform); err != nil {
		return nil, err
	}
	r, err := s.load(ctx, run.AccountID, site, in.Platform)
	if err != nil {
		return nil, err
	}
	if !r.connected() {
		return nil, errNotConnected(in.Platform)
	}
	res := SyncResult{IntegrationID: in.Platform, Errors: []SyncError{}}
	conn, err := s.conn(r)
	if err != nil {
		return nil, s.settle(ctx, run.AccountID, site, r, true, pushMessage(err), func(tx *dynamo.Tx, now time.Time) {
			run.FailIn(tx, now, jobs.Error{Code: FailureCode, Message: pushMessage(err)})
		})
	}
	list, err := s.Articles.ListFinished(ctx, site.ID, time.Time{}, maxArticles, false)
	if err != nil {
		return nil, err
	}
	done, err := s.pushedBy(ctx, site.ID, r.Platform, r.ConnectionID)
	if err != nil {
		return nil, err
	}
	// Whose post each id is: only the articles still finished on the site
	// own one (a deleted article's post id may be the platform's again).
	owners := postOwners(done)
	listed := make(map[string]bool, len(list))
	for _, a := range list {
		listed[a.ID] = true
	}
	for id, owner := range owners {
		if !listed[owner] {
			delete(owners, id)
		}
	}
	var first *pushapi.PushError
	for i, a := range list {
		var prev *pushed
		if p, ok := done[a.ID]; ok {
			prev = &p
		}
		if prev == nil || prev.Hash != hashOf(postOf(a, r.Settings)) {
			// A push may take the egress client's whole timeout: none
			// starts that could end after the attempt's lease, when
			// another attempt may start and push the same article. The
			// job is retried and goes on from what was pushed.
			if s.Clock.Now().Add(egress.DefaultTimeout).After(run.Deadline()) {
				return nil, jobs.ErrOutOfTime
			}
			// The owner may have disconnected (or connected again)
			// since the sync started: then nothing more is sent with
			// the connection's token, and the rest is skipped.
			now, current, err := s.current(ctx, r)
			if err != nil {
				return nil, err
			}
			if !current {
				res.Skipped = len(list) - i
				break
			}
			if now.SealedToken != r.SealedToken {
				// A new token for the same site (the owner reconnected
				// after a refusal): the rest goes with it.
				if c, err := s.conn(now); err == nil {
					conn, r.SealedToken = c, now.SealedToken
				}
			}
		}
		result, rec, err := s.pushOne(ctx, r, conn, a, prev, false, func(_ context.Context, id string) (string, error) { return owners[id], nil })
		if err != nil {
			pe := asPushError(err)
			res.Failed++
			if len(res.Errors) < maxListedErrors {
				res.Errors = append(res.Errors, SyncError{ArticleID: a.ID, Message: pe.Message})
			}
			if first == nil {
				first = pe
			}
			if err := s.recordFailure(ctx, run.AccountID, r, a, pe); err != nil {
				return nil, err
			}
			if pe.Connection {
				res.Skipped = len(list) - i - 1
				break
			}
			continue
		}
		if result != resultUnchanged {
			switch recorded, err := s.recordPush(ctx, run.AccountID, r, a, result, rec); {
			case err != nil:
				return nil, err
			case !recorded:
				result = resultUnchanged
			}
		}
		owners[rec.RemoteID] = a.ID
		switch result {
		case resultUnchanged:
			res.Unchanged++
		case ResultCreated:
			res.Created++
		default:
			res.Updated++
		}
	}
	failure := ""
	if first != nil {
		failure = first.Message
	}
	return nil, s.settle(ctx, run.AccountID, site, r, true, failure, func(tx *dynamo.Tx, now time.Time) {
		if first != nil && first.Connection && res.Created+res.Updated+res.Unchanged == 0 {
			// The failed job still says what was tried and skipped, as
			// the result of a sync that stopped after some pushes does.
			run.FailWithResultIn(tx, now, jobs.Error{Code: FailureCode, Message: first.Message}, res)
			return
		}
		run.CompleteIn(tx, now, res)
	})
}

// current reads the integration again and reports whether r's connection
// is still its own: not disconnected or replaced since r was read (its
// token may have been renewed).
func (s *Service) current(ctx context.Context, r record) (record, bool, error) {
	now, found, err := s.stored(ctx, r.SiteID, r.Platform)
	if err != nil {
		return record{}, false, err
	}
	return now, found && now.connected() && now.ConnectionID == r.ConnectionID, nil
}

func asPushError(err error) *pushapi.PushError {
	var pe *pushapi.PushError
	if errors.As(err, &pe) {
		return pe
	}
	return &pushapi.PushError{Message: "The platform could not be reached."}
}

// conn opens the integration's stored token.
func (s *Service) conn(r record) (pushapi.Conn, error) {
	token, err := s.Sealer.Open(r.SealedToken, sealContext(r))
	if err != nil || r.SiteURL == nil {
		return pushapi.Conn{}, &pushapi.PushError{Message: "The stored API token can no longer be read. Reconnect the integration.", Connection: true}
	}
	return pushapi.Conn{SiteURL: *r.SiteURL, Token: token}, nil
}

// recordPush stores what was pushed, with article.published, and reports
// whether it did. A push of the same content that another sync running at
// the same time recorded first (the platform answered both with one post,
// by the create's Idempotency-Key) is not recorded again: one post, one
// article.published.
func (s *Service) recordPush(ctx context.Context, accountID string, r record, a articles.Article, result string, rec pushed) (bool, error) {
	tx := &dynamo.Tx{}
	tx.PutExpr("pushed", rec, expression.AttributeNotExists(expression.Name("pk")).
		Or(expression.Name("hash").NotEqual(expression.Value(rec.Hash))))
	var url any
	if rec.URL != "" {
		url = rec.URL
	}
	s.Events.Emit(tx, accountID, r.SiteID, "article.published", map[string]any{
		"article_id": a.ID, "source": r.Platform, "url": url, "result": result,
	})
	err := s.Table.Commit(ctx, tx, nil)
	if dynamo.FailedOn(err, "pushed") {
		return false, nil
	}
	return err == nil, apperr.Wrap("integrations.recordPush", err)
}

// recordFailure records article.publish_failed.
func (s *Service) recordFailure(ctx context.Context, accountID string, r record, a articles.Article, pe *pushapi.PushError) error {
	tx := &dynamo.Tx{}
	s.Events.Emit(tx, accountID, r.SiteID, "article.publish_failed", map[string]any{
		"article_id": a.ID, "destination": r.Platform, "error": map[string]string{"code": FailureCode, "message": pe.Message},
	})
	return apperr.Wrap("integrations.recordFailure", s.Table.Commit(ctx, tx, nil))
}

// settle records how the connection's pushes went: status connected, or
// error with last_error and integration.error when failure is set, and
// last_sync_at for a sync. extra adds writes that belong with it (the
// job's end). A connection replaced meanwhile is left alone. A write that
// raced another (syncs or pushes of the same integration ending at once)
// is tried again on the integration as it is now, after a backoff.Pause,
// for as long as settleFor: the pushes are
// made, and a job is not failed for a race its caller cannot help.
func (s *Service) settle(ctx context.Context, accountID string, site sites.Site, pushedWith record, sync bool, failure string, extra func(*dynamo.Tx, time.Time)) error {
	give := time.Now().Add(settleFor)
	for attempt := 1; ; attempt++ {
		r, err := s.load(ctx, accountID, site, pushedWith.Platform)
		if err != nil {
			return err
		}
		now := s.Clock.Now()
		tx := &dynamo.Tx{}
		if r.ConnectionID == pushedWith.ConnectionID {
			at := clock.Format(now)
			if sync {
				r.LastSyncAt = &at
			}
			r.Status = StatusConnected
			if failure != "" {
				msg := failure
				r.Status, r.LastError, r.LastErrorAt = StatusError, &msg, &at
			}
			put(tx, &r)
			if failure != "" {
				s.Events.Emit(tx, accountID, site.ID, "integration.error", map[string]any{"integration": r.view(true)})
			}
		}
		if extra != nil {
			extra(tx, now)
		}
		err = s.commit(ctx, tx, nil)
		if !errors.Is(err, errChanged) || time.Now().After(give) {
			return err
		}
		if err := backoff.Pause(ctx, attempt, backoff.LongestPause); err != nil {
			return apperr.Wrap("integrations.settle", err)
		}
	}
}

// settleFor is how long settle tries again after a race.
const settleFor = 5 * time.Second
