// Command backlinks is the Lambda function of the backlink exchange
// endpoint group.
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/edge/routes"
)

func main() { lambdarun.HTTP(routes.Backlinks) }
