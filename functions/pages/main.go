// Command pages is the Lambda function of the pages a person opens and of
// the owner's dashboard: it emails sign-in links and runs each dashboard
// read and action, and the opening of a checkout link, in the function
// that serves it (invoked directly), so it links no payment processor's
// client.
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/compose"
	"rvcontent/shared/compose/pagesfn"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/platform/lambdainvoke"
	"rvcontent/shared/platform/ses"
)

func main() {
	env := lambdarun.Load()
	var groups []string
	for _, g := range routes.AgentGroups() {
		groups = append(groups, string(g))
	}
	functions, err := lambdainvoke.FromEnv(env.AWS, groups)
	if err != nil {
		lambdarun.Fail(err)
	}
	d := env.Deps()
	d.Mailer = ses.New(env.AWS, env.Config.MailFrom)
	env.HTTP(pagesfn.HTTP(compose.New(d), functions))
}
