// Command events is the Lambda function of the events feed and webhook
// endpoints.
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/compose"
)

func main() {
	env := lambdarun.Load()
	env.HTTP(compose.EventsHTTP(compose.New(env.Deps())))
}
