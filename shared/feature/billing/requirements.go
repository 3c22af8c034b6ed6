package billing

import "rvcontent/shared/edge/routes"

// Requirements is the endpoint index's Needs column (spec 4.2) by route
// key: what each endpoint needs of the account, and whether its site must
// be active on the plan. Endpoints not listed need nothing. The gate test
// compares it with the spec's table.
var Requirements = map[string]Requirement{
	key("POST", "/sites"):                                                 {NeedPaidPlan, false},
	key("POST", "/sites/{site_id}/restore"):                               {NeedPaidPlan, false},
	key("POST", "/sites/{site_id}/articles/{article_id}/generate"):        {NeedTrialOrPlan, true},
	key("POST", "/sites/{site_id}/integrations/{integration_id}/connect"): {NeedTrialOrPlan, true},
	key("PATCH", "/sites/{site_id}/integrations/{integration_id}"):        {NeedTrialOrPlan, true},
	key("POST", "/sites/{site_id}/integrations/{integration_id}/sync"):    {NeedTrialOrPlan, true},
	key("POST", "/sites/{site_id}/keys"):                                  {NeedTrialOrPlan, true},
	key("PATCH", "/sites/{site_id}/backlinks"):                            {NeedPaidPlan, true},
	key("POST", "/sites/{site_id}/backlinks/domain"):                      {NeedPaidPlan, true},
	key("POST", "/sites/{site_id}/backlinks/domain/verify"):               {NeedPaidPlan, true},
	key("POST", "/sites/{site_id}/backlinks/targets"):                     {NeedPaidPlan, true},
	key("PATCH", "/sites/{site_id}/backlinks/targets/{target_id}"):        {NeedPaidPlan, true},
	key("DELETE", "/sites/{site_id}/backlinks/targets/{target_id}"):       {NeedPaidPlan, true},
	key("PATCH", "/sites/{site_id}/forum"):                                {NeedPaidPlan, true},
	key("POST", "/sites/{site_id}/forum/sweeps"):                          {NeedPaidPlan, true},
	key("PATCH", "/sites/{site_id}/forum/threads/{thread_id}"):            {NeedPaidPlan, true},
	key("POST", "/sites/{site_id}/forum/threads/{thread_id}/drafts"):      {NeedPaidPlan, true},
	key("PATCH", "/sites/{site_id}/forum/drafts/{draft_id}"):              {NeedPaidPlan, true},
	key("POST", "/sites/{site_id}/forum/replies"):                         {NeedPaidPlan, true},
	key("POST", "/billing/activate"):                                      {NeedTrial, false},
}

func key(method, path string) string { return method + " " + routes.AgentBase + path }
