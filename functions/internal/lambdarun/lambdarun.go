// Package lambdarun is the one piece every Lambda main shares: wire the
// service from the environment, then hand lambda.Start the handler the
// function serves. Like a main, and unlike any package of shared/, it may
// end the process on bad configuration.
package lambdarun

import (
	"context"
	"log/slog"
	"os"

	"github.com/aws/aws-lambda-go/lambda"

	"rvcontent/shared/compose"
	"rvcontent/shared/edge/gateway"
	"rvcontent/shared/edge/routes"
)

// HTTP runs the function of endpoint group g behind API Gateway.
func HTTP(g routes.Group) {
	Start(func(a *compose.App) any { return gateway.Handler(a.HTTP(g)) })
}

// Start wires the service and runs the handler that pick returns.
func Start(pick func(*compose.App) any) {
	a, err := compose.FromEnvironment(context.Background())
	if err != nil {
		slog.Error("start", "err", err)
		os.Exit(1)
	}
	lambda.Start(pick(a))
}
