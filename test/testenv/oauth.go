package testenv

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"html"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"
)

var (
	consentID   = regexp.MustCompile(`name="authorization_id" value="([^"]+)"`)
	consentCSRF = regexp.MustCompile(`name="csrf" value="([^"]+)"`)
)

// OAuthToken connects an app named appName to the unclaimed account a, as
// its owner would (claim, sign-in by emailed link, Connect on the consent
// page), and returns the app's access token. The redirect URI is a
// loopback address nobody listens on: the code is read from the redirect.
func (e *Env) OAuthToken(t testing.TB, a *Account, appName string) string {
	t.Helper()
	const redirect = "http://127.0.0.1:9/callback"
	reg := e.Client().Do(t, "POST", "/oauth/register", map[string]any{
		"client_name": appName, "redirect_uris": []string{redirect}, "grant_types": []string{"authorization_code", "refresh_token"},
		"response_types": []string{"code"}, "token_endpoint_auth_method": "none",
	}).Expect(t, http.StatusCreated)
	clientID, _ := reg.JSON(t)["client_id"].(string)
	e.Client().Do(t, "POST", strings.TrimPrefix(a.ClaimURL, e.URL), nil).Expect(t, http.StatusOK)

	b := newBrowser(t, e)
	verifier := randomText(t)
	sum := sha256.Sum256([]byte(verifier))
	authorize := "/oauth/authorize?" + url.Values{
		"response_type": {"code"}, "client_id": {clientID}, "redirect_uri": {redirect}, "state": {"st"}, "scope": {"account"},
		"code_challenge": {base64.RawURLEncoding.EncodeToString(sum[:])}, "code_challenge_method": {"S256"}, "resource": {e.URL + "/mcp"},
	}.Encode()
	page := b.follow(t, authorize)
	if !consentID.MatchString(page) { // the sign-in page first
		next := b.last.Query().Get("next")
		b.do(t, "POST", "/signin", url.Values{"email": {a.Email}, "next": {next}})
		link := ""
		for _, m := range e.Emails(t, a.Email) {
			if m.Subject == "Your sign-in link" && len(m.Links) == 1 {
				link = m.Links[0]
				break
			}
		}
		if link == "" {
			t.Fatalf("no sign-in link was mailed to %s", a.Email)
		}
		page = b.follow(t, link)
	}
	id, csrf := consentID.FindStringSubmatch(page), consentCSRF.FindStringSubmatch(page)
	if id == nil || csrf == nil {
		t.Fatalf("consent page without its form:\n%s", page)
	}
	_, loc, _ := b.do(t, "POST", "/oauth/consent", url.Values{
		"authorization_id": {html.UnescapeString(id[1])}, "csrf": {html.UnescapeString(csrf[1])}, "decision": {"connect"},
	})
	code := mustParse(t, loc).Query().Get("code")
	if code == "" {
		t.Fatalf("consent redirected to %q, without a code", loc)
	}
	form := url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirect}, "client_id": {clientID}, "code_verifier": {verifier}}
	tok := e.Client().Do(t, "POST", "/oauth/token", form.Encode(), "Content-Type: application/x-www-form-urlencoded").Expect(t, http.StatusOK)
	var out struct {
		AccessToken string `json:"access_token"`
	}
	if err := json.Unmarshal(tok.Body, &out); err != nil || out.AccessToken == "" {
		t.Fatalf("token answer %s", tok.Body)
	}
	return out.AccessToken
}

// browser is an owner's browser: cookies kept, redirects not followed.
type browser struct {
	env    *Env
	client *http.Client
	last   *url.URL
}

func newBrowser(t testing.TB, e *Env) *browser {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &browser{env: e, client: &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}}
}

// follow GETs target and the redirects after it within the stack, and
// returns the last page; b.last is its address.
func (b *browser) follow(t testing.TB, target string) string {
	t.Helper()
	for hops := 0; hops < 6; hops++ {
		if strings.HasPrefix(target, "/") {
			target = b.env.URL + target
		}
		b.last = mustParse(t, target)
		status, loc, page := b.do(t, "GET", target, nil)
		if status < 300 || status > 399 {
			return page
		}
		target = loc
	}
	t.Fatalf("too many redirects from %s", target)
	return ""
}

// do sends a request (a form when form is set) and returns the status,
// Location and body.
func (b *browser) do(t testing.TB, method, target string, form url.Values) (int, string, string) {
	t.Helper()
	if strings.HasPrefix(target, "/") {
		target = b.env.URL + target
	}
	var body io.Reader
	if form != nil {
		body = strings.NewReader(form.Encode())
	}
	req, err := http.NewRequest(method, target, body)
	if err != nil {
		t.Fatal(err)
	}
	if form != nil {
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	}
	resp, err := b.client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, target, err)
	}
	defer resp.Body.Close()
	raw, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, resp.Header.Get("Location"), string(raw)
}

func randomText(t testing.TB) string {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		t.Fatal(err)
	}
	return base64.RawURLEncoding.EncodeToString(b)
}

func mustParse(t testing.TB, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
