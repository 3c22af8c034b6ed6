package lifecycle_test

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestEveryWriteLeavesOneEntry: a sample of the API's writes across
// features, made by a connected app and by an agent key, each leaves
// exactly one activity entry, attributed to the credential that made it
// (spec 2: actor type app = an OAuth connection with its id and client
// name, agent = a key), with the caller's address.
func TestEveryWriteLeavesOneEntry(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	env.PaidPlan(t, a)
	token := env.OAuthToken(t, a, "Activity App")
	app := env.Client().As(token)
	var keys struct {
		AgentKeys []map[string]any `json:"agent_keys"`
	}
	a.Client.Agent(t, "GET", "/agent-keys", nil).Expect(t, http.StatusOK).Decode(t, &keys)
	connection := ""
	for _, k := range keys.AgentKeys {
		if k["type"] == "oauth" {
			connection, _ = k["id"].(string)
		}
	}
	if connection == "" {
		t.Fatalf("no connection listed: %v", keys.AgentKeys)
	}
	site := "/sites/" + a.SiteID
	for _, who := range []struct {
		c                  *testenv.Client
		typ, id, name, tag string
	}{
		{app, "app", connection, "Activity App", "app"},
		{a.Client, "agent", a.KeyID, "Test agent", "key"},
	} {
		cadence := map[string]int{"app": 4, "key": 3}[who.tag]
		id := func(r *testenv.Response, obj string) string {
			v, _ := r.JSON(t)[obj].(map[string]any)["id"].(string)
			return v
		}
		var kw, art, hook, sk, ak string
		steps := []struct {
			name string
			do   func() *testenv.Response
		}{
			{"PATCH site", func() *testenv.Response {
				return who.c.Agent(t, "PATCH", site, map[string]any{"brand_name": "Acme " + who.tag})
			}},
			{"POST keyword", func() *testenv.Response {
				r := who.c.Agent(t, "POST", site+"/keywords", map[string]any{"name": "model rockets " + who.tag})
				kw = id(r, "keyword")
				return r
			}},
			{"DELETE keyword", func() *testenv.Response { return who.c.Agent(t, "DELETE", site+"/keywords/"+kw, nil) }},
			{"POST article", func() *testenv.Response {
				r := who.c.Agent(t, "POST", site+"/articles", map[string]any{"title": "Rockets " + who.tag, "body_markdown": "# Rockets\n\nText."})
				art = id(r, "article")
				return r
			}},
			{"PATCH article", func() *testenv.Response {
				return who.c.Agent(t, "PATCH", site+"/articles/"+art, map[string]any{"title": "Rockets again " + who.tag})
			}},
			{"finish article", func() *testenv.Response { return who.c.Agent(t, "POST", site+"/articles/"+art+"/finish", nil) }},
			{"publish article", func() *testenv.Response {
				return who.c.Agent(t, "POST", site+"/articles/"+art+"/publish", map[string]any{"url": "https://acme.com/blog/" + who.tag})
			}},
			{"DELETE article", func() *testenv.Response { return who.c.Agent(t, "DELETE", site+"/articles/"+art, nil) }},
			{"PATCH autopilot", func() *testenv.Response {
				return who.c.Agent(t, "PATCH", site+"/autopilot", map[string]any{"weekly_cadence": cadence})
			}},
			{"POST webhook", func() *testenv.Response {
				r := who.c.Agent(t, "POST", "/webhooks", map[string]any{"url": "https://hooks.example.com/" + who.tag, "events": []string{"*"}})
				hook = id(r, "webhook")
				return r
			}},
			{"PATCH webhook", func() *testenv.Response {
				return who.c.Agent(t, "PATCH", "/webhooks/"+hook, map[string]any{"description": "changed"})
			}},
			{"DELETE webhook", func() *testenv.Response { return who.c.Agent(t, "DELETE", "/webhooks/"+hook, nil) }},
			{"PATCH backlinks", func() *testenv.Response {
				return who.c.Agent(t, "PATCH", site+"/backlinks", map[string]any{"max_links_per_article": cadence - 2})
			}},
			{"PATCH forum", func() *testenv.Response {
				return who.c.Agent(t, "PATCH", site+"/forum", map[string]any{"keywords_per_sweep": cadence + 3})
			}},
			{"PATCH integration", func() *testenv.Response {
				return who.c.Agent(t, "PATCH", site+"/integrations/push_platform_1", map[string]any{"default_status": map[string]string{"app": "publish", "key": "draft"}[who.tag]})
			}},
			{"POST research", func() *testenv.Response {
				return who.c.Agent(t, "POST", site+"/research", map[string]any{"seed": "rockets " + who.tag, "save": false})
			}},
			{"POST site key", func() *testenv.Response {
				r := who.c.Agent(t, "POST", site+"/keys", map[string]any{"name": "CMS " + who.tag})
				sk = id(r, "site_key")
				return r
			}},
			{"DELETE site key", func() *testenv.Response { return who.c.Agent(t, "DELETE", site+"/keys/"+sk, nil) }},
			{"POST agent key", func() *testenv.Response {
				r := who.c.Agent(t, "POST", "/agent-keys", map[string]any{"name": "Helper " + who.tag})
				ak = id(r, "agent_key")
				return r
			}},
			{"DELETE agent key", func() *testenv.Response { return who.c.Agent(t, "DELETE", "/agent-keys/"+ak, nil) }},
		}
		for _, s := range steps {
			before := a.Client.Activity(t)
			r := s.do()
			if r.Status >= 300 {
				t.Fatalf("%s by %s: %d %s", s.name, who.typ, r.Status, r.Body)
			}
			after := a.Client.Activity(t)
			var added []testenv.ActivityEntry
			for _, e := range after[:len(after)-len(before)] {
				if e.Actor["type"] != "service" { // scheduled work running meanwhile (the trial's card check)
					added = append(added, e)
				}
			}
			if len(after) == 100 {
				t.Fatal("the sample outgrew one page")
			}
			if len(added) != 1 {
				t.Errorf("%s by %s left %d entries: %+v", s.name, who.typ, len(added), added)
				continue
			}
			e := added[0]
			if e.Actor["type"] != who.typ || e.Actor["id"] != who.id || e.Actor["name"] != who.name || e.IP == "" || e.Summary == "" {
				t.Errorf("%s by %s: entry %+v", s.name, who.typ, e)
			}
		}
	}
}
