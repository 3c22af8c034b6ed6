package agentapi

import (
	"context"
	"net/http"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/webhooks"
	"rvcontent/shared/kernel/input"
)

func (s *Events) listEvents(w http.ResponseWriter, r *http.Request) {
	// The feed's cursor is a position in the account's whole feed (it
	// moves past every event read, matching the filters or not), so the
	// filters do not make another list; since only starts the first call
	// (spec 4.10). types names event types (those a webhook endpoint can
	// subscribe to): any other value answers 422 rather than an empty feed.
	page, since, err := readFeedQuery(r)
	types := api.QueryList(r, "types")
	if err == nil {
		err = input.Filter("types", types, webhooks.EventTypes)
	}
	if err != nil {
		api.Error(w, r, err)
		return
	}
	q := eventlog.Query{Since: since, Cursor: page.Cursor, Types: types, SiteID: r.URL.Query().Get("site_id"), Limit: page.Limit}
	var res eventlog.Page
	err = listOfSite(r, s.Sites, func(ctx context.Context) (err error) {
		res, err = s.Events.List(ctx, Caller(r).AccountID, q)
		return err
	})
	if err == nil {
		res.NextCursor, err = page.Next(res.NextCursor)
	}
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.JSON(w, http.StatusOK, map[string]any{"events": res.Events, "next_cursor": res.NextCursor, "has_more": res.HasMore})
}
