package stack_test

import (
	"reflect"
	"slices"
	"strings"
	"testing"

	"rvcontent/infra/stack"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/platform/dynamo"
)

// statements returns the Allow statements of every policy attached to the
// role of the function with logical id fnID in the default stack.
func statements(t *testing.T, fnID string) []map[string]any {
	t.Helper()
	return statementsIn(t, tmpl, fnID)
}

// statementsIn returns the Allow statements of every policy of template
// attached to the role of the function with logical id fnID.
func statementsIn(t *testing.T, template map[string]any, fnID string) []map[string]any {
	t.Helper()
	role := refID(props(resourcesIn(template, "AWS::Lambda::Function")[fnID])["Role"])
	if role == "" {
		t.Fatalf("function %s has no role of the stack", fnID)
	}
	var out []map[string]any
	for _, pol := range resourcesIn(template, "AWS::IAM::Policy") {
		p := props(pol)
		attached := false
		for _, r := range list(p["Roles"]) {
			attached = attached || refID(r) == role
		}
		if !attached {
			continue
		}
		for _, s := range list(p["PolicyDocument"].(map[string]any)["Statement"]) {
			st := s.(map[string]any)
			if st["Effect"] == "Allow" {
				out = append(out, st)
			}
		}
	}
	return out
}

// resourcesOf returns the logical ids of the stack's resources an
// action is allowed on (index ARNs count as their table).
func resourcesOf(sts []map[string]any, action string) map[string]bool {
	out := map[string]bool{}
	for _, st := range sts {
		allowed := false
		for _, a := range strs(st["Action"]) {
			allowed = allowed || a == action
		}
		if !allowed {
			continue
		}
		for _, r := range list(st["Resource"]) {
			if id := refID(r); id != "" {
				out[id] = true
			} else if join, ok := r.(map[string]any)["Fn::Join"].([]any); ok {
				for _, part := range join[1].([]any) {
					if id := refID(part); id != "" {
						out[id] = true
					}
				}
			} else {
				out[asJSON(r)] = true
			}
		}
	}
	return out
}

func TestNoWildcardActionsOrManagedPolicies(t *testing.T) {
	for id, pol := range resources("AWS::IAM::Policy") {
		for _, s := range list(props(pol)["PolicyDocument"].(map[string]any)["Statement"]) {
			st := s.(map[string]any)
			if st["Effect"] != "Allow" {
				continue
			}
			if _, ok := st["NotAction"]; ok {
				t.Errorf("policy %s allows NotAction", id)
			}
			for _, a := range strs(st["Action"]) {
				if strings.Contains(a, "*") {
					t.Errorf("policy %s allows the wildcard action %q", id, a)
				}
			}
		}
	}
	for id, role := range resources("AWS::IAM::Role") {
		if arns := list(props(role)["ManagedPolicyArns"]); len(arns) > 0 {
			t.Errorf("role %s has managed policies %s; grant what it needs instead", id, asJSON(arns))
		}
		if _, inline := props(role)["Policies"]; inline {
			t.Errorf("role %s has inline policies outside the stack's grants", id)
		}
	}
}

// mailers are the functions that send email.
var mailers = map[string]bool{"accounts": true, "pages": true, stack.JobWorker: true, stack.DeliveriesWorker: true, stack.Scheduler: true}

func TestGrants(t *testing.T) {
	table := synthesized.LogicalIDOf(synthesized.Table)
	queues := queueIDs()
	consumes := map[string]string{stack.JobWorker: queues["jobs"], stack.DeliveriesWorker: queues["deliveries"]}
	for fnID, name := range functionIDs(t) {
		t.Run(name, func(t *testing.T) {
			sts := statements(t, fnID)
			for _, action := range dynamo.Actions {
				if got := resourcesOf(sts, action); !reflect.DeepEqual(got, map[string]bool{table: true}) {
					t.Errorf("%s on %v, want the table (and its indexes) only", action, sorted(got))
				}
			}
			// Nothing the adapter does not send: no Scan of every
			// account's items, no batch writes or stream reads, no
			// table management.
			for _, st := range sts {
				for _, a := range strs(st["Action"]) {
					if strings.HasPrefix(a, "dynamodb:") && !slices.Contains(dynamo.Actions, a) {
						t.Errorf("%s is allowed; the table adapter never sends it (dynamo.Actions)", a)
					}
				}
			}
			access := declaredAccess(name)
			want := map[string]bool{}
			if access.SendJobs {
				want[queues["jobs"]] = true
			}
			if access.SendDeliveries {
				want[queues["deliveries"]] = true
			}
			if got := resourcesOf(sts, "sqs:SendMessage"); !reflect.DeepEqual(got, want) {
				t.Errorf("sqs:SendMessage on %v, want %v", sorted(got), sorted(want))
			}
			wantConsume := map[string]bool{}
			if q, ok := consumes[name]; ok {
				wantConsume[q] = true
			}
			for _, action := range []string{"sqs:ReceiveMessage", "sqs:DeleteMessage", "sqs:ChangeMessageVisibility"} {
				if got := resourcesOf(sts, action); !reflect.DeepEqual(got, wantConsume) {
					t.Errorf("%s on %v, want %v", action, sorted(got), sorted(wantConsume))
				}
			}
			mail := resourcesOf(sts, "ses:SendEmail")
			if mailers[name] != (len(mail) > 0) {
				t.Errorf("ses:SendEmail granted: %v, want %v", len(mail) > 0, mailers[name])
			}
			if mailers[name] != access.SendMail {
				t.Errorf("declared SendMail %v, want %v", access.SendMail, mailers[name])
			}
			for _, st := range sts {
				if strs(st["Action"])[0] == "ses:SendEmail" {
					if got := asJSON(st["Condition"]); got != `{"StringEquals":{"ses:FromAddress":"`+testMailFrom+`"}}` {
						t.Errorf("ses:SendEmail condition %s, want the sender limited to %s", got, testMailFrom)
					}
				}
			}
		})
	}
}

// declaredAccess returns the access the stack declares for a function.
func declaredAccess(name string) stack.Access {
	switch name {
	case stack.JobWorker, stack.DeliveriesWorker, stack.Scheduler:
		return stack.WorkerAccess(name)
	}
	return stack.GroupAccess(routes.Group(name))
}
