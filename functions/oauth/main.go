// Command oauth is the Lambda function of the oauth endpoint group.
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/edge/routes"
)

func main() { lambdarun.HTTP(routes.OAuth) }
