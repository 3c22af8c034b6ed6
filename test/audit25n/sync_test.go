package audit25n

import (
	"fmt"
	"math/rand"
	"net/http"
	"net/url"
	"reflect"
	"sync"
	"testing"

	"rvcontent/shared/kernel/config"
	"rvcontent/test/testenv"
)

// plugin is a CMS plugin's copy of a site's finished articles, kept by
// walking GET /articles from its saved next_since as the spec tells
// consumers to (cursor rules 3-5: limit=100, upsert by id, stop on a short
// page, pass next_since back exactly).
type plugin struct {
	env    *testenv.Env
	key    string
	cursor string
	held   map[string]map[string]any
}

// sync walks the list from the saved cursor to its end.
func (p *plugin) sync(t *testing.T) {
	t.Helper()
	for {
		path := "/api/public/v1/articles?limit=100"
		if p.cursor != "" {
			path += "&since=" + url.QueryEscape(p.cursor)
		}
		var page struct {
			Articles  []map[string]any `json:"articles"`
			Count     int              `json:"count"`
			NextSince *string          `json:"next_since"`
		}
		p.env.Client().As(p.key).Do(t, "GET", path, nil).Expect(t, http.StatusOK).Decode(t, &page)
		for _, a := range page.Articles {
			p.held[a["id"].(string)] = a
		}
		if page.NextSince != nil {
			p.cursor = *page.NextSince
		}
		if page.Count < 100 {
			return
		}
	}
}

// TestPluginSyncMissesNothingWhileTheAgentWrites: public-articles-api.md 4
// "GET /articles | list finished articles, oldest updated_at first" and
// cursor rules 2-5 ("next_since is the updated_at of the last article in
// the page", "Consumers upsert by id", "Consumers stop on a short page",
// "next_since is passed back exactly as received"), and 2 ("updated_at
// ... moves whenever the service writes to the article"). A plugin syncs
// incrementally from its saved next_since, again and again, while agents
// create, finish, edit, publish and delete articles at the same time; once
// they stop and the plugin syncs one last time, it holds every finished
// article exactly as GET /articles/{id} and the agent API show it (title,
// slug, description, bodies, tags, score, live URL, dates), and nothing
// else but articles deleted meanwhile (which no list reports); no write
// answers 5xx.
//
// Before the fix a write took its updated_at from the clock some
// milliseconds before its transaction committed, so a write could land in
// the list behind a later one already committed and read: behind the
// plugin's next_since, where no incremental sync ever looks. The plugin
// missed finished articles, or kept an old version of an edited one, in
// most runs of this test.
func TestPluginSyncMissesNothingWhileTheAgentWrites(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a dev stack")
	}
	env := testenv.Start(t, testenv.Options{SchedulerEvery: -1, Configure: func(c *config.Config) {
		c.PublicRequestsPerIP, c.PublicRequestsPerAccount, c.AccountRequestsPerMinute = 100000, 100000, 100000
	}})
	const website = "https://sync-audit25n.example.com"
	o := newOwner(t, env, website)
	p := &plugin{env: env, key: o.SiteKey, held: map[string]map[string]any{}}

	const writers, rounds = 6, 10
	var wg sync.WaitGroup
	var mu sync.Mutex
	var answers []*testenv.Response
	keep := func(r *testenv.Response) {
		mu.Lock()
		defer mu.Unlock()
		answers = append(answers, r)
	}
	done := make(chan struct{})
	for w := 0; w < writers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			rng := rand.New(rand.NewSource(int64(w)))
			var mine []string
			for i := 0; i < rounds; i++ {
				id := o.written(t, fmt.Sprintf("Writer %d article %d", w, i))
				mine = append(mine, id)
				pick := mine[rng.Intn(len(mine))]
				switch rng.Intn(4) {
				case 0:
					keep(o.Agent(t, "PATCH", o.article(pick), map[string]any{
						"title": fmt.Sprintf("Retitled %d %d", w, i), "description": fmt.Sprintf("Words %d", i),
						"tags": []string{"t" + fmt.Sprint(i)}, "body_markdown": fmt.Sprintf("# Retitled\n\nNew words %d.\n", i),
					}))
				case 1:
					keep(o.Agent(t, "POST", o.article(pick)+"/publish", map[string]any{"url": fmt.Sprintf("%s/blog/%d-%d-%d", website, w, i, rng.Intn(1000))}))
				case 2:
					keep(o.Public(t, "PATCH", "/articles/"+pick, map[string]any{"published_url": fmt.Sprintf("%s/p/%d-%d-%d", website, w, i, rng.Intn(1000))}))
				case 3:
					if rng.Intn(2) == 0 {
						keep(o.Agent(t, "DELETE", o.article(pick), nil))
					}
				}
			}
		}(w)
	}
	go func() { wg.Wait(); close(done) }()
	for running := true; running; {
		select {
		case <-done:
			running = false
		default:
			p.sync(t)
		}
	}
	p.sync(t)

	var all struct {
		Articles []map[string]any `json:"articles"`
	}
	o.Public(t, "GET", "/articles?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &all)
	current := map[string]bool{}
	for _, want := range all.Articles {
		id := want["id"].(string)
		current[id] = true
		got, ok := p.held[id]
		if !ok {
			t.Errorf("the plugin never received finished article %s (%v)", id, want["title"])
			continue
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("the plugin holds article %s as\n%v\nbut the site's list shows\n%v", id, got, want)
		}
		one := o.Public(t, "GET", "/articles/"+id, nil).Expect(t, http.StatusOK).JSON(t)["article"]
		if !reflect.DeepEqual(one, want) {
			t.Errorf("GET /articles/%s = %v, the list shows %v", id, one, want)
		}
		agent := o.Agent(t, "GET", o.article(id), nil).Expect(t, http.StatusOK).JSON(t)["article"].(map[string]any)
		for _, f := range []string{"id", "slug", "title", "description", "body_markdown", "body_html", "tags", "seo_score", "published_url", "updated_at"} {
			if !reflect.DeepEqual(agent[f], want[f]) {
				t.Errorf("article %s: %s is %v in the agent API, %v in the public API", id, f, agent[f], want[f])
			}
		}
	}
	for id := range p.held {
		if !current[id] {
			if r := o.Agent(t, "GET", o.article(id), nil); r.Status != http.StatusNotFound {
				t.Errorf("the plugin holds %s, which is not listed but not deleted either (%d)", id, r.Status)
			}
		}
	}
	mu.Lock()
	defer mu.Unlock()
	for _, r := range answers {
		if r.Status >= 500 {
			t.Errorf("an agent's write answered %d: %s", r.Status, r.Body)
		}
	}
}
