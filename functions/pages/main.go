// Command pages is the Lambda function of the pages a person opens and of
// the owner's dashboard: it emails sign-in links and opens checkout links.
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/compose"
	"rvcontent/shared/compose/pagesfn"
	"rvcontent/shared/platform/ses"
	"rvcontent/shared/platform/stripepay"
)

func main() {
	env := lambdarun.Load()
	d := env.Deps()
	d.Mailer = ses.New(env.AWS, env.Config.MailFrom)
	d.Payments = stripepay.Configured(env.Config.Stripe)
	lambdarun.HTTP(pagesfn.HTTP(compose.New(d)))
}
