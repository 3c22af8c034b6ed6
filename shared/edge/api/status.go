// Package api holds the HTTP conventions every endpoint shares: the error
// body and its status table, request ids, the body limit, pagination,
// Bearer authentication, rate-limit headers and Idempotency-Key replays.
package api

import (
	"net/http"

	"rvcontent/shared/kernel/apperr"
)

// statusOf is the one table from error codes to HTTP statuses (spec 7).
var statusOf = map[apperr.Code]int{
	apperr.BadRequest:             http.StatusBadRequest,
	apperr.Unauthorized:           http.StatusUnauthorized,
	apperr.SubscriptionRequired:   http.StatusPaymentRequired,
	apperr.PaidPlanRequired:       http.StatusPaymentRequired,
	apperr.InsufficientCredits:    http.StatusPaymentRequired,
	apperr.PaymentFailed:          http.StatusPaymentRequired,
	apperr.HumanRequired:          http.StatusForbidden,
	apperr.NotFound:               http.StatusNotFound,
	apperr.AccountExists:          http.StatusConflict,
	apperr.Conflict:               http.StatusConflict,
	apperr.IntegrationUnavailable: http.StatusConflict,
	apperr.ValidationFailed:       http.StatusUnprocessableEntity,
	apperr.RateLimited:            http.StatusTooManyRequests,
	apperr.PayloadTooLarge:        http.StatusRequestEntityTooLarge,
	apperr.Internal:               http.StatusInternalServerError,
	apperr.Unavailable:            http.StatusServiceUnavailable,
}

// Status returns the HTTP status for an error code.
func Status(code apperr.Code) int {
	if s, ok := statusOf[code]; ok {
		return s
	}
	return http.StatusInternalServerError
}
