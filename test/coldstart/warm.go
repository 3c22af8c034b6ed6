package main

import (
	"context"
	"errors"
	"fmt"
	"maps"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"

	"rvcontent/shared/kernel/config"
	"rvcontent/shared/platform/dynamo"
)

// warmStandIns makes warmCalls GetItems against DynamoDB Local and a few
// secret reads against moto with env, a function's environment: a JVM that
// just started answers its first calls several times slower than later
// ones, which would be counted against the functions (they call it) and
// not against the empty one.
func warmStandIns(ctx context.Context, env map[string]string) error {
	cfg := aws.Config{
		Region:      env["AWS_REGION"],
		Credentials: credentials.NewStaticCredentialsProvider(env["AWS_ACCESS_KEY_ID"], env["AWS_SECRET_ACCESS_KEY"], ""),
	}
	table := &dynamo.Table{Name: env["TABLE_NAME"], Client: dynamodb.NewFromConfig(cfg, func(o *dynamodb.Options) {
		o.BaseEndpoint = aws.String(env["AWS_ENDPOINT_URL_DYNAMODB"])
	})}
	for i := 0; i < warmCalls; i++ {
		var item map[string]any
		if err := table.Get(ctx, "WARM", "WARM", &item); err != nil && !errors.Is(err, dynamo.ErrNotFound) {
			return fmt.Errorf("warm DynamoDB Local: %w", err)
		}
	}
	id := env[config.SecretKeySecretVar]
	if id == "" {
		return nil
	}
	sm := secretsmanager.NewFromConfig(cfg, func(o *secretsmanager.Options) {
		o.BaseEndpoint = aws.String(env["AWS_ENDPOINT_URL_SECRETS_MANAGER"])
	})
	for i := 0; i < warmCalls/30; i++ {
		if _, err := sm.GetSecretValue(ctx, &secretsmanager.GetSecretValueInput{SecretId: aws.String(id)}); err != nil {
			return fmt.Errorf("warm moto: %w", err)
		}
	}
	return nil
}

// withoutSecrets returns env without the variables that name secrets to
// read at start.
func withoutSecrets(env map[string]string) map[string]string {
	out := maps.Clone(env)
	delete(out, config.SecretKeySecretVar)
	delete(out, config.StripeSecretVar)
	return out
}
