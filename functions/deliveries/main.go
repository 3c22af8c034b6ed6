// Command deliveries is the Lambda function of the deliveries queue consumer (event fan-out and webhook deliveries).
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/compose"
)

func main() { lambdarun.Start(func(a *compose.App) any { return a.HandleDeliveries }) }
