package artefacts

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http/httptest"
	"strings"

	"github.com/aws/aws-lambda-go/events"

	"rvcontent/shared/edge/gateway"
	"rvcontent/shared/edge/routes"
)

// Step is one authenticated request of the journey: sent to the function
// of its route's group, as API Gateway would send it, with the agent key
// the journey's account was created with.
type Step struct {
	// Method and Path name the route; Path's {site_id} is the journey's
	// site.
	Method, Path string
	// Body is the request body, if any.
	Body string
	// Status is the answer's status, and Want a text its body must hold
	// ({site_id} is the site).
	Status int
	Want   string
}

// Journey is what an agent does right after creating an account, one
// request per endpoint group, each answered by that group's own function;
// the MCP tool call runs in the sites function, which the MCP function
// invokes through the local Lambda Invoke API.
var Journey = []Step{
	{Method: "GET", Path: "/api/agent/v1/account", Status: 200, Want: `"account":`},
	{Method: "GET", Path: "/api/agent/v1/sites/{site_id}", Status: 200, Want: `"id":"{site_id}"`},
	{Method: "GET", Path: "/api/agent/v1/sites/{site_id}/articles", Status: 200, Want: `"articles":`},
	{Method: "GET", Path: "/api/agent/v1/sites/{site_id}/backlinks", Status: 200, Want: `"backlinks":`},
	{Method: "GET", Path: "/api/agent/v1/sites/{site_id}/forum", Status: 200, Want: `"forum":`},
	{Method: "GET", Path: "/api/agent/v1/billing", Status: 200, Want: `"billing":`},
	{Method: "GET", Path: "/api/agent/v1/events", Status: 200, Want: `"events":`},
	{Method: "POST", Path: "/mcp", Status: 200, Want: `{site_id}`,
		Body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"get_site","arguments":{"site_id":"{site_id}"}}}`},
}

// Credentials are what the journey's account creation returned.
type Credentials struct {
	Key, SiteID string
}

// CreatedCredentials reads the agent key and site of a POST /accounts
// answer.
func CreatedCredentials(payload []byte) (Credentials, error) {
	h, err := decodeHTTP(payload, 201)
	if err != nil {
		return Credentials{}, err
	}
	var c struct {
		Site     struct{ ID string }
		AgentKey struct{ Key string } `json:"agent_key"`
	}
	if err := json.Unmarshal(h.body, &c); err != nil || c.AgentKey.Key == "" || c.Site.ID == "" {
		return Credentials{}, fmt.Errorf("no agent key or site in %s", h.body)
	}
	return Credentials{Key: c.AgentKey.Key, SiteID: c.Site.ID}, nil
}

// Event returns the API Gateway event of s for c, and the group whose
// function serves it.
func (s Step) Event(c Credentials) (routes.Group, events.APIGatewayV2HTTPRequest, error) {
	var route *routes.Route
	for i, r := range routes.Table {
		if r.Method == s.Method && r.Path == s.Path {
			route = &routes.Table[i]
		}
	}
	if route == nil {
		return "", events.APIGatewayV2HTTPRequest{}, fmt.Errorf("%s %s is not in the route table", s.Method, s.Path)
	}
	path := strings.ReplaceAll(s.Path, "{site_id}", c.SiteID)
	body := strings.ReplaceAll(s.Body, "{site_id}", c.SiteID)
	r := httptest.NewRequest(s.Method, "https://artefacts.execute-api.us-east-1.amazonaws.com"+path, strings.NewReader(body))
	r.Header.Set("Authorization", "Bearer "+c.Key)
	if body != "" {
		r.Header.Set("Content-Type", "application/json")
		r.Header.Set("Accept", "application/json, text/event-stream")
	}
	var params map[string]string
	if strings.Contains(s.Path, "{site_id}") {
		params = map[string]string{"site_id": c.SiteID}
	}
	return route.Group, gateway.Event(r, route.Key(), params, []byte(body)), nil
}

// Check checks a function's answer to s.
func (s Step) Check(payload []byte, c Credentials) error {
	h, err := decodeHTTP(payload, s.Status)
	if err != nil {
		return err
	}
	body := h.body
	if want := strings.ReplaceAll(s.Want, "{site_id}", c.SiteID); !strings.Contains(string(body), want) {
		return fmt.Errorf("answer %s does not hold %s", body, want)
	}
	return nil
}

// invokeJSON marshals ev for an emulator.
func invokeJSON(ev events.APIGatewayV2HTTPRequest) ([]byte, error) {
	if ev.IsBase64Encoded {
		if _, err := base64.StdEncoding.DecodeString(ev.Body); err != nil {
			return nil, err
		}
	}
	return json.Marshal(ev)
}

// runJourney creates an account through the accounts function, then sends
// each step to its group's function.
func runJourney(ctx context.Context, root string, emulators map[string]*RIE) error {
	raw, err := ReadSample(root, "apigw-v2-post-accounts-base64.json")
	if err != nil {
		return err
	}
	// A second account of the sample's owner would be refused: another
	// email address, and another Idempotency-Key.
	var ev events.APIGatewayV2HTTPRequest
	if err := json.Unmarshal(raw, &ev); err != nil {
		return err
	}
	body, err := base64.StdEncoding.DecodeString(ev.Body)
	if err != nil {
		return err
	}
	ev.Body = base64.StdEncoding.EncodeToString([]byte(strings.Replace(string(body), "owner@example.com", "journey@example.com", 1)))
	for k := range ev.Headers {
		if strings.EqualFold(k, "Idempotency-Key") {
			ev.Headers[k] = "journey-signup"
		}
	}
	first, err := invokeJSON(ev)
	if err != nil {
		return err
	}
	payload, err := emulators[string(routes.Accounts)].Invoke(ctx, first)
	if err != nil {
		return err
	}
	c, err := CreatedCredentials(payload)
	if err != nil {
		return err
	}
	var problems []string
	for _, s := range Journey {
		group, ev, err := s.Event(c)
		if err == nil {
			var event []byte
			if event, err = invokeJSON(ev); err == nil {
				if payload, err = emulators[string(group)].Invoke(ctx, event); err == nil {
					err = s.Check(payload, c)
				}
			}
		}
		if err != nil {
			problems = append(problems, fmt.Sprintf("%s %s: %v", s.Method, s.Path, err))
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("%s", strings.Join(problems, "\n"))
	}
	return nil
}
