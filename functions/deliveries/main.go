// Command deliveries is the Lambda function of the deliveries queue consumer (event fan-out and webhook deliveries).
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/app"
)

func main() { lambdarun.Start(func(a *app.App) any { return a.HandleDeliveries }) }
