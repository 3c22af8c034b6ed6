package audit25j

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// member creates an account on the paid plan for a website of its own and
// verifies that website's domain for the backlink exchange with a DNS TXT
// proof; it returns the account and the domain.
func member(t *testing.T, env *testenv.Env, name string) (*testenv.Account, string) {
	t.Helper()
	host := fmt.Sprintf("%s%d.example", name, time.Now().UnixNano()%1_000_000_000)
	a := env.NewAccount(t, "https://"+host)
	env.PaidPlan(t, a)
	bl := "/sites/" + a.SiteID + "/backlinks"
	v := a.Client.Agent(t, "POST", bl+"/domain", map[string]any{"domain": host}).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
	env.SetTXT(t, "_service."+host, "service-site-verification="+v["token"].(string))
	got := a.Client.Agent(t, "POST", bl+"/domain/verify", nil).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
	if got["status"] != "verified" {
		t.Fatalf("domain %s not verified: %v", host, got)
	}
	return a, host
}

// TestPlacedLinkRescoresTheHostArticle: README, Articles, Score:
// "`seo_score` on the article is the SEO score, stored at generate, finish
// and rewrite, and again when a `PATCH` changes a finished article ..., so
// it equals `seo.score` as long as the site's `website_url` stays the same
// (... a finished article is scored again at its next change)"; Backlink
// exchange: "A reservation is placed at the next run into the host
// article's body ..., recording `article.updated` for the host". Defect:
// placing a link changed the finished host article's body (a new link, so
// its `links` check moved) but kept the seo_score computed before, so the
// article (and the public API's seo_score) disagreed with GET .../score
// until some later edit. Placing (and removing) a link now scores the
// host article again, as every other change of its text does.
func TestPlacedLinkRescoresTheHostArticle(t *testing.T) {
	env := testenv.StartQuiet(t)
	topic := fmt.Sprintf("grinders%d", time.Now().UnixNano()%1_000_000)
	from, fromHost := member(t, env, "from")
	host, hostHost := member(t, env, "host")
	host.Client.Agent(t, "PATCH", "/sites/"+host.SiteID+"/backlinks", map[string]any{"opted_in": true, "topic_tags": []string{topic}}).Expect(t, http.StatusOK)
	target := "https://" + fromHost + "/grinders"
	from.Client.Agent(t, "POST", "/sites/"+from.SiteID+"/backlinks/targets", map[string]any{
		"url": target, "anchors": []string{"burr grinder", "coffee grinders", "grinding beans"}, "topic_tags": []string{topic},
	}).Expect(t, http.StatusCreated)

	arts := "/sites/" + host.SiteID + "/articles"
	art := host.Client.Agent(t, "POST", arts, map[string]any{
		"title": "Home brewing basics", "keyword": "home brewing", "tags": []string{topic},
		"body_markdown": "# Home brewing basics\n\nHome brewing starts with a good burr grinder.\n\nClean your kit often.\n",
	}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	path := arts + "/" + art["id"].(string)
	host.Client.Agent(t, "POST", path+"/finish", nil).Expect(t, http.StatusOK)
	host.Client.Agent(t, "POST", path+"/publish", map[string]any{"url": "https://" + hostHost + "/posts/brewing"}).Expect(t, http.StatusOK)
	before := host.Client.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)

	env.RunScheduled(t) // reserves
	env.RunScheduled(t) // places
	after := host.Client.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
	if body, _ := after["body_markdown"].(string); !strings.Contains(body, "]("+target+")") {
		t.Fatalf("no link placed in the host article: %q", body)
	}
	sc := host.Client.Agent(t, "GET", path+"/score", nil).Expect(t, http.StatusOK).JSON(t)["score"].(map[string]any)
	seo := sc["seo"].(map[string]any)["score"]
	if seo == before["seo_score"] {
		t.Fatalf("the placed link did not change the SEO score (%v): the test needs a body whose score it changes", seo)
	}
	if after["seo_score"] != seo {
		t.Errorf("after the link was placed, the article's seo_score is %v (as before: %v), GET .../score's seo.score %v", after["seo_score"], before["seo_score"], seo)
	}

	// The host removes the link: its words stay, the link goes, and the
	// score follows again.
	var hosted struct{ Placements []map[string]any }
	host.Client.Agent(t, "GET", "/sites/"+host.SiteID+"/backlinks/placements?direction=hosted", nil).Expect(t, http.StatusOK).Decode(t, &hosted)
	if len(hosted.Placements) != 1 {
		t.Fatalf("hosted placements: %v", hosted.Placements)
	}
	host.Client.Agent(t, "DELETE", "/sites/"+host.SiteID+"/backlinks/placements/"+hosted.Placements[0]["id"].(string), nil).Expect(t, http.StatusOK)
	removed := host.Client.Agent(t, "GET", path, nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
	sc = host.Client.Agent(t, "GET", path+"/score", nil).Expect(t, http.StatusOK).JSON(t)["score"].(map[string]any)
	if seo := sc["seo"].(map[string]any)["score"]; removed["seo_score"] != seo || seo != before["seo_score"] {
		t.Errorf("after the link was removed, the article's seo_score is %v, GET .../score's seo.score %v (before the link: %v)", removed["seo_score"], seo, before["seo_score"])
	}
}
