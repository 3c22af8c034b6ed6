// Command oauth is the Lambda function of the OAuth authorization
// server's machine endpoints: discovery, registration, token and
// revocation.
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/compose"
)

func main() {
	env := lambdarun.Load()
	env.HTTP(compose.OAuthHTTP(compose.New(env.Deps())))
}
