// Command mcp is the Lambda function of the MCP server, whose tools do
// what the agent API does.
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/compose"
	"rvcontent/shared/compose/mcpfn"
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
	lambdarun.HTTP(mcpfn.HTTP(compose.New(d)))
}
