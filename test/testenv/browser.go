package testenv

import (
	"html"
	"io"
	"net/http"
	"net/http/cookiejar"
	"net/url"
	"regexp"
	"strings"
	"testing"
	"time"
)

// Browser is a person's browser on the stack: it keeps cookies and does
// not follow redirects, so a test sees each one.
type Browser struct {
	// Base is the stack's URL; targets starting with "/" are relative to it.
	Base   string
	client *http.Client
}

// NewBrowser returns a browser with an empty cookie jar.
func (e *Env) NewBrowser(t testing.TB) *Browser {
	t.Helper()
	jar, err := cookiejar.New(nil)
	if err != nil {
		t.Fatal(err)
	}
	return &Browser{Base: e.URL, client: &http.Client{
		Jar: jar, Timeout: 30 * time.Second,
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}}
}

// Page is an answer to a browser, read in full.
type Page struct {
	Status   int
	Header   http.Header
	Body     string
	Location string
}

// Do sends method target, with form as its url-encoded body when set.
func (b *Browser) Do(t testing.TB, method, target string, form url.Values) *Page {
	t.Helper()
	if strings.HasPrefix(target, "/") {
		target = b.Base + target
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
	req.Header.Set("Accept", "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8") // as browsers send
	resp, err := b.client.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, target, err)
	}
	defer resp.Body.Close()
	raw, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return &Page{Status: resp.StatusCode, Header: resp.Header, Body: string(raw), Location: resp.Header.Get("Location")}
}

// Get opens target.
func (b *Browser) Get(t testing.TB, target string) *Page {
	t.Helper()
	return b.Do(t, http.MethodGet, target, nil)
}

// Post submits form to target.
func (b *Browser) Post(t testing.TB, target string, form url.Values) *Page {
	t.Helper()
	return b.Do(t, http.MethodPost, target, form)
}

// Expect fails unless the answer has status and its body contains every
// text.
func (p *Page) Expect(t testing.TB, status int, contains ...string) *Page {
	t.Helper()
	if p.Status != status {
		t.Fatalf("status %d, want %d (Location %q):\n%s", p.Status, status, p.Location, p.Body)
	}
	for _, c := range contains {
		if !strings.Contains(p.Body, c) {
			t.Fatalf("answer lacks %q:\n%s", c, p.Body)
		}
	}
	return p
}

// Redirect fails unless the answer has status and redirects to an address
// starting with prefix, and returns that address.
func (p *Page) Redirect(t testing.TB, status int, prefix string) *url.URL {
	t.Helper()
	p.Expect(t, status)
	if !strings.HasPrefix(p.Location, prefix) {
		t.Fatalf("redirects to %q, want %q...", p.Location, prefix)
	}
	return mustParse(t, p.Location)
}

// HasField reports whether the page has a form field called name with a
// value.
func (p *Page) HasField(name string) bool { return fieldPattern(name).MatchString(p.Body) }

// Field returns the value of the page's form field called name (a hidden
// field such as csrf), failing the test when there is none.
func (p *Page) Field(t testing.TB, name string) string {
	t.Helper()
	m := fieldPattern(name).FindStringSubmatch(p.Body)
	if m == nil {
		t.Fatalf("page has no field %s:\n%s", name, p.Body)
	}
	return html.UnescapeString(m[1])
}

func fieldPattern(name string) *regexp.Regexp {
	return regexp.MustCompile(`name="` + regexp.QuoteMeta(name) + `" value="([^"]+)"`)
}

// Claim claims a through its claim link, so its owner can sign in.
func (e *Env) Claim(t testing.TB, a *Account) {
	t.Helper()
	e.Client().Do(t, "POST", strings.TrimPrefix(a.ClaimURL, e.URL), nil).Expect(t, http.StatusOK)
}

// SignInLink asks in b for a sign-in link for email that continues to
// next, and returns the newest one mailed to it.
func (e *Env) SignInLink(t testing.TB, b *Browser, email, next string) string {
	t.Helper()
	b.Post(t, "/signin", url.Values{"email": {email}, "next": {next}}).Expect(t, http.StatusOK, "Check your email")
	for _, m := range e.Emails(t, email) {
		if m.Subject == "Your sign-in link" && len(m.Links) == 1 {
			return m.Links[0]
		}
	}
	t.Fatalf("no sign-in link was mailed to %s", email)
	return ""
}

// OpenLink opens an emailed sign-in link in b as its owner does: the
// link's page, which signs nobody in, then its Sign in button. It returns
// the button's answer.
func (b *Browser) OpenLink(t testing.TB, link string) *Page {
	t.Helper()
	page := b.Get(t, link).Expect(t, http.StatusOK, "Sign in")
	if c := page.Header.Get("Set-Cookie"); strings.Contains(c, "session=") {
		t.Fatalf("opening the sign-in link set the session: %s", c)
	}
	return b.Post(t, "/signin/verify", url.Values{"token": {page.Field(t, "token")}, "check": {page.Field(t, "check")}})
}

// SignIn signs the owner of email in, in b, by an emailed link that
// continues to next, and fails unless the browser lands there.
func (e *Env) SignIn(t testing.TB, b *Browser, email, next string) {
	t.Helper()
	b.OpenLink(t, e.SignInLink(t, b, email, next)).Redirect(t, http.StatusSeeOther, e.URL+next)
}

func mustParse(t testing.TB, s string) *url.URL {
	t.Helper()
	u, err := url.Parse(s)
	if err != nil {
		t.Fatal(err)
	}
	return u
}

// SignedIn returns a new browser in which the (claimed) owner of email is
// signed in to the dashboard: one started before the clock moved a month
// has ended.
func (e *Env) SignedIn(t testing.TB, email string) *Browser {
	t.Helper()
	b := e.NewBrowser(t)
	e.SignIn(t, b, email, "/dashboard")
	return b
}

// NewPaidOwner is NewOwner with the account's scan finished and the
// account on the paid plan.
func (e *Env) NewPaidOwner(t testing.TB) *Owner {
	t.Helper()
	o := e.NewOwner(t)
	o.Client.WaitJob(t, o.ScanJob)
	e.PaidPlan(t, o.Account)
	return o
}

// API calls the agent API as the account's agent key and returns the
// answer's JSON, failing unless it has status.
func (o *Owner) API(t testing.TB, method, path string, body any, status int) map[string]any {
	t.Helper()
	return o.Client.Agent(t, method, path, body).Expect(t, status).JSON(t)
}

// SitePage is the dashboard path of the owner's primary site plus rest.
func (o *Owner) SitePage(rest string) string { return "/dashboard/sites/" + o.SiteID + rest }

// NewArticle creates an article on the owner's site with body as the POST
// body and returns its id.
func (o *Owner) NewArticle(t testing.TB, body map[string]any) string {
	t.Helper()
	return o.API(t, "POST", "/sites/"+o.SiteID+"/articles", body, http.StatusCreated)["article"].(map[string]any)["id"].(string)
}
