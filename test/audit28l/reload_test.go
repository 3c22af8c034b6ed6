package audit28l

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestFormAddressOpenedLeadsToItsPage: README ("Owner dashboard", Forms):
// "A refused form comes back with the API's message next to its field and
// what was typed kept", answered at the form's action address; and
// (Conventions, Errors) "a page's address with a trailing slash redirects
// to the page". Reloading that answer's address, or opening it again from
// the browser's history, is a GET of the action, which no page answered:
// before the fix the owner got "Page not found" for an address the
// dashboard itself had put in the address bar (research, site keys,
// backlink targets, Studio sites, account deletion, ...). Now such an
// address redirects to the page its form is on; a path that is no form's
// action still gets the 404 page.
func TestFormAddressOpenedLeadsToItsPage(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewOwner(t)
	site := "/dashboard/sites/" + o.Account.SiteID
	for action, page := range map[string]string{
		site + "/research":           site,
		site + "/keys":               site,
		site + "/backlinks/targets":  site + "/backlinks",
		"/dashboard/billing/sites":   "/dashboard/billing",
		"/dashboard/settings/delete": "/dashboard/settings",
	} {
		loc := o.Browser.Get(t, action).Redirect(t, http.StatusSeeOther, page)
		if loc.Path != page {
			t.Errorf("GET %s redirects to %s, want %s", action, loc, page)
		}
		o.Browser.Get(t, loc.RequestURI()).Expect(t, http.StatusOK)
	}
	o.Browser.Get(t, site+"/nothing-here").Expect(t, http.StatusNotFound)
}
