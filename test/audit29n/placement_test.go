package audit29n

import (
	"net/http"
	"strings"
	"testing"

	"rvcontent/test/testenv"
)

// exchange is two paid members with verified domains: host opted in on a
// fresh topic tag, from with one target on that topic.
type exchange struct {
	from, host *testenv.BacklinkMember
	topic      string
	target     string
}

func newExchange(t *testing.T, e *testenv.Env, web *testenv.MemberWeb) *exchange {
	t.Helper()
	x := &exchange{from: e.PaidBacklinkMember(t, web, unique("from")), host: e.PaidBacklinkMember(t, web, unique("host"))}
	x.topic = strings.TrimSuffix(unique("topic"), ".example")
	x.host.BL(t, "PATCH", "", map[string]any{"opted_in": true, "topic_tags": []string{x.topic}}).Expect(t, http.StatusOK)
	x.from.AddTarget(t, "/grinders", []string{x.topic}, nil)
	x.target = "https://" + x.from.Host + "/grinders"
	return x
}

// TestHostCancelsReservedPlacement: spec 3, "Placement | DELETE hosted
// placement | hosted only | cancelled | ... not live: credits return to
// requester"; spec 4.7, "DELETE .../placements/{placement_id} hosted
// placements only. ... Returns { placement } with status cancelled". The
// placed and live cases are pinned in test/backlinks; this is the row from
// its first state, reserved (no link in the article yet).
func TestHostCancelsReservedPlacement(t *testing.T) {
	e := testenv.StartQuiet(t)
	x := newExchange(t, e, e.NewMemberWeb(t))
	article := x.host.Publish(t, "Grinder guide", []string{x.topic})
	e.RunScheduled(t) // reserved
	hosted := x.host.Placements(t, "direction=hosted")
	if len(hosted) != 1 || hosted[0]["status"] != "reserved" {
		t.Fatalf("hosted placements after one run: %v", hosted)
	}
	id := hosted[0]["id"].(string)
	if c := x.from.Credits(t); c != [4]int{29, 1, 0, 0} {
		t.Fatalf("requester credits with a reservation: %v", c)
	}
	x.from.BL(t, "DELETE", "/placements/"+id, nil).ExpectError(t, http.StatusConflict, "conflict")
	got := x.host.BL(t, "DELETE", "/placements/"+id, nil).Expect(t, http.StatusOK).JSON(t)["placement"].(map[string]any)
	if got["status"] != "cancelled" || got["end_reason"] != "removed_by_host" || got["ended_at"] == nil || got["placed_at"] != nil {
		t.Fatalf("cancelled reservation: %v", got)
	}
	if c := x.from.Credits(t); c != [4]int{30, 0, 0, 0} {
		t.Errorf("requester credits after the host cancelled the reservation: %v, want the held credit back", c)
	}
	if c := x.host.Credits(t); c != [4]int{30, 0, 0, 0} {
		t.Errorf("host credits after cancelling a reservation: %v, want unchanged", c)
	}
	if in := x.from.Placements(t, "direction=inbound"); len(in) != 1 || in[0]["status"] != "cancelled" {
		t.Errorf("requester's inbound placements: %v", in)
	}
	x.host.BL(t, "DELETE", "/placements/"+id, nil).ExpectError(t, http.StatusConflict, "conflict")

	// The next runs neither place the cancelled reservation nor link the
	// target into that article again.
	e.RunScheduled(t)
	e.RunScheduled(t)
	for _, p := range x.host.Placements(t, "direction=hosted") {
		if p["id"] == id && p["status"] != "cancelled" {
			t.Errorf("the cancelled reservation moved on: %v", p)
		}
		if p["id"] != id && p["host_article_id"] == article && p["status"] != "cancelled" {
			t.Errorf("the host removed this target from the article, yet it was reserved there again: %v", p)
		}
	}
	body := x.host.API(t, "GET", "/sites/"+x.host.Site+"/articles/"+article, nil).Expect(t, http.StatusOK).Article(t)["body_markdown"].(string)
	if strings.Contains(body, x.target) {
		t.Errorf("the article links the cancelled target: %q", body)
	}
}
