// Command accounts is the Lambda function of the accounts endpoint group.
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/edge/routes"
)

func main() { lambdarun.HTTP(routes.Accounts) }
