// Command pages is the Lambda function of the pages a person opens and of
// the owner's dashboard, which does what the agent API does: it emails
// sign-in links, charges Studio sites and runs the model.
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/compose"
	"rvcontent/shared/compose/pagesfn"
	"rvcontent/shared/platform/model/bedrock"
	"rvcontent/shared/platform/ses"
	"rvcontent/shared/platform/stripepay"
)

func main() {
	env := lambdarun.Load()
	d := env.Deps()
	d.Mailer = ses.New(env.AWS, env.Config.MailFrom)
	d.Payments = stripepay.Configured(env.Config.Stripe)
	d.Model = bedrock.Configured(env.AWS, env.Config.Model, env.Config.BedrockModelID)
	lambdarun.HTTP(pagesfn.HTTP(compose.New(d)))
}
