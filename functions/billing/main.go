// Command billing is the Lambda function of the billing endpoint group.
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/compose"
	"rvcontent/shared/platform/stripepay"
)

func main() {
	env := lambdarun.Load()
	d := env.Deps()
	d.Payments = stripepay.Configured(env.Config.Stripe)
	env.HTTP(compose.BillingHTTP(compose.New(d)))
}
