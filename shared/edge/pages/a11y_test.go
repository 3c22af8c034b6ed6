package pages

import (
	"net/http/httptest"
	"strings"
	"testing"
)

// TestRefreshingPagesCanBeStopped: a page that reloads itself while work
// runs says so and links to its still copy, which does not reload
// (WCAG 2.2.2: auto-updating content can be stopped).
func TestRefreshingPagesCanBeStopped(t *testing.T) {
	o := owner{csrf: "c"}
	for _, c := range []struct {
		target      string
		meta, still bool
	}{{"/dashboard/billing?checkout=done", true, false}, {"/dashboard/billing?still=1", false, true}} {
		p := o.page(httptest.NewRequest("GET", c.target, nil), "Billing", billingPage)
		p.Refresh = 5
		var buf strings.Builder
		if err := templateSet(t, "dhead").ExecuteTemplate(&buf, "dhead", p); err != nil {
			t.Fatal(err)
		}
		body := buf.String()
		if got := strings.Contains(body, `http-equiv="refresh"`); got != c.meta {
			t.Errorf("%s: meta refresh %v, want %v", c.target, got, c.meta)
		}
		if !c.still && !strings.Contains(body, `<a href="/dashboard/billing?still=1">Stop reloading</a>`) {
			t.Errorf("%s: no link that stops the reloading:\n%s", c.target, body)
		}
		if c.still && !strings.Contains(body, `Automatic reloading is off. <a href="/dashboard/billing">`) {
			t.Errorf("%s: does not say the reloading is off:\n%s", c.target, body)
		}
	}
}
