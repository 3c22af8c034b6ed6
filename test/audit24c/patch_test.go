package audit24c

import (
	"fmt"
	"net/http"
	"testing"
	"time"

	"rvcontent/test/testenv"
)

// TestLiveURLOnTheVerifiedDomain: public-articles-api.md 4, PATCH rule 3:
// "Host must be on the site's website domain or its verified backlink
// exchange domain. A leading www. is ignored and subdomains are accepted.
// Otherwise 400 with message published_url must be on your own site
// (<domain list>)." and the README: "The off-domain sentence lists the
// domains comma-separated, website domain first." A site whose website is
// shop.<domain> may report a URL on blog.<domain> only once <domain> is
// its verified exchange domain; the sentence then names both.
func TestLiveURLOnTheVerifiedDomain(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	env := testenv.Shared(t)
	domain := fmt.Sprintf("verified-%d.example.com", time.Now().UnixNano())
	o := newOwner(t, env, "https://shop."+domain, true)
	id := o.written(t, "Reported on the blog")
	report := func(u string) *testenv.Response {
		t.Helper()
		return o.Public(t, "PATCH", "/articles/"+id, map[string]any{"published_url": u})
	}
	wantSentence := func(resp *testenv.Response, msg string) {
		t.Helper()
		resp.Expect(t, http.StatusBadRequest)
		if body := resp.JSON(t); len(body) != 1 || body["error"] != msg {
			t.Fatalf("body %s, want only {error: %q}", resp.Body, msg)
		}
	}
	blog := "https://blog." + domain + "/posts/reported"
	wantSentence(report(blog), "published_url must be on your own site (shop."+domain+").")

	b := "/sites/" + o.SiteID + "/backlinks"
	v := o.Agent(t, "POST", b+"/domain", map[string]any{"domain": domain}).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
	env.SetTXT(t, "_service."+domain, "service-site-verification="+v["token"].(string))
	if got := o.Agent(t, "POST", b+"/domain/verify", nil).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any); got["status"] != "verified" {
		t.Fatalf("verification: %v", got)
	}

	for _, u := range []string{blog, "https://www." + domain + "/posts/reported"} {
		got := report(u).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
		if got["published_url"] != u || got["id"] != id {
			t.Fatalf("reported %s: article %v", u, got)
		}
	}
	wantSentence(report("https://elsewhere.example.org/x"), "published_url must be on your own site (shop."+domain+", "+domain+").")
}
