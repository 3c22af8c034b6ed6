package api

import (
	"bytes"
	"encoding/json"
	"errors"
	"log/slog"
	"net/http"
	"strconv"

	"rvcontent/shared/kernel/apperr"
)

// ErrorBody is the JSON body of every error answer.
type ErrorBody struct {
	Error     string           `json:"error"`
	Code      apperr.Code      `json:"code"`
	Details   []apperr.Problem `json:"details,omitempty"`
	ActionURL string           `json:"action_url,omitempty"`
}

// JSON writes v as the JSON body with status.
func JSON(w http.ResponseWriter, status int, v any) {
	b, err := Marshal(v)
	if err != nil {
		slog.Error("encode response", "err", err)
		status, b = http.StatusInternalServerError, []byte(`{"error":"Something went wrong on our side. Retry with backoff.","code":"internal_error"}`)
	}
	WriteJSONBytes(w, status, b)
}

// Marshal encodes v as the API does: JSON without HTML escaping, so "<" and
// "&" read as themselves.
func Marshal(v any) ([]byte, error) {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimRight(buf.Bytes(), "\n"), nil
}

// WriteJSONBytes writes an already-encoded JSON body with status.
func WriteJSONBytes(w http.ResponseWriter, status int, b []byte) {
	w.Header().Set("Content-Type", "application/json")
	w.Header().Set("Content-Length", strconv.Itoa(len(b)))
	w.WriteHeader(status)
	_, _ = w.Write(b)
}

// Error writes err as the spec's error body. Errors without a code are
// logged with the request id and answered as internal_error; their text is
// never sent.
func Error(w http.ResponseWriter, r *http.Request, err error) {
	var e *apperr.Error
	if !errors.As(err, &e) {
		e = &apperr.Error{Code: apperr.Internal, Message: "Something went wrong on our side. Retry with backoff.", Err: err}
	}
	if e.Code == apperr.Internal && busy(err) {
		slog.WarnContext(r.Context(), "request refused: a dependency is busy", "request_id", RequestID(r.Context()), "err", err)
		e = &apperr.Error{Code: apperr.Unavailable, Message: busyMessage, RetryAfter: BusyRetryAfter, Err: err}
	}
	status := Status(e.Code)
	if status >= 500 && !abandoned(r) {
		slog.ErrorContext(r.Context(), "request failed", "request_id", RequestID(r.Context()), "err", err)
	}
	if retry := retryAfter(e, status); retry > 0 {
		w.Header().Set("Retry-After", strconv.Itoa(retry))
	}
	if status == http.StatusUnauthorized && w.Header().Get("WWW-Authenticate") == "" {
		// A credential refused after it was accepted (revoked, or its
		// account deleted, while the request ran): RFC 6750 still asks
		// for the challenge; Unauthorized's names the metadata too.
		w.Header().Set("WWW-Authenticate", "Bearer")
	}
	msg := e.Message
	if msg == "" {
		msg = defaultMessage(e.Code)
	}
	JSON(w, status, ErrorBody{Error: msg, Code: e.Code, Details: e.Details, ActionURL: e.ActionURL})
}

// BusyRetryAfter is the wait, in seconds, of a 503 answered because a
// dependency throttled the request after the SDK's own retries.
const BusyRetryAfter = 2

const busyMessage = "The service is busy for a moment. Retry after the number of seconds in Retry-After."

// awsError is what the AWS SDK's service errors have: the service's error
// code.
type awsError interface{ ErrorCode() string }

// busy reports whether err is a dependency refusing for load (DynamoDB or
// another AWS service throttling, or a transaction still in progress),
// which the SDK already retried: the request may succeed when sent again,
// so it answers 503 unavailable rather than 500.
func busy(err error) bool {
	var ae awsError
	if !errors.As(err, &ae) {
		return false
	}
	switch ae.ErrorCode() {
	case "ThrottlingException", "ProvisionedThroughputExceededException", "RequestLimitExceeded",
		"TransactionInProgressException", "TooManyRequestsException", "SlowDown":
		return true
	}
	return false
}

// DefaultRetryAfter is the wait, in seconds, a 429 or 503 answer names
// when its error did not set one: spec 7 tells callers of both to wait
// Retry-After seconds, so neither goes out without the header.
const DefaultRetryAfter = 60

// retryAfter returns the Retry-After seconds of an error answer with status,
// or 0 when the answer carries none.
func retryAfter(e *apperr.Error, status int) int {
	switch {
	case e.RetryAfter > 0:
		return e.RetryAfter
	case status == http.StatusTooManyRequests || status == http.StatusServiceUnavailable:
		return DefaultRetryAfter
	}
	return 0
}

func defaultMessage(code apperr.Code) string {
	switch code {
	case apperr.NotFound:
		return "Not found."
	case apperr.Unauthorized:
		return UnauthorizedMessage
	default:
		return "Something went wrong on our side. Retry with backoff."
	}
}

// NotFound answers every request that matches no route.
func NotFound(w http.ResponseWriter, r *http.Request) {
	Error(w, r, apperr.NotFoundf("There is no endpoint %s %s.", r.Method, r.URL.Path))
}

// abandoned reports whether r is a read run beside its credential's check
// that the check has stopped (see speculate): its answer is never sent, so
// the failure its stop causes is not a failure of the service to log.
func abandoned(r *http.Request) bool {
	return speculating(r.Context()) != nil && r.Context().Err() != nil
}
