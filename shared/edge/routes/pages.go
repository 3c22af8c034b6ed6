package routes

import "strings"

// pageRoutes are the pages a person opens (spec 4.3, 4.9, 5): the claim
// page, the service's own checkout and billing portal links (when the
// processor's page closes before the 7 days or 24 hours a link lasts),
// the page that finishes connecting a push integration, the OAuth
// authorization request and consent, owner sign-in, and the owner's
// dashboard. A new page is one more
// entry here, served by the Pages group.
var pageRoutes = []Route{
	{Method: "GET", Path: "/claim/{token}", Group: Pages, Auth: None},
	{Method: "POST", Path: "/claim/{token}", Group: Pages, Auth: None},
	{Method: "GET", Path: "/checkout/{token}", Group: Pages, Auth: None},
	{Method: "GET", Path: "/portal/{token}", Group: Pages, Auth: None},
	{Method: "GET", Path: "/integrations/connect/{token}", Group: Pages, Auth: None},
	{Method: "POST", Path: "/integrations/connect/{token}", Group: Pages, Auth: None},
	{Method: "GET", Path: "/oauth/authorize", Group: Pages, Auth: None},
	{Method: "GET", Path: "/oauth/consent", Group: Pages, Auth: None},
	{Method: "POST", Path: "/oauth/consent", Group: Pages, Auth: None},
	{Method: "GET", Path: "/signin", Group: Pages, Auth: None},
	{Method: "POST", Path: "/signin", Group: Pages, Auth: None},
	{Method: "GET", Path: "/signin/verify", Group: Pages, Auth: None},
	{Method: "POST", Path: "/signin/verify", Group: Pages, Auth: None},
	{Method: "GET", Path: "/signout", Group: Pages, Auth: None},
	{Method: "POST", Path: "/signout", Group: Pages, Auth: None},
	// The owner's dashboard: pages behind owner sign-in, the person's twin
	// of the agent API (each page runs its reads and actions as agent-API
	// requests of the signed-in owner).
	dashboard("GET", "/dashboard"),
	dashboard("GET", "/dashboard/activity"),
	dashboard("GET", "/dashboard/billing"),
	dashboard("POST", "/dashboard/billing/activate"),
	dashboard("POST", "/dashboard/billing/checkout"),
	dashboard("POST", "/dashboard/billing/portal"),
	dashboard("POST", "/dashboard/billing/sites"),
	dashboard("GET", "/dashboard/settings"),
	dashboard("GET", "/dashboard/settings/agents"),
	dashboard("POST", "/dashboard/settings/agents"),
	dashboard("POST", "/dashboard/settings/agents/{id}/revoke"),
	dashboard("POST", "/dashboard/settings/delete"),
	dashboard("GET", "/dashboard/settings/webhooks"),
	dashboard("POST", "/dashboard/settings/webhooks"),
	dashboard("GET", "/dashboard/settings/webhooks/{webhook_id}"),
	dashboard("POST", "/dashboard/settings/webhooks/{webhook_id}"),
	dashboard("POST", "/dashboard/settings/webhooks/{webhook_id}/delete"),
	dashboard("POST", "/dashboard/settings/webhooks/{webhook_id}/disable"),
	dashboard("POST", "/dashboard/settings/webhooks/{webhook_id}/enable"),
	dashboard("POST", "/dashboard/settings/webhooks/{webhook_id}/test"),
	dashboard("GET", "/dashboard/sites/{site_id}"),
	dashboard("GET", "/dashboard/sites/{site_id}/activity"),
	dashboard("GET", "/dashboard/sites/{site_id}/articles"),
	dashboard("POST", "/dashboard/sites/{site_id}/articles"),
	dashboard("GET", "/dashboard/sites/{site_id}/articles/{article_id}"),
	dashboard("POST", "/dashboard/sites/{site_id}/articles/{article_id}/delete"),
	dashboard("GET", "/dashboard/sites/{site_id}/articles/{article_id}/edit"),
	dashboard("POST", "/dashboard/sites/{site_id}/articles/{article_id}/edit"),
	dashboard("POST", "/dashboard/sites/{site_id}/articles/{article_id}/finish"),
	dashboard("POST", "/dashboard/sites/{site_id}/articles/{article_id}/generate"),
	dashboard("POST", "/dashboard/sites/{site_id}/articles/{article_id}/publish"),
	dashboard("POST", "/dashboard/sites/{site_id}/articles/{article_id}/rewrite"),
	dashboard("GET", "/dashboard/sites/{site_id}/articles/{article_id}/score"),
	dashboard("GET", "/dashboard/sites/{site_id}/autopilot"),
	dashboard("POST", "/dashboard/sites/{site_id}/autopilot"),
	dashboard("GET", "/dashboard/sites/{site_id}/backlinks"),
	dashboard("POST", "/dashboard/sites/{site_id}/backlinks"),
	dashboard("POST", "/dashboard/sites/{site_id}/backlinks/domain"),
	dashboard("POST", "/dashboard/sites/{site_id}/backlinks/domain/verify"),
	dashboard("POST", "/dashboard/sites/{site_id}/backlinks/placements/{placement_id}/remove"),
	dashboard("POST", "/dashboard/sites/{site_id}/backlinks/targets"),
	dashboard("GET", "/dashboard/sites/{site_id}/backlinks/targets/{target_id}"),
	dashboard("POST", "/dashboard/sites/{site_id}/backlinks/targets/{target_id}"),
	dashboard("POST", "/dashboard/sites/{site_id}/backlinks/targets/{target_id}/delete"),
	dashboard("GET", "/dashboard/sites/{site_id}/forum"),
	dashboard("POST", "/dashboard/sites/{site_id}/forum"),
	dashboard("POST", "/dashboard/sites/{site_id}/forum/sweeps"),
	dashboard("GET", "/dashboard/sites/{site_id}/forum/threads/{thread_id}"),
	dashboard("POST", "/dashboard/sites/{site_id}/forum/threads/{thread_id}"),
	dashboard("POST", "/dashboard/sites/{site_id}/forum/threads/{thread_id}/draft"),
	dashboard("POST", "/dashboard/sites/{site_id}/forum/threads/{thread_id}/edit"),
	dashboard("POST", "/dashboard/sites/{site_id}/forum/threads/{thread_id}/reply"),
	dashboard("GET", "/dashboard/sites/{site_id}/integrations"),
	dashboard("POST", "/dashboard/sites/{site_id}/integrations/{integration_id}"),
	dashboard("POST", "/dashboard/sites/{site_id}/integrations/{integration_id}/connect"),
	dashboard("POST", "/dashboard/sites/{site_id}/integrations/{integration_id}/disconnect"),
	dashboard("POST", "/dashboard/sites/{site_id}/integrations/{integration_id}/sync"),
	dashboard("POST", "/dashboard/sites/{site_id}/keys"),
	dashboard("POST", "/dashboard/sites/{site_id}/keys/{key_id}/revoke"),
	dashboard("GET", "/dashboard/sites/{site_id}/keywords"),
	dashboard("POST", "/dashboard/sites/{site_id}/keywords"),
	dashboard("POST", "/dashboard/sites/{site_id}/keywords/{keyword_id}/delete"),
	dashboard("GET", "/dashboard/sites/{site_id}/rank"),
	dashboard("POST", "/dashboard/sites/{site_id}/remove"),
	dashboard("POST", "/dashboard/sites/{site_id}/research"),
	dashboard("GET", "/dashboard/sites/{site_id}/research/{job_id}"),
	dashboard("POST", "/dashboard/sites/{site_id}/restore"),
	dashboard("POST", "/dashboard/sites/{site_id}/scan"),
	dashboard("GET", "/dashboard/sites/{site_id}/settings"),
	dashboard("POST", "/dashboard/sites/{site_id}/settings"),
}

// dashboard is a page of the owner's dashboard: no credential (the page
// checks the owner's session).
func dashboard(method, path string) Route {
	return Route{Method: method, Path: path, Group: Pages, Auth: None}
}

// IsPage reports whether path is the address of a page a person opens with
// GET (a path parameter matches any one segment).
func IsPage(path string) bool {
	segs := strings.Split(path, "/")
	for _, r := range pageRoutes {
		if r.Method == "GET" && matches(strings.Split(r.Path, "/"), segs) {
			return true
		}
	}
	return false
}

// FormPage returns the page a dashboard form's action address belongs to:
// the nearest page its path lies under (a refused form is answered at its
// action's address, so reloading it there, or opening that address from
// the history, should lead back to the page rather than to "page not
// found"). It is false for a path that is a page itself or no form's
// action.
func FormPage(path string) (string, bool) {
	segs := strings.Split(path, "/")
	action := false
	for _, r := range pageRoutes {
		if r.Method == "POST" && strings.HasPrefix(r.Path, "/dashboard/") && matches(strings.Split(r.Path, "/"), segs) {
			action = true
			break
		}
	}
	if !action || IsPage(path) {
		return "", false
	}
	for n := len(segs) - 1; n > 1; n-- {
		if page := strings.Join(segs[:n], "/"); IsPage(page) {
			return page, true
		}
	}
	return "", false
}

// matches reports whether the segments of a path match a route's.
func matches(route, path []string) bool {
	if len(route) != len(path) {
		return false
	}
	for i, s := range route {
		if s != path[i] && !(strings.HasPrefix(s, "{") && path[i] != "") {
			return false
		}
	}
	return true
}
