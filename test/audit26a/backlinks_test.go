package audit26a

import (
	"context"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"rvcontent/shared/kernel/ids"
	"rvcontent/shared/platform/dynamo"
	"rvcontent/test/testenv"
)

// endedPlacement is an ended placement as the backlinks feature stores it
// (one copy per side; this is the side of the site it is put under).
// Ended placements are off the exchange's due index, so no scheduled work
// touches them; only the lists read them.
type endedPlacement struct {
	PK            string   `dynamodbav:"pk"`
	SK            string   `dynamodbav:"sk"`
	ID            string   `dynamodbav:"id"`
	Direction     string   `dynamodbav:"direction"`
	Status        string   `dynamodbav:"status"`
	TargetID      string   `dynamodbav:"target_id"`
	TargetURL     string   `dynamodbav:"target_url"`
	Anchors       []string `dynamodbav:"anchors"`
	AnchorUsed    string   `dynamodbav:"anchor_used"`
	HostURL       string   `dynamodbav:"host_url"`
	HostArticleID string   `dynamodbav:"host_article_id"`
	Credits       int      `dynamodbav:"credits"`
	ReservedAt    string   `dynamodbav:"reserved_at"`
	EndedAt       string   `dynamodbav:"ended_at"`
	EndReason     string   `dynamodbav:"end_reason"`
	FromAccount   string   `dynamodbav:"from_account_id"`
	FromSite      string   `dynamodbav:"from_site_id"`
	HostAccount   string   `dynamodbav:"host_account_id"`
	HostSite      string   `dynamodbav:"host_site_id"`
	LinkDomain    string   `dynamodbav:"link_domain"`
	NextAt        string   `dynamodbav:"next_at"`
}

// seedPlacements writes n ended placements of direction ("inbound" or
// "hosted") under the owner's site, straight into the table (the
// exchange's reservation stands behind the same items; reaching 50 links
// through it takes months of credits), anchored "<prefix> N".
func seedPlacements(t *testing.T, env *testenv.Env, o *testenv.Owner, direction, prefix string, n int) {
	t.Helper()
	at := time.Now().UTC().Format(time.RFC3339Nano)
	for start := 0; start < n; start += 25 {
		tx := &dynamo.Tx{}
		for i := start; i < n && i < start+25; i++ {
			id, other := ids.Sortable(), ids.New()
			p := endedPlacement{
				PK: dynamo.SitePK(o.SiteID), SK: dynamo.BacklinkPlacementSK(id), ID: id, Direction: direction, Status: "expired",
				TargetID: ids.New(), TargetURL: "https://acme.com/page", Anchors: []string{"a", "b", "c"},
				AnchorUsed: fmt.Sprintf("%s %d", prefix, i), HostURL: "https://host.example/posts/" + id, HostArticleID: ids.New(),
				Credits: 1, ReservedAt: at, EndedAt: at, EndReason: "not_placed",
				FromAccount: o.ID, FromSite: o.SiteID, HostAccount: ids.New(), HostSite: other, LinkDomain: "acme.com", NextAt: at,
			}
			if direction == "hosted" {
				p.FromAccount, p.FromSite, p.HostAccount, p.HostSite = ids.New(), other, o.ID, o.SiteID
			}
			tx.PutNew("placement", p)
		}
		if err := env.Stack.Graph.Table.Commit(context.Background(), tx, nil); err != nil {
			t.Fatal(err)
		}
	}
}

// TestBacklinksPagePagesPlacements: README, Owner dashboard: "backlinks
// (domain and the three proofs' exact values, settings, targets,
// placements inbound and hosted)" and "long lists ... page with First and
// Next links". Defect: the backlinks page read the first 50 placements of
// each direction and offered no way on, so the links of a site with more
// (every one ever reserved is kept, ended ones included) could never be
// seen, nor a hosted one beyond them removed, from the dashboard. Each
// direction now pages by its own cursor (inbound_cursor, hosted_cursor)
// with First page and Next page links in a nav of its own.
func TestBacklinksPagePagesPlacements(t *testing.T) {
	env := testenv.Shared(t)
	o := env.NewOwner(t)
	for _, dir := range []struct{ direction, label string }{
		{"inbound", "Pages of links to your pages"}, {"hosted", "Pages of links in your articles"},
	} {
		prefix := "anchor" + dir.direction
		seedPlacements(t, env, o, dir.direction, prefix, 55)
		var all struct {
			Placements []struct {
				AnchorUsed string `json:"anchor_used"`
			}
		}
		o.Client.Agent(t, "GET", "/sites/"+o.SiteID+"/backlinks/placements?limit=100&direction="+dir.direction, nil).
			Expect(t, http.StatusOK).Decode(t, &all)
		if len(all.Placements) != 55 {
			t.Fatalf("%d %s placements listed by the API, want 55", len(all.Placements), dir.direction)
		}
		last := "“" + all.Placements[54].AnchorUsed + "”"
		first := o.Browser.Get(t, o.SitePage("/backlinks")).Expect(t, http.StatusOK)
		if strings.Contains(first.Body, last) {
			t.Fatalf("the first page already lists the 55th %s placement", dir.direction)
		}
		second := follow(t, o, first, dir.label, "Next page")
		if !strings.Contains(second.Body, last) {
			t.Fatalf("the %s placements' next page does not list the one beyond the first 50 (%s):\n%s", dir.direction, last, second.Body)
		}
		if pager(t, second, dir.label, "First page") == "" {
			t.Errorf("the %s placements' next page has no First page link", dir.direction)
		}
	}
}
