package testenv

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// Response is an answer read in full.
type Response struct {
	Status int
	Header http.Header
	Body   []byte
}

// JSON decodes the body into a generic map (fails the test on bad JSON).
func (r *Response) JSON(t testing.TB) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal(r.Body, &m); err != nil {
		t.Fatalf("response is not a JSON object (status %d): %v: %s", r.Status, err, r.Body)
	}
	return m
}

// Decode decodes the body into v.
func (r *Response) Decode(t testing.TB, v any) {
	t.Helper()
	if err := json.Unmarshal(r.Body, v); err != nil {
		t.Fatalf("decode response (status %d): %v: %s", r.Status, err, r.Body)
	}
}

// Expect fails the test unless the status is want.
func (r *Response) Expect(t testing.TB, want int) *Response {
	t.Helper()
	if r.Status != want {
		t.Fatalf("status %d, want %d: %s", r.Status, want, r.Body)
	}
	return r
}

// ExpectError fails the test unless the answer has status and its error
// body has code, and returns the body.
func (r *Response) ExpectError(t testing.TB, status int, code string) map[string]any {
	t.Helper()
	r.Expect(t, status)
	body := r.JSON(t)
	if body["code"] != code {
		t.Fatalf("code = %v, want %s: %s", body["code"], code, r.Body)
	}
	return body
}

// ErrorCode returns the "code" of an error body.
func (r *Response) ErrorCode(t testing.TB) string {
	t.Helper()
	c, _ := r.JSON(t)["code"].(string)
	return c
}

// Client calls the stack over HTTP.
type Client struct {
	Base   string // the stack's URL
	Token  string // Bearer credential, if any
	Header http.Header
}

// Client returns an unauthenticated client of the stack.
func (e *Env) Client() *Client { return &Client{Base: e.URL} }

// As returns a copy of c that sends token as its Bearer credential.
func (c *Client) As(token string) *Client {
	cp := *c
	cp.Token = token
	return &cp
}

var httpClient = &http.Client{Timeout: 60 * time.Second, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// Do sends method path (relative to the stack, e.g. "/api/agent/v1/account")
// with body (nil, []byte, string or a value to encode as JSON) and extra
// headers as "Name: value" strings. Requests to the two APIs and their
// answers are checked against the stack's OpenAPI documents (see
// checkContract).
func (c *Client) Do(t testing.TB, method, path string, body any, headers ...string) *Response {
	t.Helper()
	var raw []byte
	switch b := body.(type) {
	case nil:
	case []byte:
		raw = b
	case string:
		raw = []byte(b)
	default:
		js, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		raw = js
	}
	var rd io.Reader
	if body != nil {
		rd = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, c.Base+path, rd)
	if err != nil {
		t.Fatal(err)
	}
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if c.Token != "" {
		req.Header.Set("Authorization", "Bearer "+c.Token)
	}
	for k, vs := range c.Header {
		req.Header[k] = vs
	}
	for _, h := range headers {
		name, value, _ := strings.Cut(h, ":")
		req.Header.Set(strings.TrimSpace(name), strings.TrimSpace(value))
	}
	resp, err := httpClient.Do(req)
	if err != nil {
		t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	out := &Response{Status: resp.StatusCode, Header: resp.Header, Body: b}
	checkContract(t, c.Base, req, raw, out)
	return out
}

// Agent sends a request to the agent API (path relative to /api/agent/v1).
func (c *Client) Agent(t testing.TB, method, path string, body any, headers ...string) *Response {
	t.Helper()
	return c.Do(t, method, "/api/agent/v1"+path, body, headers...)
}

var emailSeq atomic.Int64

// UniqueEmail returns an address no other test of this run uses.
func UniqueEmail(prefix string) string {
	return fmt.Sprintf("%s-%d-%d@example.com", prefix, time.Now().UnixNano(), emailSeq.Add(1))
}

// Word returns prefix followed by letters and digits no other call of
// this run returns: a keyword or host label only one test's fixtures hold.
func Word(prefix string) string {
	return fmt.Sprintf("%s%x%d", prefix, time.Now().UnixNano()%0xfffffff, emailSeq.Add(1))
}

// Account is an account a test created through POST /accounts.
type Account struct {
	ID       string
	Email    string
	SiteID   string
	Key      string
	KeyID    string
	ScanJob  string
	ClaimURL string
	// Client calls the API with the account's key.
	Client *Client
}

// NewAccount creates an account for site (https://acme.com when empty)
// and returns it.
func (e *Env) NewAccount(t testing.TB, site string) *Account {
	t.Helper()
	if site == "" {
		site = "https://acme.com"
	}
	return e.SignUp(t, map[string]any{"email": UniqueEmail("owner"), "site_url": site, "agent": map[string]any{"name": "Test agent"}})
}

// SignUp creates an account with body as the POST /accounts body and
// returns it.
func (e *Env) SignUp(t testing.TB, body map[string]any) *Account {
	t.Helper()
	r := e.Client().Agent(t, "POST", "/accounts", body).Expect(t, http.StatusCreated)
	var out struct {
		Account  struct{ ID string }
		Site     struct{ ID string }
		AgentKey struct{ ID, Key string } `json:"agent_key"`
		ScanJob  string                   `json:"scan_job_id"`
		ClaimURL string                   `json:"claim_url"`
	}
	r.Decode(t, &out)
	email, _ := body["email"].(string)
	return &Account{
		ID: out.Account.ID, Email: email, SiteID: out.Site.ID, Key: out.AgentKey.Key, KeyID: out.AgentKey.ID,
		ScanJob: out.ScanJob, ClaimURL: out.ClaimURL, Client: e.Client().As(out.AgentKey.Key),
	}
}

// AgentKey returns the GET /agent-keys entry with id, nil when it is not
// listed.
func (c *Client) AgentKey(t testing.TB, id string) map[string]any {
	t.Helper()
	var out struct {
		AgentKeys []map[string]any `json:"agent_keys"`
	}
	c.Agent(t, "GET", "/agent-keys", nil).Expect(t, http.StatusOK).Decode(t, &out)
	for _, k := range out.AgentKeys {
		if k["id"] == id {
			return k
		}
	}
	return nil
}

// CreateAgentKey creates an agent key named name with c (an
// agent_access.created event) and returns its id and secret.
func (c *Client) CreateAgentKey(t testing.TB, name string) (id, key string) {
	t.Helper()
	var out struct {
		AgentKey struct{ ID, Key string } `json:"agent_key"`
	}
	c.Agent(t, "POST", "/agent-keys", map[string]any{"name": name}).Expect(t, http.StatusCreated).Decode(t, &out)
	return out.AgentKey.ID, out.AgentKey.Key
}
