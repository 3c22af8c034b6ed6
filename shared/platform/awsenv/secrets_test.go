package awsenv

import (
	"context"
	"errors"
	"sync/atomic"
	"testing"
	"time"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"

	"rvcontent/shared/kernel/config"
)

// fakeSecrets answers GetSecretValue from a map and counts the calls; a
// read waits for hold when it is set.
type fakeSecrets struct {
	values map[string]string
	calls  atomic.Int32
	hold   chan struct{}
}

func (f *fakeSecrets) GetSecretValue(_ context.Context, in *secretsmanager.GetSecretValueInput, _ ...func(*secretsmanager.Options)) (*secretsmanager.GetSecretValueOutput, error) {
	f.calls.Add(1)
	if f.hold != nil {
		<-f.hold
	}
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
	cfg, err := config.FromEnv() // SECRET_KEY is not set: it is read when first needed
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Stripe.SecretKey != "sk_test_1" || cfg.Stripe.WebhookSecret != "whsec_1" ||
		cfg.Stripe.PlanPriceID != "price_set_directly" || cfg.Stripe.StudioPriceID != "price_2" {
		t.Fatalf("stripe %+v", cfg.Stripe)
	}
	if key, err := secretKey(sm).Key(); err != nil || key != "k3y-0123456789abcdef0123456789abcdef" {
		t.Fatalf("master key %q, %v", key, err)
	}
}

func TestTheMasterKeyIsReadInTheBackground(t *testing.T) {
	t.Setenv("SECRET_KEY", "")
	t.Setenv(config.SecretKeySecretVar, "master")
	sm := &fakeSecrets{values: map[string]string{"master": "k3y-0123456789abcdef0123456789abcdef"}, hold: make(chan struct{})}
	key := secretKey(sm) // returns while the read waits
	done := make(chan error, 1)
	go func() { _, err := key.Key(); done <- err }()
	select {
	case err := <-done:
		t.Fatalf("Key returned before the secret was read: %v", err)
	case <-time.After(20 * time.Millisecond):
	}
	close(sm.hold)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	if n := sm.calls.Load(); n != 1 {
		t.Fatalf("%d reads, want 1", n)
	}
	t.Setenv("SECRET_KEY", "set-directly-0123456789abcdef0123456789")
	if k, _ := secretKey(sm).Key(); k != "set-directly-0123456789abcdef0123456789" || sm.calls.Load() != 1 {
		t.Fatalf("SECRET_KEY set: key %q after %d reads", k, sm.calls.Load())
	}
}

func TestLoadSecretsFailsLoudly(t *testing.T) {
	t.Setenv("SECRET_KEY", "")
	t.Setenv(config.SecretKeySecretVar, "missing")
	t.Setenv(config.StripeSecretVar, "")
	if _, err := secretKey(&fakeSecrets{}).Key(); err == nil {
		t.Fatal("a missing secret was not reported")
	}
	t.Setenv(config.SecretKeySecretVar, "short")
	if _, err := secretKey(&fakeSecrets{values: map[string]string{"short": "too-short"}}).Key(); err == nil {
		t.Fatal("a master key shorter than 32 characters was accepted")
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
	err := loadSecrets(context.Background(), sm)
	secretKey(sm)
	if err != nil || sm.calls.Load() != 0 {
		t.Fatalf("err %v, %d calls", err, sm.calls.Load())
	}
}
