package stack_test

import (
	"testing"

	"rvcontent/infra/stack"
)

// queueIDs returns the logical ids of the jobs and deliveries queues.
func queueIDs() map[string]string {
	return map[string]string{
		"jobs":       synthesized.LogicalIDOf(synthesized.Jobs.Queue),
		"deliveries": synthesized.LogicalIDOf(synthesized.Deliveries.Queue),
	}
}

func TestQueuesHaveDeadLetterQueues(t *testing.T) {
	queues := resources("AWS::SQS::Queue")
	want := map[string]float64{"jobs": 5, "deliveries": 5}
	dlqs := map[string]bool{}
	for name, id := range queueIDs() {
		q, ok := queues[id]
		if !ok {
			t.Fatalf("no queue %s (%s)", name, id)
		}
		redrive, _ := props(q)["RedrivePolicy"].(map[string]any)
		if redrive["maxReceiveCount"] != want[name] {
			t.Errorf("%s queue: maxReceiveCount %v, want %v", name, redrive["maxReceiveCount"], want[name])
		}
		dlq := refID(redrive["deadLetterTargetArn"])
		if _, ok := queues[dlq]; !ok || dlq == id {
			t.Errorf("%s queue: dead-letter target %s is not another queue", name, asJSON(redrive["deadLetterTargetArn"]))
		}
		if dlqs[dlq] {
			t.Errorf("%s queue shares its dead-letter queue", name)
		}
		dlqs[dlq] = true
	}
}

func TestConsumersReportBatchItemFailures(t *testing.T) {
	fnIDs := functionIDs(t)
	functions := resources("AWS::Lambda::Function")
	queues := resources("AWS::SQS::Queue")
	consumer := map[string]string{"jobs": stack.JobWorker, "deliveries": stack.DeliveriesWorker}
	ids := queueIDs()
	seen := map[string]bool{}
	for _, m := range resources("AWS::Lambda::EventSourceMapping") {
		p := props(m)
		fn := fnIDs[refID(p["FunctionName"])]
		queue := ""
		for name, id := range ids {
			if refID(p["EventSourceArn"]) == id {
				queue = name
			}
		}
		if queue == "" || consumer[queue] != fn {
			t.Errorf("event source mapping from %s to %q: want jobs to %s and deliveries to %s only",
				asJSON(p["EventSourceArn"]), fn, stack.JobWorker, stack.DeliveriesWorker)
			continue
		}
		seen[queue] = true
		if got := strs(p["FunctionResponseTypes"]); len(got) != 1 || got[0] != "ReportBatchItemFailures" {
			t.Errorf("%s mapping: FunctionResponseTypes %v, want [ReportBatchItemFailures]", queue, got)
		}
		timeout, _ := props(functions[refID(p["FunctionName"])])["Timeout"].(float64)
		visibility, _ := props(queues[ids[queue]])["VisibilityTimeout"].(float64)
		if timeout <= 0 || visibility <= timeout {
			t.Errorf("%s queue: visibility timeout %vs is not above its consumer's timeout %vs", queue, visibility, timeout)
		}
	}
	for queue := range consumer {
		if !seen[queue] {
			t.Errorf("no event source mapping for the %s queue", queue)
		}
	}
}
