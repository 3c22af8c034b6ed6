package artefacts

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"

	"rvcontent/shared/edge/routes"
	"rvcontent/test/dynamotest"
)

// TestArtefactsUnderRIE runs every function of the synthesized template
// under the Lambda Runtime Interface Emulator with the template's
// environment (resolved to DynamoDB Local and moto) and feeds it its
// samples (Samples). make test runs it after make synth with ARTEFACTS=1;
// without that variable, and under -short, it skips. With it, anything
// missing (template, emulator, moto_server, a sample) fails the test.
func TestArtefactsUnderRIE(t *testing.T) {
	if testing.Short() {
		t.Skip("-short: the RIE test builds and runs every function")
	}
	if os.Getenv("ARTEFACTS") == "" {
		t.Skip("ARTEFACTS is not set: make test-artefacts (part of make test, after make synth) runs this test")
	}
	start := time.Now()
	ctx, cancel := context.WithTimeout(context.Background(), 8*time.Minute)
	defer cancel()
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	dirs, err := FunctionDirs(root)
	if err != nil {
		t.Fatal(err)
	}
	path, err := FindTemplate(root)
	if err != nil {
		t.Fatal(err)
	}
	tmpl, err := LoadTemplate(path, dirs)
	if err != nil {
		t.Fatal(err)
	}
	for _, problem := range coverage(tmpl.Names()) {
		t.Error(problem)
	}
	if t.Failed() {
		t.FailNow()
	}
	rie, err := RIEPath(root)
	if err != nil {
		t.Fatal(err)
	}

	// Build (or extract) the executables while moto and the table start.
	type built struct {
		bins map[string]string
		how  string
		err  error
	}
	builds, work := make(chan built, 1), t.TempDir()
	go func() {
		bins, how, err := Bootstraps(ctx, root, tmpl, work)
		builds <- built{bins, how, err}
	}()
	moto, err := StartMoto(ctx)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(moto.Stop)
	local, err := NewLocal(ctx, tmpl, dynamotest.Endpoint(t), moto)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(local.Close)
	b := <-builds
	if b.err != nil {
		t.Fatal(b.err)
	}
	t.Logf("executables: %s (%s)", b.how, time.Since(start).Round(100*time.Millisecond))
	t.Logf("stand-ins:\n  %s", strings.Join(local.Made, "\n  "))

	// Every function's emulator runs until all are done, since a function
	// may invoke another one through the local Invoke API.
	emulators := map[string]*RIE{}
	for _, f := range tmpl.Functions {
		env, err := local.Env(f)
		if err != nil {
			t.Fatal(err)
		}
		r, err := StartRIE(ctx, rie, b.bins[f.Name], env)
		if err != nil {
			t.Fatalf("%s: %v", f.Name, err)
		}
		t.Cleanup(r.Stop)
		local.Lambda.Register(r, local.FunctionNames(f)...)
		emulators[f.Name] = r
	}
	t.Run("functions", func(t *testing.T) {
		for _, f := range tmpl.Functions {
			t.Run(f.Name, func(t *testing.T) {
				t.Parallel()
				runFunction(ctx, t, root, emulators[f.Name], local, f)
			})
		}
	})
	// Then what an agent does with a new account: an authenticated request
	// to each endpoint group's function, and an MCP tool call that the MCP
	// function runs in the sites function through the Lambda Invoke API.
	t.Run("journey", func(t *testing.T) {
		if err := runJourney(ctx, root, emulators); err != nil {
			t.Error(err)
		}
	})
	t.Logf("%d functions in %s", len(tmpl.Functions), time.Since(start).Round(100*time.Millisecond))
}

// runFunction sends function f, running under emulator r, each of its
// samples in turn.
func runFunction(ctx context.Context, t *testing.T, root string, r *RIE, local *Local, f Function) {
	env, err := local.Env(f)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range Samples[f.Name] {
		event, err := ReadSample(root, c.Sample)
		if err != nil {
			t.Fatal(err)
		}
		payload, err := r.Invoke(ctx, event)
		if err == nil {
			err = c.Check(ctx, Answer{Payload: payload, Event: event, Env: env, Local: local})
		}
		if err != nil {
			t.Errorf("%s with events/%s: %v", f.Name, c.Sample, err)
		}
	}
	if t.Failed() || testing.Verbose() {
		t.Logf("%s's emulator and function wrote:\n%s", f.Name, r.Log())
	}
}

// coverage lists the functions of the template without samples, and the
// lines of Samples for functions the template does not have.
func coverage(functions []string) []string {
	var problems []string
	have := map[string]bool{}
	for _, n := range functions {
		have[n] = true
		if len(Samples[n]) == 0 {
			problems = append(problems, fmt.Sprintf("function %s of the template has no sample: add a line to Samples (test/artefacts/samples.go) and its event under events/", n))
		}
	}
	for n := range Samples {
		if !have[n] {
			problems = append(problems, fmt.Sprintf("Samples has a line for %s, which the template does not deploy: remove it", n))
		}
	}
	sort.Strings(problems)
	return problems
}

// TestSamplesMatchRouteGroups checks each API Gateway sample of Samples
// against the route table: its route key is a route of the function's
// group (or $default, which API Gateway sends to routes.DefaultGroup), and
// its path and method agree with the route.
func TestSamplesMatchRouteGroups(t *testing.T) {
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	for name, cases := range Samples {
		for _, c := range cases {
			event, err := ReadSample(root, c.Sample)
			if err != nil {
				t.Errorf("%s: %v", name, err)
				continue
			}
			if !IsHTTP(event) {
				continue
			}
			var ev events.APIGatewayV2HTTPRequest
			if err := json.Unmarshal(event, &ev); err != nil {
				t.Errorf("%s: %v", c.Sample, err)
				continue
			}
			if ev.RouteKey != ev.RequestContext.RouteKey || ev.RawPath != ev.RequestContext.HTTP.Path {
				t.Errorf("%s: routeKey %q / %q, rawPath %q / %q disagree", c.Sample, ev.RouteKey, ev.RequestContext.RouteKey, ev.RawPath, ev.RequestContext.HTTP.Path)
			}
			if ev.RouteKey == "$default" {
				if name != string(routes.DefaultGroup) {
					t.Errorf("%s: a $default event reaches %s, not %s", c.Sample, routes.DefaultGroup, name)
				}
				continue
			}
			var found *routes.Route
			for i, r := range routes.Table {
				if r.Key() == ev.RouteKey {
					found = &routes.Table[i]
				}
			}
			switch {
			case found == nil:
				t.Errorf("%s: route %q is not in the route table", c.Sample, ev.RouteKey)
			case string(found.Group) != name:
				t.Errorf("%s: route %q is served by %s, but the sample is %s's", c.Sample, ev.RouteKey, found.Group, name)
			case found.Method != ev.RequestContext.HTTP.Method || !matches(found.Path, ev.RawPath, ev.PathParameters):
				t.Errorf("%s: %s %s does not match the route %s", c.Sample, ev.RequestContext.HTTP.Method, ev.RawPath, found.Key())
			}
		}
	}
}

// matches reports whether path fills the route's pattern with params.
func matches(pattern, path string, params map[string]string) bool {
	want := pattern
	for k, v := range params {
		want = strings.ReplaceAll(want, "{"+k+"}", v)
	}
	return want == path
}

// TestSamplesRoundTrip checks that each sample of Samples is of the event
// type its function's handler takes: every field it sets survives
// unmarshalling into the type and marshalling back.
func TestSamplesRoundTrip(t *testing.T) {
	root, err := ModuleRoot()
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, cases := range Samples {
		for _, c := range cases {
			if seen[c.Sample] {
				continue
			}
			seen[c.Sample] = true
			raw, err := ReadSample(root, c.Sample)
			if err != nil {
				t.Error(err)
				continue
			}
			var ev any
			switch {
			case IsHTTP(raw):
				ev = new(events.APIGatewayV2HTTPRequest)
			case strings.Contains(string(raw), `"Records"`):
				ev = new(events.SQSEvent)
			case strings.Contains(string(raw), `"detail-type"`):
				ev = new(events.EventBridgeEvent)
			default:
				t.Errorf("%s: not an API Gateway, SQS or EventBridge event", c.Sample)
				continue
			}
			if err := json.Unmarshal(raw, ev); err != nil {
				t.Errorf("%s: %v", c.Sample, err)
				continue
			}
			again, _ := json.Marshal(ev)
			var want, got any
			_ = json.Unmarshal(raw, &want)
			_ = json.Unmarshal(again, &got)
			for _, diff := range Lost("", want, got) {
				t.Errorf("%s: %s", c.Sample, diff)
			}
		}
	}
}

// TestCoverage checks the coverage rule itself.
func TestCoverage(t *testing.T) {
	var names []string
	for n := range Samples {
		names = append(names, n)
	}
	sort.Strings(names)
	if p := coverage(names); len(p) != 0 {
		t.Errorf("every function with a sample: %v", p)
	}
	p := strings.Join(coverage(append(names[1:], "brand-new")), "\n")
	if !strings.Contains(p, "function brand-new of the template has no sample") || !strings.Contains(p, "Samples has a line for "+names[0]) {
		t.Errorf("a new function and a removed one: %v", p)
	}
}
