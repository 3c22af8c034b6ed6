package scan

import (
	"bytes"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"

	"rvcontent/test/testenv"
)

// patchAccount is an account whose site needs no network: its scan has
// already ended (the bare fixture).
func patchAccount(t *testing.T, env *testenv.Env) *testenv.Account {
	t.Helper()
	site := serve(t, env, "patch", false, pages("", bare))
	a := account(t, env, site.URL, nil)
	a.Client.WaitJob(t, a.ScanJob)
	return a
}

func patch(t *testing.T, a *testenv.Account, body any) *testenv.Response {
	t.Helper()
	return a.Client.Agent(t, "PATCH", "/sites/"+a.SiteID, body)
}

// TestPatchLimits checks every field rule of spec 4.5 at and past its
// limit.
func TestPatchLimits(t *testing.T) {
	env := testenv.Shared(t)
	a := patchAccount(t, env)
	s := strings.Repeat
	cases := []struct {
		field string
		ok    any
		bad   []any
	}{
		{"brand_name", s("b", 120), []any{"", "   ", s("b", 121), nil, 42}},
		{"website_url", "https://www.example.org/shop?x=1", []any{"ftp://example.org/", "http://localhost/", "http://10.0.0.1/", "https://intranet.local/", "not a url", nil, "https://" + s("a", 2040) + ".com/"}},
		{"product_description", s("d", 2000), []any{s("d", 2001), true}},
		{"avatar_url", "https://cdn.example.org/logo.png", []any{"http://cdn.example.org/logo.png", "https://127.0.0.1/logo.png", "", "logo.png"}},
		{"writing.tone", s("t", 80), []any{s("t", 81), 1}},
		{"writing.writing_style", s("w", 80), []any{s("w", 81)}},
		{"writing.audience", s("a", 160), []any{s("a", 161)}},
		{"writing.brand_voice", s("v", 4000), []any{s("v", 4001)}},
	}
	body := func(field string, v any) map[string]any {
		if name, ok := strings.CutPrefix(field, "writing."); ok {
			return map[string]any{"writing": map[string]any{name: v}}
		}
		return map[string]any{field: v}
	}
	for _, tc := range cases {
		t.Run(tc.field, func(t *testing.T) {
			got := patch(t, a, body(tc.field, tc.ok)).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
			value := got[tc.field]
			if name, ok := strings.CutPrefix(tc.field, "writing."); ok {
				value = got["writing"].(map[string]any)[name]
			}
			if value != tc.ok {
				t.Fatalf("%s = %v after PATCH", tc.field, value)
			}
			for _, bad := range tc.bad {
				r := patch(t, a, body(tc.field, bad)).Expect(t, http.StatusUnprocessableEntity)
				var e struct {
					Code    string
					Details []struct{ Field, Problem string }
				}
				r.Decode(t, &e)
				if e.Code != "validation_failed" || len(e.Details) != 1 || e.Details[0].Field != tc.field {
					t.Fatalf("%v: %s", bad, r.Body)
				}
			}
			// A refused PATCH changed nothing.
			after := siteOf(t, a)
			equalJSON(t, "site after refused PATCHes", after, got)
		})
	}
}

// TestPatchSemantics: only sent fields change, null clears avatar_url, every
// invalid field is listed at once, brand_voice keeps one rule per line, and
// a new website_url starts no scan.
func TestPatchSemantics(t *testing.T) {
	env := testenv.Shared(t)
	a := patchAccount(t, env)
	before := siteOf(t, a)

	full := patch(t, a, map[string]any{
		"brand_name": "  Acme Bakery  ", "avatar_url": "https://cdn.example.org/acme.png",
		"writing": map[string]any{"tone": "Friendly", "brand_voice": "  Say 'we', never 'I'.  \r\n\r\n\nNo exclamation marks.\n  "},
	}).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	w := full["writing"].(map[string]any)
	if full["brand_name"] != "Acme Bakery" || full["avatar_url"] != "https://cdn.example.org/acme.png" || w["tone"] != "Friendly" ||
		w["brand_voice"] != "Say 'we', never 'I'.\nNo exclamation marks." || w["writing_style"] != nil || w["audience"] != nil {
		t.Fatalf("site %v", full)
	}
	for _, k := range []string{"id", "kind", "status", "website_url", "scan_status", "created_at", "dashboard_url", "product_description"} {
		if full[k] != before[k] {
			t.Errorf("%s changed from %v to %v though not sent", k, before[k], full[k])
		}
	}

	// Only sent fields change; null clears avatar_url and writing.tone.
	got := patch(t, a, map[string]any{"avatar_url": nil, "writing": map[string]any{"tone": nil, "audience": "Marketers"}}).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	w = got["writing"].(map[string]any)
	if got["avatar_url"] != nil || w["tone"] != nil || w["audience"] != "Marketers" || w["brand_voice"] != "Say 'we', never 'I'.\nNo exclamation marks." || got["brand_name"] != "Acme Bakery" {
		t.Fatalf("site %v", got)
	}
	equalJSON(t, "GET after PATCH", siteOf(t, a), got)

	// Every invalid field at once, and nothing applied.
	r := patch(t, a, map[string]any{"brand_name": "", "avatar_url": "http://x.example.org/a.png", "writing": map[string]any{"tone": strings.Repeat("x", 81)}, "product_description": "ok"})
	r.Expect(t, http.StatusUnprocessableEntity)
	var e struct{ Details []struct{ Field string } }
	r.Decode(t, &e)
	var fields []string
	for _, d := range e.Details {
		fields = append(fields, d.Field)
	}
	if strings.Join(fields, ",") != "brand_name,avatar_url,writing.tone" {
		t.Fatalf("details %v", fields)
	}
	equalJSON(t, "site after a refused PATCH", siteOf(t, a), got)

	// Malformed bodies.
	a.Client.Agent(t, "PATCH", "/sites/"+a.SiteID, "{not json").Expect(t, http.StatusBadRequest)
	patch(t, a, map[string]any{"writing": "formal"}).Expect(t, http.StatusUnprocessableEntity)

	// An empty PATCH changes nothing and answers the site.
	equalJSON(t, "empty PATCH", patch(t, a, map[string]any{}).Expect(t, http.StatusOK).JSON(t)["site"], got)

	// A new website_url starts no scan.
	jobsBefore := jobCount(t, a)
	moved := patch(t, a, map[string]any{"website_url": "https://www.example.org/"}).Expect(t, http.StatusOK).JSON(t)["site"].(map[string]any)
	if moved["website_url"] != "https://www.example.org/" || moved["scan_status"] != before["scan_status"] {
		t.Fatalf("site %v", moved)
	}
	if n := jobCount(t, a); n != jobsBefore {
		t.Fatalf("%d jobs after changing website_url, %d before", n, jobsBefore)
	}

	// A PATCH that sends what the site already holds (a value as it is, or
	// null for a field already empty) changes nothing, so it records
	// nothing either.
	same := patch(t, a, map[string]any{"website_url": "https://www.example.org/", "avatar_url": nil,
		"writing": map[string]any{"tone": nil, "audience": "Marketers"}}).Expect(t, http.StatusOK).JSON(t)["site"]
	equalJSON(t, "PATCH of the values held", same, siteOf(t, a))

	// Each PATCH that changed something is in the activity log.
	var act struct{ Activity []map[string]any }
	a.Client.Agent(t, "GET", "/activity?site_id="+a.SiteID, nil).Expect(t, http.StatusOK).Decode(t, &act)
	n := 0
	for _, en := range act.Activity {
		if en["action"] == "site.updated" {
			n++
			if en["actor"].(map[string]any)["id"] != a.KeyID || en["resource"].(map[string]any)["id"] != a.SiteID {
				t.Errorf("entry %v", en)
			}
		}
	}
	if n != 3 {
		t.Fatalf("%d site.updated entries, want 3", n)
	}
}

func jobCount(t *testing.T, a *testenv.Account) int {
	t.Helper()
	var out struct{ Jobs []any }
	a.Client.Agent(t, "GET", "/jobs?site_id="+a.SiteID, nil).Expect(t, http.StatusOK).Decode(t, &out)
	return len(out.Jobs)
}

// TestOtherAccountsSite: another account's site answers exactly what an
// unknown id answers, on every site route of this issue.
func TestOtherAccountsSite(t *testing.T) {
	env := testenv.Shared(t)
	a := patchAccount(t, env)
	b := patchAccount(t, env)
	const unknown = "00000000-0000-4000-8000-000000000000"
	for _, rt := range []struct {
		method, suffix string
		body           any
	}{
		{"PATCH", "", map[string]any{"brand_name": "Taken"}},
		{"GET", "/scan", nil},
		{"POST", "/scan", nil},
		{"GET", "", nil},
	} {
		other := b.Client.Agent(t, rt.method, "/sites/"+a.SiteID+rt.suffix, rt.body).Expect(t, http.StatusNotFound)
		random := b.Client.Agent(t, rt.method, "/sites/"+unknown+rt.suffix, rt.body).Expect(t, http.StatusNotFound)
		if !bytes.Equal(other.Body, random.Body) || other.ErrorCode(t) != "not_found" {
			t.Errorf("%s %s: %s vs %s", rt.method, rt.suffix, other.Body, random.Body)
		}
	}
	if siteOf(t, a)["brand_name"] == "Taken" {
		t.Fatal("another account changed the site")
	}
}

// TestPatchAnswersItsOwnValues: PATCHes of one site sent at once each
// answer the site as they left it (their own brand_name), not what a
// later one wrote; the site ends with one of them.
func TestPatchAnswersItsOwnValues(t *testing.T) {
	env := testenv.Shared(t)
	a := patchAccount(t, env)
	const n = 12
	got := make([]string, n)
	var wg sync.WaitGroup
	for i := range got {
		wg.Go(func() {
			r := patch(t, a, map[string]any{"brand_name": fmt.Sprintf("Brand %d", i)})
			if r.Status == http.StatusOK {
				got[i], _ = r.JSON(t)["site"].(map[string]any)["brand_name"].(string)
			} else {
				got[i] = fmt.Sprint(r.Status)
			}
		})
	}
	wg.Wait()
	for i, g := range got {
		if g != fmt.Sprintf("Brand %d", i) && g != "409" {
			t.Errorf("PATCH %d answered brand_name %q", i, g)
		}
	}
	final := siteOf(t, a)["brand_name"]
	if !strings.HasPrefix(fmt.Sprint(final), "Brand ") {
		t.Fatalf("final brand_name %v", final)
	}
}
