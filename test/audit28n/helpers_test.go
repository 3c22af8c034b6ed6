package audit28n

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

var seq atomic.Int64

// unique returns a registrable domain no other test of this run uses.
func unique(prefix string) string {
	return fmt.Sprintf("%s%d%d.example", prefix, time.Now().UnixNano()%1_000_000_000, seq.Add(1))
}

// suspend takes the proof of m's verified domain away and runs the
// scheduled re-checks until the domain is suspended (3 misses in a row),
// failing t otherwise.
func suspend(t *testing.T, e *testenv.Env, m *testenv.BacklinkMember) {
	t.Helper()
	m.Web.Site(m.Host).SetWellKnown("not-the-token")
	for range 3 {
		e.Advance(t, 8*24*3600)
		e.RunScheduled(t)
	}
	if st := m.Overview(t)["status"]; st != "suspended" {
		t.Fatalf("domain status after 3 missed re-checks: %v, want suspended", st)
	}
}

// ownerPage signs the owner of m's account (claimed) in, in a new
// browser, and returns the site's backlinks page.
func ownerPage(t *testing.T, e *testenv.Env, m *testenv.BacklinkMember) *testenv.Page {
	t.Helper()
	b := e.NewBrowser(t)
	page := "/dashboard/sites/" + m.Site + "/backlinks"
	e.SignIn(t, b, m.Acct.Email, page)
	return b.Get(t, page).Expect(t, http.StatusOK)
}

var hostingFact = regexp.MustCompile(`(?s)<dt>Hosting links</dt>\s*<dd>(.*?)</dd>`)

// hosting returns the text of the page's "Hosting links" fact.
func hosting(t *testing.T, p *testenv.Page) string {
	t.Helper()
	m := hostingFact.FindStringSubmatch(p.Body)
	if m == nil {
		t.Fatalf("the backlinks page has no Hosting links fact:\n%s", p.Body)
	}
	return strings.TrimSpace(m[1])
}
