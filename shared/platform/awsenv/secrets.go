package awsenv

import (
	"context"
	"encoding/json"
	"fmt"
	"os"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"

	"rvcontent/shared/kernel/config"
)

// secretReader reads secrets: Secrets Manager's client, or a fake in tests.
type secretReader interface {
	GetSecretValue(ctx context.Context, in *secretsmanager.GetSecretValueInput, opts ...func(*secretsmanager.Options)) (*secretsmanager.GetSecretValueOutput, error)
}

// loadSecrets sets SECRET_KEY and the Stripe variables from the secrets
// that config.SecretKeySecretVar and config.StripeSecretVar name, before
// config.FromEnv reads them. A variable already set is kept; a variable
// that names no secret is skipped.
func loadSecrets(ctx context.Context, sm secretReader) error {
	if id := os.Getenv(config.SecretKeySecretVar); id != "" && os.Getenv("SECRET_KEY") == "" {
		v, err := readSecret(ctx, sm, id)
		if err != nil {
			return err
		}
		os.Setenv("SECRET_KEY", v)
	}
	if id := os.Getenv(config.StripeSecretVar); id != "" {
		v, err := readSecret(ctx, sm, id)
		if err != nil {
			return err
		}
		var fields map[string]string
		if err := json.Unmarshal([]byte(v), &fields); err != nil {
			return fmt.Errorf("awsenv: the Stripe secret %s must be a JSON object of strings: %w", id, err)
		}
		for variable, key := range config.StripeSecretFields {
			if os.Getenv(variable) == "" && fields[key] != "" {
				os.Setenv(variable, fields[key])
			}
		}
	}
	return nil
}

// readSecret returns the string value of secret id.
func readSecret(ctx context.Context, sm secretReader, id string) (string, error) {
	out, err := sm.GetSecretValue(ctx, &secretsmanager.GetSecretValueInput{SecretId: aws.String(id)})
	if err != nil {
		return "", fmt.Errorf("awsenv: read secret %s: %w", id, err)
	}
	if out.SecretString == nil {
		return "", fmt.Errorf("awsenv: secret %s has no string value", id)
	}
	return *out.SecretString, nil
}
