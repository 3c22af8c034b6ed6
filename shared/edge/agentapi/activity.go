package agentapi

import (
	"context"
	"net/http"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/feature/activity"
)

func (s *Activity) listActivity(w http.ResponseWriter, r *http.Request) {
	page, since, err := readFeedQuery(r, "actor_id", "site_id", "since")
	if err != nil {
		api.Error(w, r, err)
		return
	}
	f := activity.Filter{ActorID: r.URL.Query().Get("actor_id"), SiteID: r.URL.Query().Get("site_id"), Since: since}
	var entries []activity.Entry
	var next string
	err = listOfSite(r, s.Sites, func(ctx context.Context) (err error) {
		entries, next, err = s.Log.List(ctx, Caller(r).AccountID, f, page.Limit, page.Cursor)
		return err
	})
	if err != nil {
		api.Error(w, r, err)
		return
	}
	api.WriteList(w, r, page, "activity", entries, next)
}
