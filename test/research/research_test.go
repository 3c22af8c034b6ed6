package research

import (
	"fmt"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestResearchResult: a research job answers the Research result object:
// up to 24 keywords and the asked number of ideas (default 10), grounded
// in the scanned site and the seed, with saved null; the same input gives
// the same result; nothing is added to the site.
func TestResearchResult(t *testing.T) {
	env := testenv.Shared(t)
	a := scanned(t, env)
	before := len(listArticles(t, a))
	kwBefore := len(listKeywords(t, a, ""))

	r := research(t, a, map[string]any{"seed": "Late payments"})
	if len(r.Keywords) != 24 || len(r.Ideas) != 10 || r.Saved != nil {
		t.Fatalf("result has %d keywords, %d ideas, saved %v", len(r.Keywords), len(r.Ideas), r.Saved)
	}
	if k := r.Keywords[0]; k.Name != "late payments" || k.Tag != "late payments" || k.Intent != "Informational" ||
		k.SearchVolume != 2400 || k.TrafficEstimate != 720 || k.Trend != "Steady" {
		t.Fatalf("first keyword %+v", k)
	}
	intents := map[string]bool{"Commercial": true, "Informational": true, "Transactional": true, "Navigational": true}
	for _, k := range r.Keywords {
		if k.Name != strings.ToLower(k.Name) || len(k.Name) < 2 || !intents[k.Intent] || k.SearchVolume <= 0 || k.TrafficEstimate > k.SearchVolume {
			t.Errorf("keyword %+v", k)
		}
	}
	for _, i := range r.Ideas {
		if i.Title == "" || i.Description == "" || i.Keyword == "" || i.AISignal < 0 || i.AISignal > 100 ||
			(i.Competition != "Low" && i.Competition != "Medium" && i.Competition != "High") {
			t.Errorf("idea %+v", i)
		}
	}
	if i := r.Ideas[0]; i.Title != "Late payments: a practical guide for freelancers and small agencies" || i.Keyword != "late payments" ||
		i.TrafficEstimate != 720 || i.Competition != "Medium" || i.AISignal != 70 {
		t.Fatalf("first idea %+v", i)
	}
	// The scan's findings: the niche and the competitors the pages compare.
	names := map[string]bool{}
	for _, k := range r.Keywords {
		names[k.Name] = true
	}
	for _, n := range []string{"invoicing app", "best invoicing app", "freshbooks alternatives", "ledgerly vs xero"} {
		if !names[n] {
			t.Errorf("keyword %q missing from %v", n, names)
		}
	}

	// The result names the topic as sent (beyond the spec).
	if r.Seed == nil || *r.Seed != "Late payments" {
		t.Fatalf("seed %v, want the one sent", r.Seed)
	}
	again := research(t, a, map[string]any{"seed": "late payments"})
	again.Seed = r.Seed
	if !reflect.DeepEqual(again, r) {
		t.Fatalf("same input, different result:\n%+v\n%+v", r, again)
	}
	if len(listArticles(t, a)) != before || len(listKeywords(t, a, "")) != kwBefore {
		t.Fatal("research without save changed the site")
	}

	if r := research(t, a, map[string]any{"ideas": 0}); len(r.Ideas) != 0 || len(r.Keywords) == 0 || r.Seed != nil {
		t.Fatalf("ideas 0 without a seed: %d ideas, %d keywords, seed %v", len(r.Ideas), len(r.Keywords), r.Seed)
	}
	r30 := research(t, a, map[string]any{"ideas": 30, "seed": "late payments"})
	if len(r30.Ideas) != 30 || len(r30.Keywords) != 24 {
		t.Fatalf("ideas 30: %d ideas, %d keywords", len(r30.Ideas), len(r30.Keywords))
	}
	seen := map[string]bool{}
	for _, i := range r30.Ideas {
		if seen[strings.ToLower(i.Title)] {
			t.Fatalf("title %q twice", i.Title)
		}
		seen[strings.ToLower(i.Title)] = true
	}
}

// TestResearchValidation: bad bodies answer 422 with details and start
// nothing.
func TestResearchValidation(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	path := "/sites/" + a.SiteID + "/research"
	cases := []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{"ideas": 31}, "ideas"},
		{map[string]any{"ideas": -1}, "ideas"},
		{map[string]any{"ideas": 2.5}, "ideas"},
		{map[string]any{"ideas": "5"}, "ideas"},
		{map[string]any{"seed": strings.Repeat("s", 201)}, "seed"},
		{map[string]any{"seed": 7}, "seed"},
		{map[string]any{"save": "yes"}, "save"},
	}
	for _, c := range cases {
		fields := wantError(t, a.Client.Agent(t, "POST", path, c.body), http.StatusUnprocessableEntity, "validation_failed")
		if !reflect.DeepEqual(fields, []string{c.field}) {
			t.Errorf("%v: details name %v, want [%s]", c.body, fields, c.field)
		}
	}
	var jobs struct{ Jobs []any }
	a.Client.Agent(t, "GET", "/jobs?kind=research", nil).Expect(t, http.StatusOK).Decode(t, &jobs)
	if len(jobs.Jobs) != 0 {
		t.Fatalf("invalid requests started %d jobs", len(jobs.Jobs))
	}
	// The limits themselves are accepted; a site the scan could not read
	// still researches its own name.
	r := research(t, a, map[string]any{"seed": strings.Repeat("s", 200), "ideas": 30})
	if len(r.Ideas) != 30 {
		t.Fatalf("%d ideas", len(r.Ideas))
	}
	if r := research(t, a, nil); len(r.Ideas) != 10 || r.Keywords[0].Name != "acme" || r.Keywords[0].Intent != "Navigational" {
		t.Fatalf("research of an unread site: %+v", r)
	}
}

// TestResearchSave: save adds the keywords new to the site (source
// discovered; a same-name keyword is kept as it was) and the ideas as
// opportunity articles from research, each with article.created; a second
// run never repeats a title already on the site.
func TestResearchSave(t *testing.T) {
	env := testenv.Shared(t)
	a := scanned(t, env)
	var mine struct{ Keyword keyword }
	a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/keywords", map[string]any{"name": "late payments", "search_volume": 5}).
		Expect(t, http.StatusCreated).Decode(t, &mine)
	titles := map[string]bool{}
	for _, x := range listArticles(t, a) {
		titles[normal(x.Title)] = true
	}
	tracked := map[string]bool{}
	for _, k := range listKeywords(t, a, "") {
		tracked[k.Name] = true
	}
	libraryBefore := len(tracked) // the scan's and mine
	createdBefore := len(a.Client.Events(t, "article.created"))

	r := research(t, a, map[string]any{"seed": "late payments", "save": true})
	fresh := 0
	for _, k := range r.Keywords {
		if !tracked[k.Name] {
			fresh++
		}
	}
	if libraryBefore != 13 || len(r.Keywords) != 24 || fresh < 10 || fresh == 24 {
		t.Fatalf("%d tracked keywords before; %d found, %d new", libraryBefore, len(r.Keywords), fresh)
	}
	if r.Saved == nil || r.Saved.Keywords != fresh || r.Saved.Articles != 10 {
		t.Fatalf("saved %+v, want %d keywords and 10 articles", r.Saved, fresh)
	}
	discovered := listKeywords(t, a, "&source=discovered")
	if len(discovered) != fresh {
		t.Fatalf("%d discovered keywords, want %d", len(discovered), fresh)
	}
	for _, k := range listKeywords(t, a, "&source=library") {
		if k.Name == "late payments" && (k.ID != mine.Keyword.ID || k.SearchVolume != 5) {
			t.Fatalf("same-name keyword changed: %+v", k)
		}
	}
	if n := len(listKeywords(t, a, "&source=library")); n != libraryBefore {
		t.Fatalf("library keywords %d, want %d", n, libraryBefore)
	}
	fromResearch := map[string]article{}
	for _, x := range listArticles(t, a) {
		if x.Source == "research" {
			fromResearch[x.Title] = x
		}
	}
	if len(fromResearch) != 10 {
		t.Fatalf("%d research articles", len(fromResearch))
	}
	for _, i := range r.Ideas {
		x, ok := fromResearch[i.Title]
		if !ok || x.Status != "opportunity" || x.Keyword == nil || *x.Keyword != i.Keyword || x.Description != i.Description ||
			x.Estimates == nil || x.Estimates.TrafficEstimate != i.TrafficEstimate || x.Estimates.Competition != i.Competition || x.Estimates.AISignal != i.AISignal {
			t.Errorf("idea %+v saved as %+v", i, x)
		}
		if titles[normal(i.Title)] {
			t.Errorf("idea repeats title %q", i.Title)
		}
		titles[normal(i.Title)] = true
	}
	created := a.Client.Events(t, "article.created")[createdBefore:]
	if len(created) != 10 {
		t.Fatalf("%d article.created events", len(created))
	}
	for _, e := range created {
		art := e.Data["article"].(map[string]any)
		if e.Data["source"] != "research" || art["source"] != "research" || art["status"] != "opportunity" {
			t.Errorf("event %+v", e)
		}
		if _, ok := art["body_markdown"]; ok {
			t.Errorf("event carries the body: %v", art)
		}
	}

	var log struct {
		Activity []struct {
			Action string
			Actor  struct{ Type, ID string }
		}
	}
	a.Client.Agent(t, "GET", "/activity?site_id="+a.SiteID+"&limit=3", nil).Expect(t, http.StatusOK).Decode(t, &log)
	if len(log.Activity) < 2 || log.Activity[0].Action != "site.research_saved" || log.Activity[1].Action != "site.research_started" ||
		log.Activity[0].Actor.Type != "agent" || log.Activity[0].Actor.ID != a.KeyID {
		t.Fatalf("activity %+v", log.Activity)
	}

	// The same seed again: the saved titles are on the site now.
	again := research(t, a, map[string]any{"seed": "late payments", "save": true, "ideas": 30})
	if again.Saved.Keywords != 0 || again.Saved.Articles != 30 {
		t.Fatalf("second save %+v", again.Saved)
	}
	for _, i := range again.Ideas {
		if titles[normal(i.Title)] {
			t.Errorf("second run repeats title %q", i.Title)
		}
		titles[normal(i.Title)] = true
	}
	if n := len(listKeywords(t, a, "&source=discovered")); n != fresh {
		t.Fatalf("discovered keywords after a second save %d", n)
	}
}

// normal is a title as compared for repeats.
func normal(title string) string {
	return strings.Join(strings.FieldsFunc(strings.ToLower(title), func(r rune) bool {
		return !('a' <= r && r <= 'z' || '0' <= r && r <= '9')
	}), " ")
}

// TestJobFilters: GET /jobs filters by kind and status, each one value or
// several separated by commas; an unknown kind or status answers 422 on
// its field, as every other list's filters do.
func TestJobFilters(t *testing.T) {
	env := testenv.Shared(t)
	a := scanned(t, env)
	research(t, a, map[string]any{"ideas": 0})
	kinds := func(query string) map[string]int {
		var out struct {
			Jobs []struct{ Kind, Status string }
		}
		a.Client.Agent(t, "GET", "/jobs?"+query, nil).Expect(t, http.StatusOK).Decode(t, &out)
		n := map[string]int{}
		for _, j := range out.Jobs {
			n[j.Kind+"/"+j.Status]++
		}
		return n
	}
	for query, want := range map[string]map[string]int{
		"kind=research":                          {"research/completed": 1},
		"kind=site.scan":                         {"site.scan/completed": 1},
		"kind=site.scan,research":                {"research/completed": 1, "site.scan/completed": 1},
		"status=completed":                       {"research/completed": 1, "site.scan/completed": 1},
		"status=queued,running":                  {},
		"kind=research&status=failed":            {},
		"kind=research&status=completed":         {"research/completed": 1},
		"site_id=" + a.SiteID + "&kind=research": {"research/completed": 1},
	} {
		if got := kinds(query); fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("GET /jobs?%s: %v, want %v", query, got, want)
		}
	}
	for query, field := range map[string]string{
		"kind=bogus": "kind", "kind=research,bogus": "kind", "kind=account.erase": "kind", "kind=Research": "kind",
		"status=bogus": "status", "status=done,completed": "status",
	} {
		if fields := wantError(t, a.Client.Agent(t, "GET", "/jobs?"+query, nil), http.StatusUnprocessableEntity, "validation_failed"); len(fields) != 1 || fields[0] != field {
			t.Errorf("GET /jobs?%s: details on %v, want %s", query, fields, field)
		}
	}
}
