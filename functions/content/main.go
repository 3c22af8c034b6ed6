// Command content is the Lambda function of the content endpoint group (research, keywords, articles, credits, ...).
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
	lambda.Start(gateway.Handler(a.HTTP(routes.Content)))
}
