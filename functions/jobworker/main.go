// Command jobworker is the Lambda function of the jobs queue consumer.
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/app"
)

func main() { lambdarun.Start(func(a *app.App) any { return a.HandleJobs }) }
