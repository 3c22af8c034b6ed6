package pages

import (
	"regexp"
	"strings"
	"sync"
	"time"

	"rvcontent/shared/feature/idempotency"
)

// The agent API's messages tell an agent which endpoint fixes a refusal
// ("End the trial now with POST /billing/activate."). The dashboard shows
// the same messages to the owner, who fixes things with the dashboard's
// buttons, so forPerson says where those are instead. One table, applied
// to every API message a page shows.

// personal is one rewrite: what matches re becomes with.
type personal struct {
	re   *regexp.Regexp
	with string
}

// rewrites turn endpoint instructions and field names into the
// dashboard's words, in this order (longer phrases first). They are
// compiled at first use, so a cold start does not pay for them.
var rewrites = sync.OnceValue(func() []personal {
	rules := [][2]string{
		// Rate limits: the owner sees no Retry-After header. The daily
		// limits of scans and research reset at 00:00 UTC, the AI limit
		// with the next clock hour.
		{`Wait Retry-After seconds, or start a trial\.`, `Try again after 00:00 UTC, or start a trial on the Billing page.`},
		{`Wait Retry-After seconds, then try again\.`, `Wait a moment, then try again.`},
		{`Wait Retry-After seconds\.`, `Try again once the next hour (UTC) begins.`},
		{` and send the owner the link`, ``},
		{`\s*\((?:POST /billing/portal)(?: gives the link)?\)`, ` on the Billing page`},
		{`\s*\(GET /jobs/[^)]*\)`, ``},
		{`Use POST /billing/checkout to start one`, `Start one on the Billing page`},
		{`Use POST /billing/portal to manage it`, `Manage it on the Billing page`},
		{`\s*Send them to action_url\.`, ``},
		{`The owner can authenticate and pay it at action_url`, `You can authenticate and pay it with “Fix it”`},
		{` at action_url`, ` on the Billing page`},
		{`use the proration_date of GET /billing/studio-quote`, `reload the Billing page for a new quote`},
		{`with POST /billing/activate`, `with “End the trial and pay now” on the Billing page`},
		{`with POST /billing/checkout`, `on the Billing page`},
		{`Set one with POST /sites/\{site_id\}/backlinks/domain and prove it with POST /sites/\{site_id\}/backlinks/domain/verify`, `Set one and verify it on the site's Backlinks page`},
		{`check it with POST /sites/\{site_id\}/backlinks/domain/verify`, `check it with “Check now” on the site's Backlinks page`},
		{`with POST /sites/\{site_id\}/backlinks/domain`, `on the site's Backlinks page`},
		{`with POST /sites/\{site_id\}/restore`, `on the site's page`},
		{` with PATCH /sites/\{site_id\}/forum/drafts/\{draft_id\}`, ``},
		{`Turn it on with PATCH /sites/\{site_id\}/forum \{"enabled": true\}, then sweep`, `Tick “Find forum threads for this site” in the settings below and save, then search`},
		{`with PATCH /sites/\{site_id\}`, `in the site's settings`},
		// An article's own endpoints are its page's buttons.
		{`Set one with PATCH \.\.\./articles/\{article_id\} \(keyword\)`, `Set one with “Edit” on the article's page`},
		{`Write it with PATCH \.\.\./articles/\{article_id\} \(body_markdown\), or let the service write it with POST \.\.\./generate`, `Write it with “Edit”, or let the service write it with “Write it now”`},
		{`Write it with PATCH \(body_markdown\) or POST \.\.\./generate`, `Write it with “Edit”, or let the service write it with “Write it now”`},
		{`Finish it with POST \.\.\./finish, or clear body_markdown with PATCH to have the service write it`, `Finish it with “Mark finished”, or empty its body with “Edit” to have the service write it`},
		{`send body_markdown with the new text`, `write the new text in its body`},
		{`is required: send url \(the article's live address\) and/or destinations \(integration ids to push to\)`, `is required: type the address where the article is live, or tick a platform to push it to`},
		{`restore it \(PATCH status new\) before drafting`, `restore it with “Restore the thread” before drafting`},
		{`: change it instead \(PATCH \.\.\./backlinks/targets/[^)]*\)`, `: change it in the list of targets instead`},
		// A form's id is the request's Idempotency-Key: a form sent again
		// from the same page.
		{regexp.QuoteMeta(idempotency.ErrKeyReused.Message), `This form was already sent with other values, and that was done. Check the page, then send the form again if you still want these values.`},
		{regexp.QuoteMeta(idempotency.ErrInProgress.Message), `This form was already sent and is still being worked on. Reload the page in a moment to see the result.`},
		{`Connect it first with POST \.\.\./integrations/\w+/connect`, `Connect it first on the site's Integrations page`},
		{`; read GET /sites/\{site_id\}/scan`, `; the site's page shows it`},
		{`from GET /billing/studio-quote`, `on the Billing page`},
		{`GET /billing shows it then`, `the Billing page shows it then`},
		{`The owner must update the card`, `Update the card`},
		{`The owner can update the card`, `Update the card`},
		{`once the owner updates the card`, `once you update the card`},
		{`The owner can resume it`, `You can resume it`},
		{`The owner can complete it`, `You can complete it`},
		{`\bset brand_name\b`, `set the brand name`},
		{`, or be \["\*"\] for all`, ``},
		{`"\*" already means every event type and must be the only item`, `“` + everyEvent + `” already means every event type: untick it to choose events one by one`},
		{`at least one day: mon, tue, wed, thu, fri, sat or sun`, `at least one day`},
		{`\bno website_url\b`, `no website address`},
		{`change the site's website_url first`, `change the website address in the site's settings first`},
		// A reply's permalink pattern names its parts by their codes.
		{`must look like https://\S+/r/<subforum>/comments/<thread_id>/<slug>/<comment_id>/`, `must be the link to your own comment in this thread, not to the thread itself or to a profile`},
		// A connection's low-level cause, which the API gives an agent
		// for its logs, says nothing a person can act on.
		{` failed \((?:tls|x509|remote error|local error|dial tcp|read tcp|EOF)[^)]*\)`, ` failed`},
		{`\bpush_platform_1\b`, platformName("push_platform_1")},
		{`\bpush_platform_2\b`, platformName("push_platform_2")},
	}
	out := make([]personal, len(rules))
	for i, r := range rules {
		out[i] = personal{re: regexp.MustCompile(r[0]), with: r[1]}
	}
	return out
})

// forPerson returns msg, an agent-API message, in the dashboard's words:
// endpoints become pages and buttons, timestamps read as "27 Dec 2026
// 06:09 UTC" and US dollars have two decimals.
func forPerson(msg string) string {
	if strings.Contains(msg, "Z") {
		msg = stamp.ReplaceAllStringFunc(msg, func(s string) string {
			t, err := time.Parse(time.RFC3339Nano, s)
			if err != nil {
				return s
			}
			return t.UTC().Format(absLayout)
		})
	}
	if strings.Contains(msg, " USD") {
		msg = dollars.ReplaceAllString(msg, "${1}0 USD")
	}
	for _, r := range rewrites() {
		msg = r.re.ReplaceAllLiteralString(msg, r.with)
	}
	return msg
}

// stamp matches an API timestamp in a message; dollars an amount with one
// decimal.
var (
	stamp   = regexp.MustCompile(`\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z\b`)
	dollars = regexp.MustCompile(`\b(\d+\.\d) USD`)
)
