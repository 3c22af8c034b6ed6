// Package payhook serves POST /webhooks/payments, where the payment
// processor sends its webhooks: it reads the body and the signature header,
// hands both to the processor adapter, and answers 200 once the event is
// applied or known to need nothing, 400 to a bad signature, 404 when no
// webhook is configured, and 500 when applying failed so the processor
// delivers again.
package payhook

import (
	"context"
	"net/http"
	"strings"

	"rvcontent/shared/edge/api"
)

// Receiver verifies and applies one webhook (stripepay.Receiver).
type Receiver interface {
	// Receive returns a coded error for a refused webhook (bad_request,
	// not_found), nil once applied or ignored, and any other error when
	// applying failed.
	Receive(ctx context.Context, body []byte, signature string) error
}

// Handler is the webhook endpoint.
type Handler struct {
	Receiver Receiver
}

// SignatureHeader carries the processor's signature.
const SignatureHeader = "Stripe-Signature"

// ServeHTTP receives one webhook.
func (h Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	// API Gateway's adapter splits a header at its commas: join it again.
	signature := strings.Join(r.Header.Values(SignatureHeader), ",")
	if err := h.Receiver.Receive(r.Context(), api.Body(r), signature); err != nil {
		api.Error(w, r, err)
		return
	}
	api.JSON(w, http.StatusOK, map[string]any{"received": true})
}
