package audit28n

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestSuspendedDomainRefusalsSayWhy: README ("Backlink exchange",
// Statuses): "`suspended` after 3 scheduled misses in a row (no new links;
// opting in or adding targets answers 409). Any successful check verifies
// again." Before the fix the 409s of a suspended site said what they say to
// a site without a domain: "this site has none. Set one with POST
// .../backlinks/domain" (opting in: "needs a verified domain. Set one"),
// so an agent, or the owner reading the refusal on the dashboard, was sent
// to set the domain it already has rather than to put a proof back and
// check again. The refusals now name the suspended domain and the way
// back (POST .../domain/verify).
func TestSuspendedDomainRefusalsSayWhy(t *testing.T) {
	e := testenv.StartQuiet(t)
	m := e.PaidBacklinkMember(t, e.NewMemberWeb(t), unique("susp"))
	suspend(t, e, m)

	for _, c := range []struct {
		what string
		r    *testenv.Response
	}{
		{"opting in", m.BL(t, "PATCH", "", map[string]any{"opted_in": true})},
		{"adding a target", m.BL(t, "POST", "/targets", map[string]any{"url": "https://" + m.Host + "/guide", "anchors": []string{"burr grinder", "coffee grinders", "grinding beans"}})},
	} {
		msg, _ := c.r.ExpectError(t, http.StatusConflict, "conflict")["error"].(string)
		if strings.Contains(msg, "has none") || strings.Contains(msg, "Set one") || !strings.Contains(msg, "suspended") ||
			!strings.Contains(msg, m.Host) || !strings.Contains(msg, "/domain/verify") {
			t.Errorf("%s on a suspended domain answered %q, want it to name the suspended domain %s and the check that verifies it again", c.what, msg, m.Host)
		}
	}
}
