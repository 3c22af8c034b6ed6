package api_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/gateway"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
)

// keys accepts one credential.
type keys struct{}

func (keys) Authenticate(_ context.Context, credential, ip string) (auth.Principal, error) {
	if credential == "rv_agent_good" {
		return auth.Principal{AccountID: "acct-key", Actor: auth.Actor{Type: auth.ActorAgent, ID: "k1"}, IP: ip}, nil
	}
	return auth.Principal{}, apperr.New(apperr.Unauthorized, "")
}

// function is an endpoint group's function: the account it served the
// request for, and whether the request was internal.
func function() gateway.LambdaHandler {
	reject := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { api.Unauthorized(w, r, "https://svc.example") })
	h := api.Base(api.Authenticate(keys{}, reject, nil)(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		p, _ := auth.From(r.Context())
		api.JSON(w, http.StatusOK, map[string]any{"account": p.AccountID, "actor": p.Actor.Type, "ip": p.IP, "internal": api.Internal(r.Context())})
	})))
	return gateway.Handler(h)
}

// invoker runs the function in-process, as the dev stack does, and keeps
// the event.
type invoker struct {
	got events.APIGatewayV2HTTPRequest
}

func (i *invoker) Invoke(ctx context.Context, _ string, ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	i.got = ev
	return function()(ctx, ev)
}

// A request another function makes for its authenticated caller runs as
// that caller without a credential, is marked internal, and keeps the
// caller's address; the route key and path parameters are the route's.
func TestInternalRequestRunsAsItsPrincipal(t *testing.T) {
	inv := &invoker{}
	owner := auth.Principal{AccountID: "acct-1", Actor: auth.Actor{Type: auth.ActorOwner, ID: "acct-1", Name: "owner"}, IP: "198.51.100.7"}
	r := httptest.NewRequest("GET", routes.AgentBase+"/sites/s-9", nil)
	r = r.WithContext(auth.With(r.Context(), owner))
	w := httptest.NewRecorder()
	gateway.Remote(inv, routes.Sites).ServeHTTP(w, r)
	if w.Code != http.StatusOK || w.Body.String() != `{"account":"acct-1","actor":"owner","internal":true,"ip":"198.51.100.7"}` {
		t.Fatalf("internal request: %d %s", w.Code, w.Body)
	}
	if inv.got.RouteKey != "GET "+routes.AgentBase+"/sites/{site_id}" || inv.got.PathParameters["site_id"] != "s-9" {
		t.Errorf("route key %q, params %v", inv.got.RouteKey, inv.got.PathParameters)
	}
}

// A request from outside carries no principal, whatever it sends: it needs
// a credential, and is not internal.
func TestOutsideRequestNeedsACredential(t *testing.T) {
	fn := function()
	for _, c := range []struct {
		header string
		status int
		body   string
	}{
		{"", http.StatusUnauthorized, ""},
		{"Bearer rv_agent_good", http.StatusOK, `{"account":"acct-key","actor":"agent","internal":false,"ip":"192.0.2.1"}`},
	} {
		r := httptest.NewRequest("GET", routes.AgentBase+"/account", nil)
		r.Header.Set("Authorization", c.header)
		r.Header.Set("X-Principal", `{"account_id":"acct-1","actor":{"type":"owner"}}`)
		resp, err := fn(context.Background(), gateway.Event(r, "GET "+routes.AgentBase+"/account", nil, nil))
		if err != nil {
			t.Fatal(err)
		}
		if resp.StatusCode != c.status || (c.body != "" && resp.Body != c.body) {
			t.Errorf("with %q: %d %s", c.header, resp.StatusCode, resp.Body)
		}
	}
}

// A function that cannot be reached answers 503 with Retry-After.
func TestUnreachableFunction(t *testing.T) {
	r := httptest.NewRequest("GET", routes.AgentBase+"/account", nil)
	w := httptest.NewRecorder()
	gateway.Remote(failing{}, routes.Accounts).ServeHTTP(w, r)
	if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") == "" {
		t.Fatalf("%d %v", w.Code, w.Header())
	}
}

type failing struct{}

func (failing) Invoke(context.Context, string, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	return events.APIGatewayV2HTTPResponse{}, errors.New("throttled")
}
