package billing

import (
	"os"
	"strings"
	"testing"
	"time"

	"rvcontent/shared/edge/routes"
	"rvcontent/shared/kernel/apperr"
	"rvcontent/shared/kernel/clock"
)

// endpointIndex is the endpoint index of spec 4.2, copied verbatim; its
// Needs column is what Requirements must say. TestRequirementsMatchSpec
// also reads the spec itself when it sits beside the repository.
const endpointIndex = `
| Method | Path | Purpose | Needs |
|---|---|---|---|
| POST | /accounts | create account (no auth) | |
| GET | /account | get account | |
| POST | /account/resend-claim | resend claim email | |
| DELETE | /account | delete account (owner only) | |
| GET | /agent-keys | list keys and connections | |
| POST | /agent-keys | create key | |
| DELETE | /agent-keys/{id} | revoke key or connection | |
| GET | /activity | activity log | |
| GET | /sites | list sites | |
| POST | /sites | add Studio site | paid plan |
| GET | /sites/{site_id} | get site | |
| PATCH | /sites/{site_id} | update brand and writing settings | |
| DELETE | /sites/{site_id} | schedule Studio site removal | |
| POST | /sites/{site_id}/restore | keep or restore Studio site | paid plan |
| GET | /sites/{site_id}/scan | get scan | |
| POST | /sites/{site_id}/scan | rerun scan | |
| POST | /sites/{site_id}/research | run research | |
| GET | /sites/{site_id}/keywords | list keywords | |
| POST | /sites/{site_id}/keywords | add keyword | |
| DELETE | /sites/{site_id}/keywords/{keyword_id} | delete keyword | |
| GET | /sites/{site_id}/articles | list articles | |
| POST | /sites/{site_id}/articles | create idea or scheduled article | |
| GET | /sites/{site_id}/articles/{article_id} | get article | |
| PATCH | /sites/{site_id}/articles/{article_id} | update article | |
| DELETE | /sites/{site_id}/articles/{article_id} | delete article | |
| POST | /sites/{site_id}/articles/{article_id}/generate | write article (1 article credit) | trial or plan |
| POST | /sites/{site_id}/articles/{article_id}/rewrite-section | rewrite one passage | |
| GET | /sites/{site_id}/articles/{article_id}/score | SEO and GEO score | |
| POST | /sites/{site_id}/articles/{article_id}/finish | mark hand-written article finished | |
| POST | /sites/{site_id}/articles/{article_id}/publish | push to destinations, record live URL | |
| GET | /jobs/{job_id} | get job | |
| GET | /jobs | list jobs | |
| GET, PATCH | /sites/{site_id}/autopilot | get; turn on or off and set pace | |
| GET | /sites/{site_id}/integrations | list integrations | |
| GET | /sites/{site_id}/integrations/{integration_id} | get one integration and setup options | |
| POST | /sites/{site_id}/integrations/{integration_id}/connect | start connection | trial or plan |
| PATCH | /sites/{site_id}/integrations/{integration_id} | configure push integration | trial or plan |
| POST | /sites/{site_id}/integrations/{integration_id}/sync | push every missing or changed article | trial or plan |
| DELETE | /sites/{site_id}/integrations/{integration_id} | disconnect push integration | |
| GET | /sites/{site_id}/keys | list site keys | |
| POST | /sites/{site_id}/keys | create site key | trial or plan |
| DELETE | /sites/{site_id}/keys/{key_id} | revoke site key | |
| GET | /sites/{site_id}/credits | credit balances | |
| GET | /sites/{site_id}/rank | keyword coverage | |
| GET | /sites/{site_id}/backlinks | exchange overview | |
| PATCH | /sites/{site_id}/backlinks | exchange settings | paid plan |
| POST | /sites/{site_id}/backlinks/domain | set domain to verify | paid plan |
| POST | /sites/{site_id}/backlinks/domain/verify | check verification | paid plan |
| GET, POST | /sites/{site_id}/backlinks/targets | list; create target | POST: paid plan |
| PATCH, DELETE | /sites/{site_id}/backlinks/targets/{target_id} | update; delete target | paid plan |
| GET | /sites/{site_id}/backlinks/placements | list placements | |
| DELETE | /sites/{site_id}/backlinks/placements/{placement_id} | remove hosted link | |
| GET, PATCH | /sites/{site_id}/forum | forum presence overview; settings | PATCH: paid plan |
| POST | /sites/{site_id}/forum/sweeps | start sweep | paid plan |
| GET | /sites/{site_id}/forum/threads | list threads | |
| GET, PATCH | /sites/{site_id}/forum/threads/{thread_id} | get; save, dismiss or restore | PATCH: paid plan |
| POST | /sites/{site_id}/forum/threads/{thread_id}/drafts | draft or rewrite reply (1 forum reply credit) | paid plan |
| PATCH | /sites/{site_id}/forum/drafts/{draft_id} | edit draft | paid plan |
| GET, POST | /sites/{site_id}/forum/replies | list; record a posted reply | POST: paid plan |
| GET | /billing | billing status | |
| POST | /billing/checkout | checkout link for owner | |
| POST | /billing/portal | portal link for owner | |
| POST | /billing/activate | end trial now and pay | trial |
| GET | /billing/studio-quote | price of one more Studio site | |
| GET | /events | read event stream | |
| GET, POST | /webhooks | list; create endpoint | |
| PATCH, DELETE | /webhooks/{webhook_id} | update; delete endpoint | |
| POST | /webhooks/{webhook_id}/test | send test event | |
`

// parseNeeds reads an endpoint index table into route keys and needs.
func parseNeeds(t *testing.T, table string) map[string]Need {
	t.Helper()
	out := map[string]Need{}
	for _, line := range strings.Split(table, "\n") {
		cells := strings.Split(line, "|")
		if len(cells) < 6 || !strings.HasPrefix(strings.TrimSpace(cells[2]), "/") {
			continue
		}
		methods, path, needs := strings.TrimSpace(cells[1]), strings.TrimSpace(cells[2]), strings.TrimSpace(cells[4])
		for _, m := range strings.Split(methods, ",") {
			m = strings.TrimSpace(m)
			need := needs
			if method, rest, ok := strings.Cut(needs, ":"); ok {
				need = ""
				if strings.TrimSpace(method) == m {
					need = strings.TrimSpace(rest)
				}
			}
			out[key(m, path)] = needOf(t, need)
		}
	}
	if len(out) < 60 {
		t.Fatalf("read only %d endpoints from the index", len(out))
	}
	return out
}

func needOf(t *testing.T, s string) Need {
	switch s {
	case "":
		return NeedNothing
	case "trial or plan":
		return NeedTrialOrPlan
	case "paid plan":
		return NeedPaidPlan
	case "trial":
		return NeedTrial
	}
	t.Fatalf("unknown need %q", s)
	return NeedNothing
}

func checkRequirements(t *testing.T, index map[string]Need) {
	t.Helper()
	for k, need := range index {
		req := Requirements[k]
		if req.Need != need {
			t.Errorf("%s needs %v in the spec, %v in Requirements", k, need, req.Need)
		}
		path := strings.SplitN(k, " ", 2)[1]
		wantSite := need != NeedNothing && strings.Contains(path, "{site_id}") && !strings.HasSuffix(path, "/restore")
		if req.Site != wantSite {
			t.Errorf("%s: site check %v, want %v", k, req.Site, wantSite)
		}
	}
	for k := range Requirements {
		if _, ok := index[k]; !ok {
			t.Errorf("Requirements has %s, which the spec's index does not list", k)
		}
	}
}

func TestRequirementsMatchSpec(t *testing.T) {
	checkRequirements(t, parseNeeds(t, endpointIndex))
	b, err := os.ReadFile("../../../shared/spec/agent-api.md")
	if err != nil {
		t.Logf("spec not beside the repository (%v): checked against the copy only", err)
		return
	}
	spec := string(b)
	start := strings.Index(spec, "| Method | Path | Purpose | Needs |")
	if start < 0 {
		t.Fatal("the spec has no endpoint index")
	}
	checkRequirements(t, parseNeeds(t, spec[start:]))
}

// Every route with a requirement exists in the route table.
func TestRequirementsAreRoutes(t *testing.T) {
	known := map[string]bool{}
	for _, r := range routes.Table {
		known[r.Key()] = true
	}
	for _, k := range []string{key("POST", "/sites"), key("POST", "/sites/{site_id}/restore"), key("POST", "/billing/activate")} {
		if !known[k] {
			t.Errorf("%s is not in the route table", k)
		}
	}
}

// The gate's answer for each need in each billing state.
func TestGateDecisions(t *testing.T) {
	now := time.Date(2026, 5, 10, 12, 0, 0, 0, time.UTC)
	f, tr := false, true
	states := map[string]record{
		"none":             {Status: StatusNone},
		"trialing":         {Status: StatusTrialing},
		"trial checked":    {Status: StatusTrialing, CardVerified: &tr},
		"trial card fails": {Status: StatusTrialing, CardVerified: &f},
		"active":           {Status: StatusActive, EverPaid: true},
		"canceling":        {Status: StatusActive, EverPaid: true, CancelAtPeriodEnd: true},
		"past due 47h":     {Status: StatusPastDue, EverPaid: true, PastDueSince: clock.Format(now.Add(-47 * time.Hour))},
		"past due 49h":     {Status: StatusPastDue, EverPaid: true, PastDueSince: clock.Format(now.Add(-49 * time.Hour))},
		"ended":            {Status: StatusCanceled},
	}
	const (
		ok   = apperr.Code("")
		sub  = apperr.SubscriptionRequired
		paid = apperr.PaidPlanRequired
		conf = apperr.Conflict
	)
	want := map[Need]map[string]apperr.Code{
		NeedNothing: {"none": ok, "trialing": ok, "trial checked": ok, "trial card fails": ok, "active": ok, "canceling": ok, "past due 47h": ok, "past due 49h": ok, "ended": ok},
		NeedTrialOrPlan: {"none": sub, "trialing": ok, "trial checked": ok, "trial card fails": sub, "active": ok, "canceling": ok,
			"past due 47h": ok, "past due 49h": sub, "ended": sub},
		NeedPaidPlan: {"none": paid, "trialing": paid, "trial checked": paid, "trial card fails": paid, "active": ok, "canceling": ok,
			"past due 47h": paid, "past due 49h": paid, "ended": paid},
		NeedTrial: {"none": conf, "trialing": ok, "trial checked": ok, "trial card fails": ok, "active": conf, "canceling": conf,
			"past due 47h": conf, "past due 49h": conf, "ended": conf},
	}
	for need, byState := range want {
		for name, code := range byState {
			t.Run(name, func(t *testing.T) {
				r := states[name]
				if got := apperr.CodeOf(r.meets(need, now)); got != code {
					t.Fatalf("need %d in state %s: %q, want %q", need, name, got, code)
				}
			})
		}
	}
}
