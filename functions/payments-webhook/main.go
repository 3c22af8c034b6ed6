// Command payments-webhook is the Lambda function of the payment processor's webhooks (POST /webhooks/payments): Stripe's signed events drive the billing state machine.
package main

import (
	"rvcontent/functions/internal/lambdarun"
	"rvcontent/shared/edge/routes"
)

func main() { lambdarun.HTTP(routes.PaymentsWebhook) }
