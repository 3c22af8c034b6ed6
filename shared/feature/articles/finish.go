package articles

import (
	"context"
	"fmt"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/platform/dynamo"
)

// Triggers of article.generated and article.finished (spec 6).
const (
	TriggerAPI       = "api"
	TriggerAutopilot = "autopilot"
	TriggerDashboard = "dashboard"
)

// TriggerOf names who asked for a change: the owner acts from the
// dashboard, scheduled work is the autopilot, credentials use the API.
func TriggerOf(p auth.Principal) string {
	switch p.Actor.Type {
	case auth.ActorOwner:
		return TriggerDashboard
	case auth.ActorService:
		return TriggerAutopilot
	}
	return TriggerAPI
}

// SourceOf is the source of an article a caller creates: the owner
// creates it in the dashboard, credentials through the API.
func SourceOf(p auth.Principal) string {
	if p.Actor.Type == auth.ActorOwner {
		return SourceDashboard
	}
	return SourceAPI
}

// Errors of Finish.
var (
	errAlreadyFinished = apperr.New(apperr.Conflict, "The article is already finished.")
	errNoBody          = apperr.New(apperr.Conflict, "The article has no body. Write it with PATCH .../articles/{article_id} (body_markdown), or let the service write it with POST .../generate.")
)

// Finish marks the caller's hand-written article finished: it must have a
// body and be neither finished nor being written (409 conflict otherwise).
// It sets finished_at and seo_score, and records article.finished with
// the caller's trigger. Errors: not_found, conflict.
func (s *Service) Finish(ctx context.Context, siteID, id string) (Article, error) {
	p, site, err := s.site(ctx, siteID)
	if err != nil {
		return Article{}, err
	}
	now := s.Clock.Now()
	return s.Store.Change(ctx, siteID, id, func(a *Article) error {
		switch {
		case a.Status == StatusGenerating:
			return errGenerating
		case a.Status == StatusFinished:
			return errAlreadyFinished
		case !a.Written():
			return errNoBody
		}
		a.Status = StatusFinished
		at := clock.Format(now)
		a.FinishedAt = &at
		a.Slug = Slug(a.Title, a.ID)
		a.SetSEOScore(site)
		return nil
	}, func(tx *dynamo.Tx, _, after Article) error {
		s.Events.Emit(tx, p.AccountID, siteID, "article.finished", map[string]any{"article": after.WithoutBody(), "trigger": TriggerOf(p)})
		activity.Record(tx, now, p, activity.Change{
			Action: "article.finished", SiteID: siteID, Resource: activity.Resource{Type: "article", ID: id},
			Summary: fmt.Sprintf("Article %q marked finished", after.Title),
		})
		return nil
	})
}
