// Command content is the Lambda function of the content endpoint group:
// articles, writing, research, keywords, rank, autopilot, site keys,
// integrations and credits. Rewriting a section asks the model while the
// request waits.
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/compose"
	"rvcontent/shared/compose/contentfns"
	"rvcontent/shared/platform/model/bedrock"
)

func main() {
	env := lambdarun.Load()
	d := env.Deps()
	d.Model = bedrock.Configured(env.AWS, env.Config.Model, env.Config.BedrockModelID)
	env.HTTP(contentfns.ContentHTTP(compose.New(d)))
}
