// Package audit22b holds black-box tests, over HTTP against a dev stack,
// of site settings and scans, keywords, research, rank, domain
// verification and push integrations (spec 2, 4.5, 4.6, 4.7 and the
// README's notes on them): each one shows a defect an audit found and that
// its fix holds. Each test starts its own stack with the background
// scheduler off, so time moves and scheduled work runs only when the test
// says.
package audit22b

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// start starts a dev stack without a background scheduler and one account
// for the website https://host/ on it (nothing answers there, so its
// first scan fails).
func start(t *testing.T, host string) (*testenv.Env, *testenv.Account) {
	t.Helper()
	env := testenv.StartQuiet(t)
	env.SetHost(t, host, "127.0.0.1:1")
	return env, env.NewAccount(t, "https://"+host+"/")
}

// patchSite sends PATCH /sites/{site_id} and returns the site.
func patchSite(t *testing.T, acct *testenv.Account, body map[string]any) map[string]any {
	t.Helper()
	return acct.Client.Agent(t, "PATCH", "/sites/"+acct.SiteID, body).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
}

// TestBacklinkDomainOfAWebsiteWrittenWithATrailingDot: a site whose
// website_url names its host with the root's trailing dot
// (https://shop.example.org./, the same DNS name as shop.example.org)
// can set that host, or a subdomain of it, as its backlink domain. README
// (Backlink exchange, Domain): the domain must share "the registrable
// domain of the site's website_url". The service compared the domain with
// the registrable domain of "shop.example.org." (the dot kept, which no
// public suffix rule reads), so it refused the site's own host with 422
// "must be on the site's own domain shop.example.org. ...", the very name
// sent. Another registrable domain is still refused.
func TestBacklinkDomainOfAWebsiteWrittenWithATrailingDot(t *testing.T) {
	const host = "shop-audit22b.example.org"
	env, acct := start(t, host)
	env.PaidPlan(t, acct)
	patchSite(t, acct, map[string]any{"website_url": "https://" + host + "./"})

	path := "/sites/" + acct.SiteID + "/backlinks/domain"
	for _, domain := range []string{"blog." + host, host} {
		v := acct.Client.Agent(t, "POST", path, map[string]any{"domain": domain}).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
		if v["domain"] != domain || v["status"] != "unverified" {
			t.Fatalf("domain %s: verification %v", domain, v)
		}
	}
	body := acct.Client.Agent(t, "POST", path, map[string]any{"domain": "audit22b-elsewhere.com"}).ExpectError(t, http.StatusUnprocessableEntity, "validation_failed")
	if d, _ := body["details"].([]any); len(d) != 1 || d[0].(map[string]any)["field"] != "domain" {
		t.Fatalf("details = %v, want one problem on domain", body["details"])
	}
}

// TestScoreCountsOwnLinksWhateverTheTrailingDot: the score's links and
// site_citations checks count a link to the site's host as the site's
// own whether the website_url or the link writes the host with the root's
// trailing dot (shop.example.org. and shop.example.org are one DNS name,
// as the live URL rules already read them). README (Articles, Score): the
// links check "reads the site's address". With website_url
// https://shop.example.org./ the service counted only links written with
// the dot, so an article linking https://shop.example.org/a lost the
// points for its own-site link.
func TestScoreCountsOwnLinksWhateverTheTrailingDot(t *testing.T) {
	const host = "score-audit22b.example.org"
	_, acct := start(t, host)
	patchSite(t, acct, map[string]any{"website_url": "https://" + host + "./"})
	a := acct.Client.Agent(t, "POST", "/sites/"+acct.SiteID+"/articles", map[string]any{
		"title": "Shoes", "keyword": "shoes",
		"body_markdown": "# Shoes\n\nShoes are great. See [one](https://" + host + "/a), [two](https://www." + host + "./b) and [three](https://example.net/c).",
	}).Expect(t, http.StatusCreated).JSON(t)["article"].(map[string]any)
	checks := acct.Client.ScoreChecks(t, acct.SiteID, a["id"].(string))
	testenv.ExpectScoreChecks(t, checks, 10, map[string]string{
		"links":          "3 links, 2 of them to the site's own pages.",
		"site_citations": "2 links to the site's own pages.",
	})
}

// TestResearchTakesNoBrandFromAnIPAddress: research on a site whose
// website_url is an IPv6 address, with no brand name, description, scan
// findings, keywords or seed, answers empty lists. README (Keywords,
// research and rank): research input is "the site's host label when
// nothing names the brand. A site with nothing usable gets empty lists
// rather than invented ones." An address has no host label (an IPv4 one
// was already left out), but the service took the whole IPv6 address for
// the brand and answered keywords such as "2606:4700:4700::1111 pricing"
// and ideas built on them.
func TestResearchTakesNoBrandFromAnIPAddress(t *testing.T) {
	env := testenv.StartQuiet(t)
	env.SetHost(t, "2606:4700:4700::1111", "127.0.0.1:1") // nothing answers: the scan fails offline
	acct := env.NewAccount(t, "https://[2606:4700:4700::1111]/")
	if j := acct.Client.WaitJob(t, acct.ScanJob); j["status"] != "failed" {
		t.Fatalf("scan job %v, want failed: no brand, no findings", j)
	}
	job := acct.Client.Agent(t, "POST", "/sites/"+acct.SiteID+"/research", map[string]any{"ideas": 3}).Expect(t, http.StatusAccepted).JSON(t)["job"].(map[string]any)
	j := acct.Client.WaitJob(t, job["id"].(string))
	if j["status"] != "completed" {
		t.Fatalf("research job %v", j)
	}
	res := j["result"].(map[string]any)
	if kw, ideas := res["keywords"].([]any), res["ideas"].([]any); len(kw) != 0 || len(ideas) != 0 {
		t.Fatalf("research on nothing usable: keywords %v, ideas %v; want both empty", kw, ideas)
	}
}
