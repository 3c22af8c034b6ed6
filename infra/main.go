// Command infra is the service's CDK app. The CDK CLI runs it (cdk.json:
// "go run ."); it reads its settings from the CDK context:
//
//	assetDir          folder of the built function zips (default ../.build, see make build)
//	mailFrom          sender address of the service's emails (MAIL_FROM)
//	logLevel          the functions' LOG_LEVEL (default info)
//	lambdaArch        arm64 (default) or x86_64
//	model             offline (default) or bedrock (MODEL)
//	bedrockModelId    the Bedrock model when model is bedrock
//	stripeSecretName  the name of a Secrets Manager secret with the Stripe settings (none: billing off)
//	alarmEmail        an address subscribed to the alarms topic (none: subscribe yourself)
//	stackName         the CloudFormation stack's name (default ContentService)
//	apiRateLimit      the HTTP API stage's throttle, requests per second (default 200)
//	apiBurstLimit     the HTTP API stage's burst, requests at once (default 400)
//	jobsMaxConcurrency jobs worker instances the jobs queue runs at once, 2 to 1000 (default 10)
//	deliveriesMaxConcurrency deliveries worker instances the deliveries queue runs at once, 2 to 1000 (default 10)
//
// Set one with `cdk deploy -c mailFrom=no-reply@example.org` or in
// cdk.json, which holds every default (so a value in cdk.context.json,
// which the CLI reads after cdk.json, is never used).
//
// The app refuses to synthesize, with the setting and what it accepts, when
// a setting is out of its range, mailFrom is not a bare address,
// stripeSecretName is an ARN, or a function's zip is missing from assetDir
// (run make build first).
package main

import (
	"fmt"
	"net/mail"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/jsii-runtime-go"

	"rvcontent/infra/stack"
)

func main() {
	defer jsii.Close()
	app := awscdk.NewApp(nil)
	assetDir := contextString(app, "assetDir", "../.build")
	mailFrom := contextString(app, "mailFrom", stack.DefaultMailFrom)
	stripeSecretName := contextString(app, "stripeSecretName", "")
	limits, err := readLimits(app)
	if err == nil {
		err = checkChoices(app)
	}
	if err == nil {
		err = checkMailFrom(mailFrom)
	}
	if err == nil {
		err = checkStripeSecretName(stripeSecretName)
	}
	if err == nil {
		err = checkAssets(assetDir)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		jsii.Close()
		os.Exit(2)
	}
	stack.NewServiceStack(app, contextString(app, "stackName", "ContentService"), &stack.ServiceStackProps{
		StackProps: awscdk.StackProps{
			Env: &awscdk.Environment{
				Account: optional(os.Getenv("CDK_DEFAULT_ACCOUNT")),
				Region:  optional(os.Getenv("CDK_DEFAULT_REGION")),
			},
			Description: jsii.String("Content-marketing service: HTTP API, Lambda functions, DynamoDB table, SQS queues"),
		},
		AssetDir: assetDir,
		MailFrom: mailFrom,
		LogLevel: contextString(app, "logLevel", "info"),
		Arch:     contextString(app, "lambdaArch", stack.ArchARM64),

		Model:            contextString(app, "model", stack.ModelOffline),
		BedrockModelID:   contextString(app, "bedrockModelId", ""),
		StripeSecretName: stripeSecretName,
		AlarmEmail:       contextString(app, "alarmEmail", ""),

		APIRateLimit:             limits.apiRate,
		APIBurstLimit:            limits.apiBurst,
		JobsMaxConcurrency:       limits.jobsConcurrency,
		DeliveriesMaxConcurrency: limits.deliveriesConcurrency,
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

// choices are the settings that take one of a few values, with them.
var choices = map[string][]string{
	"lambdaArch": {stack.ArchARM64, stack.ArchX86},
	"model":      {stack.ModelOffline, stack.ModelBedrock},
	"logLevel":   {"debug", "info", "warn", "error"},
}

// checkChoices refuses a setting of choices that names none of its
// values, before anything is synthesized: a typo would otherwise deploy
// functions that cannot start or run on the wrong architecture.
func checkChoices(app awscdk.App) error {
	for _, key := range []string{"lambdaArch", "model", "logLevel"} {
		if v := contextString(app, key, ""); v != "" && !slices.Contains(choices[key], v) {
			return fmt.Errorf("context %s: %q is not one of %s", key, v, strings.Join(choices[key], ", "))
		}
	}
	return nil
}

// checkMailFrom refuses a sender that is not a bare address: the functions'
// SES permission allows sending only when the From address equals it
// (ses:FromAddress), so "Name <address>" or a typo would deploy functions
// whose every mail is refused.
func checkMailFrom(from string) error {
	a, err := mail.ParseAddress(from)
	if err != nil || a.Name != "" || a.Address != from {
		return fmt.Errorf("context mailFrom: %q is not an email address such as no-reply@example.com (no display name)", from)
	}
	return nil
}

// checkStripeSecretName refuses an ARN where the secret's name belongs:
// the functions could read it, but their permission, made for a name
// (name-??????), would not match it, and the Stripe functions could not
// start.
func checkStripeSecretName(name string) error {
	if strings.HasPrefix(name, "arn:") {
		return fmt.Errorf("context stripeSecretName: %q is an ARN; give the secret's name (the part after secret:, without the 6-character suffix)", name)
	}
	return nil
}

// checkAssets refuses an asset folder without every function's zip, which
// the stack's functions are made of: CDK would otherwise stop with a panic
// and a stack trace.
func checkAssets(dir string) error {
	var missing []string
	for _, name := range stack.FunctionNames() {
		if _, err := os.Stat(filepath.Join(dir, name+".zip")); err != nil {
			missing = append(missing, name+".zip")
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("context assetDir: %s lacks %s: build the functions first (make build, or go run ./infra/buildfns -out <assetDir>)",
			dir, strings.Join(missing, ", "))
	}
	return nil
}

// limits are the stack's numeric settings.
type limits struct {
	apiRate, apiBurst, jobsConcurrency, deliveriesConcurrency int
}

// readLimits reads the numeric settings from the context, each within the
// range the service accepts.
func readLimits(app awscdk.App) (limits, error) {
	var l limits
	var err error
	if l.apiRate, err = contextInt(app, "apiRateLimit", stack.DefaultAPIRateLimit, 1, 1_000_000); err != nil {
		return l, err
	}
	if l.apiBurst, err = contextInt(app, "apiBurstLimit", stack.DefaultAPIBurstLimit, 1, 1_000_000); err != nil {
		return l, err
	}
	if l.jobsConcurrency, err = contextInt(app, "jobsMaxConcurrency", stack.DefaultJobsMaxConcurrency, 2, 1000); err != nil {
		return l, err
	}
	l.deliveriesConcurrency, err = contextInt(app, "deliveriesMaxConcurrency", stack.DefaultDeliveriesMaxConcurrency, 2, 1000)
	return l, err
}

// contextInt returns the context value key, a whole number from min to max
// given as a number (cdk.json) or a string (-c key=value), or def when it is
// not set.
func contextInt(app awscdk.App, key string, def, min, max int) (int, error) {
	var n int
	switch v := app.Node().TryGetContext(jsii.String(key)).(type) {
	case nil:
		return def, nil
	case float64:
		if v != float64(int(v)) {
			return 0, fmt.Errorf("context %s: %v is not a whole number", key, v)
		}
		n = int(v)
	case string:
		if v == "" {
			return def, nil
		}
		i, err := strconv.Atoi(v)
		if err != nil {
			return 0, fmt.Errorf("context %s: %q is not a whole number", key, v)
		}
		n = i
	default:
		return 0, fmt.Errorf("context %s: %v is not a whole number", key, v)
	}
	if n < min || n > max {
		return 0, fmt.Errorf("context %s: %d is outside %d to %d", key, n, min, max)
	}
	return n, nil
}

// optional returns nil for an empty string, so the stack stays
// environment-agnostic when no account or region is known.
func optional(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}
