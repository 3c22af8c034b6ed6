package audit23a

import (
	"net/http"
	"net/url"
	"slices"
	"testing"

	"rvcontent/test/testenv"
)

// TestRepeatedListFilterReadsAsOne: a list filter sent more than once
// (?status=opportunity&status=scheduled, as many HTTP clients encode a
// list) reads as the same filter written with commas (README, Agent API
// conventions); it used to keep only the first value. A cursor of such a
// list pages the same list written with commas, in any order.
func TestRepeatedListFilterReadsAsOne(t *testing.T) {
	env := testenv.StartQuiet(t)
	acct := env.NewAccount(t, "")
	c := acct.Client
	base := "/sites/" + acct.SiteID + "/articles"
	for _, st := range []string{"opportunity", "scheduled", "scheduled"} {
		c.Agent(t, "POST", base, map[string]any{"title": "An article " + st, "status": st}).Expect(t, http.StatusCreated)
	}
	type page struct {
		Articles []struct {
			ID     string `json:"id"`
			Status string `json:"status"`
		} `json:"articles"`
		NextCursor *string `json:"next_cursor"`
	}
	ids := func(query string) (out []string) {
		var p page
		c.Agent(t, "GET", base+"?"+query, nil).Expect(t, http.StatusOK).Decode(t, &p)
		for _, a := range p.Articles {
			out = append(out, a.ID)
		}
		return out
	}
	commas := ids("status=opportunity,scheduled")
	if len(commas) != 3 {
		t.Fatalf("status=opportunity,scheduled lists %d articles, want the 3 created", len(commas))
	}
	if repeated := ids("status=opportunity&status=scheduled"); !slices.Equal(repeated, commas) {
		t.Fatalf("status=opportunity&status=scheduled lists %v, want %v as with commas", repeated, commas)
	}

	var first page
	c.Agent(t, "GET", base+"?status=opportunity&status=scheduled&limit=1", nil).Expect(t, http.StatusOK).Decode(t, &first)
	if first.NextCursor == nil {
		t.Fatal("a page of 1 of 3 articles has no next_cursor")
	}
	var next page
	c.Agent(t, "GET", base+"?status=scheduled,opportunity&limit=5&cursor="+url.QueryEscape(*first.NextCursor), nil).Expect(t, http.StatusOK).Decode(t, &next)
	if len(next.Articles) != 2 {
		t.Fatalf("the next page of the same list written with commas holds %d articles, want 2", len(next.Articles))
	}
}
