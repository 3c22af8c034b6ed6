// Package stack is the service's CDK stack: the one DynamoDB table, the jobs
// and deliveries queues with their dead-letter queues, one Lambda function
// per endpoint group and per worker, the HTTP API whose routes come from the
// route table, the scheduler's EventBridge rule, the alarms and the stack
// outputs.
package stack

import (
	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsdynamodb"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslogs"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssns"
	"github.com/aws/constructs-go/constructs/v10"
	"github.com/aws/jsii-runtime-go"

	"rvcontent/shared/edge/routes"
	"rvcontent/shared/kernel/apipath"
	"rvcontent/shared/kernel/workqueues"
	"rvcontent/shared/platform/dynamo"
)

// ServiceStackProps configure NewServiceStack.
type ServiceStackProps struct {
	awscdk.StackProps
	// AssetDir holds the built functions, one <name>.zip each with a
	// bootstrap executable inside (see infra/buildfns).
	AssetDir string
	// MailFrom is the sender of the service's emails (MAIL_FROM). It must be
	// a verified SES identity, or an address of a verified domain.
	MailFrom string
	// LogLevel is the functions' LOG_LEVEL; "info" when empty.
	LogLevel string
	// Arch is the functions' architecture, ArchARM64 (the default) or
	// ArchX86 (LocalStack on an x86 host without arm64 emulation).
	Arch string
	// Model is the language model (MODEL): ModelOffline (the default) or
	// ModelBedrock, which lets the functions that run it call
	// BedrockModelID (DefaultBedrockModelID when empty): a foundation model
	// id, or a cross-Region inference profile id ("us.anthropic...").
	Model          string
	BedrockModelID string
	// StripeSecretName names an existing Secrets Manager secret holding a
	// JSON object with secret_key, webhook_secret, plan_price_id and
	// studio_price_id; the payment functions read it when they start
	// (STRIPE_SECRET_ID) and use them as STRIPE_*. Empty leaves billing
	// unavailable.
	StripeSecretName string
	// AlarmEmail, when set, is subscribed to the Alarms topic (SNS sends it
	// a confirmation link first).
	AlarmEmail string
	// APIRateLimit and APIBurstLimit throttle every route of the HTTP API's
	// stage: requests per second and requests at once
	// (DefaultAPIRateLimit and DefaultAPIBurstLimit when 0).
	APIRateLimit  int
	APIBurstLimit int
	// JobsMaxConcurrency caps how many jobs worker instances the jobs
	// queue invokes at once, 2 to 1000 (DefaultJobsMaxConcurrency when 0).
	// It reserves no concurrency.
	JobsMaxConcurrency int
	// DeliveriesMaxConcurrency caps how many deliveries worker instances
	// the deliveries queue invokes at once, 2 to 1000
	// (DefaultDeliveriesMaxConcurrency when 0). It reserves no concurrency.
	DeliveriesMaxConcurrency int
}

// Function architectures.
const (
	ArchARM64 = "arm64"
	ArchX86   = "x86_64"
)

// DefaultMailFrom is MailFrom when the props leave it empty.
const DefaultMailFrom = "no-reply@example.com"

// ServiceStack is the stack and the resources its parts refer to.
type ServiceStack struct {
	awscdk.Stack
	Table      awsdynamodb.Table
	Jobs       *WorkQueue
	Deliveries *WorkQueue
	API        awsapigatewayv2.HttpApi
	// Stage is the API's throttled $default stage; APIAccessLogs holds its
	// access logs (see addStage).
	Stage         awsapigatewayv2.HttpStage
	APIAccessLogs awslogs.LogGroup
	// AlarmTopic receives the stack's alarms (see addAlarms).
	AlarmTopic awssns.Topic
	// Functions holds every function by name: the endpoint groups' names
	// (routes.Group) and the workers' (JobWorker, DeliveriesWorker,
	// Scheduler).
	Functions map[string]awslambda.Function
}

// NewServiceStack builds the whole service in one stack.
func NewServiceStack(scope constructs.Construct, id string, props *ServiceStackProps) *ServiceStack {
	p := *props
	if p.MailFrom == "" {
		p.MailFrom = DefaultMailFrom
	}
	if p.LogLevel == "" {
		p.LogLevel = "info"
	}
	if p.Model == "" {
		p.Model = ModelOffline
	}
	if p.BedrockModelID == "" {
		p.BedrockModelID = DefaultBedrockModelID
	}
	if p.APIRateLimit == 0 {
		p.APIRateLimit = DefaultAPIRateLimit
	}
	if p.APIBurstLimit == 0 {
		p.APIBurstLimit = DefaultAPIBurstLimit
	}
	if p.JobsMaxConcurrency == 0 {
		p.JobsMaxConcurrency = DefaultJobsMaxConcurrency
	}
	if p.DeliveriesMaxConcurrency == 0 {
		p.DeliveriesMaxConcurrency = DefaultDeliveriesMaxConcurrency
	}
	s := &ServiceStack{Stack: awscdk.NewStack(scope, &id, &p.StackProps), Functions: map[string]awslambda.Function{}}
	s.Table = newTable(s.Stack, "Table", dynamo.TableSchema)
	s.Jobs = newWorkQueue(s.Stack, "JobsQueue", workqueues.Jobs)
	s.Deliveries = newWorkQueue(s.Stack, "DeliveriesQueue", workqueues.Deliveries)
	s.API = awsapigatewayv2.NewHttpApi(s.Stack, jsii.String("Api"), &awsapigatewayv2.HttpApiProps{
		Description:        jsii.String("The service's HTTP API: every route of the route table, and $default for the rest"),
		CreateDefaultStage: jsii.Bool(false), // addStage builds it
	})
	s.addStage(p)

	f := &factory{stack: s, props: p, settings: newSettings(s, p)}
	for _, g := range groupNames() {
		s.Functions[string(g)] = f.function(string(g), endpointSpec, GroupAccess(g))
	}
	s.addInvokes()
	s.addRoutes()
	s.addWorkers(f)
	s.addAlarms(p.AlarmEmail)
	s.addOutputs()
	return s
}

// addOutputs exports what a deployer needs to reach and inspect the service.
func (s *ServiceStack) addOutputs() {
	outputs := []struct {
		id, description string
		value           *string
	}{
		{"ApiUrl", "Base URL of the service (BASE_URL)", s.API.ApiEndpoint()},
		{"DashboardUrl", "The owner's dashboard (DASHBOARD_URL)", s.apiURL(apipath.Dashboard)},
		{"PaymentsWebhookUrl", "Where the payment processor sends its webhooks (enter it in Stripe)", s.apiURL(routes.PaymentsWebhookPath)},
		{"TableName", "DynamoDB table (TABLE_NAME)", s.Table.TableName()},
		{"JobsQueueUrl", "Jobs queue (JOBS_QUEUE_URL)", s.Jobs.Queue.QueueUrl()},
		{"JobsDeadLetterQueueUrl", "Jobs that failed every attempt", s.Jobs.DeadLetter.QueueUrl()},
		{"DeliveriesQueueUrl", "Deliveries queue (DELIVERIES_QUEUE_URL)", s.Deliveries.Queue.QueueUrl()},
		{"DeliveriesDeadLetterQueueUrl", "Deliveries messages that failed every attempt", s.Deliveries.DeadLetter.QueueUrl()},
		{"ApiAccessLogGroup", "CloudWatch Logs group of the HTTP API's access logs", s.APIAccessLogs.LogGroupName()},
		{"AlarmTopicArn", "SNS topic of the stack's alarms (subscribe to it, or deploy with -c alarmEmail=...)", s.AlarmTopic.TopicArn()},
	}
	for _, o := range outputs {
		awscdk.NewCfnOutput(s.Stack, jsii.String(o.id), &awscdk.CfnOutputProps{Value: o.value, Description: jsii.String(o.description)})
	}
}

// apiURL returns the address of path on the API's endpoint.
func (s *ServiceStack) apiURL(path string) *string {
	return awscdk.Fn_Join(jsii.String(""), &[]*string{s.API.ApiEndpoint(), jsii.String(path)})
}

// LogicalID returns the CloudFormation logical id of the function named
// name, or "" when the stack has no such function.
func (s *ServiceStack) LogicalID(name string) string {
	fn, ok := s.Functions[name]
	if !ok {
		return ""
	}
	return s.LogicalIDOf(fn)
}

// LogicalIDOf returns the CloudFormation logical id of the resource that
// construct c (a table, queue, function...) stands for.
func (s *ServiceStack) LogicalIDOf(c constructs.IConstruct) string {
	return *s.Stack.GetLogicalId(c.Node().DefaultChild().(awscdk.CfnElement))
}
