package compose

import (
	"context"
	"fmt"
	"log/slog"
	"os"

	awsconfig "github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
	"github.com/aws/aws-sdk-go-v2/service/secretsmanager"
	"github.com/aws/aws-sdk-go-v2/service/sesv2"
	"github.com/aws/aws-sdk-go-v2/service/sqs"

	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/config"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/egress"
	"rvcontent/shared/platform/mail"
	"rvcontent/shared/platform/payments"
	"rvcontent/shared/platform/queue"
	"rvcontent/shared/platform/stripepay"
)

// FromEnvironment wires the service on AWS from the Lambda environment
// (see config.FromEnv for the variables).
// Secrets come from Secrets Manager first (see config.SecretKeySecretVar).
func FromEnvironment(ctx context.Context) (*App, error) {
	awsCfg, err := awsconfig.LoadDefaultConfig(ctx)
	if err != nil {
		return nil, fmt.Errorf("compose: load AWS configuration: %w", err)
	}
	if err := loadSecrets(ctx, secretsmanager.NewFromConfig(awsCfg)); err != nil {
		return nil, err
	}
	cfg, err := config.FromEnv()
	if err != nil {
		return nil, err
	}
	SetupLogging(cfg.LogLevel)
	if cfg.DevMode {
		return nil, fmt.Errorf("compose: DEV_MODE must not be set in a deployed function")
	}
	sqsClient := sqs.NewFromConfig(awsCfg)
	return New(Deps{
		Config:          cfg,
		Table:           &dynamo.Table{Client: dynamodb.NewFromConfig(awsCfg), Name: cfg.TableName},
		Clock:           clock.System{},
		JobsQueue:       &queue.SQS{Client: sqsClient, QueueURL: cfg.JobsQueueURL},
		DeliveriesQueue: &queue.SQS{Client: sqsClient, QueueURL: cfg.DeliveriesQueueURL},
		Mailer:          &mail.SES{Client: sesv2.NewFromConfig(awsCfg), From: cfg.MailFrom},
		Egress:          egress.New(egress.Options{UserAgent: UserAgent}),
		Payments:        stripeProcessor(cfg.Stripe),
	}), nil
}

// UserAgent is the honest User-Agent of the service's outbound requests.
const UserAgent = "ServiceBot/1.0 (content-marketing service; fetches pages its users ask it to)"

// SetupLogging makes slog write JSON lines at level to standard output.
func SetupLogging(level string) {
	var l slog.Level
	if err := l.UnmarshalText([]byte(level)); err != nil {
		l = slog.LevelInfo
	}
	slog.SetDefault(slog.New(slog.NewJSONHandler(os.Stdout, &slog.HandlerOptions{Level: l})))
}

// stripeProcessor returns the Stripe adapter when STRIPE_SECRET_KEY is
// set, and no processor otherwise (billing then answers unavailable).
func stripeProcessor(c config.Stripe) payments.Processor {
	if c.SecretKey == "" {
		return nil
	}
	return stripepay.New(stripepay.Config{SecretKey: c.SecretKey, PlanPriceID: c.PlanPriceID, StudioPriceID: c.StudioPriceID, APIBase: c.APIBase})
}
