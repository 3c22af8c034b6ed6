package backlinks_test

import (
	"net/http"
	"testing"
)

// deleteAccount deletes m's account as its owner does (claim, sign in,
// the settings page's form), then runs the erase job.
func deleteAccount(t *testing.T, m *member) {
	t.Helper()
	e := m.Env
	e.Claim(t, m.Acct)
	b := e.NewBrowser(t)
	e.SignIn(t, b, m.Acct.Email, "/dashboard")
	form := b.Get(t, "/dashboard/settings").Form(t, "/dashboard/settings/delete")
	form.Set("confirm", m.Acct.Email)
	b.Post(t, "/dashboard/settings/delete", form).Expect(t, http.StatusOK)
	run(t, e)
}

// TestRequesterDeletedHostKeepsEarnedCredits: when the requesting account
// is deleted, its live link is unlinked in the host's article and the
// placement ends (README: deleting the account ends the placements as the
// exchange ends them, held credits go back), but the host, which removed
// nothing, keeps the credits it earned (credits settle when the link is
// seen live) and its reputation is not lowered as for a link it removed
// (reputation: 50 + weeks verified + live hosted links − lost and removed
// links).
func TestRequesterDeletedHostKeepsEarnedCredits(t *testing.T) {
	x := newExchange(t)
	e := x.from.Env
	article := x.hostArticle(t, "Grinder care")
	run(t, e) // reserved
	run(t, e) // placed
	advance(t, e, hour+60)
	if c := x.host.Credits(t); c != [4]int{31, 0, 1, 0} {
		t.Fatalf("host credits once live: %v", c)
	}
	deleteAccount(t, x.from)

	p := one(t, x.host.Placements(t, "direction=hosted"))
	if p["status"] != "cancelled" || p["end_reason"] != "site_deleted" {
		t.Fatalf("hosted placement after the requester left: %v", p)
	}
	wantUnlinked(t, x.host, article, x.target)
	if c := x.host.Credits(t); c != [4]int{31, 0, 1, 0} {
		t.Fatalf("host credits after the requester left: %v, want [31 0 1 0]", c)
	}
	if n := x.host.counts(t); n != [3]int{0, 0, 0} {
		t.Fatalf("host counts: %v", n)
	}
	if r := num(t, x.host.Overview(t), "reputation"); r != 50 {
		t.Fatalf("host reputation after the requester left: %d, want 50", r)
	}
}

// TestHostDeletedRequesterGetsCreditsBack: when the hosting account is
// deleted, the requester's live link is gone, so its credits come back.
func TestHostDeletedRequesterGetsCreditsBack(t *testing.T) {
	x := newExchange(t)
	e := x.from.Env
	x.hostArticle(t, "Grinder care")
	run(t, e)
	run(t, e)
	advance(t, e, hour+60)
	if c := x.from.Credits(t); c != [4]int{29, 0, 0, 1} {
		t.Fatalf("requester credits once live: %v", c)
	}
	deleteAccount(t, x.host)
	p := one(t, x.from.Placements(t, "direction=inbound"))
	if p["status"] != "cancelled" || p["end_reason"] != "site_deleted" {
		t.Fatalf("inbound placement after the host left: %v", p)
	}
	if c := x.from.Credits(t); c != [4]int{30, 0, 0, 0} {
		t.Fatalf("requester credits after the host left: %v", c)
	}
	if n := x.from.counts(t); n != [3]int{0, 0, 0} {
		t.Fatalf("requester counts: %v", n)
	}
}
