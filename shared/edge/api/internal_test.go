package api_test

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/aws/aws-lambda-go/events"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/gateway"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/secret"
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
	return gateway.Handler(h, seal)
}

// seal is the service's seal in these tests.
var seal = gateway.NewSeal(secret.Static("internal-test-master-key-0123456789abcdef"))

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
	gateway.Remote(inv, seal, routes.Sites).ServeHTTP(w, r)
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

// A principal in an event's authorizer context that this service did not
// sign for that request (none, altered, another request's, another
// master key's) is dropped: the request is an outside one and needs a
// credential.
func TestUnsignedPrincipalIsNotTrusted(t *testing.T) {
	owner := auth.Principal{AccountID: "acct-1", Actor: auth.Actor{Type: auth.ActorOwner, ID: "acct-1", Name: "owner"}}
	signed := func(s *gateway.Seal, method, path string) events.APIGatewayV2HTTPRequest {
		ev := gateway.Event(httptest.NewRequest(method, path, nil), method+" "+path, nil, nil)
		if err := s.WithPrincipal(&ev, owner); err != nil {
			t.Fatal(err)
		}
		return ev
	}
	path := routes.AgentBase + "/account"
	good := signed(seal, "GET", path)
	if resp, err := function()(context.Background(), good); err != nil || resp.StatusCode != http.StatusOK || !strings.Contains(resp.Body, `"internal":true`) {
		t.Fatalf("signed principal: %d %s %v", resp.StatusCode, resp.Body, err)
	}
	unsigned := good
	unsigned.RequestContext.Authorizer = &events.APIGatewayV2HTTPRequestContextAuthorizerDescription{
		Lambda: map[string]interface{}{"principal": good.RequestContext.Authorizer.Lambda["principal"]},
	}
	altered := signed(seal, "GET", path)
	altered.RequestContext.Authorizer.Lambda["principal"] = `{"account_id":"acct-2","actor":{"type":"owner","id":"acct-2"}}`
	otherPath := signed(seal, "GET", routes.AgentBase+"/sites")
	otherPath.RawPath, otherPath.RequestContext.HTTP.Path = path, path
	otherKey := signed(gateway.NewSeal(secret.Static("another-master-key-0123456789abcdef0123")), "GET", path)
	for name, ev := range map[string]events.APIGatewayV2HTTPRequest{"unsigned": unsigned, "altered": altered, "another request's": otherPath, "another key's": otherKey} {
		resp, err := function()(context.Background(), ev)
		if err != nil || resp.StatusCode != http.StatusUnauthorized {
			t.Errorf("%s principal: %d %s %v, want 401", name, resp.StatusCode, resp.Body, err)
		}
	}
	// A function without a seal takes no principal at all.
	if resp, _ := gateway.Handler(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if _, ok := gateway.InternalPrincipal(r.Context()); ok {
			t.Error("a function without a seal took a principal")
		}
		w.WriteHeader(http.StatusOK)
	}), nil)(context.Background(), good); resp.StatusCode != http.StatusOK {
		t.Errorf("without a seal: %d", resp.StatusCode)
	}
}

// A function that cannot be reached answers 503 with Retry-After.
func TestUnreachableFunction(t *testing.T) {
	r := httptest.NewRequest("GET", routes.AgentBase+"/account", nil)
	w := httptest.NewRecorder()
	gateway.Remote(failing{}, seal, routes.Accounts).ServeHTTP(w, r)
	if w.Code != http.StatusServiceUnavailable || w.Header().Get("Retry-After") == "" {
		t.Fatalf("%d %v", w.Code, w.Header())
	}
}

type failing struct{}

func (failing) Invoke(context.Context, string, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	return events.APIGatewayV2HTTPResponse{}, errors.New("throttled")
}
