package audit23j

import (
	"net/http"
	"testing"
)

// pages follows next_cursor through GET <path>?<query>&limit=<n> and
// returns the ids of each page's items (list is the answer's array).
func pages(t *testing.T, m *member, path, list, query string) [][]string {
	t.Helper()
	var out [][]string
	cursor := ""
	for i := 0; i < 20; i++ {
		body := m.BL(t, "GET", path+"?"+query+cursor, nil).Expect(t, http.StatusOK).JSON(t)
		var ids []string
		for _, it := range body[list].([]any) {
			ids = append(ids, it.(map[string]any)["id"].(string))
		}
		out = append(out, ids)
		next, ok := body["next_cursor"].(string)
		if !ok {
			return out
		}
		cursor = "&cursor=" + next
	}
	t.Fatalf("%s?%s never ends", path, query)
	return nil
}

// count returns how many ids pages holds, failing on an id seen twice.
func count(t *testing.T, pages [][]string) int {
	t.Helper()
	seen := map[string]bool{}
	for _, p := range pages {
		for _, id := range p {
			if seen[id] {
				t.Fatalf("id %s on two pages: %v", id, pages)
			}
			seen[id] = true
		}
	}
	return len(seen)
}

// TestListsPageWithFilters: GET .../targets and .../placements return
// `{ targets[] | placements[], next_cursor }` (spec 4.7) and page with
// limit and cursor; the placements' direction and status filters hold on
// every page, so following next_cursor yields each matching placement
// once and nothing else.
func TestListsPageWithFilters(t *testing.T) {
	e, w := start(t)
	topic := newTopic()
	h := hostWith(t, e, w, topic, map[string]any{})
	for i := 1; i < 4; i++ {
		h.Publish(t, "More grinders", []string{topic})
	}
	var req *member
	for i := 0; i < 4; i++ {
		req = paidMember(t, e, w, unique("req"))
		req.AddTarget(t, "/g", []string{topic}, nil)
	}
	e.RunScheduled(t)
	all := h.Placements(t, "")
	if len(all) != 4 {
		t.Fatalf("%d placements, want 4", len(all))
	}
	h.BL(t, "DELETE", "/placements/"+all[1]["id"].(string), nil).Expect(t, http.StatusOK)
	for _, c := range []struct {
		query string
		want  int
	}{
		{"limit=1", 4},
		{"status=reserved&limit=1", 3},
		{"status=cancelled&limit=1", 1},
		{"status=reserved,cancelled&limit=3", 4},
		{"direction=hosted&status=reserved&limit=2", 3},
		{"direction=inbound&limit=1", 0},
	} {
		if got := count(t, pages(t, h, "/placements", "placements", c.query)); got != c.want {
			t.Fatalf("placements?%s: %d, want %d", c.query, got, c.want)
		}
	}
	for i := 0; i < 4; i++ {
		req.AddTarget(t, "/p"+string(rune('a'+i)), []string{topic}, nil)
	}
	if p := pages(t, req, "/targets", "targets", "limit=2"); len(p) != 3 || count(t, p) != 5 {
		t.Fatalf("targets by two: %v", p)
	}
}

// TestAnotherAccountsTargetIsNotFound: a target id of another account's
// site, sent on one's own site, answers 404 like an unknown id (spec 4.7;
// README: another account's ids 404) and changes nothing.
func TestAnotherAccountsTargetIsNotFound(t *testing.T) {
	e, w := start(t)
	mine := paidMember(t, e, w, unique("mine"))
	theirs := paidMember(t, e, w, unique("theirs"))
	id := theirs.AddTarget(t, "/g", nil, nil)
	mine.BL(t, "PATCH", "/targets/"+id, map[string]any{"priority": 9}).ExpectError(t, http.StatusNotFound, "not_found")
	mine.BL(t, "DELETE", "/targets/"+id, nil).ExpectError(t, http.StatusNotFound, "not_found")
	got := theirs.BL(t, "GET", "/targets", nil).Expect(t, http.StatusOK).JSON(t)["targets"].([]any)
	if len(got) != 1 || got[0].(map[string]any)["priority"] != 5.0 {
		t.Fatalf("their targets after my requests: %v", got)
	}
}
