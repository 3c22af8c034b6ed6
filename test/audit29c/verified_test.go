package audit29c

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

var verifiedFact = regexp.MustCompile(`<dt>([^<]*[Vv]erified[^<]*)</dt>`)

// TestSuspendedDomainReadsAsLastVerified: spec 2 Backlink overview:
// `status` (`unverified`, `verifying`, `verified`, `suspended`) beside
// `verified_at`; README "Backlink exchange": "`suspended` after 3
// scheduled misses in a row (no new links ...). Any successful check
// verifies again", and the scores count "days verified" and "weeks
// verified". `verified_at` is when the domain last became verified (the
// check that proved it while unverified or suspended): passing re-checks
// and the `verifying` grace keep it, the check that verifies a suspended
// domain again sets it anew, as the scores count from it. Defect: while
// the domain was suspended the dashboard's backlinks page still read
// "Verified: 3 weeks ago" beside the "suspended" badge, as if the domain
// were verified since then. Now it reads "Last verified" while suspended,
// "Verified since" otherwise, and the date moves to the new proof once a
// check verifies the domain again.
func TestSuspendedDomainReadsAsLastVerified(t *testing.T) {
	env := testenv.StartQuiet(t)
	w := env.NewMemberWeb(t)
	m := env.PaidBacklinkMember(t, w, fmt.Sprintf("verif%d.example", time.Now().UnixNano()%1_000_000_000))
	env.Claim(t, m.Acct)
	first := m.Overview(t)["verified_at"]

	token := m.Overview(t)["verification"].(map[string]any)["token"].(string)
	w.Site(m.Host).SetWellKnown("not-the-token")
	for range 3 {
		env.Advance(t, 8*24*3600)
		env.RunScheduled(t)
	}
	o := m.Overview(t)
	if o["status"] != "suspended" || o["verified_at"] != first {
		t.Fatalf("after 3 missed re-checks: status %v, verified_at %v; want suspended, still %v (the last verification)", o["status"], o["verified_at"], first)
	}
	page := "/dashboard/sites/" + m.Site + "/backlinks"
	if got := fact(t, env.SignedIn(t, m.Acct.Email).Get(t, page).Expect(t, http.StatusOK)); got != "Last verified" {
		t.Errorf("the backlinks page of a suspended domain labels its verification time %q, want \"Last verified\"", got)
	}

	w.Site(m.Host).SetWellKnown(token)
	v := m.BL(t, "POST", "/domain/verify", nil).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
	if v["status"] != "verified" || v["verified_at"] == first || m.Overview(t)["verified_at"] != v["verified_at"] {
		t.Fatalf("verified again: %v (overview verified_at %v), want verified with a new verified_at", v, m.Overview(t)["verified_at"])
	}
	if got := fact(t, env.SignedIn(t, m.Acct.Email).Get(t, page).Expect(t, http.StatusOK)); got != "Verified since" {
		t.Errorf("the backlinks page of a verified domain labels its verification time %q, want \"Verified since\"", got)
	}
}

// fact returns the label of the backlinks page's verification time.
func fact(t *testing.T, p *testenv.Page) string {
	t.Helper()
	m := verifiedFact.FindStringSubmatch(p.Body)
	if m == nil {
		t.Fatalf("the backlinks page shows no verification time:\n%s", p.Body)
	}
	return strings.TrimSpace(m[1])
}
