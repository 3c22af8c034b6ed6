package main

import (
	"context"
	"html/template"
	"os"

	"github.com/aws/aws-lambda-go/lambda"
	"github.com/aws/aws-sdk-go-v2/service/dynamodb"
)

var t = template.Must(template.New("x").Parse("{{.A}}"))

func main() {
	c := dynamodb.New(dynamodb.Options{})
	lambda.Start(func(ctx context.Context) error {
		_, err := c.GetItem(ctx, &dynamodb.GetItemInput{})
		if os.Getenv("T") != "" {
			return t.Execute(os.Stdout, map[string]string{"A": "b"})
		}
		return err
	})
}
