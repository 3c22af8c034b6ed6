package routes

import (
	"os"
	"strings"
	"testing"

	"rvcontent/shared/feature/billing"
)

// endpointIndex is the endpoint index of spec 4.2, copied verbatim; its
// Needs column is what the route table must say. TestNeedsMatchSpec
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
func parseNeeds(t *testing.T, table string) map[string]billing.Need {
	t.Helper()
	out := map[string]billing.Need{}
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

func needOf(t *testing.T, s string) billing.Need {
	switch s {
	case "":
		return billing.NeedNothing
	case "trial or plan":
		return billing.NeedTrialOrPlan
	case "paid plan":
		return billing.NeedPaidPlan
	case "trial":
		return billing.NeedTrial
	}
	t.Fatalf("unknown need %q", s)
	return billing.NeedNothing
}

func checkRequirements(t *testing.T, index map[string]billing.Need) {
	t.Helper()
	needs := map[string]billing.Requirement{}
	for _, r := range Table {
		needs[r.Key()] = r.Needs
	}
	for k, need := range index {
		req := needs[k]
		if req.Need != need {
			t.Errorf("%s needs %v in the spec, %v in the route table", k, need, req.Need)
		}
		path := strings.SplitN(k, " ", 2)[1]
		wantSite := need != billing.NeedNothing && strings.Contains(path, "{site_id}") && !strings.HasSuffix(path, "/restore")
		if req.Site != wantSite {
			t.Errorf("%s: site check %v, want %v", k, req.Site, wantSite)
		}
	}
	for k, req := range needs {
		if _, ok := index[k]; !ok && req != (billing.Requirement{}) {
			t.Errorf("the route table gives %s a need, and the spec's index does not list it", k)
		}
	}
}

func TestNeedsMatchSpec(t *testing.T) {
	checkRequirements(t, parseNeeds(t, endpointIndex))
	b, err := os.ReadFile("../../../../shared/spec/agent-api.md")
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

func key(method, path string) string { return method + " " + AgentBase + path }
