// Command content is the Lambda function of the content endpoint group (research, keywords, articles, credits, ...).
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/edge/routes"
)

func main() { lambdarun.HTTP(routes.Content) }
