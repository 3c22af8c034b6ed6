package research

import (
	"encoding/base64"
	"net/http"
	"reflect"
	"sort"
	"strconv"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestKeywordLifecycle: a keyword is stored lowercase with source library,
// the model's traffic estimate and the activity entry; a second one of the
// same name (in any case) is a conflict until the first is deleted.
func TestKeywordLifecycle(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	base := "/sites/" + a.SiteID + "/keywords"

	var out struct{ Keyword keyword }
	a.Client.Agent(t, "POST", base, map[string]any{
		"name": "  Best   Invoicing APP ", "intent": "commercial", "search_volume": 1000, "tag": "product", "trend": "Rising",
	}).Expect(t, http.StatusCreated).Decode(t, &out)
	k := out.Keyword
	if k.Name != "best invoicing app" || k.Source != "library" || k.SiteID != a.SiteID || *k.Intent != "Commercial" ||
		k.SearchVolume != 1000 || k.TrafficEstimate != 200 || *k.Tag != "product" || k.Trend != "Rising" || k.ID == "" || k.CreatedAt == "" {
		t.Fatalf("created %+v", k)
	}
	var bare struct{ Keyword keyword }
	a.Client.Agent(t, "POST", base, map[string]any{"name": "late payments"}).Expect(t, http.StatusCreated).Decode(t, &bare)
	if b := bare.Keyword; b.Intent != nil || b.Tag != nil || b.SearchVolume != 0 || b.TrafficEstimate != 0 || b.Trend != "Steady" {
		t.Fatalf("keyword without optional fields %+v", b)
	}

	dup := a.Client.Agent(t, "POST", base, map[string]any{"name": "BEST invoicing app"})
	wantError(t, dup, http.StatusConflict, "conflict")
	// Accents typed precomposed or decomposed are the same name, stored
	// precomposed.
	var cafe struct{ Keyword keyword }
	a.Client.Agent(t, "POST", base, map[string]any{"name": "Café Crème"}).Expect(t, http.StatusCreated).Decode(t, &cafe)
	if cafe.Keyword.Name != "café crème" {
		t.Fatalf("decomposed name stored as %+q, want it precomposed", cafe.Keyword.Name)
	}
	wantError(t, a.Client.Agent(t, "POST", base, map[string]any{"name": "Café Crème"}), http.StatusConflict, "conflict")

	del := a.Client.Agent(t, "DELETE", base+"/"+k.ID, nil).Expect(t, http.StatusOK).JSON(t)
	if del["deleted"] != true || del["id"] != k.ID {
		t.Fatalf("delete answered %v", del)
	}
	wantError(t, a.Client.Agent(t, "DELETE", base+"/"+k.ID, nil), http.StatusNotFound, "not_found")
	a.Client.Agent(t, "POST", base, map[string]any{"name": "best invoicing app"}).Expect(t, http.StatusCreated)

	var log struct{ Activity []struct{ Action string } }
	a.Client.Agent(t, "GET", "/activity?site_id="+a.SiteID, nil).Expect(t, http.StatusOK).Decode(t, &log)
	var actions []string
	for _, e := range log.Activity {
		if strings.HasPrefix(e.Action, "keyword.") {
			actions = append(actions, e.Action)
		}
	}
	if want := []string{"keyword.created", "keyword.deleted", "keyword.created", "keyword.created", "keyword.created"}; !reflect.DeepEqual(actions, want) {
		t.Fatalf("activity %v, want %v", actions, want)
	}
}

// TestKeywordValidation: every invalid field is named in details.
func TestKeywordValidation(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	base := "/sites/" + a.SiteID + "/keywords"
	cases := []struct {
		body  map[string]any
		field string
	}{
		{map[string]any{}, "name"},
		{map[string]any{"name": "x"}, "name"},
		{map[string]any{"name": strings.Repeat("a", 201)}, "name"},
		{map[string]any{"name": 42}, "name"},
		{map[string]any{"name": "crm", "intent": "Curious"}, "intent"},
		{map[string]any{"name": "crm", "search_volume": -1}, "search_volume"},
		{map[string]any{"name": "crm", "search_volume": 1.5}, "search_volume"},
		{map[string]any{"name": "crm", "search_volume": "100"}, "search_volume"},
		{map[string]any{"name": "crm", "tag": strings.Repeat("t", 41)}, "tag"},
		{map[string]any{"name": "crm", "trend": "Up"}, "trend"},
	}
	for _, c := range cases {
		fields := wantError(t, a.Client.Agent(t, "POST", base, c.body), http.StatusUnprocessableEntity, "validation_failed")
		if !reflect.DeepEqual(fields, []string{c.field}) {
			t.Errorf("%v: details name %v, want [%s]", c.body, fields, c.field)
		}
	}
	a.Client.Agent(t, "POST", base, map[string]any{"name": strings.Repeat("a", 200), "tag": strings.Repeat("t", 40), "search_volume": 0}).Expect(t, http.StatusCreated)
	wantError(t, a.Client.Agent(t, "GET", base+"?source=user", nil), http.StatusUnprocessableEntity, "validation_failed")
	wantError(t, a.Client.Agent(t, "GET", base+"?cursor=nonsense", nil), http.StatusUnprocessableEntity, "validation_failed")
}

// pagedNames lists a's keywords limit at a time, following next_cursor
// for at most pages pages, and returns their names in the order listed.
func pagedNames(t *testing.T, a *testenv.Account, limit, pages int) []string {
	t.Helper()
	var names []string
	cursor := ""
	for range pages {
		var page struct {
			Keywords   []keyword
			NextCursor *string `json:"next_cursor"`
		}
		a.Client.Agent(t, "GET", "/sites/"+a.SiteID+"/keywords?limit="+strconv.Itoa(limit)+cursor, nil).Expect(t, http.StatusOK).Decode(t, &page)
		for _, k := range page.Keywords {
			names = append(names, k.Name)
		}
		if page.NextCursor == nil {
			break
		}
		cursor = "&cursor=" + *page.NextCursor
	}
	return names
}

// TestKeywordListOrderAndPaging: highest search_volume first (ties by
// name), pages through next_cursor, filters by source.
func TestKeywordListOrderAndPaging(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	base := "/sites/" + a.SiteID + "/keywords"
	for _, k := range []struct {
		name string
		vol  int
	}{{"crm pricing", 50}, {"best crm", 900}, {"crm for agencies", 50}, {"what is a crm", 3000}, {"crm", 0}} {
		a.Client.Agent(t, "POST", base, map[string]any{"name": k.name, "search_volume": k.vol}).Expect(t, http.StatusCreated)
	}
	want := []string{"what is a crm", "best crm", "crm for agencies", "crm pricing", "crm"}
	names := pagedNames(t, a, 2, 5)
	if !reflect.DeepEqual(names, want) {
		t.Fatalf("paged names %v, want %v", names, want)
	}
	if got := listKeywords(t, a, "&source=discovered"); len(got) != 0 {
		t.Fatalf("discovered keywords %v", got)
	}
	if got := listKeywords(t, a, "&source=library"); len(got) != 5 {
		t.Fatalf("library keywords %v", got)
	}
}

// TestKeywordTiesByName: keywords of equal volume list by name as
// written, a name before the longer names it begins whatever character
// follows it (the rank's market too); a cursor that is not this list's
// (another list's shape, or made up) answers 422.
func TestKeywordTiesByName(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	base := "/sites/" + a.SiteID + "/keywords"
	for _, n := range []string{"zq-b", "zq!", "zq a", "zq"} {
		a.Client.Agent(t, "POST", base, map[string]any{"name": n, "search_volume": 7}).Expect(t, http.StatusCreated)
	}
	want := []string{"zq", "zq a", "zq!", "zq-b"}
	var listed []string
	for _, k := range listKeywords(t, a, "") {
		listed = append(listed, k.Name)
	}
	if !reflect.DeepEqual(listed, want) {
		t.Fatalf("keywords %v, want %v", listed, want)
	}
	paged := pagedNames(t, a, 1, len(want))
	if !reflect.DeepEqual(paged, want) {
		t.Fatalf("paged %v, want %v", paged, want)
	}
	var market []string
	for _, m := range rankOf(t, a).Market {
		market = append(market, m.Keyword)
	}
	if !reflect.DeepEqual(market, want) {
		t.Fatalf("market %v, want %v", market, want)
	}
	for _, c := range []string{`{"k":"x","t":"y"}`, `{"k":"made up"}`, `{"k":"0000000999999993#zq#0190a3c4-0000-7000-8000-000000000000"}`} {
		wantError(t, a.Client.Agent(t, "GET", base+"?cursor="+base64.RawURLEncoding.EncodeToString([]byte(c)), nil), http.StatusUnprocessableEntity, "validation_failed")
	}
}

// TestKeywordsOfAnotherAccount: another account's site and keyword ids
// answer 404 like random ids.
func TestKeywordsOfAnotherAccount(t *testing.T) {
	env := testenv.Shared(t)
	a, b := env.NewAccount(t, ""), env.NewAccount(t, "")
	var out struct{ Keyword keyword }
	a.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/keywords", map[string]any{"name": "mine"}).Expect(t, http.StatusCreated).Decode(t, &out)
	random := "0190a3c4-0000-7000-8000-000000000000"
	for _, path := range []string{
		"/sites/" + a.SiteID + "/keywords", "/sites/" + a.SiteID + "/rank",
	} {
		theirs := b.Client.Agent(t, "GET", path, nil)
		wantError(t, theirs, http.StatusNotFound, "not_found")
		other := b.Client.Agent(t, "GET", strings.Replace(path, a.SiteID, random, 1), nil)
		if string(theirs.Body) != string(other.Body) {
			t.Fatalf("%s: %s differs from a random id's %s", path, theirs.Body, other.Body)
		}
	}
	wantError(t, b.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/keywords", map[string]any{"name": "theirs"}), http.StatusNotFound, "not_found")
	wantError(t, b.Client.Agent(t, "DELETE", "/sites/"+a.SiteID+"/keywords/"+out.Keyword.ID, nil), http.StatusNotFound, "not_found")
	wantError(t, b.Client.Agent(t, "DELETE", "/sites/"+b.SiteID+"/keywords/"+out.Keyword.ID, nil), http.StatusNotFound, "not_found")
	wantError(t, b.Client.Agent(t, "POST", "/sites/"+a.SiteID+"/research", nil), http.StatusNotFound, "not_found")
	names := []string{}
	for _, k := range listKeywords(t, a, "") {
		names = append(names, k.Name)
	}
	sort.Strings(names)
	if !reflect.DeepEqual(names, []string{"mine"}) {
		t.Fatalf("a's keywords %v", names)
	}
}
