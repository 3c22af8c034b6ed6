package backlinks_test

import (
	"net/http"
	"regexp"
	"testing"
)

var hexToken = regexp.MustCompile(`^[0-9a-f]{32}$`)

// TestDomainVerification sets domains and proves each with one of the
// three methods; a check counts toward the AI rate limit.
func TestDomainVerification(t *testing.T) {
	m := paidMember(t, "verify")
	e, web := m.Env, m.Web

	m.BL(t, "POST", "/domain/verify", nil).ExpectError(t, http.StatusConflict, "conflict")
	for _, bad := range []string{"", "127.0.0.1", "localhost", "intranet.local", "com", "other-site.example", "https://co.uk"} {
		wantFields(t, m.BL(t, "POST", "/domain", map[string]any{"domain": bad}), "domain")
	}

	// DNS TXT record.
	v := m.BL(t, "POST", "/domain", map[string]any{"domain": "https://" + m.Host + "/"}).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
	token, _ := v["token"].(string)
	want := map[string]any{
		"domain": m.Host, "status": "unverified", "token": token, "verified_at": nil,
		"methods": map[string]any{
			"dns_txt":    map[string]any{"host": "_service." + m.Host, "value": "service-site-verification=" + token},
			"meta_tag":   map[string]any{"tag": `<meta name="service-site-verification" content="` + token + `">`},
			"well_known": map[string]any{"url": "https://" + m.Host + "/.well-known/service-verification", "content": token},
		},
	}
	if !hexToken.MatchString(token) || !equalJSON(v, want) {
		t.Fatalf("verification\n got %v\nwant %v", v, want)
	}
	again := m.BL(t, "POST", "/domain", map[string]any{"domain": m.Host}).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
	if again["token"] != token {
		t.Fatal("setting the same domain again changed the token")
	}

	v = verifyOnce(t, m)
	if v["status"] != "unverified" || v["verified_at"] != nil {
		t.Fatalf("nothing in place: %v", v)
	}
	wantChecks(t, v, [3]bool{}, [3]any{"v=spf1 -all", nil, nil})

	e.SetTXT(t, "_service."+m.Host, "service-site-verification="+token)
	v = verifyOnce(t, m)
	if v["status"] != "verified" || v["verified_at"] == nil {
		t.Fatalf("after the TXT record: %v", v)
	}
	wantChecks(t, v, [3]bool{true, false, false}, [3]any{"service-site-verification=" + token, nil, nil})
	if o := m.Overview(t); o["status"] != "verified" || o["domain"] != m.Host || o["verified_at"] != v["verified_at"] {
		t.Fatalf("overview after verification: %v", o)
	}

	// Meta tag, on a subdomain of the site's own domain: a new token, and
	// the site starts over as unverified.
	www := "www." + m.Host
	v = m.BL(t, "POST", "/domain", map[string]any{"domain": www}).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
	if v["status"] != "unverified" || v["token"] == token || v["verified_at"] != nil {
		t.Fatalf("new domain: %v", v)
	}
	web.Site(m.Host).SetMeta(v["token"].(string))
	v = verifyOnce(t, m)
	if v["status"] != "verified" {
		t.Fatalf("after the meta tag: %v", v)
	}
	wantChecks(t, v, [3]bool{false, true, false}, [3]any{nil, v["token"], nil})

	// Well-known file.
	blog := "blog." + m.Host
	v = m.BL(t, "POST", "/domain", map[string]any{"domain": blog}).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
	web.Site(m.Host).SetWellKnown(v["token"].(string))
	v = verifyOnce(t, m)
	if v["status"] != "verified" || v["domain"] != blog {
		t.Fatalf("after the well-known file: %v", v)
	}
	wantChecks(t, v, [3]bool{false, false, true}, [3]any{nil, "MATCH-ANY", v["token"]})
}

// TestVerifyCountsTowardTheAIRateLimit: the sixth check in an hour is the
// budget's last; the seventh answers 429 with Retry-After.
func TestVerifyCountsTowardTheAIRateLimit(t *testing.T) {
	m := paidMember(t, "budget")
	m.BL(t, "POST", "/domain", map[string]any{"domain": m.Host}).Expect(t, http.StatusOK)
	for i := 0; i < aiBudget; i++ {
		m.BL(t, "POST", "/domain/verify", nil).Expect(t, http.StatusOK)
	}
	resp := m.BL(t, "POST", "/domain/verify", nil)
	resp.ExpectError(t, http.StatusTooManyRequests, "rate_limited")
	if resp.Header.Get("Retry-After") == "" {
		t.Fatal("429 without Retry-After")
	}
}

func verifyOnce(t *testing.T, m *member) map[string]any {
	t.Helper()
	return m.BL(t, "POST", "/domain/verify", nil).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
}

// wantChecks compares the checks' methods, results and what was seen
// ("MATCH-ANY" skips a seen value).
func wantChecks(t *testing.T, v map[string]any, ok [3]bool, seen [3]any) {
	t.Helper()
	checks, _ := v["checks"].([]any)
	if len(checks) != 3 {
		t.Fatalf("checks: %v", v["checks"])
	}
	for i, method := range []string{"dns_txt", "meta_tag", "well_known"} {
		c := checks[i].(map[string]any)
		if c["method"] != method || c["ok"] != ok[i] || (seen[i] != "MATCH-ANY" && c["seen"] != seen[i]) || c["detail"] == "" {
			t.Fatalf("check %d = %v, want method %s ok %v seen %v", i, c, method, ok[i], seen[i])
		}
	}
}
