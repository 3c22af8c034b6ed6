// Command scheduler is the Lambda function of the EventBridge schedule's
// consumer: sweeps, billing checks, webhook retries, autopilot, the
// backlink exchange and forum presence.
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/compose"
	"rvcontent/shared/compose/contentfns"
	"rvcontent/shared/platform/ses"
	"rvcontent/shared/platform/stripepay"
)

func main() {
	env := lambdarun.Load()
	d := env.Deps()
	d.Mailer = ses.New(env.AWS, env.Config.MailFrom)
	d.Payments = stripepay.Configured(env.Config.Stripe)
	lambdarun.Start(contentfns.Scheduler(compose.New(d)).Handle)
}
