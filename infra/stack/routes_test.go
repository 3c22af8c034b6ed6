package stack_test

import (
	"strings"
	"testing"

	"rvcontent/infra/stack"
	"rvcontent/shared/edge/routes"
)

func TestRoutesAreTheRouteTable(t *testing.T) {
	want := map[string]bool{"$default": true}
	for _, r := range routes.Table {
		want[r.Key()] = true
	}
	got := map[string]int{}
	for _, res := range resources("AWS::ApiGatewayV2::Route") {
		got[props(res)["RouteKey"].(string)]++
	}
	for key := range want {
		if got[key] != 1 {
			t.Errorf("route %q appears %d times, want once", key, got[key])
		}
	}
	for key := range got {
		if !want[key] {
			t.Errorf("route %q is not in the route table", key)
		}
	}
	if len(got) != len(routes.Table)+1 {
		t.Errorf("%d routes, want %d (the route table and $default)", len(got), len(routes.Table)+1)
	}
}

// groupOfRoute returns the group that serves a route key.
func groupOfRoute(key string) routes.Group {
	if key == "$default" {
		return routes.DefaultGroup
	}
	for _, r := range routes.Table {
		if r.Key() == key {
			return r.Group
		}
	}
	return ""
}

func TestRoutesIntegrateTheirGroupsFunction(t *testing.T) {
	fnIDs := functionIDs(t)
	integrations := resources("AWS::ApiGatewayV2::Integration")
	for _, res := range resources("AWS::ApiGatewayV2::Route") {
		p := props(res)
		key := p["RouteKey"].(string)
		target := integrationOf(p["Target"])
		in, ok := integrations[target]
		if !ok {
			t.Errorf("route %q targets %s, which is not an integration", key, asJSON(p["Target"]))
			continue
		}
		ip := props(in)
		if ip["IntegrationType"] != "AWS_PROXY" || ip["PayloadFormatVersion"] != "2.0" {
			t.Errorf("route %q: integration type %v, payload format %v; want AWS_PROXY and 2.0", key, ip["IntegrationType"], ip["PayloadFormatVersion"])
		}
		want := string(groupOfRoute(key))
		if got := fnIDs[refID(ip["IntegrationUri"])]; got != want {
			t.Errorf("route %q invokes function %q, want %q", key, got, want)
		}
	}
}

// integrationOf returns the integration's logical id in a route target
// ("integrations/" joined with its Ref).
func integrationOf(target any) string {
	join, _ := target.(map[string]any)["Fn::Join"].([]any)
	if len(join) != 2 {
		return ""
	}
	parts := join[1].([]any)
	if len(parts) != 2 || parts[0] != "integrations/" {
		return ""
	}
	return refID(parts[1])
}

// TestApiMayInvokeEachRoutesFunction checks that an invoke permission of
// each route's function matches the source ARN API Gateway presents for
// that route: <api>/<stage>/<METHOD>/<path> for a route, and
// <api>/<stage>/$default for the $default route.
func TestApiMayInvokeEachRoutesFunction(t *testing.T) {
	apis := resources("AWS::ApiGatewayV2::Api")
	if len(apis) != 1 {
		t.Fatalf("%d HTTP APIs, want 1", len(apis))
	}
	var apiID string
	for id := range apis {
		apiID = id
	}
	patterns := map[string][]string{} // function logical id -> resource patterns after the API id
	for _, res := range resources("AWS::Lambda::Permission") {
		p := props(res)
		if p["Principal"] != "apigateway.amazonaws.com" || p["Action"] != "lambda:InvokeFunction" {
			continue
		}
		if pat, ok := apiPattern(p["SourceArn"], apiID); ok {
			patterns[refID(p["FunctionName"])] = append(patterns[refID(p["FunctionName"])], pat)
		} else {
			t.Errorf("permission with source ARN %s does not name the API", asJSON(p["SourceArn"]))
		}
	}
	fnIDs := map[string]string{}
	for id, name := range functionIDs(t) {
		fnIDs[name] = id
	}
	check := func(key, invoked string) {
		fn := fnIDs[string(groupOfRoute(key))]
		for _, pat := range patterns[fn] {
			if globMatch(pat, invoked) {
				return
			}
		}
		t.Errorf("route %q: no permission of its function matches %q (patterns %v)", key, invoked, patterns[fn])
	}
	for _, r := range routes.Table {
		path := r.Path
		for _, name := range r.Params() {
			path = strings.Replace(path, "{"+name+"}", "some-id", 1)
		}
		check(r.Key(), "$default/"+r.Method+path)
	}
	check("$default", "$default/$default")
}

// apiPattern returns the part of an execute-api source ARN after the API's
// id ("/*/*/*" gives "*/*/*").
func apiPattern(arn any, apiID string) (string, bool) {
	join, _ := arn.(map[string]any)["Fn::Join"].([]any)
	if len(join) != 2 {
		return "", false
	}
	parts := join[1].([]any)
	for i, part := range parts {
		if refID(part) == apiID && i+1 < len(parts) {
			rest, ok := parts[i+1].(string)
			return strings.TrimPrefix(rest, "/"), ok
		}
	}
	return "", false
}

// globMatch matches s against pattern, where * matches any run of
// characters (slashes included), as an IAM ArnLike condition does.
func globMatch(pattern, s string) bool {
	if pattern == "" {
		return s == ""
	}
	if pattern[0] == '*' {
		for i := 0; i <= len(s); i++ {
			if globMatch(pattern[1:], s[i:]) {
				return true
			}
		}
		return false
	}
	return s != "" && pattern[0] == s[0] && globMatch(pattern[1:], s[1:])
}

// TestRoutesAreCreatedInLanes: CloudFormation may create at most
// stack.RouteLanes routes at once (API Gateway throttles a burst of route
// creations): every route of the route table but the first RouteLanes
// depends on exactly one other route, no two on the same one, so the
// routes form RouteLanes chains.
func TestRoutesAreCreatedInLanes(t *testing.T) {
	all := resources("AWS::ApiGatewayV2::Route")
	roots, dependents := 0, map[string]string{}
	for id, res := range all {
		if props(res)["RouteKey"] == "$default" {
			continue
		}
		var onRoutes []string
		for _, d := range list(res["DependsOn"]) {
			if _, ok := all[d.(string)]; ok {
				onRoutes = append(onRoutes, d.(string))
			}
		}
		switch len(onRoutes) {
		case 0:
			roots++
		case 1:
			if other, dup := dependents[onRoutes[0]]; dup {
				t.Errorf("routes %s and %s both wait for %s", id, other, onRoutes[0])
			}
			dependents[onRoutes[0]] = id
		default:
			t.Errorf("route %s waits for %d routes, want 1", id, len(onRoutes))
		}
	}
	if roots != stack.RouteLanes {
		t.Errorf("%d routes wait for no other, want %d (the lanes)", roots, stack.RouteLanes)
	}
}
