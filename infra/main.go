// Command infra is the service's CDK app. The CDK CLI runs it (cdk.json:
// "${GO:-go} run .", the Go command of the GO make variable); it reads its
// settings from the CDK context:
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
// a setting is out of its range, mailFrom or a set alarmEmail is not a bare
// address, stripeSecretName or bedrockModelId is an ARN, stackName is not a
// name CloudFormation takes, or a function's zip is missing from assetDir
// (run make build first) or built for another architecture than lambdaArch.
package main

import (
	"archive/zip"
	"debug/elf"
	"encoding/binary"
	"fmt"
	"io"
	"maps"
	"net/mail"
	"os"
	"path/filepath"
	"regexp"
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
	stackName := contextString(app, "stackName", "ContentService")
	limits, err := readLimits(app)
	if err == nil {
		err = checkChoices(app)
	}
	if err == nil {
		err = checkMailFrom(mailFrom)
	}
	if err == nil {
		err = checkAlarmEmail(contextString(app, "alarmEmail", ""))
	}
	if err == nil {
		err = checkBedrockModelID(contextString(app, "bedrockModelId", ""))
	}
	if err == nil {
		err = checkStripeSecretName(stripeSecretName)
	}
	if err == nil {
		err = checkStackName(stackName)
	}
	if err == nil {
		err = checkAssets(assetDir, contextString(app, "lambdaArch", stack.ArchARM64))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		jsii.Close()
		os.Exit(2)
	}
	stack.NewServiceStack(app, stackName, &stack.ServiceStackProps{
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
func checkMailFrom(from string) error { return checkAddress("mailFrom", from, "no-reply@example.com") }

// checkAlarmEmail refuses an alarmEmail that is set but is not a bare
// address: SNS would refuse the subscription in the middle of the deploy
// and roll the stack back (a first deploy leaving its retained table and
// master key behind).
func checkAlarmEmail(email string) error {
	if email == "" {
		return nil
	}
	return checkAddress("alarmEmail", email, "ops@example.com")
}

// checkAddress refuses a context value key that is not one bare email
// address such as example: no display name, no list, no spaces.
func checkAddress(key, v, example string) error {
	a, err := mail.ParseAddress(v)
	if err != nil || a.Name != "" || a.Address != v {
		return fmt.Errorf("context %s: %q is not an email address such as %s (no display name)", key, v, example)
	}
	return nil
}

// checkBedrockModelID refuses an ARN where a model id belongs: the stack
// grants bedrock:InvokeModel on the foundation model or inference profile
// an id names (stack.bedrockResources), which an ARN would not match, so
// every model call would be denied.
func checkBedrockModelID(id string) error {
	if strings.HasPrefix(id, "arn:") {
		return fmt.Errorf("context bedrockModelId: %q is an ARN; give a foundation model id (anthropic.claude-...) or a cross-Region inference profile id (us.anthropic.claude-...)", id)
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

// stackNamePattern is what CloudFormation (and the CDK's Stack) accepts
// as a stack name: a letter, then letters, digits and hyphens.
var stackNamePattern = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9-]*$`)

// maxStackName is the longest stack name CloudFormation accepts.
const maxStackName = 128

// checkStackName refuses a stackName CloudFormation would not take: the
// CDK's own check would otherwise stop the app with a panic and a stack
// trace.
func checkStackName(name string) error {
	if !stackNamePattern.MatchString(name) || len(name) > maxStackName {
		return fmt.Errorf("context stackName: %q is not a stack name: a letter, then letters, digits and hyphens, %d characters at most", name, maxStackName)
	}
	return nil
}

// checkAssets refuses an asset folder without every function's zip, which
// the stack's functions are made of (CDK would otherwise stop with a panic
// and a stack trace), or with a zip whose bootstrap is not a Linux
// executable for arch (lambdaArch), which Lambda could not start: every
// function would fail with an exec format error. make passes LAMBDA_ARCH
// as lambdaArch and builds for it, but a lambdaArch in CDK_ARGS comes
// later on the CLI's command line and wins.
func checkAssets(dir, arch string) error {
	var missing, foreign []string
	built := map[string]bool{}
	for _, name := range stack.FunctionNames() {
		zipName := name + ".zip"
		if _, err := os.Stat(filepath.Join(dir, zipName)); err != nil {
			missing = append(missing, zipName)
			continue
		}
		got, err := zipArch(filepath.Join(dir, zipName))
		if err != nil {
			got = "no Linux executable"
		}
		if got != arch {
			foreign = append(foreign, zipName)
			built[got] = true
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("context assetDir: %s lacks %s: build the functions first (make build, or go run ./infra/buildfns -out <assetDir>)",
			dir, strings.Join(missing, ", "))
	}
	if len(foreign) > 0 {
		zips := strings.Join(foreign, ", ")
		if len(foreign) == len(stack.FunctionNames()) {
			zips = "the zips"
		}
		return fmt.Errorf("context lambdaArch: %s, but %s in %s hold %s: build for it with the make variable (make deploy LAMBDA_ARCH=%s), not with -c lambdaArch in CDK_ARGS",
			arch, zips, dir, strings.Join(slices.Sorted(maps.Keys(built)), " and "), arch)
	}
	return nil
}

// lambdaArchs names the architectures of ELF machines as lambdaArch does.
var lambdaArchs = map[elf.Machine]string{elf.EM_AARCH64: stack.ArchARM64, elf.EM_X86_64: stack.ArchX86}

// zipArch returns the architecture the bootstrap executable of the
// function zip at path is built for, as lambdaArch names it (another
// machine by its ELF name).
func zipArch(path string) (string, error) {
	zr, err := zip.OpenReader(path)
	if err != nil {
		return "", err
	}
	defer zr.Close()
	f, err := zr.Open("bootstrap")
	if err != nil {
		return "", err
	}
	defer f.Close()
	var header [20]byte // e_ident, e_type and e_machine
	if _, err := io.ReadFull(f, header[:]); err != nil {
		return "", err
	}
	if string(header[:4]) != elf.ELFMAG || elf.Data(header[elf.EI_DATA]) != elf.ELFDATA2LSB {
		return "", fmt.Errorf("%s: bootstrap is not a little-endian ELF executable", path)
	}
	machine := elf.Machine(binary.LittleEndian.Uint16(header[18:]))
	if a, ok := lambdaArchs[machine]; ok {
		return a, nil
	}
	return machine.String(), nil
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
