package audit21c

import (
	"testing"

	"rvcontent/test/testenv"
)

// The score's links and site_citations checks count a link to the site's
// own internationalised domain whether it is written in Unicode or in its
// ASCII (Punycode) form, which is the form browsers send and the service
// compares every URL's host at. Before the fix only the spelling of the
// site's website_url counted, so links to https://xn--...de were "0 to the
// site's own pages".
func TestScoreCountsPunycodeLinksAsOwn(t *testing.T) {
	env := testenv.Shared(t)
	if testing.Short() {
		t.Skip("needs a dev stack")
	}
	const ascii = "xn--bcher-audit21c-gsb.de" // bücher-audit21c.de
	env.SetHost(t, ascii, "127.0.0.1:1")      // nothing listens: the scan fails
	acct := env.NewAccount(t, "https://bücher-audit21c.de")
	a := create(t, acct, map[string]any{
		"title": "Books", "keyword": "books",
		"body_markdown": "# Books\n\nBooks are great. See [one](https://" + ascii + "/a), [two](https://www." + ascii + "/b) and [three](https://example.org/c).",
	})
	checks := acct.Client.ScoreChecks(t, acct.SiteID, a.ID)
	testenv.ExpectScoreChecks(t, checks, 10, map[string]string{
		"links":          "3 links, 2 of them to the site's own pages.",
		"site_citations": "2 links to the site's own pages.",
	})
}
