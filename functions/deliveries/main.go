// Command deliveries is the Lambda function of the deliveries queue
// consumer: event fan-out and webhook deliveries.
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/compose"
	"rvcontent/shared/platform/ses"
)

func main() {
	env := lambdarun.Load()
	d := env.Deps()
	d.Mailer = ses.New(env.AWS, env.Config.MailFrom)
	lambdarun.Start(compose.Deliveries(compose.New(d)))
}
