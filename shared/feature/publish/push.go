package publish

import (
	"context"
	"errors"
	"fmt"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/platform/dynamo"
)

// push pushes a to destination and records the outcome: article.published
// {source: destination, url, result} or article.publish_failed
// {article_id, destination, error}, with an activity entry. Only a failure
// to record is an error.
func (s *Service) push(ctx context.Context, pusher Pusher, p auth.Principal, a articles.Article, destination string) (Outcome, error) {
	result, url, err := pusher.Push(ctx, p.AccountID, a.SiteID, destination, a)
	o := Outcome{Destination: destination, Result: result}
	if url != "" {
		o.URL = &url
	}
	tx := &dynamo.Tx{}
	change := activity.Change{Action: "article.published", SiteID: a.SiteID, Resource: activity.Resource{Type: "article", ID: a.ID}}
	if err == nil && result != ResultCreated && result != ResultUpdated {
		err = fmt.Errorf("push to %s answered result %q", destination, result)
	}
	if err != nil {
		o.Result, o.URL, o.Error = ResultFailed, nil, failure(err)
		s.Events.Emit(tx, p.AccountID, a.SiteID, "article.publish_failed", map[string]any{
			"article_id": a.ID, "destination": destination, "error": o.Error,
		})
		change.Action = "article.publish_failed"
		change.Summary = fmt.Sprintf("Push of %q to %s failed: %s", a.Title, destination, o.Error.Message)
	} else {
		s.Events.Emit(tx, p.AccountID, a.SiteID, "article.published", map[string]any{
			"article_id": a.ID, "source": destination, "url": o.URL, "result": result,
		})
		change.Summary = fmt.Sprintf("%q pushed to %s (%s)", a.Title, destination, result)
	}
	activity.Record(tx, s.Clock.Now(), p, change)
	if err := s.Table.Commit(ctx, tx, nil); err != nil {
		return Outcome{}, apperr.Wrap("publish.push", err)
	}
	return o, nil
}

// failure is a push error as the caller sees it: its code and sentence, or
// a generic sentence for an internal error.
func failure(err error) *Failure {
	var e *apperr.Error
	if errors.As(err, &e) && e.Code != apperr.Internal {
		return &Failure{Code: string(e.Code), Message: e.Message}
	}
	return &Failure{Code: string(apperr.Internal), Message: "The platform could not be reached or refused the article. Try again later."}
}
