// Package audit23a holds black-box tests, over HTTP against a dev stack,
// of the agent API's list cursors (spec 4.1, Pagination; README, Agent API
// conventions: "Every list ... takes limit and cursor; a cursor the list
// did not issue (another list's, or made up) answers 422"). Every list
// endpoint, /activity, /events, a site's integrations, an article's
// destinations and a webhook endpoint's delivery log included, must refuse
// with 422 validation_failed on "cursor" a cursor another list issued (the
// same endpoint of another webhook endpoint or account, another endpoint,
// the same endpoint with other filters) and a made-up cursor of its own
// shape, while the cursors it issues still page through it without a
// repeat or a gap.
package audit23a

import (
	"encoding/base64"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strconv"
	"strings"
	"testing"

	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

// list is one list as a client sees it: its path and query without limit
// and cursor, under a name for the test's messages.
type list struct {
	name string
	path string // with the filters' query, if any
}

// fixture is two accounts with something in every list that can have more
// than one entry, and the lists of each.
type fixture struct {
	env  *testenv.Env
	a, b *testenv.Readable
	// lists of a, then of b (the same endpoints: b's own ids).
	listsA, listsB []list
}

// setUp starts a quiet stack whose account budget does not get in the way
// of the many requests below, and fills two accounts.
func setUp(t *testing.T) *fixture {
	t.Helper()
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) {
		c.AccountRequestsPerMinute = 1 << 20
	}})
	receiver := env.Pages(t, "hooks", map[string]string{"/in": "<p>ok</p>"})
	f := &fixture{env: env}
	for _, r := range []**testenv.Readable{&f.a, &f.b} {
		*r = env.NewReadable(t, "")
		acct := *r
		c := acct.Client
		c.WaitJob(t, acct.ScanJob)
		var job struct{ Job struct{ ID string } }
		c.Agent(t, "POST", "/sites/"+acct.SiteID+"/research", map[string]any{"ideas": 0}).Expect(t, http.StatusAccepted).Decode(t, &job)
		c.WaitJob(t, job.Job.ID)
		c.Agent(t, "POST", "/sites/"+acct.SiteID+"/scan", nil).Expect(t, http.StatusAccepted).Decode(t, &job)
		c.WaitJob(t, job.Job.ID)
		for _, title := range []string{"Cursor idea one", "Cursor idea two"} {
			c.Agent(t, "POST", "/sites/"+acct.SiteID+"/articles", map[string]any{"title": title}).Expect(t, http.StatusCreated)
		}
		c.Agent(t, "POST", "/agent-keys", map[string]any{"name": "Second key"}).Expect(t, http.StatusCreated)
		c.Agent(t, "POST", "/sites/"+acct.SiteID+"/keys", map[string]any{"name": "Second reader"}).Expect(t, http.StatusCreated)
		for _, name := range []string{"cursor keyword one", "cursor keyword two"} {
			c.Agent(t, "POST", "/sites/"+acct.SiteID+"/keywords", map[string]any{"name": name}).Expect(t, http.StatusCreated)
		}
		var hooks []string
		for i := 0; i < 2; i++ {
			var hook struct{ Webhook struct{ ID string } }
			c.Agent(t, "POST", "/webhooks", map[string]any{"url": receiver + "in", "events": []string{"forum.reply_removed"}}).
				Expect(t, http.StatusCreated).Decode(t, &hook)
			for j := 0; j < 2; j++ {
				c.Agent(t, "POST", "/webhooks/"+hook.Webhook.ID+"/test", nil).Expect(t, http.StatusOK)
			}
			hooks = append(hooks, hook.Webhook.ID)
		}
		site := "/sites/" + acct.SiteID
		lists := []list{
			{"agent keys", "/agent-keys"},
			{"activity", "/activity"},
			{"activity of the site", "/activity?site_id=" + acct.SiteID},
			{"jobs", "/jobs"},
			{"scan jobs", "/jobs?kind=site.scan"},
			{"research jobs", "/jobs?kind=research"},
			{"completed jobs", "/jobs?status=completed"},
			{"sites", "/sites"},
			{"keywords", site + "/keywords"},
			{"library keywords", site + "/keywords?source=library"},
			{"articles", site + "/articles"},
			{"opportunities", site + "/articles?status=opportunity"},
			{"site keys", site + "/keys"},
			{"integrations", site + "/integrations"},
			{"destinations", site + "/articles/" + acct.ArticleID + "/destinations"},
			{"backlink targets", site + "/backlinks/targets"},
			{"backlink placements", site + "/backlinks/placements"},
			{"forum threads", site + "/forum/threads"},
			{"forum replies", site + "/forum/replies"},
			{"events", "/events"},
			{"webhook test events", "/events?types=webhook.test"},
			{"webhooks", "/webhooks"},
			{"deliveries of the first webhook", "/webhooks/" + hooks[0] + "/deliveries"},
			{"deliveries of the second webhook", "/webhooks/" + hooks[1] + "/deliveries"},
		}
		if acct == f.a {
			// A Studio site: the same site endpoints of another site of
			// the account.
			c.Agent(t, "POST", "/billing/activate", nil, "Idempotency-Key: paid-plan-"+acct.ID).Expect(t, http.StatusOK)
			var quote struct {
				Quote struct {
					ProrationDate any `json:"proration_date"`
				} `json:"studio_quote"`
			}
			c.Agent(t, "GET", "/billing/studio-quote", nil).Expect(t, http.StatusOK).Decode(t, &quote)
			var studio struct {
				Site    struct{ ID string }
				ScanJob string `json:"scan_job_id"`
			}
			c.Agent(t, "POST", "/sites", map[string]any{"site_url": "https://studio-cursors.example.com", "site_name": "Studio cursors",
				"proration_date": quote.Quote.ProrationDate}).Expect(t, http.StatusCreated).Decode(t, &studio)
			c.WaitJob(t, studio.ScanJob)
			other := "/sites/" + studio.Site.ID
			for _, name := range []string{"cursor keyword one", "cursor keyword two"} {
				c.Agent(t, "POST", other+"/keywords", map[string]any{"name": name}).Expect(t, http.StatusCreated)
			}
			lists = append(lists,
				list{"keywords of the Studio site", other + "/keywords"},
				list{"articles of the Studio site", other + "/articles"},
				list{"site keys of the Studio site", other + "/keys"},
				list{"integrations of the Studio site", other + "/integrations"},
				list{"activity of the Studio site", "/activity?site_id=" + studio.Site.ID},
			)
			f.listsA = lists
		} else {
			f.listsB = lists
		}
	}
	return f
}

// page is one page of a list: the ids of its entries and its next cursor
// ("" when null).
type page struct {
	ids  []string
	next string
}

// read returns the page of l at limit after cursor ("" for the first).
func read(t *testing.T, c *testenv.Client, l list, limit int, cursor string) page {
	t.Helper()
	r := c.Agent(t, "GET", withPage(l.path, limit, cursor), nil).Expect(t, http.StatusOK)
	var body map[string]json.RawMessage
	r.Decode(t, &body)
	var p page
	for name, raw := range body {
		switch name {
		case "next_cursor":
			_ = json.Unmarshal(raw, &p.next)
		case "has_more":
		default:
			var items []map[string]any
			if err := json.Unmarshal(raw, &items); err != nil {
				t.Fatalf("%s: %s is not a list: %v", l.name, name, err)
			}
			for _, it := range items {
				id, _ := it["id"].(string)
				if id == "" {
					id, _ = it["destination"].(string)
				}
				p.ids = append(p.ids, id)
			}
		}
	}
	return p
}

// withPage returns path with limit and cursor added to its query.
func withPage(path string, limit int, cursor string) string {
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	out := path + sep + "limit=" + strconv.Itoa(limit)
	if cursor != "" {
		out += "&cursor=" + url.QueryEscape(cursor)
	}
	return out
}

// expectRefused fails t unless the answer to l with cursor is 422
// validation_failed with one problem, on "cursor".
func expectRefused(t *testing.T, c *testenv.Client, l list, cursor string) {
	t.Helper()
	r := c.Agent(t, "GET", withPage(l.path, 1, cursor), nil)
	if r.Status != http.StatusUnprocessableEntity {
		t.Errorf("%s took the cursor: status %d: %.200s", l.name, r.Status, r.Body)
		return
	}
	body := r.JSON(t)
	details, _ := body["details"].([]any)
	if body["code"] != "validation_failed" || len(details) != 1 || details[0].(map[string]any)["field"] != "cursor" {
		t.Errorf("%s: %s, want validation_failed on cursor", l.name, r.Body)
	}
}

// cursors returns the first next_cursor of each of lists that has one at
// limit 1, by list name.
func cursors(t *testing.T, c *testenv.Client, lists []list) map[string]string {
	t.Helper()
	out := map[string]string{}
	for _, l := range lists {
		if p := read(t, c, l, 1, ""); p.next != "" {
			out[l.name] = p.next
		}
	}
	return out
}

// listsRefuseCursorsOfOtherLists: a cursor one list issued answers 422
// validation_failed on "cursor" on every other list: another endpoint, the
// same endpoint with other filters (jobs of another kind or status,
// articles of another status, keywords of another source, activity of one
// site; not the events feed's types, whose cursor is a position in the
// account's whole feed), the same endpoint of another site of the
// account, another webhook endpoint's delivery log, and the same endpoint
// of another account (README, Agent API
// conventions: "a cursor the list did not issue (another list's ...)
// answers 422"). Lists took the cursor of any list whose cursor had the
// same form: one webhook endpoint's delivery log paged from another's
// position, jobs and articles across filters, and every account-wide list
// from another account's position.
func listsRefuseCursorsOfOtherLists(t *testing.T, f *fixture) {
	// The events feed is one list per account whatever its filters: its
	// cursor is a position in the whole feed (README, Events), which
	// another filter may go on from.
	feed := map[string]bool{"events": true, "webhook test events": true}
	issued := cursors(t, f.a.Client, f.listsA)
	for _, must := range []string{"jobs", "scan jobs", "activity", "events", "webhooks", "agent keys", "keywords", "articles", "opportunities",
		"site keys", "integrations", "deliveries of the first webhook", "deliveries of the second webhook", "sites",
		"keywords of the Studio site", "integrations of the Studio site"} {
		if issued[must] == "" {
			t.Fatalf("%s issued no cursor at limit 1: the fixture should fill it", must)
		}
	}
	names := make([]string, 0, len(issued))
	for name := range issued {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, from := range names {
		t.Run("cursor of "+from, func(t *testing.T) {
			for _, to := range f.listsA {
				if to.name != from && !(feed[from] && feed[to.name]) {
					expectRefused(t, f.a.Client, to, issued[from])
				}
			}
			for _, to := range f.listsB {
				to.name = "another account's " + to.name
				expectRefused(t, f.b.Client, to, issued[from])
			}
		})
	}
}

// madeUp returns cursors of the same shape as issued (the service's
// encoding: URL-safe base64 of a JSON object), each with one value moved
// to a position the list never issued: a number one further, or the last
// hexadecimal digit (of an id) changed.
func madeUp(t *testing.T, issued string) map[string]string {
	t.Helper()
	raw, err := base64.RawURLEncoding.DecodeString(issued)
	if err != nil {
		t.Fatalf("cursor %q is not the service's encoding: %v", issued, err)
	}
	var fields map[string]string
	if err := json.Unmarshal(raw, &fields); err != nil {
		t.Fatalf("cursor %s is not the service's encoding: %v", raw, err)
	}
	out := map[string]string{}
	for k, v := range fields {
		moved := map[string]string{}
		for kk, vv := range fields {
			moved[kk] = vv
		}
		moved[k] = elsewhere(v)
		b, _ := json.Marshal(moved)
		out[k] = base64.RawURLEncoding.EncodeToString(b)
	}
	return out
}

// elsewhere returns v moved: a number plus one, else its last hexadecimal
// digit changed.
func elsewhere(v string) string {
	if n, err := strconv.Atoi(v); err == nil {
		return strconv.Itoa(n + 1)
	}
	b := []byte(v)
	for i := len(b) - 1; i >= 0; i-- {
		if strings.IndexByte("0123456789abcdef", b[i]) >= 0 {
			if b[i] == '0' {
				b[i] = '1'
			} else {
				b[i] = '0'
			}
			return string(b)
		}
	}
	return v + "0"
}

// listsRefuseMadeUpCursorsOfTheirOwnShape: a cursor of a list's own
// shape, every key the list writes, with a position it never issued (an
// id that is not one of its entries, an offset past its end) answers 422
// validation_failed on "cursor" (README, Agent API conventions: "a cursor
// the list did not issue (... or made up) answers 422"). Lists paged from
// any such position: an empty page (200) past the end, or entries from
// wherever the position fell.
func listsRefuseMadeUpCursorsOfTheirOwnShape(t *testing.T, f *fixture) {
	issued := cursors(t, f.a.Client, f.listsA)
	for _, l := range f.listsA {
		own, ok := issued[l.name]
		if !ok {
			continue
		}
		t.Run(l.name, func(t *testing.T) {
			for key, cursor := range madeUp(t, own) {
				t.Run(key, func(t *testing.T) { expectRefused(t, f.a.Client, l, cursor) })
			}
		})
	}
	// The site list and an article's destinations issue offsets; one past
	// the end (two sites, no destination) was never issued.
	for _, l := range []list{f.listsA[slices.IndexFunc(f.listsA, func(l list) bool { return l.name == "sites" })],
		f.listsA[slices.IndexFunc(f.listsA, func(l list) bool { return l.name == "destinations" })]} {
		b, _ := json.Marshal(map[string]string{"list": map[string]string{"sites": "sites", "destinations": "destinations"}[l.name], "offset": "5"})
		expectRefused(t, f.a.Client, l, base64.RawURLEncoding.EncodeToString(b))
	}
}

// issuedCursorsPageWithoutRepeatsOrGaps: the cursors every list issues
// still page through it one entry at a time, each entry once, in the
// order of the whole list read at once (spec 4.1: next_cursor null means
// no more; the events feed's is always set and has_more says).
func issuedCursorsPageWithoutRepeatsOrGaps(t *testing.T, f *fixture) {
	for _, l := range f.listsA {
		t.Run(l.name, func(t *testing.T) {
			whole := read(t, f.a.Client, l, 100, "")
			var walked []string
			cursor := ""
			for i := 0; i <= len(whole.ids); i++ {
				p := read(t, f.a.Client, l, 1, cursor)
				walked = append(walked, p.ids...)
				if p.next == "" || len(p.ids) == 0 {
					break
				}
				cursor = p.next
			}
			if !slices.Equal(walked, whole.ids) {
				t.Fatalf("walked %v, want %v", walked, whole.ids)
			}
		})
	}
}

// TestListCursors runs the three rules of list cursors on one stack and
// its two filled accounts (each subtest's function says its defect and
// rule): OtherListsCursors (a cursor of another list, webhook endpoint,
// filter or account answers 422), MadeUpCursors (a made-up cursor of the
// list's own shape answers 422) and IssuedCursorsPage (the cursors as
// issued page without repeats or gaps).
func TestListCursors(t *testing.T) {
	f := setUp(t)
	t.Run("OtherListsCursors", func(t *testing.T) { listsRefuseCursorsOfOtherLists(t, f) })
	t.Run("MadeUpCursors", func(t *testing.T) { listsRefuseMadeUpCursorsOfTheirOwnShape(t, f) })
	t.Run("IssuedCursorsPage", func(t *testing.T) { issuedCursorsPageWithoutRepeatsOrGaps(t, f) })
}
