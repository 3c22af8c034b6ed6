package routes

import "testing"

// TestFormPage: a dashboard form's action address leads back to the page
// the form is on (the nearest page above it); a page, or a path that is
// no form's action, does not.
func TestFormPage(t *testing.T) {
	for path, want := range map[string]string{
		"/dashboard/sites/s1/research":                     "/dashboard/sites/s1",
		"/dashboard/billing/sites":                         "/dashboard/billing",
		"/dashboard/settings/delete":                       "/dashboard/settings",
		"/dashboard/settings/agents/k1/revoke":             "/dashboard/settings/agents",
		"/dashboard/sites/s1/backlinks/targets":            "/dashboard/sites/s1/backlinks",
		"/dashboard/sites/s1/articles/a1/publish":          "/dashboard/sites/s1/articles/a1",
		"/dashboard/sites/s1/forum/threads/t1/reply":       "/dashboard/sites/s1/forum/threads/t1",
		"/dashboard/settings/webhooks/w1/test":             "/dashboard/settings/webhooks/w1",
		"/dashboard/sites/s1/keywords/k1/delete":           "/dashboard/sites/s1/keywords",
		"/dashboard/sites/s1/integrations/push_platform_1": "/dashboard/sites/s1/integrations",
	} {
		if got, ok := FormPage(path); !ok || got != want {
			t.Errorf("FormPage(%q) = %q, %v; want %q", path, got, ok, want)
		}
	}
	for _, path := range []string{
		"/dashboard/sites/s1",            // a page
		"/dashboard/sites/s1/articles",   // a page that is also a form's action
		"/dashboard/sites/s1/nothing",    // no form's action
		"/claim/abc",                     // not the dashboard
		"/dashboard/sites/s1/research/x", // a page (a research run)
	} {
		if got, ok := FormPage(path); ok {
			t.Errorf("FormPage(%q) = %q, want none", path, got)
		}
	}
}
