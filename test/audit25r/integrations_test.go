package audit25r

import (
	"fmt"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"

	"rvcontent/shared/dev/platformfake"
	"rvcontent/test/testenv"
)

// TestConnectingASiteWithoutOptionsDropsTheSettingsIds: README ("Push
// integrations"): "A connection keeps the settings' category and author
// only when the site connected offers them (else they become null)", and
// PATCH takes "ids from the platform's options once connected". A platform
// site that offers no categories and no authors offers neither id. Before
// the fix an empty list of options was read as "anything goes": connecting
// another site without categories or authors kept the first site's
// category and author (sent on every push to the new site), and PATCH
// accepted any id while connected to it.
func TestConnectingASiteWithoutOptionsDropsTheSettingsIds(t *testing.T) {
	const host = "bare-audit25r.example.org"
	env, acct := testenv.StartTrialAt(t, host)
	first, bare := platformfake.New("First", "tok-1"), platformfake.New("Bare", "tok-2")
	bare.SetSite("Bare", nil, nil)
	env.ServeTLS(t, "one."+host, first)
	env.ServeTLS(t, "two."+host, bare)
	path := "/sites/" + acct.SiteID + "/integrations/push_platform_1"

	env.Connect(t, acct, "push_platform_1", "one."+host, "tok-1")
	acct.Client.Agent(t, "PATCH", path, map[string]any{"category": "news", "author": "editor"}).Expect(t, http.StatusOK)
	got := env.Connect(t, acct, "push_platform_1", "two."+host, "tok-2")["settings"].(map[string]any)
	if got["category"] != nil || got["author"] != nil {
		t.Errorf("settings after connecting a site with no categories or authors: %v, want category and author null", got)
	}
	acct.Client.Agent(t, "PATCH", path, map[string]any{"category": "news"}).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	acct.Client.Agent(t, "PATCH", path, map[string]any{"author": "editor"}).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	// null stays accepted.
	acct.Client.Agent(t, "PATCH", path, map[string]any{"category": nil, "author": nil}).Expect(t, http.StatusOK)
}

// TestAPostIdAnsweredForAnotherArticleFailsThePush: README ("Push
// integrations"): a sync "pushes finished articles the connection has not
// pushed or whose content changed", each push recording article.published
// (created or updated) or article.publish_failed, and an article's later
// pushes update the post its connection recorded for it. A platform site is
// the owner's and may answer anything: one that answers a create with the
// id of the post already saved for another article gives one post to two
// articles, and each article's next update would overwrite the other's
// post on the owner's site. Before the fix both creates counted as
// created, both articles listed the same post as their destination, and a
// change to either article would have been written over the other's post.
func TestAPostIdAnsweredForAnotherArticleFailsThePush(t *testing.T) {
	const host = "sameid-audit25r.example.org"
	env, acct := testenv.StartTrialAt(t, host)
	env.ServeTLS(t, "cms."+host, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch {
		case strings.HasSuffix(r.URL.Path, "/site"):
			fmt.Fprint(w, `{"name":"One id","categories":[],"authors":[]}`)
		case r.Method == http.MethodPut:
			fmt.Fprintf(w, `{"id":"p1","url":"https://cms.%s/p1"}`, host)
		default: // every create answers the same post
			w.WriteHeader(http.StatusCreated)
			fmt.Fprintf(w, `{"id":"p1","url":"https://cms.%s/p1"}`, host)
		}
	}))
	env.Connect(t, acct, "push_platform_1", "cms."+host, "tok")
	base := "/sites/" + acct.SiteID
	var ids []string
	for _, title := range []string{"First post", "Second post"} {
		a := acct.Client.Agent(t, "POST", base+"/articles", map[string]any{"title": title, "body_markdown": "# " + title + "\n\nText."}).
			Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
		acct.Client.Agent(t, "POST", base+"/articles/"+a["id"].(string)+"/finish", nil).Expect(t, http.StatusOK)
		ids = append(ids, a["id"].(string))
	}
	job := acct.Client.Agent(t, "POST", base+"/integrations/push_platform_1/sync", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	res, _ := acct.Client.WaitJob(t, job["id"].(string))["result"].(map[string]any)
	if res["created"] != 1.0 || res["failed"] != 1.0 {
		t.Fatalf("sync result %v, want 1 created and 1 failed (the second create answered the first article's post)", res)
	}
	var withPost int
	for _, id := range ids {
		var out struct {
			Destinations []struct{ URL string } `json:"destinations"`
		}
		acct.Client.Agent(t, "GET", base+"/articles/"+id+"/destinations", nil).Expect(t, http.StatusOK).Decode(t, &out)
		withPost += len(out.Destinations)
	}
	if withPost != 1 {
		t.Errorf("%d destinations across the two articles, want 1: one post belongs to one article", withPost)
	}
	if n := len(acct.Client.Events(t, "article.publish_failed")); n != 1 {
		t.Errorf("%d article.publish_failed, want 1", n)
	}
	// A publish with the destination meets the same answer.
	var pub struct {
		Results []struct{ Result string } `json:"results"`
	}
	acct.Client.Agent(t, "POST", base+"/articles/"+ids[1]+"/publish", map[string]any{"destinations": []string{"push_platform_1"}}).
		Expect(t, http.StatusOK).Decode(t, &pub)
	if len(pub.Results) != 1 || pub.Results[0].Result != "failed" {
		t.Errorf("publish of the second article: %+v, want its push failed", pub.Results)
	}
}

// TestARateLimitedPlatformStopsTheSync: README ("Push integrations"): a
// sync's result is {integration_id, created, updated, unchanged, failed,
// skipped, errors}, and a sync stops at a platform that cannot be reached
// or refuses the token, counting the articles left as skipped (the README
// is silent on a platform's 429; this is the choice made). A platform that answers
// 429 Too Many Requests (with Retry-After) asks for no more requests for a
// while: every further push is bound to meet the same answer and only
// makes it longer. Before the fix the sync went on pushing every article
// into the limit: each one failed, with an article.publish_failed each,
// and the platform got a request per article.
func TestARateLimitedPlatformStopsTheSync(t *testing.T) {
	const host = "limited-audit25r.example.org"
	env, acct := testenv.StartTrialAt(t, host)
	var writes atomic.Int32
	env.ServeTLS(t, "cms."+host, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		if strings.HasSuffix(r.URL.Path, "/site") {
			fmt.Fprint(w, `{"name":"Busy","categories":[],"authors":[]}`)
			return
		}
		n := writes.Add(1)
		if n == 1 {
			w.WriteHeader(http.StatusCreated)
			fmt.Fprintf(w, `{"id":"p%d","url":"https://cms.%s/p%d"}`, n, host, n)
			return
		}
		w.Header().Set("Retry-After", "120")
		w.WriteHeader(http.StatusTooManyRequests)
		fmt.Fprint(w, `{"error":"slow down"}`)
	}))
	env.Connect(t, acct, "push_platform_1", "cms."+host, "tok")
	base := "/sites/" + acct.SiteID
	for i := 0; i < 4; i++ {
		a := acct.Client.Agent(t, "POST", base+"/articles", map[string]any{"title": fmt.Sprintf("Post number %d", i), "body_markdown": "# Hi\n\nText."}).
			Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
		acct.Client.Agent(t, "POST", base+"/articles/"+a["id"].(string)+"/finish", nil).Expect(t, http.StatusOK)
	}
	job := acct.Client.Agent(t, "POST", base+"/integrations/push_platform_1/sync", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	done := acct.Client.WaitJob(t, job["id"].(string))
	res, _ := done["result"].(map[string]any)
	if res["created"] != 1.0 || res["failed"] != 1.0 || res["skipped"] != 2.0 {
		t.Errorf("sync result %v, want 1 created, 1 failed and 2 skipped after the platform answered 429", res)
	}
	if n := writes.Load(); n != 2 {
		t.Errorf("the platform got %d writes, want 2 (none after its 429)", n)
	}
	got := acct.Client.Agent(t, "GET", base+"/integrations/push_platform_1", nil).Expect(t, http.StatusOK).JSON(t)["integration"].(map[string]any)
	if msg, _ := got["last_error"].(string); got["status"] != "error" || !strings.Contains(msg, "429") || !strings.Contains(msg, "120 seconds") {
		t.Errorf("integration after the 429: status %v, last_error %q; want error naming HTTP 429 and the 120 seconds to wait", got["status"], got["last_error"])
	}
}

// TestAPostIdAnsweredAsANumberIsKept: README ("Push integrations"):
// push_platform_1's `POST /posts` answers the post's id and address, and
// "A post id it answers longer than 1,000 characters fails the push": any
// other id is the post's, kept to update it later. Many platforms number
// their posts and answer the id as a JSON number ({"id": 42}). Before the
// fix such an answer failed the push as "not the JSON its API returns"
// although the platform had saved the post: the sync counted it failed,
// put the integration in error, and every later sync created it again.
func TestAPostIdAnsweredAsANumberIsKept(t *testing.T) {
	const host = "numbered-audit25r.example.org"
	env, acct := testenv.StartTrialAt(t, host)
	var creates, updates atomic.Int32
	env.ServeTLS(t, "cms."+host, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		switch {
		case strings.HasSuffix(r.URL.Path, "/site"):
			fmt.Fprint(w, `{"name":"Numbered","categories":[],"authors":[]}`)
		case r.Method == http.MethodPut:
			if !strings.HasSuffix(r.URL.Path, "/posts/42") {
				w.WriteHeader(http.StatusNotFound)
				return
			}
			updates.Add(1)
			fmt.Fprintf(w, `{"id":42,"url":"https://cms.%s/p/42"}`, host)
		default:
			creates.Add(1)
			w.WriteHeader(http.StatusCreated)
			fmt.Fprintf(w, `{"id":42,"url":"https://cms.%s/p/42"}`, host)
		}
	}))
	env.Connect(t, acct, "push_platform_1", "cms."+host, "tok")
	base := "/sites/" + acct.SiteID
	a := acct.Client.Agent(t, "POST", base+"/articles", map[string]any{"title": "Numbered post", "body_markdown": "# Numbered\n\nText."}).
		Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	id := a["id"].(string)
	acct.Client.Agent(t, "POST", base+"/articles/"+id+"/finish", nil).Expect(t, http.StatusOK)
	sync := func() map[string]any {
		job := acct.Client.Agent(t, "POST", base+"/integrations/push_platform_1/sync", nil).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
		res, _ := acct.Client.WaitJob(t, job["id"].(string))["result"].(map[string]any)
		return res
	}
	if res := sync(); res["created"] != 1.0 || res["failed"] != 0.0 {
		t.Fatalf("first sync %v, want the post created", res)
	}
	acct.Client.Agent(t, "PATCH", base+"/articles/"+id, map[string]any{"title": "Numbered post, edited"}).Expect(t, http.StatusOK)
	if res := sync(); res["updated"] != 1.0 || res["failed"] != 0.0 {
		t.Fatalf("sync after an edit %v, want post 42 updated", res)
	}
	if creates.Load() != 1 || updates.Load() != 1 {
		t.Errorf("the platform got %d creates and %d updates, want 1 and 1", creates.Load(), updates.Load())
	}
}

// TestNumberedCategoriesAndAuthorsConnect: README ("Push integrations"):
// the connect page checks the address and token "with a test call", and
// "Of the test call's answer the site's name and at most 100 categories and
// 100 authors are kept", whose ids PATCH then takes. A platform that
// numbers its categories and authors answers their ids as JSON numbers
// ({"id": 7}). Before the fix such an answer refused the connection ("not
// the JSON its API returns"): a site with numbered categories could not be
// connected at all.
func TestNumberedCategoriesAndAuthorsConnect(t *testing.T) {
	const host = "numbered-options-audit25r.example.org"
	env, acct := testenv.StartTrialAt(t, host)
	env.ServeTLS(t, "cms."+host, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprint(w, `{"name":"Numbered","categories":[{"id":7,"name":"News"}],"authors":[{"id":12,"name":"Ann"}]}`)
	}))
	got := env.Connect(t, acct, "push_platform_1", "cms."+host, "tok")
	if got["status"] != "connected" {
		t.Fatalf("integration %v", got)
	}
	path := "/sites/" + acct.SiteID + "/integrations/push_platform_1"
	st := acct.Client.Agent(t, "PATCH", path, map[string]any{"category": "7", "author": "12"}).Expect(t, http.StatusOK).JSON(t)["integration"].(map[string]any)["settings"].(map[string]any)
	if st["category"] != "7" || st["author"] != "12" {
		t.Errorf("settings %v, want category 7 and author 12", st)
	}
}
