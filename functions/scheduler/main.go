// Command scheduler is the Lambda function of the EventBridge schedule's consumer.
package main

import (
	"context"
	"log/slog"
	"os"

	"github.com/aws/aws-lambda-go/lambda"

	"rvcontent/shared/app"
)

func main() {
	a, err := app.FromEnvironment(context.Background())
	if err != nil {
		slog.Error("start", "err", err)
		os.Exit(1)
	}
	lambda.Start(a.HandleSchedule)
}
