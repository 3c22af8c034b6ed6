package stack_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-sdk-go-v2/aws"

	"rvcontent/infra/stack"
	"rvcontent/shared/compose"
	"rvcontent/shared/compose/backlinksfn"
	"rvcontent/shared/compose/contentbase"
	"rvcontent/shared/compose/contentfns"
	"rvcontent/shared/compose/jobsfn"
	"rvcontent/shared/compose/mcpfn"
	"rvcontent/shared/compose/pagesfn"
	"rvcontent/shared/compose/payhookfn"
	"rvcontent/shared/kernel/config"
	"rvcontent/shared/platform/dynamo"
)

// composers build what each function's main (functions/<name>/main.go)
// starts, from the adapters it is given.
var composers = map[string]func(*compose.Graph){
	"accounts":             func(g *compose.Graph) { compose.AccountsHTTP(g) },
	"sites":                func(g *compose.Graph) { compose.SitesHTTP(g) },
	"content":              func(g *compose.Graph) { contentfns.ContentHTTP(g) },
	"backlinks":            func(g *compose.Graph) { backlinksfn.BacklinksHTTP(g) },
	"forum":                func(g *compose.Graph) { contentbase.ForumHTTP(g) },
	"billing":              func(g *compose.Graph) { compose.BillingHTTP(g) },
	"events":               func(g *compose.Graph) { compose.EventsHTTP(g) },
	"public":               func(g *compose.Graph) { contentbase.PublicHTTP(g) },
	"payments-webhook":     func(g *compose.Graph) { payhookfn.HTTP(g) },
	"oauth":                func(g *compose.Graph) { compose.OAuthHTTP(g) },
	"mcp":                  func(g *compose.Graph) { mcpfn.HTTP(g, noInvoker{}) },
	"pages":                func(g *compose.Graph) { pagesfn.HTTP(g, noInvoker{}) },
	stack.JobWorker:        func(g *compose.Graph) { jobsfn.Jobs(g) },
	stack.DeliveriesWorker: func(g *compose.Graph) { compose.Deliveries(g) },
	stack.Scheduler:        func(g *compose.Graph) { contentfns.Scheduler(g) },
}

// noQueue stands for a queue; composing sends nothing.
type noQueue struct{}

func (noQueue) Send(context.Context, []byte, time.Duration) error { return nil }

// noInvoker stands for the Lambda Invoke client; composing invokes nothing.
type noInvoker struct{}

func (noInvoker) Invoke(context.Context, string, events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	return events.APIGatewayV2HTTPResponse{}, nil
}

// composeWith composes function name with the jobs queue, the deliveries
// queue or both, and returns the composition's complaint: a part that needs
// a queue the function was not given panics while the function starts.
func composeWith(name string, jobs, deliveries bool) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%v", p)
		}
	}()
	d := compose.Deps{
		Config: config.Config{TableName: "t", BaseURL: "https://service.example", SecretKey: "0123456789abcdef0123456789abcdef"},
		Table:  dynamo.New(aws.Config{Region: "eu-west-1"}, "t"),
	}
	if jobs {
		d.JobsQueue = noQueue{}
	}
	if deliveries {
		d.DeliveriesQueue = noQueue{}
	}
	composers[name](compose.New(d))
	return nil
}

// TestQueueGrantsAreWhatFunctionsUse: every function starts with the
// queues the stack lets it send to, and needs each of them (every part
// that sends takes its queue when the function starts), so no function
// holds a queue URL and sqs:SendMessage it never uses, and none lacks one
// it needs.
func TestQueueGrantsAreWhatFunctionsUse(t *testing.T) {
	for _, name := range stack.FunctionNames() {
		if composers[name] == nil {
			t.Errorf("%s: no composer here; add what functions/%s/main.go starts", name, name)
			continue
		}
		a := declaredAccess(name)
		if err := composeWith(name, a.SendJobs, a.SendDeliveries); err != nil {
			t.Errorf("%s does not start with the queues the stack gives it: %v", name, err)
		}
		if a.SendJobs && composeWith(name, false, a.SendDeliveries) == nil {
			t.Errorf("%s starts without the jobs queue: it never sends a job, so the stack should not let it", name)
		}
		if a.SendDeliveries && composeWith(name, a.SendJobs, false) == nil {
			t.Errorf("%s starts without the deliveries queue: it never sends there, so the stack should not let it", name)
		}
	}
}
