// Package robustness sends every route of the route table a battery of
// malformed inputs, generated from the endpoint catalog (the source of the
// route table and the OpenAPI documents), and checks the one rule the
// specs share: every bad input gets the spec's error (status, code, a
// sentence a person understands, details on validation_failed) and no
// input produces a 5xx. The agent API, the public articles API (with a site
// key), MCP tool calls and the routes outside the two APIs are covered;
// a new catalog entry is covered without a change here.
//
// One dev stack and one paid account that owns a site, a finished article,
// a keyword, a site key, a webhook and a backlink target serve every test
// of the package.
package robustness

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode"

	"rvcontent/shared/edge/catalog"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/kernel/config"
	"rvcontent/shared/kernel/ids"
	"rvcontent/test/testenv"
)

// fixture is the stack and the paid account every test sends as.
type fixture struct {
	env *testenv.Env
	r   *testenv.Readable
	// ids are the account's own resources by path parameter name.
	ids map[string]string
}

var (
	fixOnce sync.Once
	fix     *fixture
	fixErr  any
)

// setUp returns the package's fixture, made once.
func setUp(t *testing.T) *fixture {
	t.Helper()
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	fixOnce.Do(func() {
		defer func() { fixErr = recover() }()
		fix = newFixture(&keepAlive{})
	})
	if fix == nil {
		t.Fatalf("fixture: %v", fixErr)
	}
	return fix
}

// newFixture starts a quiet stack (the scheduler does not tick by itself)
// whose request budgets the battery never meets, and a paid account with
// something behind every path parameter the helpers make easy.
func newFixture(t testing.TB) *fixture {
	env := testenv.Start(t, testenv.Options{SchedulerEvery: time.Hour, Configure: func(c *config.Config) {
		c.AccountRequestsPerMinute = 1_000_000
		c.AnonymousRequestsPerMinute = 1_000_000
		c.PublicRequestsPerIP, c.PublicRequestsPerAccount = 1_000_000, 1_000_000
		c.AIRequestsPerHour = 1_000_000
	}})
	r := env.NewReadable(t, "")
	c := r.Client
	c.Agent(t, "POST", "/billing/activate", nil).Expect(t, http.StatusOK)
	f := &fixture{env: env, r: r, ids: r.Params()}
	f.ids["thread_id"], f.ids["draft_id"], f.ids["placement_id"] = ids.New(), ids.New(), ids.New()
	f.ids["id"] = r.KeyID

	var kw struct{ Keyword struct{ ID string } }
	c.Agent(t, "POST", "/sites/"+r.SiteID+"/keywords", map[string]any{"name": "robust chisels"}).
		Expect(t, http.StatusCreated).Decode(t, &kw)
	f.ids["keyword_id"] = kw.Keyword.ID

	var keys struct {
		SiteKeys []struct{ ID string } `json:"site_keys"`
	}
	c.Agent(t, "GET", "/sites/"+r.SiteID+"/keys", nil).Expect(t, http.StatusOK).Decode(t, &keys)
	if len(keys.SiteKeys) == 0 {
		t.Fatal("no site key listed")
	}
	f.ids["key_id"] = keys.SiteKeys[0].ID

	// A verified domain (by DNS TXT record) to put backlink targets on.
	var v struct {
		Verification struct {
			Methods struct {
				DNSTXT struct{ Host, Value string } `json:"dns_txt"`
			} `json:"methods"`
		} `json:"verification"`
	}
	c.Agent(t, "POST", "/sites/"+r.SiteID+"/backlinks/domain", map[string]any{"domain": "acme.com"}).Expect(t, http.StatusOK).Decode(t, &v)
	env.SetTXT(t, v.Verification.Methods.DNSTXT.Host, v.Verification.Methods.DNSTXT.Value)
	c.Agent(t, "POST", "/sites/"+r.SiteID+"/backlinks/domain/verify", nil).Expect(t, http.StatusOK)
	f.ids["target_id"] = ids.New()
	var target struct {
		Target struct{ ID string } `json:"target"`
	}
	resp := c.Agent(t, "POST", "/sites/"+r.SiteID+"/backlinks/targets", map[string]any{
		"url": "https://acme.com/guides/chisels", "anchors": []string{"chisel guide", "sharpening chisels", "honing a chisel"},
	})
	if resp.Status == http.StatusCreated {
		resp.Decode(t, &target)
		if target.Target.ID != "" {
			f.ids["target_id"] = target.Target.ID
		}
	}
	f.forum(t)
	return f
}

// forum gives the fixture a forum thread and a draft reply, so the forum
// routes' bodies reach their rules: the site gets a brand, forum presence
// is turned on for a topic, a fixture thread on it is swept up and a
// reply drafted. Each step is best effort: without it the ids stay ones
// nothing has.
func (f *fixture) forum(t testing.TB) {
	c := f.r.Client
	ok := func(method, path string, body any, want int) *testenv.Response {
		resp, err := send(c, probe{method: method, path: "/api/agent/v1" + path, body: encode(body)})
		if err != nil || resp.Status != want {
			return nil
		}
		return resp
	}
	site := "/sites/" + f.r.SiteID
	if ok("PATCH", site, map[string]any{"brand_name": "Chisel Works", "product_description": "Sharpening guides and honing jigs for woodworkers."}, 200) == nil ||
		ok("PATCH", site+"/forum", map[string]any{"enabled": true, "topic_tags": []string{"robust chisels"}}, 200) == nil {
		return
	}
	thread, err := send(f.env.Client(), probe{method: "POST", path: "/_dev/forum/threads", body: encode(map[string]any{
		"subforum": "woodworking", "title": "Which robust chisels do you recommend?", "body": "My robust chisels keep chipping. Any tips?",
		"up_votes": 12, "num_comments": 2, "posted_at": time.Now().Add(-24 * time.Hour).UTC().Format(time.RFC3339),
	})})
	if err != nil || thread.Status != 200 {
		return
	}
	sweep := ok("POST", site+"/forum/sweeps", nil, 202)
	if sweep == nil {
		return
	}
	var job struct{ Job struct{ ID string } }
	_ = json.Unmarshal(sweep.Body, &job)
	ok("GET", "/jobs/"+job.Job.ID+"?wait=25", nil, 200)
	list := ok("GET", site+"/forum/threads", nil, 200)
	if list == nil {
		return
	}
	var threads struct {
		Threads []struct {
			Thread struct{ ID string } `json:"thread"`
			ID     string              `json:"id"`
		} `json:"threads"`
	}
	_ = json.Unmarshal(list.Body, &threads)
	if len(threads.Threads) == 0 {
		return
	}
	id := threads.Threads[0].ID
	if id == "" {
		id = threads.Threads[0].Thread.ID
	}
	f.ids["thread_id"] = id
	if d := ok("POST", site+"/forum/threads/"+id+"/drafts", nil, 200); d != nil {
		var draft struct{ Draft struct{ ID string } }
		_ = json.Unmarshal(d.Body, &draft)
		if draft.Draft.ID != "" {
			f.ids["draft_id"] = draft.Draft.ID
		}
	}
}

// keepAlive is a testing.TB for the package's fixture: its cleanups never
// run (the stack lives as long as the test binary) and a failure panics.
type keepAlive struct{ testing.TB }

func (k *keepAlive) Helper()                        {}
func (k *keepAlive) Cleanup(func())                 {}
func (k *keepAlive) Errorf(format string, a ...any) { panic(fmt.Sprintf(format, a...)) }
func (k *keepAlive) Fatalf(format string, a ...any) { panic(fmt.Sprintf(format, a...)) }
func (k *keepAlive) Fatal(a ...any)                 { panic(fmt.Sprint(a...)) }

// path fills route path p with the fixture's ids; a DELETE names a fresh
// id for its last id parameter, so the battery never deletes what the
// other probes need.
func (f *fixture) path(method, p string, override map[string]string) string {
	names := routes.Route{Path: p}.Params()
	for i, name := range names {
		v, ok := override[name]
		if !ok {
			v = f.ids[name]
			if v == "" {
				v = ids.New()
			}
			if method == http.MethodDelete && i == len(names)-1 && name != "integration_id" {
				v = ids.New()
			}
		}
		p = strings.Replace(p, "{"+name+"}", v, 1)
	}
	return p
}

// probe is one malformed request.
type probe struct {
	name    string
	method  string
	path    string // from the base URL, with the query
	body    any    // nil: none; []byte or string: sent as is
	headers []string
	// errs are the errors the probe's operation may answer (its
	// catalog entry's), or nil when it has none to check.
	errs []catalog.Error
}

// listed reports whether an error answer of status and code is one of
// errs (code "" for the public API's, which carry none but on 402).
func listed(errs []catalog.Error, status int, code string) bool {
	for _, e := range errs {
		if e.Status == status && string(e.Code) == code {
			return true
		}
	}
	return false
}

// specCodes are the agent API's error codes with their statuses (spec 7),
// plus the README's 413 payload_too_large for a body over 1 MB.
var specCodes = map[string]int{
	"bad_request":             400,
	"unauthorized":            401,
	"subscription_required":   402,
	"paid_plan_required":      402,
	"insufficient_credits":    402,
	"payment_failed":          402,
	"human_required":          403,
	"not_found":               404,
	"account_exists":          409,
	"conflict":                409,
	"integration_unavailable": 409,
	"payload_too_large":       413,
	"validation_failed":       422,
	"rate_limited":            429,
}

// leaks are fragments of Go or library errors that must never reach a
// caller in place of a sentence.
var leaks = []string{
	"json: ", "invalid character", "unexpected end of JSON", "cannot unmarshal", "runtime error", "nil pointer",
	"%!", "<nil>", "strconv.", "goroutine", "panic:", "ValidationException", "operation error", "api error",
}

// sentenceProblem returns what makes msg no sentence a person
// understands, or "".
func sentenceProblem(msg string) string {
	switch {
	case strings.TrimSpace(msg) == "":
		return "empty error"
	case !strings.Contains(strings.TrimSpace(msg), " "):
		return "error is one word, not a sentence"
	case strings.ContainsFunc(msg, unicode.IsControl):
		return "error carries a control character"
	}
	for _, l := range leaks {
		if strings.Contains(msg, l) {
			return "error leaks an internal message (" + l + ")"
		}
	}
	return ""
}

// checkAgent checks an agent-API answer: below 500, and an error answer
// is the spec's error body.
func checkAgent(t *testing.T, p probe, resp *testenv.Response) {
	t.Helper()
	msg := agentProblem(resp.Status, resp.Header.Get("Content-Type"), resp.Body)
	if msg == "" && resp.Status >= 400 && p.errs != nil {
		var e struct{ Code string }
		_ = json.Unmarshal(resp.Body, &e)
		if !listed(p.errs, resp.Status, e.Code) {
			msg = fmt.Sprintf("%d %s is not among the operation's documented errors", resp.Status, e.Code)
		}
	}
	if msg != "" {
		t.Errorf("%s: %s %s: %s\nanswer %d: %.600s", p.name, p.method, clip(p.path), msg, resp.Status, resp.Body)
	}
}

// agentProblem returns what is wrong with an agent-API answer, or "".
func agentProblem(status int, contentType string, body []byte) string {
	if status >= 500 {
		return "a 5xx answer"
	}
	if status < 400 {
		if status >= 300 {
			return "a redirect"
		}
		return ""
	}
	if !strings.HasPrefix(contentType, "application/json") {
		return "error answer is not JSON (Content-Type " + contentType + ")"
	}
	var e struct {
		Error   *string           `json:"error"`
		Code    *string           `json:"code"`
		Details []json.RawMessage `json:"details"`
	}
	if err := json.Unmarshal(body, &e); err != nil {
		return "error body is not a JSON object: " + err.Error()
	}
	if e.Error == nil {
		return "error body has no error"
	}
	if msg := sentenceProblem(*e.Error); msg != "" {
		return msg
	}
	if e.Code == nil {
		return "error body has no code"
	}
	want, ok := specCodes[*e.Code]
	if !ok {
		return "code " + *e.Code + " is not in the spec's error table"
	}
	if want != status {
		return fmt.Sprintf("code %s answers %d, the spec says %d", *e.Code, status, want)
	}
	if *e.Code == "validation_failed" {
		if len(e.Details) == 0 {
			return "validation_failed without details"
		}
		for _, d := range e.Details {
			var pr map[string]any
			if json.Unmarshal(d, &pr) != nil {
				return "a detail is not an object: " + string(d)
			}
			field, _ := pr["field"].(string)
			problem, _ := pr["problem"].(string)
			if field == "" || problem == "" || len(pr) != 2 {
				return "a detail is not {field, problem}: " + string(d)
			}
			if strings.ContainsFunc(field, unicode.IsControl) || strings.ContainsFunc(problem, unicode.IsControl) {
				return "a detail carries a control character: " + string(d)
			}
		}
	}
	return ""
}

// clip shortens a long path for a failure message.
func clip(s string) string {
	if len(s) > 160 {
		return s[:150] + fmt.Sprintf("...(%d bytes)", len(s))
	}
	return s
}

// run sends the probes as c would (its base, credential and headers), at
// most four at a time, and checks each answer with check. The probes go
// out without the contract check of testenv.Client.Do: a malformed
// request is meant to break the document's rules, and the document's
// precision about what the service accepts is that check's business; the
// statuses an operation may answer are checked here, against the catalog.
func run(t *testing.T, c *testenv.Client, probes []probe, check func(*testing.T, probe, *testenv.Response)) {
	t.Helper()
	const workers = 4
	ch := make(chan probe)
	var wg sync.WaitGroup
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for p := range ch {
				resp, err := send(c, p)
				if err != nil {
					t.Errorf("%s: %s %s: %v", p.name, p.method, clip(p.path), err)
					continue
				}
				check(t, p, resp)
			}
		}()
	}
	for _, p := range probes {
		ch <- p
	}
	close(ch)
	wg.Wait()
}

var httpClient = &http.Client{Timeout: 30 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// send sends p as c would and reads the answer.
func send(c *testenv.Client, p probe) (*testenv.Response, error) {
	var body io.Reader
	switch b := p.body.(type) {
	case nil:
	case []byte:
		body = bytes.NewReader(b)
	case string:
		body = strings.NewReader(b)
	default:
		return nil, fmt.Errorf("probe body of type %T", p.body)
	}
	req, err := http.NewRequest(p.method, c.Base+p.path, body)
	if err != nil {
		return nil, err
	}
	if p.body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	for _, h := range p.headers {
		name, value, _ := strings.Cut(h, ":")
		req.Header.Set(strings.TrimSpace(name), strings.TrimSpace(value))
	}
	resp, err := httpClient.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return nil, err
	}
	return &testenv.Response{Status: resp.StatusCode, Header: resp.Header, Body: b}, nil
}

// named prefixes the probes' names with the operation's.
func named(op string, probes []probe) []probe {
	for i := range probes {
		probes[i].name = op + ": " + probes[i].name
	}
	return probes
}

// freshID is an id nothing has.
func freshID() string { return ids.New() }
