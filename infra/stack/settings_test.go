package stack_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/aws/aws-cdk-go/awscdk/v2/assertions"

	"rvcontent/infra/stack"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/kernel/config"
)

// environments returns each function's environment variables by function
// name.
func environments(t *testing.T, st *stack.ServiceStack, template map[string]any) map[string]map[string]any {
	t.Helper()
	fns := resourcesIn(template, "AWS::Lambda::Function")
	out := map[string]map[string]any{}
	for name := range st.Functions {
		res, ok := fns[st.LogicalID(name)]
		if !ok {
			t.Fatalf("function %s is not in the template", name)
		}
		out[name] = props(res)["Environment"].(map[string]any)["Variables"].(map[string]any)
	}
	return out
}

func TestSecretKey(t *testing.T) {
	secrets := resources("AWS::SecretsManager::Secret")
	if len(secrets) != 1 {
		t.Fatalf("%d secrets, want 1 (the master key)", len(secrets))
	}
	var secretID string
	for id, res := range secrets {
		secretID = id
		if res["DeletionPolicy"] != "Retain" {
			t.Errorf("master key DeletionPolicy %v, want Retain", res["DeletionPolicy"])
		}
		if _, literal := props(res)["SecretString"]; literal {
			t.Error("master key has a literal value in the template")
		}
	}
	for name, env := range environments(t, synthesized, tmpl) {
		// Functions read the master key when they start: the environment
		// names the secret and the role may read that secret only.
		if _, set := env["SECRET_KEY"]; set {
			t.Errorf("%s: SECRET_KEY is in the function's configuration", name)
		}
		if ref := asJSON(env[config.SecretKeySecretVar]); ref != `{"Ref":"`+secretID+`"}` {
			t.Errorf("%s: %s = %s, want the master key's ARN", name, config.SecretKeySecretVar, ref)
		}
		if got := secretReads(t, tmpl, synthesized.LogicalID(name)); len(got) != 1 || got[0] != `{"Ref":"`+secretID+`"}` {
			t.Errorf("%s: reads secrets %v, want the master key only", name, got)
		}
		if env["MODEL"] != stack.ModelOffline {
			t.Errorf("%s: MODEL = %v, want %s by default", name, env["MODEL"], stack.ModelOffline)
		}
		for variable := range env {
			if strings.HasPrefix(variable, "STRIPE_") || variable == "BEDROCK_MODEL_ID" {
				t.Errorf("%s: %s is set without Stripe or Bedrock configured", name, variable)
			}
		}
	}
}

// payers are the functions that talk to the payment processor.
var payers = map[string]bool{"sites": true, "billing": true, "payments-webhook": true, stack.Scheduler: true, stack.JobWorker: true}

func TestStripeSettingsReachOnlyPaymentFunctions(t *testing.T) {
	for name, env := range environments(t, configured, configuredTmpl) {
		for variable := range config.StripeSecretFields {
			if _, set := env[variable]; set {
				t.Errorf("%s: %s is in the function's configuration", name, variable)
			}
		}
		v, set := env[config.StripeSecretVar]
		if set != payers[name] {
			t.Errorf("%s: %s set %v, want %v", name, config.StripeSecretVar, set, payers[name])
		}
		if set && v != testStripeSecret {
			t.Errorf("%s: %s = %s, want %s", name, config.StripeSecretVar, asJSON(v), testStripeSecret)
		}
		stripeRead := false
		for _, res := range secretReads(t, configuredTmpl, configured.LogicalID(name)) {
			stripeRead = stripeRead || strings.Contains(res, testStripeSecret)
		}
		if stripeRead != payers[name] {
			t.Errorf("%s: may read the Stripe secret %v, want %v", name, stripeRead, payers[name])
		}
	}
}

// secretReads returns the resources (as JSON) the function's role may call
// secretsmanager:GetSecretValue on.
func secretReads(t *testing.T, template map[string]any, fnID string) []string {
	t.Helper()
	var out []string
	for _, st := range statementsIn(t, template, fnID) {
		if slices.Contains(strs(st["Action"]), "secretsmanager:GetSecretValue") {
			out = append(out, asJSON(st["Resource"]))
		}
	}
	return out
}

func TestBedrockGrantedToModelRunnersOnly(t *testing.T) {
	envs := environments(t, configured, configuredTmpl)
	for name := range configured.Functions {
		fnID := configured.LogicalID(name)
		// The jobs worker and the groups that ask the model while a request
		// waits (rewrites, forum drafts; MCP runs their handlers).
		runs := stack.WorkerAccess(name).RunsModel || stack.GroupAccess(routes.Group(name)).RunsModel
		granted := map[string]bool{}
		for _, st := range statementsIn(t, configuredTmpl, fnID) {
			if strs(st["Action"])[0] == "bedrock:InvokeModel" {
				granted[asJSON(st["Resource"])] = true
			}
		}
		if runs != (len(granted) > 0) {
			t.Errorf("%s: bedrock:InvokeModel granted %v, want %v", name, len(granted) > 0, runs)
		}
		for res := range granted {
			if !strings.Contains(res, ":foundation-model/"+testModelID) {
				t.Errorf("%s: bedrock:InvokeModel on %s, want the configured model only", name, res)
			}
		}
		if got, want := envs[name]["BEDROCK_MODEL_ID"], testModelID; runs && got != want {
			t.Errorf("%s: BEDROCK_MODEL_ID = %v, want %s", name, got, want)
		}
		if envs[name]["MODEL"] != stack.ModelBedrock {
			t.Errorf("%s: MODEL = %v, want %s", name, envs[name]["MODEL"], stack.ModelBedrock)
		}
	}
}

func TestBedrockInferenceProfileGrant(t *testing.T) {
	const profile = "us.anthropic.claude-haiku-test-v1:0"
	st := synthStack(t, "Profiled", stack.ServiceStackProps{Model: stack.ModelBedrock, BedrockModelID: profile})
	tmpl := *assertions.Template_FromStack(st.Stack, nil).ToJSON()
	want := asJSON([]any{
		"arn:" + "${AWS::Partition}" + ":bedrock:eu-west-1:123456789012:inference-profile/" + profile,
		"arn:" + "${AWS::Partition}" + ":bedrock:*::foundation-model/anthropic.claude-haiku-test-v1:0",
	})
	granted := 0
	for _, st := range statementsIn(t, tmpl, st.LogicalID(stack.JobWorker)) {
		if strs(st["Action"])[0] != "bedrock:InvokeModel" {
			continue
		}
		granted++
		if got := asJSON(arnStrings(st["Resource"])); got != want {
			t.Errorf("bedrock:InvokeModel on %s, want %s", got, want)
		}
	}
	if granted != 1 {
		t.Errorf("%d bedrock:InvokeModel statements for the jobs worker, want 1", granted)
	}
}

// arnStrings renders each ARN of a statement's Resource, written as
// Fn::Join of strings and {"Ref": "AWS::Partition"}, as a string with
// ${AWS::Partition} in place of the reference.
func arnStrings(v any) []string {
	var out []string
	for _, r := range list(v) {
		join, _ := r.(map[string]any)["Fn::Join"].([]any)
		if len(join) != 2 {
			out = append(out, asJSON(r))
			continue
		}
		var b strings.Builder
		for _, part := range list(join[1]) {
			if s, ok := part.(string); ok {
				b.WriteString(s)
			} else if refID(part) == "AWS::Partition" {
				b.WriteString("${AWS::Partition}")
			} else {
				b.WriteString(asJSON(part))
			}
		}
		out = append(out, b.String())
	}
	return out
}
