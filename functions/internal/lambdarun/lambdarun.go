// Package lambdarun is what every Lambda main shares: read the environment
// (configuration, secrets, AWS) and start the handler the function serves.
// Like a main, and unlike any package of shared/, it may end the process on
// bad configuration.
package lambdarun

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"os"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/aws"

	"rvcontent/shared/compose"
	"rvcontent/shared/edge/gateway"
	"rvcontent/shared/kernel/clock"
	"rvcontent/shared/kernel/config"
	"rvcontent/shared/kernel/secret"
	"rvcontent/shared/platform/awsenv"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/shared/platform/queue"
)

// Env is a deployed function's configuration and AWS environment.
type Env struct {
	Config config.Config
	AWS    aws.Config
	// Secret is the master key, read in the background (see
	// awsenv.LoadSecrets).
	Secret *secret.Source
}

// Load reads the function's environment: the AWS region and credentials,
// the Stripe secret when the function has one, then the configuration (see
// config.FromEnv), and starts reading the master key in the background.
// It ends the process when any is missing or wrong, or when DEV_MODE is
// set.
func Load() Env {
	compose.SetupLogging(os.Getenv("LOG_LEVEL")) // so a failed start is a JSON line too
	cfg, err := awsenv.Config()
	if err != nil {
		Fail(err)
	}
	key, err := awsenv.LoadSecrets(context.Background(), cfg)
	if err != nil {
		Fail(err)
	}
	c, err := config.FromEnv()
	if err != nil {
		Fail(err)
	}
	if c.DevMode {
		Fail(errDevMode)
	}
	return Env{Config: c, AWS: cfg, Secret: key}
}

// Deps returns the adapters every function has: the table, the system
// clock, and the queues the environment names. A function adds the mailer,
// payment processor or model its group uses.
func (e Env) Deps() compose.Deps {
	d := compose.Deps{Config: e.Config, Table: dynamo.New(e.AWS, e.Config.TableName), Clock: clock.System{}, Secret: e.Secret}
	if u := e.Config.JobsQueueURL; u != "" {
		d.JobsQueue = queue.NewSQS(e.AWS, u)
	}
	if u := e.Config.DeliveriesQueueURL; u != "" {
		d.DeliveriesQueue = queue.NewSQS(e.AWS, u)
	}
	return d
}

// HTTP runs h behind API Gateway (HTTP API, payload 2.0), taking the
// principal of a request another function of the service made only with
// the service's signature (gateway.Seal, keyed by the master key).
func (e Env) HTTP(h http.Handler) { lambda.Start(gateway.Handler(h, gateway.NewSeal(e.Secret))) }

// Start runs handler, a queue or schedule consumer.
func Start(handler any) { lambda.Start(handler) }

var errDevMode = errors.New("DEV_MODE must not be set in a deployed function")

// Fail logs err and ends the process: a function that cannot start.
func Fail(err error) {
	slog.Error("start", "err", err)
	os.Exit(1)
}
