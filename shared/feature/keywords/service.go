package keywords

import (
	"context"
	"errors"

	"rvcontent/shared/kernel/nouns"

	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/model"
)

// Service runs the keyword use cases of the agent API.
type Service struct {
	Table *dynamo.Table
	Clock clock.Clock
	Sites *sites.Store
	Store *Store
}

// List returns up to limit of the caller's site's keywords of source (""
// for both), highest search_volume first (ties by name), after cursor.
// Errors: not_found for a site that is not the caller's; validation_failed
// for a cursor this list did not issue.
func (s *Service) List(ctx context.Context, siteID, source string, limit int, cursor string) ([]Keyword, string, error) {
	p, _ := auth.From(ctx)
	after := ""
	var all []Keyword
	_, err := s.Sites.Within(ctx, p.AccountID, siteID, func(ctx context.Context) (err error) {
		if cursor != "" {
			c, err := dynamo.DecodeCursor(cursor)
			if err != nil || len(c) != 1 || !validSortKey(c["k"]) {
				return apperr.BadCursor()
			}
			after = c["k"]
		}
		all, err = s.Store.All(ctx, siteID)
		return err
	})
	if err != nil {
		return nil, "", err
	}
	out := []Keyword{}
	next := ""
	for _, k := range all {
		if (source != "" && k.Source != source) || k.sortKey() <= after {
			continue
		}
		if len(out) == limit {
			next = dynamo.EncodeCursor(dynamo.Cursor{"k": out[len(out)-1].sortKey()})
			break
		}
		out = append(out, k)
	}
	return out, next, nil
}

// Duplicate begins the message of Create's conflict, the site already
// having a keyword of that name (the dashboard shows it next to the name
// typed).
const Duplicate = "This site already has the keyword"

// Create adds a keyword to the caller's site with source library; its
// traffic_estimate is the model estimate for its volume and intent
// (model.EstimateTraffic). Errors: not_found; conflict when the site
// already has a keyword of that name.
func (s *Service) Create(ctx context.Context, siteID string, d Draft) (Keyword, error) {
	p, _ := auth.From(ctx)
	if _, err := s.Sites.Get(ctx, p.AccountID, siteID); err != nil {
		return Keyword{}, err
	}
	now := s.Clock.Now()
	intent := ""
	if d.Intent != nil {
		intent = *d.Intent
	}
	k := Keyword{
		ID: ids.Sortable(), SiteID: siteID, Name: d.Name, Source: SourceLibrary, Tag: d.Tag, Intent: d.Intent,
		SearchVolume: d.SearchVolume, TrafficEstimate: model.EstimateTraffic(d.SearchVolume, intent),
		Trend: d.Trend, CreatedAt: clock.Format(now),
	}
	tx := &dynamo.Tx{}
	AddIn(tx, p.AccountID, k)
	activity.Record(tx, now, p, activity.Change{
		Action: "keyword.created", SiteID: siteID, Resource: activity.Resource{Type: "keyword", ID: k.ID},
		Summary: "Keyword " + nouns.Quoted(k.Name) + " added",
	})
	err := s.Table.Commit(ctx, tx, k)
	switch {
	case dynamo.FailedOn(err, WriteName):
		return Keyword{}, apperr.Newf(apperr.Conflict, Duplicate+" %q; delete it first to add it again.", k.Name)
	case err != nil:
		return Keyword{}, apperr.Wrap("keywords.Create", err)
	}
	return k, nil
}

// Delete removes keyword id from the caller's site. Articles written for
// it stay. Errors: not_found.
func (s *Service) Delete(ctx context.Context, siteID, id string) (Keyword, error) {
	p, _ := auth.From(ctx)
	if _, err := s.Sites.Get(ctx, p.AccountID, siteID); err != nil {
		return Keyword{}, err
	}
	if !ids.Valid(id) {
		return Keyword{}, ErrNotFound
	}
	k, err := s.Store.Get(ctx, siteID, id)
	if err != nil {
		return Keyword{}, err
	}
	tx := &dynamo.Tx{}
	DeleteIn(tx, k)
	activity.Record(tx, s.Clock.Now(), p, activity.Change{
		Action: "keyword.deleted", SiteID: siteID, Resource: activity.Resource{Type: "keyword", ID: k.ID},
		Summary: "Keyword " + nouns.Quoted(k.Name) + " deleted",
	})
	err = s.Table.Commit(ctx, tx, k)
	if errors.Is(err, dynamo.ErrConditionFailed) {
		return Keyword{}, ErrNotFound
	}
	if err != nil {
		return Keyword{}, apperr.Wrap("keywords.Delete", err)
	}
	return k, nil
}
