package audit28n

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestBacklinksPageSaysWhenTheSiteHostsNothing: README ("Backlink
// exchange"): "`max_links_per_article` defaults to 1 (0 hosts nothing)",
// and a `suspended` domain gets "no new links". Before the fix the
// dashboard's backlinks page read "Hosting links: yes, up to 0 per
// article" for an opted-in site with 0 links per article, and "yes, up to
// 1 per article" for an opted-in site whose domain was suspended: the
// owner was told the site hosts links when it hosts none. The page now
// says no, and why.
func TestBacklinksPageSaysWhenTheSiteHostsNothing(t *testing.T) {
	e := testenv.StartQuiet(t)
	w := e.NewMemberWeb(t)

	none := e.PaidBacklinkMember(t, w, unique("zero"))
	e.Claim(t, none.Acct)
	none.BL(t, "PATCH", "", map[string]any{"opted_in": true, "max_links_per_article": 0}).Expect(t, http.StatusOK)
	if got := hosting(t, ownerPage(t, e, none)); !strings.HasPrefix(got, "no") || !strings.Contains(got, "0 links per article") {
		t.Errorf("Hosting links of an opted-in site with 0 links per article reads %q, want no (0 links per article)", got)
	}

	susp := e.PaidBacklinkMember(t, w, unique("susp"))
	e.Claim(t, susp.Acct) // before the clock moves past the claim link's life
	susp.BL(t, "PATCH", "", map[string]any{"opted_in": true}).Expect(t, http.StatusOK)
	suspend(t, e, susp)
	if got := hosting(t, ownerPage(t, e, susp)); !strings.HasPrefix(got, "no") || !strings.Contains(got, "suspended") {
		t.Errorf("Hosting links of an opted-in site whose domain is suspended reads %q, want no (the domain is suspended)", got)
	}
}
