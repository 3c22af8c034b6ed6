// Command payments-webhook is the Lambda function that receives the
// payment processor's webhooks.
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/compose"
	"rvcontent/shared/compose/payhookfn"
	"rvcontent/shared/platform/stripepay"
)

func main() {
	env := lambdarun.Load()
	d := env.Deps()
	d.Payments = stripepay.Configured(env.Config.Stripe)
	env.HTTP(payhookfn.HTTP(compose.New(d)))
}
