package audit21c

import (
	"net/http"
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
	var sc struct {
		Score struct {
			SEO, GEO struct {
				Checks []struct {
					ID     string `json:"id"`
					Points int    `json:"points"`
					Detail string `json:"detail"`
				} `json:"checks"`
			}
		} `json:"score"`
	}
	acct.Client.Agent(t, "GET", "/sites/"+acct.SiteID+"/articles/"+a.ID+"/score", nil).Expect(t, http.StatusOK).Decode(t, &sc)
	want := map[string]string{
		"links":          "3 links, 2 of them to the site's own pages.",
		"site_citations": "2 links to the site's own pages.",
	}
	for _, ch := range append(sc.Score.SEO.Checks, sc.Score.GEO.Checks...) {
		if w, ok := want[ch.ID]; ok {
			if ch.Detail != w || ch.Points != 10 {
				t.Errorf("%s = %d points, %q; want 10, %q", ch.ID, ch.Points, ch.Detail, w)
			}
			delete(want, ch.ID)
		}
	}
	if len(want) != 0 {
		t.Fatalf("checks missing: %v", want)
	}
}
