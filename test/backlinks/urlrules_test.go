package backlinks_test

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestInternationalTargetURL: a site on an internationalised host name
// proves its domain (stored in ASCII form) and adds a target written with
// the Unicode host: the URL is checked at its ASCII form, so it is on the
// verified domain, and the same page in ASCII form is a duplicate (README:
// a URL is checked and compared at the host's ASCII form).
func TestInternationalTargetURL(t *testing.T) {
	e, _ := env(t)
	host := strings.TrimSuffix(unique("bücher"), ".example") + ".example"
	a := e.NewAccount(t, "https://"+host)
	m := &member{&testenv.BacklinkMember{Env: e, Acct: a, Host: host, Site: a.SiteID}}
	e.Trial(t, a, "4242424242424242")
	m.API(t, "POST", "/billing/activate", nil, "Idempotency-Key: activate-"+a.ID).Expect(t, http.StatusOK)
	v := m.BL(t, "POST", "/domain", map[string]any{"domain": host}).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
	ascii := v["domain"].(string)
	if !strings.HasPrefix(ascii, "xn--") {
		t.Fatalf("domain not in ASCII form: %v", v)
	}
	e.SetTXT(t, "_service."+ascii, "service-site-verification="+v["token"].(string))
	if got := m.BL(t, "POST", "/domain/verify", nil).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any); got["status"] != "verified" {
		t.Fatalf("verification: %v", got)
	}
	anchors := []string{"aa", "bb", "cc"}
	created := m.BL(t, "POST", "/targets", map[string]any{"url": "https://" + host + "/page", "anchors": anchors}).
		Expect(t, http.StatusCreated).JSON(t)["target"].(map[string]any)
	if created["url"] != "https://"+host+"/page" {
		t.Fatalf("target URL not kept as given: %v", created)
	}
	m.BL(t, "POST", "/targets", map[string]any{"url": "https://" + ascii + "/page/", "anchors": anchors}).ExpectError(t, http.StatusConflict, "conflict")
	m.BL(t, "POST", "/targets", map[string]any{"url": "https://blog." + host + "/other", "anchors": anchors}).Expect(t, http.StatusCreated)
}

// TestDomainURLFollowsURLRules: a URL sent as the domain is refused when
// it breaks the URL rules (README: a port outside 1 to 65535, and every
// URL field follows the same rule), not cut down to its host.
func TestDomainURLFollowsURLRules(t *testing.T) {
	m := paidMember(t, "domainurl")
	for _, bad := range []string{"https://" + m.Host + ":99999/", "https://user:pw@" + m.Host + "/", "ftp://" + m.Host + "/"} {
		wantFields(t, m.BL(t, "POST", "/domain", map[string]any{"domain": bad}), "domain")
	}
	if o := m.Overview(t); o["domain"] != nil {
		t.Fatalf("a refused domain was set: %v", o)
	}
	v := m.BL(t, "POST", "/domain", map[string]any{"domain": "https://" + m.Host + ":8443/about"}).Expect(t, http.StatusOK).JSON(t)["verification"].(map[string]any)
	if v["domain"] != m.Host {
		t.Fatalf("domain from a URL: %v", v)
	}
}
