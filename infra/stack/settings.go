package stack

import (
	"strings"

	"github.com/aws/aws-cdk-go/awscdk/v2"
	"github.com/aws/aws-cdk-go/awscdk/v2/awsiam"
	"github.com/aws/aws-cdk-go/awscdk/v2/awslambda"
	"github.com/aws/aws-cdk-go/awscdk/v2/awssecretsmanager"
	"github.com/aws/jsii-runtime-go"

	"rvcontent/shared/kernel/config"
	"rvcontent/shared/platform/model/bedrock"
)

// Language models (MODEL).
const (
	ModelOffline = "offline"
	ModelBedrock = "bedrock"
)

// DefaultBedrockModelID is the Bedrock model granted when the props name
// none: the bedrock adapter's default.
const DefaultBedrockModelID = bedrock.DefaultModelID

// settings holds the secrets and switches every function's environment
// draws on beyond the resources: the master key, the model and Stripe.
type settings struct {
	secretKey awssecretsmanager.Secret
	stripe    awssecretsmanager.ISecret // nil without StripeSecretName
}

// newSettings creates the service's master key (SECRET_KEY): 64 random
// characters in Secrets Manager, kept when the stack is deleted because
// changing it changes every secret derived from it (webhook signing
// secrets). It also looks up the Stripe secret when one is named.
func newSettings(s *ServiceStack, p ServiceStackProps) *settings {
	out := &settings{}
	out.secretKey = awssecretsmanager.NewSecret(s.Stack, jsii.String("SecretKey"), &awssecretsmanager.SecretProps{
		Description: jsii.String("The service's master key for derived secrets (SECRET_KEY)"),
		GenerateSecretString: &awssecretsmanager.SecretStringGenerator{
			PasswordLength:     jsii.Number(64),
			ExcludePunctuation: jsii.Bool(true),
			IncludeSpace:       jsii.Bool(false),
		},
		RemovalPolicy: awscdk.RemovalPolicy_RETAIN,
	})
	if p.StripeSecretName != "" {
		out.stripe = awssecretsmanager.Secret_FromSecretNameV2(s.Stack, jsii.String("Stripe"), jsii.String(p.StripeSecretName))
	}
	return out
}

// env adds the settings' variables for a function with access to env.
// Secrets are named, never given: the function reads them from Secrets
// Manager when it starts (config.SecretKeySecretVar), so they appear
// neither in the template nor in the function's configuration.
func (st *settings) env(p ServiceStackProps, access Access, env map[string]*string) {
	env[config.SecretKeySecretVar] = st.secretKey.SecretArn()
	env["MODEL"] = jsii.String(p.Model)
	if p.Model == ModelBedrock && access.RunsModel {
		env["BEDROCK_MODEL_ID"] = jsii.String(p.BedrockModelID)
	}
	if st.stripe != nil && access.Payments {
		env[config.StripeSecretVar] = st.stripe.SecretName()
	}
}

// grant lets a function read the secrets its environment names, and a
// function that runs the model call Bedrock's model.
func (st *settings) grant(p ServiceStackProps, fn awslambda.Function, access Access) {
	st.secretKey.GrantRead(fn, nil)
	if st.stripe != nil && access.Payments {
		st.stripe.GrantRead(fn, nil)
	}
	if p.Model != ModelBedrock || !access.RunsModel {
		return
	}
	fn.AddToRolePolicy(awsiam.NewPolicyStatement(&awsiam.PolicyStatementProps{
		Actions:   jsii.Strings("bedrock:InvokeModel"),
		Resources: bedrockResources(awscdk.Stack_Of(fn), p.BedrockModelID),
	}))
}

// inferenceProfilePrefixes are the geography prefixes of Bedrock's
// cross-Region inference profile ids ("us.anthropic.claude-..."), which the
// newer models must be invoked through.
var inferenceProfilePrefixes = []string{"us.", "us-gov.", "eu.", "apac.", "jp.", "au.", "ca.", "global."}

// bedrockResources returns what invoking modelID needs: the foundation
// model in the stack's region; or, for a cross-Region inference profile id,
// the profile in the stack's region and its foundation model in every
// region the profile may route a request to (a global profile's model ARN
// has no region, which "*" matches too).
func bedrockResources(stack awscdk.Stack, modelID string) *[]*string {
	for _, prefix := range inferenceProfilePrefixes {
		if !strings.HasPrefix(modelID, prefix) {
			continue
		}
		profile := stack.FormatArn(&awscdk.ArnComponents{
			Service: jsii.String("bedrock"), Resource: jsii.String("inference-profile"), ResourceName: jsii.String(modelID),
		})
		model := stack.FormatArn(&awscdk.ArnComponents{
			Service: jsii.String("bedrock"), Region: jsii.String("*"), Account: jsii.String(""),
			Resource: jsii.String("foundation-model"), ResourceName: jsii.String(strings.TrimPrefix(modelID, prefix)),
		})
		return &[]*string{profile, model}
	}
	return &[]*string{stack.FormatArn(&awscdk.ArnComponents{
		Service: jsii.String("bedrock"), Account: jsii.String(""),
		Resource: jsii.String("foundation-model"), ResourceName: jsii.String(modelID),
	})}
}
