package stack_test

import (
	"testing"

	"rvcontent/infra/stack"
)

// The numbers README.md's "What the stack creates" states, checked against
// the template as written there (not against the Go values the stack is
// built from), so a change of either shows up here.

// TestFunctionsOwnRoleAndLogGroup: each function runs with its own role and
// writes to its own log group, kept 30 days, which only that role may write
// to.
func TestFunctionsOwnRoleAndLogGroup(t *testing.T) {
	fns := resources("AWS::Lambda::Function")
	groups := resources("AWS::Logs::LogGroup")
	roles, logGroups := map[string]string{}, map[string]string{}
	for fnID, name := range functionIDs(t) {
		p := props(fns[fnID])
		role := refID(p["Role"])
		if other, taken := roles[role]; taken {
			t.Errorf("%s and %s share the role %s", name, other, role)
		}
		roles[role] = name
		cfg, _ := p["LoggingConfig"].(map[string]any)
		group := refID(cfg["LogGroup"])
		res, ok := groups[group]
		if !ok {
			t.Errorf("%s: LoggingConfig %s names no log group of the stack", name, asJSON(p["LoggingConfig"]))
			continue
		}
		if other, taken := logGroups[group]; taken {
			t.Errorf("%s and %s share the log group %s", name, other, group)
		}
		logGroups[group] = name
		if props(res)["RetentionInDays"] != 30.0 {
			t.Errorf("%s: log group kept %v days, want 30", name, props(res)["RetentionInDays"])
		}
		writes := resourcesOf(statements(t, fnID), "logs:PutLogEvents")
		if len(writes) != 1 || !writes[group] {
			t.Errorf("%s: may write logs to %v, want its own log group %s only", name, sorted(writes), group)
		}
	}
}

// TestFunctionTimeouts: 29 s for the endpoint groups (API Gateway gives up
// at 30), 5 minutes for the jobs worker and 1 minute for the deliveries
// worker.
func TestFunctionTimeouts(t *testing.T) {
	fns := resources("AWS::Lambda::Function")
	want := map[string]float64{stack.JobWorker: 300, stack.DeliveriesWorker: 60}
	for fnID, name := range functionIDs(t) {
		got := props(fns[fnID])["Timeout"]
		if w, ok := want[name]; ok {
			if got != w {
				t.Errorf("%s: timeout %v s, want %v", name, got, w)
			}
			continue
		}
		if name == stack.Scheduler {
			// Ends well before the next tick, a minute later.
			if to, _ := got.(float64); to <= 0 || to >= 60 {
				t.Errorf("scheduler: timeout %v s, want under a minute", got)
			}
			continue
		}
		if got != 29.0 {
			t.Errorf("%s: timeout %v s, want 29", name, got)
		}
	}
}

// TestQueuesAsStated: SQS-managed encryption and TLS only on all four
// queues, visibility 30 minutes (jobs) and 6 minutes (deliveries), one job
// per batch and deliveries in batches of 10, and dead-letter queues that
// keep messages 14 days.
func TestQueuesAsStated(t *testing.T) {
	queues := resources("AWS::SQS::Queue")
	if len(queues) != 4 {
		t.Errorf("%d queues, want 4 (jobs, deliveries and their dead-letter queues)", len(queues))
	}
	tlsOnly := map[string]bool{}
	for _, pol := range resources("AWS::SQS::QueuePolicy") {
		p := props(pol)
		for _, s := range list(p["PolicyDocument"].(map[string]any)["Statement"]) {
			st := s.(map[string]any)
			if st["Effect"] == "Deny" && asJSON(st["Condition"]) == `{"Bool":{"aws:SecureTransport":"false"}}` {
				for _, q := range list(p["Queues"]) {
					tlsOnly[refID(q)] = true
				}
			}
		}
	}
	for id, q := range queues {
		if props(q)["SqsManagedSseEnabled"] != true {
			t.Errorf("queue %s: SqsManagedSseEnabled %v, want true", id, props(q)["SqsManagedSseEnabled"])
		}
		if !tlsOnly[id] {
			t.Errorf("queue %s: no policy denying requests without TLS", id)
		}
	}
	visibility := map[string]float64{"jobs": 1800, "deliveries": 360}
	batch := map[string]float64{"jobs": 1, "deliveries": 10}
	consumer := map[string]string{"jobs": stack.JobWorker, "deliveries": stack.DeliveriesWorker}
	for name, id := range queueIDs() {
		p := props(queues[id])
		if p["VisibilityTimeout"] != visibility[name] {
			t.Errorf("%s queue: visibility %v s, want %v", name, p["VisibilityTimeout"], visibility[name])
		}
		if m := mappingOf(tmpl, synthesized.LogicalID(consumer[name]), id); m == nil || m["BatchSize"] != batch[name] {
			t.Errorf("%s queue: event source mapping %s, want batches of %v", name, asJSON(m), batch[name])
		}
		dlq := refID(p["RedrivePolicy"].(map[string]any)["deadLetterTargetArn"])
		if got := props(queues[dlq])["MessageRetentionPeriod"]; got != 14*24*3600.0 {
			t.Errorf("%s dead-letter queue keeps messages %v s, want 14 days", name, got)
		}
	}
}

// TestDeadLetterQueueOutputs: the outputs name both dead-letter queues, as
// the deployment steps say.
func TestDeadLetterQueueOutputs(t *testing.T) {
	outputs := tmpl["Outputs"].(map[string]any)
	for name, q := range map[string]*stack.WorkQueue{"JobsDeadLetterQueueUrl": synthesized.Jobs, "DeliveriesDeadLetterQueueUrl": synthesized.Deliveries} {
		o, _ := outputs[name].(map[string]any)
		if refID(o["Value"]) != synthesized.LogicalIDOf(q.DeadLetter) {
			t.Errorf("output %s = %s, want the dead-letter queue's URL", name, asJSON(outputs[name]))
		}
	}
}
