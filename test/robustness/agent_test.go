package robustness

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/shared/edge/catalog"
	"rvcontent/shared/edge/routes"
	"rvcontent/test/testenv"
)

// TestCatalogCoversTheAPIRoutes: every route of the two APIs in the route
// table is an operation of the catalog, so the batteries below, which the
// catalog drives, reach every API route (and a new one without a change
// here).
func TestCatalogCoversTheAPIRoutes(t *testing.T) {
	ops := map[string]bool{}
	for _, op := range catalog.Operations() {
		ops[op.Key()] = true
	}
	apiRoutes := 0
	for _, r := range routes.Table {
		if r.Op == "" {
			continue
		}
		apiRoutes++
		if !ops[r.Key()] {
			t.Errorf("route %s (%s) is no catalog operation: the battery would miss it", r.Key(), r.Op)
		}
	}
	if apiRoutes < 80 {
		t.Fatalf("only %d API routes in the table", apiRoutes)
	}
}

// TestAgentAPIMalformedInputs sends every agent-API operation of the
// catalog, as the paid account, malformed bodies (whole and field by
// field, from the operation's schema), bad query parameters and bad path
// ids, and checks every answer is below 500 and, when an error, the spec's
// error body.
func TestAgentAPIMalformedInputs(t *testing.T) {
	f := setUp(t)
	var probes []probe
	for _, op := range catalog.Of(catalog.AgentAPI) {
		if op.Anonymous {
			continue
		}
		probes = append(probes, named(op.ID, probesOf(f, op))...)
	}
	run(t, f.r.Client, probes, checkAgent)
	t.Logf("%d probes", len(probes))
}

// TestAgentAPIOtherMethods sends every agent-API path methods it does not
// take: each answers an error of the spec (404 not_found for a method the
// path lacks, HEAD included), never a 5xx.
func TestAgentAPIOtherMethods(t *testing.T) {
	f := setUp(t)
	var probes []probe
	for _, op := range catalog.Of(catalog.AgentAPI) {
		if op.Anonymous {
			continue
		}
		probes = append(probes, methodProbes(op, f.path(op.Method, op.FullPath(), nil))...)
	}
	run(t, f.r.Client, probes, func(t *testing.T, p probe, resp *testenv.Response) {
		t.Helper()
		if p.method == http.MethodHead {
			// API Gateway routes by exact method: a HEAD reaches no
			// route's function in AWS, and the dev stack answers alike.
			if resp.Status != http.StatusNotFound {
				t.Errorf("%s: HEAD answered %d, want 404 (no route)", p.name, resp.Status)
			}
			return // no body to read
		}
		checkAgent(t, p, resp)
	})
}

// TestCreateAccountMalformedInputs is the battery of POST /accounts, the
// one agent-API operation without a credential.
func TestCreateAccountMalformedInputs(t *testing.T) {
	f := setUp(t)
	for _, op := range catalog.Of(catalog.AgentAPI) {
		if !op.Anonymous {
			continue
		}
		run(t, f.env.Client(), named(op.ID, probesOf(f, op)), checkAgent)
	}
}

// TestAgentAPICredentialOddities: malformed credentials on every agent
// route answer 401 unauthorized, never a 5xx.
func TestAgentAPICredentialOddities(t *testing.T) {
	f := setUp(t)
	var probes []probe
	for _, op := range catalog.Of(catalog.AgentAPI) {
		if op.Anonymous {
			continue
		}
		path := f.path(op.Method, op.FullPath(), nil)
		var body any
		if op.Method != http.MethodGet {
			body = `{}`
		}
		for _, h := range []string{
			"Authorization: Bearer", "Authorization: Bearer rv_agent_\xff\xfe", "Authorization: Basic Zm9vOmJhcg==",
			"Authorization: Bearer " + f.r.SiteKey, "Authorization: Bearer rv_agent_" + strings.Repeat("a", 5000),
			"Authorization: bearer  " + f.r.Key + " trailing",
		} {
			probes = append(probes, probe{name: "credential " + clip(h), method: op.Method, path: path, body: body, headers: []string{h}})
		}
	}
	run(t, f.env.Client(), probes, checkAgent)
}

// TestRepeatedListFilterValues: a list filter of valid values repeated
// thousands of times (status=new,new,...) reads as the values it names,
// over HTTP and as a tool's array argument, for every list with such a
// filter. It answered 500 when every repeat became an operand of the
// query's IN, which DynamoDB caps at 100.
func TestRepeatedListFilterValues(t *testing.T) {
	f := setUp(t)
	checked := 0
	for _, op := range catalog.Of(catalog.AgentAPI) {
		for _, q := range op.Query {
			if q.Schema.Type != "array" || q.Schema.Items == nil || len(q.Schema.Items.Enum) == 0 {
				continue
			}
			checked++
			values := make([]string, 5000)
			for i := range values {
				values[i] = q.Schema.Items.Enum[i%len(q.Schema.Items.Enum)]
			}
			path := f.path(op.Method, op.FullPath(), nil) + "?" + q.Name + "=" + strings.Join(values, ",")
			resp, err := send(f.r.Client, probe{method: op.Method, path: path})
			if err != nil || resp.Status != http.StatusOK {
				t.Errorf("%s with %s repeated: %v %d %.300s", op.ID, q.Name, err, resp.Status, resp.Body)
			}
			args := toolArgs(f, op)
			args[q.Name] = values
			resp, err = send(f.r.Client, mcpProbe(op.ID, rpcCall(op.ID, encode(args))))
			if err != nil || resp.Status != http.StatusOK || strings.Contains(string(resp.Body), `"isError":true`) {
				t.Errorf("tool %s with %s repeated: %v %d %.300s", op.ID, q.Name, err, resp.Status, resp.Body)
			}
		}
	}
	if checked < 5 {
		t.Fatalf("only %d list filters checked", checked)
	}
}
