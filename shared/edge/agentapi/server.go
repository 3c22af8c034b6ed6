// Package agentapi holds the agent API's HTTP handlers of the accounts,
// sites, billing and events groups (spec 4), and what every agent-API
// handler shares (Caller, QueryList); contentapi holds the content side's.
// Each decodes the request, calls one domain method and encodes the
// answer. Routes come from the route table; the compose packages bind each
// group's handlers to its routes.
package agentapi

import (
	"net/http"
	"strconv"
	"time"

	"rvcontent/shared/edge/api"
	"rvcontent/shared/edge/routes"
	"rvcontent/shared/feature/accounts"
	"rvcontent/shared/feature/activity"
	"rvcontent/shared/feature/credentials"
	"rvcontent/shared/feature/eventlog"
	"rvcontent/shared/feature/jobs"
	"rvcontent/shared/feature/sites"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/auth"
	"rvcontent/shared/kernel/clock"
)

// Accounts serves the account and agent key endpoints (spec 4.3, 4.4).
type Accounts struct {
	Accounts    *accounts.Service
	Credentials *credentials.Service
}

// Handlers returns the account and agent key handlers by route key.
func (s *Accounts) Handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		routes.CreateAccount.Key():    s.createAccount,
		routes.GetAccount.Key():       s.getAccount,
		routes.ResendClaimEmail.Key(): s.resendClaim,
		routes.DeleteAccount.Key():    s.deleteAccount,
		routes.ListAgentKeys.Key():    s.listAgentKeys,
		routes.CreateAgentKey.Key():   s.createAgentKey,
		routes.RevokeAgentKey.Key():   s.revokeAgentKey,
	}
}

// Activity serves GET /activity (spec 4.4).
type Activity struct {
	Log *activity.Log
	// Sites reads the site a site_id filter names (see listOfSite).
	Sites *sites.Store
}

// Handlers returns the activity handler by route key.
func (s *Activity) Handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		routes.ListActivity.Key(): s.listActivity,
	}
}

// Jobs serves the job endpoints (spec 4.1).
type Jobs struct {
	Jobs *jobs.Store
	// Sites reads the site a site_id filter names (see listOfSite).
	Sites *sites.Store
}

// Handlers returns the job handlers by route key.
func (s *Jobs) Handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		routes.GetJob.Key():   s.getJob,
		routes.ListJobs.Key(): s.listJobs,
	}
}

// Sites serves the site reads (spec 4.5).
type Sites struct {
	Sites *sites.Store
}

// Handlers returns the site read handlers by route key.
func (s *Sites) Handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		routes.ListSites.Key(): s.listSites,
		routes.GetSite.Key():   s.getSite,
	}
}

// Events serves GET /events (spec 4.10).
type Events struct {
	Events *eventlog.Store
	// Sites reads the site a site_id filter names (see listOfSite).
	Sites *sites.Store
}

// Handlers returns the events feed handler by route key.
func (s *Events) Handlers() map[string]http.HandlerFunc {
	return map[string]http.HandlerFunc{
		routes.ListEvents.Key(): s.listEvents,
	}
}

// Caller returns the authenticated principal; routes that need one are
// behind api.Authenticate.
func Caller(r *http.Request) auth.Principal {
	p, _ := auth.From(r.Context())
	return p
}

// requestKey returns the request's Idempotency-Key, whole (see
// api.IdempotencyKey), or "" without one.
func requestKey(r *http.Request) string {
	key, _ := api.IdempotencyKey(r)
	return key
}

// queryTime reads an optional timestamp query parameter in the forms
// clock.ParseQuery accepts.
func queryTime(r *http.Request, name string, problems *[]apperr.Problem) (t timeValue) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return
	}
	parsed, err := clock.ParseQuery(v)
	if err != nil {
		*problems = append(*problems, apperr.Problem{Field: name, Problem: "must be an ISO 8601 timestamp such as 2026-01-31T09:00:00Z"})
		return
	}
	return timeValue{T: parsed, Set: true}
}

// readFeedQuery reads what the account's feeds (GET /activity and GET
// /events) take besides their filters: the page of the list filters
// choose (see api.ReadPage) and the optional "since" timestamp (zero when
// absent).
func readFeedQuery(r *http.Request, filters ...string) (api.Page, time.Time, error) {
	page, err := api.ReadPage(r, filters...)
	if err != nil {
		return api.Page{}, time.Time{}, err
	}
	var problems []apperr.Problem
	since := queryTime(r, "since", &problems)
	if len(problems) > 0 {
		return api.Page{}, time.Time{}, apperr.Invalid(problems...)
	}
	return page, since.T, nil
}

// queryInt reads an optional integer query parameter within [min, max].
func queryInt(r *http.Request, name string, min, max int, problems *[]apperr.Problem) (int, bool) {
	v := r.URL.Query().Get(name)
	if v == "" {
		return 0, false
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < min || n > max {
		*problems = append(*problems, apperr.Problem{Field: name, Problem: "must be an integer from " + strconv.Itoa(min) + " to " + strconv.Itoa(max)})
		return 0, false
	}
	return n, true
}
