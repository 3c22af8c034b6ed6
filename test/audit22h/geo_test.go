package audit22h

import (
	"net/http"
	"testing"

	"rvcontent/test/testenv"
)

// geoOf scans a one-page site serving page and returns the scan's geo.
func geoOf(t *testing.T, env *testenv.Env, page string) any {
	t.Helper()
	host, _ := env.Website(t, "geo-audit22h", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		_, _ = w.Write([]byte(page))
	})
	acct := env.NewAccount(t, "http://"+host+"/")
	acct.Client.WaitJob(t, acct.ScanJob)
	sc := acct.Client.Agent(t, "GET", "/sites/"+acct.SiteID+"/scan", nil).Expect(t, http.StatusOK).JSON(t)["scan"].(map[string]any)
	return sc["analysis"].(map[string]any)["geo"]
}

// TestGeoNeedsMoreThanThePageLanguage: README ("Sites and scans"): "geo
// reads like "United Kingdom (English)": a page language's region alone is
// not enough; it needs an address, postcode, hreflang, a country-specific
// phone prefix or currency, or two weak signals that agree." A page whose
// only hint is lang="en-GB" gets "", the same page with a UK postcode or a
// +44 number gets "United Kingdom (English)".
func TestGeoNeedsMoreThanThePageLanguage(t *testing.T) {
	env := testenv.Shared(t)
	const head = `<!doctype html><html lang="en-GB"><head><title>Kettle Works</title><meta name="description" content="Kettle Works repairs and sells electric kettles for cafes."></head><body><h1>Kettle Works</h1><p>We repair and sell electric kettles for cafes and offices.</p>`
	if g := geoOf(t, env, head+`</body></html>`); g != "" {
		t.Fatalf("geo from the page language alone: %q", g)
	}
	for _, extra := range []string{
		`<footer>Kettle Works, 12 High Street, Leeds LS1 4AP</footer>`,
		`<footer>Call us on +44 20 7946 0958</footer>`,
	} {
		if g := geoOf(t, env, head+extra+`</body></html>`); g != "United Kingdom (English)" {
			t.Fatalf("geo with %s: %q", extra, g)
		}
	}
}
