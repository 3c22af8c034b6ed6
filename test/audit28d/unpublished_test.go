package audit28d

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// TestUnpublishedListSkipsWhatIsKnownPublished: spec 4, GET /articles,
// "published | string | `false` limits to finished articles with no live
// URL on file", and spec 3, a reported URL means "the article leaves the
// `published=false` list". A plugin asks `?published=false` at every sync
// for the articles it has not reported yet. Defect: that list read the
// site's finished-articles index from its start every time and dropped the
// published articles only once read, so each call read every article the
// site had ever published, bodies and all (a page of DynamoDB reads per
// megabyte), to answer with the few that were new. The list now keeps a
// per-site mark below which every finished article is known to have a live
// URL (no write can land behind it: a finished article's every write moves
// it to the end of the index), moved forward when a walk finds only
// published articles that settled a while ago, and starts there: a
// second call reads one page.
func TestUnpublishedListSkipsWhatIsKnownPublished(t *testing.T) {
	env := testenv.StartQuiet(t)
	o := env.NewKeyOwner(t, "https://acme.com", false)
	// Twelve published articles of about 300 KB each as stored (Markdown
	// and its HTML): about four pages of the index.
	body := "# Long read\n\n" + strings.Repeat("Words about kettles and tea. ", 5000)
	var published []string
	for i := range 12 {
		id := finished(t, o, fmt.Sprintf("Published %d", i), body)
		report(t, o, id, fmt.Sprintf("https://acme.com/blog/published-%d", i))
		published = append(published, id)
	}
	fresh := finished(t, o, "Not reported yet", "# Not reported yet\n\nShort.")
	env.Advance(t, 3600) // everything has long settled in the index

	first := list(t, o, "published=false&limit=100")
	if got := ids(first); !slices.Equal(got, []string{fresh}) {
		t.Fatalf("published=false listed %v, want only %s", got, fresh)
	}
	env.Calls.Snapshot()
	again := list(t, o, "published=false&limit=100")
	if got := ids(again); !slices.Equal(got, []string{fresh}) {
		t.Fatalf("published=false listed %v the second time, want only %s", got, fresh)
	}
	if q := env.Calls.Snapshot()["Query"]; q > 1 {
		t.Errorf("the second published=false call made %d Query calls, want 1: it read the published articles again", q)
	}

	// The list stays right as articles change after the mark: a new one
	// shows, a reported one leaves, an edited published one stays away.
	newer := finished(t, o, "Newer", "# Newer\n\nShort.")
	o.Agent(t, "PATCH", "/sites/"+o.SiteID+"/articles/"+published[0], map[string]any{"title": "Published 0, retitled"}).Expect(t, 200)
	if got := ids(list(t, o, "published=false&limit=100")); !slices.Equal(got, []string{fresh, newer}) {
		t.Fatalf("published=false listed %v, want %s and %s", got, fresh, newer)
	}
	report(t, o, fresh, "https://acme.com/blog/fresh")
	env.Advance(t, 3600)
	if got := ids(list(t, o, "published=false&limit=100")); !slices.Equal(got, []string{newer}) {
		t.Fatalf("published=false listed %v, want only %s", got, newer)
	}
	if got := ids(list(t, o, "published=false&limit=100")); !slices.Equal(got, []string{newer}) {
		t.Fatalf("published=false listed %v the second time, want only %s", got, newer)
	}
	// The whole list still holds every finished article.
	if all := list(t, o, "limit=100"); all.Count != 14 {
		t.Fatalf("the whole list holds %d articles, want 14", all.Count)
	}
}
