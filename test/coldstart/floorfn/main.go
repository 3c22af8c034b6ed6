// Command floorfn is the floor the cold-start benchmark (test/coldstart)
// shows beside the empty function: aws-lambda-go with what every one of
// the service's functions must do before it can answer, and nothing of
// the service itself. It reads its AWS configuration and its secrets from
// Secrets Manager as the functions do (platform/awsenv), then answers each
// event after one DynamoDB GetItem through the table adapter
// (platform/dynamo). Its ratio to the empty function is the least any
// function that reads its secret and the table can reach.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"log"
	"os"

	"github.com/aws/aws-lambda-go/lambda"

	"rvcontent/shared/platform/awsenv"
	"rvcontent/shared/platform/dynamo"
)

func main() {
	cfg, err := awsenv.Config()
	if err != nil {
		log.Fatal(err)
	}
	if err := awsenv.LoadSecrets(context.Background(), cfg); err != nil {
		log.Fatal(err)
	}
	table := dynamo.New(cfg, os.Getenv("TABLE_NAME"))
	lambda.Start(func(ctx context.Context, _ json.RawMessage) (any, error) {
		var item map[string]any
		if err := table.Get(ctx, "FLOOR", "FLOOR", &item); err != nil && !errors.Is(err, dynamo.ErrNotFound) {
			return nil, err
		}
		return map[string]any{"ok": true}, nil
	})
}
