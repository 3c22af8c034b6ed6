package stack_test

import (
	"testing"

	"rvcontent/infra/stack"
)

// mappingOf returns the properties of the event source mapping that feeds
// function fnID from queue queueID in template, or nil.
func mappingOf(template map[string]any, fnID, queueID string) map[string]any {
	for _, m := range resourcesIn(template, "AWS::Lambda::EventSourceMapping") {
		p := props(m)
		if refID(p["FunctionName"]) == fnID && refID(p["EventSourceArn"]) == queueID {
			return p
		}
	}
	return nil
}

// TestWorkersConcurrencyIsCapped: both queues invoke at most their
// maximum concurrency of workers (the numbers the dev stack runs with by
// default), and reserve nothing.
func TestWorkersConcurrencyIsCapped(t *testing.T) {
	st, tt := tunedTemplate(t)
	if stack.DefaultJobsMaxConcurrency != 10 || stack.DefaultDeliveriesMaxConcurrency != 10 {
		t.Errorf("default maximum concurrency: jobs %d, deliveries %d, want 10 and 10", stack.DefaultJobsMaxConcurrency, stack.DefaultDeliveriesMaxConcurrency)
	}
	cases := []struct {
		name     string
		st       *stack.ServiceStack
		template map[string]any
		fn       string
		queue    func(*stack.ServiceStack) *stack.WorkQueue
		want     int
	}{
		{"default jobs", synthesized, tmpl, stack.JobWorker, jobsOf, stack.DefaultJobsMaxConcurrency},
		{"tuned jobs", st, tt, stack.JobWorker, jobsOf, 4},
		{"default deliveries", synthesized, tmpl, stack.DeliveriesWorker, deliveriesOf, stack.DefaultDeliveriesMaxConcurrency},
		{"tuned deliveries", st, tt, stack.DeliveriesWorker, deliveriesOf, 6},
	}
	for _, c := range cases {
		fnID := c.st.LogicalID(c.fn)
		p := mappingOf(c.template, fnID, c.st.LogicalIDOf(c.queue(c.st).Queue))
		if p == nil {
			t.Fatalf("%s: no event source mapping to %s", c.name, fnID)
		}
		scaling, _ := p["ScalingConfig"].(map[string]any)
		if scaling["MaximumConcurrency"] != float64(c.want) {
			t.Errorf("%s mapping ScalingConfig %s, want MaximumConcurrency %v", c.name, asJSON(p["ScalingConfig"]), c.want)
		}
		if p["BatchSize"] != float64(c.queue(c.st).Spec.BatchSize) {
			t.Errorf("%s mapping BatchSize %v, want %d", c.name, p["BatchSize"], c.queue(c.st).Spec.BatchSize)
		}
		// The cap reserves nothing: the function's concurrency stays the
		// account's shared pool.
		fn := resourcesIn(c.template, "AWS::Lambda::Function")[fnID]
		if rc, ok := props(fn)["ReservedConcurrentExecutions"]; ok {
			t.Errorf("%s worker reserves %v executions, want none", c.name, rc)
		}
	}
}

func jobsOf(s *stack.ServiceStack) *stack.WorkQueue       { return s.Jobs }
func deliveriesOf(s *stack.ServiceStack) *stack.WorkQueue { return s.Deliveries }
