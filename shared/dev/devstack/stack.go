// Package devstack runs the whole service on one machine without a cloud
// account or Docker (README, "The dev stack"): DynamoDB Local from its npm
// package, one loopback HTTP server that turns each request into the API Gateway v2
// event of its route and invokes that group's Lambda handler in-process,
// in-process queues that feed the workers real SQS batches (with the batch
// sizes and concurrency of the deployed event sources), a ticker that
// fires the scheduler with EventBridge events, and the /_dev harness.
package devstack

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path"
	"time"

	"rvcontent/shared/compose/contentfns"
	"rvcontent/shared/compose/jobsfn"
	"rvcontent/shared/compose/mcpfn"
	"rvcontent/shared/compose/pagesfn"
	"rvcontent/shared/compose/payhookfn"
	"rvcontent/shared/dev/mailbox"
	"rvcontent/shared/feature/scheduler"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"
	awscreds "github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/smithy-go/middleware"

	"rvcontent/shared/compose"
	"rvcontent/shared/dev/faults"
	"rvcontent/shared/dev/forumfixture"
	"rvcontent/shared/dev/harness"
	"rvcontent/shared/dev/platformfake"
	"rvcontent/shared/dev/simpay"
	"rvcontent/shared/edge/gateway"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/config"
	"rvcontent/shared/kernel/gcsettings"
	"rvcontent/shared/kernel/workqueues"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/egress"
	"rvcontent/shared/platform/model"
	"rvcontent/shared/platform/payments"
)

// Options configure a dev stack.
type Options struct {
	// Addr is the listen address; "127.0.0.1:0" picks a free port.
	Addr string
	// DataDir makes DynamoDB Local persist there; empty keeps it in memory.
	DataDir string
	// DynamoEndpoint uses a running DynamoDB Local instead of starting one.
	DynamoEndpoint string
	// Config is the service configuration (config.Dev() when zero).
	Config *config.Config
	// SchedulerEvery is the scheduler's tick; 5 s when zero, off when
	// negative.
	SchedulerEvery time.Duration
	// Counter, when set, counts the DynamoDB calls the service makes.
	Counter *dynamo.CallCounter
	// Payments, when set, is the payment processor instead of the
	// simulated one (tests run the Stripe adapter against stripe-mock);
	// the simulated processor's pages stay under /_dev/pay, unused.
	Payments payments.Processor
}

// Stack is a running dev stack.
type Stack struct {
	URL string
	// Graph is the composition every group's handler, worker and the
	// scheduler share.
	Graph *compose.Graph
	// Handlers are the groups' Lambda handlers, by group.
	Handlers   Functions
	schedule   *scheduler.Scheduler
	Harness    *harness.Harness
	Overrides  *harness.Overrides
	Jobs       *MemQueue
	Deliveries *MemQueue

	jobs, deliveries compose.SQSHandler

	server *http.Server
	ddb    *DynamoDBLocal
	cancel context.CancelFunc
	done   chan struct{}
}

// NewDynamoClient returns a DynamoDB client for a local endpoint.
func NewDynamoClient(endpoint string, counter *dynamo.CallCounter) *dynamodb.Client {
	opts := dynamodb.Options{
		Region:       "us-east-1",
		Credentials:  awscreds.NewStaticCredentialsProvider("dev", "dev", ""),
		BaseEndpoint: aws.String(endpoint),
		APIOptions:   []func(*middleware.Stack) error{dynamo.Waits},
	}
	if counter != nil {
		opts.APIOptions = append(opts.APIOptions, counter.Attach)
	}
	return dynamodb.New(opts)
}

// Start starts a dev stack and returns once it serves. Its process runs
// every function, so it collects as they do (gcsettings.Apply).
func Start(ctx context.Context, opts Options) (*Stack, error) {
	gcsettings.Apply()
	cfg := opts.Config
	if cfg == nil {
		c, err := config.Dev()
		if err != nil {
			return nil, err
		}
		cfg = &c
	}
	c := *cfg
	c.DevMode = true
	if opts.Addr == "" {
		opts.Addr = "127.0.0.1:0"
	}
	ln, err := net.Listen("tcp", opts.Addr)
	if err != nil {
		return nil, err
	}
	c.BaseURL = "http://" + ln.Addr().String()
	c.DashboardURL = ""
	c.Fill()

	s := &Stack{URL: c.BaseURL, done: make(chan struct{})}
	endpoint := opts.DynamoEndpoint
	if endpoint == "" {
		cache, err := CacheDir()
		if err != nil {
			ln.Close()
			return nil, err
		}
		dir, err := EnsureDynamoDBLocal(ctx, cache)
		if err != nil {
			ln.Close()
			return nil, err
		}
		if s.ddb, err = StartDynamoDBLocal(ctx, dir, opts.DataDir); err != nil {
			ln.Close()
			return nil, err
		}
		endpoint = s.ddb.Endpoint
	}
	client := NewDynamoClient(endpoint, opts.Counter)
	if err := dynamo.TableSchema.Ensure(ctx, client, c.TableName); err != nil {
		s.ddb.Stop()
		ln.Close()
		return nil, fmt.Errorf("devstack: create table: %w", err)
	}
	injector := &faults.Injector{}
	table := &dynamo.Table{Client: client, Name: c.TableName, Fault: injector}
	offset := &clock.Offset{}

	runCtx, cancel := context.WithCancel(context.Background())
	s.cancel = cancel
	var g *compose.Graph
	// The queues and the simulated processor call into the graph, which is
	// complete before anything is sent to them.
	s.Jobs = NewWorkQueue(workqueues.Jobs, offset, func(ctx context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
		return s.jobs(ctx, ev)
	})
	s.Deliveries = NewWorkQueue(workqueues.Deliveries, offset, func(ctx context.Context, ev events.SQSEvent) (events.SQSEventResponse, error) {
		return s.deliveries(ctx, ev)
	})
	outbox := &mailbox.Outbox{Table: table, Clock: offset}
	s.Overrides = &harness.Overrides{Table: table}
	outbound := egress.New(egress.Options{UserAgent: compose.UserAgent, Overrides: s.Overrides})
	s.Overrides.Changed = outbound.CloseIdleConnections
	// The simulated payment processor stands in for Stripe.
	pay := &simpay.Processor{Table: table, Clock: offset, BaseURL: c.BaseURL, Sink: payments.SinkFunc(func(ctx context.Context, ev payments.Event) error {
		return compose.Billing(g).ProcessorEvent(ctx, ev)
	})}
	var processor payments.Processor = pay
	if opts.Payments != nil {
		processor = opts.Payments
	}
	// The fixture forum stands in for the forum platform.
	forumFixture := &forumfixture.Forum{Table: table, Clock: offset}
	g = compose.New(compose.Deps{
		Config: c, Table: table, Clock: offset, JobsQueue: s.Jobs, DeliveriesQueue: s.Deliveries, Mailer: outbox,
		Egress: outbound, Payments: processor, ForumPlatform: forumFixture, Model: faults.Model{Model: model.Offline{}, Faults: injector},
	})
	s.Graph = g
	s.Handlers = GroupHandlers(g)
	s.jobs, s.deliveries, s.schedule = jobsfn.Jobs(g), compose.Deliveries(g), contentfns.Scheduler(g)
	s.Harness = &harness.Harness{
		Table: table, Clock: offset, Outbox: outbox, Overrides: s.Overrides, Faults: injector,
		RunScheduled: s.schedule.RunAll,
		Drain:        s.Drain,
		Extra:        pay.Routes(),
	}
	for pattern, h := range forumFixture.Routes() {
		s.Harness.Extra[pattern] = h
	}
	if err := s.Harness.LoadClock(ctx); err != nil {
		s.Close()
		return nil, err
	}
	if err := s.Overrides.Load(ctx); err != nil {
		s.Close()
		return nil, err
	}
	// The fixture platform site stands in for both push platforms (README).
	if err := platformfake.StartDev(runCtx, s.Overrides, s.Harness.Extra); err != nil {
		s.Close()
		return nil, err
	}
	go s.Jobs.Run(runCtx)
	go s.Deliveries.Run(runCtx)
	if every := opts.SchedulerEvery; every >= 0 {
		if every == 0 {
			every = 5 * time.Second
		}
		go s.tick(runCtx, every)
	}
	s.server = &http.Server{Handler: s.routes(), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		defer close(s.done)
		if err := s.server.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
			slog.Error("dev server stopped", "err", err)
		}
	}()
	return s, nil
}

// GroupHandlers returns the Lambda handler of every endpoint group on g, as
// each group's function composes it. The MCP server and the owner's
// dashboard run their requests in the other groups' handlers, as they
// invoke those functions in AWS.
func GroupHandlers(g *compose.Graph) Functions {
	out := Functions{}
	for _, group := range routes.Groups() {
		var h http.Handler
		switch group {
		case routes.Pages, routes.MCP:
			continue
		case routes.PaymentsWebhook:
			h = payhookfn.HTTP(g)
		default:
			h = contentfns.HTTP(g, group)
		}
		out[group] = gateway.Handler(h, compose.Seal(g))
	}
	out[routes.MCP] = gateway.Handler(mcpfn.HTTP(g, out), compose.Seal(g))
	out[routes.Pages] = gateway.Handler(pagesfn.HTTP(g, out), compose.Seal(g))
	return out
}

// Functions are the groups' Lambda handlers, run in-process: the dev
// stack's stand-in for the Lambda Invoke API (gateway.Invoker).
type Functions map[routes.Group]gateway.LambdaHandler

// Invoke runs group's handler with ev, in a context that keeps ctx's
// cancellation but none of its values: an invoked function sees only its
// event, as a Lambda invoked in AWS does.
func (f Functions) Invoke(ctx context.Context, group string, ev events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	h, ok := f[routes.Group(group)]
	if !ok {
		return events.APIGatewayV2HTTPResponse{}, fmt.Errorf("devstack: no function for group %s", group)
	}
	own, cancel := context.WithCancel(context.Background())
	defer cancel()
	defer context.AfterFunc(ctx, cancel)()
	return h(own, ev)
}

// routes mounts every route of the route table on its group's Lambda
// handler, the $default route for everything else, /healthz and /_dev.
func (s *Stack) routes() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /healthz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = io.WriteString(w, `{"ok":true}`)
	})
	mux.Handle("/_dev/", s.Harness.Handler())
	lambdas := s.Handlers
	fallback := lambdas[routes.DefaultGroup]
	paths := map[string]bool{}
	for _, r := range routes.Table {
		mux.Handle(r.Pattern(), invoke(r.Key(), r.Params(), lambdas[r.Group]))
		paths[r.Path] = true
	}
	for p := range paths {
		mux.Handle(p, invoke("$default", nil, fallback))
	}
	mux.Handle("/", invoke("$default", nil, fallback))
	unmatched := invoke("$default", nil, fallback)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if p := r.URL.Path; p != path.Clean(p) && p != path.Clean(p)+"/" {
			unmatched.ServeHTTP(w, r) // "//" or "." segments match no route, as in API Gateway; no redirect
			return
		}
		mux.ServeHTTP(w, r)
	})
}

// maxPayload is API Gateway's request payload quota.
const maxPayload = 10 << 20

// invoke turns a request into routeKey's API Gateway event and runs fn.
func invoke(routeKey string, params []string, fn gateway.LambdaHandler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		var body []byte
		var err error
		if r.ContentLength != 0 {
			body, err = io.ReadAll(io.LimitReader(r.Body, maxPayload+1))
		}
		if err != nil || len(body) > maxPayload {
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusRequestEntityTooLarge)
			_, _ = io.WriteString(w, `{"message":"Request Entity Too Large"}`)
			return
		}
		var pp map[string]string
		if len(params) > 0 {
			pp = map[string]string{}
			for _, name := range params {
				pp[name] = r.PathValue(name)
			}
		}
		resp, err := fn(faults.WithRequest(r.Context()), gateway.Event(r, routeKey, pp, body))
		if err != nil {
			slog.Error("function failed", "route", routeKey, "err", err)
			w.Header().Set("Content-Type", "application/json")
			w.WriteHeader(http.StatusInternalServerError)
			_, _ = io.WriteString(w, `{"message":"Internal Server Error"}`)
			return
		}
		gateway.WriteResponse(w, resp)
	})
}

func (s *Stack) tick(ctx context.Context, every time.Duration) {
	t := time.NewTicker(every)
	defer t.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case now := <-t.C:
			ev := events.EventBridgeEvent{Version: "0", ID: now.Format(time.RFC3339Nano), DetailType: "Scheduled Event", Source: "aws.events", Time: now.UTC()}
			if err := s.schedule.Handle(ctx, ev); err != nil {
				slog.Warn("scheduled run had failures", "err", err)
			}
		}
	}
}

// Drain waits until the job and delivery queues are idle, or max passes.
func (s *Stack) Drain(ctx context.Context, max time.Duration) {
	deadline := time.Now().Add(max)
	quiet := 0
	for time.Now().Before(deadline) && ctx.Err() == nil {
		if s.Jobs.Idle() && s.Deliveries.Idle() {
			quiet++
			if quiet >= 3 {
				return
			}
		} else {
			quiet = 0
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// Close stops the server, the workers and DynamoDB Local.
func (s *Stack) Close() {
	if s.server != nil {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		_ = s.server.Shutdown(ctx)
		cancel()
		<-s.done
	}
	if s.cancel != nil {
		s.cancel()
	}
	s.ddb.Stop()
}
