// Command forum is the Lambda function of the forum presence endpoint
// group; drafts are written by the model while the request waits.
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/compose"
	"rvcontent/shared/compose/contentbase"
	"rvcontent/shared/platform/model/bedrock"
)

func main() {
	env := lambdarun.Load()
	d := env.Deps()
	d.Model = bedrock.Configured(env.AWS, env.Config.Model, env.Config.BedrockModelID)
	env.HTTP(contentbase.ForumHTTP(compose.New(d)))
}
