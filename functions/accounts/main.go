// Command accounts is the Lambda function of the accounts endpoint group
// (accounts, agent keys, activity, jobs) and of API Gateway's $default
// route (the JSON 404). Account creation and new keys email the owner.
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
	env.HTTP(compose.AccountsHTTP(compose.New(d)))
}
