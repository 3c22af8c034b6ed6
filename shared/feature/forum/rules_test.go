package forum

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"

	"rvcontent/shared/platform/forumapi"

	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/input"
)

func TestDisclosureProblem(t *testing.T) {
	for _, c := range []struct {
		line, brand string
		ok          bool
	}{
		{"Disclosure: I work on {brand}.", "", true},
		{"Disclosure: I work on Acme.", "Acme", true},
		{"Full disclosure: I'm one of the makers of Acme.", "Acme", true},
		{"I built acme myself, so I'm biased.", "Acme", true},
		{"Acme founder here.", "Acme", false},
		{"Founder of {brand} here.", "Acme", true},
		{"Our company makes {brand}.", "", true},
		{"I love Acme, it is great.", "Acme", false},
		{"I work on an invoicing tool.", "Acme", false},
		{"I work on an invoicing tool.", "", false},
	} {
		if got := disclosureProblem(c.line, c.brand) == ""; got != c.ok {
			t.Errorf("disclosure %q for brand %q: ok %v, want %v (%s)", c.line, c.brand, got, c.ok, disclosureProblem(c.line, c.brand))
		}
	}
}

func TestParsePatchRules(t *testing.T) {
	o, err := input.Parse([]byte(`{"allow_subforums": ["r/freelance", "/r/x", "ok_name", "bad name!"], "topic_tags": ["ab", "AB", "x"], "max_links_per_reply": null, "keywords_per_sweep": 30, "disclosure_line": ""}`))
	if err != nil {
		t.Fatal(err)
	}
	_, err = ParsePatch(o)
	fields := map[string]bool{}
	for _, p := range mustInvalid(t, err) {
		fields[p] = true
	}
	for _, f := range []string{"allow_subforums[0]", "allow_subforums[1]", "allow_subforums[3]", "topic_tags[2]", "max_links_per_reply"} {
		if !fields[f] {
			t.Errorf("no problem for %s: %v", f, fields)
		}
	}
	if fields["allow_subforums[2]"] || fields["keywords_per_sweep"] || fields["disclosure_line"] {
		t.Errorf("valid values refused: %v", fields)
	}
}

func TestApplyPatchNeedsBrandAndKeepsDefaults(t *testing.T) {
	it := defaultSettings("a", "s")
	on := Patch{Enabled: input.Field[bool]{Sent: true, Value: true}}
	if _, problems := applyPatch(&it, on, sites.Site{}); len(problems) != 1 || problems[0].Field != "enabled" {
		t.Fatalf("enabling without a brand: %v", problems)
	}
	brand := "Acme"
	changed, problems := applyPatch(&it, on, sites.Site{BrandName: &brand})
	if len(problems) != 0 || len(changed) != 1 || !it.Enabled {
		t.Fatalf("enabling with a brand: %v %v", changed, problems)
	}
	if it.disclosureFor("Acme") != "Disclosure: I work on Acme." || it.tone() != "plain" {
		t.Errorf("defaults: %q %q", it.disclosureFor("Acme"), it.tone())
	}
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	it.SweepEnabled = true
	it.schedule(now)
	if it.GSI1PK != "DUE#forum_sweep" || !strings.HasPrefix(it.GSI1SK, "2026-03-01T12:00:00") {
		t.Errorf("first automatic sweep due %s %s, want now", it.GSI1PK, it.GSI1SK)
	}
	last := "2026-03-01T10:00:00.000000Z"
	it.GSI1PK, it.LastSweepAt = "", &last
	it.schedule(now)
	if !strings.HasPrefix(it.GSI1SK, "2026-03-02T10:00:00") {
		t.Errorf("next automatic sweep due %s, want a day after the last", it.GSI1SK)
	}
	it.Enabled = false
	it.schedule(now)
	if it.GSI1PK != "" {
		t.Error("a disabled site stays in the sweep queue")
	}
}

func TestJudgeBlocksAndScores(t *testing.T) {
	now := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	j := judge{settings: defaultSettings("a", "s"), vocab: vocabulary{}, now: now}
	j.settings.DenySubforums = []string{"SpamZone"}
	j.vocab.add("invoice reminders", "Invoicing software for freelancers.")
	base := forumapi.Post{Subforum: "freelance", Title: "Best invoice reminders app for freelancers?", Body: "Clients pay late.", PostedAt: now.Add(-24 * time.Hour), UpVotes: 25, NumComments: 4}
	for _, c := range []struct {
		name string
		edit func(*forumapi.Post)
		want string
	}{
		{"removed", func(p *forumapi.Post) { p.Removed, p.IsLocked = true, true }, BlockedRemoved},
		{"archived", func(p *forumapi.Post) { p.Archived = true }, BlockedArchived},
		{"locked", func(p *forumapi.Post) { p.IsLocked = true }, BlockedLocked},
		{"old", func(p *forumapi.Post) { p.PostedAt = now.Add(-181 * 24 * time.Hour) }, BlockedLikelyArchived},
		{"denied", func(p *forumapi.Post) { p.Subforum = "spamzone" }, BlockedSubforumDenied},
		{"promo", func(p *forumapi.Post) { p.PromoBanned = true }, BlockedPromoBanned},
		{"off topic", func(p *forumapi.Post) { p.Title, p.Body = "Weekend cooking thread", offTopicBody }, BlockedOffTopic},
		{"vague title", func(p *forumapi.Post) {
			p.Title, p.Body = "Need some help", "Any invoice reminders apps for freelancers?"
		}, ""},
		{"open", func(*forumapi.Post) {}, ""},
	} {
		p := base
		c.edit(&p)
		blocked, fit := j.assess(p, "invoice reminders")
		if blocked != c.want || (blocked == "") != (fit != nil) {
			t.Errorf("%s: blocked %q fit %v, want %q", c.name, blocked, fit, c.want)
		}
	}
	// 3 title words (36) + the keyword in the title (14) + a question (12)
	// + 20-99 votes (8) + a few comments (6) + a day old (8) = 84.
	if _, fit := j.assess(base, "invoice reminders"); fit == nil || *fit != 84 {
		t.Errorf("fit %v, want 84", fit)
	}
	// Only the allow list's subforums are open when it is set.
	j.settings.AllowSubforums = []string{"smallbusiness"}
	if blocked, _ := j.assess(base, "invoice reminders"); blocked != BlockedSubforumDenied {
		t.Errorf("subforum outside the allow list: %q", blocked)
	}
}

func TestSetAssessmentMovesStatus(t *testing.T) {
	it := threadItem{ID: "t", SiteID: "s", Status: StatusSaved}
	it.setAssessment(BlockedLocked, nil)
	if it.Status != StatusDead || it.ResumeStatus != StatusSaved || it.Fit != nil || !strings.HasPrefix(it.GSI2SK, "999#") {
		t.Fatalf("locked: %+v", it)
	}
	it.setAssessment(BlockedLikelyArchived, nil)
	if it.Status != StatusStale {
		t.Fatalf("too old: %s", it.Status)
	}
	fit := 70
	it.setAssessment("", &fit)
	if it.Status != StatusSaved || it.ResumeStatus != "" || !strings.HasPrefix(it.GSI2SK, "030#") {
		t.Fatalf("unblocked: %+v", it)
	}
	if it.LastSeenAt = "2026-03-01T12:00:00.000000Z"; it.expiry() != 0 {
		t.Errorf("a saved thread expires")
	}
	it.Status = StatusNew
	if want := time.Date(2026, 5, 30, 12, 0, 0, 0, time.UTC).Unix(); it.expiry() != want {
		t.Errorf("a new thread expires at %d, want %d (90 days after last seen)", it.expiry(), want)
	}
	it.Status = StatusPosted
	it.setAssessment(BlockedRemoved, nil)
	if it.Status != StatusPosted || *it.BlockedReason != BlockedRemoved {
		t.Fatalf("posted thread: %+v", it)
	}
}

func TestCompliance(t *testing.T) {
	in := complianceInput{
		Text:       "For invoice reminders, compare schedules and tone.\n\nAcme is one option.\n\nDisclosure: I work on Acme.",
		Disclosure: "Disclosure: I work on Acme.", Brand: "Acme", MaxLinks: 0, Title: "Best invoice reminders app?", Subforum: "freelance",
	}
	c := checkCompliance(in)
	if !c.Pass || c.Failures != 0 || c.Unknowns != 1 || len(c.Checks) != 6 {
		t.Fatalf("compliant text: %+v", c)
	}
	in.Text = "Buy now at https://acme.com and www.acme.com!!!"
	in.RulesKnown, in.PromoBan = true, true
	c = checkCompliance(in)
	states := map[string]string{}
	for _, ch := range c.Checks {
		states[ch.ID] = ch.State
	}
	want := map[string]string{CheckDisclosure: CheckFail, CheckLinks: CheckFail, CheckHype: CheckFail, CheckLength: CheckPass, CheckAnswers: CheckFail, CheckSubforumRules: CheckFail}
	for id, st := range want {
		if states[id] != st {
			t.Errorf("%s: %s, want %s", id, states[id], st)
		}
	}
	if c.Pass || c.Failures != 5 || c.Unknowns != 0 {
		t.Errorf("failing text: pass %v failures %d unknowns %d", c.Pass, c.Failures, c.Unknowns)
	}
	if lengthCheck(strings.Repeat("word ", 400)).State != CheckFail || lengthCheck("short").State != CheckFail {
		t.Error("length limits not applied")
	}
}

func TestDraftCost(t *testing.T) {
	failing := &draftItem{Draft: Draft{Compliance: Compliance{Pass: false}}}
	passing := &draftItem{Draft: Draft{Compliance: Compliance{Pass: true}}}
	if n, _ := draftCost(nil); n != 1 {
		t.Errorf("first draft costs %d", n)
	}
	if n, _ := draftCost(failing); n != 0 {
		t.Errorf("first rewrite of a failing draft costs %d", n)
	}
	if n, _ := draftCost(passing); n != 1 {
		t.Errorf("first rewrite of a passing draft costs %d", n)
	}
	failing.RegenCount = 1
	if n, _ := draftCost(failing); n != 1 {
		t.Errorf("second rewrite of a failing draft costs %d", n)
	}
	failing.RegenCount = MaxRewrites
	if _, err := draftCost(failing); err == nil {
		t.Error("a fourth rewrite is allowed")
	}
}

// mustInvalid returns the fields of a validation_failed error.
func mustInvalid(t *testing.T, err error) []string {
	t.Helper()
	var e *apperr.Error
	if !errors.As(err, &e) || e.Code != apperr.ValidationFailed {
		t.Fatalf("error %v, want validation_failed", err)
	}
	var fields []string
	for _, d := range e.Details {
		fields = append(fields, d.Field)
	}
	return fields
}

// offTopicBody mentions the keyword once in a long text about something
// else.
const offTopicBody = "Made fresh pasta with basil, garlic and olive oil, then roasted peppers, " +
	"baked bread, grilled fish and a lemon tart for dessert. My neighbour mentioned invoice reminders once, " +
	"but mostly we argued about tomatoes, sourdough starters, cast iron pans and the right oven temperature."

func TestMatchesByStem(t *testing.T) {
	for _, c := range []struct {
		query, text string
		want        bool
	}{
		{"invoice software", "Best invoicing softwares for a small shop?", true},
		{"invoice reminders", "Sending a reminder for each invoice", true},
		{"invoice reminders", "Invoices are late", false},
		{"the and of", "the and of", false},
	} {
		if got := Matches(c.query, c.text); got != c.want {
			t.Errorf("Matches(%q, %q) = %v, want %v", c.query, c.text, got, c.want)
		}
	}
}

func TestDisclosurePhrasings(t *testing.T) {
	for _, line := range []string{
		"Disclosure: I'm the founder of {brand}.", "I'm an engineer at {brand}.", "I work for {brand}.",
		"Full disclosure: I'm affiliated with {brand}.", "I'm the dev behind {brand}.", "I'm on the {brand} team.",
		"I am employed by {brand}.", "The author works at {brand}.", "We built {brand}.", "{brand} is my own product.",
	} {
		if p := disclosureProblem(line, "Acme"); p != "" {
			t.Errorf("%q refused: %s", line, p)
		}
	}
}

// Reply checks: every run in the first hour, then daily, the last at 7
// days after posting, then none.
func TestReplyCheckSchedule(t *testing.T) {
	posted := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	at := posted.Format(time.RFC3339Nano)
	for _, c := range []struct {
		after time.Duration
		due   time.Duration // after posting; -1 for none
	}{
		{10 * time.Minute, 10 * time.Minute},
		{2 * time.Hour, 26 * time.Hour},
		{6*24*time.Hour + 2*time.Hour, RecheckFor},
		{6*24*time.Hour + 12*time.Hour, RecheckFor},
		{RecheckFor, -1},
		{RecheckFor + time.Hour, -1},
	} {
		r := replyItem{Reply: Reply{ID: "r", PostedAt: &at}}
		r.scheduleCheck(posted.Add(c.after))
		want := ""
		if c.due >= 0 {
			w := replyItem{Reply: Reply{ID: "r"}}
			w.setDue(posted.Add(c.due))
			want = w.GSI1SK
		}
		if r.GSI1SK != want {
			t.Errorf("check at +%v: next due %q, want %q", c.after, r.GSI1SK, want)
		}
	}
}

// Subforum names are 1 to 50 letters, digits, underscores or hyphens, in
// any order; a prefix is refused.
func TestSubforumNamesAtTheirBounds(t *testing.T) {
	fifty := strings.Repeat("a", 50)
	for _, c := range []struct {
		name string
		ok   bool
	}{
		{"a", true}, {fifty, true}, {"_under", true}, {"-dash", true}, {"a_b-c9", true}, {"__", true},
		{fifty + "a", false}, {"", false}, {"r/x", false}, {"R/x", false}, {"/r/x", false}, {"a b", false}, {"café", false},
	} {
		body, _ := json.Marshal(map[string]any{"allow_subforums": []string{c.name}})
		o, err := input.Parse(body)
		if err != nil {
			t.Fatal(err)
		}
		p, err := ParsePatch(o)
		if got := err == nil; got != c.ok {
			t.Errorf("subforum %q: accepted %v, want %v (%v)", c.name, got, c.ok, err)
		}
		if c.ok && (len(p.AllowSubforums.Value) != 1 || p.AllowSubforums.Value[0] != c.name) {
			t.Errorf("subforum %q read as %v", c.name, p.AllowSubforums.Value)
		}
	}
}

// A disclosure must say that the writer works on the brand: a line that
// says the opposite is refused, and a reply that says so does not pass the
// disclosure check.
func TestNegatedDisclosureIsRefused(t *testing.T) {
	for _, line := range []string{
		"I do not work on {brand}.", "Disclosure: I don't work for {brand}.", "I'm not affiliated with {brand}.",
		"I am not one of the makers of {brand}.", "I never worked at {brand}.", "I no longer work on {brand}.",
		"Just a user, I'm not employed by {brand}.", "I didn’t build {brand}.",
	} {
		if disclosureProblem(line, "Acme") == "" {
			t.Errorf("%q accepted as a disclosure", line)
		}
	}
	for _, line := range []string{
		"Not sponsored, but I work on {brand}.", "I'm not neutral: I work on {brand}.", "Disclosure: I work on {brand}, not for anyone else.",
		"Nothing hidden here: I'm one of the makers of {brand}.",
	} {
		if p := disclosureProblem(line, "Acme"); p != "" {
			t.Errorf("%q refused: %s", line, p)
		}
	}
	in := complianceInput{Text: "For invoices, compare reminders and price. I do not work for Acme, but Acme is fine.", Disclosure: "Disclosure: I work on Acme.", Brand: "Acme"}
	if c := disclosureCheck(in); c.State != CheckFail {
		t.Errorf("a reply denying any tie to the brand passes the disclosure check: %+v", c)
	}
	in.Text = "For invoices, compare reminders and price. I work for Acme, so take this with salt."
	if c := disclosureCheck(in); c.State != CheckPass {
		t.Errorf("a reply saying the writer works for the brand fails the disclosure check: %+v", c)
	}
}
