package awsenv

import (
	"context"
	"errors"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"

	"rvcontent/shared/kernel/config"
)

// fakeSecrets answers GetSecretValue from a map and counts the calls.
type fakeSecrets struct {
	values map[string]string
	calls  int
}

func (f *fakeSecrets) GetSecretValue(_ context.Context, in *secretsmanager.GetSecretValueInput, _ ...func(*secretsmanager.Options)) (*secretsmanager.GetSecretValueOutput, error) {
	f.calls++
	v, ok := f.values[aws.ToString(in.SecretId)]
	if !ok {
		return nil, errors.New("ResourceNotFoundException")
	}
	return &secretsmanager.GetSecretValueOutput{SecretString: aws.String(v)}, nil
}

func TestLoadSecretsFillsTheVariables(t *testing.T) {
	t.Setenv("SECRET_KEY", "")
	for variable := range config.StripeSecretFields {
		t.Setenv(variable, "")
	}
	t.Setenv("STRIPE_PLAN_PRICE_ID", "price_set_directly")
	t.Setenv("TABLE_NAME", "service")
	t.Setenv(config.SecretKeySecretVar, "master")
	t.Setenv(config.StripeSecretVar, "stripe")
	sm := &fakeSecrets{values: map[string]string{
		"master": "k3y-0123456789abcdef0123456789abcdef",
		"stripe": `{"secret_key":"sk_test_1","webhook_secret":"whsec_1","plan_price_id":"price_1","studio_price_id":"price_2"}`,
	}}
	if err := loadSecrets(context.Background(), sm); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.FromEnv()
	if err != nil {
		t.Fatal(err)
	}
	if cfg.SecretKey != "k3y-0123456789abcdef0123456789abcdef" || cfg.Stripe.SecretKey != "sk_test_1" || cfg.Stripe.WebhookSecret != "whsec_1" ||
		cfg.Stripe.PlanPriceID != "price_set_directly" || cfg.Stripe.StudioPriceID != "price_2" {
		t.Fatalf("config = secret %q, stripe %+v", cfg.SecretKey, cfg.Stripe)
	}
}

func TestLoadSecretsFailsLoudly(t *testing.T) {
	t.Setenv("SECRET_KEY", "")
	t.Setenv(config.SecretKeySecretVar, "missing")
	t.Setenv(config.StripeSecretVar, "")
	if err := loadSecrets(context.Background(), &fakeSecrets{}); err == nil {
		t.Fatal("a missing secret was not reported")
	}
	t.Setenv(config.SecretKeySecretVar, "")
	t.Setenv(config.StripeSecretVar, "stripe")
	if err := loadSecrets(context.Background(), &fakeSecrets{values: map[string]string{"stripe": "not json"}}); err == nil {
		t.Fatal("a Stripe secret that is not JSON was accepted")
	}
}

func TestLoadSecretsWithoutSecretsReadsNothing(t *testing.T) {
	t.Setenv(config.SecretKeySecretVar, "")
	t.Setenv(config.StripeSecretVar, "")
	sm := &fakeSecrets{}
	if err := loadSecrets(context.Background(), sm); err != nil || sm.calls != 0 {
		t.Fatalf("err %v, %d calls", err, sm.calls)
	}
}
