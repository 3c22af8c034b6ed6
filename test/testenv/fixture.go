package testenv

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"rvcontent/shared/edge/routes"
	"rvcontent/shared/kernel/ids"
)

// Readable is an account with something behind every read endpoint: a
// trial, a finished article, a site key for the public API and a webhook
// endpoint (subscribed to an event nothing here fires).
type Readable struct {
	*Account
	ArticleID string
	SiteKey   string
	WebhookID string
}

// NewReadable creates a Readable account for site (as NewAccount).
func (e *Env) NewReadable(t testing.TB, site string) *Readable {
	t.Helper()
	a := e.NewAccount(t, site)
	e.Trial(t, a, TestCardOK)
	r := &Readable{Account: a}
	var art struct{ Article struct{ ID string } }
	a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/articles", map[string]any{
		"title": "Sharp chisels", "keyword": "sharpen chisels", "body_markdown": "# Sharp chisels\n\nHone at 30 degrees.",
	}).Expect(t, http.StatusCreated).Decode(t, &art)
	r.ArticleID = art.Article.ID
	a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/articles/"+r.ArticleID+"/finish", nil).Expect(t, http.StatusOK)
	var key struct {
		SiteKey struct{ Key string } `json:"site_key"`
	}
	a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/keys", map[string]any{"name": "Reader"}).Expect(t, http.StatusCreated).Decode(t, &key)
	r.SiteKey = key.SiteKey.Key
	var hook struct{ Webhook struct{ ID string } }
	a.Client.Agent(t, "POST", "/webhooks", map[string]any{"url": "https://hooks.example.com/in", "events": []string{"forum.reply_removed"}}).
		Expect(t, http.StatusCreated).Decode(t, &hook)
	r.WebhookID = hook.Webhook.ID
	return r
}

// Params returns the value of every path parameter a route may have: the
// readable account's own ids (a forum thread id that does not exist, as
// the account has none).
func (r *Readable) Params() map[string]string {
	return map[string]string{
		"site_id": r.SiteID, "article_id": r.ArticleID, "id": r.ArticleID, "job_id": r.ScanJob,
		"webhook_id": r.WebhookID, "integration_id": "push_platform_1", "thread_id": ids.New(),
	}
}

// Path returns route's path with the readable account's ids in it.
func (r *Readable) Path(route routes.Route) string {
	p := route.Path
	for name, v := range r.Params() {
		p = strings.ReplaceAll(p, "{"+name+"}", v)
	}
	return p
}

// Read sends route (a GET) with the credential its kind takes.
func (r *Readable) Read(t testing.TB, route routes.Route) *Response {
	t.Helper()
	c := r.Client
	if route.Auth == routes.SiteKey {
		c = c.As(r.SiteKey)
	}
	return c.Do(t, route.Method, r.Path(route), nil)
}

// CallTool sends one MCP tools/call of tool name with args and returns the
// HTTP answer.
func (c *Client) CallTool(t testing.TB, name string, args map[string]string) *Response {
	t.Helper()
	if args == nil {
		args = map[string]string{}
	}
	a, _ := json.Marshal(args)
	body := fmt.Sprintf(`{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":%q,"arguments":%s}}`, name, a)
	return c.Do(t, "POST", "/mcp", body, "Accept: application/json, text/event-stream")
}
