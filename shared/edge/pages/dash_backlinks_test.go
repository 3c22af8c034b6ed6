package pages

import (
	"bytes"
	"regexp"
	"testing"
)

// TestRemovingAPlacementAsksFirst: a hosted link's Remove button sits
// behind what removing it does, as the dashboard's other irreversible
// actions do; a link never seen live loses no earned credits.
func TestRemovingAPlacementAsksFirst(t *testing.T) {
	rows := []placementRow{
		{ID: "pl_live", Status: "live", Anchor: "invoice app", Removable: true, Live: when{ISO: "2026-11-27T10:00:00Z", Rel: "just now"}},
		{ID: "pl_reserved", Status: "reserved", Anchor: "late payments", Removable: true},
	}
	var buf bytes.Buffer
	page := map[string]string{"CSRF": "token"}
	args := map[string]any{"Caption": "Links in your articles", "Rows": rows, "Base": "/dashboard/sites/s1", "Page": page}
	if err := templateSet(t, "placementtable").ExecuteTemplate(&buf, "placementtable", args); err != nil {
		t.Fatal(err)
	}
	html := buf.String()
	for _, id := range []string{"pl_live", "pl_reserved"} {
		asked := regexp.MustCompile(`<details><summary>Remove link</summary>\s*<p>[^<]+</p>\s*<form method="post" action="/dashboard/sites/s1/backlinks/placements/` + id + `/remove">`)
		if !asked.MatchString(html) {
			t.Fatalf("%s can be removed without being told what it does:\n%s", id, html)
		}
	}
	if n := bytes.Count(buf.Bytes(), []byte("the credits it earned go back")); n != 1 {
		t.Fatalf("%d rows warn about earned credits, want the live one only:\n%s", n, html)
	}
}
