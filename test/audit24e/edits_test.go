package audit24e

import (
	"encoding/json"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// edited is one edit form of the dashboard: the page that shows it, its
// action, what the owner changes on it, what an agent changes through the
// API while the page is open, the API path that reads the result back and
// the JSON (key path in it) each change must be found at.
type edited struct {
	name, page, action string
	owner              map[string]string
	agentPath          string
	agent              map[string]any
	read, key          string
	want               map[string]any
}

// README, "Owner dashboard": "edit forms send only the fields that
// changed". The forms compared what was posted with the API's values read
// when the form came back, not with what the page had shown, so a save
// sent every field an agent (or another tab) had changed since the page
// was opened, as the page's stale value: an agent turned autopilot on
// and set its time, the owner then changed the number of articles a week,
// and autopilot was off again at 09:00; an agent set a webhook endpoint's
// events, the owner edited its description, and it got every event again.
func TestEditFormsKeepWhatChangedMeanwhile(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewPaidOwner(t)
	s := "/sites/" + o.SiteID
	art := o.NewArticle(t, map[string]any{"title": "Hello", "status": "scheduled", "keyword": "first keyword"})
	hook := o.API(t, "POST", "/webhooks", map[string]any{"url": "https://hooks.example.org/first", "events": []string{"*"}}, http.StatusCreated)["webhook"].(map[string]any)["id"].(string)
	for _, e := range []edited{
		{"site settings", o.SitePage("/settings"), o.SitePage("/settings"), map[string]string{"brand_name": "Owner Brand"},
			s, map[string]any{"product_description": "Pans and skillets, written by the agent."},
			s, "site", map[string]any{"brand_name": "Owner Brand", "product_description": "Pans and skillets, written by the agent."}},
		{"article", o.SitePage("/articles/" + art + "/edit"), o.SitePage("/articles/" + art + "/edit"), map[string]string{"title": "Owner title"},
			s + "/articles/" + art, map[string]any{"description": "Written by the agent.", "keyword": "agent keyword", "scheduled_for": "2027-01-05", "tags": []string{"agenttag"}},
			s + "/articles/" + art, "article", map[string]any{"title": "Owner title", "description": "Written by the agent.", "keyword": "agent keyword", "scheduled_for": "2027-01-05", "tags": []any{"agenttag"}}},
		{"webhook endpoint", "/dashboard/settings/webhooks/" + hook, "/dashboard/settings/webhooks/" + hook, map[string]string{"description": "Owner's endpoint"},
			"/webhooks/" + hook, map[string]any{"events": []string{"article.published"}, "url": "https://hooks.example.org/agent"},
			"/webhooks", "webhooks", map[string]any{"description": "Owner's endpoint", "events": []any{"article.published"}, "url": "https://hooks.example.org/agent"}},
		{"backlink settings", o.SitePage("/backlinks"), o.SitePage("/backlinks"), map[string]string{"niche": "owner niche"},
			s + "/backlinks", map[string]any{"topic_tags": []string{"agenttag"}, "max_links_per_article": 2, "blocked_categories": []string{"crypto"}},
			s + "/backlinks", "backlinks", map[string]any{"niche": "owner niche", "topic_tags": []any{"agenttag"}, "max_links_per_article": 2.0, "blocked_categories": []any{"crypto"}}},
		{"forum settings", o.SitePage("/forum"), o.SitePage("/forum"), map[string]string{"niche": "owner niche"},
			s + "/forum", map[string]any{"tone": "agent tone", "topic_tags": []string{"agenttag"}, "keywords_per_sweep": 7, "max_links_per_reply": 1},
			s + "/forum", "forum", map[string]any{"niche": "owner niche", "tone": "agent tone", "topic_tags": []any{"agenttag"}, "keywords_per_sweep": 7.0, "max_links_per_reply": 1.0}},
		{"autopilot", o.SitePage("/autopilot"), o.SitePage("/autopilot"), map[string]string{"weekly_cadence": "5"},
			s + "/autopilot", map[string]any{"enabled": true, "time_of_day": "17:30", "days": []string{"sat"}},
			s + "/autopilot", "autopilot", map[string]any{"weekly_cadence": 5.0, "enabled": true, "time_of_day": "17:30", "days": []any{"sat"}}},
	} {
		t.Run(e.name, func(t *testing.T) {
			form := o.Browser.Get(t, e.page).Expect(t, http.StatusOK).Form(t, e.action)
			o.API(t, "PATCH", e.agentPath, e.agent, http.StatusOK)
			for k, v := range e.owner {
				form.Set(k, v)
			}
			o.Browser.Post(t, e.action, form).Redirect(t, http.StatusSeeOther, env.URL+"/dashboard/")
			got := o.API(t, "GET", e.read, nil, http.StatusOK)[e.key]
			if list, ok := got.([]any); ok { // the webhooks list
				got = list[0]
			}
			obj := got.(map[string]any)
			for k, want := range e.want {
				if g, _ := json.Marshal(obj[k]); string(g) != mustJSON(t, want) {
					t.Errorf("%s: %s is %s after the owner's save, want %s", e.name, k, g, mustJSON(t, want))
				}
			}
		})
	}
}

// mustJSON returns v as JSON.
func mustJSON(t *testing.T, v any) string {
	t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
