package audit28h

import (
	"html"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"rvcontent/shared/dev/platformfake"
	"rvcontent/test/testenv"
)

// fakeToken is the API token the fixture platform sites accept.
const fakeToken = "pf-token-28h"

// connectFake serves a fixture platform site over TLS at https://cms.<host>
// and connects acct's integration (push_platform_1 or push_platform_2) to
// it through the connect page, as the owner would; it returns the fixture.
func connectFake(t *testing.T, env *testenv.Env, acct *testenv.Account, integration, host string) *platformfake.Server {
	t.Helper()
	fake := platformfake.New("Audit Blog", fakeToken)
	srv := httptest.NewTLSServer(fake)
	t.Cleanup(srv.Close)
	env.SetHost(t, "cms."+host, srv.Listener.Addr().String())
	out := acct.Client.Agent(t, "POST", "/sites/"+acct.SiteID+"/integrations/"+integration+"/connect", nil).Expect(t, http.StatusOK).JSON(t)
	page := strings.TrimPrefix(out["connect"].(map[string]any)["connect_url"].(string), env.URL)
	done := env.Client().Do(t, "POST", page, map[string]any{"site_url": "https://cms." + host, "api_token": fakeToken}).Expect(t, http.StatusOK).JSON(t)
	if done["connected"] != true {
		t.Fatalf("connect answer %v", done)
	}
	return fake
}

// tagRe and spaceRe find a page's head and tags, and runs of white space.
var (
	tagRe   = regexp.MustCompile(`(?s)<head>.*?</head>|<[^>]+>`)
	spaceRe = regexp.MustCompile(`\s+`)
)

// textOf is a page's text as a person reads it: no head, no tags, entities
// decoded, white space collapsed.
func textOf(body string) string {
	return spaceRe.ReplaceAllString(html.UnescapeString(tagRe.ReplaceAllString(body, " ")), " ")
}

// finished creates a hand-written article on acct's site, finishes it and
// returns its id.
func finished(t *testing.T, acct *testenv.Account, title string) string {
	t.Helper()
	base := "/sites/" + acct.SiteID + "/articles"
	id := acct.Client.Agent(t, "POST", base, map[string]any{
		"title": title, "description": "About " + title, "body_markdown": "# " + title + "\n\nSome words.\n",
	}).Expect(t, http.StatusCreated).Article(t)["id"].(string)
	acct.Client.Agent(t, "POST", base+"/"+id+"/finish", nil).Expect(t, http.StatusOK)
	return id
}
