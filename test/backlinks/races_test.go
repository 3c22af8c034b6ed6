package backlinks_test

import (
	"fmt"
	"net/http"
	"sync"
	"testing"

	"rvcontent/test/testenv"
)

// TestHostRemovesLinksAtOnce: twenty DELETEs each of one live and one
// placed hosted link, all at once: each placement is cancelled once (one
// 200 each, the rest 409) and the credits end as after one removal of each
// (TestHostRemovesLinks).
func TestHostRemovesLinksAtOnce(t *testing.T) {
	x := newExchange(t)
	e := x.from.Env
	x.addTarget(t, "https://"+x.from.Host+"/mills")
	first := x.hostArticle(t, "Grinder guide")
	other := x.hostArticle(t, "Cleaning guide")
	run(t, e)
	run(t, e)
	byArticle := map[string]map[string]any{}
	for _, p := range x.host.Placements(t, "direction=hosted&status=placed") {
		byArticle[p["host_article_id"].(string)] = p
	}
	if len(byArticle) != 2 {
		t.Fatalf("hosted placements by article: %v", byArticle)
	}
	live, notLive := byArticle[first], byArticle[other]
	x.host.Web.Site(x.host.Host).StripLinks(other, true)
	advance(t, e, hour+60)
	if c := x.from.Credits(t); c != [4]int{28, 1, 0, 1} {
		t.Fatalf("requester credits with one live and one placed: %v", c)
	}
	ids := []string{live["id"].(string), notLive["id"].(string)}
	statuses := testenv.AtOnce(40, func(i int) int {
		return x.host.BL(t, "DELETE", "/placements/"+ids[i%2], nil).Status
	})
	ok := [2]int{}
	for i, s := range statuses {
		switch s {
		case http.StatusOK:
			ok[i%2]++
		case http.StatusConflict:
		default:
			t.Errorf("DELETE %d of placement %s answered %d", i, ids[i%2], s)
		}
	}
	if ok != [2]int{1, 1} {
		t.Errorf("DELETEs at once cancelled the live link %d times and the placed one %d times, want once each", ok[0], ok[1])
	}
	if c := x.from.Credits(t); c != [4]int{30, 0, 0, 0} {
		t.Errorf("requester credits after removing both links at once: %v, want [30 0 0 0]", c)
	}
	if c := x.host.Credits(t); c != [4]int{30, 0, 0, 0} {
		t.Errorf("host credits after removing both links at once: %v, want [30 0 0 0]", c)
	}
	if num(t, x.host.Overview(t), "reputation") != 50-10 {
		t.Errorf("host reputation after removing one live link: %v", x.host.Overview(t)["reputation"])
	}
}

// TestTargetsAtTheLimitAtOnce: thirty targets on different pages added at
// once next to one: the site ends with exactly MaxTargets (spec 8), and
// deletes of one target at once free exactly one place.
func TestTargetsAtTheLimitAtOnce(t *testing.T) {
	x := newExchange(t)
	add := func(n int, prefix string) (created int) {
		statuses := testenv.AtOnce(n, func(i int) int {
			return x.from.BL(t, "POST", "/targets", map[string]any{
				"url": fmt.Sprintf("https://%s/%s-%d", x.from.Host, prefix, i), "anchors": []string{"burr grinder", "coffee grinders", "grinding beans"},
			}).Status
		})
		for _, s := range statuses {
			switch s {
			case http.StatusCreated:
				created++
			case http.StatusConflict:
			default:
				t.Errorf("adding a target answered %d", s)
			}
		}
		return created
	}
	if n := add(30, "page"); n != 24 {
		t.Errorf("%d targets added at once next to one, want 24", n)
	}
	var list struct{ Targets []map[string]any }
	x.from.BL(t, "GET", "/targets?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Targets) != 25 {
		t.Fatalf("%d targets, want 25", len(list.Targets))
	}
	victim := list.Targets[1]["id"].(string)
	var wg sync.WaitGroup
	for range 10 {
		wg.Go(func() { x.from.BL(t, "DELETE", "/targets/"+victim, nil) })
	}
	wg.Wait()
	if n := add(10, "refill"); n != 1 {
		t.Errorf("after one target deleted, %d added, want 1", n)
	}
}

// TestOverlappingMatcherRuns: scheduled runs that overlap (a run still
// going when the next minute's starts, as EventBridge and Lambda allow)
// never give a host article more links than max_links_per_article, a
// target more than max_new_links_per_month, or hold more credits than the
// requester has.
func TestOverlappingMatcherRuns(t *testing.T) {
	x := newExchange(t)
	e := x.from.Env
	targets := []string{x.targetID}
	for _, page := range []string{"mills", "kettles", "scales"} {
		targets = append(targets, x.addTarget(t, "https://"+x.from.Host+"/"+page))
	}
	var articles []string
	for i := range 6 {
		articles = append(articles, x.hostArticle(t, fmt.Sprintf("Grinder guide %d", i)))
	}
	for range 3 {
		var wg sync.WaitGroup
		for range 6 {
			wg.Go(func() { e.Client().Do(t, "POST", "/_dev/run-scheduled", nil) })
		}
		wg.Wait()
	}
	perArticle, perTarget := map[string]int{}, map[string]int{}
	open := 0
	for _, p := range x.host.Placements(t, "direction=hosted") {
		if p["status"] == "expired" || p["status"] == "cancelled" {
			continue
		}
		perArticle[p["host_article_id"].(string)]++
		perTarget[p["target_url"].(string)]++
		open++
	}
	for a, n := range perArticle {
		if n > 1 {
			t.Errorf("host article %s carries %d links, max_links_per_article is 1", a, n)
		}
	}
	for u, n := range perTarget {
		if n > 4 {
			t.Errorf("target %s got %d new links this month, max_new_links_per_month is 4", u, n)
		}
	}
	c := x.from.Credits(t)
	if c[0]+c[1]+c[3] != 30 || c[0] < 0 || c[1]+c[3] != open {
		t.Errorf("requester credits %v with %d links held or placed", c, open)
	}
	t.Logf("%d links over %d articles and %d targets; requester credits %v", open, len(perArticle), len(perTarget), c)
}
