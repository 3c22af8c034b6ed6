package stack

import (
	"strings"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigateway"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsapigatewayv2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslogs"
	"github.com/aws/jsii-runtime-go"
)

// Defaults of the HTTP API stage's route throttle. The service's own
// per-account and per-address budgets (X-RateLimit-*) stay the main guard;
// this only keeps a flood from reaching the functions at all.
const (
	DefaultAPIRateLimit  = 200 // requests per second, steady state
	DefaultAPIBurstLimit = 400 // requests at once
)

// AccessLogField is one field of the API's access log lines: the JSON key
// and the API Gateway $context variable it holds.
type AccessLogField struct {
	Key, Variable string
}

// AccessLogFields are the fields of an access log line, in order. They
// name the request, the caller's address, the route and the outcome, and
// never a header (Authorization holds the caller's key) or the query string.
var AccessLogFields = []AccessLogField{
	{"requestId", "$context.requestId"},
	{"ip", "$context.identity.sourceIp"},
	{"requestTime", "$context.requestTime"},
	{"method", "$context.httpMethod"},
	{"routeKey", "$context.routeKey"},
	{"status", "$context.status"},
	{"protocol", "$context.protocol"},
	{"responseLength", "$context.responseLength"},
	{"integrationLatency", "$context.integrationLatency"},
	{"integrationError", "$context.integrationErrorMessage"},
}

// AccessLogFormat returns the access log line: one JSON object of
// AccessLogFields, every value a string.
func AccessLogFormat() string {
	parts := make([]string, len(AccessLogFields))
	for i, f := range AccessLogFields {
		parts[i] = `"` + f.Key + `":"` + f.Variable + `"`
	}
	return "{" + strings.Join(parts, ",") + "}"
}

// addStage gives the HTTP API its $default stage (deployed automatically,
// with the construct id HttpApi gives its own default stage, so an existing
// stack keeps its stage): every route throttled to APIRateLimit requests per
// second with bursts of APIBurstLimit, and access logs in a log group of
// their own kept 30 days like the functions'.
func (s *ServiceStack) addStage(p ServiceStackProps) {
	s.APIAccessLogs = awslogs.NewLogGroup(s.Stack, jsii.String("ApiAccessLogs"), &awslogs.LogGroupProps{
		Retention:     awslogs.RetentionDays_ONE_MONTH,
		RemovalPolicy: awscdk.RemovalPolicy_DESTROY,
	})
	s.Stage = awsapigatewayv2.NewHttpStage(s.API, jsii.String("DefaultStage"), &awsapigatewayv2.HttpStageProps{
		HttpApi:    s.API,
		StageName:  jsii.String("$default"),
		AutoDeploy: jsii.Bool(true),
		Throttle: &awsapigatewayv2.ThrottleSettings{
			RateLimit:  jsii.Number(float64(p.APIRateLimit)),
			BurstLimit: jsii.Number(float64(p.APIBurstLimit)),
		},
		AccessLogSettings: &accessLogSettings{
			destination: awsapigatewayv2.NewLogGroupLogDestination(s.APIAccessLogs),
			format:      awsapigateway.AccessLogFormat_Custom(jsii.String(AccessLogFormat())),
		},
	})
}

// accessLogSettings implements awsapigatewayv2.IAccessLogSettings.
type accessLogSettings struct {
	destination awsapigatewayv2.IAccessLogDestination
	format      awsapigateway.AccessLogFormat
}

// Destination is where the access logs go.
func (a *accessLogSettings) Destination() awsapigatewayv2.IAccessLogDestination {
	return a.destination
}

// Format is the access log line.
func (a *accessLogSettings) Format() awsapigateway.AccessLogFormat { return a.format }
