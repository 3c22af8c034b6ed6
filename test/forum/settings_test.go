package forum_test

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

func TestSettingsDefaultsAndRules(t *testing.T) {
	r := paidRig(t)
	s := r.settings(t)
	want := map[string]any{
		"site_id": r.acct.SiteID, "access": "paid", "enabled": false, "sweep_enabled": false, "niche": nil,
		"disclosure_line": "Disclosure: I work on {brand}.", "tone": "plain", "max_links_per_reply": 0.0,
		"keywords_per_sweep": 12.0, "last_sweep_at": nil,
	}
	for k, v := range want {
		if s[k] != v {
			t.Errorf("default %s = %v, want %v", k, s[k], v)
		}
	}
	for _, k := range []string{"topic_tags", "allow_subforums", "deny_subforums"} {
		if l, ok := s[k].([]any); !ok || len(l) != 0 {
			t.Errorf("default %s = %v, want []", k, s[k])
		}
	}
	c := s["credits"].(map[string]any)
	if c["balance"] != 30.0 || c["period_end"] == nil {
		t.Errorf("credits = %v, want the plan's 30 forum replies and a period end", c)
	}

	// Every rule of spec 4.8 answers in one validation_failed.
	long := strings.Repeat("x", 161)
	tags := make([]string, 13)
	for i := range tags {
		tags[i] = "tag" + string(rune('a'+i))
	}
	many := make([]string, 51)
	for i := range many {
		many[i] = "sub" + string(rune('a'+i%26)) + string(rune('a'+i/26))
	}
	fields := problemFields(t, r.api(t, "PATCH", r.forumPath(""), map[string]any{
		"niche": long, "topic_tags": tags, "tone": strings.Repeat("t", 81), "max_links_per_reply": 2,
		"allow_subforums": []string{"r/freelance"}, "deny_subforums": many, "keywords_per_sweep": 31,
		"disclosure_line": "Too short", "enabled": "yes",
	}))
	for _, f := range []string{"niche", "topic_tags", "tone", "max_links_per_reply", "allow_subforums[0]", "deny_subforums", "keywords_per_sweep", "disclosure_line", "enabled"} {
		if !fields[f] {
			t.Errorf("no problem reported for %s; got %v", f, fields)
		}
	}
	if f := problemFields(t, r.api(t, "PATCH", r.forumPath(""), map[string]any{"keywords_per_sweep": 0})); !f["keywords_per_sweep"] {
		t.Errorf("keywords_per_sweep 0 accepted: %v", f)
	}
	// The disclosure must name the brand (or use {brand}) and say the
	// writer works on it.
	for _, line := range []string{"I work on a great invoicing tool.", "Disclosure: " + r.brand + " is a sponsor of this post."} {
		if f := problemFields(t, r.api(t, "PATCH", r.forumPath(""), map[string]any{"disclosure_line": line})); !f["disclosure_line"] {
			t.Errorf("disclosure %q accepted", line)
		}
	}
	s = r.enable(t, map[string]any{
		"disclosure_line": "Full disclosure: I'm one of the makers of " + r.brand + ".", "niche": "freelance invoicing",
		"topic_tags": []string{"invoice reminders", "Invoice Reminders", "late payments"}, "tone": "Friendly",
		"max_links_per_reply": 1, "allow_subforums": []string{"freelance", "smallbusiness"}, "keywords_per_sweep": 5,
	})
	if s["enabled"] != true || s["tone"] != "Friendly" || s["max_links_per_reply"] != 1.0 || s["keywords_per_sweep"] != 5.0 || s["niche"] != "freelance invoicing" {
		t.Errorf("after PATCH: %v", s)
	}
	if tags := s["topic_tags"].([]any); len(tags) != 2 {
		t.Errorf("topic_tags %v: repeats ignoring case must be dropped", tags)
	}
	// null puts the defaults back; the {brand} token is accepted.
	s = r.api(t, "PATCH", r.forumPath(""), map[string]any{"tone": nil, "niche": nil, "disclosure_line": "I work at {brand}, for what it's worth."}).Expect(t, http.StatusOK).JSON(t)["forum"].(map[string]any)
	if s["tone"] != "plain" || s["niche"] != nil || s["disclosure_line"] != "I work at {brand}, for what it's worth." {
		t.Errorf("after clearing: %v", s)
	}
	s = r.api(t, "PATCH", r.forumPath(""), map[string]any{"disclosure_line": nil}).Expect(t, http.StatusOK).JSON(t)["forum"].(map[string]any)
	if s["disclosure_line"] != "Disclosure: I work on {brand}." {
		t.Errorf("disclosure_line null gave %v, want the default", s["disclosure_line"])
	}
}

func TestEnablingNeedsTheBrandName(t *testing.T) {
	r := newRig(t)
	r.env.Trial(t, r.acct, testenv.TestCardOK)
	r.api(t, "POST", "/billing/activate", nil, "Idempotency-Key: activate-"+r.acct.ID).Expect(t, http.StatusOK)
	r.acct.Client.WaitJob(t, r.acct.ScanJob) // the scan cannot read the site: no brand name
	if site := r.api(t, "GET", "/sites/"+r.acct.SiteID, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any); site["brand_name"] != nil {
		t.Skipf("the scan found a brand name (%v); this test needs a site without one", site["brand_name"])
	}
	if f := problemFields(t, r.api(t, "PATCH", r.forumPath(""), map[string]any{"enabled": true})); !f["enabled"] {
		t.Fatalf("enabled without a brand name: %v", f)
	}
	// The {brand} token is the only way to name a brand the site lacks.
	r.api(t, "PATCH", r.forumPath(""), map[string]any{"disclosure_line": "I work on {brand}."}).Expect(t, http.StatusOK)
	// A draft for a thread that does not exist is not_found, before the
	// missing brand name matters.
	r.draft(t, "0190a5b2-0000-7000-8000-000000000009", nil).ExpectError(t, http.StatusNotFound, "not_found")
}

func TestAccessFollowsBilling(t *testing.T) {
	none := newRig(t)
	if a := none.settings(t)["access"]; a != "none" {
		t.Errorf("access without a plan = %v, want none", a)
	}
	someID := "0190a3c4-0000-7000-8000-000000000001"
	for _, call := range []struct{ method, path string }{
		{"PATCH", ""}, {"POST", "/sweeps"}, {"PATCH", "/threads/" + someID}, {"POST", "/threads/" + someID + "/drafts"},
		{"PATCH", "/drafts/" + someID}, {"POST", "/replies"},
	} {
		none.api(t, call.method, none.forumPath(call.path), map[string]any{}).ExpectError(t, http.StatusPaymentRequired, "paid_plan_required")
	}
	// Reads work on any account.
	if list, next := none.threads(t, ""); len(list) != 0 || next != nil {
		t.Errorf("threads of an account without a plan: %v %v", list, next)
	}
	none.api(t, "GET", none.forumPath("/replies"), nil).Expect(t, http.StatusOK)

	trial := newRig(t)
	trial.env.Trial(t, trial.acct, testenv.TestCardOK)
	if a := trial.settings(t)["access"]; a != "trial" {
		t.Errorf("access on a trial = %v, want trial", a)
	}
	trial.api(t, "PATCH", trial.forumPath(""), map[string]any{"enabled": true}).ExpectError(t, http.StatusPaymentRequired, "paid_plan_required")
	trial.api(t, "POST", trial.forumPath("/sweeps"), nil).ExpectError(t, http.StatusPaymentRequired, "paid_plan_required")

	// Another account's site answers exactly like a random id.
	theirs := none.api(t, "GET", "/sites/"+trial.acct.SiteID+"/forum", nil).Expect(t, http.StatusNotFound)
	random := none.api(t, "GET", "/sites/"+someID+"/forum", nil).Expect(t, http.StatusNotFound)
	if string(theirs.Body) != string(random.Body) {
		t.Errorf("another account's site %s differs from a random id's %s", theirs.Body, random.Body)
	}
}

func TestLapsedAccessIsReadOnly(t *testing.T) {
	r := paidRig(t)
	r.enable(t, nil)
	p := r.api(t, "POST", "/billing/portal", nil).Expect(t, http.StatusOK).JSON(t)["portal"].(map[string]any)
	r.env.Client().Do(t, "POST", r.local(t, p["portal_url"].(string))+"/cancel", nil).Expect(t, http.StatusOK)
	r.env.Advance(t, 32*24*3600)
	r.env.RunScheduled(t)
	if b := r.api(t, "GET", "/billing", nil).Expect(t, http.StatusOK).JSON(t)["billing"].(map[string]any); b["status"] != "canceled" {
		t.Fatalf("billing after the period ended: %v", b)
	}
	s := r.settings(t)
	if s["access"] != "lapsed" || s["enabled"] != true {
		t.Errorf("settings after the plan ended: %v; want access lapsed, history kept", s)
	}
	r.api(t, "GET", r.forumPath("/threads"), nil).Expect(t, http.StatusOK)
	r.api(t, "PATCH", r.forumPath(""), map[string]any{"tone": "warm"}).ExpectError(t, http.StatusPaymentRequired, "paid_plan_required")
	r.api(t, "POST", r.forumPath("/sweeps"), nil).ExpectError(t, http.StatusPaymentRequired, "paid_plan_required")
}

// Subforum names are 1 to 50 letters, digits, underscores or hyphens in any
// order (N and N+1), and a disclosure line that denies working on the brand
// is refused.
func TestSubforumNamesAndDisclosureWording(t *testing.T) {
	r := paidRig(t)
	fifty := strings.Repeat("b", 50)
	s := r.api(t, "PATCH", r.forumPath(""), map[string]any{"allow_subforums": []string{"_under", "-dash", fifty}, "deny_subforums": []string{"a"}}).
		Expect(t, http.StatusOK).JSON(t)["forum"].(map[string]any)
	if l := s["allow_subforums"].([]any); len(l) != 3 || l[0] != "_under" || l[1] != "-dash" {
		t.Errorf("allow_subforums %v", l)
	}
	if f := problemFields(t, r.api(t, "PATCH", r.forumPath(""), map[string]any{"deny_subforums": []string{fifty + "b", "r/_under"}})); !f["deny_subforums[0]"] || !f["deny_subforums[1]"] {
		t.Errorf("a 51-character name or a prefix accepted: %v", f)
	}
	for _, line := range []string{"I do not work on {brand}.", "Disclosure: I'm not affiliated with " + r.brand + "."} {
		if f := problemFields(t, r.api(t, "PATCH", r.forumPath(""), map[string]any{"disclosure_line": line})); !f["disclosure_line"] {
			t.Errorf("disclosure %q accepted", line)
		}
	}
	if s := r.settings(t); s["disclosure_line"] != "Disclosure: I work on {brand}." {
		t.Errorf("disclosure_line after refused changes: %v", s["disclosure_line"])
	}
}
