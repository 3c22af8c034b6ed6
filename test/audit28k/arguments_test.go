package audit28k

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestArgumentNamedTwice: README, MCP tools: a tool call runs "as the
// caller's principal, so validation, errors, plan gates, idempotency and
// activity attribution are exactly the agent API's"; README, API notes,
// errors: a body that "names a field twice in one object (at any depth
// ...: a reader may take either value, so the service takes neither) ...
// answers 400 bad_request". Defect: a tool call whose arguments named an
// argument twice ({"site_id": "x", "site_id": "<id>"}, {"brand_name":
// "A", "brand_name": "B"}) ran with the last value (get_site answered the
// site, update_site renamed it "B"), while a proxy or log reading the
// first would see another call. It is now a tool error with status 400
// bad_request naming the argument, and nothing changes.
func TestArgumentNamedTwice(t *testing.T) {
	env, a := testenv.StartQuietAccount(t)
	c := env.Client().As(a.Key)
	for name, args := range map[string]string{
		"get_site":    `{"site_id":"00000000-0000-0000-0000-000000000000","site_id":"` + a.SiteID + `"}`,
		"update_site": `{"site_id":"` + a.SiteID + `","brand_name":"First","brand_name":"Second"}`,
	} {
		r := c.Do(t, "POST", "/mcp", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"`+name+`","arguments":`+args+`}}`,
			"Accept: application/json, text/event-stream").Expect(t, http.StatusOK)
		var m struct {
			Result struct {
				IsError           bool           `json:"isError"`
				StructuredContent map[string]any `json:"structuredContent"`
			} `json:"result"`
		}
		r.Decode(t, &m)
		got := m.Result.StructuredContent
		if !m.Result.IsError || got["status"] != float64(400) || got["code"] != "bad_request" {
			t.Errorf("%s with an argument named twice: %s, want a tool error with status 400 bad_request", name, r.Body)
		}
	}
	site := c.Agent(t, "GET", "/sites/"+a.SiteID, nil).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	if site["brand_name"] != nil {
		t.Errorf("brand_name %v after a refused call, want null", site["brand_name"])
	}
}
