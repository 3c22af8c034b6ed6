// Package lambdaedge feeds the real-shaped sample payloads of events/ to the
// Lambda handlers exactly as the deployed functions run them: the endpoint
// groups behind the API Gateway v2 adapter, the queue consumers with SQS
// batches, the scheduler with an EventBridge event. The service is wired by
// app.New with a deployed configuration (no dev mode) on a fresh DynamoDB
// Local table.
package lambdaedge

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"rvcontent/shared/dev/devstack"
	"rvcontent/shared/dev/mailbox"

	"github.com/aws/aws-lambda-go/events"

	"rvcontent/shared/compose"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/config"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/egress"
	"rvcontent/test/dynamotest"
)

// Short names for the HTTP API event types.
type (
	eventV2    = events.APIGatewayV2HTTPRequest
	responseV2 = events.APIGatewayV2HTTPResponse
)

// rig is the service wired as a deployed function is, with recording
// queues and mailer.
type rig struct {
	graph      *compose.Graph
	table      *dynamo.Table
	clock      *clock.Fixed
	jobs       *recorder
	deliveries *recorder
	mail       *mailbox.Memory
}

// baseURL is the API endpoint the deployed configuration names.
const baseURL = "https://a1b2c3d4e5.execute-api.eu-west-1.amazonaws.com"

// newRig wires the service from a deployed function's environment
// (config.FromEnv, DEV_MODE unset) on a fresh table.
func newRig(t *testing.T) *rig {
	t.Helper()
	table := dynamotest.Table(t)
	t.Setenv("DEV_MODE", "")
	t.Setenv("TABLE_NAME", table.Name)
	t.Setenv("BASE_URL", baseURL)
	t.Setenv("SECRET_KEY", strings.Repeat("s3cr3t-", 8))
	cfg, err := config.FromEnv()
	if err != nil {
		t.Fatalf("deployed configuration: %v", err)
	}
	if cfg.DevMode {
		t.Fatal("the deployed configuration is in dev mode")
	}
	r := &rig{table: table, clock: &clock.Fixed{T: time.Now().UTC().Truncate(time.Millisecond)}, jobs: &recorder{}, deliveries: &recorder{}, mail: &mailbox.Memory{}}
	r.graph = compose.New(compose.Deps{
		Config: cfg, Table: table, Clock: r.clock, JobsQueue: r.jobs, DeliveriesQueue: r.deliveries, Mailer: r.mail,
		Egress: egress.New(egress.Options{UserAgent: compose.UserAgent}),
	})
	return r
}

// invoke sends an API Gateway event to the function of its route, as API
// Gateway does: the route key picks the group, $default the default group.
func (r *rig) invoke(t *testing.T, ev eventV2) responseV2 {
	t.Helper()
	group := routes.DefaultGroup
	if ev.RouteKey != "$default" {
		group = ""
		for _, rt := range routes.Table {
			if rt.Key() == ev.RouteKey {
				group = rt.Group
			}
		}
		if group == "" {
			t.Fatalf("route %q is not in the route table", ev.RouteKey)
		}
	}
	resp, err := devstack.GroupHandlers(r.graph)[group](context.Background(), ev)
	if err != nil {
		t.Fatalf("%s: handler error: %v", ev.RouteKey, err)
	}
	return resp
}

// recorder is a queue.Sender that keeps what it is sent.
type recorder struct {
	mu     sync.Mutex
	bodies []string
}

// Send records body.
func (q *recorder) Send(_ context.Context, body []byte, _ time.Duration) error {
	q.mu.Lock()
	defer q.mu.Unlock()
	q.bodies = append(q.bodies, string(body))
	return nil
}

// sent returns the bodies sent so far.
func (q *recorder) sent() []string {
	q.mu.Lock()
	defer q.mu.Unlock()
	return append([]string(nil), q.bodies...)
}

// fixture returns the bytes of events/<name>, with each key of replace
// substituted by its value.
func fixture(t *testing.T, name string, replace map[string]string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "..", "events", name))
	if err != nil {
		t.Fatal(err)
	}
	s := string(b)
	for old, repl := range replace {
		if !strings.Contains(s, old) {
			t.Fatalf("%s does not contain %q", name, old)
		}
		s = strings.ReplaceAll(s, old, repl)
	}
	return []byte(s)
}

// load unmarshals events/<name> (after replace) into out.
func load(t *testing.T, name string, replace map[string]string, out any) {
	t.Helper()
	if err := json.Unmarshal(fixture(t, name, replace), out); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
}

// decode reads a JSON response body.
func decode(t *testing.T, resp responseV2) map[string]any {
	t.Helper()
	var m map[string]any
	if err := json.Unmarshal([]byte(resp.Body), &m); err != nil {
		t.Fatalf("response body %q is not JSON: %v", resp.Body, err)
	}
	return m
}

// header returns a response header, whatever its case.
func header(resp responseV2, name string) string {
	for k, v := range resp.Headers {
		if strings.EqualFold(k, name) {
			return v
		}
	}
	for k, vs := range resp.MultiValueHeaders {
		if strings.EqualFold(k, name) && len(vs) > 0 {
			return vs[0]
		}
	}
	return ""
}
