// Command forum is the Lambda function of the forum presence endpoint
// group.
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/edge/routes"
)

func main() { lambdarun.HTTP(routes.Forum) }
