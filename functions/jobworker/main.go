// Command jobworker is the Lambda function of the jobs queue consumer:
// scans, research, writing, integration syncs, forum sweeps and the
// erasure of deleted accounts (which cancels their subscriptions).
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/compose"
	"rvcontent/shared/compose/jobsfn"
	"rvcontent/shared/platform/model/bedrock"
	"rvcontent/shared/platform/ses"
	"rvcontent/shared/platform/stripepay"
)

func main() {
	env := lambdarun.Load()
	d := env.Deps()
	d.Mailer = ses.New(env.AWS, env.Config.MailFrom)
	d.Model = bedrock.Configured(env.AWS, env.Config.Model, env.Config.BedrockModelID)
	d.Payments = stripepay.Configured(env.Config.Stripe)
	lambdarun.Start(jobsfn.Jobs(compose.New(d)))
}
