// Command public is the Lambda function of the public articles API.
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/compose"
)

func main() {
	env := lambdarun.Load()
	lambdarun.HTTP(compose.PublicHTTP(compose.New(env.Deps())))
}
