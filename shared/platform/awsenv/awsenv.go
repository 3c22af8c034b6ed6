// Package awsenv reads what a Lambda function knows of AWS from its
// environment: the region, the execution role's credentials, the SDK's
// standard endpoint overrides (AWS_ENDPOINT_URL and
// AWS_ENDPOINT_URL_<SERVICE>, so a deployed-mode function can be pointed at
// DynamoDB Local or another local stand-in), and the secrets a function
// reads from Secrets Manager when it starts. It replaces the SDK's config
// loader, which would link and initialise credential providers (SSO, STS,
// profiles, IMDS) that a Lambda never uses.
package awsenv

import (
	"context"
	"fmt"
	"os"

	"rvcontent/shared/kernel/secret"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
)

// Service names as the endpoint variables spell them
// (AWS_ENDPOINT_URL_<name>).
const (
	DynamoDB       = "DYNAMODB"
	SQS            = "SQS"
	SESv2          = "SESV2"
	SecretsManager = "SECRETS_MANAGER"
	BedrockRuntime = "BEDROCK_RUNTIME"
	Lambda         = "LAMBDA"
)

// Config returns the SDK configuration of the environment: the region
// (AWS_REGION, else AWS_DEFAULT_REGION) and the credentials the Lambda
// runtime puts in AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and
// AWS_SESSION_TOKEN. It fails when either is missing.
func Config() (aws.Config, error) {
	region := os.Getenv("AWS_REGION")
	if region == "" {
		region = os.Getenv("AWS_DEFAULT_REGION")
	}
	if region == "" {
		return aws.Config{}, fmt.Errorf("awsenv: AWS_REGION is not set")
	}
	id, secret := os.Getenv("AWS_ACCESS_KEY_ID"), os.Getenv("AWS_SECRET_ACCESS_KEY")
	if id == "" || secret == "" {
		return aws.Config{}, fmt.Errorf("awsenv: AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY are not set")
	}
	return aws.Config{
		Region:       region,
		Credentials:  credentials.NewStaticCredentialsProvider(id, secret, os.Getenv("AWS_SESSION_TOKEN")),
		BaseEndpoint: nonEmpty(os.Getenv("AWS_ENDPOINT_URL")),
	}, nil
}

// Endpoint returns the endpoint override of service
// (AWS_ENDPOINT_URL_<service>, else AWS_ENDPOINT_URL), or nil for the
// service's own endpoint. Pass it as the client's BaseEndpoint.
func Endpoint(service string) *string {
	if v := os.Getenv("AWS_ENDPOINT_URL_" + service); v != "" {
		return &v
	}
	return nonEmpty(os.Getenv("AWS_ENDPOINT_URL"))
}

func nonEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// LoadSecrets reads the Stripe secret the environment names (see
// loadSecrets) from Secrets Manager into the environment, before
// config.FromEnv reads it, and returns the master key: SECRET_KEY when set,
// else the secret SECRET_KEY_SECRET_ID names, whose read starts now and
// goes on in the background (see kernel/secret). Without a secret to read
// it makes no call.
func LoadSecrets(ctx context.Context, cfg aws.Config) (*secret.Source, error) {
	sm := secretsmanager.NewFromConfig(cfg, func(o *secretsmanager.Options) { o.BaseEndpoint = Endpoint(SecretsManager) })
	key := secretKey(sm)
	return key, loadSecrets(ctx, sm)
}
