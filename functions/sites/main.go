// Command sites is the Lambda function of the sites endpoint group: sites,
// scans and Studio sites, which are charged when added or restored.
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
	env.HTTP(compose.SitesHTTP(compose.New(d)))
}
