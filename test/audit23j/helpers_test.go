// Package audit23j audits the backlink exchange (spec 4.7, README
// "Backlink exchange") over HTTP on dev stacks of its own, for what
// test/backlinks, test/audit22e and test/audit23b do not cover: the
// matching rules (same account or registrable domain never, blocked
// categories both ways, links per article, the UTC monthly cap, priority,
// hosts below 20 reputation), verifying domains staying in the exchange,
// paging of targets and placements with filters, and another account's
// target ids.
package audit23j

import (
	"fmt"
	"net/http"
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

// member is a backlink exchange member (testenv.BacklinkMember) with this
// package's own calls.
type member struct{ *testenv.BacklinkMember }

// paidMember creates a paid account for host with its domain verified.
func paidMember(t *testing.T, e *testenv.Env, w *testenv.MemberWeb, host string) *member {
	t.Helper()
	return &member{e.PaidBacklinkMember(t, w, host)}
}

// optIn opts the member in with settings (opted_in added).
func (m *member) optIn(t *testing.T, settings map[string]any) {
	t.Helper()
	settings["opted_in"] = true
	m.BL(t, "PATCH", "", settings).Expect(t, http.StatusOK)
}
