// Package config reads the service's settings from environment variables.
// Only a Lambda main or the dev stack's main may stop on a bad setting.
package config

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"rvcontent/shared/kernel/apipath"
)

// Config holds every setting. The README lists each variable.
type Config struct {
	// TableName is the DynamoDB table (TABLE_NAME).
	TableName string
	// JobsQueueURL and DeliveriesQueueURL are the SQS queues
	// (JOBS_QUEUE_URL, DELIVERIES_QUEUE_URL).
	JobsQueueURL       string
	DeliveriesQueueURL string
	// BaseURL is the public address of the service, without a trailing slash
	// (BASE_URL). Links in emails and responses start with it.
	BaseURL string
	// DashboardURL is the owner's dashboard (DASHBOARD_URL); defaults to
	// BaseURL + apipath.Dashboard.
	DashboardURL string
	// MailFrom is the sender address of the service's emails (MAIL_FROM).
	MailFrom string
	// AccountRequestsPerMinute is the per-account request budget behind the
	// X-RateLimit headers (ACCOUNT_REQUESTS_PER_MINUTE, default 600).
	AccountRequestsPerMinute int
	// AnonymousRequestsPerMinute is the per-address budget of requests made
	// without an accepted credential (ANONYMOUS_REQUESTS_PER_MINUTE, default 300).
	AnonymousRequestsPerMinute int
	// PublicRequestsPerIP and PublicRequestsPerAccount are the public
	// articles API's limits per fixed clock minute: per caller address,
	// before the key is checked (PUBLIC_REQUESTS_PER_MINUTE_PER_IP, default
	// 300), and per account across its site keys
	// (PUBLIC_REQUESTS_PER_MINUTE_PER_ACCOUNT, default 120).
	PublicRequestsPerIP      int
	PublicRequestsPerAccount int
	// SignupsPerAddressPerHour caps account creation per caller address
	// (SIGNUPS_PER_ADDRESS_PER_HOUR, default 20).
	SignupsPerAddressPerHour int
	// SignInsPerAddressPerHour caps the owner sign-in form's requests
	// (POST /signin, which may email a link) per caller address
	// (SIGNINS_PER_ADDRESS_PER_HOUR; 1000 in the dev stack). Zero leaves
	// the sessions feature's default
	// (sessions.DefaultRequestsPerAddressPerHour).
	SignInsPerAddressPerHour int
	// OAuthRequestsPerAddressPerMinute caps the requests to the OAuth token
	// and authorization endpoints per caller address
	// (OAUTH_REQUESTS_PER_ADDRESS_PER_MINUTE; 1000 in the dev stack). Zero
	// leaves the oauth feature's default
	// (oauth.DefaultRequestsPerAddressPerMinute).
	OAuthRequestsPerAddressPerMinute int
	// SecretKey is the service's master key for derived secrets, such as
	// webhook signing secrets (SECRET_KEY, at least 32 characters; a fixed
	// development key in the dev stack). A deployed function may leave it
	// empty and name its secret with SECRET_KEY_SECRET_ID instead, which it
	// reads in the background (platform/awsenv). It is never stored or
	// logged; changing it changes every derived secret.
	SecretKey string
	// Stripe configures the Stripe payment processor (STRIPE_SECRET_KEY,
	// STRIPE_WEBHOOK_SECRET, STRIPE_PLAN_PRICE_ID, STRIPE_STUDIO_PRICE_ID,
	// STRIPE_API_BASE). Without a secret key a deployed stack has no
	// processor and billing answers unavailable; the dev stack uses its
	// simulated processor.
	Stripe Stripe
	// Model picks the language model: "offline" (default; deterministic,
	// no network) or "bedrock" (Amazon Bedrock's Converse API) (MODEL).
	Model string
	// BedrockModelID is the Bedrock model asked when Model is "bedrock"
	// (BEDROCK_MODEL_ID; a small Anthropic model when empty).
	BedrockModelID string
	// AIRequestsPerHour is the per-account budget of AI-backed calls
	// (research runs, domain verification checks, forum sweeps and section
	// rewrites) (AI_REQUESTS_PER_HOUR, default 60).
	AIRequestsPerHour int
	// ForumAPIBase is the forum's public JSON API that forum presence reads
	// (FORUM_API_BASE, default https://www.reddit.com); the dev stack uses
	// its fixture forum instead.
	ForumAPIBase string
	// DevMode mounts the /_dev harness (DEV_MODE=1). Never set in AWS.
	DevMode bool
	// LogLevel is debug, info, warn or error (LOG_LEVEL, default info).
	LogLevel string
}

// MinSecretKey is the shortest SECRET_KEY accepted.
const MinSecretKey = 32

// The public articles API's request budgets when the environment sets none
// (public-articles-api.md, section 8): per caller address and per account,
// in each fixed UTC clock minute.
const (
	DefaultPublicRequestsPerIP      = 300
	DefaultPublicRequestsPerAccount = 120
)

// devAddressBudget is the dev stack's sign-in requests per caller address
// an hour and OAuth token and authorization requests per caller address a
// minute when the environment sets none: local tests make many from one
// address. A deployed stack leaves them to the features' defaults.
const devAddressBudget = 1000

// CheckSecretKey refuses a SECRET_KEY shorter than MinSecretKey.
func CheckSecretKey(key string) error {
	if len(key) < MinSecretKey {
		return fmt.Errorf("config: SECRET_KEY must be set to at least %d characters", MinSecretKey)
	}
	return nil
}

// DevSecretKey is the dev stack's SECRET_KEY when none is set: fixed, so a
// persistent dev stack keeps its webhook secrets across restarts. Never use
// it in a deployed stack.
const DevSecretKey = "dev-stack-only-secret-key-never-deploy-0000"

// FromEnv reads the configuration of a deployed function from the
// environment.
func FromEnv() (Config, error) {
	return read(20, 0, 0)
}

// Dev reads the configuration of the dev stack from the environment: dev
// mode on, table "service" unless TABLE_NAME says otherwise, and a generous
// signup limit (1000 an hour) and sign-in and OAuth budgets (1000 each)
// because local tests create many accounts and sign in many times from one
// address.
func Dev() (Config, error) {
	if os.Getenv("TABLE_NAME") == "" {
		os.Setenv("TABLE_NAME", "service")
	}
	if os.Getenv("SECRET_KEY") == "" {
		os.Setenv("SECRET_KEY", DevSecretKey)
	}
	c, err := read(1000, devAddressBudget, devAddressBudget)
	c.DevMode = true
	return c, err
}

func read(signupsDefault, signInsDefault, oauthDefault int) (Config, error) {
	c := Config{
		TableName:          os.Getenv("TABLE_NAME"),
		JobsQueueURL:       os.Getenv("JOBS_QUEUE_URL"),
		DeliveriesQueueURL: os.Getenv("DELIVERIES_QUEUE_URL"),
		BaseURL:            strings.TrimRight(os.Getenv("BASE_URL"), "/"),
		DashboardURL:       strings.TrimRight(os.Getenv("DASHBOARD_URL"), "/"),
		MailFrom:           envOr("MAIL_FROM", "no-reply@example.com"),
		DevMode:            os.Getenv("DEV_MODE") == "1" || os.Getenv("DEV_MODE") == "true",
		LogLevel:           envOr("LOG_LEVEL", "info"),
		Model:              envOr("MODEL", "offline"),
		BedrockModelID:     os.Getenv("BEDROCK_MODEL_ID"),
		ForumAPIBase:       os.Getenv("FORUM_API_BASE"),
		SecretKey:          os.Getenv("SECRET_KEY"),
		Stripe:             stripeFromEnv(),
	}
	var err error
	if c.AccountRequestsPerMinute, err = envInt("ACCOUNT_REQUESTS_PER_MINUTE", 600); err != nil {
		return c, err
	}
	if c.AnonymousRequestsPerMinute, err = envInt("ANONYMOUS_REQUESTS_PER_MINUTE", 300); err != nil {
		return c, err
	}
	if c.PublicRequestsPerIP, err = envInt("PUBLIC_REQUESTS_PER_MINUTE_PER_IP", DefaultPublicRequestsPerIP); err != nil {
		return c, err
	}
	if c.PublicRequestsPerAccount, err = envInt("PUBLIC_REQUESTS_PER_MINUTE_PER_ACCOUNT", DefaultPublicRequestsPerAccount); err != nil {
		return c, err
	}
	if c.AIRequestsPerHour, err = envInt("AI_REQUESTS_PER_HOUR", 60); err != nil {
		return c, err
	}
	if c.SignupsPerAddressPerHour, err = envInt("SIGNUPS_PER_ADDRESS_PER_HOUR", signupsDefault); err != nil {
		return c, err
	}
	if c.SignInsPerAddressPerHour, err = envInt("SIGNINS_PER_ADDRESS_PER_HOUR", signInsDefault); err != nil {
		return c, err
	}
	if c.OAuthRequestsPerAddressPerMinute, err = envInt("OAUTH_REQUESTS_PER_ADDRESS_PER_MINUTE", oauthDefault); err != nil {
		return c, err
	}
	if c.TableName == "" {
		return c, fmt.Errorf("config: TABLE_NAME is not set")
	}
	if c.Model != "offline" && c.Model != "bedrock" {
		return c, fmt.Errorf("config: MODEL must be offline or bedrock, not %q", c.Model)
	}
	if c.SecretKey != "" || os.Getenv(SecretKeySecretVar) == "" {
		// Otherwise the function reads the key from the secret when it
		// first needs it, and checks it then.
		if err := CheckSecretKey(c.SecretKey); err != nil {
			return c, err
		}
	}
	c.Fill()
	return c, nil
}

// Fill sets the defaults that derive from other settings.
func (c *Config) Fill() {
	if c.DashboardURL == "" && c.BaseURL != "" {
		c.DashboardURL = c.BaseURL + apipath.Dashboard
	}
	if c.AccountRequestsPerMinute == 0 {
		c.AccountRequestsPerMinute = 600
	}
	if c.AnonymousRequestsPerMinute == 0 {
		c.AnonymousRequestsPerMinute = 300
	}
	if c.AIRequestsPerHour == 0 {
		c.AIRequestsPerHour = 60
	}
	if c.PublicRequestsPerIP == 0 {
		c.PublicRequestsPerIP = DefaultPublicRequestsPerIP
	}
	if c.PublicRequestsPerAccount == 0 {
		c.PublicRequestsPerAccount = DefaultPublicRequestsPerAccount
	}
	if c.SignupsPerAddressPerHour == 0 {
		c.SignupsPerAddressPerHour = 20
	}
	if c.MailFrom == "" {
		c.MailFrom = "no-reply@example.com"
	}
	if c.SecretKey == "" && c.DevMode {
		c.SecretKey = DevSecretKey
	}
}

func envOr(name, def string) string {
	if v := os.Getenv(name); v != "" {
		return v
	}
	return def
}

func envInt(name string, def int) (int, error) {
	v := os.Getenv(name)
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("config: %s must be a positive integer, not %q", name, v)
	}
	return n, nil
}
