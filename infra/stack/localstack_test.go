package stack_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// localStackDeploys are the services make deploy-local uses besides the
// stack's own resources: CloudFormation and STS for cdklocal, and what
// cdklocal bootstrap creates (the CDK bootstrap template's asset bucket,
// container assets repository, roles and version parameter).
var localStackDeploys = []string{"cloudformation", "sts", "s3", "ecr", "iam", "ssm"}

// localStackRuntime are the services the deployed functions call
// (shared/platform/awsenv): the table, the queues, SES, Secrets Manager and
// Lambda (the MCP server and the pages invoke the agent-API groups).
var localStackRuntime = []string{"dynamodb", "sqs", "ses", "secretsmanager", "lambda"}

// TestLocalStackRunsEveryServiceTheStackUses: localstack/docker-compose.yml
// lists in SERVICES every service make deploy-local needs. LocalStack
// loads only those (STRICT_SERVICE_LOADING is on by default), so a missing
// one fails cdklocal bootstrap or deploy, or the functions' calls, with
// "service not enabled".
func TestLocalStackRunsEveryServiceTheStackUses(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("..", "..", "localstack", "docker-compose.yml"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`(?m)^\s*SERVICES:\s*"([^"]*)"`).FindSubmatch(b)
	if m == nil {
		t.Fatal(`docker-compose.yml has no SERVICES: "..." line: update this test`)
	}
	enabled := map[string]bool{}
	for _, s := range strings.Split(string(m[1]), ",") {
		enabled[strings.TrimSpace(s)] = true
	}
	need := map[string]string{}
	for _, s := range localStackDeploys {
		need[s] = "deploying"
	}
	for _, s := range localStackRuntime {
		need[s] = "the functions"
	}
	for _, tm := range []map[string]any{tmpl, configuredTmpl} {
		for id, r := range tm["Resources"].(map[string]any) {
			typ, _ := r.(map[string]any)["Type"].(string)
			parts := strings.Split(typ, "::")
			if len(parts) != 3 || parts[0] != "AWS" {
				continue
			}
			// AWS::CDK::Metadata is no service's resource.
			if svc := strings.ToLower(parts[1]); svc != "cdk" {
				need[svc] = "the stack's " + typ + " " + id
			}
		}
	}
	for svc, why := range need {
		if !enabled[svc] {
			t.Errorf("SERVICES lacks %s, which %s needs", svc, why)
		}
	}
}
