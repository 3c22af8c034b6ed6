// Command public is the Lambda function of the public articles API.
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/compose"
	"rvcontent/shared/compose/contentbase"
)

func main() {
	env := lambdarun.Load()
	env.HTTP(contentbase.PublicHTTP(compose.New(env.Deps())))
}
