package publish

import (
	"context"
	"errors"
	"fmt"

	"rvcontent/shared/kernel/nouns"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/articles"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/platform/dynamo"
)

// push pushes a to destination for request (see Pusher) and returns the
// outcome: the result and the post's address, or failed with why.
func push(ctx context.Context, pusher Pusher, p auth.Principal, a articles.Article, destination, request string) Outcome {
	result, url, err := pusher.Push(ctx, p.AccountID, a.SiteID, destination, request, a)
	o := Outcome{Destination: destination, Result: result}
	if url != "" {
		o.URL = &url
	}
	if err == nil && result != ResultCreated && result != ResultUpdated {
		err = fmt.Errorf("push to %s answered result %q", destination, result)
	}
	if err != nil {
		o.Result, o.URL, o.Error = ResultFailed, nil, failure(err)
	}
	return o
}

// notePush adds to tx what push outcome o records: article.published
// {source: destination, url, result} or article.publish_failed
// {article_id, destination, error}, with an activity entry.
func (s *Service) notePush(tx *dynamo.Tx, p auth.Principal, a articles.Article, o Outcome) {
	change := activity.Change{Action: "article.published", SiteID: a.SiteID, Resource: activity.Resource{Type: "article", ID: a.ID}}
	if o.Error != nil {
		s.Events.Emit(tx, p.AccountID, a.SiteID, "article.publish_failed", map[string]any{
			"article_id": a.ID, "destination": o.Destination, "error": o.Error,
		})
		change.Action = "article.publish_failed"
		change.Summary = fmt.Sprintf("Push of %s to %s failed: %s", nouns.Quoted(a.Title), o.Destination, o.Error.Message)
	} else {
		s.Events.Emit(tx, p.AccountID, a.SiteID, "article.published", map[string]any{
			"article_id": a.ID, "source": o.Destination, "url": o.URL, "result": o.Result,
		})
		change.Summary = fmt.Sprintf("%s pushed to %s (%s)", nouns.Quoted(a.Title), o.Destination, o.Result)
	}
	activity.Record(tx, s.Clock.Now(), p, change)
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
