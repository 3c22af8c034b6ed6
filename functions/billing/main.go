// Command billing is the Lambda function of the billing endpoint group (billing and Studio quotes).
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/edge/routes"
)

func main() { lambdarun.HTTP(routes.Billing) }
