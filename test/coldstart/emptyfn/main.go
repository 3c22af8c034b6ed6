// Command emptyfn is the empty Lambda function the cold-start benchmark
// (test/coldstart) compares every function with: aws-lambda-go alone,
// answering {"ok": true} to any event. It is built with the functions'
// flags (artefacts.BuildFlags), so the difference is the service's own
// code and dependencies.
package main

import (
	"context"
	"encoding/json"

	"github.com/aws/aws-lambda-go/lambda"
)

func main() {
	lambda.Start(func(ctx context.Context, ev json.RawMessage) (any, error) { return map[string]any{"ok": true}, nil })
}
