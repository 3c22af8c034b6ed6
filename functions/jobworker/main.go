// Command jobworker is the Lambda function of the jobs queue consumer:
// scans, research, writing, integration syncs and forum sweeps.
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/compose"
	"rvcontent/shared/compose/jobsfn"
	"rvcontent/shared/platform/model/bedrock"
	"rvcontent/shared/platform/ses"
)

func main() {
	env := lambdarun.Load()
	d := env.Deps()
	d.Mailer = ses.New(env.AWS, env.Config.MailFrom)
	d.Model = bedrock.Configured(env.AWS, env.Config.Model, env.Config.BedrockModelID)
	lambdarun.Start(jobsfn.Jobs(compose.New(d)))
}
