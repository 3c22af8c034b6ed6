package config

// A deployed function reads its secrets from AWS Secrets Manager, so no
// secret sits in its configuration (where anyone allowed to read the
// function's settings could see it) and a rotated secret reaches the next
// cold start without a deploy. These variables name the secrets: the
// Stripe one is read when a function starts, into the variables FromEnv
// reads; SECRET_KEY is read in the background while it starts (see
// platform/awsenv.LoadSecrets and kernel/secret).
const (
	// SecretKeySecretVar names the secret (ARN or name) whose value is
	// SECRET_KEY.
	SecretKeySecretVar = "SECRET_KEY_SECRET_ID"
	// StripeSecretVar names the JSON secret (ARN or name) that holds the
	// Stripe settings under the keys of StripeSecretFields.
	StripeSecretVar = "STRIPE_SECRET_ID"
)

// StripeSecretFields maps each Stripe variable to its key in the JSON
// secret named by StripeSecretVar.
var StripeSecretFields = map[string]string{
	"STRIPE_SECRET_KEY":      "secret_key",
	"STRIPE_WEBHOOK_SECRET":  "webhook_secret",
	"STRIPE_PLAN_PRICE_ID":   "plan_price_id",
	"STRIPE_STUDIO_PRICE_ID": "studio_price_id",
}
