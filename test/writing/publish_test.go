package writing

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// publishOut is the publish answer.
type publishOut struct {
	Article article `json:"article"`
	Results []struct {
		Destination string         `json:"destination"`
		Result      string         `json:"result"`
		URL         *string        `json:"url"`
		Error       map[string]any `json:"error"`
	} `json:"results"`
}

// A finished article's live URL is recorded when it is on the site's own
// domain (www. ignored, subdomains accepted); anything else says why.
func TestPublishRecordsLiveURL(t *testing.T) {
	env := testenv.Shared(t)
	r := newRig(t, env, false)
	draft := r.create(t, map[string]any{"title": "Draft", "body_markdown": handWritten("pour over")})
	a := r.create(t, map[string]any{"title": "A Guide to Coffee Subscriptions", "body_markdown": handWritten("coffee subscription")})
	r.api(t, "POST", r.articlePath(a.ID)+"/finish", nil).Expect(t, http.StatusOK)
	path := r.articlePath(a.ID) + "/publish"
	own := "https://www." + r.host + "/blog/coffee-subscriptions"

	r.api(t, "POST", r.articlePath(draft.ID)+"/publish", map[string]any{"url": own}).ExpectError(t, http.StatusConflict, "conflict")
	wantProblem(t, r.api(t, "POST", path, map[string]any{}), "url")
	if p := wantProblem(t, r.api(t, "POST", path, map[string]any{"url": "https://elsewhere.example.org/post"}), "url"); p != "must be on your own site ("+r.host+")" {
		t.Fatalf("off-domain problem = %q", p)
	}
	if p := wantProblem(t, r.api(t, "POST", path, map[string]any{"url": "http://localhost/post"}), "url"); p != "is not a public http(s) URL" {
		t.Fatalf("local address problem = %q", p)
	}
	wantProblem(t, r.api(t, "POST", path, map[string]any{"url": "ftp://" + r.host + "/post"}), "url")
	wantProblem(t, r.api(t, "POST", path, map[string]any{"destinations": []string{"push_platform_3"}}), "destinations[0]")

	var out publishOut
	r.api(t, "POST", path, map[string]any{"url": own}, "Idempotency-Key: pub-"+a.ID).Expect(t, http.StatusOK).Decode(t, &out)
	if len(out.Results) != 1 || out.Results[0].Destination != "url" || out.Results[0].Result != "recorded" || *out.Results[0].URL != own {
		t.Fatalf("results = %+v", out.Results)
	}
	p := out.Article
	if p.PublishedURL == nil || *p.PublishedURL != own || p.PublishedAt == nil || p.UpdatedAt <= a.UpdatedAt || p.Status != "finished" {
		t.Fatalf("published article = %+v", p)
	}
	sub := "https://blog." + r.host + "/coffee-subscriptions"
	r.api(t, "POST", path, map[string]any{"url": sub}).Expect(t, http.StatusOK).Decode(t, &out)
	if *out.Article.PublishedURL != sub {
		t.Fatalf("subdomain URL not recorded: %+v", out.Article)
	}
	r.api(t, "POST", path, map[string]any{"url": sub}).Expect(t, http.StatusOK).Decode(t, &out)
	if *out.Article.PublishedURL != sub {
		t.Fatalf("repeated URL changed the article: %+v", out.Article)
	}
	evs := r.events(t, "article.published")
	if len(evs) != 2 {
		t.Fatalf("%d article.published events, want 2 (a repeat records nothing)", len(evs))
	}
	d := evs[0]["data"].(map[string]any)
	if d["article_id"] != a.ID || d["source"] != "agent" || d["url"] != own || d["result"] != "recorded" {
		t.Fatalf("article.published data = %v", d)
	}

	// A push to an integration that is not connected fails without
	// failing the request: its outcome and article.publish_failed say why.
	r.api(t, "POST", path, map[string]any{"destinations": []string{"push_platform_1"}}).Expect(t, http.StatusOK).Decode(t, &out)
	if len(out.Results) != 1 || out.Results[0].Destination != "push_platform_1" || out.Results[0].Result != "failed" || out.Results[0].URL != nil {
		t.Fatalf("push results = %+v", out.Results)
	}
	code := out.Results[0].Error["code"]
	if (code != "conflict" && code != "integration_unavailable") || out.Results[0].Error["message"] == "" {
		t.Fatalf("push error = %v", out.Results[0].Error)
	}
	pf := r.eventData(t, "article.publish_failed")
	if pf["article_id"] != a.ID || pf["destination"] != "push_platform_1" || pf["error"].(map[string]any)["code"] != code {
		t.Fatalf("article.publish_failed data = %v", pf)
	}
}
