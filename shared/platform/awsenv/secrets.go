package awsenv

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"os"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"

	"rvcontent/shared/kernel/config"
	"rvcontent/shared/kernel/secret"
)

// secretReader reads secrets: Secrets Manager's client, or a fake in tests.
type secretReader interface {
	GetSecretValue(ctx context.Context, in *secretsmanager.GetSecretValueInput, opts ...func(*secretsmanager.Options)) (*secretsmanager.GetSecretValueOutput, error)
}

// loadSecrets sets the Stripe variables from the secret that
// config.StripeSecretVar names, before config.FromEnv reads them. A
// variable already set is kept; without the variable nothing is read.
func loadSecrets(ctx context.Context, sm secretReader) error {
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

// secretKey returns the master key: SECRET_KEY when it is set, else the
// secret config.SecretKeySecretVar names, read with sm in the background
// from now on and checked with config.CheckSecretKey when it arrives.
func secretKey(sm secretReader) *secret.Source {
	id := os.Getenv(config.SecretKeySecretVar)
	if key := os.Getenv("SECRET_KEY"); key != "" || id == "" {
		return secret.Static(key)
	}
	return secret.Fetch(func() (string, error) {
		ctx, cancel := context.WithTimeout(context.Background(), secretReadTimeout)
		defer cancel()
		key, err := readSecret(ctx, sm, id)
		if err == nil {
			err = config.CheckSecretKey(key)
		}
		if err != nil {
			slog.Error("read SECRET_KEY", "err", err)
			return "", err
		}
		return key, nil
	})
}

// secretReadTimeout bounds one read of the master key.
const secretReadTimeout = 10 * time.Second

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
