package routes

// pageRoutes are the pages a person opens (spec 4.3, 4.9, 5): the claim
// page, the service's own checkout links (when the processor's checkout
// closes before the 7 days a link lasts), the page that finishes
// connecting a push integration, the OAuth authorization request and
// consent, owner sign-in, and the owner's dashboard. A new page is one more
// entry here, served by the Pages group.
var pageRoutes = []Route{
	{Method: "GET", Path: "/claim/{token}", Group: Pages, Auth: None},
	{Method: "POST", Path: "/claim/{token}", Group: Pages, Auth: None},
	{Method: "GET", Path: "/checkout/{token}", Group: Pages, Auth: None},
	{Method: "GET", Path: "/integrations/connect/{token}", Group: Pages, Auth: None},
	{Method: "POST", Path: "/integrations/connect/{token}", Group: Pages, Auth: None},
	{Method: "GET", Path: "/oauth/authorize", Group: Pages, Auth: None},
	{Method: "GET", Path: "/oauth/consent", Group: Pages, Auth: None},
	{Method: "POST", Path: "/oauth/consent", Group: Pages, Auth: None},
	{Method: "GET", Path: "/signin", Group: Pages, Auth: None},
	{Method: "POST", Path: "/signin", Group: Pages, Auth: None},
	{Method: "GET", Path: "/signin/verify", Group: Pages, Auth: None},
	{Method: "POST", Path: "/signout", Group: Pages, Auth: None},
	// The owner's dashboard: pages behind owner sign-in.
	{Method: "GET", Path: "/dashboard", Group: Pages, Auth: None},
	{Method: "GET", Path: "/dashboard/sites/{site_id}", Group: Pages, Auth: None},
	{Method: "GET", Path: "/dashboard/billing", Group: Pages, Auth: None},
	{Method: "POST", Path: "/dashboard/billing/checkout", Group: Pages, Auth: None},
	{Method: "POST", Path: "/dashboard/billing/portal", Group: Pages, Auth: None},
	{Method: "GET", Path: "/dashboard/settings", Group: Pages, Auth: None},
	{Method: "GET", Path: "/dashboard/settings/agents", Group: Pages, Auth: None},
	{Method: "POST", Path: "/dashboard/settings/agents", Group: Pages, Auth: None},
	{Method: "POST", Path: "/dashboard/settings/agents/{id}/revoke", Group: Pages, Auth: None},
	{Method: "GET", Path: "/dashboard/settings/webhooks", Group: Pages, Auth: None},
}
