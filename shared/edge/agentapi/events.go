package agentapi

import (
	"net/http"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/feature/eventlog"
)

func (s *Events) listEvents(w http.ResponseWriter, r *http.Request) {
	// The feed's cursor is a position in the account's whole feed (it
	// moves past every event read, matching the filters or not), so the
	// filters do not make another list; since only starts the first call
	// (spec 4.10).
	page, since, err := readFeedQuery(r)
	if err != nil {
		api.Error(w, r, err)
		return
	}
	q := eventlog.Query{Since: since, Cursor: page.Cursor, Types: api.QueryList(r, "types"), SiteID: r.URL.Query().Get("site_id"), Limit: page.Limit}
	res, err := s.Events.List(r.Context(), Caller(r).AccountID, q)
	if err == nil {
		res.NextCursor, err = page.Next(res.NextCursor)
	}
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.JSON(w, http.StatusOK, map[string]any{"events": res.Events, "next_cursor": res.NextCursor, "has_more": res.HasMore})
}
