package audit26a

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/aws/aws-sdk-go-v2/feature/dynamodb/expression"

	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/testenv"
)

// forumOwner returns a signed-in owner on the paid plan whose site has a
// brand and forum presence on, and n fixture threads found by a sweep;
// it returns the site's thread ids, best fit first.
func forumOwner(t *testing.T, n int) (*testenv.Owner, []string) {
	t.Helper()
	env := testenv.Shared(t)
	o := env.NewPaidOwner(t)
	o.API(t, "PATCH", "/sites/"+o.SiteID, map[string]any{
		"brand_name": "Tally" + testenv.Word(""), "product_description": "Invoicing software for freelancers that sends payment reminders.",
	}, http.StatusOK)
	var tags []string
	for i := 0; i < n; i++ {
		if i%20 == 0 {
			tags = append(tags, testenv.Word("remindz"))
		}
		kw := tags[len(tags)-1]
		env.Client().Do(t, "POST", "/_dev/forum/threads", map[string]any{
			"subforum": "freelance", "title": fmt.Sprintf("How do you handle %s for late clients, case %d?", kw, i),
			"body": "Clients pay late and I hate chasing them. Looking for " + kw + " that work.", "up_votes": i % 40,
		}).Expect(t, http.StatusOK)
	}
	o.API(t, "PATCH", "/sites/"+o.SiteID+"/forum", map[string]any{"enabled": true, "topic_tags": tags}, http.StatusOK)
	var ids []string
	for range 4 {
		job := o.API(t, "POST", "/sites/"+o.SiteID+"/forum/sweeps", nil, http.StatusAccepted)["job"].(map[string]any)
		o.Client.WaitJob(t, job["id"].(string))
		ids = ids[:0]
		for cursor := ""; ; {
			var list struct {
				Threads    []struct{ ID string }
				NextCursor *string `json:"next_cursor"`
			}
			o.Client.Agent(t, "GET", "/sites/"+o.SiteID+"/forum/threads?limit=100&cursor="+url.QueryEscape(cursor), nil).Expect(t, http.StatusOK).Decode(t, &list)
			for _, th := range list.Threads {
				ids = append(ids, th.ID)
			}
			if list.NextCursor == nil {
				break
			}
			cursor = *list.NextCursor
		}
		if len(ids) >= n {
			return o, ids
		}
	}
	t.Fatalf("sweeps found %d threads, want %d", len(ids), n)
	return nil, nil
}

// TestForumPagePagesThreads: README, Owner dashboard: "forum (settings,
// threads best fit first, ... dismissed threads listed apart, to open and
// restore ...)" and "long lists ... page with First and Next links".
// Defect: the forum page read the first 50 threads and the first 50
// dismissed ones and offered no way on, so a site with more could never
// open (or restore) the others from the dashboard; so did its drafts
// waiting and its replies. Each list now pages by its own cursor (cursor,
// dismissed_cursor, drafts_cursor, replies_cursor) with First page and
// Next page links in a nav of its own; this test pins the first two (50
// drafts or replies take more forum credits than a period grants).
func TestForumPagePagesThreads(t *testing.T) {
	o, ids := forumOwner(t, 55)
	last := o.SitePage("/forum/threads/" + ids[len(ids)-1])
	first := o.Browser.Get(t, o.SitePage("/forum")).Expect(t, http.StatusOK)
	if strings.Contains(first.Body, `href="`+last+`"`) {
		t.Fatalf("the first page already lists the %dth thread", len(ids))
	}
	second := follow(t, o, first, "Pages of threads", "Next page")
	if !strings.Contains(second.Body, `href="`+last+`"`) {
		t.Fatalf("the threads' next page does not list the thread beyond the first 50 (%s):\n%s", last, second.Body)
	}
	if pager(t, second, "Pages of threads", "First page") == "" {
		t.Errorf("the threads' next page has no First page link")
	}

	// Dismiss all: the dismissed list pages the same way.
	for _, id := range ids {
		o.API(t, "PATCH", "/sites/"+o.SiteID+"/forum/threads/"+id, map[string]any{"status": "dismissed"}, http.StatusOK)
	}
	var dismissed struct{ Threads []struct{ ID string } }
	o.Client.Agent(t, "GET", "/sites/"+o.SiteID+"/forum/threads?status=dismissed&limit=100", nil).Expect(t, http.StatusOK).Decode(t, &dismissed)
	last = o.SitePage("/forum/threads/" + dismissed.Threads[len(dismissed.Threads)-1].ID)
	first = o.Browser.Get(t, o.SitePage("/forum")).Expect(t, http.StatusOK)
	if strings.Contains(first.Body, `href="`+last+`"`) {
		t.Fatalf("the first page already lists the %dth dismissed thread", len(dismissed.Threads))
	}
	second = follow(t, o, first, "Pages of dismissed threads", "Next page")
	if !strings.Contains(second.Body, `href="`+last+`"`) {
		t.Fatalf("the dismissed threads' next page does not list the thread beyond the first 50 (%s):\n%s", last, second.Body)
	}
}

// drafted marks the threads ids of the owner's site drafted, straight in
// the table (a draft costs a forum reply credit, and a period grants 30):
// the lists read the thread's status only.
func drafted(t *testing.T, o *testenv.Owner, ids []string) {
	t.Helper()
	env := testenv.Shared(t)
	for start := 0; start < len(ids); start += 25 {
		tx := &dynamo.Tx{}
		for _, id := range ids[start:min(start+25, len(ids))] {
			set := expression.Set(expression.Name("status"), expression.Value("drafted"))
			tx.UpdateExpr("thread", dynamo.SitePK(o.SiteID), dynamo.ForumThreadSK(id), expression.NewBuilder().WithUpdate(set))
		}
		if err := env.Stack.Graph.Table.Commit(context.Background(), tx, nil); err != nil {
			t.Fatal(err)
		}
	}
}

// TestForumPostingDeskPagesDrafts: README, Owner dashboard: "a posting
// desk: copy the reply, open the thread, record the posted reply's
// permalink". Defect: the posting desk listed the drafted threads among
// the first 50 threads of the page's list (best fit first), so a draft
// waiting on a thread beyond them could not be reached from the desk.
// The desk now reads the drafted threads on their own and pages them
// (drafts_cursor) with First page and Next page links.
func TestForumPostingDeskPagesDrafts(t *testing.T) {
	o, ids := forumOwner(t, 55)
	drafted(t, o, ids)
	last := o.SitePage("/forum/threads/" + ids[len(ids)-1])
	first := o.Browser.Get(t, o.SitePage("/forum")).Expect(t, http.StatusOK)
	if strings.Contains(first.Body, `href="`+last+`"`) {
		t.Fatalf("the first page already lists the %dth draft", len(ids))
	}
	second := follow(t, o, first, "Pages of drafts waiting", "Next page")
	if !strings.Contains(second.Body, `href="`+last+`"`) {
		t.Fatalf("the drafts' next page does not list the draft beyond the first 50 (%s):\n%s", last, second.Body)
	}
}

// TestOverviewCountsEveryDraftWaiting: README, Owner dashboard: "An
// overview (per site: ...; and what needs attention: ... forum drafts
// waiting ...)". Defect: the overview counted a site's drafts waiting on
// the first 100 drafted threads only, so 101 drafts read "100 forum reply
// drafts are waiting". It now counts every page.
func TestOverviewCountsEveryDraftWaiting(t *testing.T) {
	o, ids := forumOwner(t, 101)
	drafted(t, o, ids)
	o.Browser.Get(t, "/dashboard").Expect(t, http.StatusOK, "101 forum reply drafts are waiting", "101 waiting")
}
