// Package apperr defines the service's one error type: a stable code from the
// spec's error table, the operation that failed, a sentence for the caller and
// an optional wrapped cause. HTTP adapters map codes to statuses in one place.
package apperr

import (
	"errors"
	"fmt"
)

// Code is a stable error code, exactly as the spec's error table spells it.
type Code string

// The codes of the agent API's error table (spec section 7).
const (
	BadRequest             Code = "bad_request"
	Unauthorized           Code = "unauthorized"
	SubscriptionRequired   Code = "subscription_required"
	PaidPlanRequired       Code = "paid_plan_required"
	InsufficientCredits    Code = "insufficient_credits"
	PaymentFailed          Code = "payment_failed"
	HumanRequired          Code = "human_required"
	NotFound               Code = "not_found"
	AccountExists          Code = "account_exists"
	Conflict               Code = "conflict"
	IntegrationUnavailable Code = "integration_unavailable"
	ValidationFailed       Code = "validation_failed"
	RateLimited            Code = "rate_limited"
	PayloadTooLarge        Code = "payload_too_large"
	Internal               Code = "internal_error"
	Unavailable            Code = "unavailable"
)

// Problem names one invalid field of a request and what is wrong with it.
type Problem struct {
	Field   string `json:"field"`
	Problem string `json:"problem"`
}

// Error is the service's error. Message is safe to show to a caller; Err is
// an internal cause that is logged but never sent.
type Error struct {
	Code       Code
	Op         string
	Message    string
	Details    []Problem
	ActionURL  string
	RetryAfter int // seconds; set on rate_limited and unavailable
	Err        error
}

// Error renders the error for logs: operation, code, message and cause.
func (e *Error) Error() string {
	s := string(e.Code)
	if e.Op != "" {
		s = e.Op + ": " + s
	}
	if e.Message != "" {
		s += ": " + e.Message
	}
	if e.Err != nil {
		s += ": " + e.Err.Error()
	}
	return s
}

// Unwrap returns the wrapped cause so errors.Is and errors.As see through.
func (e *Error) Unwrap() error { return e.Err }

// New returns an error with a code and a caller-facing sentence.
func New(code Code, message string) *Error {
	return &Error{Code: code, Message: message}
}

// Newf returns an error with a code and a formatted caller-facing sentence.
func Newf(code Code, format string, args ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, args...)}
}

// Wrap returns an internal error for op that hides err from the caller.
// A nil err gives nil. An err that already carries a code keeps it.
func Wrap(op string, err error) error {
	if err == nil {
		return nil
	}
	var e *Error
	if errors.As(err, &e) {
		return err
	}
	return &Error{Code: Internal, Op: op, Message: "Something went wrong on our side. Retry with backoff.", Err: err}
}

// Invalid returns a validation_failed error listing the problems.
func Invalid(problems ...Problem) *Error {
	return &Error{Code: ValidationFailed, Message: "Some fields are missing or invalid; see details.", Details: problems}
}

// NotFoundf returns a not_found error naming what was looked for.
func NotFoundf(format string, args ...any) *Error { return Newf(NotFound, format, args...) }

// CodeOf returns the code of err, Internal for an error without one, and ""
// for nil.
func CodeOf(err error) Code {
	if err == nil {
		return ""
	}
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return Internal
}

// Is reports whether err carries code.
func Is(err error, code Code) bool { return err != nil && CodeOf(err) == code }
