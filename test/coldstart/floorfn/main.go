// Command floorfn is the floor the cold-start benchmark (test/coldstart)
// shows beside the empty function: aws-lambda-go with what every one of
// a function that reads its secret and its table before it answers must do,
// and nothing of the service itself. It reads its AWS configuration and
// its secrets from Secrets Manager as the functions do (platform/awsenv),
// waits for the master key, then answers each event after one DynamoDB
// GetItem through the table adapter (platform/dynamo). Without a secret to
// read (the bench's second floor row) it only reads the table.
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
	key, err := awsenv.LoadSecrets(context.Background(), cfg)
	if err != nil {
		log.Fatal(err)
	}
	if _, err := key.Key(); err != nil {
		log.Fatal(err) // the floor waits for its secret before answering
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
