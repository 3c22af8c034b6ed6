package audit25d

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestPublicLimitThatIsNoWholeNumberIsInTheDocument: README "OpenAPI":
// "every request the end-to-end tests send to either API, and its answer,
// is checked against the served document ...: a request the document
// refuses must not succeed"; README "Site keys and the public articles
// API": "`limit` is brought into 1–100 (1 when absent or not a whole
// number)". The public document typed limit as an integer (while its own
// description said "one when omitted or not a whole number"), so it
// refused limit=abc, limit=2.5 and limit=1e2, which the service answers
// with a page of one article.
func TestPublicLimitThatIsNoWholeNumberIsInTheDocument(t *testing.T) {
	env := testenv.Shared(t)
	r := env.NewReadable(t, "")
	c := env.Client().As(r.SiteKey)
	for _, limit := range []string{"abc", "2.5", "1e2", "500", "-3"} {
		var page struct {
			Count int `json:"count"`
		}
		c.Do(t, "GET", "/api/public/v1/articles?limit="+limit, nil).Expect(t, http.StatusOK).Decode(t, &page)
		if page.Count != 1 {
			t.Errorf("limit=%s: a page of %d articles, want the readable account's one", limit, page.Count)
		}
	}
}

// TestEmptyListFilterValuesAreInTheDocument: README "Conventions": "A list
// filter (status, kind, types) takes comma-separated values and may also
// be repeated (...; empty values are passed over, so ?types= or ?types=,
// filters nothing)", and README "OpenAPI": "a request the document
// refuses must not succeed". The agent document gave each list filter's
// items an enum (or a minimum length of 1), so it refused ?status=queued,
// ?kind=site.scan,,research and ?types=, , which the service answers 200
// with the empty values passed over.
func TestEmptyListFilterValuesAreInTheDocument(t *testing.T) {
	env := testenv.Shared(t)
	a := env.NewAccount(t, "")
	a.Client.WaitJob(t, a.ScanJob)
	jobs := func(query string) int {
		var out struct {
			Jobs []any `json:"jobs"`
		}
		a.Client.Agent(t, "GET", "/jobs?"+query, nil).Expect(t, http.StatusOK).Decode(t, &out)
		return len(out.Jobs)
	}
	if n := jobs("kind=site.scan,,research"); n != 1 {
		t.Errorf("kind=site.scan,,research lists %d jobs, want the first scan", n)
	}
	if n := jobs("status=completed,failed,"); n != 1 {
		t.Errorf("status=completed,failed, lists %d jobs, want the first scan", n)
	}
	if n := jobs("status=running,"); n != 0 {
		t.Errorf("status=running, lists %d jobs, want none", n)
	}
	var events struct {
		Events []any `json:"events"`
	}
	a.Client.Agent(t, "GET", "/events?types=,", nil).Expect(t, http.StatusOK).Decode(t, &events)
	if len(events.Events) == 0 {
		t.Error("types=, filtered every event out; it filters nothing")
	}
	a.Client.Agent(t, "GET", "/sites/"+a.SiteID+"/articles?status=scheduled,", nil).Expect(t, http.StatusOK)
}
