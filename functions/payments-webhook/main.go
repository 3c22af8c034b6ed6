// Command payments-webhook is the Lambda function of the payment processor's webhooks (POST /webhooks/payments): Stripe's signed events drive the billing state machine.
package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/aws/aws-lambda-go/lambda"

	"rvcontent/shared/app"
	"rvcontent/shared/gateway"
	"rvcontent/shared/routes"
)

func main() {
	a, err := app.FromEnvironment(context.Background())
	if err != nil {
		slog.Error("start", "err", err)
		os.Exit(1)
	}
	lambda.Start(gateway.Handler(a.HTTP(routes.PaymentsWebhook)))
}
