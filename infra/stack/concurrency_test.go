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

func TestJobsWorkerConcurrencyIsCapped(t *testing.T) {
	st, tt := tunedTemplate(t)
	if stack.DefaultJobsMaxConcurrency != 10 {
		t.Errorf("DefaultJobsMaxConcurrency = %d, want 10", stack.DefaultJobsMaxConcurrency)
	}
	cases := []struct {
		name     string
		st       *stack.ServiceStack
		template map[string]any
		want     float64
	}{
		{"default", synthesized, tmpl, stack.DefaultJobsMaxConcurrency},
		{"tuned", st, tt, 4},
	}
	for _, c := range cases {
		fnID := c.st.LogicalID(stack.JobWorker)
		p := mappingOf(c.template, fnID, c.st.LogicalIDOf(c.st.Jobs.Queue))
		if p == nil {
			t.Fatalf("%s: no event source mapping from the jobs queue to %s", c.name, fnID)
		}
		scaling, _ := p["ScalingConfig"].(map[string]any)
		if scaling["MaximumConcurrency"] != c.want {
			t.Errorf("%s jobs mapping ScalingConfig %s, want MaximumConcurrency %v", c.name, asJSON(p["ScalingConfig"]), c.want)
		}
		// The cap reserves nothing: the function's concurrency stays the
		// account's shared pool.
		fn := resourcesIn(c.template, "AWS::Lambda::Function")[fnID]
		if rc, ok := props(fn)["ReservedConcurrentExecutions"]; ok {
			t.Errorf("%s jobs worker reserves %v executions, want none", c.name, rc)
		}
	}
	// Deliveries are short outbound requests, batched by ten: not capped.
	d := mappingOf(tmpl, synthesized.LogicalID(stack.DeliveriesWorker), synthesized.LogicalIDOf(synthesized.Deliveries.Queue))
	if d == nil || d["ScalingConfig"] != nil {
		t.Errorf("deliveries mapping %s, want one without ScalingConfig", asJSON(d))
	}
}
