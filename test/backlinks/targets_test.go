package backlinks_test

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// TestTargetsRules walks the target endpoints: the verified domain, every
// field rule, defaults, PATCH, DELETE, the 25-target limit and 404s.
func TestTargetsRules(t *testing.T) {
	m := paidMember(t, "targets")
	page := func(p string) string { return "https://" + m.Host + p }
	anchors := []string{"burr grinder", "coffee grinders", "grinding beans"}

	m.BL(t, "POST", "/targets", map[string]any{"url": page("/a"), "anchors": anchors}).ExpectError(t, http.StatusConflict, "conflict")
	m.Verify(t)

	wantFields(t, m.BL(t, "POST", "/targets", map[string]any{}), "url", "anchors")
	wantFields(t, m.BL(t, "POST", "/targets", map[string]any{"url": "https://elsewhere.example/a", "anchors": anchors}), "url")
	wantFields(t, m.BL(t, "POST", "/targets", map[string]any{"url": "ftp://" + m.Host + "/a", "anchors": anchors}), "url")
	wantFields(t, m.BL(t, "POST", "/targets", map[string]any{"url": page("/a"), "anchors": anchors[:2]}), "anchors")
	wantFields(t, m.BL(t, "POST", "/targets", map[string]any{"url": page("/a"), "anchors": []string{"a1", "a2", "a3", "a4", "a5", "a6"}}), "anchors")
	// An anchor is plain text in another account's article, and a target is
	// a URL: no markup in either.
	wantFields(t, m.BL(t, "POST", "/targets", map[string]any{"url": page("/a"), "anchors": []string{"<img src=x onerror=alert(1)>", "a2", "a3"}}), "anchors[0]")
	wantFields(t, m.BL(t, "POST", "/targets", map[string]any{"url": page("/a?q=\"><script>"), "anchors": anchors}), "url")
	wantFields(t, m.BL(t, "POST", "/targets", map[string]any{"url": page("/a"), "anchors": []string{"Burr  grinder", "burr grinder", "x y"}}), "anchors")
	wantFields(t, m.BL(t, "POST", "/targets", map[string]any{"url": page("/a"), "anchors": []string{"ok", "b", strings.Repeat("c", 81)}}), "anchors[1]", "anchors[2]")
	wantFields(t, m.BL(t, "POST", "/targets", map[string]any{
		"url": page("/a"), "anchors": anchors, "topic_tags": strings.Split("a1,a2,a3,a4,a5,a6,a7,a8,a9,a10,a11", ","),
		"priority": 0, "max_new_links_per_month": 11, "active": "yes",
	}), "topic_tags", "priority", "max_new_links_per_month", "active")

	// Defaults.
	created := m.BL(t, "POST", "/targets", map[string]any{"url": page("/grinders"), "anchors": anchors}).Expect(t, http.StatusCreated).JSON(t)["target"].(map[string]any)
	id := created["id"].(string)
	want := map[string]any{
		"id": id, "url": page("/grinders"), "anchors": anchors, "topic_tags": []string{}, "priority": 5,
		"max_new_links_per_month": 4, "active": true, "live_count": 0, "last_placed_at": nil, "created_at": created["created_at"],
	}
	if !equalJSON(created, want) || created["created_at"] == nil {
		t.Fatalf("created target\n got %v\nwant %v", created, want)
	}
	m.BL(t, "POST", "/targets", map[string]any{"url": page("/grinders/"), "anchors": anchors}).ExpectError(t, http.StatusConflict, "conflict")

	changed := m.BL(t, "PATCH", "/targets/"+id, map[string]any{"priority": 9, "active": false, "topic_tags": []string{"coffee"}, "max_new_links_per_month": 10}).
		Expect(t, http.StatusOK).JSON(t)["target"].(map[string]any)
	if num(t, changed, "priority") != 9 || changed["active"] != false || !equalJSON(changed["topic_tags"], []string{"coffee"}) ||
		num(t, changed, "max_new_links_per_month") != 10 || changed["url"] != page("/grinders") {
		t.Fatalf("changed target: %v", changed)
	}
	changed = m.BL(t, "PATCH", "/targets/"+id, map[string]any{"topic_tags": nil, "url": "https://blog." + m.Host + "/grinders"}).Expect(t, http.StatusOK).JSON(t)["target"].(map[string]any)
	if !equalJSON(changed["topic_tags"], []string{}) || changed["url"] != "https://blog."+m.Host+"/grinders" {
		t.Fatalf("cleared tags, subdomain URL: %v", changed)
	}
	wantFields(t, m.BL(t, "PATCH", "/targets/"+id, map[string]any{"url": "https://elsewhere.example/", "anchors": nil, "priority": nil}), "anchors", "priority")
	wantFields(t, m.BL(t, "PATCH", "/targets/"+id, map[string]any{"url": "https://elsewhere.example/"}), "url")

	// At most 25 targets per site.
	for i := 2; i <= 25; i++ {
		m.BL(t, "POST", "/targets", map[string]any{"url": page(fmt.Sprintf("/p%d", i)), "anchors": anchors}).Expect(t, http.StatusCreated)
	}
	m.BL(t, "POST", "/targets", map[string]any{"url": page("/p26"), "anchors": anchors}).ExpectError(t, http.StatusConflict, "conflict")

	var list struct {
		Targets    []map[string]any `json:"targets"`
		NextCursor *string          `json:"next_cursor"`
	}
	m.BL(t, "GET", "/targets?limit=20", nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Targets) != 20 || list.Targets[0]["id"] != id || list.NextCursor == nil {
		t.Fatalf("first page: %d targets, cursor %v", len(list.Targets), list.NextCursor)
	}
	m.BL(t, "GET", "/targets?limit=20&cursor="+*list.NextCursor, nil).Expect(t, http.StatusOK).Decode(t, &list)
	if len(list.Targets) != 5 || list.NextCursor != nil {
		t.Fatalf("second page: %d targets, cursor %v", len(list.Targets), list.NextCursor)
	}

	deleted := m.BL(t, "DELETE", "/targets/"+id, nil).Expect(t, http.StatusOK).JSON(t)
	if !equalJSON(deleted, map[string]any{"deleted": true, "id": id}) {
		t.Fatalf("delete: %v", deleted)
	}
	m.BL(t, "DELETE", "/targets/"+id, nil).ExpectError(t, http.StatusNotFound, "not_found")
	m.BL(t, "POST", "/targets", map[string]any{"url": page("/p26"), "anchors": anchors}).Expect(t, http.StatusCreated)

	// Another account's target id, through that account's site or ours,
	// answers like a random id.
	other := paidMember(t, "othertargets")
	other.Verify(t)
	theirs := other.BL(t, "POST", "/targets", map[string]any{"url": "https://" + other.Host + "/x", "anchors": anchors}).Expect(t, http.StatusCreated).JSON(t)["target"].(map[string]any)["id"].(string)
	viaMine := m.BL(t, "PATCH", "/targets/"+theirs, map[string]any{"priority": 2})
	random := m.BL(t, "PATCH", "/targets/0190a5b2-0000-7000-8000-000000000002", map[string]any{"priority": 2})
	viaMine.ExpectError(t, http.StatusNotFound, "not_found")
	if !bytes.Equal(viaMine.Body, random.Body) {
		t.Fatalf("another account's target: %s, a random id: %s", viaMine.Body, random.Body)
	}
	viaTheirs := m.API(t, "DELETE", "/sites/"+other.Site+"/backlinks/targets/"+theirs, nil)
	viaTheirs.ExpectError(t, http.StatusNotFound, "not_found")
}

// TestSamePageOnceAtATime: requests sent at the same moment still add a
// page once (README: the same page twice answers 409), whether they add it
// or move another target to it; a page a target left, by a change of URL
// or by deletion, can be a target again.
func TestSamePageOnceAtATime(t *testing.T) {
	m := paidMember(t, "samepage")
	m.Verify(t)
	page := func(p string) string { return "https://" + m.Host + p }
	anchors := []string{"burr grinder", "coffee grinders", "grinding beans"}
	// at sends one request per body at once and returns the statuses.
	at := func(method string, paths []string, bodies []map[string]any) []int {
		codes := make([]int, len(bodies))
		var wg sync.WaitGroup
		for i := range bodies {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				codes[i] = m.BL(t, method, paths[i], bodies[i]).Status
			}(i)
		}
		wg.Wait()
		return codes
	}
	count := func(codes []int, status int) int {
		n := 0
		for _, c := range codes {
			if c == status {
				n++
			}
		}
		return n
	}
	targets := func() map[string]string {
		var list struct {
			Targets []map[string]any `json:"targets"`
		}
		m.BL(t, "GET", "/targets?limit=100", nil).Expect(t, http.StatusOK).Decode(t, &list)
		byID := map[string]string{}
		for _, tg := range list.Targets {
			byID[tg["id"].(string)] = tg["url"].(string)
		}
		return byID
	}

	// Six adds of one page (written four ways) at once: one is created.
	forms := []string{page("/dup"), page("/dup/"), "http://" + m.Host + "/dup", page("/dup#top"), page("/dup"), page("/dup/")}
	paths, bodies := make([]string, len(forms)), make([]map[string]any, len(forms))
	for i, u := range forms {
		paths[i], bodies[i] = "/targets", map[string]any{"url": u, "anchors": anchors}
	}
	if codes := at("POST", paths, bodies); count(codes, http.StatusCreated) != 1 || count(codes, http.StatusConflict) != len(codes)-1 {
		t.Fatalf("adds of one page at once answered %v; want one 201, the rest 409", codes)
	}
	if n := len(targets()); n != 1 {
		t.Fatalf("%d targets after adding one page at once, want 1: %v", n, targets())
	}

	// Two other targets moved to one new page at once: one moves.
	a := m.BL(t, "POST", "/targets", map[string]any{"url": page("/a"), "anchors": anchors}).Expect(t, http.StatusCreated).JSON(t)["target"].(map[string]any)["id"].(string)
	b := m.BL(t, "POST", "/targets", map[string]any{"url": page("/b"), "anchors": anchors}).Expect(t, http.StatusCreated).JSON(t)["target"].(map[string]any)["id"].(string)
	move := map[string]any{"url": page("/moved")}
	if codes := at("PATCH", []string{"/targets/" + a, "/targets/" + b}, []map[string]any{move, move}); count(codes, http.StatusOK) != 1 || count(codes, http.StatusConflict) != 1 {
		t.Fatalf("two targets moved to one page at once answered %v; want one 200 and one 409", codes)
	}
	moved := 0
	for _, u := range targets() {
		if u == page("/moved") {
			moved++
		}
	}
	if moved != 1 {
		t.Fatalf("%d targets on the page both moved to, want 1: %v", moved, targets())
	}

	// The pages left behind are free again: the one moved from, and a
	// deleted target's.
	left := page("/a")
	if targets()[a] == page("/a") {
		left = page("/b")
	}
	m.BL(t, "POST", "/targets", map[string]any{"url": left, "anchors": anchors}).Expect(t, http.StatusCreated)
	for id, u := range targets() {
		if u == page("/moved") {
			m.BL(t, "DELETE", "/targets/"+id, nil).Expect(t, http.StatusOK)
		}
	}
	m.BL(t, "POST", "/targets", map[string]any{"url": page("/moved/"), "anchors": anchors}).Expect(t, http.StatusCreated)
	m.BL(t, "POST", "/targets", map[string]any{"url": page("/moved"), "anchors": anchors}).ExpectError(t, http.StatusConflict, "conflict")
}
