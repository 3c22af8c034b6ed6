// Command infra is the service's CDK app. The CDK CLI runs it (cdk.json:
// "go run ."); it reads its settings from the CDK context:
//
//	assetDir          folder of the built function zips (default ../.build, see make build)
//	mailFrom          sender address of the service's emails (MAIL_FROM)
//	logLevel          the functions' LOG_LEVEL (default info)
//	lambdaArch        arm64 (default) or x86_64
//	model             offline (default) or bedrock (MODEL)
//	bedrockModelId    the Bedrock model when model is bedrock
//	stripeSecretName  a Secrets Manager secret with the Stripe settings (none: billing off)
//	alarmEmail        an address subscribed to the alarms topic (none: subscribe yourself)
//	stackName         the CloudFormation stack's name (default ContentService)
//
// Set one with `cdk deploy -c mailFrom=no-reply@example.org` or in
// cdk.context.json.
package main

import (
	"os"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/jsii-runtime-go"

	"rvcontent/infra/stack"
)

func main() {
	defer jsii.Close()
	app := awscdk.NewApp(nil)
	stack.NewServiceStack(app, contextString(app, "stackName", "ContentService"), &stack.ServiceStackProps{
		StackProps: awscdk.StackProps{
			Env: &awscdk.Environment{
				Account: optional(os.Getenv("CDK_DEFAULT_ACCOUNT")),
				Region:  optional(os.Getenv("CDK_DEFAULT_REGION")),
			},
			Description: jsii.String("Content-marketing service: HTTP API, Lambda functions, DynamoDB table, SQS queues"),
		},
		AssetDir: contextString(app, "assetDir", "../.build"),
		MailFrom: contextString(app, "mailFrom", stack.DefaultMailFrom),
		LogLevel: contextString(app, "logLevel", "info"),
		Arch:     contextString(app, "lambdaArch", stack.ArchARM64),

		Model:            contextString(app, "model", stack.ModelOffline),
		BedrockModelID:   contextString(app, "bedrockModelId", ""),
		StripeSecretName: contextString(app, "stripeSecretName", ""),
		AlarmEmail:       contextString(app, "alarmEmail", ""),
	})
	app.Synth(nil)
}

// contextString returns the context value key, or def when it is not set.
func contextString(app awscdk.App, key, def string) string {
	if v, ok := app.Node().TryGetContext(jsii.String(key)).(string); ok && v != "" {
		return v
	}
	return def
}

// optional returns nil for an empty string, so the stack stays
// environment-agnostic when no account or region is known.
func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
