package audit27c

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"
)

// markup matches a page's style sheet and its tags, which text drops.
var markup = regexp.MustCompile(`(?s)<style.*?</style>|<[^>]*>`)

// words returns html's words as a person reads them: no markup, white
// space collapsed.
func words(html string) string {
	return strings.Join(strings.Fields(markup.ReplaceAllString(html, " ")), " ")
}

// card returns the words of the overview's card of site id.
func card(t *testing.T, body, id string) string {
	t.Helper()
	start := strings.Index(body, `aria-labelledby="site-`+id+`"`)
	if start < 0 {
		t.Fatalf("the overview has no card of site %s:\n%s", id, body)
	}
	end := strings.Index(body[start:], "</article>")
	if end < 0 {
		t.Fatalf("the card of site %s does not end", id)
	}
	return words(body[start : start+end])
}

// TestOverviewCardOfArchivedSiteOffersNoCredits: README, owner dashboard
// ("An overview (per site: name, status, plan or trial with days left,
// credits, ...)"; "An archived site keeps its content workable ... what
// needs the plan on it (writing, site keys, integrations, backlinks,
// forum) answers 402 until it is restored"; GET /credits "After a trial or
// plan ends it shows the last period as it was left ...; nothing in it can
// be spent"). Defect: an archived Studio site's card on the overview read
// "15 of 15 credits left", "15 credits" and "15 reply credits", its last
// period's balances, as if the site could still write, place links and
// draft replies; nothing said they cannot be spent. The card now says the
// site has no credits while it is archived and that restoring it grants
// them, while the running sites' cards keep their balances.
func TestOverviewCardOfArchivedSiteOffersNoCredits(t *testing.T) {
	env, acct := paidAccount(t)
	id := addStudio(t, acct, "archived-27c")["id"].(string)
	removesAt := acct.Client.Agent(t, "DELETE", "/sites/"+id, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)["removes_at"].(string)
	env.AdvancePast(t, removesAt, time.Minute)
	env.RunScheduled(t)
	if s := site(t, acct, id); s["status"] != "archived" {
		t.Fatalf("Studio site past its removal: %v", s["status"])
	}

	b := env.NewBrowser(t)
	env.SignIn(t, b, acct.Email, "/dashboard")
	page := b.Get(t, "/dashboard").Expect(t, http.StatusOK)
	got := card(t, page.Body, id)
	if strings.Contains(got, "credits left") || strings.Contains(got, "15 credits") || strings.Contains(got, "15 reply credits") {
		t.Errorf("the archived site's card offers its last period's credits: %q", got)
	}
	if !strings.Contains(got, "no credits while the site is archived") {
		t.Errorf("the archived site's card does not say it has no credits while archived: %q", got)
	}
	if primary := card(t, page.Body, acct.SiteID); !strings.Contains(primary, "credits left") {
		t.Errorf("the primary site's card lost its balance: %q", primary)
	}
}
