// Package agentapi holds the agent API's HTTP handlers (spec 4): each
// decodes the request, calls one domain method and encodes the answer.
// Routes come from the route table; the app package wires them into groups.
package agentapi

import (
	"net/http"
	"strconv"
	"strings"
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

// Server is the agent API's handlers and the services they call.
type Server struct {
	Accounts    *accounts.Service
	Credentials *credentials.Service
	Activity    *activity.Log
	Jobs        *jobs.Store
	Sites       *sites.Store
	Events      *eventlog.Store
}

// Handlers returns the agent API's handlers by route key ("GET /path").
func (s *Server) Handlers() map[string]http.HandlerFunc {
	h := map[string]http.HandlerFunc{}
	add := func(method, path string, f http.HandlerFunc) { h[method+" "+routes.AgentBase+path] = f }
	add("POST", "/accounts", s.createAccount)
	add("GET", "/account", s.getAccount)
	add("POST", "/account/resend-claim", s.resendClaim)
	add("DELETE", "/account", s.deleteAccount)
	add("GET", "/agent-keys", s.listAgentKeys)
	add("POST", "/agent-keys", s.createAgentKey)
	add("DELETE", "/agent-keys/{id}", s.revokeAgentKey)
	add("GET", "/activity", s.listActivity)
	add("GET", "/jobs", s.listJobs)
	add("GET", "/jobs/{job_id}", s.getJob)
	add("GET", "/sites", s.listSites)
	add("GET", "/sites/{site_id}", s.getSite)
	add("GET", "/events", s.listEvents)
	return h
}

// caller returns the authenticated principal; routes that need one are
// behind api.Authenticate.
func caller(r *http.Request) auth.Principal {
	p, _ := auth.From(r.Context())
	return p
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
// /events) take besides their filters: the page and the optional "since"
// timestamp (zero when absent).
func readFeedQuery(r *http.Request) (api.Page, time.Time, error) {
	page, err := api.ReadPage(r)
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

// queryList reads a comma-separated query parameter.
func queryList(r *http.Request, name string) []string {
	var out []string
	for _, v := range strings.Split(r.URL.Query().Get(name), ",") {
		if v = strings.TrimSpace(v); v != "" {
			out = append(out, v)
		}
	}
	return out
}
