package audit28s

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"rvcontent/shared/dev/platformfake"
	"rvcontent/test/testenv"
)

// inputTag returns the <input> element with id in body ("" when none).
func inputTag(body, id string) string {
	return regexp.MustCompile(`<input[^>]*\bid="` + regexp.QuoteMeta(id) + `"[^>]*>`).FindString(body)
}

// errorID returns the id of the element holding the page's error ("" when
// it has none).
func errorID(body string) string {
	m := regexp.MustCompile(`<[a-z]+ [^>]*id="([^"]+)"[^>]*role="alert"|<[a-z]+ [^>]*role="alert"[^>]*id="([^"]+)"`).FindStringSubmatch(body)
	if m == nil {
		return ""
	}
	return m[1] + m[2]
}

// TestConnectPageMarksTheRefusedField: README ("Owner dashboard", Pages):
// "The pages follow WCAG 2.1 AA: ... every field labelled (required ones
// marked), a refused field marked aria-invalid, described by its error and
// focused"; and ("Push integrations") the connect page is where "the owner
// enters the platform site's https address ... and an API token ...,
// checked with a test call". The sign-in and checkout pages mark the field
// they refuse. Before the fix the connect page showed its refusal only as
// a paragraph above the form: neither the address (not https, or a site
// that cannot be reached) nor the token (refused by the platform) was
// marked aria-invalid or described by the error, so a screen reader user
// landing on the field heard nothing wrong with it.
func TestConnectPageMarksTheRefusedField(t *testing.T) {
	const host = "a11y-audit28s.example.org"
	env, acct := testenv.StartTrialAt(t, host)
	env.ServeTLS(t, "cms."+host, platformfake.New("Blog", "right-token"))
	link := env.ConnectLink(t, acct, "push_platform_1")
	b := env.NewBrowser(t)
	b.Get(t, link).Expect(t, http.StatusOK, "Connect")
	for _, c := range []struct {
		name, site, token, refused, other string
	}{
		{"an address that is not https", "http://cms." + host, "right-token", "site_url", "api_token"},
		{"a site that cannot be reached", "https://nowhere." + host, "right-token", "site_url", "api_token"},
		{"a token the platform refuses", "https://cms." + host, "wrong-token", "api_token", "site_url"},
		{"a token of two lines", "https://cms." + host, "right\ntoken", "api_token", "site_url"},
	} {
		p := b.Post(t, link, url.Values{"site_url": {c.site}, "api_token": {c.token}}).Expect(t, http.StatusUnprocessableEntity)
		tag, other, errID := inputTag(p.Body, c.refused), inputTag(p.Body, c.other), errorID(p.Body)
		if errID == "" {
			t.Errorf("%s: the page's error has no id a field can be described by:\n%s", c.name, p.Body)
			continue
		}
		if !strings.Contains(tag, `aria-invalid="true"`) || !regexp.MustCompile(`aria-describedby="[^"]*\b`+regexp.QuoteMeta(errID)+`\b`).MatchString(tag) || !strings.Contains(tag, "autofocus") {
			t.Errorf("%s: field %s is %s; want it aria-invalid, described by the error (%s) and focused", c.name, c.refused, tag, errID)
		}
		if strings.Contains(other, "aria-invalid") {
			t.Errorf("%s: field %s is %s; want it not marked: the refusal is not about it", c.name, c.other, other)
		}
	}
	// The link still works: a refusal uses nothing up.
	b.Post(t, link, url.Values{"site_url": {"https://cms." + host}, "api_token": {"right-token"}}).Expect(t, http.StatusOK, "connected")
}
