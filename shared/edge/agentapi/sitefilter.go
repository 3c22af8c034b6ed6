package agentapi

import (
	"context"
	"net/http"

	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/ids"
)

// listOfSite runs list, the read of a list that r's site_id query
// parameter may filter (GET /events, /jobs, /activity). When site_id is
// set, the account's site of that id is read at the same time, and a site
// that is not the account's (another account's, an unknown or a malformed
// id) answers not_found, as every endpoint naming a site does (spec 4.1),
// rather than an empty list to poll forever.
func listOfSite(r *http.Request, store *sites.Store, list func(context.Context) error) error {
	siteID := r.URL.Query().Get("site_id")
	if siteID == "" {
		return list(r.Context())
	}
	if !ids.Valid(siteID) {
		return sites.ErrNotFound
	}
	_, err := store.Within(r.Context(), Caller(r).AccountID, siteID, list)
	return err
}
