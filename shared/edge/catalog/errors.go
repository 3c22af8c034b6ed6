package catalog

import (
	"fmt"
	"net/http"
	"slices"
	"sort"
	"strings"

	"rvcontent/shared/feature/billing"
	"rvcontent/shared/feature/idempotency"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/config"
)

// Error is an error an operation can answer: its status, its code (the
// agent API's; empty for the public API's, whose 402 alone has one) and
// when.
type Error struct {
	Status int
	Code   apperr.Code
	When   string
}

// fails is an operation-specific error.
func fails(status int, code apperr.Code, when string) Error {
	return Error{Status: status, Code: code, When: when}
}

// Often-named operation-specific errors.
var (
	errConflict      = func(when string) Error { return fails(http.StatusConflict, apperr.Conflict, when) }
	errAIRateLimited = fails(http.StatusTooManyRequests, apperr.RateLimited, "the account's AI rate limit is spent")
	errModel         = fails(http.StatusServiceUnavailable, apperr.Unavailable, "the model failed; retry after Retry-After")
	errPaymentFailed = fails(http.StatusPaymentRequired, apperr.PaymentFailed, "the card was declined; nothing changed (action_url: the billing portal)")
	errHuman         = fails(http.StatusForbidden, apperr.HumanRequired, "the bank wants cardholder authentication (action_url: where the owner completes it)")
	errSiteFilter    = fails(http.StatusNotFound, apperr.NotFound, "site_id names no site of this account (another account's, or none)")
	errCredits       = func(kind string) Error {
		return fails(http.StatusPaymentRequired, apperr.InsufficientCredits, "the site used this period's "+kind)
	}
)

// Errors returns every error o can answer, by status then code: those of
// every operation of its kind, those its plan requirement brings, and its
// own.
func (o Operation) Errors() []Error {
	var out []Error
	add := func(status int, code apperr.Code, when string) {
		out = append(out, Error{Status: status, Code: code, When: when})
	}
	if o.API == PublicAPI {
		add(401, "", "missing, malformed, unknown or revoked site key")
		add(402, apperr.SubscriptionRequired, "the site is not active on a trial or plan")
		add(429, "", fmt.Sprintf("a rate limit is spent (by default %d requests per caller address, or %d per account across its keys, in each fixed UTC clock minute; a 429 counts too); retry in the next clock minute",
			config.DefaultPublicRequestsPerIP, config.DefaultPublicRequestsPerAccount))
		add(500, "", "a server error")
	} else {
		if !o.Anonymous {
			add(401, apperr.Unauthorized, "missing, unknown, malformed, revoked or expired credential")
		}
		add(429, apperr.RateLimited, "the request budget is spent; wait Retry-After seconds")
		add(500, apperr.Internal, "a service failure; retry with backoff")
		add(503, apperr.Unavailable, "temporarily unavailable; wait Retry-After seconds")
		if len(o.Params()) > 0 {
			add(404, apperr.NotFound, "no such resource on this account")
		}
		switch {
		case o.Method == http.MethodPost || o.Method == http.MethodPatch:
			add(400, apperr.BadRequest, "the body is not valid JSON, or a header is malformed")
			add(413, apperr.PayloadTooLarge, "the body is larger than 1 MB")
		case Keyed(o.Method):
			add(400, apperr.BadRequest, fmt.Sprintf("the Idempotency-Key header is not 1 to %d characters, or a body is sent that is not a JSON object", idempotency.MaxKeyLength))
			add(413, apperr.PayloadTooLarge, "the body is larger than 1 MB")
		}
		if Keyed(o.Method) {
			add(409, apperr.Conflict, "the Idempotency-Key was used with another body, or its first request still runs")
		}
		if len(o.Body) > 0 || len(o.Query) > 0 || o.Method == http.MethodPost || o.Method == http.MethodPatch {
			add(422, apperr.ValidationFailed, "a field is missing or invalid; see details")
		} else {
			// Every operation reads its query string, if only to refuse
			// one that does not decode (api.WellFormedQuery).
			add(422, apperr.ValidationFailed, "the query string does not decode (a broken percent-encoding, or ';' between parameters); see details")
		}
		out = append(out, needErrors(o.Needs)...)
	}
	out = append(out, o.Fails...)
	return sortErrors(out)
}

// needErrors are the errors of the plan gate for requirement r.
func needErrors(r billing.Requirement) []Error {
	var out []Error
	switch r.Need {
	case billing.NeedTrialOrPlan:
		out = append(out, fails(402, apperr.SubscriptionRequired, "needs a trial or the plan (or the trial card check failed)"))
	case billing.NeedPaidPlan:
		out = append(out, fails(402, apperr.PaidPlanRequired, "needs the paid plan; a trial does not count"))
	case billing.NeedTrial:
		out = append(out, errConflict("the account is not trialing"))
	}
	if r.Site {
		out = append(out, fails(402, apperr.SubscriptionRequired, "the site is not usable on the plan (archived, removed, or its Studio subscription lapsed)"))
	}
	return out
}

// sortErrors orders errors by status, then code, merging repeats of a
// status and code into one whose When names every case (an operation's
// own limit answer beside the one every operation of its kind shares).
func sortErrors(es []Error) []Error {
	sort.SliceStable(es, func(i, j int) bool {
		if es[i].Status != es[j].Status {
			return es[i].Status < es[j].Status
		}
		return es[i].Code < es[j].Code
	})
	var out []Error
	for _, e := range es {
		if n := len(out); n > 0 && out[n-1].Status == e.Status && out[n-1].Code == e.Code {
			if e.When != "" && !slices.Contains(strings.Split(out[n-1].When, "; "), e.When) {
				out[n-1].When += "; " + e.When
			}
			continue
		}
		out = append(out, e)
	}
	return out
}
