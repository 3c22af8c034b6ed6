package audit25l

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/auth"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
	"github.com/modelcontextprotocol/go-sdk/oauthex"

	"rvcontent/test/testenv"
)

// browser is an http.RoundTripper that plays a web page's fetch() from
// another origin, as the Fetch standard's CORS rules have a browser send
// it: a request with a header that is not CORS-safelisted (Authorization,
// a JSON Content-Type, MCP's own headers) is preceded by a preflight, and
// is sent only when the preflight's answer allows its method and every
// such header; the answer is handed to the page only when it allows the
// page's origin. A refusal is the error a page's fetch() meets.
type browser struct {
	origin string
	token  string
	// refused keeps every refusal, which the client may have got past by
	// falling back to something else.
	refused *refusals
}

// refusals collects the errors a browser met.
type refusals struct {
	mu   sync.Mutex
	errs []error
}

func (r *refusals) add(err error) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errs = append(r.errs, err)
}

func (r *refusals) all() []error {
	if r == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]error(nil), r.errs...)
}

// bearer returns a transport that sends token as the Bearer credential,
// without a browser's rules: a client outside a browser.
func bearer(token string) http.RoundTripper {
	return roundTripper(func(r *http.Request) (*http.Response, error) {
		r = r.Clone(r.Context())
		r.Header.Set("Authorization", "Bearer "+token)
		return http.DefaultTransport.RoundTrip(r)
	})
}

// roundTripper is a function as an http.RoundTripper.
type roundTripper func(*http.Request) (*http.Response, error)

func (f roundTripper) RoundTrip(r *http.Request) (*http.Response, error) { return f(r) }

func (b browser) RoundTrip(r *http.Request) (*http.Response, error) {
	r = r.Clone(r.Context())
	if b.token != "" {
		r.Header.Set("Authorization", "Bearer "+b.token)
	}
	if names := unsafeHeaders(r.Header); len(names) > 0 || !slices.Contains([]string{"GET", "HEAD", "POST"}, r.Method) {
		pre, err := http.NewRequestWithContext(r.Context(), http.MethodOptions, r.URL.String(), nil)
		if err != nil {
			return nil, err
		}
		pre.Header.Set("Origin", b.origin)
		pre.Header.Set("Access-Control-Request-Method", r.Method)
		if len(names) > 0 {
			pre.Header.Set("Access-Control-Request-Headers", strings.Join(names, ","))
		}
		resp, err := http.DefaultTransport.RoundTrip(pre)
		if err != nil {
			return nil, err
		}
		resp.Body.Close()
		if err := b.allows(resp, r.Method, names); err != nil {
			b.refused.add(err)
			return nil, fmt.Errorf("CORS preflight of %s %s refused: %w", r.Method, r.URL.Path, err)
		}
	}
	r.Header.Set("Origin", b.origin)
	resp, err := http.DefaultTransport.RoundTrip(r)
	if err != nil {
		return nil, err
	}
	if o := resp.Header.Get("Access-Control-Allow-Origin"); o != "*" && o != b.origin {
		resp.Body.Close()
		err := fmt.Errorf("CORS: the answer to %s %s does not allow origin %s", r.Method, r.URL.Path, b.origin)
		b.refused.add(err)
		return nil, err
	}
	return resp, nil
}

// allows checks a preflight's answer as a browser does.
func (b browser) allows(resp *http.Response, method string, names []string) error {
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		return fmt.Errorf("status %d", resp.StatusCode)
	}
	if o := resp.Header.Get("Access-Control-Allow-Origin"); o != "*" && o != b.origin {
		return fmt.Errorf("origin %s not allowed (%q)", b.origin, o)
	}
	methods := list(resp.Header.Get("Access-Control-Allow-Methods"))
	if !slices.Contains([]string{"get", "head", "post"}, strings.ToLower(method)) && !slices.Contains(methods, strings.ToLower(method)) && !slices.Contains(methods, "*") {
		return fmt.Errorf("method %s not allowed (%v)", method, methods)
	}
	allowed := list(resp.Header.Get("Access-Control-Allow-Headers"))
	for _, n := range names {
		// "*" covers every header but Authorization, which must be named.
		if !slices.Contains(allowed, n) && !(slices.Contains(allowed, "*") && n != "authorization") {
			return fmt.Errorf("header %s not allowed (Access-Control-Allow-Headers: %v)", n, allowed)
		}
	}
	return nil
}

// unsafeHeaders returns the lowercased names of the request headers a
// preflight must allow: every one but the CORS-safelisted Accept,
// Accept-Language and Content-Language, and a Content-Type of a form or
// plain text.
func unsafeHeaders(h http.Header) []string {
	var out []string
	for name := range h {
		n := strings.ToLower(name)
		switch n {
		case "accept", "accept-language", "content-language":
			continue
		case "content-type":
			mt, _, _ := strings.Cut(strings.ToLower(h.Get(name)), ";")
			if slices.Contains([]string{"application/x-www-form-urlencoded", "multipart/form-data", "text/plain"}, strings.TrimSpace(mt)) {
				continue
			}
		}
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// list splits a comma-separated header value into lowercased items.
func list(v string) []string {
	var out []string
	for _, p := range strings.Split(v, ",") {
		if p = strings.ToLower(strings.TrimSpace(p)); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// connect opens a session of the official MCP Go SDK's client with
// transport, and the OAuth handler when one is given.
func connect(t *testing.T, env *testenv.Env, transport http.RoundTripper, oauth ...auth.OAuthHandler) *sdk.ClientSession {
	t.Helper()
	client := sdk.NewClient(&sdk.Implementation{Name: "audit25l", Version: "1.0.0"}, nil)
	st := &sdk.StreamableClientTransport{Endpoint: env.URL + "/mcp", MaxRetries: -1, HTTPClient: &http.Client{Transport: transport}}
	if len(oauth) > 0 {
		st.OAuthHandler = oauth[0]
	}
	cs, err := client.Connect(context.Background(), st, nil)
	if err != nil {
		t.Fatalf("connect: %v", err)
	}
	t.Cleanup(func() { _ = cs.Close() })
	return cs
}

// TestMCPClientInABrowserPassesThePreflight: the README's "MCP tools"
// section: "Browser clients of any origin may call it (CORS answers `*`
// ...)". The official MCP Go SDK's client speaks the newest protocol
// version it and the server share, 2026-07-28, which sends MCP's standard
// headers Mcp-Method and Mcp-Name with every message (beside
// Authorization, Content-Type and Mcp-Protocol-Version), so a browser
// preflights each POST /mcp for them. Before the fix the preflight's
// Access-Control-Allow-Headers named only Authorization, Content-Type,
// Accept, Mcp-Session-Id, MCP-Protocol-Version and Last-Event-ID: a
// browser refused to send the very first message (server/discover); this
// client then fell back to the older protocol after a failed attempt, and
// a client that does not fall back could not connect from a web page at
// all. The client here runs through a transport that keeps a browser's
// rules: nothing may be refused, and the session speaks the protocol the
// same client speaks outside a browser, through tools/list, a tool call
// and a resource read, with an agent key and as an app that connects
// through the SDK's OAuth client from the page (discovery, registration
// and the token endpoint preflighted too).
func TestMCPClientInABrowserPassesThePreflight(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	want := connect(t, env, bearer(a.Key)).InitializeResult().ProtocolVersion
	page := browser{origin: "https://agent-console.example", token: a.Key, refused: &refusals{}}
	cs := connect(t, env, page)
	ctx := context.Background()
	if _, err := cs.ListTools(ctx, nil); err != nil {
		t.Fatalf("tools/list from a web page: %v", err)
	}
	if res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "get_site", Arguments: map[string]any{"site_id": a.SiteID}}); err != nil || res.IsError {
		t.Fatalf("tools/call get_site from a web page: %v %+v", err, res)
	}
	if _, err := cs.ReadResource(ctx, &sdk.ReadResourceParams{URI: "rvcontent://sites/" + a.SiteID}); err != nil {
		t.Fatalf("resources/read from a web page: %v", err)
	}
	for _, err := range page.refused.all() {
		t.Errorf("the browser refused a request: %v", err)
	}
	if got := cs.InitializeResult().ProtocolVersion; got != want {
		t.Errorf("protocol version from a web page %s, want %s as outside a browser", got, want)
	}

	// An app in a web page connects through the SDK's OAuth client from
	// the 401 alone: discovery, registration and the token endpoint are
	// reached from the page too, and so is every message after.
	o := env.NewOwner(t)
	app := browser{origin: "https://agent-console.example", refused: &refusals{}}
	cs = connect(t, env, app, oauthPage(t, o, app))
	if res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "get_account"}); err != nil || res.IsError {
		t.Fatalf("tools/call get_account from a web page with an OAuth token: %v %+v", err, res)
	}
	for _, err := range app.refused.all() {
		t.Errorf("the browser refused a request of the OAuth app: %v", err)
	}
	if got := cs.InitializeResult().ProtocolVersion; got != want {
		t.Errorf("protocol version of the OAuth app in a web page %s, want %s", got, want)
	}
}

// oauthPage returns the official SDK's OAuth client for an MCP client in
// page b (discovery, dynamic registration, PKCE and the token endpoint,
// reached through b), the owner o answering the consent page in their
// own browser.
func oauthPage(t *testing.T, o *testenv.Owner, b browser) auth.OAuthHandler {
	t.Helper()
	fetch := func(_ context.Context, args *auth.AuthorizationArgs) (*auth.AuthorizationResult, error) {
		consent := o.Browser.Get(t, o.Browser.Get(t, args.URL).Expect(t, http.StatusFound).Location).Expect(t, http.StatusOK)
		answer := o.Browser.Post(t, "/oauth/consent", url.Values{
			"authorization_id": {consent.Field(t, "authorization_id")}, "csrf": {consent.Field(t, "csrf")}, "decision": {"connect"},
		}).Redirect(t, http.StatusSeeOther, b.origin+"/callback?")
		q := answer.Query()
		return &auth.AuthorizationResult{Code: q.Get("code"), State: q.Get("state"), Iss: q.Get("iss")}, nil
	}
	handler, err := auth.NewAuthorizationCodeHandler(&auth.AuthorizationCodeHandlerConfig{
		DynamicClientRegistrationConfig: &auth.DynamicClientRegistrationConfig{Metadata: &oauthex.ClientRegistrationMetadata{
			ClientName: "Web Page App", RedirectURIs: []string{b.origin + "/callback"},
			GrantTypes: []string{"authorization_code", "refresh_token"}, ResponseTypes: []string{"code"}, TokenEndpointAuthMethod: "none",
		}},
		AuthorizationCodeFetcher: fetch, RequestRefreshToken: true, Client: &http.Client{Transport: b},
	})
	if err != nil {
		t.Fatal(err)
	}
	return handler
}
