package stack

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslogs"
	"github.com/aws/jsii-runtime-go"

	"rvcontent/infra/naming"
	"rvcontent/shared/kernel/gcsettings"
	"rvcontent/shared/platform/dynamo"
)

// fnSpec sizes a function.
type fnSpec struct {
	Timeout  time.Duration
	MemoryMB int
	Kind     string // for the description
}

// endpointSpec sizes the endpoint groups' functions. API Gateway gives up
// on an integration after 29 seconds, so the function stops there too.
var endpointSpec = fnSpec{Timeout: 29 * time.Second, MemoryMB: 512, Kind: "endpoint group"}

// factory builds the stack's functions alike.
type factory struct {
	stack    *ServiceStack
	props    ServiceStackProps
	settings *settings
}

// function builds the function named name from <AssetDir>/<name>.zip with
// its own role (no managed policy), its own log group, the environment of
// shared/config, and the grants of access.
func (f *factory) function(name string, spec fnSpec, access Access) awslambda.Function {
	id := naming.ConstructID(name)
	role := awsiam.NewRole(f.stack.Stack, jsii.String(id+"Role"), &awsiam.RoleProps{
		AssumedBy:   awsiam.NewServicePrincipal(jsii.String("lambda.amazonaws.com"), nil),
		Description: jsii.String(fmt.Sprintf("Runs the %s function", name)),
	})
	logs := awslogs.NewLogGroup(f.stack.Stack, jsii.String(id+"Logs"), &awslogs.LogGroupProps{
		Retention:     awslogs.RetentionDays_ONE_MONTH,
		RemovalPolicy: awscdk.RemovalPolicy_DESTROY,
	})
	logs.GrantWrite(role)
	arch := awslambda.Architecture_ARM_64()
	if f.props.Arch == ArchX86 {
		arch = awslambda.Architecture_X86_64()
	}
	fn := awslambda.NewFunction(f.stack.Stack, jsii.String(id+"Function"), &awslambda.FunctionProps{
		Description:  jsii.String(fmt.Sprintf("%s (%s)", name, spec.Kind)),
		Runtime:      awslambda.Runtime_PROVIDED_AL2023(),
		Architecture: arch,
		Handler:      jsii.String("bootstrap"),
		Code:         awslambda.Code_FromAsset(jsii.String(filepath.Join(f.props.AssetDir, name+".zip")), nil),
		MemorySize:   jsii.Number(float64(spec.MemoryMB)),
		Timeout:      duration(spec.Timeout),
		Role:         role,
		LogGroup:     logs,
		Environment:  f.environment(access, spec),
	})
	f.grant(fn, access)
	return fn
}

// environment is the configuration shared/config reads, and the Go
// runtime's collector settings for spec's memory (gcsettings.Env).
// DEV_MODE is never set here.
func (f *factory) environment(access Access, spec fnSpec) *map[string]*string {
	s := f.stack
	env := map[string]*string{
		"TABLE_NAME": s.Table.TableName(),
		"BASE_URL":   s.API.ApiEndpoint(),
		"MAIL_FROM":  jsii.String(f.props.MailFrom),
		"LOG_LEVEL":  jsii.String(f.props.LogLevel),
	}
	for k, v := range gcsettings.Env(spec.MemoryMB) {
		env[k] = jsii.String(v)
	}
	if access.SendJobs {
		env["JOBS_QUEUE_URL"] = s.Jobs.Queue.QueueUrl()
	}
	if access.SendDeliveries {
		env["DELIVERIES_QUEUE_URL"] = s.Deliveries.Queue.QueueUrl()
	}
	f.settings.env(f.props, access, env)
	return &env
}

// grant gives fn the operations the table adapter sends (dynamo.Actions,
// on the table and its indexes) and what access allows.
func (f *factory) grant(fn awslambda.Function, access Access) {
	s := f.stack
	s.Table.Grant(fn, *jsii.Strings(dynamo.Actions...)...)
	if access.SendJobs {
		s.Jobs.Queue.GrantSendMessages(fn)
	}
	if access.SendDeliveries {
		s.Deliveries.Queue.GrantSendMessages(fn)
	}
	if access.SendMail {
		fn.AddToRolePolicy(f.sendMailStatement())
	}
	f.settings.grant(f.props, fn, access)
}

// sendMailStatement allows SES's SendEmail from MailFrom only. The resource
// is every identity of the account and region because SES also checks the
// recipients' identities while the account is in the SES sandbox.
func (f *factory) sendMailStatement() awsiam.PolicyStatement {
	return awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Actions: jsii.Strings("ses:SendEmail"),
		Resources: jsii.Strings(*awscdk.Stack_Of(f.stack.Stack).FormatArn(&awscdk.ArnComponents{
			Service: jsii.String("ses"), Resource: jsii.String("identity"), ResourceName: jsii.String("*"),
		})),
		Conditions: &map[string]interface{}{
			"StringEquals": map[string]interface{}{"ses:FromAddress": f.props.MailFrom},
		},
	})
}
