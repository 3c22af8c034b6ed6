package e2e

import (
	"fmt"
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// TestReadPrimarySite reads the site created with the account through
// GET /sites and GET /sites/{site_id}.
func TestReadPrimarySite(t *testing.T) {
	env := testenv.Shared(t)
	name, desc := "Acme Tools", "Hand tools for makers."
	r := env.Client().Agent(t, "POST", "/accounts", map[string]any{
		"email": testenv.UniqueEmail("site"), "site_url": "https://acme.com/shop", "site_name": name, "site_description": desc,
		"agent": map[string]any{"name": "Site bot"},
	}).Expect(t, http.StatusCreated)
	created := r.JSON(t)
	key := str(t, object(t, created, "agent_key")["key"])
	site := object(t, created, "site")
	c := env.Client().As(key)

	got := object(t, c.Agent(t, "GET", "/sites/"+str(t, site["id"]), nil).Expect(t, http.StatusOK).JSON(t), "site")
	if got["id"] != site["id"] || got["kind"] != "primary" || got["status"] != "active" || got["website_url"] != "https://acme.com/shop" ||
		got["brand_name"] != name || got["product_description"] != desc || got["created_at"] != site["created_at"] {
		t.Fatalf("GET /sites/{id} = %v", got)
	}
	list, pages := walkList(t, c, "/sites", "sites")
	if pages != 1 || len(list) != 1 || list[0]["id"] != site["id"] {
		t.Fatalf("GET /sites = %v in %d pages", list, pages)
	}
	if p := getPage(t, c, "/sites?limit=1", "sites"); p.NextCursor != nil || len(p.Items) != 1 {
		t.Fatalf("GET /sites?limit=1 = %+v, want one site and next_cursor null", p)
	}
	if fmt.Sprint(keysOf(list[0])) != fmt.Sprint(keysOf(got)) {
		t.Fatalf("listed site fields %s differ from %s", keysOf(list[0]), keysOf(got))
	}
}
