// Command scheduler is the Lambda function of the EventBridge schedule's consumer.
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/compose"
)

func main() { lambdarun.Start(func(a *compose.App) any { return a.HandleSchedule }) }
