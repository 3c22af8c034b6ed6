package pages

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// endpoint matches an agent-API endpoint named in a message.
var endpoint = regexp.MustCompile(`\b(GET|POST|PATCH|DELETE) /`)

func TestForPerson(t *testing.T) {
	cases := map[string]string{
		"The website could not be read: the secure connection to acme.com failed (tls: first record does not look like a TLS handshake).":                                                                                                                 "The website could not be read: the secure connection to acme.com failed.",
		"the request failed because the secure connection to blog.acme.com failed (x509: certificate signed by unknown authority)":                                                                                                                        "the request failed because the secure connection to blog.acme.com failed",
		"Studio sites need the paid plan; a trial does not count. End the trial now with POST /billing/activate.":                                                                                                                                         "Studio sites need the paid plan; a trial does not count. End the trial now with “End the trial and pay now” on the Billing page.",
		"This needs the paid plan. Start one with POST /billing/checkout and send the owner the link.":                                                                                                                                                    "This needs the paid plan. Start one on the Billing page.",
		"This account has no subscription yet. Use POST /billing/checkout to start one.":                                                                                                                                                                  "This account has no subscription yet. Start one on the Billing page.",
		"The trial's card check failed. Generation and the other trial or plan features resume once the owner updates the card (POST /billing/portal gives the link).":                                                                                    "The trial's card check failed. Generation and the other trial or plan features resume once you update the card on the Billing page.",
		"The last payment failed. The owner must update the card (POST /billing/portal) first.":                                                                                                                                                           "The last payment failed. Update the card on the Billing page first.",
		"The subscription is set to end at the period's end. The owner can resume it in the billing portal (POST /billing/portal) first.":                                                                                                                 "The subscription is set to end at the period's end. You can resume it in the billing portal on the Billing page first.",
		"Drafts name the brand, and this site has none: set brand_name with PATCH /sites/{site_id} first.":                                                                                                                                                "Drafts name the brand, and this site has none: set the brand name in the site's settings first.",
		"This site has no website_url; set one with PATCH /sites/{site_id}, then scan.":                                                                                                                                                                   "This site has no website address; set one in the site's settings, then scan.",
		"This Studio site is archived. Restore it with POST /sites/{site_id}/restore.":                                                                                                                                                                    "This Studio site is archived. Restore it on the site's page.",
		"Hosting links needs a verified domain. Set one with POST /sites/{site_id}/backlinks/domain and prove it with POST /sites/{site_id}/backlinks/domain/verify, then opt in.":                                                                        "Hosting links needs a verified domain. Set one and verify it on the site's Backlinks page, then opt in.",
		"This site has no domain to verify. Set one with POST /sites/{site_id}/backlinks/domain first.":                                                                                                                                                   "This site has no domain to verify. Set one on the site's Backlinks page first.",
		"This draft was already rewritten 3 times, the most a thread allows. Edit it with PATCH /sites/{site_id}/forum/drafts/{draft_id} instead.":                                                                                                        "This draft was already rewritten 3 times, the most a thread allows. Edit it instead.",
		"A sweep of this site is already running (job 0192). Wait for it to end (GET /jobs/0192?wait=30).":                                                                                                                                                "A sweep of this site is already running (job 0192). Wait for it to end.",
		"is older than 30 minutes; get a new quote from GET /billing/studio-quote":                                                                                                                                                                        "is older than 30 minutes; get a new quote on the Billing page",
		"push_platform_2 is an add-on of the paid plan and is not open to this account. This needs the paid plan; a trial does not count. End the trial now with POST /billing/activate. Meanwhile push_platform_1 works: it needs only a trial or plan.": "Push platform 2 is an add-on of the paid plan and is not open to this account. This needs the paid plan; a trial does not count. End the trial now with “End the trial and pay now” on the Billing page. Meanwhile Push platform 1 works: it needs only a trial or plan.",
		"push_platform_2 is an add-on of the paid plan and is not open to this account. This needs a paid plan, and the last payment failed. The owner can update the card (POST /billing/portal gives the link).":                                        "Push platform 2 is an add-on of the paid plan and is not open to this account. This needs a paid plan, and the last payment failed. Update the card on the Billing page.",
		"A newer scan of this site replaced this one; read GET /sites/{site_id}/scan.":                                                                                                                                                                    "A newer scan of this site replaced this one; the site's page shows it.",
		"Without a trial or plan an account can run research 10 times a day. Wait Retry-After seconds, or start a trial.":                                                                                                                                 "Without a trial or plan an account can run research 10 times a day. Try again after 00:00 UTC, or start a trial on the Billing page.",
		"This account used its 60 AI-backed calls for this hour (research runs share them). Wait Retry-After seconds.":                                                                                                                                    "This account used its 60 AI-backed calls for this hour (research runs share them). Try again once the next hour (UTC) begins.",
		"Too many requests. Wait Retry-After seconds, then try again.":                                                                                                                                                                                    "Too many requests. Wait a moment, then try again.",
		"The title is too long.":                                                                       "The title is too long.",
		`must list at least one event type, or be ["*"] for all`:                                       "must list at least one event type",
		`"*" already means every event type and must be the only item`:                                 "“Every event” already means every event type: untick it to choose events one by one",
		"must name at least one day: mon, tue, wed, thu, fri, sat or sun":                              "must name at least one day",
		"Adding a Studio site charges 49.5 USD now. The period renews at 2026-12-27T06:09:47.000000Z.": "Adding a Studio site charges 49.50 USD now. The period renews at 27 Dec 2026 06:09 UTC.",
		"Studio site removal scheduled for 2026-12-27T06:09:47Z":                                       "Studio site removal scheduled for 27 Dec 2026 06:09 UTC",
		"Charged 149.25 USD.": "Charged 149.25 USD.",
		"must be on the site's own domain acme.com (a subdomain of it is fine); change the site's website_url first to use another domain": "must be on the site's own domain acme.com (a subdomain of it is fine); change the website address in the site's settings first to use another domain",
		"must look like https://forum.example.com/r/<subforum>/comments/<thread_id>/<slug>/<comment_id>/":                                  "must be the link to your own comment in this thread, not to the thread itself or to a profile",
		"The article is finished and keeps a body: send body_markdown with the new text, or delete the article.":                           "The article is finished and keeps a body: write the new text in its body, or delete the article.",
		"This site already has a target for that URL: change it instead (PATCH .../backlinks/targets/0192ab).":                             "This site already has a target for that URL: change it in the list of targets instead.",
		"This thread is dismissed; restore it (PATCH status new) before drafting.":                                                         "This thread is dismissed; restore it with “Restore the thread” before drafting.",
		"is required: send url (the article's live address) and/or destinations (integration ids to push to)":                              "is required: type the address where the article is live, or tick a platform to push it to",

		// A suspended domain is checked again on the Backlinks page.
		"Hosting links needs a verified domain. The domain acme.com is suspended: its proof was missing at 3 scheduled re-checks in a row. Put one of its proofs back and check it with POST /sites/{site_id}/backlinks/domain/verify: a successful check verifies it again.": "Hosting links needs a verified domain. The domain acme.com is suspended: its proof was missing at 3 scheduled re-checks in a row. Put one of its proofs back and check it with “Check now” on the site's Backlinks page: a successful check verifies it again.",
	}
	for in, want := range cases {
		got := forPerson(in)
		if got != want {
			t.Errorf("forPerson(%q)\n got %q\nwant %q", in, got, want)
		}
		if endpoint.MatchString(got) {
			t.Errorf("forPerson(%q) still names an endpoint: %q", in, got)
		}
	}
}

// apiLeft matches what is left of an endpoint or a JSON body in a
// rewritten message.
var apiLeft = regexp.MustCompile(`\{"|\}/|/\{`)

// notShown are strings that name an endpoint but are no message: a log
// line and a path prefix.
var notShown = map[string]bool{"portal link for action_url": true, "POST /sites/": true}

// TestEveryFeatureMessageForPerson: every string of the features that
// names an endpoint or action_url (the messages refusals carry) reads as
// the dashboard's words after forPerson, so no refusal shown to the owner
// tells them to call the API.
func TestEveryFeatureMessageForPerson(t *testing.T) {
	root := filepath.Join("..", "..", "feature")
	var checked int
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") || d.Name() == "mails.go" {
			return err // mails are their own text, not refusals
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, 0)
		if err != nil {
			return err
		}
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			s, err := strconv.Unquote(lit.Value)
			if err != nil || !(endpoint.MatchString(s) || strings.Contains(s, "action_url")) || notShown[s] {
				return true
			}
			checked++
			if got := forPerson(s); endpoint.MatchString(got) || strings.Contains(got, "action_url") || apiLeft.MatchString(got) {
				t.Errorf("%s: forPerson(%q) = %q", path, s, got)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if checked < 20 {
		t.Fatalf("only %d messages checked", checked)
	}
}

func TestFieldWords(t *testing.T) {
	for in, want := range map[string]string{
		"Site settings changed: writing.tone, writing.brand_voice":                   "Site settings changed: tone, brand voice",
		"Backlink exchange settings changed: opted_in, max_links_per_article, niche": "Backlink exchange settings changed: opted in, max links per article, niche",
		"Key rv_agent_4b22 created":                                                  "Key rv_agent_4b22 created",
		"Site settings changed: brand_name, website_url":                             "Site settings changed: brand name, website address",
		`Article "Rockets" added as opportunity`:                                     `Article "Rockets" added as an idea`,
	} {
		if got := fieldWords(in); got != want {
			t.Errorf("fieldWords(%q) = %q, want %q", in, got, want)
		}
	}
}
